"""presence: RULES PRE ATTACKS 1-3, each boundary of the table."""

import pytest

from champions_mush.rules.champions import (
    PreModifier,
    PresenceLevel,
    presence_attack,
    presence_dice,
    presence_level,
)
from champions_mush.rules.dice import DiceAmount, FixedRoller
from champions_mush.rules.errors import RulesError


@pytest.mark.parametrize(
    ("total", "level"),
    [
        (19, PresenceLevel.NO_EFFECT),
        (20, PresenceLevel.IMPRESSED),
        (29, PresenceLevel.IMPRESSED),
        (30, PresenceLevel.VERY_IMPRESSED),
        (39, PresenceLevel.VERY_IMPRESSED),
        (40, PresenceLevel.AWED),
        (49, PresenceLevel.AWED),
        (50, PresenceLevel.COWED),
        (90, PresenceLevel.COWED),
    ],
)
def test_pre_table_boundaries_against_20(total, level):
    assert presence_level(total, 20, 15) is level
    assert presence_level(total, 15, 20) is level


@pytest.mark.parametrize(
    ("total", "level"),
    [
        (20, PresenceLevel.NO_EFFECT),
        (30, PresenceLevel.IMPRESSED),
        (40, PresenceLevel.VERY_IMPRESSED),
        (50, PresenceLevel.AWED),
        (80, PresenceLevel.AWED),
    ],
)
def test_one_level_less_when_not_aimed(total, level):
    assert presence_level(total, 20, aimed=False) is level


def test_each_level_has_its_effect():
    assert PresenceLevel.IMPRESSED.effect.startswith("Impressed")
    assert "1/2 Phase" in PresenceLevel.VERY_IMPRESSED.effect
    assert "1/2 DCV" in PresenceLevel.AWED.effect
    assert "0 DCV" in PresenceLevel.COWED.effect


@pytest.mark.parametrize(
    ("pre", "modifiers", "amount"),
    [
        (30, (), DiceAmount(6)),
        (23, (), DiceAmount(4, True)),
        (30, (PreModifier.IN_COMBAT,), DiceAmount(5)),
        (
            30,
            (PreModifier.INCREDIBLY_VIOLENT_ACTION, PreModifier.TARGET_IN_FULL_RETREAT),
            DiceAmount(13),
        ),
        (5, (PreModifier.VERY_INAPPROPRIATE_SETTING,), None),
    ],
)
def test_presence_dice(pre, modifiers, amount):
    assert presence_dice(pre, modifiers) == amount


def test_modifier_table_has_every_row_of_pre_attacks_3():
    dice = {m.text: m.dice for m in PreModifier}
    assert len(dice) == 18
    assert dice["Very inappropriate setting"] == -2
    assert dice["Target in full retreat"] == 4
    assert dice["Incredible soliloquy"] == 3


def test_presence_attack_rolled():
    attack = presence_attack(30, 20, 25, FixedRoller([6, 6, 6, 6, 6, 3, 1]),
                             [PreModifier.EXHIBITING_POWERS])
    assert attack.roll.faces == (6, 6, 6, 6, 6, 3, 1)
    assert (attack.total, attack.against, attack.level) == (34, 25, PresenceLevel.IMPRESSED)
    assert attack.effect == PresenceLevel.IMPRESSED.effect
    onlooker = presence_attack(30, 20, 25, FixedRoller([6, 6, 6, 6, 6, 4, 1]),
                               [PreModifier.EXHIBITING_POWERS], aimed=False)
    assert (onlooker.total, onlooker.level) == (35, PresenceLevel.IMPRESSED)


def test_presence_attack_with_dice_modifier_and_no_dice():
    attack = presence_attack(10, 10, 10, FixedRoller([]), dice_modifier=-2)
    assert (attack.roll, attack.total, attack.level) == (None, 0, PresenceLevel.NO_EFFECT)


def test_presence_attack_refuses_negative_values():
    with pytest.raises(RulesError, match=r"PRE and EGO cannot be negative\."):
        presence_attack(10, -1, 10, FixedRoller([]))
    with pytest.raises(RulesError, match=r"PRE cannot be negative\."):
        presence_dice(-5)
