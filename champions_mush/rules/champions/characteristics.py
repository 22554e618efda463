"""Figured characteristics (HERO 5E; the rules file does not list them).

PD = STR/5, ED = CON/5, SPD = 1 + DEX/10, REC = STR/5 + CON/5, END = 2 x CON,
STUN = BODY + STR/2 + CON/2.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from ...values import frozen
from ..errors import RulesError
from .rounding import hero_divide

__all__ = [
    "FIGURED",
    "FIGURED_FROM",
    "Figured",
    "MAX_SPD",
    "PRIMARY",
    "PRIMARY_BASE",
    "figured_characteristics",
    "figured_exact",
    "figured_value",
]

#: The primary characteristics, in Hero Designer's order (HERO 5E).
PRIMARY = ("STR", "DEX", "CON", "BODY", "INT", "EGO", "PRE", "COM")
#: HERO 5E: every primary characteristic starts at 10.
PRIMARY_BASE = 10
#: The figured characteristics, in Hero Designer's order (HERO 5E).
FIGURED = ("PD", "ED", "SPD", "REC", "END", "STUN")
#: HERO 5E Speed Chart: 12 Segments in a Turn, so SPD 12 at most, bought or figured.
MAX_SPD = 12
#: HERO 5E figured characteristics other than SPD, each a sum of (primary, divisor) terms.
FIGURED_FROM: dict[str, tuple[tuple[str, int], ...]] = {
    "PD": (("STR", 5),),
    "ED": (("CON", 5),),
    "REC": (("STR", 5), ("CON", 5)),
    "END": (("CON", 1), ("CON", 1)),
    "STUN": (("BODY", 1), ("STR", 2), ("CON", 2)),
}


@frozen
class Figured:
    """The figured characteristics of a character."""

    pd: int
    ed: int
    spd: int
    rec: int
    end: int
    stun: int


def figured_exact(name: str, primaries: Mapping[str, int]) -> Fraction:
    """A figured characteristic before rounding, each term rounded as Hero Designer does
    (HERO 5E, figured values .5 up): STUN = BODY + STR/2 + CON/2, SPD = 1 + DEX/10 exactly
    (what SPD costs is paid from this fraction: rules/champions/costs.py).

    Raises:
        RulesError: ``name`` is not a figured characteristic.
    """
    key = name.upper()
    if key == "SPD":
        return 1 + Fraction(primaries.get("DEX", PRIMARY_BASE), 10)
    terms = FIGURED_FROM.get(key)
    if terms is None:
        raise RulesError(f"{name} is not a figured characteristic.")
    return Fraction(sum(hero_divide(primaries.get(p, PRIMARY_BASE), d) for p, d in terms))


def figured_value(name: str, primaries: Mapping[str, int]) -> int:
    """A figured characteristic as the character has it: SPD drops fractions (HERO 5E: DEX 18 ->
    SPD 2) and stops at :data:`MAX_SPD`; the others are whole already."""
    exact = figured_exact(name, primaries)
    return min(int(exact), MAX_SPD) if name.upper() == "SPD" else int(exact)


def figured_characteristics(strength: int, dex: int, con: int, body: int) -> Figured:
    """Figure PD, ED, SPD, REC, END and STUN from STR, DEX, CON and BODY (HERO 5E).

    Each term is rounded to the nearest, .5 up, before the terms are added, as Hero Designer
    figures them (STR 11, CON 13, BODY 14: STUN 14 + 6 + 7 = 27); SPD drops fractions
    (HERO 5E: DEX 18 -> SPD 2). STR 10, DEX 10, CON 10, BODY 10 -> PD 2, ED 2, SPD 2, REC 4,
    END 20, STUN 20.

    A negative primary (bought down, or Drained below 0) lowers the figured characteristics from
    it like any other value (HERO 5E: STR -7 gives STUN 10 - 3 + 5 = 12); none goes below 0, nor
    SPD below 1.
    """
    primaries = {"STR": strength, "DEX": dex, "CON": con, "BODY": body}
    return Figured(*(max(figured_value(name, primaries), 1 if name == "SPD" else 0) for name in FIGURED))
