"""Mental combat: ECV and Ego Attack (HERO System 5th Edition revised, Mental Powers, Ego
Attack, Mental Defense; RULES EGO ATTACK).

ECV is EGO / 3; a Mental Power hits on 3D6 of 11 + the attacker's ECV - the target's ECV or
less. Ego Attack does the STUN of its dice as normal damage, less the target's Mental Defense,
and no BODY and no Knockback. Mental Defense is the points bought plus EGO / 5; a character
who bought none has none.
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from .rounding import hero_round

__all__ = ["EgoStun", "ecv", "ego_attack_stun", "mental_defense"]


def ecv(ego: int) -> int:
    """ECV from EGO: EGO / 3, to the nearest (HERO 5E: EGO 20 -> 7, EGO 10 -> 3)."""
    return hero_round(Fraction(max(ego, 0), 3))


def mental_defense(bought: int, ego: int) -> int:
    """Mental Defense: the points bought + EGO / 5 (HERO 5E: 10 bought and EGO 10 -> 12); 0
    without any bought."""
    return bought + hero_round(Fraction(max(ego, 0), 5)) if bought > 0 else 0


@attrs.frozen
class EgoStun:
    """An Ego Attack's STUN against Mental Defense: rolled, the defense, what got through."""

    rolled: int
    defense: int

    @property
    def through(self) -> int:
        return max(self.rolled - self.defense, 0)


def ego_attack_stun(stun: int, defense: int) -> EgoStun:
    """STUN of the dice less Mental Defense (HERO 5E: 22 STUN against MD 12 does 10)."""
    return EgoStun(stun, defense)
