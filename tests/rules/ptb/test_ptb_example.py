"""The Attack-O the Robot Clown and Dark Defender example of PTB 2C, both rounds, exactly.

Attack-O: attack 30, Dodge Resist 20, giant mallet (Heavy, 1 1/2) with a +5 Strength bonus.
The Dark Defender: attack 20, Dodge Resist 30, cestus (Light, 1/2, one-handed) with half of
his Strength bonus, +5 (so STR 20 for both, one-handed).
"""

from fractions import Fraction

from champions_mush.rules.dice import FixedRoller
from champions_mush.rules.ptb import (
    DefenseKind,
    Weapon,
    WeaponClass,
    active_defense,
    passive_defense,
    resolve_attack,
    roll_score,
)

MALLET = Weapon(WeaponClass.HEAVY)
CESTUS = Weapon(WeaponClass.LIGHT)
STRENGTH = 20


def test_round_one_attack_o_hits_passive_dark_defender_for_8():
    roller = FixedRoller([17])
    defense = passive_defense(30)
    result = resolve_attack(
        roll_score(30, roller), defense, MALLET.multiplier, MALLET.bonus(STRENGTH)
    )
    assert defense.kind is DefenseKind.PASSIVE
    assert defense.value == 15
    assert result.hit
    assert result.margin == 2
    assert result.multiplier == Fraction(3, 2)
    assert result.base_damage == 3
    assert result.bonus == 5
    assert result.damage == 8


def test_round_one_dark_defender_misses_passive_attack_o():
    roller = FixedRoller([7])
    defense = passive_defense(20)
    result = resolve_attack(
        roll_score(20, roller), defense, CESTUS.multiplier, CESTUS.bonus(STRENGTH)
    )
    assert defense.value == 10
    assert not result.hit
    assert result.damage == 0


def test_round_two_attack_o_misses_an_active_25():
    roller = FixedRoller([21, 25])
    attack = roll_score(30, roller)
    defense = active_defense(30, roller)
    result = resolve_attack(attack, defense, MALLET.multiplier, MALLET.bonus(STRENGTH))
    assert (attack.total, defense.value) == (21, 25)
    assert defense.kind is DefenseKind.ACTIVE
    assert not result.hit
    assert result.damage == 0


def test_round_two_dark_defender_hits_by_4_for_7():
    roller = FixedRoller([9, 5])
    attack = roll_score(20, roller)
    defense = active_defense(20, roller)
    result = resolve_attack(attack, defense, CESTUS.multiplier, CESTUS.bonus(STRENGTH))
    assert defense.value == 5
    assert result.hit
    assert result.margin == 4
    assert result.base_damage == 2
    assert result.bonus == 5
    assert result.damage == 7
    assert roller.remaining == 0
