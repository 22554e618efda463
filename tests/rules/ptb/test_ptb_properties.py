"""Property tests for the PTB engine: ranges, ties, damage shape, and the default distribution."""

from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from champions_mush.rules.dice import RandomRoller
from champions_mush.rules.ptb import (
    WeaponClass,
    passive_defense,
    resolve_attack,
    roll_score,
)
from champions_mush.rules.ptb.scores import ScoreRoll

SETTINGS = settings(max_examples=150, deadline=None)
scores = st.integers(min_value=1, max_value=1000)


@SETTINGS
@given(score=scores, seed=st.integers(0, 2**32), method=st.sampled_from(["uniform", "bell"]))
def test_every_roll_lies_between_1_and_the_score(score, seed, method):
    total = roll_score(score, RandomRoller(seed), method).total
    assert 1 <= total <= score


@SETTINGS
@given(
    attack=st.integers(1, 200),
    roll=st.data(),
    dodge=st.integers(0, 200),
    weapon=st.sampled_from(list(WeaponClass)),
    bonus=st.integers(0, 30),
)
def test_damage_is_margin_times_multiplier_plus_bonus(attack, roll, dodge, weapon, bonus):
    face = roll.draw(st.integers(1, attack))
    defense = passive_defense(dodge)
    result = resolve_attack(ScoreRoll(attack, (face,)), defense, weapon.multiplier, bonus)
    if face <= defense.value:
        assert (result.hit, result.margin, result.damage) == (False, 0, 0)
    else:
        exact = (face - defense.value) * weapon.multiplier
        assert result.damage >= bonus
        assert abs(result.damage - bonus - exact) <= Fraction(1, 2)


@SETTINGS
@given(attack=st.integers(1, 100), dodge=st.integers(0, 200), data=st.data())
def test_damage_never_falls_as_the_roll_rises(attack, dodge, data):
    low = data.draw(st.integers(1, attack))
    high = data.draw(st.integers(low, attack))
    defense = passive_defense(dodge)

    def damage(face):
        return resolve_attack(ScoreRoll(attack, (face,)), defense, Fraction(3, 2), 5).damage

    assert damage(low) <= damage(high)


def test_uniform_method_is_flat_over_1_to_score():
    roller = RandomRoller(20261129)
    counts = Counter(roll_score(10, roller).total for _ in range(20000))
    assert set(counts) == set(range(1, 11))
    expected = 2000
    chi_square = sum((counts[k] - expected) ** 2 / expected for k in range(1, 11))
    assert chi_square < 27.88  # 9 degrees of freedom, p = 0.001


def test_bell_method_favours_the_middle():
    roller = RandomRoller(7)
    counts = Counter(roll_score(10, roller, "bell").total for _ in range(20000))
    assert counts[6] > 2 * counts[2]
    assert counts[6] > 2 * counts[10]


@SETTINGS
@given(
    boldness=st.lists(st.tuples(st.integers(0, 60), st.booleans()), min_size=1, max_size=8),
    seed=st.integers(0, 2**32),
)
def test_initiative_order_never_rises_and_passive_is_half(boldness, seed):
    from champions_mush.rules.ptb import InitiativeEntry, half_score, roll_initiative

    entries = [InitiativeEntry(f"c{i}", b, passive) for i, (b, passive) in enumerate(boldness)]
    order = roll_initiative(entries, RandomRoller(seed))
    values = [r.value for r in order]
    assert values == sorted(values, reverse=True)
    assert len(order) == len(entries)
    for r in order:
        if r.passive:
            assert r.value == half_score(r.boldness)
        else:
            assert 1 <= r.value <= r.boldness
