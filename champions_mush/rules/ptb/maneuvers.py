"""PTB special actions and their AP: Dedicated Attack, Dedicated Defense, Serpentine, Wrestling.

PTB 2C gives AP figures only for Wrestling (3 AP contact, 6 AP hold, 3 AP restraint) and
Serpentine (movement at double AP); other costs are the Narrator's (or the full AP of a
dedicated action).
"""

from __future__ import annotations

from ...values import frozen
from ..errors import RulesError
from .scores import check_score

__all__ = [
    "SERPENTINE_FEET_PER_BONUS",
    "SERPENTINE_MINIMUM_FEET",
    "WRESTLE_CONTACT_AP",
    "WRESTLE_HOLD_AP",
    "WRESTLE_RESTRAIN_AP",
    "DedicatedAction",
    "SerpentineMove",
    "dedicated_attack",
    "dedicated_defense",
    "serpentine",
]

#: Wrestling: an Adroitness attack roll to make contact costs 3 AP (PTB 2C).
WRESTLE_CONTACT_AP = 3
#: Wrestling: the contested Strength or Agility roll to start a hold costs the attacker 6 AP.
WRESTLE_HOLD_AP = 6
#: Wrestling: restraining a held opponent instead of hurting them costs 3 AP.
WRESTLE_RESTRAIN_AP = 3

#: Serpentine: the erratic move must cover at least ten feet.
SERPENTINE_MINIMUM_FEET = 10
#: Serpentine: +1 effective Dodge Resist against ranged attacks per 10 feet moved.
SERPENTINE_FEET_PER_BONUS = 10


@frozen
class DedicatedAction:
    """A dedicated action: all of the character's AP spent for one benefit (PTB 2C)."""

    ap_spent: int
    extra_attacks: int = 0
    active_defense_against_all: bool = False


def dedicated_attack(ap: int) -> DedicatedAction:
    """Dedicated Attack: spend all AP attacking and gain one extra attack (PTB 2C)."""
    check_score(ap, "AP")
    return DedicatedAction(ap_spent=ap, extra_attacks=1)


def dedicated_defense(ap: int) -> DedicatedAction:
    """Dedicated Defense: spend all AP and defend actively against every attack (PTB 2C)."""
    check_score(ap, "AP")
    return DedicatedAction(ap_spent=ap, active_defense_against_all=True)


@frozen
class SerpentineMove:
    """An erratic move: its doubled AP cost and the Dodge Resist bonus against ranged attacks,
    which lasts until the mover's next turn (PTB 2C Serpentine)."""

    feet: int
    ap_cost: int
    ranged_dodge_bonus: int


def serpentine(feet: int, move_ap: int) -> SerpentineMove:
    """Move ``feet`` erratically: double the AP of the move, +1 Dodge Resist per 10 feet.

    Raises:
        RulesError: the move covers less than ten feet.
    """
    check_score(feet, "distance")
    check_score(move_ap, "AP")
    if feet < SERPENTINE_MINIMUM_FEET:
        raise RulesError(f"Serpentine needs at least {SERPENTINE_MINIMUM_FEET} feet of movement.")
    return SerpentineMove(
        feet=feet, ap_cost=2 * move_ap, ranged_dodge_bonus=feet // SERPENTINE_FEET_PER_BONUS
    )
