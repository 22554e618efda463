"""The hash threads' answers handed to the game in groups (net/runner.py ``Answers``): a
reconnect storm's logins come a few to a turn; a lone login waits nothing."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import pytest
from twisted.internet import task

from champions_mush.net.runner import ANSWERS_EVERY, HASH_NICENESS, HASH_THREAD_NAME, Answers, _at_low_priority


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


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a thread's own name and priority")
def test_hash_work_runs_on_threads_named_and_lowered_for_the_system_to_show():
    """``top -H`` and bench/login_storm.py's CPU split tell the hash threads by their name."""

    seen = []

    def work():
        tid = threading.get_native_id()
        seen.append((Path(f"/proc/self/task/{tid}/comm").read_text().strip(), os.getpriority(os.PRIO_PROCESS, tid)))

    thread = threading.Thread(target=_at_low_priority(work, HASH_THREAD_NAME))
    thread.start()
    thread.join()
    assert seen == [(HASH_THREAD_NAME, HASH_NICENESS)]
