"""Input paced per connection: at most LINES_PER_TURN lines a reactor turn, none while the game
waits (a password being checked) or a paste has outrun the command rate, reading paused meanwhile, so a pasted backlog of thousands of
lines never holds the game (bench/repro_backlog_stall.py, docs/reliability.md); each event, when
its turn comes, handed to the connection's Visit (:func:`run_event`). Lines typed at the connect
screen pass a :class:`Turnstile`: at most LOGIN_LINES_PER_TURN a turn, all connections together
(a reconnect storm: docs/performance.md, "Reconnect storms")."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING, assert_never

from . import events as ev

if TYPE_CHECKING:
    from twisted.internet.interfaces import IDelayedCall

    from .server import MushProtocol

__all__ = ["LINES_PER_TURN", "LOGIN_LINES_PER_TURN", "Pacer", "Turnstile", "run_event"]

log = logging.getLogger("champions_mush.net")

#: Lines one connection may run in one reactor turn before the others get theirs.
LINES_PER_TURN = 20
#: Lines run at the connect screen in one reactor turn, all connections together. After a
#: network blip hundreds of clients send their saved ``connect`` at once; run all in one turn,
#: they held a player already in for 50-100 ms. A few dozen a turn (each about 0.1 ms) and the
#: rest in the turns after, in the order they came, and the players in are answered between.
LOGIN_LINES_PER_TURN = 32


class Turnstile:
    """Lines from the connect screen, at most ``per_turn`` a reactor turn across all connections.

    A :class:`Pacer` asks :meth:`admit` before running such a line; refused, it waits here
    (:meth:`wait`) and is run again, in the order the pacers came, when a later turn has room.
    A turn ends when the clock next runs its due calls (``callLater(0)``).
    """

    __slots__ = ("_call", "_clock", "_waiting", "per_turn", "used")

    def __init__(self, clock, per_turn: int = LOGIN_LINES_PER_TURN) -> None:  # an IReactorTime
        self._clock = clock
        self.per_turn = per_turn
        self.used = 0
        self._waiting: deque[Pacer] = deque()
        self._call: IDelayedCall | None = None

    def admit(self) -> bool:
        """May one more connect-screen line run this turn? (Counted when it may.)"""
        if self.used >= self.per_turn:
            return False
        self.used += 1
        self._arm()
        return True

    def wait(self, pacer: Pacer) -> None:
        """``pacer`` goes on in a later turn, after those already waiting."""
        self._waiting.append(pacer)
        self._arm()

    def waiting(self) -> int:
        return len(self._waiting)

    def _arm(self) -> None:
        if self._call is None:
            self._call = self._clock.callLater(0, self._next_turn)

    def _next_turn(self) -> None:
        self._call, self.used = None, 0
        waiting = self._waiting
        while waiting and self.used < self.per_turn:
            waiting.popleft().let_in()
        if waiting:
            self._arm()


class Pacer:
    """Events read but not yet run, for one connection.

    Its protocol's Visit says whether the game wants later lines held (``visit.waiting``), its
    ``set_reading(on)`` pauses or resumes the socket, its factory's clock runs the next turn.
    One per connection, holding only the protocol (not three callbacks) and a queue that exists
    only while events wait (an idle connection holds none; docs/performance.md, "Memory").
    """

    __slots__ = ("_events", "_proto", "_reading_on", "_running", "call", "queued", "stopped")

    def __init__(self, proto: MushProtocol) -> None:
        self._proto = proto
        self._events: deque[ev.Event] | None = None
        self._reading_on = True
        self._running = False
        self.stopped = False
        #: the next turn's run, when one is due
        self.call: IDelayedCall | None = None
        #: waiting at the factory's Turnstile (a connect-screen line past this turn's share)
        self.queued = False

    def add(self, events: list[ev.Event]) -> None:
        """Events just read: run what may run now."""
        self.hold(events)
        if self.call is None and not self.queued:
            self.run()

    def hold(self, events: Iterable[ev.Event]) -> None:
        """Queue events to run after those already waiting (a reload hands them over)."""
        queue = self._events
        if queue is None:
            self._events = deque(events)
        else:
            queue.extend(events)

    def pending(self) -> list[ev.Event]:
        """The events read and not yet run, oldest first."""
        return list(self._events or ())

    def run(self) -> None:
        self.call, self._running, lines = None, True, 0
        try:
            visit = self._proto.visit
            if visit is None:  # (a Pacer comes with a connection made in full: net/server.py)
                return
            while self._events and not self.stopped:
                if visit.waiting:  # a password is checked: later lines wait for it
                    self._set_reading(False)
                    return
                delay = visit.held_for()
                if delay > 0:  # a paste outran the command rate: reading waits, nothing is cut
                    self._set_reading(False)
                    self.call = self._proto.factory.clock.callLater(delay, self.run)
                    return
                if lines >= LINES_PER_TURN:
                    self._set_reading(False)
                    self.call = self._proto.factory.clock.callLater(0, self.run)
                    return
                if isinstance(self._events[0], ev.LineReceived) and not self._past_turnstile():
                    return
                event = self._events.popleft()
                lines += isinstance(event, ev.LineReceived)
                run_event(self._proto, event)
            self._set_reading(True)
        finally:
            self._running = False
            if not self._events:
                self._events = None

    def go_on(self) -> None:
        """The game stopped waiting: run the held lines next turn (unless the wait ended
        inside the loop that runs them, which simply goes on)."""
        if not (self._running or not self._events or self.call is not None or self.queued or self.stopped):
            self.call = self._proto.factory.clock.callLater(0, self.run)

    def _past_turnstile(self) -> bool:
        """A line may run: from a logged-in player always; from the connect screen while this
        turn's share (the factory's :class:`Turnstile`) lasts, else this pacer waits there."""
        session = self._proto.session
        if session is None or session.character_id is not None:
            return True
        turnstile = self._proto.factory.turnstile
        if turnstile.admit():
            return True
        self._set_reading(False)
        self.queued = True
        turnstile.wait(self)
        return False

    def let_in(self) -> None:
        """The Turnstile's call: this pacer's turn has come."""
        self.queued = False
        if not self.stopped:
            self.run()

    def _set_reading(self, on: bool) -> None:
        if on is not self._reading_on:
            self._reading_on = on
            self._proto.set_reading(on)


def run_event(proto: MushProtocol, event: ev.Event) -> None:
    """Hand one event from the telnet core to the connection's Visit (commands/doorway.py)."""
    visit, session = proto.visit, proto.session
    if visit is None or session is None:  # (events come only to a connection made in full)
        return
    match event:
        case ev.LineReceived(text=text):
            visit.line(text)
        case ev.GMCPMessage(package=package) if package.lower() == "core.hello":
            proto.offer_gui()
            visit.client_changed()
        case ev.WindowSize() | ev.TerminalType() | ev.CharsetChanged() | ev.GMCPMessage():
            visit.client_changed()
        case ev.HandshakeComplete():
            visit.client_changed()
            visit.welcome()
        case ev.LineTooLong():
            visit.too_long()
        case ev.OptionRefused(option=option):
            log.debug("session %d refused option %d", session.id, option)
        case ev.ProtocolViolation(reason=reason):
            proto.violation(reason)
        case ev.Closed():
            proto.close()
        case _:
            assert_never(event)
