"""Presence Attacks: RULES PRE ATTACKS 1-3.

1D6 per 5 PRE, modified in whole dice by the GM (:class:`PreModifier`), the total against
the higher of the target's PRE and EGO: Impressed (>=), Very Impressed (+10), Awed (+20),
Cowed (+30 or more); one level less for those the attack is not aimed at.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from ...values import frozen
from ..dice import DiceAmount, DiceRoll, Roller, roll
from ..errors import RulesError
from .dcs import dice_per

__all__ = [
    "PRE_LEVEL_STEP",
    "PreModifier",
    "PresenceAttack",
    "PresenceLevel",
    "presence_attack",
    "presence_dice",
    "presence_level",
]

#: RULES PRE ATTACKS 2: each level needs 10 more than the last.
PRE_LEVEL_STEP = 10


class PresenceLevel(enum.IntEnum):
    """RULES PRE ATTACKS 2: the effect of a PRE attack; ``effect`` is the table's text."""

    #: Below the target's PRE or EGO.
    NO_EFFECT = 0
    #: >= target's EGO or PRE.
    IMPRESSED = 1
    #: >= target's EGO or PRE + 10.
    VERY_IMPRESSED = 2
    #: >= target's EGO or PRE + 20.
    AWED = 3
    #: >= target's EGO or PRE + 30.
    COWED = 4

    @property
    def effect(self) -> str:
        return _EFFECTS[self]


_EFFECTS = {
    PresenceLevel.NO_EFFECT: "No effect.",
    PresenceLevel.IMPRESSED: (
        "Impressed: hesitates enough that the attacker may act before the target this Phase."
    ),
    PresenceLevel.VERY_IMPRESSED: (
        "Very impressed: hesitates as above and only gets a 1/2 Phase action next Phase; "
        "considers what the attacker says very deeply."
    ),
    PresenceLevel.AWED: (
        "Awed: hesitates 1 full Phase and is at 1/2 DCV; will possibly do as the attacker "
        "commands."
    ),
    PresenceLevel.COWED: (
        "Cowed: may surrender, run away or faint; has 0 DCV and will do as the attacker says."
    ),
}


class PreModifier(enum.Enum):
    """RULES PRE ATTACKS 3: the GM's modifiers, in dice, added after PRE's dice."""

    INAPPROPRIATE_SETTING = ("Inappropriate setting", -1)
    VERY_INAPPROPRIATE_SETTING = ("Very inappropriate setting", -2)
    IN_COMBAT = ("In combat", -1)
    ATTACKER_AT_DISADVANTAGE = ("Attacker at disadvantage", -1)
    WEAK_REPUTATION = ("Attacker reputation weak", -1)
    STRONG_REPUTATION = ("Attacker reputation strong", 1)
    SURPRISE = ("Surprise", 1)
    EXHIBITING_POWERS = ("Exhibiting Powers", 1)
    VIOLENT_ACTION = ("Violent action", 1)
    EXTREMELY_VIOLENT_ACTION = ("Extremely violent action", 2)
    INCREDIBLY_VIOLENT_ACTION = ("Incredibly violent action", 3)
    GOOD_SOLILOQUY = ("Good soliloquy", 1)
    EXCELLENT_SOLILOQUY = ("Excellent soliloquy", 2)
    INCREDIBLE_SOLILOQUY = ("Incredible soliloquy", 3)
    APPROPRIATE_SETTING = ("Appropriate setting", 1)
    VERY_APPROPRIATE_SETTING = ("Very appropriate setting", 2)
    TARGET_IN_PARTIAL_RETREAT = ("Target in partial retreat", 2)
    TARGET_IN_FULL_RETREAT = ("Target in full retreat", 4)

    def __init__(self, text: str, dice: int) -> None:
        self.text = text
        self.dice = dice


def presence_dice(
    pre: int, modifiers: Iterable[PreModifier] = (), *, dice_modifier: int = 0
) -> DiceAmount | None:
    """Dice of a PRE attack: 1D6 per 5 PRE, then the modifiers' whole dice (RULES PRE
    ATTACKS 1, 3). The rules file is silent on odd PRE: as HERO 5E (and RULES DAMAGE DICE
    for STR), more than halfway to the next 5 adds ½D6 (PRE 23 -> 4½D6).

    Returns None when the modifiers leave no dice.
    """
    if pre < 0:
        raise RulesError("PRE cannot be negative.")
    whole, half = dice_per(pre, 5)
    whole += sum(m.dice for m in modifiers) + dice_modifier
    if whole < 0:
        whole, half = 0, False
    if whole == 0 and not half:
        return None
    return DiceAmount(whole=whole, half=half)


def presence_level(
    total: int, target_pre: int, target_ego: int = 0, *, aimed: bool = True
) -> PresenceLevel:
    """The effect of a PRE attack total against the higher of the target's PRE and EGO.

    Rule: RULES PRE ATTACKS 1-2; ``aimed=False`` for onlookers the attack is not directed at:
    one level less.
    """
    against = max(target_pre, target_ego)
    if total < against:
        level = 0
    else:
        level = min(1 + (total - against) // PRE_LEVEL_STEP, PresenceLevel.COWED)
    if not aimed:
        level = max(level - 1, 0)
    return PresenceLevel(level)


@frozen
class PresenceAttack:
    """A rolled PRE attack."""

    roll: DiceRoll | None  #: None when modifiers left no dice
    against: int  #: the higher of the target's PRE and EGO
    level: PresenceLevel

    @property
    def total(self) -> int:
        return 0 if self.roll is None else self.roll.total

    @property
    def effect(self) -> str:
        return self.level.effect


def presence_attack(
    pre: int,
    target_pre: int,
    target_ego: int,
    roller: Roller,
    modifiers: Iterable[PreModifier] = (),
    *,
    dice_modifier: int = 0,
    aimed: bool = True,
) -> PresenceAttack:
    """Roll a PRE attack against one target (RULES PRE ATTACKS 1-3).

    Args:
        pre: the attacker's PRE.
        target_pre, target_ego: the target's PRE and EGO (the higher counts).
        modifiers: :class:`PreModifier` situations from the table.
        dice_modifier: any further whole dice the GM adds (+) or takes (-).
        aimed: False for those the attack is not directed at (one level less).
    """
    if target_pre < 0 or target_ego < 0:
        raise RulesError("PRE and EGO cannot be negative.")
    modifiers = tuple(modifiers)
    amount = presence_dice(pre, modifiers, dice_modifier=dice_modifier)
    dice = roll(amount, roller) if amount is not None else None
    total = 0 if dice is None else dice.total
    against = max(target_pre, target_ego)
    return PresenceAttack(
        roll=dice, against=against, level=presence_level(total, against, aimed=aimed)
    )
