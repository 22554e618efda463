"""The roll log: short ids, storing, finding, listing and who may see a roll."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from champions_mush.game.rolls import find_roll, format_id, log_roll, parse_id, recent_rolls, visible_to


@pytest.mark.parametrize(("number", "text"), [(1, "r1"), (35, "rz"), (36, "r10"), (1295, "rzz"), (1296, "r100")])
def test_ids_are_base_36_after_an_r(number, text):
    assert format_id(number) == text
    assert parse_id(text) == number


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=1, max_value=10**15))
def test_ids_round_trip(number):
    assert parse_id(format_id(number)) == number
    assert parse_id("#" + format_id(number).upper()) == number


@pytest.mark.parametrize("bad", ["", "r", "r-1", "r1!", "hello world", "r" + "1" * 20])
def test_bad_ids_are_none(bad):
    assert parse_id(bad) is None


def test_log_find_and_list(world):
    alice = world.login("Alice").character
    bob = world.login("Bob").character
    first = log_roll(world.game, alice, "nd6", "10d6 normal: 31 STUN, 9 BODY", {"faces": [5, 3]})
    second = log_roll(world.game, bob, "d6", "1d6: 4 = 4", private=True)
    record = find_roll(world.game, first)
    assert (record.id, record.actor, record.kind, record.summary, record.data, record.private) == (
        first, "Alice", "nd6", "10d6 normal: 31 STUN, 9 BODY", {"faces": [5, 3]}, False)
    assert record.room == alice.location and record.time == world.clock()
    assert [r.id for r in recent_rolls(world.game)] == [first, second]
    assert [r.id for r in recent_rolls(world.game, bob)] == [second]
    assert recent_rolls(world.game, room=9999) == []


def test_ids_of_other_logs_are_not_rolls(world):
    entry = world.store.append("staff", {"line": "@boot Bob"}, 0.0)
    assert find_roll(world.game, format_id(entry)) is None
    assert find_roll(world.game, "r999") is None


def test_private_rolls_are_seen_by_roller_and_staff(world):
    alice = world.login("Alice").character
    bob = world.login("Bob").character
    record = find_roll(world.game, log_roll(world.game, alice, "d6", "x", private=True))
    assert visible_to(record, alice, staff=False)
    assert visible_to(record, bob, staff=True)
    assert not visible_to(record, bob, staff=False)
    public = find_roll(world.game, log_roll(world.game, alice, "d6", "y"))
    assert visible_to(public, bob, staff=False)
