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


def _swing(weapon, attack, defense):
    """An attack with ``weapon`` at STR 20."""
    return resolve_attack(attack, defense, weapon.multiplier, weapon.bonus(STRENGTH))


def _round_two(weapon, attack_score, dodge_resist, faces):
    """Round two: the attacker rolls, then the defender rolls an active defense; every die is used."""
    roller = FixedRoller(faces)
    attack = roll_score(attack_score, roller)
    defense = active_defense(dodge_resist, roller)
    assert roller.remaining == 0
    return attack, defense, _swing(weapon, attack, defense)


def test_round_one_attack_o_hits_passive_dark_defender_for_8():
    defense = passive_defense(30)
    result = _swing(MALLET, roll_score(30, FixedRoller([17])), defense)
    assert defense.kind is DefenseKind.PASSIVE
    assert defense.value == 15
    assert result.hit
    assert result.margin == 2
    assert result.multiplier == Fraction(3, 2)
    assert result.base_damage == 3
    assert result.bonus == 5
    assert result.damage == 8


def test_round_one_dark_defender_misses_passive_attack_o():
    defense = passive_defense(20)
    result = _swing(CESTUS, roll_score(20, FixedRoller([7])), defense)
    assert defense.value == 10
    assert not result.hit
    assert result.damage == 0


def test_round_two_attack_o_misses_an_active_25():
    attack, defense, result = _round_two(MALLET, 30, 30, [21, 25])
    assert (attack.total, defense.value) == (21, 25)
    assert defense.kind is DefenseKind.ACTIVE
    assert not result.hit
    assert result.damage == 0


def test_round_two_dark_defender_hits_by_4_for_7():
    _attack, defense, result = _round_two(CESTUS, 20, 20, [9, 5])
    assert defense.value == 5
    assert result.hit
    assert result.margin == 4
    assert result.base_damage == 2
    assert result.bonus == 5
    assert result.damage == 7
