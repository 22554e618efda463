"""AnimOuch! combat: initiative, to-hit modifiers, range bands, terrain, area fire."""

import pytest

from champions_mush.rules.animouch import (
    ConePosition,
    HitModifiers,
    InitiativeEntry,
    Outcome,
    RangeBand,
    indirect_clears,
    range_band,
    roll_initiative,
    roll_to_hit,
)
from champions_mush.rules.dice import FixedRoller
from champions_mush.rules.errors import RulesError


def test_initiative_1d6_plus_modifier_highest_first():
    entries = [InitiativeEntry("Molly", 2), InitiativeEntry("Skaleng", 0), InitiativeEntry("Chen", 1)]
    order = roll_initiative(entries, FixedRoller([3, 6, 2]))
    assert [(r.name, r.total) for r in order] == [("Skaleng", 6), ("Molly", 5), ("Chen", 3)]


def test_initiative_hurt_last_turn_minus_three():
    order = roll_initiative([InitiativeEntry("Chen", 1, hurt_last_turn=True)], FixedRoller([5]))
    assert order[0].total == 3


def test_initiative_ties_reroll_within_their_slot():
    entries = [InitiativeEntry("A", 0), InitiativeEntry("B", 1), InitiativeEntry("C", 2)]
    # A 5, B 4, C 3: all total 5. Re-rolls: A 2, B 6, C 2; then A and C again: A 1, C 4.
    roller = FixedRoller([5, 4, 3, 2, 6, 2, 1, 4])
    order = roll_initiative(entries, roller)
    assert [r.name for r in order] == ["B", "C", "A"]
    assert order[1].tie_breaks == (2, 4)
    assert roller.remaining == 0


@pytest.mark.parametrize(
    ("distance", "band"),
    [(2, RangeBand.SHORT), (2.5, RangeBand.MEDIUM), (5, RangeBand.MEDIUM), (6, RangeBand.LONG),
     (10, RangeBand.LONG), (11, RangeBand.EXTREME), (19.9, RangeBand.EXTREME)],
)
def test_range_bands_for_range_10(distance, band):
    assert range_band(distance, 10) is band


def test_out_of_range_at_twice_the_range():
    with pytest.raises(RulesError, match="Out of range"):
        range_band(20, 10)


def test_every_listed_modifier():
    mods = HitModifiers(
        accuracy=3, avoidance=2, repeated_target=True, range=RangeBand.EXTREME,
        solid_cover=True, attacker_half_wounds=True, flying_ranged=True, during_move=True, gm=1,
    )
    # 7 + 3 - 2 + 1 - 3 - 1 - 1 - 1 - 2 + 1 = 2
    assert mods.target == 2
    assert dict(mods.items())["extreme range"] == -3


def test_avoidance_does_not_count_from_the_blind_side():
    assert HitModifiers(avoidance=3, avoidance_counts=False).target == 7
    assert HitModifiers(avoidance=3).target == 4


def test_direct_fire_cone_examples():
    c = HitModifiers(range=RangeBand.SHORT, cone=ConePosition.IN_CONE)
    d = HitModifiers(range=RangeBand.MEDIUM, cone=ConePosition.EDGE_OF_CONE)
    assert c.target - 7 == -1
    assert d.target - 7 == -3


def test_natural_2_hits_and_natural_12_misses_regardless():
    assert roll_to_hit(HitModifiers(avoidance=8), FixedRoller([1, 1])).succeeded
    assert not roll_to_hit(HitModifiers(accuracy=8), FixedRoller([6, 6])).succeeded


def test_exact_target_is_a_glancing_blow():
    assert roll_to_hit(HitModifiers(), FixedRoller([3, 4])).outcome is Outcome.PARTIAL


def test_indirect_fire_clears_a_quarter_of_its_range():
    assert indirect_clears(5, 20)
    assert not indirect_clears(5.5, 20)
