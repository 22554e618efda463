"""knockback: RULES KNOCKBACK 1-6 (Equinox, American Eagle) with fixed dice."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from champions_mush.rules.champions import (
    ATTACKS_WITHOUT_KNOCKBACK,
    PRONE_EFFECT,
    KBModifier,
    KBResult,
    airborne_dex_modifier,
    breakfall_modifier,
    does_knockback,
    knockback_dice,
    knockback_into_character,
    knockback_into_wall,
    knockback_onto_ground,
    roll_knockback,
    rooting_resistance,
)
from champions_mush.rules.dice import DiceAmount, FixedRoller, RandomRoller
from champions_mush.rules.errors import RulesError


def test_equinox_11_body_minus_7_is_4_inches():
    kb = roll_knockback(11, FixedRoller([3, 4]))
    assert kb.faces == (3, 4)
    assert (kb.margin, kb.inches, kb.result) == (4, 4, KBResult.KNOCKED_BACK)
    assert kb.prone


def test_exactly_zero_is_knocked_down():
    kb = roll_knockback(7, FixedRoller([3, 4]))
    assert (kb.inches, kb.result, kb.prone) == (0, KBResult.KNOCKED_DOWN, True)
    assert "1/2 DCV" in PRONE_EFFECT


def test_below_zero_is_no_knockback():
    kb = roll_knockback(6, FixedRoller([3, 4]))
    assert (kb.margin, kb.inches, kb.result, kb.prone) == (-1, 0, KBResult.NONE, False)


@pytest.mark.parametrize(
    ("modifiers", "dice"),
    [
        ((), 2),
        ((KBModifier.IN_THE_AIR,), 1),
        ((KBModifier.ROLLED_WITH_PUNCH,), 1),
        ((KBModifier.UNDERWATER,), 3),
        ((KBModifier.KILLING_ATTACK,), 3),
        ((KBModifier.MARTIAL_ARTS,), 3),
        ((KBModifier.CLINGING,), 3),
        ((KBModifier.KILLING_ATTACK, KBModifier.UNDERWATER), 4),
        ((KBModifier.IN_THE_AIR, KBModifier.ROLLED_WITH_PUNCH), 0),
    ],
)
def test_knockback_modifier_table(modifiers, dice):
    assert knockback_dice(modifiers) == dice


def test_flying_target_rolls_one_die():
    kb = roll_knockback(11, FixedRoller([4]), [KBModifier.IN_THE_AIR])
    assert (kb.faces, kb.inches) == ((4,), 7)


def test_no_dice_left_means_all_body_is_knockback():
    kb = roll_knockback(5, FixedRoller([]), [KBModifier.IN_THE_AIR, KBModifier.ROLLED_WITH_PUNCH])
    assert (kb.faces, kb.inches) == ((), 5)


def test_rooting_holds_up_to_its_resistance_then_all_kb_applies():
    assert rooting_resistance(flight_inches=2, strength=10) == 4
    held = roll_knockback(11, FixedRoller([3, 4]), resistance=4)
    assert (held.inches, held.result, held.resisted) == (0, KBResult.NONE, True)
    broke = roll_knockback(11, FixedRoller([3, 4]), resistance=3)
    assert (broke.inches, broke.result, broke.resisted) == (4, KBResult.KNOCKED_BACK, False)


@pytest.mark.parametrize("attack", ["NND", "Ego Attack", "drain", " Transfer ", "FLASH"])
def test_attacks_without_knockback(attack):
    assert not does_knockback(attack)


def test_ordinary_attacks_do_knockback():
    assert does_knockback("Energy Blast")
    assert does_knockback("RKA")
    assert len(ATTACKS_WITHOUT_KNOCKBACK) == 5


def test_american_eagle_hits_a_wall():
    impact = knockback_into_wall(16, 6, 5, FixedRoller([3] * 11), travelled=2)
    assert impact.damage.amount == DiceAmount(11)
    assert impact.damage.roll.faces == (3,) * 11
    assert (impact.damage.stun, impact.damage.body) == (33, 11)
    assert impact.shattered
    assert impact.continues == 3


def test_wall_that_holds_stops_the_character():
    impact = knockback_into_wall(6, 6, 5, FixedRoller([2] * 6))
    assert impact.damage.amount == DiceAmount(6)
    assert (impact.shattered, impact.continues) == (False, 0)
    exact = knockback_into_wall(11, 6, 5, FixedRoller([2] * 11))
    assert (exact.shattered, exact.continues) == (False, 0)


def test_wall_refuses_travel_beyond_the_knockback():
    with pytest.raises(RulesError, match=r'The wall is 4" away, past the 3" of Knockback\.'):
        knockback_into_wall(3, 6, 5, FixedRoller([]), travelled=4)
    with pytest.raises(RulesError, match=r"Knockback, travel and the wall's DEF and BODY must be 0 or more\."):
        knockback_into_wall(3, 6, 5, FixedRoller([]), travelled=-1)


def test_knocked_into_another_character_both_take_1d6_per_inch():
    impact = knockback_into_character(3, FixedRoller([6, 6, 6, 1, 1, 1]))
    assert (impact.target.stun, impact.target.body) == (18, 6)
    assert (impact.other.stun, impact.other.body) == (3, 0)
    with pytest.raises(RulesError, match=r'Only 1" or more of Knockback throws one character into another\.'):
        knockback_into_character(0, FixedRoller([]))


def test_hitting_the_ground_is_1d6_per_2_inches():
    damage = knockback_onto_ground(4, FixedRoller([5, 2]))
    assert damage.amount == DiceAmount(2)
    assert damage.stun == 7
    assert knockback_onto_ground(5, FixedRoller([5, 2, 6])).amount == DiceAmount(2, True)
    assert knockback_onto_ground(0, FixedRoller([])) is None


@pytest.mark.parametrize(
    ("kb", "modifier"),
    [
        (0, 0), (1, 0), (2, -1), (3, -1), (4, -2), (5, -2), (16, -8),
    ],
)
def test_breakfall_and_airborne_dex_at_minus_1_per_2_inches(kb, modifier):
    assert breakfall_modifier(kb) == modifier
    assert airborne_dex_modifier(kb) == modifier


@settings(max_examples=100, deadline=None)
@given(
    body=st.integers(0, 60),
    modifiers=st.lists(st.sampled_from(list(KBModifier)), max_size=4),
    seed=st.integers(0, 2**32),
)
def test_knockback_never_negative(body, modifiers, seed):
    kb = roll_knockback(body, RandomRoller(seed), modifiers)
    assert kb.inches >= 0
    assert kb.margin == body - sum(kb.faces)
    assert len(kb.faces) == knockback_dice(modifiers)
    assert (kb.inches > 0) == (kb.result is KBResult.KNOCKED_BACK)
