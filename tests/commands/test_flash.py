"""Flash in a fight, through +attack, with fixed dice against HERO 5E revised's numbers (RULES FLASH)."""

from .test_combat import _ids


def _flash_viper(world, g, s, faces=(1, 3, 5, 6)):
    """Starfire (OCV 8) Flashes Viper (DCV 5) in Segment 12 of Turn 1 with Flash 4d6 (Sight Group)."""
    s.do("+power Dazzle=flash 4d6")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, *faces)
    return _ids(s.do("+attack Viper=dazzle range 8"))


def test_typed_flash_is_the_attack_and_flash_defense_the_defense(fight):
    """HERO 5E revised: Flash against the Sight Group 10 Character Points a d6, another group 5;
    Flash Defense 1 a point."""
    _world, _g, s, _p = fight
    assert s.do("+power Dazzle=flash 4d6")[0] == "Added #1 Dazzle: Flash 4d6 (Sight Group): 40 Active Points, " \
                                                  "40 Real Cost, 4 END."
    assert s.do("+power Shriek=flash 2d6 vs hearing")[0] == "Added #2 Shriek: Flash 2d6 (Hearing Group): 10 Active " \
                                                           "Points, 10 Real Cost, 1 END."
    assert s.do("+power Shades=flash defense 5")[0] == "Added #3 Shades: Flash Defense 5 point: 5 Active Points, " \
                                                       "5 Real Cost."
    assert s.do("+power Odd=flash 2d6 vs feet") == [("A Flash works against a Sense Group: Sight Group, Hearing Group, "
                                                   "Mental Group, Radio Group, Smell/Taste Group, Touch Group, "
                                                   "Unusual Senses.")]


def test_a_flash_is_its_body_less_flash_defense_in_segments_counted_from_its_own(fight):
    """HERO 5E revised: 4d6 rolling 1 3 5 6 is 0 + 1 + 1 + 2 = 4 BODY, 4 Segments: Segment 12 of
    Turn 1 (the Segment it is used in) and Segments 1, 2 and 3 of Turn 2; 40 Active Points, 4 END;
    OCV 8 -2 at 8" vs DCV 5: 12 or less."""
    world, g, s, _p = fight
    assert _flash_viper(world, g, s) == [
        ("[Combat] Starfire Flashes Viper (Dazzle): OCV 8 -2 range 8\" = 6 vs DCV 5: 12 or less, rolls 9 (3 3 3): hits; "
        "hits DCV 8 or less."),
        ("  4d6 Flash (Sight Group): 4 BODY (1 3 5 6) - 0 Flash Defense = 4 Segments. Viper has lost the Sight Group "
        "through Segment 3 of Turn 2; ½ DCV, ½ OCV hand-to-hand, 0 OCV at range."),
        "  Starfire spends 4 END (4 for Dazzle): END 36. [id]",
        "[Combat] Psiana's Phase (DEX 18): acts.",
    ]
    assert g.do("+combat/status")[5:] == [
        "Viper     14   3    20/20  10/10  20/20  3    Flashed (Sight Group, to Turn 2",
        "                                              Segment 3)"]


def test_flash_defense_is_bought_for_one_sense_group(fight):
    """Flash Defense for the Hearing Group takes nothing off a Flash against sight (HERO 5E revised)."""
    world, g, s, _p = fight
    assert g.do("+power Viper/Earplugs=flash defense 5 vs hearing")[0] == (
        "Viper: Added #1 Earplugs: Flash Defense 5 point (Hearing Group): 5 Active Points, 5 Real Cost.")
    assert _flash_viper(world, g, s)[1] == (
        "  4d6 Flash (Sight Group): 4 BODY (1 3 5 6) - 0 Flash Defense = 4 Segments. Viper has lost the Sight Group "
        "through Segment 3 of Turn 2; ½ DCV, ½ OCV hand-to-hand, 0 OCV at range.")


def test_flash_defense_takes_segments_off_and_a_flashed_target_is_at_half_dcv(fight):
    """Viper with Flash Defense 2 (Sight Group): 4 BODY - 2 = 2 Segments, to Segment 1 of Turn 2;
    then Psiana (OCV 6) Strikes him at DCV 5 halved, 3 (.5 rounds up, his favour): 14 or less."""
    world, g, s, p = fight
    g.do("+power Viper/Goggles=flash defense 2")
    assert _flash_viper(world, g, s)[1] == (
        "  4d6 Flash (Sight Group): 4 BODY (1 3 5 6) - 2 Flash Defense = 2 Segments. Viper has lost the Sight Group "
        "through Segment 1 of Turn 2; ½ DCV, ½ OCV hand-to-hand, 0 OCV at range.")
    world.set_dice(3, 3, 3, 1, 1, 1, 1)
    assert p.do("+attack Viper=strike")[0] == (
        "[Combat] Psiana Strikes Viper (Strike): OCV 6 vs DCV 5 (Flashed (Sight Group, to Turn 2 Segment 1)) = 3: "
        "14 or less, rolls 9 (3 3 3): hits; hits DCV 8 or less.")


def test_the_flashed_attack_at_half_ocv_hand_to_hand_and_0_at_range(fight):
    """HERO 5E revised: unable to see his target, Viper (OCV 5) is at ½ OCV hand-to-hand (2 1/2:
    3, .5 in his favour) and 0 OCV at range (OCV 5 -2 at 8" = 3, made 0: 11 + 0 - 8 = 3 or less)."""
    world, g, s, p = fight
    _flash_viper(world, g, s)
    p.do("+combat/pass")
    world.set_dice(2, 2, 1, 1, 1, 1, 1)
    assert g.do("+attack Starfire=strike by Viper")[0] == (
        "[Combat] Viper Strikes Starfire (Strike): OCV 5 -2 Flashed = 3 vs DCV 8: 6 or less, rolls 5 (2 2 1): hits; "
        "hits DCV 9 or less.")
    g.do("+combat/undo")
    g.do("+power Viper/Venom=energy blast 6d6")
    world.set_dice(3, 3, 3)
    assert g.do("+attack Starfire=venom range 8 by Viper")[0] == (
        "[Combat] Viper attacks Starfire (Venom): OCV 5 -2 range 8\" -3 Flashed = 0 vs DCV 8: 3 or less, rolls 9 "
        "(3 3 3): misses; hits DCV 2 or less.")


def test_sight_comes_back_segment_by_segment_on_the_tracker(fight):
    """4 Segments from Segment 12 of Turn 1: Viper still sees nothing in Segment 3 of Turn 2 (DCV
    5 halved to 3 there) and has it back when Segment 4 begins; @reboot's store keeps it."""
    world, g, s, p = fight
    _flash_viper(world, g, s)
    p.do("+combat/pass")
    g.do("+combat/pass")  # Viper's Phase, Segment 12
    assert g.do("+combat/next")[-1] == "[Combat] Psiana's Phase (DEX 18): acts."  # Turn 2, Segment 3
    assert g.do("+combat/status Viper")[2] == "  Conditions: Flashed (Sight Group, to Turn 2 Segment 3)."
    assert g.do("+combat/next") == [
        "[Combat] Gina ends Psiana's Phase.",
        "[Combat] Turn 2, Segment 4: Phases in DEX order: Viper 14.",
        "[Combat] Viper's Sight Group is back: the Flash is over.",
        "[Combat] Viper's Phase (DEX 14): acts.",
    ]
    assert g.do("+combat/status Viper")[2] == "  Conditions: none."


def test_a_flash_of_another_sense_group_costs_no_ocv_or_dcv(fight):
    """Flash 2d6 vs the Hearing Group rolling 6 6: 4 BODY, 4 Segments deaf; the Hearing Group is
    no Targeting Sense, so Viper's DCV stays 5 (HERO 5E revised)."""
    world, g, s, _p = fight
    s.do("+power Shriek=flash 2d6 vs hearing")
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 6, 6)
    assert _ids(s.do("+attack Viper=shriek"))[1] == (
        "  2d6 Flash (Hearing Group): 4 BODY (6 6) - 0 Flash Defense = 4 Segments. Viper has lost the Hearing Group "
        "through Segment 3 of Turn 2.")
    assert g.do("+combat/status")[5:] == [
        "Viper     14   3    20/20  10/10  20/20  5    Flashed (Hearing Group, to Turn",
        "                                              2 Segment 3)"]


def test_a_flashed_attacker_in_darkness_is_not_halved_twice(fight):
    """HERO 5E revised: one who cannot see his target is at ½ OCV hand-to-hand, whether a Flash or
    a Darkness is why, not ½ of ½: Viper (OCV 5) Flashed and inside Psiana's Darkness Strikes at
    3; Starfire, who cannot see him in it, is at ½ DCV (8 -> 4)."""
    world, g, s, p = fight
    p.do("+power Shadows=darkness 2")
    _flash_viper(world, g, s)
    p.do("+use shadows=Viper")
    p.do("+combat/pass")
    world.set_dice(2, 2, 1, 1, 1, 1, 1)
    assert g.do("+attack Starfire=strike by Viper")[0] == (
        "[Combat] Viper Strikes Starfire (Strike): OCV 5 -2 Flashed = 3 vs DCV 8 (1/2: Viper is in Darkness) = 4: "
        "10 or less, rolls 5 (2 2 1): hits; hits DCV 9 or less.")
