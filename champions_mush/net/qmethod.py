"""RFC 1143 "Q method" option negotiation, as tables.

Each option has two sides: ``us`` (what we perform: WILL/WONT, asked with
DO/DONT) and ``him`` (what the client performs: asked with WILL/WONT, answered
with DO/DONT).  Each side is in one of four states plus a one-bit queue.  The
tables below are section 7 of RFC 1143, written as data: a state, a queue bit
and what happened give the new state, the new queue bit, what to send and
what it means.  Because a side only answers when its state changes, no
exchange can loop.
"""

from __future__ import annotations

import enum

from ..values import define, frozen

__all__ = ["Outcome", "Q", "Queue", "Side", "Step", "ask", "receive", "shared"]


class Q(enum.Enum):
    """State of one side of one option (RFC 1143 section 7)."""

    #: disabled
    NO = "no"
    #: enabled
    YES = "yes"
    #: we sent the negative and wait for the answer
    WANTNO = "wantno"
    #: we sent the positive and wait for the answer
    WANTYES = "wantyes"


class Queue(enum.Enum):
    """The queue bit: a change of mind waiting for the current answer."""

    #: nothing queued
    EMPTY = "empty"
    #: once the answer comes, ask for the opposite
    OPPOSITE = "opposite"


class Outcome(enum.Enum):
    """What a step means to the connection."""

    #: the option is now on
    ENABLED = "enabled"
    #: the option is now off
    DISABLED = "disabled"
    #: the peer said no to our request
    REFUSED = "refused"
    #: an answer that makes no sense (RFC 1143 "error"); ignored
    VIOLATION = "violation"
    #: a redundant request, nothing to do
    NOTHING = "nothing"


@define
class Side:
    """One side of one option: mutable, a working copy (:func:`ask` and :func:`receive` change
    it); a connection keeps the :func:`shared` side equal to it between messages."""

    state: Q = Q.NO
    queue: Queue = Queue.EMPTY

    @property
    def enabled(self) -> bool:
        return self.state is Q.YES

    @property
    def pending(self) -> bool:
        return self.state in (Q.WANTYES, Q.WANTNO)


@frozen
class Step:
    """The result of one table lookup.

    ``send`` is True for the positive verb (DO or WILL), False for the
    negative one, None for nothing to send.
    """

    state: Q
    queue: Queue
    send: bool | None
    outcome: Outcome


_E, _O = Queue.EMPTY, Queue.OPPOSITE

#: Peer sent the positive verb (WILL for his side, DO for ours) while we were
#: not at NO.  (NO depends on whether we accept, see :func:`receive`.)
ON_POSITIVE = {
    (Q.YES, _E): Step(Q.YES, _E, None, Outcome.NOTHING),
    (Q.YES, _O): Step(Q.YES, _O, None, Outcome.NOTHING),
    (Q.WANTNO, _E): Step(Q.NO, _E, None, Outcome.VIOLATION),   # "DONT answered by WILL"
    (Q.WANTNO, _O): Step(Q.YES, _E, None, Outcome.ENABLED),
    (Q.WANTYES, _E): Step(Q.YES, _E, None, Outcome.ENABLED),
    (Q.WANTYES, _O): Step(Q.WANTNO, _E, False, Outcome.NOTHING),
}

#: Peer sent the negative verb (WONT for his side, DONT for ours).
ON_NEGATIVE = {
    (Q.NO, _E): Step(Q.NO, _E, None, Outcome.NOTHING),
    (Q.NO, _O): Step(Q.NO, _O, None, Outcome.NOTHING),
    (Q.YES, _E): Step(Q.NO, _E, False, Outcome.DISABLED),
    (Q.YES, _O): Step(Q.NO, _E, False, Outcome.DISABLED),
    (Q.WANTNO, _E): Step(Q.NO, _E, None, Outcome.DISABLED),
    (Q.WANTNO, _O): Step(Q.WANTYES, _E, True, Outcome.NOTHING),
    (Q.WANTYES, _E): Step(Q.NO, _E, None, Outcome.REFUSED),
    (Q.WANTYES, _O): Step(Q.NO, _E, None, Outcome.REFUSED),
}

#: We want the option on.
ASK_ENABLE = {
    (Q.NO, _E): Step(Q.WANTYES, _E, True, Outcome.NOTHING),
    (Q.NO, _O): Step(Q.WANTYES, _E, True, Outcome.NOTHING),
    (Q.YES, _E): Step(Q.YES, _E, None, Outcome.NOTHING),
    (Q.YES, _O): Step(Q.YES, _E, None, Outcome.NOTHING),
    (Q.WANTNO, _E): Step(Q.WANTNO, _O, None, Outcome.NOTHING),
    (Q.WANTNO, _O): Step(Q.WANTNO, _O, None, Outcome.NOTHING),
    (Q.WANTYES, _E): Step(Q.WANTYES, _E, None, Outcome.NOTHING),
    (Q.WANTYES, _O): Step(Q.WANTYES, _E, None, Outcome.NOTHING),
}

#: We want the option off.
ASK_DISABLE = {
    (Q.NO, _E): Step(Q.NO, _E, None, Outcome.NOTHING),
    (Q.NO, _O): Step(Q.NO, _E, None, Outcome.NOTHING),
    (Q.YES, _E): Step(Q.WANTNO, _E, False, Outcome.NOTHING),
    (Q.YES, _O): Step(Q.WANTNO, _E, False, Outcome.NOTHING),
    (Q.WANTNO, _E): Step(Q.WANTNO, _E, None, Outcome.NOTHING),
    (Q.WANTNO, _O): Step(Q.WANTNO, _E, None, Outcome.NOTHING),
    (Q.WANTYES, _E): Step(Q.WANTYES, _O, None, Outcome.NOTHING),
    (Q.WANTYES, _O): Step(Q.WANTYES, _O, None, Outcome.NOTHING),
}


def receive(side: Side, positive: bool, accept: bool) -> Step:
    """Apply the peer's verb to ``side`` and return the step taken.

    Args:
        side: the side the verb is about (changed in place).
        positive: True for WILL/DO, False for WONT/DONT.
        accept: whether we agree to the option being on, used only when the
            peer asks for it while it is off.
    """
    key = (side.state, side.queue)
    if positive and side.state is Q.NO:
        step = (Step(Q.YES, _E, True, Outcome.ENABLED) if accept
                else Step(Q.NO, side.queue, False, Outcome.NOTHING))
    elif positive:
        step = ON_POSITIVE[key]
    else:
        step = ON_NEGATIVE[key]
    side.state, side.queue = step.state, step.queue
    return step


def ask(side: Side, enable: bool) -> Step:
    """We want ``side`` on (``enable``) or off; return the step taken."""
    step = (ASK_ENABLE if enable else ASK_DISABLE)[(side.state, side.queue)]
    side.state, side.queue = step.state, step.queue
    return step


#: one Side for each (state, queue): what every connection's option tables hold. Never
#: changed: :func:`ask` and :func:`receive` work on a copy (docs/performance.md, "Memory").
_SHARED = {(state, queue): Side(state, queue) for state in Q for queue in Queue}


def shared(side: Side) -> Side:
    """The shared side equal to ``side``."""
    return _SHARED[(side.state, side.queue)]
