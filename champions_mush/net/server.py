"""The thin Twisted adapter: bytes from the socket to the telnet core, its events to the game's
:class:`~champions_mush.commands.doorway.Visit` (admission, login, idling: docs/architecture.md).
Timers go through the injected clock (tests use ``twisted.internet.task.Clock``)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from twisted.internet import defer, protocol, task

from ..commands.dispatch import Dispatcher
from ..commands.doorway import Doorway, Visit
from ..text.render import RenderCache
from .memory import release_free_memory
from .mudlet import gui_message
from .output import Coalescer, ITCPConnection, Outbox, socket_writer
from .pacing import LINES_PER_TURN, Pacer, Turnstile
from .session import GMCP_PACKAGES, SharedRenderConnection, TelnetSession, render_line

if TYPE_CHECKING:
    from twisted.internet.interfaces import IDelayedCall

    from ..game.world import Game

__all__ = ["LINES_PER_TURN", "MAX_VIOLATIONS", "MushFactory", "MushProtocol", "WELCOME_DELAY"]

log = logging.getLogger("champions_mush.net")

#: Seconds to wait for option answers before showing the connect screen anyway.
WELCOME_DELAY = 0.5
SWEEP_INTERVAL = 10.0  # seconds between sweeps: idle connections, keepalives, freed memory
#: Seconds a politely closed connection may take to read its last output before it is cut.
CLOSE_GRACE = 10.0
#: Seconds between IAC NOP keepalives (NAT routers drop connections silent for minutes).
KEEPALIVE_INTERVAL = 60.0
#: Telnet messages that make no sense a connection may send before it is closed: a client
#: makes one or two by mistake, a fuzzer or an attack thousands (docs/reliability.md).
MAX_VIOLATIONS = 50
TOO_MANY_VIOLATIONS = "Your client sent too much the game cannot understand. Goodbye!"


class MushProtocol(protocol.Protocol):
    """One client connection."""

    transport: ITCPConnection  # set by Twisted before connectionMade
    #: whether MCCP was on when a reload began (net/reload.py), set only then
    mccp_was_on: bool

    def __init__(self, factory: MushFactory) -> None:
        self.factory = factory
        self._calls: list[IDelayedCall] = []  # timers to cancel when the connection goes
        self.conn: SharedRenderConnection | None = None
        self.session: TelnetSession | None = None
        self.visit: Visit | None = None
        self.outbox: Outbox | None = None
        self.pacer: Pacer | None = None
        self.last_keepalive, self._closing, self.violations = 0.0, False, 0

    def connectionMade(self) -> None:
        factory = self.factory
        address = self.peer_address()
        refusal = factory.doorway.refusal(address, len(factory.protocols))
        if refusal:
            log.info("refused connection from %s: %s", address, refusal)
            self.transport.write(refusal.encode("ascii", "replace") + b"\r\n")
            self.transport.loseConnection()
            return
        for option in ("setTcpNoDelay", "setTcpKeepAlive"):
            getattr(self.transport, option, lambda on: None)(True)
        self.outbox = Outbox(socket_writer(self.transport), factory.game.config.max_output_buffer)
        self.transport.registerProducer(self.outbox, True)
        self.conn = SharedRenderConnection(
            rendered=factory.rendered, mssp=factory.mssp_source, offer_mccp=factory.offer_mccp,
            gmcp_supports=GMCP_PACKAGES, max_line_bytes=factory.max_line_bytes)
        now = factory.game.clock()
        self.session = TelnetSession(self.conn, self, address, now)
        self.last_keepalive = now
        factory.protocols.add(self)
        self.visit = factory.doorway.enter(self.session)
        self.pacer = Pacer(self)
        log.info("connection from %s (session %d)", address, self.session.id)
        self.conn.start()
        self.flush()
        self._calls.append(factory.clock.callLater(WELCOME_DELAY, self._welcome))

    def _welcome(self) -> None:
        self._calls = [call for call in self._calls if call.active()]  # this one has run: not kept
        if self.visit is not None:
            self.visit.welcome()

    def peer_address(self) -> str:
        """The client's address (a relayed client's comes in its header: net/relayed.py)."""
        return getattr(self.transport.getPeer(), "host", "") or ""

    def dataReceived(self, data: bytes) -> None:
        if self.conn is None or self.pacer is None or self._closing:
            return
        self.conn.receive_data(data)
        self.pacer.add(self.conn.next_events())
        self.flush()

    def connectionLost(self, reason=protocol.connectionDone) -> None:
        for call in (*self._calls, self.pacer.call if self.pacer is not None else None):
            if call is not None and call.active():
                call.cancel()
        if self.pacer is not None:
            self.pacer.stopped = True  # (one waiting at the turnstile is passed over)
        if self.visit is None or self.session is None:
            return
        self.factory.protocols.discard(self)
        self.visit.leave()
        log.info("closed connection from %s (session %d)", self.session.address, self.session.id)
        self.factory.lost()

    def offer_gui(self) -> None:
        """GMCP ``Client.GUI``: where Mudlet fetches the game's package, on the web port at the
        address this client reached us by (net/mudlet.py); nothing without a web port."""
        port = getattr(self.factory, "web_port", 0)
        if port and self.session is not None and self.transport is not None:
            host = getattr(self.transport.getHost(), "host", "") or "127.0.0.1"
            self.session.send_gmcp("Client.GUI", gui_message(host, port))

    def continue_input(self) -> None:
        """The game stopped waiting: the held lines may run."""
        if self.pacer is not None:
            self.pacer.go_on()

    def set_reading(self, on: bool) -> None:
        """Pause (False) or resume (True) reading from the socket."""
        if self.transport is not None:
            (self.transport.resumeProducing if on else self.transport.pauseProducing)()

    def violation(self, reason: str) -> None:
        """A telnet message that makes no sense: counted; too many close the connection."""
        self.violations += 1
        self.factory.violations += 1
        if self.session is None:  # (only a connection made in full reads telnet)
            return
        log.info("telnet violation %d from %s: %s", self.violations, self.session.address, reason)
        if self.violations >= MAX_VIOLATIONS:
            self.session.disconnect(TOO_MANY_VIOLATIONS)

    # --- output ---------------------------------------------------------------------------------
    def schedule_flush(self) -> None:
        """Write what the core queued, now or (coalescing) once at the end of this turn."""
        if self.factory.coalesce_output:
            self.factory.coalescer.mark(self)
        else:
            self.flush()

    def flush(self) -> None:
        """Write what the core has queued (held while the socket is backed up)."""
        if self.conn is None or self.outbox is None:
            return
        data = self.conn.data_to_send()
        if data and not self.outbox.put(data):
            address = self.session.address if self.session is not None else "?"
            log.warning("dropping %s: over %d bytes of output unread", address, self.outbox.cap)
            self._stop_reading()
            self.conn.close()
            self.conn.data_to_send()  # the end of a compressed stream: nobody will read it
            self.transport.abortConnection()

    def _stop_reading(self) -> None:
        """No more of what the client sends is run: the connection is closing."""
        self._closing = True
        if self.pacer is not None:
            self.pacer.stopped = True

    def keepalive(self, now: float) -> None:
        """An IAC NOP now and then to a telnet client, unless its player switched it off."""
        if self.session is None or self.conn is None:
            return
        if now - self.last_keepalive >= KEEPALIVE_INTERVAL and not self._closing:
            self.last_keepalive = now
            if self.session.wants_keepalive():
                self.conn.send_keepalive()
                self.flush()

    def close(self) -> None:
        """Close politely: whatever is queued goes out first."""
        if self._closing or self.conn is None or self.outbox is None:
            return
        self.conn.close()
        self.flush()
        self._stop_reading()
        self.outbox.resumeProducing()
        self.transport.loseConnection()
        self._calls.append(self.factory.clock.callLater(CLOSE_GRACE, self.transport.abortConnection))


class MushFactory(protocol.Factory):
    """The listening side: the open connections, coalesced output, sweeps and shutdown."""

    def __init__(self, game: Game, dispatcher: Dispatcher, clock=None, offer_mccp: bool = True,
                 coalesce_output: bool = False) -> None:
        if clock is None:
            from twisted.internet import reactor as clock
        self.game = game
        self.doorway = Doorway(game, dispatcher)
        self.clock = clock
        self.offer_mccp = offer_mccp
        self.coalescer = Coalescer(clock.callLater, game.end_turn)
        self.coalesce_output = coalesce_output
        #: connect-screen lines, a few dozen a turn across all connections (net/pacing.py)
        self.turnstile = Turnstile(clock)
        #: every message rendered once per kind of client, shared by the connections (net/session.py)
        self.rendered = RenderCache(render_line)
        #: the TCP port we listen on, for MSSP (set by the runner once listening)
        self.port = 0
        #: the TLS port the relay listens on, for MSSP (0: no TLS)
        self.tls_port = 0
        #: the web port the relay serves, for GMCP Client.GUI (0: no web client: net/mudlet.py)
        self.web_port = 0
        #: the web portal's loopback port, where the relay forwards the pages (net/portal.py)
        self.portal_port = 0
        self.protocols: set[MushProtocol] = set()
        #: telnet violations seen on every connection since the server started
        self.violations = 0
        self._sweeper: task.LoopingCall | None = None
        self._closed_waiters: list[defer.Deferred] = []
        #: what every connection's telnet core is given, made once: :meth:`mssp` (one bound
        #: method, not one each) and the longest input line in bytes (a UTF-8 character takes
        #: up to four)
        self.mssp_source = self.mssp
        self.max_line_bytes = 4 * game.config.max_line_length

    @property
    def coalesce_output(self) -> bool:
        """Output goes out once per reactor turn (the server's way; adapter tests see it at once)."""
        return self._coalesce

    @coalesce_output.setter
    def coalesce_output(self, on: bool) -> None:
        self._coalesce = on
        self.game.batch.defer(self.coalescer.wake if on else None)
        self.game.batch.pace(self.clock if on else None)  # arrivals told a line a second at most
        self.game.group_commits(self.coalescer.wake if on else None)  # one commit per turn too

    def mssp(self) -> dict[str, str]:
        """The MSSP variables a client asking now gets (commands/doorway.py)."""
        return self.doorway.mssp(self.port, self.tls_port)

    def buildProtocol(self, addr) -> MushProtocol:
        return MushProtocol(self)

    def start(self) -> None:
        """Begin the sweeps (idle connections, keepalives, freed memory)."""
        self._sweeper = task.LoopingCall(self.sweep)
        self._sweeper.clock = self.clock
        self._sweeper.start(SWEEP_INTERVAL, now=False)

    def stop(self) -> None:
        if self._sweeper is not None and self._sweeper.running:
            self._sweeper.stop()

    def sweep(self) -> None:
        self.doorway.sweep([proto.visit for proto in list(self.protocols) if proto.visit is not None])
        now = self.game.clock()
        for proto in list(self.protocols):
            proto.keepalive(now)
        release_free_memory()

    def lost(self) -> None:
        if not self.protocols:
            waiters, self._closed_waiters = self._closed_waiters, []
            for waiter in waiters:
                waiter.callback(None)

    def close_all(self, message: str, timeout: float = 2.0) -> defer.Deferred:
        """Tell everyone, close every connection; fires when all are closed (or after ``timeout``)."""
        self.stop()
        for proto in list(self.protocols):
            if proto.session is not None:
                proto.session.send(message)
            proto.close()
        if not self.protocols:
            return defer.succeed(None)
        waiter: defer.Deferred = defer.Deferred()
        self._closed_waiters.append(waiter)
        waiter.addTimeout(timeout, self.clock)
        waiter.addErrback(lambda failure: None)
        return waiter
