"""Flash and not perceiving one's foes (HERO 5E revised; RULES FLASH)."""

import pytest

from champions_mush.rules.champions.senses import (
    flash_segments,
    flashed_through,
    group_named,
    unperceived_dcv,
    unperceived_ocv,
)


def test_segments_are_the_body_less_flash_defense_never_below_0():
    assert flash_segments(4, 0) == 4
    assert flash_segments(4, 2) == 2
    assert flash_segments(3, 5) == 0


def test_counting_begins_in_the_segment_the_flash_is_used():
    """4 Segments from Segment 12 of Turn 1 (24 counted from the fight's start): 24, 25, 26, 27."""
    assert flashed_through(24, 4) == 27


@pytest.mark.parametrize(("ocv", "ranged", "made"), [(8, False, 4), (5, False, 3), (8, True, 0)])
def test_unseeing_ocv_is_half_hand_to_hand_and_0_at_range(ocv, ranged, made):
    assert unperceived_ocv(ocv, ranged) == made


def test_unseeing_dcv_is_half_rounded_in_his_favour():
    assert unperceived_dcv(5) == 3


def test_groups_by_the_words_players_use():
    assert group_named("hearing").name == "Hearing Group"
    assert group_named("Sight Group").key == "SIGHTGROUP"
    assert group_named("feet") is None
