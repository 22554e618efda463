"""Figured characteristics (HERO 5E; the rules file does not list them).

PD = STR/5, ED = CON/5, SPD = 1 + DEX/10, REC = STR/5 + CON/5, END = 2 x CON,
STUN = BODY + STR/2 + CON/2.
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from ..errors import RulesError
from .rounding import hero_round

__all__ = ["Figured", "figured_characteristics"]


@attrs.frozen
class Figured:
    """The figured characteristics of a character."""

    pd: int
    ed: int
    spd: int
    rec: int
    end: int
    stun: int


def figured_characteristics(strength: int, dex: int, con: int, body: int) -> Figured:
    """Figure PD, ED, SPD, REC, END and STUN from STR, DEX, CON and BODY (HERO 5E).

    Each term is rounded to the nearest, .5 up, before the terms are added, as Hero Designer
    figures them (STR 11, CON 13, BODY 14: STUN 14 + 6 + 7 = 27); SPD drops fractions
    (HERO 5E: DEX 18 -> SPD 2). STR 10, DEX 10, CON 10, BODY 10 -> PD 2, ED 2, SPD 2, REC 4,
    END 20, STUN 20.
    """
    if min(strength, dex, con, body) < 0:
        raise RulesError("Characteristics cannot be negative.")
    return Figured(
        pd=hero_round(Fraction(strength, 5)),
        ed=hero_round(Fraction(con, 5)),
        spd=min(1 + dex // 10, 12),
        rec=hero_round(Fraction(strength, 5)) + hero_round(Fraction(con, 5)),
        end=2 * con,
        stun=body + hero_round(Fraction(strength, 2)) + hero_round(Fraction(con, 2)),
    )
