"""HERO 5E revised maneuvers in a fight, through +attack and +combat/block, /dodge, /escape:
Block, Grab, Squeeze, Throw, Escape, Disarm, Choke Hold and the Martial Arts a sheet buys in
Hero Designer, each with fixed dice against 5E's numbers."""

import re
from pathlib import Path

import pytest

from champions_mush.commands.base import Role
from champions_mush.rules.dice import FixedRoller

from ..harness import make_world
from .test_combat import _ids

#: Hero Designer's own 5E maneuvers (tests/game/data/hdc/maneuvers_5e.hdc: from the hero6e Foundry
#: system's test suite, MIT licence, Copyright 2021 Jared Levine)
MANEUVERS_5E = Path(__file__).parents[1] / "game" / "data" / "hdc" / "maneuvers_5e.hdc"


def _kai_file(names: tuple[str, ...], extra_dcs: int = 0) -> str:
    """Kai (STR 15, DEX 15: OCV 5) with these maneuvers as Hero Designer wrote them, and Extra DCs."""
    text = MANEUVERS_5E.read_text("utf-8")
    bought = [re.search(rf'<MANEUVER [^>]*ALIAS="{re.escape(name)}"[^>]*>', text)[0].replace(
        'PARENTID="1760309811196" ', "") + "</MANEUVER>" for name in names]
    extra = (f'<EXTRADC XMLID="EXTRADC" ID="90" BASECOST="0.0" LEVELS="{extra_dcs}" ALIAS="+{extra_dcs} HTH Damage '
             f'Class(es)" POSITION="0" NAME="" />') if extra_dcs else ""
    return "\n".join([
        '<?xml version="1.0" encoding="UTF-16"?>',
        '<CHARACTER version="6.0" TEMPLATE="builtIn.Superheroic.hdt">',
        '<BASIC_CONFIGURATION BASE_POINTS="200" DISAD_POINTS="150" EXPERIENCE="0" RULES="Default" />',
        '<CHARACTER_INFO CHARACTER_NAME="Kai" />',
        '<CHARACTERISTICS>',
        '<STR XMLID="STR" ID="1" BASECOST="0.0" LEVELS="5" ALIAS="STR" POSITION="1" NAME="" />',
        '<DEX XMLID="DEX" ID="2" BASECOST="0.0" LEVELS="5" ALIAS="DEX" POSITION="2" NAME="" />',
        '</CHARACTERISTICS>',
        '<SKILLS />', '<PERKS />', '<TALENTS />',
        '<MARTIALARTS>', extra, *bought, '</MARTIALARTS>',
        '<POWERS />', '<DISADVANTAGES />', '<EQUIPMENT />', '</CHARACTER>'])


KAI_MOVES = ("Martial Strike", "Killing Strike", "Nerve Strike", "Legsweep", "Martial Block", "Martial Escape",
             "Martial Grab", "Martial Dodge", "Offensive Strike", "Martial Flash")


def _kai_fight(extra_dcs: int = 0):
    """Kai (imported: STR 15, DEX 15, SPD 3, OCV 5) and Viper (an NPC: DEX 14, SPD 3, PD 5, STR 10);
    Kai's Phase in Segment 12."""
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    k = world.login("Kai")
    k.do("+sheet/import")
    for line in _kai_file(KAI_MOVES, extra_dcs).splitlines():
        k.do(line)
    # HERO 5E revised: STR +5 (5) and DEX +5 (15); the maneuvers 4+4+4+3+4+4+3+4+5+4; an Extra DC 4 each
    spent = 59 + 4 * extra_dcs
    assert k.do(".")[1] == (f"Imported 'Kai' from Hero Designer: {10 + bool(extra_dcs)} items. Points: {spent} spent "
                            f"of 200 base + 0 disadvantages + 0 XP = 200: {200 - spent} left.")
    for line in ("+npc/create Viper", "+stat/set Viper/DEX=14", "+stat/set Viper/SPD=3", "+stat/set Viper/PD=5",
                 "+combat/start", "+combat/join Kai", "+combat/join Viper", "+combat/next"):
        g.do(line)
    for who in (g, k):
        who.clear()
    return world, g, k


@pytest.fixture
def kai():
    return _kai_fight()


def test_a_block_stops_the_attack_and_the_blocker_acts_first_next(fight):
    """HERO 5E revised: Viper (SPD 2, DEX 14: OCV 5) Blocks on his Phase; Psiana's Strike (OCV 6)
    meets his Block roll, 11 + 5 - 6 = 10 or less: 9 stops it (she pays her STR's END). Both next
    act in Segment 6, where Viper goes first though his DEX is lower."""
    world, g, s, p = fight
    g.do("+stat/set Viper/SPD=2")
    g.do("+combat/next")
    s.do("+combat/pass")
    p.do("+combat/pass")
    assert g.do("+combat/block")[0] == (
        "[Combat] Viper Blocks: each hand-to-hand attack at Viper until their next Phase meets a Block roll first "
        "(OCV against the attacker's OCV; -2 for each after the first).")
    s.do("+combat/pass")
    world.set_dice(3, 3, 3)
    assert _ids(p.do("+attack Viper=strike"))[:3] == [
        "[Combat] Psiana attacks Viper (Strike).",
        ("  Viper Blocks (Block): OCV 5 vs Psiana's OCV 6: 10 or less, rolls 9 (3 3 3): made; the attack is stopped; "
        "Viper acts before Psiana in the next Segment both act in."),
        "  Psiana spends 1 END (1 for STR 10): END 29. [id]",
    ]
    assert world.roller.remaining == 0
    assert s.do("+combat/pass")[1:] == ["[Combat] Turn 2, Segment 6: Phases in DEX order: Viper 14, Psiana 18.",
                                        "[Combat] Viper's Phase (DEX 14): acts."]


def test_a_missed_block_lets_the_attack_roll_and_each_later_block_is_at_minus_2(fight):
    """Viper's Block (OCV 5) against Starfire (OCV 8): 8 or less, 12 misses and the Strike rolls as
    ever; against Psiana (OCV 6) his second Block is at -2: OCV 3, 8 or less, 6 stops it."""
    world, g, s, p = fight
    g.do("+combat/next")
    s.do("+combat/pass")
    p.do("+combat/pass")
    g.do("+combat/block")
    world.set_dice(4, 4, 4, 3, 3, 3, 1, 1, 1, 1, 1, 1)
    assert _ids(s.do("+attack Viper=strike"))[:3] == [
        ("[Combat] Viper Blocks (Block): OCV 5 vs Starfire's OCV 8: 8 or less, rolls 12 (4 4 4): missed; the attack "
        "goes on."),
        "  Starfire Strikes Viper (Strike): OCV 8 vs DCV 5: 14 or less, rolls 9 (3 3 3): hits; hits DCV 10 or less.",
        ("  4d6 normal: 4 STUN, 0 BODY (1 1 1 1). Viper takes 0 STUN and 0 BODY (4 STUN - 8 PD, 0 BODY - 8 PD). "
        "Now STUN 20, BODY 10."),
    ]
    world.set_dice(2, 2, 2)
    assert _ids(p.do("+attack Viper=strike"))[1] == (
        "  Viper Blocks (Block): OCV 3 (1 Block before: -2) vs Psiana's OCV 6: 8 or less, rolls 6 (2 2 2): made; "
        "the attack is stopped; Viper acts before Psiana in the next Segment both act in.")


def test_an_aborted_block_stops_the_attack_before_her_phase(fight):
    """Psiana (OCV 6) aborts to a Block in Starfire's Phase: 11 + 6 - 8 = 9 or less; she loses her Phase."""
    world, g, s, p = fight
    g.do("+combat/next")
    assert p.do("+combat/abort block") == [
        ("[Combat] Psiana aborts to a Block (each HTH attack at them until their next Phase meets a Block roll "
        "first) and loses their next Phase.")]
    world.set_dice(3, 3, 3)
    assert _ids(s.do("+attack Psiana=strike")) == [
        "[Combat] Starfire attacks Psiana (Strike).",
        ("  Psiana Blocks (Block): OCV 6 vs Starfire's OCV 8: 9 or less, rolls 9 (3 3 3): made; the attack is "
        "stopped; Psiana acts before Starfire in the next Segment both act in."),
        "  Starfire spends 2 END (2 for STR 20): END 38. [id]",
        "[Combat] Psiana's Phase (DEX 18): aborted earlier, so loses this Phase.",
        "[Combat] Viper's Phase (DEX 14): acts.",
    ]


def test_a_grab_holds_at_half_dcv_an_escape_needs_more_body_and_a_squeeze_needs_no_roll(fight):
    """HERO 5E revised: Grab OCV -1, DCV -2: Starfire 8 - 1 = 7 against DCV 5, 13 or less; Viper held,
    DCV 5 halved to 3 (.5 in his favour), Starfire DCV 8 - 2 = 6. Escape: STR 10 (2d6: 6 6, 4 BODY)
    against STR 20 (4d6: 2 2 2 2, 4 BODY): not more, he stays held. Squeeze: STR 20, 4d6 of sixes,
    24 STUN 8 BODY against PD 8, no roll."""
    world, g, s, p = fight
    g.do("+combat/next")
    world.set_dice(3, 3, 3)
    assert _ids(s.do("+attack Viper=grab"))[:3] == [
        ("[Combat] Starfire Grabs Viper (Grab): OCV 8 -1 Grab = 7 vs DCV 5: 13 or less, rolls 9 (3 3 3): hits; "
        "hits DCV 9 or less."),
        ("  Starfire holds Viper: Viper is at 1/2 DCV until free (+combat/escape), and Starfire may Squeeze or Throw "
        "him (+attack Viper=squeeze)."),
        "  Starfire spends 2 END (2 for STR 20): END 38. [id]",
    ]
    assert g.do("+combat/status")[3:6] == [
        "Starfire  23   5    30/30  10/10  38/40  6    Grabbing, Grab DCV -2",
        "Psiana    18   4    23/23  10/10  30/30  6    -",
        "Viper     14   3    20/20  10/10  20/20  3    Grabbed",
    ]
    p.do("+combat/pass")
    world.set_dice(6, 6, 2, 2, 2, 2)
    assert _ids(g.do("+combat/escape")) == [
        "[Combat] Viper tries to escape Starfire's hold (Escape).",
        ("  STR 10 vs STR 20: Viper 4 BODY (6 6) against Starfire 4 BODY (2 2 2 2): Starfire holds on (more BODY "
        "needed to escape)."),
        "  Viper spends 1 END (1 for STR 10): END 19. [id]",
        "[Combat] Viper has half a Phase left.",
    ]
    g.do("+combat/pass")
    world.set_dice(6, 6, 6, 6)
    assert _ids(s.do("+attack Viper=squeeze"))[:3] == [
        "[Combat] Starfire squeezes Viper (Squeeze; held: no roll).",
        ("  4d6 normal: 24 STUN, 8 BODY (6 6 6 6). Viper takes 16 STUN and 0 BODY (24 STUN - 8 PD, 8 BODY - 8 PD): "
        "Stunned. Now STUN 4, BODY 10."),
        "  Starfire spends 2 END (2 for STR 20): END 38. [id]",
    ]
    assert world.roller.remaining == 0


def test_an_escape_with_more_body_frees_him_and_a_throw_frees_him_prone(fight):
    """Viper's STR 10 rolling 6 6 (4 BODY) against STR 20 rolling 1 1 1 1 (0 BODY): free. A Throw:
    STR damage with no roll, and he falls (prone: 1/2 DCV) and is free (HERO 5E revised)."""
    world, g, s, p = fight
    g.do("+combat/next")
    world.set_dice(3, 3, 3)
    s.do("+attack Viper=grab")
    p.do("+combat/pass")
    world.set_dice(6, 6, 1, 1, 1, 1)
    assert _ids(g.do("+combat/escape"))[1] == (
        "  STR 10 vs STR 20: Viper 4 BODY (6 6) against Starfire 0 BODY (1 1 1 1): Viper breaks free.")
    assert g.do("+combat/status")[5] == "Viper     14   3    20/20  10/10  19/20  5    -"
    assert g.do("+combat/escape") == ["Viper is not held."]
    assert g.do("+combat/escape Judo Escape") == ["Viper is not held."]  # not "no such maneuver"
    g.do("+combat/pass")
    world.set_dice(3, 3, 3)
    s.do("+attack Viper=grab")
    p.do("+combat/pass")
    g.do("+combat/pass")
    world.set_dice(2, 2, 2, 2)
    assert _ids(s.do("+attack Viper=throw"))[:4] == [
        "[Combat] Starfire throws Viper (Throw; held: no roll).",
        ("  4d6 normal: 8 STUN, 4 BODY (2 2 2 2). Viper takes 0 STUN and 0 BODY (8 STUN - 8 PD, 4 BODY - 8 PD). "
        "Now STUN 20, BODY 10."),
        "  Viper falls and is free: prone (1/2 DCV) until he stands.",
        "  Starfire spends 2 END (2 for STR 20): END 36. [id]",
    ]
    assert g.do("+combat/status")[3:6] == [
        "Starfire  23   5    30/30  10/10  36/40  8    -",
        "Psiana    18   4    23/23  10/10  30/30  6    -",
        "Viper     14   3    20/20  10/10  20/20  3    Prone",
    ]
    assert g.do("+attack Viper=squeeze by Starfire") == ["It is not Starfire's Phase: it is Psiana's."]


def test_a_disarm_is_ocv_minus_2_then_str_against_str(fight):
    """HERO 5E revised Disarm: OCV 8 - 2 = 6 against DCV 5, 12 or less; STR 20 (6 6 1 1: 4 BODY)
    against STR 10 (1 1: 0 BODY): Disarmed; END for the STR used."""
    world, g, s, _p = fight
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 6, 6, 1, 1, 1, 1)
    assert _ids(s.do("+attack Viper=disarm"))[:3] == [
        ("[Combat] Starfire Disarms Viper (Disarm): OCV 8 -2 Disarm = 6 vs DCV 5: 12 or less, rolls 9 (3 3 3): hits; "
        "hits DCV 8 or less."),
        ("  STR 20 vs STR 10: Starfire 4 BODY (6 6 1 1) against Viper 0 BODY (1 1): Viper is Disarmed: what he held "
        "flies from his grasp."),
        "  Starfire spends 2 END (2 for the STR used): END 38. [id]",
    ]


def test_a_choke_hold_is_1d6_nnd_and_holds_him(fight):
    """HERO 5E revised Choke Hold: OCV -2, DCV -2, Grab one limb, 1d6 NND: Psiana 6 - 2 = 4 against
    DCV 5, 10 or less; a 5 is 5 STUN, no defense, no BODY, no Knockback; Viper held (DCV 3)."""
    world, g, s, p = fight
    g.do("+combat/next")
    s.do("+combat/pass")
    world.set_dice(3, 3, 3, 5)
    assert _ids(p.do("+attack Viper=choke"))[:5] == [
        ("[Combat] Psiana Chokes Viper (Choke Hold): OCV 6 -2 Choke Hold = 4 vs DCV 5: 10 or less, rolls 9 (3 3 3): "
        "hits; hits DCV 6 or less."),
        ("  1d6 normal: 5 STUN, 1 BODY (5). Viper takes 5 STUN and 0 BODY (5 STUN - 0 No Normal Defense, 1 BODY - 0 "
        "No Normal Defense, STUN only). Now STUN 15, BODY 10."),
        "  No Knockback.",
        "  Psiana spends 0 END: END 30.",
        "  Psiana holds Viper by the throat: 1/2 DCV until free (+combat/escape). [id]",
    ]
    assert g.do("+combat/status")[4:6] == [
        "Psiana    18   4    23/23  10/10  30/30  4    Grabbing, Choke Hold DCV -2",
        "Viper     14   3    15/20  10/10  20/20  3    Grabbed",
    ]


# --- Martial Arts bought in Hero Designer --------------------------------------------------------
def test_ma_lists_the_martial_arts_on_the_sheet_with_their_numbers(kai):
    _world, _g, k = kai
    assert k.do("+attack Viper=ma") == [
        ("Martial Arts on Kai's sheet: #1 Martial Strike (OCV +0, DCV +2, STR +2d6 Strike); #2 Killing Strike (OCV "
        "-2, DCV +0, HKA 1d6+1 (+STR)); #3 Nerve Strike (OCV -1, DCV +1, 2d6 NND); #4 Legsweep (OCV +2, DCV -1, STR "
        "+1d6 Strike, Target Falls); #5 Martial Block (OCV +2, DCV +2, Block, Abort); #6 Martial Escape (OCV +0, "
        "DCV +0, +15 STR vs. Grabs); #7 Martial Grab (OCV -1, DCV -1, Grab Two Limbs, +10 STR for holding on); #8 "
        "Martial Dodge (OCV --, DCV +5, Dodge, Affects All Attacks, Abort); #9 Offensive Strike (OCV -2, DCV +1, "
        "STR +4d6 Strike); #10 Martial Flash (OCV -1, DCV -1, Flash 4 DC). Use one: +attack <target>=ma <name or "
        "#number>.")]
    assert k.do("+attack Viper=ma strike") == [("'strike' could be Martial Strike or Killing Strike or Nerve Strike "
                                               "or Offensive Strike: say which.")]
    assert k.do("+attack Viper=martial flash") == [
        "+attack does not roll Martial Flash (Flash 4 DC): the GM applies it (+damage, +kb)."]


@pytest.mark.parametrize("line", ["+attack Viper=martial strike", "+attack Viper=ma martial s", "+attack Viper=ma #1",
                                  "+attack Viper=Martial Strike"])
def test_a_martial_strike_is_str_plus_2d6_at_dcv_plus_2_with_martial_knockback(kai, line):
    """HERO 5E revised Martial Strike: OCV +0, DCV +2, STR + 2D6: STR 15 (3d6) + 2d6 = 5d6, 20 STUN
    5 BODY of fours against PD 5; Knockback on 3d6 (Martial Arts +1D6, RULES KNOCKBACK 3)."""
    world, g, k = kai
    world.set_dice(3, 3, 3, *[4] * 8)
    assert _ids(k.do(line))[:4] == [
        ("[Combat] Kai Strikes Viper (Martial Strike): OCV 5 vs DCV 5: 11 or less, rolls 9 (3 3 3): hits; hits DCV "
        "7 or less."),
        ("  5d6 normal: 20 STUN, 5 BODY (4 4 4 4 4). Viper takes 15 STUN and 0 BODY (20 STUN - 5 PD, 5 BODY - 5 PD): "
        "Stunned. Now STUN 5, BODY 10."),
        "  KB 5 BODY - 12 (4 4 4): no knockback.",
        "  Kai spends 1 END (1 for STR 15): END 19. [id]",
    ]
    assert world.roller.remaining == 0
    # Viper Stunned spends his Phase; Post-Segment 12 gives END back; the DCV lasts to Kai's next Phase
    assert g.do("+combat/status")[3] == "Kai    15   2    23/23  10/10  20/20  7    Martial Strike DCV +2"


def test_a_killing_strike_is_a_4_dc_hka_with_str_added(kai):
    """HERO 5E revised Killing Strike: OCV -2, 4 DC killing (1d6+1) and STR 15 adds 3 DC: 7 DC,
    2d6+1; against DCV 5 at OCV 3, 9 or less; Knockback +1D6 killing, +1D6 Martial Arts."""
    world, _g, k = kai
    world.set_dice(3, 3, 3, 4, 4, 4, 4, 4, 4, 4)
    assert _ids(k.do("+attack Viper=killing strike"))[:4] == [
        ("[Combat] Kai Strikes Viper (Killing Strike): OCV 5 -2 Killing Strike = 3 vs DCV 5: 9 or less, rolls 9 "
        "(3 3 3): hits; hits DCV 5 or less."),
        ("  2d6+1 killing: 9 BODY, x3, 27 STUN (4 4 +1; multiplier die 4). Viper takes 27 STUN and 9 BODY (27 STUN - "
        "0 PD, 9 BODY - 0 rPD): Stunned, Knocked Out. Now STUN -7, BODY 1."),
        "  KB 9 BODY - 16 (4 4 4 4): no knockback.",
        "  Kai spends 1 END (1 for STR 15): END 19. [id]",
    ]


def test_a_nerve_strike_is_2d6_nnd_without_str(kai):
    """HERO 5E revised Nerve Strike: OCV -1, DCV +1, 4 DC NND: 2d6, STUN only, no Knockback; no
    STR used, no END (RULES ADDING DAMAGE)."""
    world, _g, k = kai
    world.set_dice(3, 3, 3, 4, 4)
    assert _ids(k.do("+attack Viper=nerve strike"))[:4] == [
        ("[Combat] Kai Strikes Viper (Nerve Strike): OCV 5 -1 Nerve Strike = 4 vs DCV 5: 10 or less, rolls 9 (3 3 3): "
        "hits; hits DCV 6 or less."),
        ("  2d6 normal: 8 STUN, 2 BODY (4 4). Viper takes 8 STUN and 0 BODY (8 STUN - 0 No Normal Defense, 2 BODY - 0 "
        "No Normal Defense, STUN only). Now STUN 12, BODY 10."),
        "  No Knockback.",
        "  Kai spends 0 END: END 20. [id]",
    ]


def test_a_legsweep_is_str_plus_1d6_and_the_target_falls(kai):
    """HERO 5E revised Legsweep: OCV +2, DCV -1, STR + 1D6, Target Falls: 4d6; Viper prone."""
    world, g, k = kai
    world.set_dice(3, 3, 3, 4, 4, 4, 4, 4, 4, 4)
    said = _ids(k.do("+attack Viper=legsweep"))
    assert said[0] == ("[Combat] Kai Strikes Viper (Legsweep): OCV 5 +2 Legsweep = 7 vs DCV 5: 13 or less, rolls 9 "
                       "(3 3 3): hits; hits DCV 9 or less.")
    assert said[1] == ("  4d6 normal: 16 STUN, 4 BODY (4 4 4 4). Viper takes 11 STUN and 0 BODY (16 STUN - 5 PD, 4 BODY "
                       "- 5 PD): Stunned. Now STUN 9, BODY 10.")
    assert said[4] == "  Viper falls: prone (1/2 DCV) until he stands. [id]"
    assert g.do("+combat/status")[3:5] == ["Kai    15   2    23/23  10/10  20/20  4    Legsweep DCV -1",
                                           "Viper  14   3    13/20  10/10  20/20  3    Prone"]


def test_a_martial_block_adds_its_ocv_to_the_block_roll_and_its_dcv(kai):
    """HERO 5E revised Martial Block: OCV +2, DCV +2: Kai's Block roll OCV 7 against Viper's OCV 5,
    13 or less; DCV 7 meanwhile."""
    world, g, k = kai
    assert k.do("+combat/block martial block")[0] == (
        "[Combat] Kai Blocks with Martial Block (OCV +2 to the Block roll, DCV +2) until their next Phase.")
    world.set_dice(3, 3, 3)
    assert _ids(g.do("+attack Kai=strike"))[:2] == [
        "[Combat] Viper attacks Kai (Strike).",
        ("  Kai Blocks (Martial Block): OCV 7 vs Viper's OCV 5: 13 or less, rolls 9 (3 3 3): made; the attack is "
        "stopped; Kai acts before Viper in the next Segment both act in."),
    ]
    assert g.do("+combat/status")[3] == "Kai    15   2    23/23  10/10  20/20  7    Blocking, Martial Block DCV +2"


def test_a_martial_dodge_is_dcv_plus_5(kai):
    world, g, k = kai
    assert k.do("+combat/dodge martial dodge")[0] == (
        "[Combat] Kai Dodges (Martial Dodge): DCV +5 against every attack until their next Phase.")
    world.set_dice(3, 3, 3)
    assert g.do("+attack Kai=strike")[0] == (
        "[Combat] Viper Strikes Kai (Strike): OCV 5 vs DCV 5 (Martial Dodge DCV +5) = 10: 6 or less, rolls 9 (3 3 3): "
        "misses; hits DCV 7 or less.")


def test_a_martial_grab_holds_with_10_str_more_and_martial_escape_adds_15(kai):
    """HERO 5E revised Martial Grab: OCV -1, DCV -1, +10 STR to hold on; Viper (STR 10, 2d6: 6 6,
    4 BODY) against Kai's 15 + 10 = 25 (5d6: 1 1 1 1 2, 1 BODY): free. Then Viper Grabs Kai (OCV 5 - 1
    against Kai's DCV 5 - 1, 11 or less) and Kai's Martial Escape is STR 15 + 15 = 30 (6d6) against 10."""
    world, g, k = kai
    world.set_dice(3, 3, 3)
    assert _ids(k.do("+attack Viper=martial grab"))[:2] == [
        ("[Combat] Kai Grabs Viper (Martial Grab): OCV 5 -1 Martial Grab = 4 vs DCV 5: 10 or less, rolls 9 (3 3 3): "
        "hits; hits DCV 6 or less."),
        ("  Kai holds Viper, holding on with +10 STR: Viper is at 1/2 DCV until free (+combat/escape), and Kai may "
        "Squeeze or Throw him (+attack Viper=squeeze)."),
    ]
    world.set_dice(6, 6, 1, 1, 1, 1, 2)
    assert _ids(g.do("+combat/escape"))[1] == (
        "  STR 10 vs STR 25: Viper 4 BODY (6 6) against Kai 1 BODY (1 1 1 1 2): Viper breaks free.")
    world.set_dice(3, 3, 3)
    assert _ids(g.do("+attack Kai=grab"))[0] == (
        "[Combat] Viper Grabs Kai (Grab): OCV 5 -1 Grab = 4 vs DCV 5 (Martial Grab DCV -1) = 4: 11 or less, rolls 9 "
        "(3 3 3): hits; hits DCV 6 or less.")
    g.do("+combat/pass")
    world.set_dice(*[2] * 6, 1, 1)
    assert _ids(k.do("+combat/escape martial escape"))[:3] == [
        "[Combat] Kai tries to escape Viper's hold (Martial Escape).",
        "  STR 30 vs STR 10: Kai 6 BODY (2 2 2 2 2 2) against Viper 0 BODY (1 1): Kai breaks free.",
        "  Kai spends 1 END (1 for STR 15): END 19. [id]",
    ]
    assert g.do("+combat/release Viper") == ["Viper holds nobody."]


def test_extra_dcs_add_to_each_martial_maneuver():
    """HERO 5E revised Extra DCs: +1D6 a DC to a Martial Strike (3d6 + 2 + 2 = 7d6), 1 DC more NND
    per DC (Nerve Strike 4 + 2 = 6 DC: 3d6)."""
    world, g, k = _kai_fight(extra_dcs=2)
    world.set_dice(3, 3, 3, *[1] * 7, 1, 1, 1)
    assert _ids(k.do("+attack Viper=ma #2"))[1] == (
        "  7d6 normal: 7 STUN, 0 BODY (1 1 1 1 1 1 1). Viper takes 2 STUN and 0 BODY (7 STUN - 5 PD, 0 BODY - 5 PD). "
        "Now STUN 18, BODY 10.")
    g.do("+combat/undo")
    world.set_dice(3, 3, 3, 1, 1, 1)
    assert _ids(k.do("+attack Viper=nerve strike"))[1] == (
        "  3d6 normal: 3 STUN, 0 BODY (1 1 1). Viper takes 3 STUN and 0 BODY (3 STUN - 0 No Normal Defense, 0 BODY - 0 "
        "No Normal Defense, STUN only). Now STUN 17, BODY 10.")


# --- several attacks in one Phase, and Club Weapon ------------------------------------------------
@pytest.fixture
def armed(fight):
    """The fight with Agent (an NPC, DEX 10, PD 2) too, and Starfire's Blast (EB 6d6) and Claws (HKA 1d6)."""
    world, g, s, p = fight
    g.do("+npc/create Agent")
    g.do("+combat/join Agent")
    s.do("+power Blast=eb 6d6")
    s.do("+power Claws=hka 1d6")
    g.do("+combat/next")
    return world, g, s, p


def test_a_sweep_is_minus_2_ocv_per_attack_on_each_and_stops_at_the_first_miss(armed):
    """HERO 5E revised Sweep: 3 attacks, -6 OCV on each: OCV 2 against Psiana's DCV 6 (7 or less:
    6 hits) then Viper's DCV 5 (8 or less: 12 misses); Agent is never rolled for; END for each
    Strike; Starfire at 1/2 DCV (8 to 4) until his next Phase."""
    world, g, s, _p = armed
    world.set_dice(2, 2, 2, 1, 1, 1, 1, 1, 1, 4, 4, 4)
    assert _ids(s.do("+attack Psiana, Viper, Agent=sweep"))[:9] == [
        "[Combat] Sweep: 3 attacks at -2 OCV each on every roll; 1/2 DCV until the next Phase.",
        ("  Starfire Strikes Psiana (Sweep): OCV 8 -6 Sweep = 2 vs DCV 6: 7 or less, rolls 6 (2 2 2): hits; hits DCV "
        "7 or less."),
        ("  4d6 normal: 4 STUN, 0 BODY (1 1 1 1). Psiana takes 0 STUN and 0 BODY (4 STUN - 12 PD, 0 BODY - 12 PD). "
        "Now STUN 23, BODY 10."),
        "  KB 0 BODY - 2 (1 1): no knockback.",
        "  Starfire spends 2 END (2 for STR 20): END 38.",
        ("  Starfire Strikes Viper (Sweep): OCV 8 -6 Sweep = 2 vs DCV 5: 8 or less, rolls 12 (4 4 4): misses; hits "
        "DCV 1 or less."),
        "  Starfire spends 2 END (2 for STR 20): END 36.",
        "  After the miss the rest miss: Agent. [id]",
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]
    assert world.roller.remaining == 0
    assert g.do("+combat/status Starfire")[0] == ("[Combat] Starfire: DEX 23, SPD 5, OCV 8, DCV 4; STUN 30/30, "
                                                  "BODY 10/10, END 36/40.")


def test_rapid_fire_is_one_roll_per_target_at_minus_2_each(armed):
    """HERO 5E revised Rapid Fire: Blast at two, -4 OCV on each: 9 or less against Psiana (DCV 6),
    10 or less against Viper (DCV 5); 6d6 of twos, 12 STUN 6 BODY against each one's ED; 3 END a shot."""
    world, _g, s, _p = armed
    world.set_dice(3, 3, 3, *[2] * 6, 6, 6, 3, 3, 3, *[2] * 6, 6, 6)
    said = _ids(s.do("+attack Psiana, Viper=rapid fire blast"))
    assert said[:3] == [
        "[Combat] Rapid Fire: 2 attacks at -2 OCV each on every roll; 1/2 DCV until the next Phase.",
        ("  Starfire attacks Psiana (Blast Rapid Fire): OCV 8 -4 Rapid Fire = 4 vs DCV 6: 9 or less, rolls 9 (3 3 3): "
        "hits; hits DCV 6 or less."),
        ("  6d6 normal: 12 STUN, 6 BODY (2 2 2 2 2 2). Psiana takes 9 STUN and 3 BODY (12 STUN - 3 ED, 6 BODY - 3 ED). "
        "Now STUN 14, BODY 7."),
    ]
    assert said[5:8] == [
        ("  Starfire attacks Viper (Blast Rapid Fire): OCV 8 -4 Rapid Fire = 4 vs DCV 5: 10 or less, rolls 9 (3 3 3): "
        "hits; hits DCV 6 or less."),
        ("  6d6 normal: 12 STUN, 6 BODY (2 2 2 2 2 2). Viper takes 10 STUN and 4 BODY (12 STUN - 2 ED, 6 BODY - 2 ED). "
        "Now STUN 10, BODY 6."),
        "  KB 6 BODY - 12 (6 6): no knockback.",
    ]
    assert said[8] == "  Starfire spends 3 END (3 for Blast): END 34. [id]"


def test_a_multiple_power_attack_is_one_roll_and_each_power_does_its_damage(armed):
    """HERO 5E revised: Blast and Claws together, one roll at OCV 8 (14 or less); Blast 6d6 of threes
    against ED 2; Claws HKA 1d6 + STR 20 (4 DC, at most doubling its 3 DC) = 2d6 killing: 4 4 is
    8 BODY, multiplier die 3 is x2; END 3 + 1 + 2 for STR."""
    world, _g, s, _p = armed
    world.set_dice(3, 3, 3, *[3] * 6, 6, 6, 4, 4, 3, 6, 6, 6)
    assert _ids(s.do("+attack Viper=mpa blast + claws"))[:6] == [
        ("[Combat] Starfire attacks Viper (Blast + Claws): OCV 8 vs DCV 5: 14 or less, rolls 9 (3 3 3): hits; hits "
        "DCV 10 or less."),
        ("  Blast: 6d6 normal: 18 STUN, 6 BODY (3 3 3 3 3 3). Viper takes 16 STUN and 4 BODY (18 STUN - 2 ED, 6 BODY - "
        "2 ED): Stunned. Now STUN 4, BODY 6."),
        "  KB 6 BODY - 12 (6 6): no knockback.",
        ("  Claws: 2d6 killing: 8 BODY, x2, 16 STUN (4 4; multiplier die 3). Viper takes 8 STUN and 5 BODY (16 STUN - "
        "8 PD, 8 BODY - 3 rPD): Knocked Out. Now STUN -4, BODY 1."),
        "  KB 8 BODY - 18 (6 6 6): no knockback.",
        "  Starfire spends 6 END (3 for Blast, 1 for Claws, 2 for STR 20): END 34. [id]",
    ]
    assert world.roller.remaining == 0


def test_club_weapon_does_normal_damage_of_the_killing_attacks_dcs(armed):
    """HERO 5E revised Club Weapon: Claws (HKA 1d6, 3 DC) as 3d6 normal, STR 20 adding 4d6: 7d6."""
    world, _g, s, _p = armed
    world.set_dice(3, 3, 3, *[3] * 7, 6, 6)
    assert _ids(s.do("+attack Viper=club claws"))[:4] == [
        ("[Combat] Starfire attacks Viper (Claws (Club Weapon)): OCV 8 vs DCV 5: 14 or less, rolls 9 (3 3 3): hits; "
        "hits DCV 10 or less."),
        ("  7d6 normal: 21 STUN, 7 BODY (3 3 3 3 3 3 3). Viper takes 13 STUN and 0 BODY (21 STUN - 8 PD, 7 BODY - 8 PD): "
        "Stunned. Now STUN 7, BODY 10."),
        "  KB 7 BODY - 12 (6 6): no knockback.",
        "  Starfire spends 3 END (1 for Claws (Club Weapon), 2 for STR 20): END 37. [id]",
    ]


@pytest.mark.parametrize(("line", "said"), [
    ("+attack Viper=sweep", "A Sweep or Rapid Fire attacks two or more: +attack Ox, Viper=sweep."),
    ("+attack Viper, Psiana=rapid fire", "Rapid Fire is for a ranged power; a Sweep for hand-to-hand attacks."),
    ("+attack Viper, Psiana=sweep blast", "Rapid Fire is for a ranged power; a Sweep for hand-to-hand attacks."),
    ("+attack Viper=mpa blast", "Name the powers with + between them: +attack Ox=mpa blast + claws."),
    ("+attack Viper=mpa blast + blast", "Each power goes in a Multiple-Power Attack once."),
    ("+attack Viper=club blast", "Club Weapon is for a hand-to-hand Killing Attack, not Blast."),
    ("+attack Viper, Psiana=grab", "That maneuver takes one target."),
    ("+attack Starfire=grab", "Attack someone else."),
    ("+attack Viper=squeeze", "Starfire does not hold Viper: Grab first."),
])
def test_mistakes_get_a_short_answer_and_use_no_dice(armed, line, said):
    world, g, s, _p = armed
    assert s.do(line) == [said]
    assert g.do("+combat/status")[3] == "Starfire  23   5    30/30  10/10  40/40  8    -"
    assert world.roller.remaining == 0


def test_a_grab_by_is_ocv_minus_3_dcv_minus_4_and_holds_with_v_over_5_more_str(fight):
    """HERO 5E revised Grab By (a Full Phase: 1/2 and a Full Move): OCV 8 - 3 = 5 against DCV 5,
    11 or less; Starfire DCV 8 - 4 = 4; at 20" he holds on with +4 STR; END 2 for STR 20 and 4 for
    20" of movement (RULES END USE). A Haymaker meets a Block like any other attack."""
    world, g, s, p = fight
    g.do("+combat/next")
    assert s.do("+attack Viper=grab by") == ["A Grab By needs the velocity: ... v <inches>."]
    world.set_dice(3, 3, 3)
    assert _ids(s.do("+attack Viper=grab by v 20"))[:3] == [
        ("[Combat] Starfire Grabs Viper (Grab By): OCV 8 -3 Grab By = 5 vs DCV 5: 11 or less, rolls 9 (3 3 3): hits; "
        "hits DCV 7 or less."),
        ("  Starfire holds Viper, holding on with +4 STR: Viper is at 1/2 DCV until free (+combat/escape), and "
        "Starfire may Squeeze or Throw him (+attack Viper=squeeze)."),
        "  Starfire spends 6 END (2 for STR 20, 4 for 20\" of movement): END 34. [id]",
    ]
    assert g.do("+combat/status Starfire")[0] == ("[Combat] Starfire: DEX 23, SPD 5, OCV 8, DCV 4; STUN 30/30, "
                                                  "BODY 10/10, END 34/40.")
    p.do("+combat/pass")
    assert g.do("+combat/move Viper=3") == ["Viper is held and cannot move away: +combat/escape first."]
    assert g.do("+combat/leave Starfire")[0] == "[Combat] Starfire leaves the fight."
    assert g.do("+combat/status")[4] == "Viper   14   3    20/20  10/10  20/20  5    -"


def test_a_haymaker_meets_the_targets_block_when_it_lands(fight):
    """Psiana Blocks (OCV 6); Viper's Haymaker (OCV 5) lands at the end of the next Segment and meets
    her Block roll first: 11 + 6 - 5 = 12 or less, 9 stops it (HERO 5E revised)."""
    world, g, s, p = fight
    g.do("+combat/next")
    s.do("+combat/pass")
    p.do("+combat/block")
    world.set_dice(3, 3, 3)
    said = _ids(g.do("+attack Psiana=haymaker"))  # it lands on the way to Segment 3 of Turn 2
    assert said[5:] == [
        "[Combat] Viper attacks Psiana (Haymaker).",
        ("[Combat]   Psiana Blocks (Block): OCV 6 vs Viper's OCV 5: 12 or less, rolls 9 (3 3 3): made; the attack is "
        "stopped; Psiana acts before Viper in the next Segment both act in."),
        "[Combat]   Viper spends 1 END (1 for STR 10): END 19. [id]",
        "[Combat] Turn 2, Segment 3: Phases in DEX order: Starfire 23, Psiana 18.",
        "[Combat] Starfire's Phase (DEX 23): acts.",
    ]


def test_martial_arts_bought_by_hand_cost_what_5e_says_and_fight_as_imported_ones():
    """+martial buys from the 5E table at Hero Designer's 5E cost (Martial Strike 4, Nerve Strike 4,
    Extra DCs 4 each); Kai's Dragon Kick is a Martial Strike: STR 15 + 2 DC + 2 Extra DCs = 7d6."""
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    k = world.login("Kai")
    k.do("+stat STR=15")
    k.do("+stat DEX=15")
    assert k.do("+martial Dragon Kick=martial strike") == [
        "Added #1 Dragon Kick: Martial Strike (OCV +0, DCV +2, STR +2d6 Strike): 4 Active Points, 4 Real Cost.",
        "Points: 24 spent of 200 base + 0 disadvantages + 0 XP = 200: 176 left."]
    assert k.do("+martial Nerve Strike=nerve strike")[0] == (
        "Added #2 Nerve Strike (OCV -1, DCV +1, 2d6 NND): 4 Active Points, 4 Real Cost.")
    assert k.do("+martial Extra DCs=2")[0] == "Added #3 +2 HTH Damage Class(es): 8 Active Points, 8 Real Cost."
    assert k.do("+martial Flip=somersault") == [
        "'somersault' is not a maneuver of the 5E Martial Arts table (+maneuver martial)."]
    for line in ("+npc/create Viper", "+stat/set Viper/DEX=14", "+stat/set Viper/PD=5", "+combat/start",
                 "+combat/join Kai", "+combat/join Viper", "+combat/next"):
        g.do(line)
    world.set_dice(3, 3, 3, *[1] * 7, 1, 1, 1)
    assert _ids(k.do("+attack Viper=dragon kick"))[:2] == [
        ("[Combat] Kai Strikes Viper (Dragon Kick): OCV 5 vs DCV 5: 11 or less, rolls 9 (3 3 3): hits; hits DCV 7 or "
        "less."),
        ("  7d6 normal: 7 STUN, 0 BODY (1 1 1 1 1 1 1). Viper takes 2 STUN and 0 BODY (7 STUN - 5 PD, 0 BODY - 5 PD). "
        "Now STUN 18, BODY 10."),
    ]
    g.do("+combat/undo")
    assert k.do("+martial/remove Dragon Kick")[0] == (
        "Removed Dragon Kick: Martial Strike (OCV +0, DCV +2, STR +2d6 Strike).")
