"""Adjustment Powers in a fight and after it: Transfer, Healing, Suppress, Drain of a power,
Power Defense, Delayed Return Rate (RULES ADJUSTMENT POWERS, RETURN RATE; HERO 5E revised),
with fixed dice through +attack, and who is under what in +combat/status, +sheet and GMCP."""

import pytest

from champions_mush.game.sheets import get_sheet, save_sheet

from .test_combat import _ids


def _stat(world, name, what):
    return get_sheet(world.game, world.game.find_character(name)).base(what)


def test_a_transfer_drains_the_target_and_aids_the_user_by_the_same_points(fight):
    """HERO 5E revised: Transfer STR to CON 2d6 rolling 6 5 is 11 Character Points: Viper's STR 20
    loses 11 (9); Starfire gains 11 Character Points of CON, at 2 a point 5 CON (20 -> 25); 30
    Active Points cost 3 END. Each side returns or fades 5 a Turn."""
    world, g, s, _p = fight
    s.do("+power Siphon STR to CON=transfer 2d6")
    g.do("+stat/set Viper/STR=20")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 6, 5)
    assert _ids(s.do("+attack Viper=siphon")) == [
        ("[Combat] Starfire attacks Viper (Siphon STR to CON): OCV 8 vs DCV 5: 14 or less, rolls 9 (3 3 3): hits; "
        "hits DCV 10 or less."),
        ("  2d6 Transfer STR: 11 Character Points (6 5) - 0 Power Defense: 11 Character Points. Viper's STR is now 9; "
        "5 Character Points return each Turn."),
        "  Starfire gains 11 Character Points of CON: CON 25; 5 fade each Turn.",
        "  Starfire spends 3 END (3 for Siphon STR to CON): END 37. [id]",
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]
    status = g.do("+combat/status")
    assert status[3] == "Starfire  23   5    30/30  10/10  37/40  8    Aided CON (11 CP, 5/Turn fade)"
    assert status[5] == "Viper     14   3    20/20  10/10  20/20  5    Drained STR (11 CP, 5/Turn back)"
    assert g.do("+combat/status Starfire")[2] == "  Conditions: Aided CON (11 CP, 5/Turn fade): all faded in 3 Turns."


@pytest.mark.parametrize("build", ["Weaken STR=drain 3d6", "Weaken=drain str 3d6"])
def test_power_defense_comes_off_a_drain(fight, build):
    """HERO 5E revised: Power Defense 5 against a Drain STR rolling 12: 7 Character Points, STR 20 -> 13;
    what it drains named in its name or, as Hero Designer writes it, before its dice."""
    world, g, s, _p = fight
    s.do(f"+power {build}")
    g.do("+power Viper/Shield=power defense 5")
    g.do("+stat/set Viper/STR=20")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 2, 4, 6)
    assert _ids(s.do("+attack Viper=weaken"))[1] == (
        "  3d6 Drain STR: 12 Character Points (2 4 6) - 5 Power Defense: 7 Character Points. Viper's STR is now 13; "
        "5 Character Points return each Turn.")
    assert _stat(world, "Viper", "STR") == 13


def test_one_character_point_is_said_in_the_singular(fight):
    """Power Defense 5 against a Drain STR rolling 6 (2 1 3): 1 Character Point, STR 20 -> 19."""
    world, g, s, _p = fight
    s.do("+power Weaken STR=drain 3d6")
    g.do("+power Viper/Shield=power defense 5")
    g.do("+stat/set Viper/STR=20")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 2, 1, 3)
    assert _ids(s.do("+attack Viper=weaken"))[1] == (
        "  3d6 Drain STR: 6 Character Points (2 1 3) - 5 Power Defense: 1 Character Point. Viper's STR is now 19; "
        "5 Character Points return each Turn.")


def test_a_drain_of_a_power_takes_its_active_points_and_its_dice_follow(fight):
    """HERO 5E revised: Viper's Venom Blast, Energy Blast 8d6, is 40 Active Points; a Drain of 12
    leaves 28: 5d6 (25) and a ½d6 (3 more), 5½d6, which is what he then rolls; in Post-Segment 12 5
    come back: 33 Active Points, 6½d6."""
    world, g, s, p = fight
    s.do("+power Sap Energy Blast=drain 3d6")
    g.do("+power Viper/Venom Blast=energy blast 8d6")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 2, 4, 6)
    assert _ids(s.do("+attack Viper=sap"))[1] == (
        "  3d6 Drain Venom Blast: 12 Character Points (2 4 6) - 0 Power Defense: 12 Character Points. Viper's Venom "
        "Blast is now 5½d6; 5 Character Points return each Turn.")
    p.do("+combat/pass")
    world.set_dice(3, 3, 3, 6, 6, 6, 6, 6, 6, 6, 6)
    said = _ids(g.do("+attack Psiana=venom by Viper"))
    assert said[1] == ("  5½d6 normal: 33 STUN, 11 BODY (6 6 6 6 6 ½:3). Psiana takes 30 STUN and 8 BODY (33 STUN - 3 "
                       "ED, 11 BODY - 3 ED): Stunned, Knocked Out. Now STUN -7, BODY 2.")
    assert "[Combat]   Viper's Drained Venom Blast: 5 Character Points return: Venom Blast 6½d6 (7 left)." in said


def test_a_power_drained_to_nothing_cannot_be_used_until_its_points_return(fight):
    world, g, s, p = fight
    s.do("+power Sap Energy Blast=drain 3d6")
    g.do("+power Viper/Venom Blast=energy blast 2d6")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 2, 4, 6)
    s.do("+attack Viper=sap")
    p.do("+combat/pass")
    assert g.do("+attack Psiana=venom by Viper") == [
        "Venom Blast is Drained to nothing: it works again as its points return."]


def test_healing_restores_lost_body_at_2_character_points_a_point_never_above_the_most(fight):
    """HERO 5E revised: Healing BODY 3d6 rolling 2 4 6 is 12 Character Points; BODY costs 2 a point:
    6 BODY, Starfire 3 -> 9 of 10; another 12 stops at 10. Healing does not fade."""
    world, g, s, p = fight
    starfire = world.game.find_character("Starfire")
    save_sheet(world.game, get_sheet(world.game, starfire).with_vitals(body=3))
    p.do("+power Mend BODY=healing 3d6")
    g.do("+combat/next")
    s.do("+combat/pass")
    world.set_dice(3, 3, 3, 2, 4, 6)
    assert _ids(p.do("+attack Starfire=mend"))[:3] == [
        ("[Combat] Psiana Heals Starfire (Mend BODY): OCV 6 vs DCV 8: 9 or less, rolls 9 (3 3 3): hits; hits DCV 8 "
        "or less."),
        ("  3d6 Healing BODY: 12 Character Points (2 4 6): 12 Character Points. Starfire's BODY is now 9 (never above "
        "its most)."),
        "  Psiana spends 3 END (3 for Mend BODY): END 27. [id]",
    ]
    g.do("+combat/next")
    _next_phase_of(g, "Psiana")
    world.set_dice(3, 3, 3, 2, 4, 6)
    assert _ids(p.do("+attack Starfire=mend"))[1] == (
        "  3d6 Healing BODY: 12 Character Points (2 4 6): 12 Character Points. Starfire's BODY is now 10 (never above "
        "its most).")
    assert not [line for line in g.do("+sheet Starfire") if line.startswith("Lasting")]


def _next_phase_of(g, name):
    for _ in range(30):
        if g.do("+combat/next")[-1] == f"[Combat] {name}'s Phase ({'DEX 18' if name == 'Psiana' else 'DEX 23'}): acts.":
            return
    raise AssertionError(f"no Phase of {name}")


def test_an_aid_on_oneself_needs_no_attack_roll(fight):
    """HERO 5E revised: a power used on oneself makes no attack roll; Aid STR 2d6 rolling 6 5 adds 11."""
    world, g, s, _p = fight
    s.do("+power Pump STR=aid 2d6")
    s.do("+power Hurt STR=drain 2d6")
    g.do("+combat/next")
    assert s.do("+attack me=hurt") == ["Attack someone else."]
    world.set_dice(6, 5)
    assert _ids(s.do("+attack me=pump"))[:3] == [
        "[Combat] Starfire uses Pump STR on Starfire: no attack roll on oneself.",
        ("  2d6 Aid STR: 11 Character Points (6 5): 11 Character Points. Starfire's STR is now 31; 5 Character Points "
        "fade each Turn."),
        "  Starfire spends 2 END (2 for Pump STR): END 38. [id]",
    ]


def test_a_suppress_holds_until_its_user_leaves_the_fight_and_then_its_points_are_back_at_once(fight):
    """HERO 5E revised: Suppress STR 4d6 rolling 2 2 2 2 is 8 Character Points: Viper's STR 20 -> 12,
    no return at Post-Segment 12; when Starfire stops (leaves the fight) it is 20 again."""
    world, g, s, p = fight
    s.do("+power Hold STR=suppress 4d6")
    g.do("+stat/set Viper/STR=20")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 2, 2, 2, 2)
    assert _ids(s.do("+attack Viper=hold"))[1] == (
        "  4d6 Suppress STR: 8 Character Points (2 2 2 2) - 0 Power Defense: 8 Character Points. Viper's STR is now "
        "12 while Starfire keeps it up.")
    p.do("+combat/pass")
    said = g.do("+combat/next")
    assert "[Combat] Post-Segment 12 of Turn 1:" in said and not [line for line in said if "Suppress" in line]
    assert g.do("+combat/status Viper")[2] == (
        "  Conditions: Suppressed STR (8 CP): until its user stops: he leaves the fight or it ends.")
    assert _stat(world, "Viper", "STR") == 12
    g.do("+combat/leave Starfire")
    assert _stat(world, "Viper", "STR") == 20
    assert g.do("+combat/status Viper")[2] == "  Conditions: none."


def test_a_delayed_return_rate_returns_5_per_minute_in_the_fight_and_after_it(fight):
    """HERO 5E revised, Delayed Return Rate (+1/4): 5 Character Points per Minute. One Turn (12 s)
    in the fight returns nothing; after the fight 47 seconds more still nothing; at 60 seconds 5."""
    world, g, s, p = fight
    s.do("+power Weaken STR=drain 3d6 +returnminute")
    g.do("+stat/set Viper/STR=20")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 2, 4, 6)
    assert _ids(s.do("+attack Viper=weaken"))[1:3] == [
        ("  3d6 Drain STR: 12 Character Points (2 4 6) - 0 Power Defense: 12 Character Points. Viper's STR is now 8; "
        "5 Character Points return each Minute."),
        "  Starfire spends 4 END (4 for Weaken STR): END 36. [id]",
    ]
    p.do("+combat/pass")
    said = g.do("+combat/next")
    assert "[Combat] Post-Segment 12 of Turn 1:" in said and not [line for line in said if "Drained" in line]
    g.do("+combat/end")
    world.clock.advance(47)
    assert "Lasting: Drained STR (12 CP, 5/Minute back): all back in 3 Minutes." in g.do("+sheet Viper")
    world.clock.advance(1)
    assert "Lasting: Drained STR (7 CP, 5/Minute back): all back in 2 Minutes." in g.do("+sheet Viper")
    assert _stat(world, "Viper", "STR") == 13


def test_what_is_on_him_goes_to_gmcp_and_survives_undo_and_a_restart(fight):
    """Char.Status lists each lasting effect with when it ends; +combat/undo takes a Drain back; a
    game on the same store (@reboot) still has it."""
    from tests.harness import World

    world, g, s, p = fight
    p.do("+power Weaken STR=drain 3d6")
    g.do("+stat/set Starfire/STR=20")
    g.do("+combat/next")
    s.do("+combat/pass")
    s.gmcp.clear()
    world.set_dice(3, 3, 3, 2, 4, 6)
    p.do("+attack Starfire=weaken")
    statuses = [body for package, body in s.gmcp if package == "Char.Status"]
    assert statuses[-1]["effects"] == [{"what": "Drained STR (12 CP, 5/Turn back)", "ends": "all back in 3 Turns"}]
    again = World(store=world.store)
    starfire = again.game.find_character("Starfire")
    assert get_sheet(again.game, starfire).base("STR") == 8
    assert g.do("+combat/undo")[0] == (
        "[Combat] Gina undoes #15 (Psiana: +attack Starfire=weaken); everything it changed is as it was.")
    assert _stat(world, "Starfire", "STR") == 20
    assert g.do("+combat/status Starfire")[2] == "  Conditions: none."


def test_absorption_takes_up_to_its_roll_of_the_attacks_body_into_str_and_the_damage_stands(fight):
    """HERO 5E revised: Viper's Absorption 2d6 (energy) to STR, hit by an Energy Blast 6d6 of 6 BODY,
    rolls 5 4 = 9: takes 6, the BODY the attack rolled; STR 10 -> 16; the damage is not lessened.
    A physical attack is not absorbed: no dice rolled for it."""
    world, g, s, p = fight
    s.do("+power Blast=energy blast 6d6")
    g.do("+power Viper/Soak Energy STR=absorption 2d6")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 2, 2, 2, 2, 2, 2, 5, 4, 6, 6)
    assert _ids(s.do("+attack Viper=blast"))[1] == (
        "  6d6 normal: 12 STUN, 6 BODY (2 2 2 2 2 2). Viper takes 10 STUN and 4 BODY (12 STUN - 2 ED, 6 BODY - 2 ED, "
        "Soak Energy STR 2d6 rolls 9 (5 4): takes 6 BODY, 6 Character Points of STR, STR 16). Now STUN 10, BODY 6.")
    assert g.do("+combat/status Viper")[2] == "  Conditions: Aided STR (6 CP, 5/Turn fade): all faded in 2 Turns."
    world.set_dice(3, 3, 3, 1, 1, 1, 1)
    assert _ids(p.do("+attack Viper=strike"))[1] == (
        "  2d6 normal: 2 STUN, 0 BODY (1 1). Viper takes 0 STUN and 0 BODY (2 STUN - 8 PD, 0 BODY - 8 PD). Now STUN "
        "10, BODY 6.")
    assert world.roller.remaining == 0


def test_what_an_adjustment_power_works_on_is_written_before_its_dice(fight):
    """Drain 10 and Transfer 15 Active Points a d6 (HERO 5E revised): 3d6 and 2d6 are 30 each, 3 END."""
    _world, _g, s, _p = fight
    assert s.do("+power Weaken=drain str 3d6")[0] == (
        "Added #1 Weaken: Drain STR 3d6: 30 Active Points, 30 Real Cost, 3 END.")
    assert s.do("+power Sapper=drain energy blast 3d6")[0] == (
        "Added #2 Sapper: Drain Energy Blast 3d6: 30 Active Points, 30 Real Cost, 3 END.")
    assert s.do("+power Siphon=transfer str to con 2d6")[0] == (
        "Added #3 Siphon: Transfer STR to CON 2d6: 30 Active Points, 30 Real Cost, 3 END.")
    assert s.do("+power Sap2=drain str |rof|n the bold 3d6")[0] == (
        "Added #4 Sap2: Drain STR 3d6: 30 Active Points, 30 Real Cost, 3 END.")  # only what it names is kept
    assert s.do("+power Odd=drain moonbeams 3d6") == [
        "Drain works on a characteristic or a power, like drain str 3d6 or drain energy blast 2d6."]
