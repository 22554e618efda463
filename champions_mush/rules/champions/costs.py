"""Character Point costs (HERO 5E revised): rounding, Active Points, Real Cost, characteristics.

HERO 5E revised: Active Points = (base cost + Adders) x (1 + total Advantages); Real Cost =
Active Points / (1 + total of the Limitations' sizes); each rounded to the nearest whole point,
an exact .5 in the character's favour (a cost rounds **down**, a figured value **up**).

Characteristics cost a fixed number of points per point bought over the starting value
(:data:`CHARACTERISTIC_COSTS`); figured ones start at their figured value, and SPD is paid
from its figured fraction (DEX 12: SPD 2.2, so SPD 4 costs 10 x 1.8 = 18 points).
Movement bought on the characteristics list (Running, Swimming, Leaping) costs as its Power.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import lru_cache

from ..errors import RulesError
from .characteristics import FIGURED, FIGURED_FROM, PRIMARY_BASE, figured_exact, figured_value
from .movement import forward_leap
from .rounding import Half, hero_round

__all__ = [
    "CHARACTERISTIC_COSTS",
    "FIGURED_FROM",
    "MOVEMENT_BASE",
    "PRIMARY_BASE",
    "active_points",
    "as_fraction",
    "characteristic_cost",
    "characteristic_round",
    "characteristic_start",
    "figured_exact",
    "level_points",
    "real_cost",
    "round_cost",
    "total_advantages",
    "total_limitations",
]

#: HERO 5E revised: Character Points per point of each characteristic (and inch of movement).
CHARACTERISTIC_COSTS: dict[str, Fraction] = {
    "STR": Fraction(1), "DEX": Fraction(3), "CON": Fraction(2), "BODY": Fraction(2),
    "INT": Fraction(1), "EGO": Fraction(2), "PRE": Fraction(1), "COM": Fraction(1, 2),
    "PD": Fraction(1), "ED": Fraction(1), "SPD": Fraction(10), "REC": Fraction(2),
    "END": Fraction(1, 2), "STUN": Fraction(1),
    "RUNNING": Fraction(2), "SWIMMING": Fraction(1), "LEAPING": Fraction(1),
}
#: HERO 5E: inches of movement every character has for free; Leaping is figured from STR
#: (:func:`characteristic_start`).
MOVEMENT_BASE: dict[str, int] = {"RUNNING": 6, "SWIMMING": 2}

def as_fraction(value: object) -> Fraction:
    """A cost or modifier as an exact fraction: ``"0.25"``, ``"1/4"``, ``-0.5``, ``3``.

    Raises:
        RulesError: the value is not a number.
    """
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    return _parsed(str(value).strip())


#: A number of points as written: a plain decimal (``-0.25``, ``12``) or a fraction (``1/4``) of
#: a few ASCII digits; never an exponent, whose big integers would stall the game.
_POINTS = re.compile(r"[+-]?[0-9]{1,7}(?:\.[0-9]{1,9})?|[+-]?[0-9]{1,7}/[0-9]{1,7}", re.ASCII)


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Fraction:
    """Text read once: a file repeats the same few values ("0.0", "3.0", "-0.25") thousands of times."""
    try:
        if not _POINTS.fullmatch(text):
            raise ValueError(text)
        return Fraction(text.replace("+", "")).limit_denominator(1000)
    except (ValueError, ZeroDivisionError):
        raise RulesError(f"'{text[:20]}' is not a number of points.") from None


def round_cost(value: Fraction | float) -> int:
    """A cost rounded HERO 5E style: to the nearest point, an exact .5 down (in the
    character's favour; a negative .5 therefore gives the larger refund)."""
    if isinstance(value, int):
        return value
    return hero_round(value if isinstance(value, Fraction) else Fraction(value), Half.DOWN)


def total_advantages(values: Iterable[object]) -> Fraction:
    """The sum of the Advantages (positive values; Limitations among them are ignored)."""
    return sum((v for v in map(as_fraction, values) if v > 0), Fraction(0))


def total_limitations(values: Iterable[object]) -> Fraction:
    """The sum of the sizes of the Limitations (negative values), as a positive number."""
    return sum((-v for v in map(as_fraction, values) if v < 0), Fraction(0))


def active_points(base: object, advantages: object = 0) -> int:
    """Active Points = base cost x (1 + Advantages), rounded in the character's favour.

    ``base`` includes the Adders; ``advantages`` is their total (``Fraction(1, 2)`` for +1/2).
    Energy Blast 12d6 (60 points) with +1/2: 90 Active Points.
    """
    base_points, plus = as_fraction(base), as_fraction(advantages)
    if plus < 0:
        raise RulesError("Advantages add to a power: their total cannot be negative.")
    return round_cost(base_points * (1 + plus))


def real_cost(active: object, limitations: object = 0) -> int:
    """Real Cost = Active Points / (1 + |Limitations|), rounded in the character's favour.

    ``limitations`` may be given as their (negative) sum or its size: 60 AP at -1/4 costs 48.
    """
    points, minus = as_fraction(active), abs(as_fraction(limitations))
    return round_cost(points / (1 + minus))


def level_points(levels: int | Fraction, cost: Fraction | int, every: int = 1) -> Fraction:
    """Points for ``levels`` bought at ``cost`` per ``every`` levels, as Hero Designer counts
    them: a part of a block of ``every`` levels is paid as a whole block (Armor 9 points at 3
    per 2: 15; Telekinesis 5 STR at 3 per 2 STR: 9; COM +5 at 1 per 2: 3)."""
    blocks = -((-Fraction(levels)) // every)  # a ceiling: part blocks are whole blocks
    return blocks * Fraction(cost)


def characteristic_start(name: str, primaries: Mapping[str, int]) -> int:
    """What a characteristic is before any points are spent on it (10, figured, or free inches)."""
    key = name.upper()
    if key in MOVEMENT_BASE:
        return MOVEMENT_BASE[key]
    if key == "LEAPING":  # RULES MOVEMENT (and 5E): a forward leap of 1" per 5 STR, .5 up as figured values
        return hero_round(forward_leap(primaries.get("STR", PRIMARY_BASE)))
    if key in FIGURED:
        return figured_value(key, primaries)
    if key in CHARACTERISTIC_COSTS:
        return PRIMARY_BASE
    raise RulesError(f"{name} is not a characteristic.")


def characteristic_cost(name: str, value: int, primaries: Mapping[str, int] | None = None) -> int:
    """Points paid for a characteristic at ``value`` (negative: points back for selling it down).

    ``primaries`` are the character's primary characteristics (for figured starts); all 10s
    when left out. DEX 12 costs 6; COM 18 costs 4; SPD 4 with DEX 12 costs 18; a half point
    rounds up (:func:`characteristic_round`).

    Raises:
        RulesError: ``name`` is not a characteristic.
    """
    key = name.upper()
    per_point = CHARACTERISTIC_COSTS.get(key)
    if per_point is None:
        raise RulesError(f"{name} is not a characteristic.")
    primaries = primaries or {}
    if value == characteristic_start(key, primaries):
        return 0  # nothing bought (SPD 3 with DEX 21 is its figured 3.1 shown whole, not -1 point)
    start = figured_exact(key, primaries) if key == "SPD" else Fraction(characteristic_start(key, primaries))
    return characteristic_round((value - start) * per_point)


def characteristic_round(points: Fraction) -> int:
    """A characteristic's points rounded as Hero Designer rounds them: to the nearest, an exact
    half point **up** (END +15 at 1/2 a point costs 8; COM 5, 2 1/2 points back, gives back 2)."""
    return hero_round(points, Half.UP)
