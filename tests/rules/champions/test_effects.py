"""effects: RULES DAMAGE EFFECTS 1-3 (Stunned, Knocked Out, recovery chart) and RULES DYING."""

import pytest

from champions_mush.rules.champions import (
    KNOCKED_OUT_EFFECT,
    RECOVERY_CHART,
    STUNNED_EFFECT,
    LifeState,
    RecoveryFrequency,
    is_knocked_out,
    is_stunned,
    knocked_out_stun,
    life_state,
    paramedic_modifier,
    post_segment_12_body,
    recovery_frequency,
)
from champions_mush.rules.errors import RulesError


def test_stunned_only_above_con():
    assert is_stunned(21, 20)
    assert not is_stunned(20, 20)


def test_knocked_out_at_zero_or_below():
    assert is_knocked_out(0)
    assert is_knocked_out(-3)
    assert not is_knocked_out(1)


def test_knocked_out_targets_take_double_stun():
    assert knocked_out_stun(17) == 34


def test_effect_texts_name_their_penalties():
    assert "1/2 DCV" in STUNNED_EFFECT
    assert "0 OCV and 0 DCV" in KNOCKED_OUT_EFFECT


@pytest.mark.parametrize(
    ("stun", "frequency"),
    [
        (12, RecoveryFrequency.EVERY_PHASE),
        (0, RecoveryFrequency.EVERY_PHASE),
        (-10, RecoveryFrequency.EVERY_PHASE),
        (-11, RecoveryFrequency.POST_SEGMENT_12),
        (-20, RecoveryFrequency.POST_SEGMENT_12),
        (-21, RecoveryFrequency.ONCE_A_MINUTE),
        (-30, RecoveryFrequency.ONCE_A_MINUTE),
        (-31, RecoveryFrequency.GM_DISCRETION),
        (-200, RecoveryFrequency.GM_DISCRETION),
    ],
)
def test_recovery_chart_rows(stun, frequency):
    assert recovery_frequency(stun) is frequency


@pytest.mark.parametrize(
    ("stun", "helped"),
    [
        (-15, RecoveryFrequency.EVERY_PHASE),
        (-25, RecoveryFrequency.POST_SEGMENT_12),
        (-40, RecoveryFrequency.ONCE_A_MINUTE),
        (-5, RecoveryFrequency.EVERY_PHASE),
    ],
)
def test_helping_raises_one_level(stun, helped):
    assert recovery_frequency(stun, helped=True) is helped


def test_recovery_chart_is_four_rows_with_the_rules_text():
    first_words = [row.text.split(" ")[0] for row in RECOVERY_CHART]
    assert first_words == ["Every", "Post-Segment", "Once", "GM's"]


@pytest.mark.parametrize(
    ("body", "pc", "state"),
    [
        (1, False, LifeState.ALIVE),
        (0, False, LifeState.DYING),
        (-9, False, LifeState.DYING),
        (-10, False, LifeState.DEAD),
        (-10, True, LifeState.COMA),
        (-15, True, LifeState.COMA),
    ],
)
def test_dying_with_10_body(body, pc, state):
    assert life_state(body, 10, player_character=pc) is state


def test_12_body_dies_at_minus_12():
    assert life_state(-11, 12, player_character=False) is LifeState.DYING
    assert life_state(-12, 12, player_character=False) is LifeState.DEAD


def test_life_state_refuses_a_zero_body_value():
    with pytest.raises(RulesError, match=r"A character's BODY value is at least 1\."):
        life_state(0, 0)


def test_dying_characters_lose_one_body_at_post_segment_12_unless_stabilised():
    assert post_segment_12_body(0) == -1
    assert post_segment_12_body(-4) == -5
    assert post_segment_12_body(-4, stabilised=True) == -4
    assert post_segment_12_body(3) == 3


@pytest.mark.parametrize(
    ("body", "modifier"),
    [(-5, -2), (0, 0), (3, 0), (-1, 0), (-2, -1), (-3, -1), (-4, -2), (-6, -3), (-7, -3)],
)
def test_paramedic_example_and_rounding(body, modifier):
    assert paramedic_modifier(body) == modifier
