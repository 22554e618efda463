"""Damage effects: RULES DAMAGE EFFECTS 1-3 (Stunned, Knocked Out, recovery chart), RULES DYING.

Rule tables are data: :data:`RECOVERY_CHART` (RULES RECOVERING CHART) and the Stunned and
Knocked Out effects as text the command layer can show.
"""

from __future__ import annotations

import enum

from ...values import frozen
from ..errors import RulesError
from .rounding import Half, hero_divide

__all__ = [
    "KNOCKED_OUT_EFFECT",
    "LifeState",
    "RECOVERY_CHART",
    "RecoveryFrequency",
    "RecoveryRow",
    "STUNNED_EFFECT",
    "is_knocked_out",
    "is_stunned",
    "knocked_out_stun",
    "life_state",
    "paramedic_modifier",
    "post_segment_12_body",
    "recovery_frequency",
]

#: RULES DAMAGE EFFECTS: what being Stunned does.
STUNNED_EFFECT = (
    "Stunned: 1/2 DCV; non-Persistent Powers turn off at the end of the Segment; "
    "no actions and no recoveries until the next Phase, which is spent recovering."
)

#: RULES DAMAGE EFFECTS 2: what being Knocked Out does.
KNOCKED_OUT_EFFECT = (
    "Knocked Out: lying on the ground at 0 OCV and 0 DCV; attacks do 2x STUN; "
    "non-Persistent Powers turn off at the end of the Segment; can only recover."
)


def is_stunned(stun_taken: int, con: int) -> bool:
    """Stunned when the STUN one attack does after defenses exceeds CON (RULES DAMAGE EFFECTS).

    Equal to CON is not Stunned.
    """
    return stun_taken > con


def is_knocked_out(stun: int) -> bool:
    """Knocked Out when STUN is 0 or lower (RULES DAMAGE EFFECTS 2)."""
    return stun <= 0


def knocked_out_stun(stun: int) -> int:
    """STUN an attack does to a Knocked Out character: 2x (RULES DAMAGE EFFECTS 2)."""
    return 2 * stun


class RecoveryFrequency(enum.IntEnum):
    """How often a Knocked Out character recovers; higher is more often."""

    #: -31 STUN or less: the GM's discretion (once an hour or longer).
    GM_DISCRETION = 0
    #: -21 to -30: once a minute, out of combat only.
    ONCE_A_MINUTE = 1
    #: -11 to -20: Post-Segment 12 only.
    POST_SEGMENT_12 = 2
    #: 0 to -10 (and conscious characters): every Phase and Post-Segment 12.
    EVERY_PHASE = 3


@frozen
class RecoveryRow:
    """A row of the recovery chart: the STUN range (inclusive) and how often."""

    high: int
    low: int | None  #: None: no lower bound
    frequency: RecoveryFrequency
    text: str


#: RULES RECOVERING CHART (docs/rules-engine.md gives the row boundaries: -11 starts the second row).
RECOVERY_CHART: tuple[RecoveryRow, ...] = (
    RecoveryRow(0, -10, RecoveryFrequency.EVERY_PHASE, "Every Phase and on Post-Segment 12"),
    RecoveryRow(-11, -20, RecoveryFrequency.POST_SEGMENT_12, "Post-Segment 12 only"),
    RecoveryRow(
        -21, -30, RecoveryFrequency.ONCE_A_MINUTE,
        "Once per minute (non-combat only -- no recoveries during combat)",
    ),
    RecoveryRow(
        -31, None, RecoveryFrequency.GM_DISCRETION, "GM's discretion (once per hour or longer)"
    ),
)


def recovery_frequency(stun: int, *, helped: bool = False) -> RecoveryFrequency:
    """How often a character at ``stun`` recovers (RULES RECOVERING CHART).

    ``helped``: someone spends full Phases helping him wake up: one level better.
    Positive STUN recovers every Phase.
    """
    level = RecoveryFrequency.EVERY_PHASE
    for row in RECOVERY_CHART:
        if stun <= row.high and (row.low is None or stun >= row.low):
            level = row.frequency
    if helped:
        level = RecoveryFrequency(min(level + 1, RecoveryFrequency.EVERY_PHASE))
    return level


class LifeState(enum.Enum):
    """Where a character stands on RULES DYING."""

    #: BODY above 0.
    ALIVE = "alive"
    #: 0 or less BODY: loses 1 BODY each Post-Segment 12 unless stabilised.
    DYING = "dying"
    #: BODY at -(BODY value) or less: a follower or NPC is dead.
    DEAD = "dead"
    #: BODY at -(BODY value) or less: a player character is in a coma instead.
    COMA = "coma"


def life_state(body: int, max_body: int, *, player_character: bool = True) -> LifeState:
    """ALIVE, DYING, DEAD or (player characters) COMA (RULES DYING).

    A character with 10 BODY dies at -10; player characters never die without their
    player's consent and staff approval: they fall into a coma.
    """
    if max_body < 1:
        raise RulesError("A character's BODY value is at least 1.")
    if body > 0:
        return LifeState.ALIVE
    if body > -max_body:
        return LifeState.DYING
    return LifeState.COMA if player_character else LifeState.DEAD


def post_segment_12_body(body: int, *, stabilised: bool = False) -> int:
    """BODY after Post-Segment 12: a dying character (BODY <= 0) loses 1 unless stabilised
    by a Paramedic roll (RULES DYING)."""
    return body - 1 if body <= 0 and not stabilised else body


def paramedic_modifier(body: int) -> int:
    """Paramedic roll modifier to stabilise a dying character: -1 per 2 BODY below 0.

    Rule: RULES DYING ("at -5 BODY, the Paramedic Roll would be at -2"): the penalty rounds
    .5 in the character's favour (HERO 5E).
    """
    if body >= 0:
        return 0
    return -hero_divide(-body, 2, Half.DOWN)
