"""Time: the Speed Chart, who acts in a Segment, Post-Segment 12 (HERO 5E).

The rules file names Phases, Segments and Post-Segment 12 without printing the chart.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ...values import frozen
from ..errors import RulesError

__all__ = [
    "Combatant",
    "FIRST_SEGMENT",
    "SEGMENTS",
    "SPEED_CHART",
    "acting_in",
    "acts_in_segment",
    "next_acting_segment",
    "next_segment",
    "phase_order",
    "speed_phases",
]

#: A Turn is 12 Segments; Post-Segment 12 follows the twelfth.
SEGMENTS = 12

#: HERO 5E: combat starts in Segment 12.
FIRST_SEGMENT = 12

#: HERO 5E Speed Chart: SPD -> the Segments in which the character has a Phase.
SPEED_CHART: dict[int, tuple[int, ...]] = {
    1: (7,),
    2: (6, 12),
    3: (4, 8, 12),
    4: (3, 6, 9, 12),
    5: (3, 5, 8, 10, 12),
    6: (2, 4, 6, 8, 10, 12),
    7: (2, 4, 6, 7, 9, 11, 12),
    8: (2, 3, 5, 6, 8, 9, 11, 12),
    9: (2, 3, 4, 6, 7, 8, 10, 11, 12),
    10: (2, 3, 4, 5, 6, 8, 9, 10, 11, 12),
    11: (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
    12: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
}


def speed_phases(spd: int) -> tuple[int, ...]:
    """The Segments of a character's Phases (Speed Chart): SPD 4 -> (3, 6, 9, 12)."""
    if spd not in SPEED_CHART:
        raise RulesError(f"SPD is 1 to 12, not {spd}.")
    return SPEED_CHART[spd]


def _check_segment(segment: int) -> None:
    if not 1 <= segment <= SEGMENTS:
        raise RulesError(f"A Segment is 1 to {SEGMENTS}, not {segment}.")


def acts_in_segment(spd: int, segment: int) -> bool:
    """Whether SPD ``spd`` has a Phase in ``segment`` (Speed Chart)."""
    _check_segment(segment)
    return segment in speed_phases(spd)


def next_segment(segment: int) -> int:
    """The Segment after ``segment``: 12 is followed by Post-Segment 12, then Segment 1."""
    _check_segment(segment)
    return segment % SEGMENTS + 1


@frozen
class Combatant:
    """Someone in the fight, as far as timing goes."""

    name: str
    spd: int
    dex: int


def phase_order(combatants: Iterable[Combatant], segment: int) -> tuple[Combatant, ...]:
    """Who acts in ``segment``, highest DEX first (HERO 5E).

    Equal DEX keeps the order given (HERO 5E leaves ties to a DEX roll-off or the GM).
    """
    _check_segment(segment)
    acting = [c for c in combatants if acts_in_segment(c.spd, segment)]
    return tuple(sorted(acting, key=lambda c: -c.dex))


@lru_cache(maxsize=4096)
def acting_in(speeds: tuple[tuple[int, int, int], ...], segment: int) -> tuple[int, ...]:
    """The keys of those with a Phase in ``segment``, in :func:`phase_order`, from (key, SPD,
    DEX) triples: worked out once per fight's speeds and Segment (every Phase asks it)."""
    order = phase_order((Combatant(str(key), spd, dex) for key, spd, dex in speeds), segment)
    return tuple(int(c.name) for c in order)


@lru_cache(maxsize=1024)
def next_acting_segment(speeds: tuple[int, ...], after: int) -> int:
    """The first Segment after ``after`` in which one of SPDs ``speeds`` has a Phase (Speed
    Chart), or 12 when none does."""
    for segment in range(after + 1, SEGMENTS + 1):
        if any(acts_in_segment(spd, segment) for spd in speeds):
            return segment
    return SEGMENTS
