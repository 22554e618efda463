"""Mind Control, Mental Illusions, Telepathy, Mind Scan and Mind Link in a fight, through +attack,
with fixed dice against HERO 5E revised's numbers (RULES MENTAL POWERS)."""

import pytest

from .test_combat import _ids


def _mentalist(g, s, power="Dominate=mind control 8d6"):
    """Starfire at EGO 20: ECV 7 (20 / 3, to the nearest) against Viper's EGO 10, ECV 3: 11 + 7 - 3 =
    15 or less; his Phase opens Segment 12."""
    s.do("+stat EGO=20")
    s.do(f"+power {power}")
    g.do("+combat/next")


def test_mind_control_reaches_ego_plus_20_and_the_command_is_kept_until_a_breakout(fight):
    """HERO 5E revised: 8d6 rolling 6 6 6 5 4 3 1 1 is 32, less Mental Defense 0, against EGO 10:
    EGO (10), EGO+10 (20) and EGO+20 (30) are reached, EGO+30 (40) is not. 2 past the level: no
    breakout modifier, EGO roll 9 + 10 / 5 = 11-. Viper misses it (12) at his Phase in Segment 12,
    and makes it (9) at his next, Segment 4 of Turn 2: free. Mind Control 5 a d6: 40 Active Points,
    4 END."""
    world, g, s, p = fight
    _mentalist(g, s)
    world.set_dice(3, 3, 3, 6, 6, 6, 5, 4, 3, 1, 1)
    assert _ids(s.do("+attack Viper=dominate command Attack Psiana!")) == [
        ("[Combat] Starfire uses Mind Control on Viper (Dominate): ECV 7 vs ECV 3: 15 or less, rolls 9 (3 3 3): "
        "hits; hits ECV 9 or less."),
        ("  8d6 Mind Control: 32 (6 6 6 5 4 3 1 1) - 0 Mental Defense = 32 against EGO 10: EGO+20 reached: actions "
        "the target is normally against. Command: \"Attack Psiana!\". Breakout: EGO 11- at the start of each of "
        "Viper's Phases."),
        "  Starfire spends 4 END (4 for Dominate): END 36. [id]",
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]
    assert g.do("+combat/status Viper")[2] == "  Conditions: Mind Control by Starfire (EGO+20): Attack Psiana!."
    world.set_dice(4, 4, 4)
    assert p.do("+combat/pass")[1:] == [
        ("[Combat] Viper rolls to break out of Starfire's Mind Control: EGO roll 11-: 12 (4 4 4): missed by 1; still "
        "under it: \"Attack Psiana!\"."),
        "[Combat] Viper's Phase (DEX 14): acts.",
    ]
    g.do("+combat/pass")
    g.do("+combat/pass")  # Turn 2, Segment 3: Starfire
    world.set_dice(3, 3, 3)
    assert g.do("+combat/next")[-2:] == [
        "[Combat] Viper rolls to break out of Starfire's Mind Control: EGO roll 11-: 9 (3 3 3): made by 2; free of it.",
        "[Combat] Viper's Phase (DEX 14): acts.",
    ]
    assert g.do("+combat/status Viper")[2] == "  Conditions: none."


def test_mental_defense_comes_off_the_effect_and_each_5_past_the_level_is_minus_1(fight):
    """10d6 rolling 51 less Mental Defense 12 (10 bought + EGO 10 / 5) is 39: EGO+20 (30), 9 past:
    -1 to break out, EGO roll 10-."""
    world, g, s, p = fight
    g.do("+power Viper/Shield=mental defense 10")
    _mentalist(g, s, "Dominate=mind control 10d6")
    world.set_dice(3, 3, 3, 6, 6, 6, 6, 6, 6, 5, 5, 3, 2)
    assert _ids(s.do("+attack Viper=dominate command Sleep"))[1] == (
        "  10d6 Mind Control: 51 (6 6 6 6 6 6 5 5 3 2) - 12 Mental Defense = 39 against EGO 10: EGO+20 reached: "
        "actions the target is normally against. Command: \"Sleep\". Breakout: EGO 10- (11- -1: 9 past EGO+20) at "
        "the start of each of Viper's Phases.")
    world.set_dice(4, 3, 4)
    assert p.do("+combat/pass")[1] == (
        "[Combat] Viper rolls to break out of Starfire's Mind Control: EGO roll 10-: 11 (4 3 4): missed by 1; still "
        "under it: \"Sleep\".")


@pytest.mark.parametrize(("power", "faces", "said"), [
    ("Read=telepathy 8d6", (6, 6, 6, 6, 6, 6, 4, 1),
     ("  8d6 Telepathy: 41 (6 6 6 6 6 6 4 1) - 0 Mental Defense = 41 against EGO 10: EGO+30 reached: the "
     "unconscious mind. Breakout: EGO 11- at the start of each of Viper's Phases.")),
    ("Mirage=mental illusions 8d6", (1, 1, 1, 1, 1, 1, 1, 2),
     "  8d6 Mental Illusions: 9 (1 1 1 1 1 1 1 2) - 0 Mental Defense = 9 against EGO 10: short of EGO, no effect."),
    ("Seek=mind scan 8d6", (3, 3, 3, 3, 3, 3, 1, 1),
     ("  8d6 Mind Scan: 20 (3 3 3 3 3 3 1 1) - 0 Mental Defense = 20 against EGO 10: EGO+10 reached: found: the "
     "distance; every Mental Power reaches it.")),
])
def test_each_mental_power_reads_its_own_table(fight, power, faces, said):
    world, g, s, _p = fight
    _mentalist(g, s, power)
    world.set_dice(3, 3, 3, *faces)
    name = power.split("=")[0].lower()
    assert _ids(s.do(f"+attack Viper={name}"))[1] == said


def test_a_mental_power_needs_sight_unless_a_mind_link_reaches_him(fight):
    """Starfire opens a Mind Link with Psiana (no roll: a willing mind; 5 Active Points, no END);
    Viper's Flash takes Starfire's sight (OCV 5 vs DCV 8: 8-, rolls 6; 6 6 6 6: 8 BODY, 8
    Segments); in Turn 2 his Ego Attack reaches Psiana through the link but not Viper."""
    world, g, s, p = fight
    s.do("+power Link=mind link 1")
    s.do("+power Mindbolt=ego attack 4d6")
    g.do("+power Viper/Dazzle=flash 4d6")
    g.do("+combat/next")
    assert _ids(s.do("+attack Psiana=link")) == [
        ("[Combat] Starfire opens a Mind Link with Psiana (Link): no roll for a willing mind; Starfire's Mental Powers "
        "reach Psiana without sight."),
        "  Starfire spends 0 END (0 for Link): END 40. [id]",
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]
    assert g.do("+combat/status")[3:5] == ["Starfire  23   5    30/30  10/10  40/40  8    Mind Linked with Psiana",
                                            "Psiana    18   4    23/23  10/10  30/30  6    Mind Linked with Starfire"]
    p.do("+combat/pass")
    world.set_dice(2, 2, 2, 6, 6, 6, 6)
    assert g.do("+attack Starfire=dazzle by Viper")[-1] == "[Combat] Starfire's Phase (DEX 23): acts."  # Turn 2
    assert s.do("+attack Viper=mindbolt") == [
        ("Starfire cannot see Viper: a Mental Power needs its target in Line Of Sight, or a Mind Link or a Mind Scan "
        "(EGO+10) that found the mind.")]
    world.set_dice(3, 3, 3, 1, 1, 1, 1)
    assert s.do("+attack Psiana=mindbolt")[0] == (
        "[Combat] Starfire Ego Attacks Psiana (Mindbolt): ECV 3 vs ECV 3: 11 or less, rolls 9 (3 3 3): hits; hits "
        "ECV 5 or less.")


def test_an_entangled_character_can_still_use_his_mental_powers(fight):
    """HERO 5E revised: Entangled, he cannot move or strike, but his mind is free."""
    world, g, s, p = fight
    s.do("+power Glue=entangle 3d6")
    g.do("+power Viper/Mindbolt=ego attack 4d6")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 2, 4, 6)
    s.do("+attack Viper=glue")
    p.do("+combat/pass")
    assert g.do("+attack Starfire=strike by Viper") == [
        "Viper is Entangled and can only break out or use a Mental Power: +attack Viper=strike entangle by Viper."]
    world.set_dice(3, 3, 3, 1, 1, 1, 1)
    assert g.do("+attack Starfire=mindbolt by Viper")[0] == (
        "[Combat] Viper Ego Attacks Starfire (Mindbolt): ECV 3 vs ECV 3: 11 or less, rolls 9 (3 3 3): hits; hits "
        "ECV 5 or less.")


def test_staff_give_a_command_for_an_npc_with_by_after_it(fight):
    """'... command Stand by me by Viper': the last 'by' names Viper, who is in the fight; 'by me'
    is the command's own."""
    world, g, s, p = fight
    g.do("+stat/set Viper/EGO=20")
    g.do("+power Viper/Dominate=mind control 8d6")
    g.do("+combat/next")
    s.do("+combat/pass")
    p.do("+combat/pass")
    world.set_dice(3, 3, 3, 6, 6, 6, 5, 4, 3, 1, 1)
    assert _ids(g.do("+attack Psiana=dominate command Stand by me by Viper"))[1] == (
        "  8d6 Mind Control: 32 (6 6 6 5 4 3 1 1) - 0 Mental Defense = 32 against EGO 10: EGO+20 reached: actions "
        "the target is normally against. Command: \"Stand by me\". Breakout: EGO 11- at the start of each of "
        "Psiana's Phases.")


def test_undo_takes_a_mind_control_back_and_the_store_keeps_every_lasting_effect(fight):
    """+combat/undo puts him as he was; the fight's document (kept over @reboot) holds the Mental
    Powers, links and Flashes as they were."""
    from champions_mush.game.combat import Fight, Fighter

    world, g, s, _p = fight
    _mentalist(g, s)
    world.set_dice(3, 3, 3, 6, 6, 6, 5, 4, 3, 1, 1)
    s.do("+attack Viper=dominate command Kneel")
    assert g.do("+combat/undo")[0] == ("[Combat] Gina undoes #13 (Starfire: +attack Viper=dominate command Kneel); "
                                       "everything it changed is as it was.")
    assert g.do("+combat/status Viper")[2] == "  Conditions: none."
    fighter = Fighter(7, "Viper", minds=(("Mind Control", "Starfire", 3, -1, "Kneel"),),
                      links=((2, "Psiana", "Mind Link", 0),), flashed=(("SIGHTGROUP", 27),))
    fight_doc = Fight(room=1, gm="Gina", fighters=(fighter,)).to_doc()
    assert Fight.from_doc(fight_doc).fighters == (fighter,)
