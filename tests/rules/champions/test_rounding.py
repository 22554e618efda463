"""rounding.hero_round: nearest whole number; .5 up for damage, down for penalties (docs/rules-engine.md, Rounding)."""

from fractions import Fraction

import pytest

from champions_mush.rules.champions import Half, hero_round
from champions_mush.rules.champions.rounding import hero_divide


@pytest.mark.parametrize(
    ("value", "half", "expected"),
    [
        (Fraction(17, 2), Half.UP, 9),  # Titanos' pulled 17 BODY -> 9
        (Fraction(11, 2), Half.UP, 6),  # Starfire takes 6 of 11 BODY
        (Fraction(5, 2), Half.DOWN, 2),  # Paramedic at -5 BODY: -2
        (Fraction(17, 3), Half.DOWN, 6),  # 5.67 -> 6 either way
        (Fraction(16, 3), Half.UP, 5),  # 5.33 -> 5
        (Fraction(7, 2), Half.DOWN, 3),
        (Fraction(7, 2), Half.UP, 4),
        (4, Half.UP, 4),
        (0.5, Half.UP, 1),
        (Fraction(-5, 2), Half.UP, -2),
        (Fraction(-5, 2), Half.DOWN, -3),
    ],
)
def test_hero_round(value, half, expected):
    assert hero_round(value, half) == expected


def test_default_is_half_up():
    assert hero_round(Fraction(1, 2)) == 1


@pytest.mark.parametrize(
    ("numerator", "denominator", "half", "expected"),
    [
        (17, 2, Half.UP, 9),  # Titanos' pulled 17 BODY -> 9
        (11, 2, Half.UP, 6),  # Starfire takes 6 of 11 BODY
        (5, 2, Half.DOWN, 2),  # Paramedic at -5 BODY: -2
        (-5, 2, Half.DOWN, -3),
        (25, 10, Half.DOWN, 2),  # 25 Active Points cost 2 END (HERO 5E: .5 in the character's favour)
        (1300, 100, Half.UP, 13),
        (650, 100, Half.DOWN, 6),  # 13 STUN through 50 % Damage Reduction: 6
    ],
)
def test_hero_divide_rounds_a_quotient_as_hero_round_rounds_its_fraction(numerator, denominator, half, expected):
    assert hero_divide(numerator, denominator, half) == expected == hero_round(Fraction(numerator, denominator), half)


def test_hero_divide_is_hero_round_of_every_small_quotient():
    for denominator in range(1, 13):
        for numerator in range(-40, 41):
            for half in Half:
                assert hero_divide(numerator, denominator, half) == hero_round(Fraction(numerator, denominator), half)
