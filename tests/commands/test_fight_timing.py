"""The timing of a fight against HERO 5E, fixed dice: an Abort or Awed whose lost Phase falls in
Segment 12, a held action through a Segment of automatic Phases, the Haymaker's extra Segment;
and +combat/adjust, +paramedics for an NPC medic, Leaping from STR and bought Running."""

import pytest

from .test_combat import fight  # noqa: F401 - the fixture: Starfire, Psiana, Viper and Gina the GM


def test_an_abort_whose_lost_phase_is_in_segment_12_costs_that_phase_only(fight):  # noqa: F811
    """HERO 5E: an Abort uses the character's next Phase, and a Dodge lasts until that Phase.
    Viper (SPD 3: Segments 4 8 12, last in DEX order) aborts to a Dodge in Segment 12: he loses
    his Segment 12 Phase, the Dodge ends there, the Turn ends, and he acts in Segment 4."""
    world, g, s, p = fight
    g.do("+combat/next")  # Turn 1, Segment 12: Starfire's Phase
    assert g.do("+combat/abort Viper=dodge") == [
        "[Combat] Viper aborts to a Dodge (+3 DCV against all attacks until their next Phase) and loses their "
        "next Phase."]
    assert g.do("+combat/status")[5] == "Viper     14   3    20/20  10/10  20/20  8    Dodge DCV +3, aborted"
    assert s.do("+combat/pass")[1] == "[Combat] Psiana's Phase (DEX 18): acts."
    assert p.do("+combat/pass") == [
        "[Combat] Psiana does nothing more this Phase.",
        "[Combat] Viper's Phase (DEX 14): aborted earlier, so loses this Phase.",
        "[Combat] Post-Segment 12 of Turn 1:",
        "[Combat]   Starfire recovers 8: STUN 30, END 40.",
        "[Combat]   Psiana recovers 5: STUN 23, END 30.",
        "[Combat]   Viper recovers 4: STUN 20, END 20.",
        "[Combat] Turn 2, Segment 3: Phases in DEX order: Starfire 23, Psiana 18.",
        "[Combat] Starfire's Phase (DEX 23): acts.",
    ]
    assert g.do("+combat/status")[5] == "Viper     14   3    20/20  10/10  20/20  5    -"
    s.do("+combat/pass")
    assert p.do("+combat/pass")[1:] == [
        "[Combat] Turn 2, Segment 4: Phases in DEX order: Viper 14.",
        "[Combat] Viper's Phase (DEX 14): acts.",
    ]


def test_awed_in_segment_12_hesitates_that_phase_only(fight):  # noqa: F811
    """RULES PRE ATTACKS 2: Awed, he hesitates his next Phase (½ DCV until then); Viper's is the
    last of Segment 12, and he acts again in Segment 4 of the next Turn."""
    world, g, s, p = fight
    g.do("+combat/next")
    assert g.do("+combat/adjust Viper=awed on") == ["[Combat] Gina sets Viper awed on."]
    s.do("+combat/pass")
    assert p.do("+combat/pass")[1] == "[Combat] Viper's Phase (DEX 14): Awed: hesitates this whole Phase."
    assert g.do("+combat/status")[5] == "Viper     14   3    20/20  10/10  20/20  5    -"
    s.do("+combat/pass")
    assert p.do("+combat/pass")[1:] == [
        "[Combat] Turn 2, Segment 4: Phases in DEX order: Viper 14.",
        "[Combat] Viper's Phase (DEX 14): acts.",
    ]


def test_adjust_says_the_value_set_when_it_is_over_the_maximum(fight):  # noqa: F811
    world, g, s, p = fight
    assert g.do("+combat/adjust Viper=stun 40") == [
        "[Combat] Gina sets Viper's STUN to 20 (40 is over the maximum of 20)."]
    assert g.do("+combat/adjust Viper=body -3") == ["[Combat] Gina sets Viper's BODY to -3."]
    assert g.do("+combat/status")[5] == "Viper     14   3    20/20  -3/10  20/20  5    Dying"


def test_staff_roll_paramedics_with_an_npc_medic_on_his_phase(fight):  # noqa: F811
    """RULES DYING: Paramedics at -1 per 2 BODY below 0; the medic is the NPC Doc (skill 12)."""
    world, g, s, p = fight
    g.do("+npc/create Doc")
    g.do("+stat/set Doc/Paramedics=12")
    g.do("+stat/set Doc/DEX=20")
    g.do("+combat/join Doc")
    g.do("+combat/adjust Psiana=body -4")
    g.do("+combat/next")  # Starfire's Phase
    assert p.do("+paramedics Psiana=Doc") == ["Only staff can give first aid for someone else."]
    assert g.do("+paramedics Psiana=Doc") == ["It is not Doc's Phase: it is Starfire's."]
    s.do("+combat/pass")  # Doc (DEX 20) next
    world.set_dice(3, 3, 4)  # 10 against 12 - 2
    assert g.do("+paramedics Psiana=Doc") == [
        "[Combat] Doc gives Psiana first aid: Paramedics at -2 (BODY -4): 10 (3 3 4): made by 0. Psiana is "
        "stabilized: loses no more BODY on Post-Segment 12.",
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]


def test_leaping_is_1_inch_per_5_str_and_the_sheet_shows_running_bought(world):
    """RULES MOVEMENT: a forward leap of 1" per 5 STR (STR 20: 4"); Running 6" free plus a
    +6" Running Power is 12" on the sheet."""
    alice = world.login("Alice")
    alice.do("+stat STR=20")
    alice.do("+power Legs=running 6")
    rows = alice.do("+sheet")
    assert rows[8] == 'END   20   0          STUN  25   0          Run   12"  0'
    assert rows[9] == 'Swim  2"   0          Leap  4"   0'
