"""The combat tracker through the command layer, fixed dice: Phases in DEX order and the timing the
rules file gives (RULES DAMAGE EFFECTS, RECOVERING, KNOCKBACK, PRE ATTACKS), +attack, undo and the log."""

import pytest

from champions_mush.commands.base import Role
from champions_mush.commands.dispatch import PERMISSION_DENIED
from champions_mush.commands.table import build_dispatcher
from champions_mush.game.world import Game
from champions_mush.rules.dice import FixedRoller

from ..harness import make_world


def _ids(lines):
    """Roll ids shown as [id]."""
    return [line.rsplit(" [r", 1)[0] + " [id]" if " [r" in line else line for line in lines]


def _next(g, times):
    for _ in range(times):
        g.do("+combat/next")


def test_a_turn_in_dex_order_with_attacks_recovery_and_conditions(fight):
    world, g, s, p = fight
    assert g.do("+combat/next") == [
        "[Combat] Turn 1, Segment 12: Phases in DEX order: Starfire 23, Psiana 18, Viper 14.",
        "[Combat] Starfire's Phase (DEX 23): acts.",
    ]
    assert p.lines[-2:] == g.lines[-2:]  # everyone in the room sees it
    assert p.do("+combat/pass") == ["It is not Psiana's Phase: it is Starfire's."]
    # 4d6 from STR 20: 22 STUN, 7 BODY against PD 12; KB 7 - 12: none; 2 END for STR 20 (RULES END USE)
    world.set_dice(3, 3, 3, 6, 6, 6, 4, 6, 6)
    assert _ids(s.do("+attack Psiana=strike")) == [
        "[Combat] Starfire Strikes Psiana (Strike): OCV 8 vs DCV 6: 13 or less, rolls 9 (3 3 3): hits; hits DCV 10 or less.",
        ("  4d6 normal: 22 STUN, 7 BODY (6 6 6 4). Psiana takes 10 STUN and 0 BODY (22 STUN - 12 PD, 7 BODY - 12 PD). "
        "Now STUN 13, BODY 10."),
        "  KB 7 BODY - 12 (6 6): no knockback.",
        "  Starfire spends 2 END (2 for STR 20): END 38. [id]",
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]
    # RULES RECOVERING: STUN through earlier that Segment spoils a Recovery; the Phase and 1/2 DCV are spent
    assert p.do("+recover") == [
        "[Combat] Psiana takes a Recovery: no Recovery (damage got through this Segment); 1/2 DCV until their next Phase.",
        "[Combat] Viper's Phase (DEX 14): acts.",
    ]
    assert p.do("+recover") == ["It is not Psiana's Phase: it is Viper's."]  # once per Phase, only her own
    # staff act for the NPC whose Phase it is; Haymaker: STR 10 (2d6) + 4 DC = 6d6, DCV -5 until it lands at the
    # end of the next Segment (HERO 5E), here Segment 1 of Turn 2, after Post-Segment 12 (Psiana recovers 5: 18);
    # Psiana still recovering: DCV 6 -> 3; 24 STUN > CON 15 Stunned, -6 Knocked Out; KB 12 - 12 = 0: knocked down
    world.set_dice(3, 3, 3, 6, 6, 6, 6, 6, 6, 6, 6)
    assert _ids(g.do("+attack Psiana=haymaker")) == [
        ("[Combat] Viper winds up a Haymaker at Psiana: it lands at the end of Segment 1 of Turn 2, unless Viper is "
        "Stunned first or Psiana moves away; DCV -5 until then."),
        "[Combat] Post-Segment 12 of Turn 1:",
        "[Combat]   Starfire recovers 8: STUN 30, END 40.",
        "[Combat]   Psiana recovers 5: STUN 18, END 30.",
        "[Combat]   Viper recovers 4: STUN 20, END 20.",
        ("[Combat] Viper Haymakers Psiana (Haymaker): OCV 5 vs DCV 6 (Recovering) = 3: 13 or less, rolls 9 (3 3 3): "
        "hits; hits DCV 7 or less."),
        ("[Combat]   6d6 normal: 36 STUN, 12 BODY (6 6 6 6 6 6). Psiana takes 24 STUN and 0 BODY (36 STUN - 12 PD, "
        "12 BODY - 12 PD): Stunned, Knocked Out. Now STUN -6, BODY 10."),
        # Knocked Out: lying at 0 DCV already, so the prone text is not said (RULES DAMAGE EFFECTS 2)
        "[Combat]   KB 12 BODY - 12 (6 6): knocked down. Psiana is knocked down.",
        "[Combat]   Viper spends 1 END (1 for STR 10): END 19. [id]",
        "[Combat] Turn 2, Segment 3: Phases in DEX order: Starfire 23, Psiana 18.",
        "[Combat] Starfire's Phase (DEX 23): acts.",
    ]
    assert p.do("+combat/status") == [
        "[Combat] Fight #1 run by Gina (auto): Turn 2, Segment 3, Starfire's Phase.",
        "Name      DEX  SPD  STUN   BODY   END    DCV  Conditions",
        "--------  ---  ---  -----  -----  -----  ---  --------------------------------",
        "Starfire  23   5    30/30  10/10  40/40  8    -",
        "Psiana    18   4    -6/23  10/10  30/30  0    Stunned, Knocked Out, Prone,",
        "                                              Recovering",
        "Viper     14   3    20/20  10/10  19/20  0    Haymaker DCV -5",
    ]
    # RULES DAMAGE EFFECTS 3: Stunned and Knocked Out by one blow: the next Phase recovers from being Stunned
    assert g.do("+combat/next") == [
        "[Combat] Gina ends Starfire's Phase.",
        "[Combat] Psiana's Phase (DEX 18): Stunned: spends this Phase recovering from it, and is no longer Stunned.",
        "[Combat] Turn 2, Segment 4: Phases in DEX order: Viper 14.",
        "[Combat] Viper's Phase (DEX 14): acts.",
    ]


def test_a_knocked_out_character_hit_by_a_faster_attacker_before_his_dex_takes_2x_stun_and_no_recovery(fight):
    world, g, s, _p = fight
    _next(g, 9)  # to Turn 2, Segment 8: Starfire (DEX 23), then Viper (DEX 14)
    assert g.lines[-2:] == ["[Combat] Turn 2, Segment 8: Phases in DEX order: Starfire 23, Viper 14.",
                            "[Combat] Starfire's Phase (DEX 23): acts."]
    g.do("+combat/adjust Viper=stun -5")
    # RULES DAMAGE EFFECTS 2: Knocked Out, DCV 0, 2x STUN: 4d6 = 5 STUN -> 10 - 8 PD (5 + rPD 3) = 2
    world.set_dice(6, 6, 6, 1, 1, 1, 2, 6, 6)
    assert _ids(s.do("+attack Viper=strike")) == [
        ("[Combat] Starfire Strikes Viper (Strike): OCV 8 vs DCV 5 (Knocked Out) = 0: 19 or less, rolls 18 (6 6 6): "
        "an 18 always misses."),
        "  Starfire spends 2 END (2 for STR 20): END 38. [id]",
        "[Combat] Viper's Phase (DEX 14): Knocked Out: recovers 4: STUN -1, END 20.",
        "[Combat] Turn 2, Segment 9: Phases in DEX order: Psiana 18.",
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]
    g.do("+combat/undo")
    assert g.lines[-1] == ("[Combat] Gina undoes #31 (Starfire: +attack Viper=strike); everything it changed is "
                           "as it was.")
    world.set_dice(3, 3, 3, 1, 1, 1, 2, 6, 6)
    assert _ids(s.do("+attack Viper=strike")) == [
        ("[Combat] Starfire Strikes Viper (Strike): OCV 8 vs DCV 5 (Knocked Out) = 0: 19 or less, rolls 9 (3 3 3): "
        "hits; hits DCV 10 or less."),
        ("  4d6 normal: 5 STUN, 1 BODY (1 1 1 2). Viper takes 2 STUN and 0 BODY (10 STUN doubled against the "
        "Knocked Out - 8 PD, 1 BODY - 8 PD): Knocked Out. Now STUN -7, BODY 10."),
        "  KB 1 BODY - 12 (6 6): no knockback.",
        "  Starfire spends 2 END (2 for STR 20): END 38. [id]",
        "[Combat] Viper's Phase (DEX 14): Knocked Out: no Recovery (damage got through this Segment).",
        "[Combat] Turn 2, Segment 9: Phases in DEX order: Psiana 18.",
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]


def test_stunned_twice_before_his_dex_costs_one_phase(fight):
    """RULES DAMAGE EFFECTS: Stunned lasts until right after his next Phase; "not cumulative"."""
    _world, g, _s, p = fight
    _next(g, 4)  # Turn 2, Segment 3: Starfire, then Psiana
    for _ in range(2):
        g.do("+damage Psiana=40 0")
        g.do("+heal Psiana=stun 28")
    assert p.do("+combat/status")[4].startswith("Psiana    18   4    23/23  10/10  30/30  3    Stunned")
    assert g.do("+combat/next") == [
        "[Combat] Gina ends Starfire's Phase.",
        "[Combat] Psiana's Phase (DEX 18): Stunned: spends this Phase recovering from it, and is no longer Stunned.",
        "[Combat] Turn 2, Segment 4: Phases in DEX order: Viper 14.",
        "[Combat] Viper's Phase (DEX 14): acts.",
    ]
    _next(g, 2)
    assert g.lines[-1] == "[Combat] Psiana's Phase (DEX 18): acts."  # Segment 6: she acts again


def test_move_through_knockback_applied_once_and_prone_reaches_the_next_attack(fight):
    """RULES MANEUVER MOVE THROUGH 2, exactly: Starfire (OCV 8) at 20" on Ox (DCV 7, PD 30)."""
    world, g, s, p = fight
    for line in ("+npc/create Ox", "+stat/set Ox/PD=30", "+stat/set Ox/DCV=7", "+stat/set Ox/DEX=9",
                 "+stat/set Ox/SPD=2", "+stat/set Ox/STUN=40", "+combat/join Ox", "+combat/next"):
        g.do(line)
    world.set_dice(2, 2, 3, 6, 6, 5, 4, 4, 3, 3, 2, 1, 1, 6, 3, 4, 3, 3)
    assert _ids(s.do("+attack Ox=move through v 20")) == [
        ("[Combat] Starfire Moves Through Ox at 20\" (Move Through): OCV 8 -4 Move Through = 4 vs DCV 7: 8 or less, rolls 7 (2 2 3): "
        "hits; hits DCV 8 or less."),
        ("  10½d6 normal: 38 STUN, 11 BODY (6 6 5 4 4 3 3 2 1 1 ½:3). Ox takes 8 STUN and 0 BODY (38 STUN - 30 PD, "
        "11 BODY - 30 PD). Now STUN 32, BODY 10."),
        ("  KB 11 BODY - 7 (3 4) = 4\" knockback. Ox flies back 4\" and lands. Lying on the ground: 1/2 DCV; standing "
        "up takes a 1/2 Phase. Landing: 2d6 normal, 6 STUN, 2 BODY (3 3). Ox takes 0 STUN and 0 BODY (6 STUN - 30 PD, "
        "2 BODY - 30 PD). Now STUN 32, BODY 10."),
        ("  Starfire takes half of it, 19 STUN 6 BODY: Starfire takes 0 STUN and 0 BODY (19 STUN - 20 PD, "
        "6 BODY - 20 PD). Now STUN 30, BODY 10."),
        "  Starfire spends 6 END (2 for STR 20, 4 for 20\" of movement): END 34. [id]",
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]
    assert world.roller.remaining == 0
    # the prone Ox is at 1/2 DCV (7 -> 4, .5 in his favour) for the next attack; Psiana STR 10: 2d6
    world.set_dice(6, 6, 6)
    assert _ids(p.do("+attack Ox=strike")) == [
        ("[Combat] Psiana Strikes Ox (Strike): OCV 6 vs DCV 7 (Prone) = 4: 13 or less, rolls 18 (6 6 6): "
        "an 18 always misses."),
        "  Psiana spends 1 END (1 for STR 10): END 29. [id]",
        "[Combat] Viper's Phase (DEX 14): acts.",
    ]


def test_the_landing_after_the_knockout_blow_is_not_doubled(fight):
    """... and the Knocked Out roll no Breakfall: they do nothing but recover (RULES DAMAGE EFFECTS 2)."""
    world, g, s, p = fight
    assert g.do("+skill Viper/Breakfall=DEX")[0] == "Viper: Added #1 Breakfall 12-: 3 Active Points, 3 Real Cost."
    g.do("+combat/next")
    # Haymaker 8d6 from STR 20: 48 STUN, 16 BODY against PD 5: -23 STUN, KO; KB 16 - 2 = 14": landing 7d6;
    # it lands at the end of Segment 1 of Turn 2 (HERO 5E: an extra Segment), after Post-Segment 12
    world.set_dice(3, 3, 3, *[6] * 8, 1, 1, *[2] * 7)
    s.do("+attack Viper=haymaker")
    p.do("+combat/pass")
    out = _ids(g.do("+combat/next"))
    # normal damage against PD 5 + rPD 3 = 8; the landing is part of the blow: 14 - 8 = 6 STUN, not 2x
    assert out[5:8] == [
        ("[Combat] Starfire Haymakers Viper (Haymaker): OCV 8 vs DCV 5: 14 or less, rolls 9 (3 3 3): hits; hits DCV "
        "10 or less."),
        ("[Combat]   8d6 normal: 48 STUN, 16 BODY (6 6 6 6 6 6 6 6). Viper takes 40 STUN and 8 BODY (48 STUN - 8 PD, "
        "16 BODY - 8 PD): Stunned, Knocked Out. Now STUN -20, BODY 2."),
        ("[Combat]   KB 16 BODY - 2 (1 1) = 14\" knockback. Viper flies back 14\" and lands. "
        "Landing: 7d6 normal, 14 STUN, 7 BODY (2 2 2 2 2 2 2). Viper takes "
        "6 STUN and 0 BODY (14 STUN - 8 PD, 7 BODY - 8 PD): Knocked Out. Now STUN -26, BODY 2."),
    ]
    # a new attack on the Knocked Out does 2x STUN (RULES DAMAGE EFFECTS 2): 14 x2 - 8 = 20
    g.do("+damage Viper=14 0")
    assert g.lines[-1] == ("[GM] Viper is hit by a physical attack: 14 STUN 0 BODY normal. Viper takes 20 STUN and 0 BODY "
                           "(28 STUN doubled against the Knocked Out - 8 PD, 0 BODY - 8 PD): Stunned, Knocked Out. Now STUN -46, BODY 2.")


def test_knockback_of_a_rolled_nd6_applies_once_with_plus_kb(fight):
    world, g, _s, _p = fight
    world.set_dice(6, 6, 6, 6, 6, 1, 1)
    roll = g.do("+nd6/kb 5")[0]
    roll_id = roll.rsplit("[", 1)[1].rstrip("]")
    world.set_dice(2, 2, 2, 2, 2)  # only the landing: 8" -> 4d6 (RULES KNOCKBACK 5)
    assert _ids(g.do(f"+kb Viper={roll_id}")) == [
        (f"[GM] Viper (rolled with {roll_id}): KB 10 BODY - 2 (1 1) = 8\" knockback. Viper flies back 8\" and lands. "
        "Lying on the ground: 1/2 DCV; standing up takes a 1/2 Phase. Landing: 4d6 normal, 8 STUN, 4 BODY (2 2 2 2). "
        "Viper takes 0 STUN and 0 BODY (8 STUN - 8 PD, 4 BODY - 8 PD). Now STUN 20, BODY 10. [id]")
    ]
    assert world.roller.remaining == 1
    assert g.do(f"+kb Viper={roll_id}") == [f"The Knockback of {roll_id} is already applied."]
    assert g.do(f"+kb Viper={roll_id} air") == [f"The Knockback of {roll_id} is already applied."]
    assert "Prone" in g.do("+combat/status")[5]


def test_air_flying_takes_off_one_die(fight):
    world, g, _s, _p = fight
    world.set_dice(1, 3, 3, 3)
    assert g.do("+kb Viper=5 air flying") == [
        ("[GM] Viper (Target is in the air): KB 5 BODY - 1 (1) = 4\" knockback. Viper is knocked back 4\" in the air; "
        "DEX roll to stay aloft at -2: 9 (3 3 3): made by 1. Viper stays in the air at full DCV. [rb]")]


def test_undo_restores_sheets_byte_for_byte_and_the_log_keeps_everything(fight):
    world, g, s, p = fight
    g.do("+combat/next")
    before = {k: dict(v) for k, v in world.store.all("sheet").items()}
    fight_before = world.store.get("combat", str(g.character.location))
    world.set_dice(2, 2, 3, *[1] * 11, 3, 4)
    s.do("+attack Viper=move through v 20")
    assert world.store.all("sheet") != before
    assert g.do("+combat/undo") == [
        "[Combat] Gina undoes #13 (Starfire: +attack Viper=move through v 20); everything it changed is as it was."
    ]
    assert world.store.all("sheet") == before
    assert world.store.get("combat", str(g.character.location)) == fight_before
    assert g.do("+combat/undo") == [
        "[Combat] Gina undoes #11 (Gina: +combat/next); everything it changed is as it was."]
    log = p.do("+combat/log")
    assert log[0] == "[Combat] Fight #1: 7 records."
    assert log[1:3] == ["#7 Gina:", "  > +combat/join Starfire"]
    assert "#11 Gina (undone):" in log and "#13 Starfire (undone):" in log
    attack = log.index("#13 Starfire (undone):")
    assert log[attack + 1:attack + 3] == [
        "  > +attack Viper=move through v 20",
        ("  [Combat] Starfire Moves Through Viper at 20\" (Move Through): OCV 8 -4 Move Through = 4 vs DCV 5: 10 or less, rolls 7 "
        "(2 2 3): hits; hits DCV 8 or less."),
    ]
    assert log[-4:] == ["#15 Gina:", "  undoes #13", "#17 Gina:", "  undoes #11"]
    assert s.do("+combat/undo") == [PERMISSION_DENIED]
    viewer = world.login("Bob")
    assert viewer.do("+combat/log 1") == ["You were not in fight #1."]
    g.do("+combat/end")
    assert s.do("+combat/log") == ["There is no fight here; +combat/log <number> reads one that has ended (#1, #2 ...)."]
    assert s.do("+combat/log 1")[0] == "[Combat] Fight #1: 8 records."  # the 7 above and its end


def test_confirm_mode_waits_for_the_gm(fight):
    _world, g, s, _p = fight
    assert g.do("+combat/mode confirm") == [
        "[Combat] Gina sets the fight to confirm: each action waits for the GM's +combat/confirm."]
    g.do("+combat/next")
    assert s.do("+combat/pass") == ["[Combat] Starfire does nothing more this Phase.",
                                    "[Combat] Waiting for the GM: +combat/confirm (or +combat/undo)."]
    assert s.do("+combat/pass") == ["The last action waits for the GM (+combat/confirm or +combat/undo)."]
    assert g.do("+combat/confirm") == ["[Combat] Gina confirms.", "[Combat] Psiana's Phase (DEX 18): acts."]
    assert g.do("+combat/confirm") == ["No action is waiting for confirmation."]


def test_awed_from_a_pre_attack_halves_dcv_and_costs_his_phase(fight):
    world, g, _s, p = fight
    g.do("+stat/set Viper/PRE=30")
    g.do("+combat/next")
    world.set_dice(6, 6, 6, 6, 6, 6)  # 36 against PRE 10 + 20: Awed
    g.do("+pre Viper=Psiana")
    assert "Awed" in p.do("+combat/status")[4]
    assert p.do("+combat/status")[4].startswith("Psiana    18   4    23/23  10/10  30/30  3    Awed")
    assert g.do("+combat/next")[1] == "[Combat] Psiana's Phase (DEX 18): Awed: hesitates this whole Phase."


def test_hold_abort_to_dodge_move_and_stand(fight):
    _world, g, s, p = fight
    g.do("+combat/next")
    assert s.do("+combat/hold") == [
        "[Combat] Starfire holds their action (to use at a lower DEX, until their next Phase).",
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]
    assert s.do("+combat/abort dodge") == [
        "[Combat] Starfire aborts to a Dodge (+3 DCV against all attacks until their next Phase) and uses the held action."]
    assert p.do("+combat/move 12") == [
        "[Combat] Psiana moves 12\" (1/2 Phase). Psiana spends 2 END moving 12\": END 28.",
        "[Combat] Psiana has half a Phase left.",
    ]
    assert p.do("+recover") == ["Psiana has used half of this Phase; that takes a full Phase."]
    assert p.do("+combat/stand") == ["Psiana is not lying on the ground."]
    assert p.do("+combat/abort") == ["It is Psiana's Phase: act now (Abort is for before it)."]
    assert p.do("+combat/move 3") == [
        "[Combat] Psiana moves 3\" (1/2 Phase). Psiana spends 1 END moving 3\": END 27.",
        "[Combat] Viper's Phase (DEX 14): acts.",
    ]
    assert g.do("+combat/status")[3].startswith("Starfire  23   5    30/30  10/10  40/40  11   Dodge DCV +3")


def test_ending_the_fight_clears_stunned_and_paramedics_stabilize(fight):
    world, g, _s, p = fight
    p.do("+stat Paramedics=13")
    _next(g, 2)  # Psiana's Phase
    g.do("+damage Viper=30 22")  # 22 STUN through > CON 10: Stunned; 14 BODY through: -4
    world.set_dice(3, 3, 3)  # 9 against 13 -2 (-4 BODY)
    out = p.do("+paramedics Viper")
    assert out[:2] == [
        ("[Combat] Psiana gives Viper first aid: Paramedics at -2 (BODY -4): 9 (3 3 3): made by 2. Viper is stabilized: "
        "loses no more BODY on Post-Segment 12."),
        "[Combat] Viper's Phase (DEX 14): Stunned: spends this Phase recovering from it, and is no longer Stunned.",
    ]
    # Post-Segment 12: stabilized, Viper loses no BODY; at -2 STUN he recovers and wakes with END = STUN
    assert "[Combat]   Viper recovers 4 and wakes up: STUN 2, END 2." in out
    assert not any("Viper loses 1 BODY" in line for line in out)
    assert g.do("+combat/status")[5] == "Viper     14   3    2/20   -4/10  2/20   5    Dying (stabilized)"
    g.do("+damage Viper=40 0")  # Stunned again
    assert g.do("+combat/end") == [
        "[Combat] Gina ends the fight. Out of combat nobody stays Stunned: Viper recovers."]
    assert "Stunned" not in g.do("+sheet Viper")[-1]


def test_the_fight_survives_a_restart(fight):
    world, g, _s, _p = fight
    _next(g, 4)
    world.game = Game(world.store, roller=FixedRoller([]), config=world.game.config, clock=world.clock)
    world.dispatcher = build_dispatcher()
    gm = world.login("Gina", role=Role.STAFF)
    assert gm.do("+combat/status")[0] == "[Combat] Fight #1 run by Gina (auto): Turn 2, Segment 3, Starfire's Phase."
    assert gm.do("+combat/next") == ["[Combat] Gina ends Starfire's Phase.", "[Combat] Psiana's Phase (DEX 18): acts."]


def test_combat_phase_gmcp_for_everyone_in_the_room(fight):
    _world, g, s, p = fight
    s.gmcp.clear()
    g.do("+combat/next")
    # whose Phase, the Segment, and the Speed Chart (RULES SPEED CHART: SPD 5 acts in 3 5 8 10 12)
    body = {"fight": 1, "turn": 1, "segment": 12, "phase": "Starfire", "acting": ["Starfire"], "chart": [
        {"name": "Starfire", "dex": 23, "spd": 5, "segments": [3, 5, 8, 10, 12]},
        {"name": "Psiana", "dex": 18, "spd": 4, "segments": [3, 6, 9, 12]},
        {"name": "Viper", "dex": 14, "spd": 3, "segments": [4, 8, 12]}]}
    assert s.gmcp == [("Combat.Phase", body)]
    assert p.gmcp[-1] == ("Combat.Phase", body)


def test_players_are_refused_the_staff_switches_and_other_people(fight):
    _world, _g, s, _p = fight
    for switch in ("start", "next", "end", "undo", "confirm", "mode auto", "adjust Viper=stun 3"):
        assert s.do(f"+combat/{switch}") == [PERMISSION_DENIED]
    assert s.do("+combat/leave Psiana") == ["Only staff can do that for someone else."]
    assert s.do("+attack Psiana=strike by Viper") == ["Only staff can attack for someone else."]


_ATTACK_USAGE = ["Usage: +ATTACK <target>=<maneuver> [options]",
                 "       +ATTACK <target>=<power> [maneuver] [options]"]
_NO_POWERS = ("Starfire has no attack powers on the sheet; maneuvers: strike, haymaker, move by, move through, pull "
              "punch, grab, grab by, squeeze, throw, disarm, choke, sweep, rapid fire, mpa, club (+HELP +MANEUVER).")


@pytest.mark.parametrize(("line", "message"), [
    ("+attack Viper", _ATTACK_USAGE),
    ("+attack Viper=kick", ["'kick' is neither a maneuver nor an attack power on the sheet. " + _NO_POWERS]),
    ("+attack Viper=move through", ["A Move Through needs the velocity: ... v <inches>."]),
    ("+attack Viper=move by", ["A Move By needs the velocity: ... v <inches>."]),
    ("+attack Viper=strike push 11", ["'push' takes a number from 0 to 10.", *_ATTACK_USAGE]),
    ("+attack Viper=blast range 10", ["'blast' is neither a maneuver nor an attack power on the sheet. " + _NO_POWERS]),
    ("+attack Viper=strike sideways",
     ["'strike sideways' is neither a maneuver nor an attack power on the sheet. " + _NO_POWERS]),
    ("+attack Viper=strike wall 6", ["A wall takes its DEF and BODY.", *_ATTACK_USAGE]),
    ("+attack Starfire=strike", ["Attack someone else."]),
    ("+attack Nobody=strike", ["There is no character called 'Nobody'."]),
    ("+combat/move lots", ["Usage: +COMBAT/MOVE <inches>"]),
    ("+combat/abort somersault", ["There is no character called 'somersault'."]),
    ("+combat/frob", [("+COMBAT has no /frob switch (switches: /start, /join, /leave, /next, /hold, /abort, /move, "
     "/stand, /brace, /set, /pass, /wake, /status, /log, /block, /dodge, /escape, /release, /mode, /confirm, "
     "/undo, /adjust, /end).")]),
])
def test_phase_action_mistakes_get_short_answers_and_change_nothing(fight, line, message):
    world, g, s, _p = fight
    g.do("+combat/next")
    sheets = world.store.all("sheet")
    world.set_dice(1, 1, 1)
    out = s.do(line)
    assert out == message
    assert world.store.all("sheet") == sheets and world.roller.remaining == 3


def test_combat_mistakes_get_short_answers():
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    s = world.login("Starfire")
    assert s.do("+combat/join") == ["There is no fight here. Staff start one with +combat/start."]
    assert s.do("+attack Gina=strike") == ["There is no fight here. Staff start one with +combat/start."]
    g.do("+combat/start")
    assert g.do("+combat/start") == ["A fight is already running here (+combat/status, or +combat/end it)."]
    assert g.do("+combat/next") == ["Nobody has joined the fight yet (+combat/join <name>)."]
    assert g.do("+combat/status") == ["[Combat] Fight #1 run by Gina (auto): not begun (starts in Segment 12).",
                                      "Nobody has joined yet."]
    assert s.do("+combat/join") == [
        "Your sheet is not approved yet (+sheet/submit); staff can add you with +combat/join Starfire."]
    assert g.do("+combat/join Starfire") == [
        "[Combat] Starfire joins the fight (DEX 10, SPD 2: Segments 6 12).",
        "[Combat] Note: Starfire's sheet is not approved; Gina added them to fight #1 anyway."]
    assert s.do("+combat/join") == ["Starfire is already in the fight."]
    assert s.do("+combat/hold") == ["It is not Starfire's Phase."]
    assert g.do("+combat/undo") == ["[Combat] Gina undoes #4 (Gina: +combat/join Starfire); everything it changed is as it was."]
    assert g.do("+combat/undo") == ["[Combat] There is nothing to undo in this fight."]
    assert s.do("+combat/leave") == ["Starfire is not in the fight."]


def test_combat_is_for_champions_only():
    world = make_world(ruleset="ptb")
    gm = world.login("Gina", role=Role.STAFF)
    assert gm.do("+combat/start") == ["That command is for the Champions rules; this game uses ptb."]


def test_attacks_with_the_characters_own_powers_against_resistant_defenses(fight):
    """RULES ADDING DAMAGE: STR adds 1 DC per 5 to a HKA (HERO 5E caps it at double: 1d6 + 3 DC = 2d6);
    RULES DAMAGE 2 (Assaulter): against a killing attack only rPD stops BODY, all PD stops STUN."""
    world, g, s, p = fight
    tank = world.login("Tank")
    tank.do("+power Armor=armor 6/6")  # PD 2 + 6 resistant
    s.do("+power Claws=HKA 1d6")
    p.do("+power Mindbolt=EB 8d6")
    g.do("+combat/join Tank")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 5, 5, 4, 6, 6, 6)
    assert _ids(s.do("+attack Tank=claws")) == [
        "[Combat] Starfire attacks Tank (Claws): OCV 8 vs DCV 3: 16 or less, rolls 9 (3 3 3): hits; hits DCV 10 or less.",
        ("  2d6 killing: 10 BODY, x3, 30 STUN (5 5; multiplier die 4). Tank takes 22 STUN and 4 BODY (30 STUN - 8 PD, "
        "10 BODY - 6 rPD): Stunned, Knocked Out. Now STUN -2, BODY 6."),
        "  KB 10 BODY - 18 (6 6 6): no knockback.",  # a killing attack rolls 3d6 (RULES KNOCKBACK 3)
        "  Starfire spends 3 END (1 for Claws, 2 for STR 20): END 37. [id]",
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]
    # a ranged Energy Blast at 10": Range Modifier -4 (HERO 5E); against ED; 2x STUN on the Knocked Out
    world.set_dice(3, 3, 3, *[4] * 8, 6, 6)
    assert _ids(p.do("+attack Tank=mind range 10")) == [
        ("[Combat] Psiana attacks Tank (Mindbolt): OCV 6 -4 range 10\" = 2 vs DCV 3 (Stunned, Knocked Out) = 0: "
        "13 or less, rolls 9 (3 3 3): hits; hits DCV 4 or less."),
        ("  8d6 normal: 32 STUN, 8 BODY (4 4 4 4 4 4 4 4). Tank takes 56 STUN and 0 BODY (64 STUN doubled against "
        "the Knocked Out - 8 ED, 8 BODY - 8 ED): Stunned, Knocked Out. Now STUN -58, BODY 6."),
        "  KB 8 BODY - 12 (6 6): no knockback.",
        "  Psiana spends 4 END (4 for Mindbolt): END 26. [id]",
        "[Combat] Viper's Phase (DEX 14): acts.",
    ]
    assert p.do("+combat/status")[6] == "Tank      10   2    -58/20  6/10   20/20  0    Stunned, Knocked Out"
    assert s.do("+attack Tank=claws range 3") == ['Claws is hand-to-hand: it reaches 1" at most.']


def test_brace_and_set_offset_the_range_modifier(fight):
    world, g, _s, p = fight
    p.do("+power Mindbolt=EB 8d6")
    _next(g, 2)  # Psiana's Phase
    assert p.do("+combat/brace") == [
        "[Combat] Psiana braces: +2 OCV against the Range Modifier, 1/2 DCV until their next Phase."]
    world.set_dice(6, 6, 6)
    assert p.do("+attack Viper=mindbolt range 20")[0] == (
        "[Combat] Psiana attacks Viper (Mindbolt): OCV 6 -6 range 20\" +2 Brace = 2 vs DCV 5: 8 or less, rolls 18 "
        "(6 6 6): an 18 always misses.")


def test_a_move_by_through_attack_and_the_attackers_third(fight):
    """RULES MANEUVER MOVE BY (Starfire on Soundwave): STR 20 at 20": 2D6 + 4D6 = 6D6, 24 STUN 6 BODY;
    the attacker takes 8 STUN 2 BODY. END 2 for STR 20 and 4 for 20"."""
    world, g, s, _p = fight
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 4, 4, 4, 4, 4, 4, 1, 1, 1, 1, 1)
    assert _ids(s.do("+attack Psiana=move by v 20")) == [
        ("[Combat] Starfire Moves By Psiana at 20\" (Move By): OCV 8 -2 Move By = 6 vs DCV 6: 11 or less, rolls 9 "
        "(3 3 3): hits; hits DCV 8 or less."),
        ("  6d6 normal: 24 STUN, 6 BODY (4 4 4 4 4 4). Psiana takes 12 STUN and 0 BODY (24 STUN - 12 PD, "
        "6 BODY - 12 PD). Now STUN 11, BODY 10."),
        ("  KB 6 BODY - 2 (1 1) = 4\" knockback. Psiana flies back 4\" and lands. Lying on the ground: 1/2 DCV; "
        "standing up takes a 1/2 Phase. Landing: 2d6 normal, 2 STUN, 0 BODY (1 1). Psiana takes 0 STUN and 0 BODY "
        "(2 STUN - 12 PD, 0 BODY - 12 PD). Now STUN 11, BODY 10."),
        ("  Starfire takes 1/3 of it, 8 STUN 2 BODY: Starfire takes 0 STUN and 0 BODY (8 STUN - 20 PD, 2 BODY - 20 PD). "
        "Now STUN 30, BODY 10."),
        "  Starfire spends 6 END (2 for STR 20, 4 for 20\" of movement): END 34. [id]",
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]


def test_helping_a_knocked_out_character_wake_moves_him_one_row_up_the_chart(fight):
    """RULES RECOVERING CHART: -11 to -20 recovers on Post-Segment 12 only; helped, every Phase,
    while the helper keeps spending his Phases on it."""
    _world, g, s, p = fight
    _next(g, 4)  # Turn 2, Segment 3: Starfire's Phase; Viper acts in Segment 4
    g.do("+combat/adjust Viper=stun -15")
    assert s.do("+combat/wake Viper") == [
        ("[Combat] Starfire spends the Phase helping Viper wake up: one row higher on the recovery chart "
        "(RULES RECOVERING CHART) while Starfire keeps at it."),
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]
    assert p.do("+combat/wake Starfire") == ["Starfire is not Knocked Out."]
    assert p.do("+combat/pass")[1:] == [
        "[Combat] Turn 2, Segment 4: Phases in DEX order: Viper 14.",
        "[Combat] Viper's Phase (DEX 14): Knocked Out: recovers 4: STUN -11, END 20.",
        "[Combat] Turn 2, Segment 5: Phases in DEX order: Starfire 23.",
        "[Combat] Starfire's Phase (DEX 23): acts.",
    ]
    assert "Helped" not in g.do("+combat/status")[5]  # Starfire's new Phase: the help stops unless he goes on


def _carl_in_a_fight_in_the_arena(world, g):
    """Carl joins a second fight, which Gina starts in a new room (the Arena) before coming back."""
    home = g.character.location
    carl = world.login("Carl")
    for line in ("@dig Arena", "@tel Carl=Arena", "@tel Arena", "+combat/start", "+combat/join Carl", f"@tel #{home}"):
        g.do(line)
    return carl


def test_an_attack_reaches_only_the_attackers_own_fight(fight):
    """Carl fights in the Arena; Starfire, in the first room's fight, cannot reach him."""
    world, g, s, _p = fight
    carl = _carl_in_a_fight_in_the_arena(world, g)
    g.do("+combat/next")  # Starfire's Phase
    sheets = world.store.all("sheet")
    world.set_dice(3, 3, 3, 6, 6, 6, 4, 6, 6)
    carl.clear()
    assert s.do("+attack Carl=strike") == ["Carl is not in this fight."]
    assert carl.lines == [] and world.store.all("sheet") == sheets and world.roller.remaining == 9


def test_undo_puts_back_every_document_the_action_wrote_even_outside_the_room(fight):
    """The combat log keeps every document an action writes: here +combat/adjust on Carl in the Arena's fight."""
    world, g, _s, _p = fight
    carl = _carl_in_a_fight_in_the_arena(world, g)
    arena = carl.character.location
    sheet_before = world.store.get("sheet", str(carl.character.id))
    arena_before = world.store.get("combat", str(arena))
    assert g.do("+combat/adjust Carl=stun 3") == ["[Combat] Gina sets Carl's STUN to 3."]
    assert g.do("+combat/adjust Carl=prone on") == ["[Combat] Gina sets Carl prone on."]
    assert world.store.get("sheet", str(carl.character.id)) != sheet_before
    assert g.do("+combat/undo") == [
        "[Combat] Gina undoes #19 (Gina: +combat/adjust Carl=prone on); everything it changed is as it was."]
    assert g.do("+combat/undo") == [
        "[Combat] Gina undoes #17 (Gina: +combat/adjust Carl=stun 3); everything it changed is as it was."]
    assert world.store.get("sheet", str(carl.character.id)) == sheet_before
    assert world.store.get("combat", str(arena)) == arena_before


def test_an_approved_sheet_joins_by_itself_and_an_npc_needs_no_approval():
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    s = world.login("Starfire")
    s.do("+stat STR=15")
    g.do("+combat/start")
    assert s.do("+combat/join") == [
        "Your sheet is not approved yet (+sheet/submit); staff can add you with +combat/join Starfire."]
    g.do("+approve/force Starfire")
    g.clear()
    assert s.do("+combat/join") == ["[Combat] Starfire joins the fight (DEX 10, SPD 2: Segments 6 12)."]
    assert g.lines == ["[Combat] Starfire joins the fight (DEX 10, SPD 2: Segments 6 12)."]
    g.do("+npc/create Viper")
    assert g.do("+combat/join Viper") == ["[Combat] Viper joins the fight (DEX 10, SPD 2: Segments 6 12)."]
