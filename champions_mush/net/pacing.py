"""Input paced per connection: at most LINES_PER_TURN lines a reactor turn, none while the game
waits (a password being checked) or a paste has outrun the command rate, reading paused meanwhile, so a pasted backlog of thousands of
lines never holds the game (bench/repro_backlog_stall.py, docs/reliability.md); each event, when
its turn comes, handed to the connection's Visit (:func:`run_event`)."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING, assert_never

from . import events as ev

if TYPE_CHECKING:
    from twisted.internet.interfaces import IDelayedCall

    from .server import MushProtocol

__all__ = ["LINES_PER_TURN", "Pacer", "run_event"]

log = logging.getLogger("champions_mush.net")

#: Lines one connection may run in one reactor turn before the others get theirs.
LINES_PER_TURN = 20


class Pacer:
    """Events read but not yet run, for one connection.

    Its protocol's Visit says whether the game wants later lines held (``visit.waiting``), its
    ``set_reading(on)`` pauses or resumes the socket, its factory's clock runs the next turn.
    One per connection, holding only the protocol (not three callbacks) and a queue that exists
    only while events wait (an idle connection holds none; docs/performance.md, "Memory").
    """

    __slots__ = ("_events", "_proto", "_reading_on", "_running", "call", "stopped")

    def __init__(self, proto: MushProtocol) -> None:
        self._proto = proto
        self._events: deque[ev.Event] | None = None
        self._reading_on = True
        self._running = False
        self.stopped = False
        #: the next turn's run, when one is due
        self.call: IDelayedCall | None = None

    def add(self, events: list[ev.Event]) -> None:
        """Events just read: run what may run now."""
        self.hold(events)
        if self.call is None:
            self.run()

    def hold(self, events: Iterable[ev.Event]) -> None:
        """Queue events to run after those already waiting (a reload hands them over)."""
        queue = self._events
        if queue is None:
            queue = self._events = deque()
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
        if not (self._running or not self._events or self.call is not None or self.stopped):
            self.call = self._proto.factory.clock.callLater(0, self.run)

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
