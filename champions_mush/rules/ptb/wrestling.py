"""PTB Wrestling: contact, the hold, damage from a hold, restraint (PTB 2C Wrestling).

Contact is an Adroitness attack roll (3 AP). The margin by which it beat the defense counts
toward the roll that starts the hold: a contest of Strength or Agility (6 AP for the attacker;
the defender meets it with an active or passive defense, at its usual cost). From a hold,
each attack is the same contest: damage = margin x 1/5 plus the full (unhalved) Strength
bonus; or the attacker forgoes damage and restrains for 3 AP.
"""

from __future__ import annotations

from fractions import Fraction

from ...values import frozen
from .combat import AttackResult, Contest, Defense, resolve_attack
from .maneuvers import WRESTLE_CONTACT_AP, WRESTLE_HOLD_AP, WRESTLE_RESTRAIN_AP
from .scores import ScoreRoll
from .weapons import strength_bonus

__all__ = [
    "WRESTLE_MULTIPLIER",
    "WrestleStep",
    "wrestle_contact",
    "wrestle_damage",
    "wrestle_hold",
    "wrestle_restrain",
]

#: Damage from a hold uses a 1/5 multiplier (PTB 2C).
WRESTLE_MULTIPLIER = Fraction(1, 5)


@frozen
class WrestleStep:
    """One step of a wrestle: its AP cost and the contest (None for restraint, which is not rolled)."""

    name: str
    ap_cost: int
    contest: Contest | None = None

    @property
    def succeeded(self) -> bool:
        return self.contest is None or self.contest.won

    @property
    def margin(self) -> int:
        return 0 if self.contest is None else self.contest.margin


def wrestle_contact(adroitness_roll: ScoreRoll, defense: Defense) -> WrestleStep:
    """Make contact: an Adroitness attack roll against the target's defense, 3 AP."""
    contest = Contest(attack=adroitness_roll, defense=defense)
    return WrestleStep(name="contact", ap_cost=WRESTLE_CONTACT_AP, contest=contest)


def wrestle_hold(strength_roll: ScoreRoll, defense: Defense, contact_margin: int = 0) -> WrestleStep:
    """Start a hold: Strength or Agility contested, the contact's margin added, 6 AP."""
    contest = Contest(attack=strength_roll, defense=defense, attack_bonus=max(0, contact_margin))
    return WrestleStep(name="hold", ap_cost=WRESTLE_HOLD_AP, contest=contest)


def wrestle_damage(strength_roll: ScoreRoll, defense: Defense, strength: int) -> AttackResult:
    """Hurt a held opponent: the same contest, margin x 1/5 plus the full Strength bonus."""
    return resolve_attack(
        strength_roll,
        defense,
        multiplier=WRESTLE_MULTIPLIER,
        bonus=strength_bonus(strength, two_handed=True),
    )


def wrestle_restrain() -> WrestleStep:
    """Forgo damage and simply restrain the held opponent: 3 AP, no roll."""
    return WrestleStep(name="restrain", ap_cost=WRESTLE_RESTRAIN_AP)
