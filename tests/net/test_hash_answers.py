"""The hash threads' answers handed to the game in groups (net/runner.py ``Answers``): a
reconnect storm's logins come a few to a turn; a lone login waits nothing."""

from __future__ import annotations

from twisted.internet import task

from champions_mush.net.runner import ANSWERS_EVERY, Answers


def test_a_lone_answer_is_handed_over_in_the_next_turn():
    clock = task.Clock()
    answers, got = Answers(clock), []
    answers.give(got.append, "alice")
    clock.advance(0)
    assert got == ["alice"]


def test_answers_finishing_close_together_are_handed_over_together_in_order():
    clock = task.Clock()
    answers, got = Answers(clock), []
    answers.give(got.append, "alice")
    clock.advance(0)
    clock.advance(ANSWERS_EVERY / 5)
    answers.give(got.append, "bob")
    clock.advance(ANSWERS_EVERY / 5)
    answers.give(got.append, "cy")
    assert got == ["alice"]  # held: one was handed over less than ANSWERS_EVERY ago
    clock.advance(ANSWERS_EVERY)
    assert got == ["alice", "bob", "cy"]
    clock.advance(ANSWERS_EVERY * 2)
    answers.give(got.append, "dee")  # quiet since: at once again
    clock.advance(0)
    assert got == ["alice", "bob", "cy", "dee"]


def test_one_answer_that_fails_does_not_lose_the_others():
    clock = task.Clock()
    answers, got = Answers(clock), []

    def broken(value: str) -> None:
        raise RuntimeError(value)

    answers.give(got.append, "alice")
    answers.give(broken, "bob")
    answers.give(got.append, "cy")
    clock.advance(0)
    assert got == ["alice", "cy"]
