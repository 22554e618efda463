"""Tests for champions_mush.rules.dice: amounts as players write them, rollers, kept faces."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from champions_mush.rules.dice import (
    MAX_DICE,
    DiceAmount,
    DiceRoll,
    FixedRoller,
    RandomRoller,
    Roller,
    roll,
    roll_d6,
)
from champions_mush.rules.errors import DiceError, RollerExhausted, RulesError


@pytest.mark.parametrize(
    ("text", "whole", "half", "pips"),
    [
        ("10", 10, False, 0),
        ("4 1/2", 4, True, 0),
        ("4.5", 4, True, 0),
        ("4½", 4, True, 0),
        ("1/2", 0, True, 0),
        ("½", 0, True, 0),
        ("1d6+1", 1, False, 1),
        ("2d6-1", 2, False, -1),
        ("+1", 0, False, 1),
        ("3d6", 3, False, 0),
        ("4 1/2d6", 4, True, 0),
        ("1+1", 1, False, 1),
        ("d6", 1, False, 0),
        ("  7  ", 7, False, 0),
        ("2D6+3", 2, False, 3),
    ],
)
def test_parse_reads_amounts_as_players_write_them(text, whole, half, pips):
    assert DiceAmount.parse(text) == DiceAmount(whole=whole, half=half, pips=pips)


@pytest.mark.parametrize("text", ["", "abc", "4 1/3", "-3", "0", "1d8", "4.4", "x" * 50, "-1"])
def test_parse_refuses_what_is_not_dice(text):
    with pytest.raises(DiceError):
        DiceAmount.parse(text)


def test_parse_refuses_more_than_max_dice():
    with pytest.raises(DiceError, match="too many dice"):
        DiceAmount.parse(str(MAX_DICE + 1))
    assert DiceAmount.parse(str(MAX_DICE)).whole == MAX_DICE


def test_errors_are_one_family_of_value_errors():
    assert issubclass(DiceError, RulesError)
    assert not issubclass(RollerExhausted, RulesError)  # a test's mistake, never a player's message
    assert issubclass(RulesError, ValueError)


def test_amount_needs_a_die_or_a_pip():
    with pytest.raises(DiceError):
        DiceAmount(whole=0)
    with pytest.raises(DiceError):
        DiceAmount(whole=-1)


@pytest.mark.parametrize(
    ("amount", "text", "dice"),
    [
        (DiceAmount(4, True), "4½d6", 4.5),
        (DiceAmount(1, False, 1), "1d6+1", 1.0),
        (DiceAmount(0, True), "½d6", 0.5),
        (DiceAmount(0, False, 1), "+1", 0.0),
        (DiceAmount(2, False, -1), "2d6-1", 2.0),
    ],
)
def test_amount_shows_itself_and_counts_dice(amount, text, dice):
    assert str(amount) == text
    assert amount.dice == dice


def test_roll_keeps_every_face_and_rolls_the_half_die_last():
    result = roll(DiceAmount(3, True, 1), FixedRoller([5, 3, 4, 2]))
    assert result.faces == (5, 3, 4)
    assert result.half_face == 2
    assert result.half_value == 1
    assert result.total == 5 + 3 + 4 + 1 + 1
    assert result.faces_text() == "5 3 4 ½:1 +1"


@pytest.mark.parametrize(("face", "value"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_half_die_counts_half_rounded_up(face, value):
    assert roll(DiceAmount(0, True), FixedRoller([face])).total == value


def test_fixed_roller_runs_out_loudly():
    roller = FixedRoller([1, 2])
    assert roller.remaining == 2
    roll_d6(2, roller)
    assert roller.remaining == 0
    with pytest.raises(RollerExhausted):
        roller.die(6)


def test_fixed_roller_refuses_a_face_the_die_cannot_show():
    with pytest.raises(DiceError):
        FixedRoller([7]).die(6)


def test_rollers_meet_the_protocol():
    assert isinstance(FixedRoller([1]), Roller)
    assert isinstance(RandomRoller(1), Roller)


def test_random_roller_is_reproducible_with_a_seed():
    first = roll_d6(50, RandomRoller(42))
    assert first == roll_d6(50, RandomRoller(42))
    assert set(first) <= {1, 2, 3, 4, 5, 6}
    assert len(set(first)) == 6


def test_random_roller_from_the_os_takes_a_byte_a_die_and_skips_the_uneven_top(monkeypatch):
    fetched = []

    def urandom(n: int) -> bytes:  # the OS's bytes, made up: 0, 5, 252 and 255 (past 42 x 6), 250, 15
        fetched.append(n)
        return bytes([0, 5, 252, 255, 250, 15]) + bytes(n - 6)

    monkeypatch.setattr("champions_mush.rules.dice.os.urandom", urandom)
    roller = RandomRoller()
    assert [roller.die(6) for _ in range(4)] == [1, 6, 5, 4]  # 0 % 6 + 1, 5 % 6 + 1, (252, 255 skipped) 250 % 6 + 1, 15 % 6 + 1
    assert roller.die(1000) in range(1, 1001)  # past 256 sides: the OS's random numbers as before
    assert fetched == [256]  # one system call for many dice


def test_random_roller_refuses_a_sideless_die():
    with pytest.raises(DiceError):
        RandomRoller(1).die(0)


def test_roll_d6_range():
    assert roll_d6(0, FixedRoller([])) == ()
    with pytest.raises(DiceError):
        roll_d6(MAX_DICE + 1, RandomRoller(1))
    with pytest.raises(DiceError):
        roll_d6(-1, RandomRoller(1))


def test_d6_is_uniform_with_a_fixed_seed():
    roller = RandomRoller(2026)
    faces = roll_d6(200, roller) + roll_d6(200, roller) + roll_d6(200, roller)
    counts = [faces.count(f) for f in range(1, 7)]
    # 600 dice: each face 100 expected; chi-square with 5 dof below 20.5 (p = 0.001).
    chi2 = sum((c - 100) ** 2 / 100 for c in counts)
    assert chi2 < 20.5


@settings(max_examples=60, deadline=None)
@given(
    whole=st.integers(0, 30),
    half=st.booleans(),
    pips=st.integers(-3, 5),
)
def test_parse_reads_back_what_str_writes(whole, half, pips):
    if whole == 0 and not half and pips <= 0:
        return
    amount = DiceAmount(whole, half, pips)
    assert DiceAmount.parse(str(amount)) == amount


@settings(max_examples=60, deadline=None)
@given(whole=st.integers(0, 20), half=st.booleans(), seed=st.integers(0, 10**6))
def test_roll_total_is_within_the_dice_range(whole, half, seed):
    if whole == 0 and not half:
        return
    result = roll(DiceAmount(whole, half), RandomRoller(seed))
    assert len(result.faces) == whole
    assert whole + (1 if half else 0) <= result.total <= 6 * whole + (3 if half else 0)
    assert isinstance(result, DiceRoll)
