"""Powers of the genre in a fight, through +attack, with fixed dice against HERO 5E's numbers."""

from .test_combat import _ids


def _entangle_viper(world, g, s):
    """Starfire (OCV 8) Entangles Viper (DCV 5) in Segment 12 with a 3d6 Entangle rolling 2 4 6:
    HERO 5E: BODY of the dice as normal damage, 1 + 1 + 2 = 4; DEF 1 per d6, 3."""
    s.do("+power Glue=entangle 3d6")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 2, 4, 6)
    return _ids(s.do("+attack Viper=glue"))


def test_an_entangle_has_the_body_of_its_dice_and_1_def_per_d6_and_its_victim_dcv_0(fight):
    world, g, s, p = fight
    assert _entangle_viper(world, g, s) == [
        ("[Combat] Starfire attacks Viper (Glue): OCV 8 vs DCV 5: 14 or less, rolls 9 (3 3 3): hits; hits DCV 10 or "
        "less."),
        ("  3d6 Entangle: 4 BODY (2 4 6). Viper is Entangled: DEF 3, BODY 4; DCV 0, and can only break out or "
         "use a Mental Power."),
        "  Starfire spends 3 END (3 for Glue): END 37. [id]",
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]
    assert g.do("+combat/status")[5] == "Viper     14   3    20/20  10/10  20/20  0    Entangled (DEF 3, BODY 4)"
    world.set_dice(3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    assert p.do("+attack Viper=strike")[0] == (
        "[Combat] Psiana Strikes Viper (Strike): OCV 6 vs DCV 5 (Entangled (DEF 3, BODY 4)) = 0: 17 or less, rolls 9 "
        "(3 3 3): hits; hits DCV 8 or less.")


def test_an_entangled_player_is_told_to_break_out_as_he_types_it(fight):
    """RULES ENTANGLE: he can only break out; the player is told his own line (staff, acting for
    an NPC, are told theirs in the test below)."""
    world, g, s, p = fight
    s.do("+power Glue=entangle 3d6")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 2, 4, 6)
    s.do("+attack Psiana=glue")
    assert p.do("+attack Starfire=strike") == [
        "Psiana is Entangled and can only break out or use a Mental Power: +attack me=strike entangle."]
    assert p.do("+combat/move 5") == ["Psiana is Entangled and can only break out: +attack me=strike entangle."]


def test_breaking_out_is_str_damage_body_less_the_entangles_def(fight):
    """HERO 5E: Viper (STR 10: 2d6) rolls 6 6: 4 BODY - DEF 3 = 1 off the Entangle's 4 BODY, 3
    left; he can do nothing else; +combat/undo puts the Entangle back as it was."""
    world, g, s, p = fight
    _entangle_viper(world, g, s)
    assert g.do("+attack Psiana=strike by Viper") == [
        "Viper is Entangled and can only break out or use a Mental Power: +attack Viper=strike entangle by Viper."]
    p.do("+combat/pass")
    assert g.do("+combat/move Viper=5") == ["Viper is Entangled and can only break out: +attack Viper=strike entangle by Viper."]
    world.set_dice(6, 6)
    assert _ids(g.do("+attack Viper=strike entangle by Viper"))[:3] == [
        "[Combat] Viper tries to break out of the Entangle (Strike).",
        "  2d6 normal: 12 STUN, 4 BODY (6 6). 4 BODY - 3 DEF = 1 off its BODY: the Entangle has BODY 3 left.",
        "  Viper spends 1 END (1 for STR 10): END 19. [id]",
    ]
    assert g.do("+combat/undo")[0] == ("[Combat] Gina undoes #16 (Gina: +attack Viper=strike entangle by Viper); "
                                       "everything it changed is as it was.")
    assert g.do("+combat/status")[5] == "Viper     14   3    20/20  10/10  20/20  0    Entangled (DEF 3, BODY 4)"


def test_others_attack_the_entangle_at_dcv_0_and_at_0_body_it_is_destroyed(fight):
    """Psiana (OCV 6, STR 10: 2d6) at the Entangle, DCV 0: 11 + 6 - 0 = 17 or less; 6 6 is
    4 BODY - DEF 3 = 1 off, 3 left; Viper at STR 30 (6d6) rolling 12 BODY does 9 and is free."""
    world, g, s, p = fight
    _entangle_viper(world, g, s)
    world.set_dice(3, 3, 3, 6, 6)
    assert _ids(p.do("+attack Viper=strike entangle"))[:3] == [
        ("[Combat] Psiana Strikes the Entangle on Viper (Strike): OCV 6 vs DCV 0: 17 or less, rolls 9 (3 3 3): hits; "
        "hits DCV 8 or less."),
        "  2d6 normal: 12 STUN, 4 BODY (6 6). 4 BODY - 3 DEF = 1 off its BODY: the Entangle has BODY 3 left.",
        "  Psiana spends 1 END (1 for STR 10): END 29. [id]",
    ]
    assert g.lines[-1] == "[Combat] Viper's Phase (DEX 14): acts."
    assert g.do("+combat/status")[5] == "Viper     14   3    20/20  10/10  20/20  0    Entangled (DEF 3, BODY 3)"
    g.do("+stat/set Viper/STR=30")
    world.set_dice(6, 6, 6, 6, 6, 6)  # 6d6: 12 BODY - 3 DEF = 9 > 3
    said = _ids(g.do("+attack Viper=strike entangle by Viper"))
    assert said[1:3] == [
        ("  6d6 normal: 36 STUN, 12 BODY (6 6 6 6 6 6). 12 BODY - 3 DEF = 9 off its BODY: the Entangle is destroyed: "
        "Viper is free."),
        "  Viper spends 3 END (3 for STR 30): END 17. [id]",
    ]
    assert g.do("+combat/status")[5] == "Viper     14   3    30/30  10/10  20/20  5    -"


def test_an_ego_attack_is_ecv_against_ecv_and_stun_only_against_mental_defense(fight):
    """HERO 5E: ECV is EGO / 3 (EGO 10: 3 against 3, 11 or less); Ego Attack 4d6 rolling 6 6 6 4
    is 22 STUN; Psiana's Mental Defense is 10 bought + EGO 10 / 5 = 12, so 10 STUN gets through,
    no BODY, no Knockback (CON 15: not Stunned); 40 Active Points cost 4 END."""
    world, g, s, p = fight
    s.do("+power Mindbolt=ego attack 4d6")
    p.do("+power Shield=mental defense 10")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 6, 6, 6, 4)
    assert _ids(s.do("+attack Psiana=mindbolt")) == [
        ("[Combat] Starfire Ego Attacks Psiana (Mindbolt): ECV 3 vs ECV 3: 11 or less, rolls 9 (3 3 3): hits; hits "
        "ECV 5 or less."),
        ("  4d6 Ego Attack: 22 STUN (6 6 6 4). Psiana takes 10 STUN (22 STUN - 12 Mental Defense), no BODY. Now "
        "STUN 13."),
        "  Starfire spends 4 END (4 for Mindbolt): END 36. [id]",
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]
    assert world.roller.remaining == 0
    assert g.do("+combat/status")[4] == "Psiana    18   4    13/23  10/10  30/30  6    -"


def test_an_ego_attack_through_more_than_con_stuns(fight):
    """Psiana without Mental Defense, CON 15: 6d6 of sixes, 36 STUN, all through: Stunned."""
    world, g, s, _p = fight
    s.do("+power Mindbolt=ego attack 6d6")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 6, 6, 6, 6, 6, 6)
    assert _ids(s.do("+attack Psiana=mindbolt"))[1] == (
        "  6d6 Ego Attack: 36 STUN (6 6 6 6 6 6). Psiana takes 36 STUN (36 STUN - 0 Mental Defense), no BODY, "
        "Stunned, Knocked Out. Now STUN -13.")


def test_a_drain_of_3d6_on_str_takes_12_str_and_5_character_points_return_each_turn(fight):
    """HERO 5E: Drain STR 3d6 rolling 2 4 6 is 12 Character Points; STR costs 1 a point, so Viper's
    STR 20 drops to 8; in each Post-Segment 12 5 Character Points return: 13, 18, then 20."""
    world, g, s, p = fight
    s.do("+power Weaken STR=drain 3d6")
    g.do("+stat/set Viper/STR=20")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 2, 4, 6)
    assert _ids(s.do("+attack Viper=weaken")) == [
        ("[Combat] Starfire attacks Viper (Weaken STR): OCV 8 vs DCV 5: 14 or less, rolls 9 (3 3 3): hits; hits DCV "
        "10 or less."),
        ("  3d6 Drain STR: 12 Character Points (2 4 6) - 0 Power Defense: 12 Character Points. Viper's STR is now 8; "
        "5 Character Points return each Turn."),
        "  Starfire spends 3 END (3 for Weaken STR): END 37. [id]",
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]
    assert g.do("+combat/status")[5].endswith("Drained STR (12 CP, 5/Turn back)")
    p.do("+combat/pass")
    said = g.do("+combat/next")
    assert said[said.index("[Combat] Post-Segment 12 of Turn 1:") + 4] == (
        "[Combat]   Viper's Drained STR: 5 Character Points return: STR 13 (7 left).")
    assert g.do("+combat/status")[5].endswith("Drained STR (7 CP, 5/Turn back)")
    g.do("+combat/undo")
    assert g.do("+combat/status")[5].endswith("Drained STR (12 CP, 5/Turn back)")
    g.do("+combat/next")
    for _ in range(20):  # to the end of Turn 2: 5 more return, STR 18
        said = g.do("+combat/next")
        if "[Combat] Post-Segment 12 of Turn 2:" in said:
            break
    assert "[Combat]   Viper's Drained STR: 5 Character Points return: STR 18 (2 left)." in said
    for _ in range(20):
        said = g.do("+combat/next")
        if "[Combat] Post-Segment 12 of Turn 3:" in said:
            break
    assert "[Combat]   Viper's Drained STR: 2 Character Points return: STR 20 (it is over)." in said
    assert g.do("+combat/status")[5].endswith("  -")


def test_an_aid_adds_no_more_than_its_dice_can_roll_and_fades_5_a_turn(fight):
    """HERO 5E: Aid STR 2d6 rolling 6 5 is 11 Character Points: Starfire's STR 20 -> 31; 5 fade in Post-Segment 12."""
    world, g, s, p = fight
    p.do("+power Boost STR=aid 2d6")
    g.do("+combat/next")
    s.do("+combat/pass")
    world.set_dice(3, 3, 3, 6, 5)
    assert _ids(p.do("+attack Starfire=boost"))[:2] == [
        ("[Combat] Psiana Aids Starfire (Boost STR): OCV 6 vs DCV 8: 9 or less, rolls 9 (3 3 3): hits; hits DCV 8 or "
        "less."),
        ("  2d6 Aid STR: 11 Character Points (6 5): 11 Character Points. Starfire's STR is now 31; 5 Character Points "
        "fade each Turn."),
    ]
    assert "[Combat]   Starfire's Aided STR: 5 Character Points fade: STR 26 (6 left)." in g.do("+combat/next")


def test_an_aid_adds_no_more_than_the_most_its_dice_can_roll():
    """HERO 5E: Aid 2d6 can add 12 Character Points at most to one characteristic: 11 on it, 8
    rolled, 1 more."""
    from champions_mush.rules.champions.adjustment import aid_points, change_of
    from champions_mush.rules.dice import DiceAmount

    assert aid_points(8, DiceAmount(whole=2), 11) == 1
    assert aid_points(8, DiceAmount(whole=2), 12) == 0
    assert (change_of("STR", 12), change_of("DEX", 12), change_of("DEX", 5), change_of("DEX", -5)) == (12, 4, 1, -1)


def test_a_drain_goes_on_returning_by_real_time_after_he_leaves_the_fight(fight):
    """HERO 5E revised: the points return at 5 per Turn whether or not a fight goes on; a Turn is 12
    seconds. Psiana leaves with STR 3 of 15 (12 Character Points Drained): 11 seconds later it is
    still 3; at 12 seconds 8; +sheet and +combat/status count the time when they look."""
    from champions_mush.game.sheets import get_sheet

    world, g, s, p = fight
    s.do("+power Weaken STR=drain 3d6")
    g.do("+stat/set Viper/STR=20")
    g.do("+stat/set Psiana/STR=15")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 2, 4, 6)
    s.do("+attack Psiana=weaken")
    psiana = world.game.find_character("Psiana")
    assert get_sheet(world.game, psiana).base("STR") == 3
    assert g.do("+combat/leave Psiana") == ["[Combat] Psiana leaves the fight."]
    assert get_sheet(world.game, psiana).base("STR") == 3
    world.clock.advance(11)
    assert "Lasting: Drained STR (12 CP, 5/Turn back): all back in 3 Turns." in p.do("+sheet")
    world.clock.advance(1)
    assert "Lasting: Drained STR (7 CP, 5/Turn back): all back in 2 Turns." in p.do("+sheet")
    assert get_sheet(world.game, psiana).base("STR") == 8
    world.clock.advance(24)
    assert not [line for line in p.do("+sheet") if line.startswith("Lasting")]
    assert get_sheet(world.game, psiana).base("STR") == 15
    world.set_dice(3, 3, 3, 2, 4, 6)
    viper = world.game.find_character("Viper")
    g.do("+combat/next")  # Psiana's Phase is gone with her: Viper's
    g.do("+combat/next")  # Post-Segment 12, Turn 2 Segment 3: Starfire's
    s.do("+attack Viper=weaken")
    assert get_sheet(world.game, viper).base("STR") == 8
    g.do("+combat/end")
    assert get_sheet(world.game, viper).base("STR") == 8
    world.clock.advance(36)
    assert not [line for line in g.do("+sheet Viper") if line.startswith("Lasting")]
    assert get_sheet(world.game, viper).base("STR") == 20


def test_a_characteristic_drained_below_0_leaves_the_fight_readable(fight):
    """HERO 5E: a Drain can take a characteristic below 0 (3d6 rolling 6 5 6 is 17 off Viper's STR
    10: -7); +combat/status still shows everyone, the STUN figured from STR lowered by it."""
    world, g, s, _p = fight
    s.do("+power Weaken STR=drain 3d6")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 6, 5, 6)
    assert _ids(s.do("+attack Viper=weaken"))[1] == (
        "  3d6 Drain STR: 17 Character Points (6 5 6) - 0 Power Defense: 17 Character Points. Viper's STR is now -7; "
        "5 Character Points return each Turn.")
    assert g.do("+combat/status")[5] == (  # STUN 10 BODY + (-7/2 = -3) + 5 CON = 12
        "Viper     14   3    12/12  10/10  20/20  5    Drained STR (17 CP, 5/Turn back)")


def test_an_entangle_that_takes_no_damage_from_attacks_breaks_only_to_its_victims_str(fight):
    """HERO 5E revised, Takes No Damage From Attacks (+1/4): Psiana's attack at it is refused;
    Viper's STR 10 (6 6: 4 BODY - DEF 3) still takes 1 off."""
    world, g, s, p = fight
    s.do("+power Glue=entangle 3d6 +nodamage")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 2, 4, 6)
    s.do("+attack Viper=glue")
    assert p.do("+attack Viper=strike entangle") == [
        "The Entangle on Viper Takes No Damage From Attacks: only Viper's STR breaks it."]
    p.do("+combat/pass")
    world.set_dice(6, 6)
    assert _ids(g.do("+attack Viper=strike entangle by Viper"))[1] == (
        "  2d6 normal: 12 STUN, 4 BODY (6 6). 4 BODY - 3 DEF = 1 off its BODY: the Entangle has BODY 3 left.")


def test_an_entangle_with_backlash_hurts_its_maker_by_the_body_it_takes(fight):
    """HERO 5E revised, Backlash (-1/2): Viper's breakout takes 1 BODY off the Entangle, and
    Starfire, who made it, takes that 1 BODY too: BODY 10 -> 9."""
    world, g, s, p = fight
    s.do("+power Coils=entangle 3d6 -backlash")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 2, 4, 6)
    s.do("+attack Viper=coils")
    p.do("+combat/pass")
    world.set_dice(6, 6)
    assert _ids(g.do("+attack Viper=strike entangle by Viper"))[1:4] == [
        "  2d6 normal: 12 STUN, 4 BODY (6 6). 4 BODY - 3 DEF = 1 off its BODY: the Entangle has BODY 3 left.",
        "  Backlash: Starfire takes the 1 BODY too. Now BODY 9.",
        "  Viper spends 1 END (1 for STR 10): END 19. [id]",
    ]
    assert g.do("+combat/status")[3] == "Starfire  23   5    30/30  9/10   40/40  8    -"
