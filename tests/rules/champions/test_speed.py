"""speed: the Speed Chart, DEX order, segments (HERO 5E, docs/rules-engine.md)."""

import pytest

from champions_mush.rules.champions import (
    FIRST_SEGMENT,
    SPEED_CHART,
    Combatant,
    acts_in_segment,
    next_segment,
    phase_order,
    speed_phases,
)
from champions_mush.rules.errors import RulesError


@pytest.mark.parametrize(
    ("spd", "segments"),
    [
        (1, (7,)),
        (2, (6, 12)),
        (3, (4, 8, 12)),
        (4, (3, 6, 9, 12)),
        (5, (3, 5, 8, 10, 12)),
        (6, (2, 4, 6, 8, 10, 12)),
        (7, (2, 4, 6, 7, 9, 11, 12)),
        (8, (2, 3, 5, 6, 8, 9, 11, 12)),
        (9, (2, 3, 4, 6, 7, 8, 10, 11, 12)),
        (10, (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)),
        (11, tuple(range(2, 13))),
        (12, tuple(range(1, 13))),
    ],
)
def test_speed_chart_rows(spd, segments):
    assert speed_phases(spd) == segments
    assert len(segments) == spd


def test_speed_chart_has_twelve_rows():
    assert sorted(SPEED_CHART) == list(range(1, 13))


@pytest.mark.parametrize("spd", [0, 13, -1])
def test_impossible_speed_refused(spd):
    with pytest.raises(RulesError, match="SPD is 1 to 12"):
        speed_phases(spd)


def test_acts_in_segment():
    assert acts_in_segment(4, 3)
    assert not acts_in_segment(4, 4)
    with pytest.raises(RulesError, match=r"A Segment is 1 to 12, not 13\."):
        acts_in_segment(4, 13)


def test_segments_cycle_and_combat_starts_in_12():
    assert FIRST_SEGMENT == 12
    assert next_segment(12) == 1
    assert next_segment(5) == 6


def test_phase_order_highest_dex_first():
    fighters = [
        Combatant("Ox", 3, 14),
        Combatant("Starfire", 5, 23),
        Combatant("Psiana", 4, 18),
        Combatant("Sonar", 4, 18),
    ]
    assert [c.name for c in phase_order(fighters, 12)] == ["Starfire", "Psiana", "Sonar", "Ox"]
    assert [c.name for c in phase_order(fighters, 3)] == ["Starfire", "Psiana", "Sonar"]
    assert [c.name for c in phase_order(fighters, 4)] == ["Ox"]
    assert phase_order(fighters, 1) == ()
