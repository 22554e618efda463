"""adding: RULES ADDING DAMAGE (Haymaker, STR with HKA, Move By/Through with HKA, Pushing)."""

import pytest

from champions_mush.rules.champions import (
    HAYMAKER_DC,
    AttackKind,
    haymaker,
    killing_attack_dice,
    str_dice,
    strength_attack_dice,
)
from champions_mush.rules.dice import DiceAmount
from champions_mush.rules.errors import RulesError


def test_haymaker_is_four_dc():
    assert HAYMAKER_DC == 4
    assert haymaker("8") == DiceAmount(12)


def test_guide_str_23_haymaker_is_8_and_a_half_d6():
    assert haymaker(str_dice(23)) == DiceAmount(8, True)


def test_guide_hka_2d6_plus_4_dc_is_3d6_plus_1():
    assert haymaker("2", AttackKind.KILLING) == DiceAmount(3, pips=1)
    assert killing_attack_dice("2", extra_dcs=4) == DiceAmount(3, pips=1)


def test_rules_40_str_haymaker_pushed_to_50_is_14d6():
    assert strength_attack_dice(40, extra_dcs=4, pushed=10) == DiceAmount(14)


def test_pushing_alone_adds_its_str():
    assert strength_attack_dice(20, pushed=10) == DiceAmount(6)
    assert strength_attack_dice(23) == DiceAmount(4, True)


def test_str_adds_one_dc_per_5_str_to_an_hka():
    # 1D6 HKA (3 DC) + 15 STR (3 DC) -> 6 DC = 2D6.
    assert killing_attack_dice("1", strength=15) == DiceAmount(2)
    # 14 STR -> 2 DC: 1D6 -> 1 1/2 D6.
    assert killing_attack_dice("1", strength=14) == DiceAmount(1, True)


def test_str_at_most_doubles_an_hka():
    assert killing_attack_dice("1", strength=60) == DiceAmount(2)
    assert killing_attack_dice("2d6+1", strength=100) == DiceAmount(4, True)


def test_move_dice_add_one_dc_per_whole_die():
    # 2D6 HKA (6 DC) with a Move By of 6D6 -> 12 DC = 4D6; half dice add nothing.
    assert killing_attack_dice("2", move_dice="6") == DiceAmount(4)
    assert killing_attack_dice("2", move_dice="4 1/2") == DiceAmount(3, pips=1)


def test_pushing_an_hka_comes_after_the_doubling_cap():
    assert killing_attack_dice("1", strength=60, pushed=10) == DiceAmount(2, True)


def test_hka_without_additions_is_unchanged():
    assert killing_attack_dice("1d6+1") == DiceAmount(1, pips=1)


def test_negative_str_or_push_refused():
    with pytest.raises(RulesError, match=r"STR and Pushing cannot be negative\."):
        strength_attack_dice(-1)
    with pytest.raises(RulesError, match=r"STR and Pushing cannot be negative\."):
        killing_attack_dice("1", pushed=-5)
