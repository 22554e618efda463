"""Recovery: RULES RECOVERING 1-3, RULES HOLDING BREATH, RULES DAMAGE EFFECTS 2 (waking).

REC goes to STUN and END (up to their maxima) at each Post-Segment 12 and on a Phase spent
taking a Recovery (a Full Phase at ½ DCV).
"""

from __future__ import annotations

from fractions import Fraction

from ...values import frozen
from ..dice import Roller
from ..errors import RulesError
from .endurance import spend_end

__all__ = [
    "BreathPhase",
    "HOLDING_BREATH_MIN_SPD",
    "HealingRate",
    "RECOVERY_EFFECT",
    "Recovery",
    "body_healing",
    "can_recover",
    "hold_breath_phase",
    "recovery",
]


#: RULES RECOVERING: what taking a Recovery in a Phase costs the character.
RECOVERY_EFFECT = (
    "Taking a Recovery: a Full Phase at 1/2 DCV; no END may be spent, so Powers that cost END "
    "turn off. Any STUN or BODY through the defenses that Segment spoils it. Post-Segment 12 "
    "Recoveries are free and still happen."
)


@frozen
class Recovery:
    """STUN and END after a Recovery; ``woke_up`` when the character came to."""

    stun: int
    end: int
    woke_up: bool


def recovery(stun: int, end: int, rec: int, max_stun: int, max_end: int) -> Recovery:
    """Take a Recovery: REC to STUN and to END, up to their maxima (RULES RECOVERING).

    RULES DAMAGE EFFECTS 2: a Knocked Out character (STUN <= 0) who comes to has END equal to
    his STUN at that instant (Astron: -3 STUN, REC 12 -> 9 STUN and 9 END).
    """
    if rec < 0 or max_stun < 1 or max_end < 0:
        raise RulesError("REC cannot be negative; maximum STUN is at least 1.")
    new_stun = min(stun + rec, max(max_stun, stun))
    woke_up = stun <= 0 < new_stun
    if woke_up:
        new_end = min(new_stun, max_end)
    else:
        new_end = min(end + rec, max(max_end, end))
    return Recovery(stun=new_stun, end=new_end, woke_up=woke_up)


def can_recover(
    *,
    stunned: bool = False,
    holding_breath: bool = False,
    damaged_this_segment: bool = False,
) -> bool:
    """Whether a Recovery happens.

    Rules: RULES DAMAGE EFFECTS (no recoveries while Stunned or recovering from it);
    RULES HOLDING BREATH (no recoveries at all, Post-Segment 12 included); RULES RECOVERING
    (a single STUN or BODY through the defenses in that Segment spoils it).
    How often a Knocked Out character recovers: ``effects.recovery_frequency``.
    """
    return not (stunned or holding_breath or damaged_this_segment)


#: RULES HOLDING BREATH: a character may lower his SPD at the end of each Turn, to 2 at least,
#: to save END.
HOLDING_BREATH_MIN_SPD = 2


@frozen
class BreathPhase:
    """One Phase of holding breath: END, STUN and BODY after it, and any STUN dice."""

    end: int
    stun: int
    body: int
    stun_faces: tuple[int, ...]


def hold_breath_phase(end: int, stun: int, body: int, roller: Roller) -> BreathPhase:
    """One Phase holding breath (RULES HOLDING BREATH): 1 END; at 0 END, STUN as END (1D6 per
    END, RULES END USE); at 0 END and 0 or less STUN, 1 BODY instead, until dead."""
    if end <= 0 and stun <= 0:
        return BreathPhase(end=0, stun=stun, body=body - 1, stun_faces=())
    spent = spend_end(max(end, 0), stun, 1, roller)
    return BreathPhase(end=spent.end, stun=spent.stun, body=body, stun_faces=spent.stun_faces)


@frozen
class HealingRate:
    """BODY regained: ``body`` per ``days`` (30 for a month, 7 for a week)."""

    body: Fraction
    days: int

    @property
    def days_per_body(self) -> Fraction | None:
        """Days for each BODY (REC 10 per month -> 3); None when no BODY comes back."""
        return None if self.body == 0 else Fraction(self.days) / self.body


def body_healing(
    rec: int, *, adventuring: bool = False, poor_conditions: bool = False, hospital: bool = False
) -> HealingRate:
    """BODY healing (RULES RECOVERING 3): REC per month of bed rest; halved while adventuring,
    halved again in poor or unsanitary conditions; hospital care: REC per week.
    A month is taken as 30 days (REC 10 -> "roughly 1 BODY every 3 days")."""
    if rec < 0:
        raise RulesError("REC cannot be negative.")
    body = Fraction(rec)
    if adventuring:
        body /= 2
    if poor_conditions:
        body /= 2
    return HealingRate(body=body, days=7 if hospital else 30)
