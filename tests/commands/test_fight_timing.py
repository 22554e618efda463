"""The timing of a fight against HERO 5E, fixed dice: an Abort or Awed whose lost Phase falls in
Segment 12, a held action through a Segment of automatic Phases, the Haymaker's extra Segment;
and +combat/adjust, +paramedics for an NPC medic, Leaping from STR and bought Running."""

from .test_combat import _ids, _next


def test_an_abort_whose_lost_phase_is_in_segment_12_costs_that_phase_only(fight):
    """HERO 5E: an Abort uses the character's next Phase, and a Dodge lasts until that Phase.
    Viper (SPD 3: Segments 4 8 12, last in DEX order) aborts to a Dodge in Segment 12: he loses
    his Segment 12 Phase, the Dodge ends there, the Turn ends, and he acts in Segment 4."""
    _world, g, s, p = fight
    g.do("+combat/next")  # Turn 1, Segment 12: Starfire's Phase
    assert g.do("+combat/abort Viper=dodge") == [
        ("[Combat] Viper aborts to a Dodge (+3 DCV against all attacks until their next Phase) and loses their "
        "next Phase.")]
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


def test_awed_in_segment_12_hesitates_that_phase_only(fight):
    """RULES PRE ATTACKS 2: Awed, he hesitates his next Phase (½ DCV until then); Viper's is the
    last of Segment 12, and he acts again in Segment 4 of the next Turn."""
    _world, g, s, p = fight
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


def test_adjust_says_the_value_set_when_it_is_over_the_maximum(fight):
    _world, g, _s, _p = fight
    assert g.do("+combat/adjust Viper=stun 40") == [
        "[Combat] Gina sets Viper's STUN to 20 (40 is over the maximum of 20)."]
    assert g.do("+combat/adjust Viper=body -3") == ["[Combat] Gina sets Viper's BODY to -3."]
    assert g.do("+combat/status")[5] == "Viper     14   3    20/20  -3/10  20/20  5    Dying"


def test_staff_roll_paramedics_with_an_npc_medic_on_his_phase(fight):
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
        ("[Combat] Doc gives Psiana first aid: Paramedics at -2 (BODY -4): 10 (3 3 4): made by 0. Psiana is "
        "stabilized: loses no more BODY on Post-Segment 12."),
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


def test_a_held_action_is_kept_through_a_segment_of_phases_that_pass_by_themselves(fight):
    """HERO 5E: a held action lasts until used or the holder's next Phase. Starfire holds in
    Segment 12; Psiana's and Viper's Phases pass by themselves (Stunned), so the tracker waits
    for Starfire before his next Phase (Segment 3) would take it; he uses it, then his Phase comes."""
    world, g, s, _p = fight
    g.do("+combat/next")
    g.do("+combat/adjust Psiana=stunned on")
    g.do("+combat/adjust Viper=stunned on")
    assert s.do("+combat/hold") == [
        "[Combat] Starfire holds their action (to use at a lower DEX, until their next Phase).",
        "[Combat] Psiana's Phase (DEX 18): Stunned: spends this Phase recovering from it, and is no longer Stunned.",
        "[Combat] Viper's Phase (DEX 14): Stunned: spends this Phase recovering from it, and is no longer Stunned.",
        "[Combat] Post-Segment 12 of Turn 1:",
        "[Combat]   Starfire recovers 8: STUN 30, END 40.",
        "[Combat]   Psiana recovers 5: STUN 23, END 30.",
        "[Combat]   Viper recovers 4: STUN 20, END 20.",
        "[Combat] Turn 2, Segment 3: Phases in DEX order: Starfire 23, Psiana 18.",
        ("[Combat] Starfire's next Phase comes in Segment 3 and no Phase since gave a chance to use the held action: "
        "Starfire may act with it now, or +combat/next goes on and it is lost."),
    ]
    # 4d6 (1 1 1 1) against PD 5 + rPD 3: nothing through
    world.set_dice(3, 3, 3, 1, 1, 1, 1, 1, 1)
    assert _ids(s.do("+attack Viper=strike")) == [
        ("[Combat] Starfire Strikes Viper (Strike): OCV 8 vs DCV 5: 14 or less, rolls 9 (3 3 3): hits; hits DCV 10 or "
        "less."),
        ("  4d6 normal: 4 STUN, 0 BODY (1 1 1 1). Viper takes 0 STUN and 0 BODY (4 STUN - 8 PD, 0 BODY - 8 PD). "
        "Now STUN 20, BODY 10."),
        "  KB 0 BODY - 2 (1 1): no knockback.",
        "  Starfire spends 2 END (2 for STR 20): END 38. [id]",
        "[Combat] Starfire's Phase (DEX 23): acts.",
    ]


def test_a_held_action_not_used_when_the_tracker_waits_is_lost_at_the_holders_phase(fight):
    _world, g, s, _p = fight
    g.do("+combat/next")
    g.do("+combat/adjust Psiana=stunned on")
    g.do("+combat/adjust Viper=stunned on")
    s.do("+combat/hold")
    assert g.do("+combat/next")[0] == "[Combat] Starfire's Phase (DEX 23): the held action is lost; acts."


def test_a_haymaker_lands_at_the_end_of_the_next_segment_with_dcv_minus_5_meanwhile(fight):
    """HERO 5E: Haymaker is ½ Phase and an extra Segment, DCV -5. Starfire winds up in Segment 3
    of Turn 2; Viper acts in Segment 4; it lands at the end of Segment 4: 8d6 (STR 20 + 4 DC)."""
    world, g, s, p = fight
    _next(g, 4)
    assert g.lines[-1] == "[Combat] Starfire's Phase (DEX 23): acts."
    assert s.do("+attack Viper=haymaker") == [
        ("[Combat] Starfire winds up a Haymaker at Viper: it lands at the end of Segment 4 of Turn 2, unless Starfire "
        "is Stunned first or Viper moves away; DCV -5 until then."),
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]
    assert g.do("+combat/status")[3] == "Starfire  23   5    30/30  10/10  40/40  3    Haymaker DCV -5"
    assert p.do("+combat/pass")[1:] == [
        "[Combat] Turn 2, Segment 4: Phases in DEX order: Viper 14.",
        "[Combat] Viper's Phase (DEX 14): acts.",
    ]
    world.set_dice(3, 3, 3, *[2] * 8, 6, 6)
    assert _ids(g.do("+combat/next")) == [
        "[Combat] Gina ends Viper's Phase.",
        ("[Combat] Starfire Haymakers Viper (Haymaker): OCV 8 vs DCV 5: 14 or less, rolls 9 (3 3 3): hits; hits DCV "
        "10 or less."),
        ("[Combat]   8d6 normal: 16 STUN, 8 BODY (2 2 2 2 2 2 2 2). Viper takes 8 STUN and 0 BODY (16 STUN - 8 PD, "
        "8 BODY - 8 PD). Now STUN 12, BODY 10."),
        "[Combat]   KB 8 BODY - 12 (6 6): no knockback.",
        "[Combat]   Starfire spends 2 END (2 for STR 20): END 38. [id]",
        "[Combat] Turn 2, Segment 5: Phases in DEX order: Starfire 23.",
        "[Combat] Starfire's Phase (DEX 23): acts.",
    ]


def test_a_haymaker_is_lost_when_the_attacker_is_stunned_before_it_lands(fight):
    world, g, s, p = fight
    g.do("+combat/next")
    s.do("+attack Psiana=haymaker")
    g.do("+damage Starfire=60 0")  # 40 STUN through: Stunned and Knocked Out
    p.do("+combat/pass")
    assert g.do("+combat/next")[1:7] == [
        "[Combat] Post-Segment 12 of Turn 1:",
        "[Combat]   Starfire: no Recovery (Stunned).",
        "[Combat]   Psiana recovers 5: STUN 23, END 30.",
        "[Combat]   Viper recovers 4: STUN 20, END 20.",
        "[Combat] Starfire's Haymaker at Psiana is lost: Starfire is Knocked Out before it lands.",
        "[Combat] Turn 2, Segment 3: Phases in DEX order: Starfire 23, Psiana 18.",
    ]
    assert world.roller.remaining == 0


def test_a_haymaker_misses_when_the_target_moves_away(fight):
    _world, g, s, p = fight
    g.do("+combat/next")
    s.do("+attack Psiana=haymaker")
    p.do("+combat/move 5")
    p.do("+combat/move 5")
    assert g.do("+combat/next")[5:7] == [
        "[Combat] Starfire's Haymaker misses: Psiana moved away before it landed.",
        "[Combat] Turn 2, Segment 3: Phases in DEX order: Starfire 23, Psiana 18.",
    ]
