"""The portal's channel to the game (the game's side: :mod:`champions_mush.net.portal`): one
loopback connection opened with ``PORTAL <token>``, JSON requests and answers a line each.

The connection is made when first needed and again after it drops (a game reloading), so a
request only fails when the game cannot be reached at all; each waits at most its deadline.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from twisted.internet import defer, protocol
from twisted.protocols.basic import LineOnlyReceiver

__all__ = ["GameLink", "GameUnreachable"]

log = logging.getLogger("champions_mush.portal")

#: Seconds a request waits for the game's answer (a Hero Designer file takes longest).
DEADLINE = 60.0
_LINE = 32 * 1024 * 1024


class GameUnreachable(Exception):
    """The game did not answer (stopped, reloading, or too slow)."""


class _Side(LineOnlyReceiver):
    delimiter = b"\n"
    MAX_LENGTH = _LINE

    def __init__(self, link: GameLink) -> None:
        self.link = link

    def connectionMade(self) -> None:
        self.sendLine(f"PORTAL {self.link.token}".encode("ascii"))
        self.link.connected(self)

    def lineReceived(self, line: bytes) -> None:
        try:
            answer = json.loads(line)
        except ValueError:
            return
        if isinstance(answer, dict):
            self.link.answered(answer)

    def connectionLost(self, reason=protocol.connectionDone) -> None:
        self.link.lost(self)


class _SideFactory(protocol.ClientFactory):
    """The link's connection to the game."""

    noisy = False

    def __init__(self, link: GameLink) -> None:
        self.link = link

    def buildProtocol(self, addr) -> _Side:  # Twisted's names
        return _Side(self.link)

    def clientConnectionFailed(self, connector, reason) -> None:
        self.link.failed(reason)


class GameLink:
    """Asks the game; :meth:`ask` returns a Deferred firing with the answer dict."""

    def __init__(self, reactor, port: int, token: str) -> None:
        self.reactor, self.port, self.token = reactor, port, token
        self._side: _Side | None = None
        self._connecting: list[defer.Deferred] = []
        self._waiting: dict[int, defer.Deferred] = {}
        self._next = 0

    def _connect(self) -> defer.Deferred:
        if self._side is not None:
            return defer.succeed(self._side)
        waiting: defer.Deferred = defer.Deferred()
        self._connecting.append(waiting)
        if len(self._connecting) == 1:
            self.reactor.connectTCP("127.0.0.1", self.port, _SideFactory(self), timeout=10)
        return waiting

    def failed(self, reason) -> None:
        """The game could not be reached (a Failure): every ask waiting fails."""
        waiters, self._connecting = self._connecting, []
        for waiting in waiters:
            waiting.errback(GameUnreachable(reason.getErrorMessage()))

    def connected(self, side: _Side) -> None:
        self._side = side
        waiters, self._connecting = self._connecting, []
        for waiting in waiters:
            waiting.callback(side)

    def lost(self, side: _Side) -> None:
        if self._side is side:
            self._side = None
        for waiting in list(self._waiting.values()):
            waiting.errback(GameUnreachable("the game closed the connection"))
        self._waiting.clear()

    def answered(self, answer: dict[str, Any]) -> None:
        ident = answer.get("id")
        waiting = self._waiting.pop(ident, None) if isinstance(ident, int) else None
        if waiting is not None:
            waiting.callback(answer)

    def ask(self, op: str, **fields: Any) -> defer.Deferred:
        """Send one request; the Deferred fails with :class:`GameUnreachable` when no answer comes."""
        self._next += 1
        ask_id = self._next
        answer: defer.Deferred = defer.Deferred()

        def send(side: _Side) -> None:
            self._waiting[ask_id] = answer
            side.sendLine(json.dumps({"id": ask_id, "op": op, **fields}).encode())

        self._connect().addCallbacks(send, answer.errback)
        answer.addTimeout(DEADLINE, self.reactor, onTimeoutCancel=lambda *_: self._too_slow(ask_id))
        return answer

    def _too_slow(self, ask_id: int) -> None:  # the Deferred's timeout: its result is this error
        self._waiting.pop(ask_id, None)
        raise GameUnreachable("the game did not answer in time")
