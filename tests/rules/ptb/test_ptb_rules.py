"""PTB 2C rules one by one, with fixed dice."""

from fractions import Fraction

import pytest

from champions_mush.rules.dice import FixedRoller
from champions_mush.rules.errors import RulesError
from champions_mush.rules.ptb import (
    WEAPON_EXAMPLES,
    Maneuver,
    Weapon,
    WeaponClass,
    WeaponKind,
    active_defense,
    attack_score_for,
    dedicated_attack,
    dedicated_defense,
    gun_bonus,
    half_score,
    knockout_resist,
    mechanical_bonus,
    passive_defense,
    resolve_attack,
    roll_score,
    round_damage,
    serpentine,
    strength_bonus,
    wrestle_contact,
    wrestle_damage,
    wrestle_hold,
    wrestle_restrain,
)
from champions_mush.rules.ptb.scores import ScoreRoll


def rolled(score, face):
    return roll_score(score, FixedRoller([face]))


@pytest.mark.parametrize(
    ("weapon_class", "multiplier", "label"),
    [
        (WeaponClass.NEGLIGIBLE, Fraction(1, 10), "Negligible"),
        (WeaponClass.VERY_LIGHT, Fraction(1, 5), "Very Light"),
        (WeaponClass.LIGHT, Fraction(1, 2), "Light"),
        (WeaponClass.MEDIUM, Fraction(1), "Medium"),
        (WeaponClass.HEAVY, Fraction(3, 2), "Heavy"),
        (WeaponClass.VERY_HEAVY, Fraction(2), "Very Heavy"),
        (WeaponClass.MASSIVE, Fraction(5, 2), "Massive"),
        (WeaponClass.EXCESSIVE, Fraction(3), "Excessive"),
    ],
)
def test_weapon_table_row(weapon_class, multiplier, label):
    assert weapon_class.multiplier == multiplier
    assert weapon_class.label == label
    assert WeaponClass.parse(label.upper()) is weapon_class


def test_weapon_examples_follow_the_seed():
    assert "chainsaw" in WEAPON_EXAMPLES[WeaponClass.VERY_HEAVY]
    assert "dropped building" in WEAPON_EXAMPLES[WeaponClass.EXCESSIVE]
    assert "punch (lethal unarmed)" in WEAPON_EXAMPLES[WeaponClass.LIGHT]
    assert "punch (non-lethal unarmed)" in WEAPON_EXAMPLES[WeaponClass.VERY_LIGHT]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("vh", WeaponClass.VERY_HEAVY), ("very-heavy", WeaponClass.VERY_HEAVY),
     ("1.5", WeaponClass.HEAVY), ("0.1", WeaponClass.NEGLIGIBLE), ("  medium ", WeaponClass.MEDIUM),
     ("3", WeaponClass.EXCESSIVE)],
)
def test_weapon_class_parse_accepts_short_forms(text, expected):
    assert WeaponClass.parse(text) is expected


def test_weapon_class_parse_rejects_nonsense():
    with pytest.raises(RulesError, match="not a weapon class"):
        WeaponClass.parse("huge")


@pytest.mark.parametrize(
    ("strength", "two_handed", "bonus"),
    [(20, False, 5), (20, True, 10), (10, False, 0), (10, True, 0), (5, True, 0),
     (15, False, 2), (15, True, 5), (11, False, 0), (12, False, 1)],
)
def test_strength_bonus_halved_one_handed(strength, two_handed, bonus):
    assert strength_bonus(strength, two_handed) == bonus


@pytest.mark.parametrize(
    ("weapon_class", "bonus"),
    [(WeaponClass.LIGHT, 0), (WeaponClass.MEDIUM, 5), (WeaponClass.HEAVY, 10),
     (WeaponClass.VERY_HEAVY, 15), (WeaponClass.MASSIVE, 20), (WeaponClass.EXCESSIVE, 25)],
)
def test_gun_bonus_five_at_medium_and_five_per_step(weapon_class, bonus):
    assert gun_bonus(weapon_class) == bonus


def test_mechanical_bonus_is_a_step_or_two_below_a_gun():
    assert mechanical_bonus(WeaponClass.VERY_HEAVY, steps_down=2) == 5  # light chainsaw
    assert mechanical_bonus(WeaponClass.VERY_HEAVY, steps_down=1) == 10  # industrial
    with pytest.raises(RulesError, match=r"A mechanical weapon's bonus is one or two steps below a gun's\."):
        mechanical_bonus(WeaponClass.VERY_HEAVY, steps_down=3)


def test_weapon_bonus_by_kind():
    assert Weapon(WeaponClass.HEAVY, WeaponKind.GUN).bonus(strength=30) == 10
    assert Weapon(WeaponClass.VERY_HEAVY, WeaponKind.MECHANICAL, two_handed=True).bonus(20) == 20
    assert Weapon(WeaponClass.MEDIUM, WeaponKind.OTHER).bonus(40) == 0
    assert Weapon(WeaponClass.MEDIUM, extra_bonus=3).bonus(20) == 8


@pytest.mark.parametrize(("score", "half"), [(30, 15), (20, 10), (15, 8), (1, 1), (0, 0)])
def test_passive_defense_is_half_rounded_up(score, half):
    assert half_score(score) == half
    assert passive_defense(score).value == half


def test_tie_goes_to_the_defender():
    result = resolve_attack(rolled(30, 15), passive_defense(30), 3)
    assert not result.hit
    assert result.damage == 0
    assert resolve_attack(rolled(30, 16), passive_defense(30), 3).damage == 3


def test_hit_by_one_still_gets_bonus_damage():
    result = resolve_attack(rolled(30, 16), passive_defense(30), Fraction(1, 10), bonus=5)
    assert result.margin == 1
    assert result.base_damage == 0
    assert result.damage == 5


@pytest.mark.parametrize(
    ("value", "whole"), [(Fraction(9, 2), 5), (Fraction(3, 10), 0), (Fraction(1, 2), 1),
                         (Fraction(7, 5), 1), (Fraction(8, 5), 2)],
)
def test_round_damage_nearest_halves_up(value, whole):
    assert round_damage(value) == whole


def test_negative_multiplier_refused():
    with pytest.raises(RulesError, match=r"A Damage Multiplier cannot be negative\."):
        resolve_attack(rolled(10, 5), passive_defense(2), -1)


def test_knockout_and_lethal_attack_at_half_score():
    assert attack_score_for(31, Maneuver.KNOCKOUT) == 16
    assert attack_score_for(31, Maneuver.LETHAL) == 16
    assert attack_score_for(31, Maneuver.NORMAL) == 31


def test_lethal_attack_goes_to_vim_only_on_a_hit():
    hit = resolve_attack(rolled(16, 12), passive_defense(10), 1, maneuver=Maneuver.LETHAL)
    miss = resolve_attack(rolled(16, 3), passive_defense(10), 1, maneuver=Maneuver.LETHAL)
    assert hit.to_vim and hit.damage == 7
    assert not miss.to_vim
    assert not resolve_attack(rolled(16, 12), passive_defense(10), 1).to_vim


def test_knockout_unconscious_for_the_amount_failed_by():
    result = knockout_resist(8, 20, FixedRoller([3]))
    assert result.resist_value == 3
    assert result.rounds_unconscious == 5
    assert result.knocked_out


def test_knockout_resisted_when_roll_reaches_the_damage():
    assert knockout_resist(8, 20, FixedRoller([8])).rounds_unconscious == 0
    assert not knockout_resist(8, 20, FixedRoller([12])).knocked_out


def test_knockout_without_damage_rolls_nothing():
    roller = FixedRoller([])
    assert knockout_resist(0, 20, roller).rounds_unconscious == 0


def test_active_defense_with_zero_score_defends_at_zero():
    defense = active_defense(0, FixedRoller([]))
    assert defense.value == 0


def test_dedicated_attack_and_defense_spend_all_ap():
    attack = dedicated_attack(12)
    defense = dedicated_defense(9)
    assert (attack.ap_spent, attack.extra_attacks, attack.active_defense_against_all) == (12, 1, False)
    assert (defense.ap_spent, defense.extra_attacks, defense.active_defense_against_all) == (9, 0, True)


@pytest.mark.parametrize(("feet", "bonus"), [(10, 1), (19, 1), (20, 2), (35, 3)])
def test_serpentine_doubles_ap_and_adds_one_per_ten_feet(feet, bonus):
    move = serpentine(feet, move_ap=4)
    assert move.ap_cost == 8
    assert move.ranged_dodge_bonus == bonus


def test_serpentine_needs_ten_feet():
    with pytest.raises(RulesError, match="at least 10 feet"):
        serpentine(9, 2)


def test_serpentine_bonus_raises_the_defense_value():
    defense = passive_defense(20, bonus=serpentine(30, 2).ranged_dodge_bonus)
    assert defense.value == 13
    assert not resolve_attack(rolled(30, 13), defense, 1).hit


def test_wrestling_contact_margin_counts_toward_the_hold():
    contact = wrestle_contact(rolled(20, 14), passive_defense(20))
    assert contact.ap_cost == 3
    assert contact.succeeded and contact.margin == 4
    hold = wrestle_hold(rolled(15, 7), passive_defense(20), contact.margin)
    assert hold.ap_cost == 6
    assert hold.contest.attack_value == 11
    assert hold.succeeded and hold.margin == 1
    assert not wrestle_hold(rolled(15, 7), passive_defense(20)).succeeded


def test_wrestling_damage_fifth_multiplier_full_strength_bonus():
    result = wrestle_damage(rolled(30, 20), passive_defense(20), strength=20)
    assert result.margin == 10
    assert result.base_damage == 2
    assert result.bonus == 10
    assert result.damage == 12


def test_wrestling_restraint_costs_3_ap_and_rolls_nothing():
    step = wrestle_restrain()
    assert (step.ap_cost, step.contest, step.succeeded) == (3, None, True)


def test_scores_out_of_range_refused():
    with pytest.raises(RulesError, match=r"The score must be between 1 and 1000, not 0\."):
        roll_score(0, FixedRoller([1]))
    with pytest.raises(RulesError, match=r"The score must be between 1 and 1000, not 1001\."):
        roll_score(1001, FixedRoller([1]))
    with pytest.raises(RulesError, match=r"The Dodge Resist must be between 0 and 1000, not -1\."):
        passive_defense(-1)
    with pytest.raises(RulesError, match="roll method"):
        roll_score(10, FixedRoller([1]), method="d20")


def test_bell_method_adds_two_half_dice_capped_at_score():
    roll = roll_score(9, FixedRoller([5, 5]), method="bell")
    assert roll.faces == (5, 5)
    assert roll.total == 9
    assert roll.faces_text() == "5+5"
    assert roll_score(10, FixedRoller([2, 3]), method="bell").total == 5


def test_score_roll_total_is_capped_for_any_faces():
    assert ScoreRoll(score=4, faces=(3, 3)).total == 4
