"""Rounding: the one helper every Champions rule rounds with.

HERO 5E: round to the nearest whole number. The rules file's worked examples
settle the exact halves:

* damage that is halved rounds .5 **up** (Starfire takes 6 of 11 BODY in his Move Through;
  Titanos' pulled 17 BODY does 9): :attr:`Half.UP`;
* penalties round .5 in the character's favour, i.e. the smaller penalty (a Paramedic roll
  at -5 BODY is at -2): :attr:`Half.DOWN` applied to the size of the penalty.
"""

from __future__ import annotations

import enum
from fractions import Fraction

__all__ = ["Half", "hero_divide", "hero_round"]


class Half(enum.Enum):
    """Which way an exact .5 goes."""

    #: .5 rounds up: halved damage, figured characteristics (HERO 5E).
    UP = "up"
    #: .5 rounds down: the size of a penalty, in the character's favour (HERO 5E).
    DOWN = "down"


def hero_round(value: Fraction | float, half: Half = Half.UP) -> int:
    """Round ``value`` to the nearest whole number, an exact .5 going the ``half`` way.

    Rule: HERO 5E rounding (docs/rules-engine.md); the .5 cases as the rules file's examples show.
    Pass exact values (``Fraction(17, 2)``); floats are converted exactly.

    >>> hero_round(Fraction(17, 2)), hero_round(Fraction(5, 2), Half.DOWN)
    (9, 2)
    """
    if isinstance(value, int):
        return value
    exact = value if isinstance(value, Fraction) else Fraction(value)
    return hero_divide(exact.numerator, exact.denominator, half)


def hero_divide(numerator: int, denominator: int, half: Half = Half.UP) -> int:
    """:func:`hero_round` of ``numerator / denominator`` (``denominator`` above 0), with no
    ``Fraction`` made (the rules divide whole numbers many times an attack).

    >>> hero_divide(17, 2), hero_divide(-5, 2, Half.DOWN), hero_divide(25, 10, Half.DOWN)
    (9, -3, 2)
    """
    floor, rest = divmod(numerator, denominator)  # rest / denominator is in [0, 1)
    twice = 2 * rest
    if twice > denominator or (twice == denominator and half is Half.UP):
        return floor + 1
    return floor
