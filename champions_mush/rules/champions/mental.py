"""Mental combat: ECV, Ego Attack and the EGO table of the other Mental Powers (HERO System 5th
Edition revised, Mental Powers, Ego Attack, Mental Defense; RULES EGO ATTACK, MENTAL POWERS).

ECV is EGO / 3; a Mental Power hits on 3D6 of 11 + the attacker's ECV - the target's ECV or
less. Ego Attack does the STUN of its dice as normal damage, less the target's Mental Defense,
and no BODY and no Knockback. Mental Defense is the points bought plus EGO / 5; a character
who bought none has none. Mind Control, Mental Illusions, Telepathy and Mind Scan roll their dice
for effect: the total less Mental Defense reaches a level at the target's EGO, EGO+10, +20 and
+30 (:data:`MENTAL_TABLES`); a lasting one is broken out of with an EGO roll at -1 for every 5
points the effect went past the level it reached.
"""

from __future__ import annotations

from ...values import frozen
from ..dice import Roller
from .rolls import SkillRoll, characteristic_roll
from .rounding import hero_divide

__all__ = ["EFFECT_STEPS", "EgoStun", "MENTAL_TABLES", "MIND_SCAN_REACHES", "MentalTable", "breakout_modifier",
           "breakout_roll", "ecv", "effect_level", "ego_attack_stun", "level_text", "mental_defense"]


def ecv(ego: int) -> int:
    """ECV from EGO: EGO / 3, to the nearest (HERO 5E: EGO 20 -> 7, EGO 10 -> 3)."""
    return hero_divide(max(ego, 0), 3)


def mental_defense(bought: int, ego: int) -> int:
    """Mental Defense: the points bought + EGO / 5 (HERO 5E: 10 bought and EGO 10 -> 12); 0
    without any bought."""
    return bought + hero_divide(max(ego, 0), 5) if bought > 0 else 0


@frozen
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


#: The levels of effect of the Mental Powers (HERO 5E revised, Mental Powers): the effect roll
#: (the total of the dice, less Mental Defense) must reach the target's EGO, EGO+10, +20, +30.
EFFECT_STEPS = (0, 10, 20, 30)
#: A Mind Scan that reaches this level finds a mind every Mental Power reaches without sight.
MIND_SCAN_REACHES = 2


@frozen
class MentalTable:
    """A Mental Power's table: what each level of effect does, and whether it lasts (its target
    rolls to break out of it each Phase)."""

    name: str
    levels: tuple[str, ...]
    lasting: bool = True


#: What each level does (HERO 5E revised, Mind Control, Mental Illusions, Telepathy, Mind Scan;
#: our own words), keyed by Hero Designer's XMLID.
MENTAL_TABLES: dict[str, MentalTable] = {
    "MINDCONTROL": MentalTable("Mind Control", (
        "actions the target was inclined to take anyway", "actions the target would not mind",
        "actions the target is normally against", "actions the target is violently opposed to")),
    "MENTALILLUSIONS": MentalTable("Mental Illusions", (
        "cosmetic changes to what the target perceives", "major changes to what the target perceives",
        "a wholly different setting", "a setting the target believes wholly, its harm felt")),
    "TELEPATHY": MentalTable("Telepathy", (
        "surface thoughts, read or sent", "deep or hidden thoughts", "memories", "the unconscious mind")),
    "MINDSCAN": MentalTable("Mind Scan", (
        "found: the direction; a Mind Link reaches the mind", "found: the distance; every Mental Power reaches it",
        "found: the exact place; every attack reaches it"), lasting=False),
}


def effect_level(total: int, ego: int, steps: int = len(EFFECT_STEPS)) -> int:
    """The levels an effect roll reaches against EGO: 0 (none) to 4 (HERO 5E: 32 against EGO 10
    reaches EGO+20, level 3)."""
    return sum(1 for step in EFFECT_STEPS[:steps] if total >= ego + step)


def breakout_modifier(total: int, ego: int, level: int) -> int:
    """The breakout roll's modifier: -1 for every whole 5 points the effect roll went past the
    level it reached (HERO 5E revised: 39 against EGO 10 at EGO+20 is 9 past, -1)."""
    if level <= 0:
        return 0
    return -((total - ego - EFFECT_STEPS[level - 1]) // 5)


def breakout_roll(ego: int, modifier: int, roller: Roller) -> SkillRoll:
    """The target's EGO roll to break out, each of his Phases (9 + EGO / 5, with ``modifier``)."""
    return characteristic_roll(ego, roller, modifier=modifier)


def level_text(level: int) -> str:
    """``EGO+20`` for level 3, ``EGO`` for level 1."""
    step = EFFECT_STEPS[level - 1]
    return f"EGO+{step}" if step else "EGO"
