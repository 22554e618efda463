"""RFC 1143 section 7, row by row, and a check that two Q-method sides never loop."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from champions_mush.net.qmethod import Outcome, Q, Queue, Side, ask, receive

E, O = Queue.EMPTY, Queue.OPPOSITE


@pytest.mark.parametrize("state, queue, accept, after, send, outcome", [
    (Q.NO, E, True, (Q.YES, E), True, Outcome.ENABLED),
    (Q.NO, E, False, (Q.NO, E), False, Outcome.NOTHING),
    (Q.YES, E, True, (Q.YES, E), None, Outcome.NOTHING),
    (Q.WANTNO, E, True, (Q.NO, E), None, Outcome.VIOLATION),
    (Q.WANTNO, O, True, (Q.YES, E), None, Outcome.ENABLED),
    (Q.WANTYES, E, True, (Q.YES, E), None, Outcome.ENABLED),
    (Q.WANTYES, O, True, (Q.WANTNO, E), False, Outcome.NOTHING),
])
def test_receiving_will_or_do(state, queue, accept, after, send, outcome):
    side = Side(state, queue)
    step = receive(side, True, accept)
    assert ((side.state, side.queue), step.send, step.outcome) == (after, send, outcome)


@pytest.mark.parametrize("state, queue, after, send, outcome", [
    (Q.NO, E, (Q.NO, E), None, Outcome.NOTHING),
    (Q.YES, E, (Q.NO, E), False, Outcome.DISABLED),
    (Q.WANTNO, E, (Q.NO, E), None, Outcome.DISABLED),
    (Q.WANTNO, O, (Q.WANTYES, E), True, Outcome.NOTHING),
    (Q.WANTYES, E, (Q.NO, E), None, Outcome.REFUSED),
    (Q.WANTYES, O, (Q.NO, E), None, Outcome.REFUSED),
])
def test_receiving_wont_or_dont(state, queue, after, send, outcome):
    side = Side(state, queue)
    step = receive(side, False, True)
    assert ((side.state, side.queue), step.send, step.outcome) == (after, send, outcome)


@pytest.mark.parametrize("state, queue, enable, after, send", [
    (Q.NO, E, True, (Q.WANTYES, E), True),
    (Q.YES, E, True, (Q.YES, E), None),
    (Q.WANTNO, E, True, (Q.WANTNO, O), None),
    (Q.WANTYES, O, True, (Q.WANTYES, E), None),
    (Q.YES, E, False, (Q.WANTNO, E), False),
    (Q.NO, E, False, (Q.NO, E), None),
    (Q.WANTYES, E, False, (Q.WANTYES, O), None),
    (Q.WANTNO, O, False, (Q.WANTNO, E), None),
])
def test_asking(state, queue, enable, after, send):
    side = Side(state, queue)
    step = ask(side, enable)
    assert ((side.state, side.queue), step.send) == (after, send)


def _deliver_one_each_way(ours: Side, theirs: Side, wire_to_them: list[bool], wire_to_us: list[bool],
                          accept: bool) -> None:
    """The next verb on each wire reaches its side; any answer goes on the other wire."""
    if wire_to_them:
        step = receive(theirs, wire_to_them.pop(0), accept)
        if step.send is not None:
            wire_to_us.append(step.send)
    if wire_to_us:
        step = receive(ours, wire_to_us.pop(0), True)
        if step.send is not None:
            wire_to_them.append(step.send)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.booleans(), st.booleans()), max_size=12), st.booleans())
def test_two_q_method_sides_always_settle(wishes, accept):
    """Any sequence of changes of mind on one side ends in a quiet, agreed state."""
    ours, theirs = Side(), Side()
    wire_to_them: list[bool] = []
    wire_to_us: list[bool] = []
    for at_once, enable in wishes:
        step = ask(ours, enable)
        if step.send is not None:
            wire_to_them.append(step.send)
        if at_once:
            continue
        while wire_to_them or wire_to_us:
            _deliver_one_each_way(ours, theirs, wire_to_them, wire_to_us, accept)
    for _ in range(50):
        if not (wire_to_them or wire_to_us):
            break
        _deliver_one_each_way(ours, theirs, wire_to_them, wire_to_us, accept)
    assert not wire_to_them and not wire_to_us
    assert not ours.pending
    assert ours.enabled == theirs.enabled
