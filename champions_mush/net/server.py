"""The thin Twisted adapter: bytes from the socket to the telnet core, events to the game.

One :class:`MushProtocol` per connection; :class:`MushFactory` holds the limits that span
connections (how many, how fast per address, idle sweeps, shutdown). Every timer goes through
the injected clock, so tests drive it with ``twisted.internet.task.Clock``.
"""

from __future__ import annotations

import logging
from collections import deque
from typing import TYPE_CHECKING

from twisted.internet import defer, interfaces, protocol, task
from zope.interface import implementer

from ..commands import client, login
from ..commands.base import CommandError
from ..commands.dispatch import Dispatcher
from . import events as ev
from .limits import ConnectLimiter, TokenBucket
from .session import GMCP_PACKAGES, SharedRenderConnection, TelnetSession

if TYPE_CHECKING:
    from ..game.world import Game

__all__ = ["MushFactory", "MushProtocol", "WELCOME_DELAY"]

log = logging.getLogger("champions_mush.net")

#: Seconds to wait for option answers before showing the connect screen anyway
#: (a client that negotiates nothing never completes the handshake).
WELCOME_DELAY = 0.5
#: Seconds between sweeps for idle connections.
SWEEP_INTERVAL = 10.0
#: Seconds a politely closed connection may take to read its last output before it is cut.
CLOSE_GRACE = 10.0
#: Seconds between IAC NOP keepalives (NAT routers drop connections silent for minutes).
KEEPALIVE_INTERVAL = 60.0

#: Shown when ``connect <name>`` or ``create <name>`` leaves the password off: the client is
#: asked not to echo (RFC 857 WILL ECHO) and the next line is the password.
PASSWORD_PROMPT = "Password: "
NO_PASSWORD = "No password given, so nothing was done."
_PASSWORD_WORDS = ("connect", "create")
#: Lines one connection may run in one reactor turn before the others get theirs: a pasted
#: backlog of thousands of lines (with the rate limit lifted) must not hold the whole game
#: (bench/repro_backlog_stall.py). The rest wait for the next turn, reading paused meanwhile.
LINES_PER_TURN = 20

TOO_FAST = "You are sending commands too fast: that one was dropped. Slow down a little."
TOO_LONG = "That line was too long and was thrown away."


@implementer(interfaces.IPushProducer)
class MushProtocol(protocol.Protocol):
    """One client connection."""

    def __init__(self, factory: MushFactory) -> None:
        self.factory = factory
        self.conn: SharedRenderConnection | None = None
        self.session: TelnetSession | None = None
        self.paused = False
        self._pending: list[bytes] = []
        self._pending_size = 0
        self._welcomed = False
        self._welcome_call = None
        self._abort_call = None
        self.last_keepalive = 0.0
        self._closing = False
        self._throttle_told = False
        #: ``connect <name>`` waiting for its password line
        self._password_for: str | None = None
        #: events read but not yet run (more than LINES_PER_TURN lines arrived at once)
        self._backlog: deque[ev.Event] = deque()
        self._backlog_call = None
        self._reading_paused = False
        self._running = False

    # --- connection life ------------------------------------------------------------------------
    def connectionMade(self) -> None:
        factory, game = self.factory, self.factory.game
        address = getattr(self.transport.getPeer(), "host", "") or ""
        refusal = factory.admit(address)
        if refusal:
            log.info("refused connection from %s: %s", address, refusal)
            self.transport.write(refusal.encode("ascii", "replace") + b"\r\n")
            self.transport.loseConnection()
            return
        for option in ("setTcpNoDelay", "setTcpKeepAlive"):
            setter = getattr(self.transport, option, None)
            if setter is not None:
                setter(True)
        self.transport.registerProducer(self, True)
        self.conn = SharedRenderConnection(mssp=factory.mssp, offer_mccp=factory.offer_mccp,
                                           gmcp_supports=GMCP_PACKAGES)
        self.session = TelnetSession(game, self.conn, self, address)
        self.bucket = TokenBucket(game.config.command_rate, game.config.command_burst, game.clock())
        self.last_keepalive = game.clock()
        factory.protocols.add(self)
        game.add_session(self.session)
        log.info("connection from %s (session %d)", address, self.session.id)
        self.conn.start()
        self.flush()
        self._welcome_call = factory.clock.callLater(WELCOME_DELAY, self._welcome)

    def dataReceived(self, data: bytes) -> None:
        if self.conn is None or self._closing:
            return
        self.conn.receive_data(data)
        self._backlog.extend(self.conn.next_events())
        if self._backlog_call is None:
            self._handle_events()
        self.flush()

    def connectionLost(self, reason=protocol.connectionDone) -> None:  # noqa: ANN001
        for call in (self._welcome_call, self._abort_call, self._backlog_call):
            if call is not None and call.active():
                call.cancel()
        if self.session is None:
            return
        self.factory.protocols.discard(self)
        try:
            login.logout_session(self.factory.game, self.session)
        except Exception:  # noqa: BLE001 - a lost connection must never take the server down
            log.exception("error while closing session %d", self.session.id)
        log.info("closed connection from %s (session %d)", self.session.address, self.session.id)
        self.factory.lost(self)

    # --- input ----------------------------------------------------------------------------------
    def _handle_events(self) -> None:
        """Run what was read, at most LINES_PER_TURN lines now; the rest next turn."""
        self._backlog_call = None
        self._running = True
        try:
            self._run_backlog()
        finally:
            self._running = False

    def _run_backlog(self) -> None:
        lines = 0
        while self._backlog and not self._closing:
            if self.session.busy:  # a login is being checked: later lines wait for it
                self._pause_reading(True)
                return
            if lines >= LINES_PER_TURN:
                self._pause_reading(True)
                self._backlog_call = self.factory.clock.callLater(0, self._continue_backlog)
                return
            event = self._backlog.popleft()
            lines += isinstance(event, ev.LineReceived)
            self._handle_event(event)
        self._pause_reading(False)

    def continue_input(self) -> None:
        """Run the lines held while the session was busy, on the next turn (unless the login
        finished inside the loop that runs them, which simply goes on)."""
        if self._running or not self._backlog or self._backlog_call is not None or self._closing:
            return
        self._backlog_call = self.factory.clock.callLater(0, self._continue_backlog)

    def _continue_backlog(self) -> None:
        if self.conn is not None and not self._closing:
            self._handle_events()
            self.flush()

    def _pause_reading(self, paused: bool) -> None:
        if paused != self._reading_paused and self.transport is not None:
            self._reading_paused = paused
            (self.transport.pauseProducing if paused else self.transport.resumeProducing)()

    def _handle_event(self, event: ev.Event) -> None:
        if isinstance(event, ev.LineReceived):
            self._welcome()
            self._line(event.text)
        elif isinstance(event, ev.WindowSize):
            self.session.width, self.session.height = event.width, event.height
        elif isinstance(event, (ev.TerminalType, ev.CharsetChanged, ev.GMCPMessage)):
            self.session.update_client()
        elif isinstance(event, ev.HandshakeComplete):
            self.session.update_client()
            self._welcome()
        elif isinstance(event, ev.LineTooLong):
            self.session.send(TOO_LONG)
        elif isinstance(event, ev.Closed):
            self.close()

    def _line(self, text: str) -> None:
        game, session = self.factory.game, self.session
        now = game.clock()
        session.last_input = now
        if len(text) > game.config.max_line_length:
            session.send(TOO_LONG)
            return
        if not self.bucket.take(now):
            if not self._throttle_told:
                self._throttle_told = True
                session.send(TOO_FAST)
            return
        self._throttle_told = False
        line = self._password_step(text)
        if line is None:
            return
        try:
            self.factory.dispatcher.run(game, session, line)
        except Exception:  # noqa: BLE001 - the dispatcher guards commands; this guards the guard
            log.exception("unguarded error on %r", text)
            session.send("Something went wrong with that command. It has been logged for staff.")

    def _password_step(self, text: str) -> str | None:
        """``connect Alice`` alone asks for the password with the client's echo off; the next
        line completes the command. Returns the line to run, or None."""
        session = self.session
        if self._password_for is not None:
            head, self._password_for = self._password_for, None
            session.hide_input(False)
            session.send("")  # the line end the client did not echo
            if not text.strip():
                session.send(NO_PASSWORD)
                return None
            return f"{head} {text.strip()}"
        word, _, args = text.strip().partition(" ")
        if session.character_id is not None or word.lower() not in _PASSWORD_WORDS or not args.strip():
            return text
        try:
            name, password = login.split_login(args)
        except CommandError:
            return text
        if password or not name:
            return text
        self._password_for = f'{word} "{name}"' if " " in name else f"{word} {name}"
        session.hide_input(True)
        session.send_prompt(PASSWORD_PROMPT)
        return None

    def _welcome(self) -> None:
        if self._welcomed or self.session is None:
            return
        self._welcomed = True
        if self._welcome_call is not None and self._welcome_call.active():
            self._welcome_call.cancel()
        self.session.update_client()
        login.welcome(self.factory.game, self.session)

    # --- output ---------------------------------------------------------------------------------
    def schedule_flush(self) -> None:
        """Write what the core has queued, now or (when the factory coalesces output) once at
        the end of this reactor turn, so a connection that is sent many lines in one turn (a
        crowded room) costs one socket write, not one per line."""
        if self.factory.coalesce_output:
            self.factory.mark_dirty(self)
        else:
            self.flush()

    def flush(self) -> None:
        """Write what the core has queued; buffer it while the socket is backed up."""
        if self.conn is None or self.transport is None:
            return
        data = self.conn.data_to_send()
        if not data:
            return
        if not self.paused:
            self.transport.write(data)
            return
        self._pending.append(data)
        self._pending_size += len(data)
        if self._pending_size > self.factory.game.config.max_output_buffer:
            log.warning("dropping %s: %d bytes of output unread", self.session.address, self._pending_size)
            self._pending.clear()
            self._pending_size = 0
            self._closing = True
            self.conn.close()
            self.conn.data_to_send()  # the end of a compressed stream: nobody will read it
            self.transport.abortConnection()

    def pauseProducing(self) -> None:
        self.paused = True

    def resumeProducing(self) -> None:
        self.paused = False
        if self._pending:
            data = b"".join(self._pending)
            self._pending.clear()
            self._pending_size = 0
            self.transport.write(data)

    def stopProducing(self) -> None:
        self._pending.clear()
        self._pending_size = 0

    def close(self) -> None:
        """Close politely: whatever is queued goes out first."""
        if self._closing:
            return
        self.conn.close()
        self.flush()
        self._closing = True
        self.resumeProducing()
        self.transport.loseConnection()
        self._abort_call = self.factory.clock.callLater(CLOSE_GRACE, self.transport.abortConnection)


def _libc_malloc_trim():  # noqa: ANN202 - glibc's malloc_trim, or None elsewhere
    try:
        import ctypes

        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None


_MALLOC_TRIM = _libc_malloc_trim()

#: glibc's mallopt parameter number for the mmap threshold (malloc.h: M_MMAP_THRESHOLD).
_M_MMAP_THRESHOLD = -3
#: Allocations this big or bigger get their own mmap, returned to the OS when freed. Fixing it
#: stops glibc from raising the threshold after scrypt's 16 MiB blocks are freed, which would
#: otherwise keep every later password hash's memory in the heap for good.
MMAP_THRESHOLD = 1 << 20


def keep_big_allocations_returnable() -> None:
    """Set a fixed mmap threshold (glibc only; nothing elsewhere)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)
    except (OSError, AttributeError):
        pass


def release_free_memory() -> None:
    """Hand memory freed since the last sweep back to the OS (glibc ``malloc_trim``).

    The password-hashing threads each leave a malloc arena of scrypt's 16 MiB behind after a
    login burst; trimming gives it back (docs/performance.md, "Memory with 1,000 clients").
    """
    if _MALLOC_TRIM is not None:
        _MALLOC_TRIM(0)


class MushFactory(protocol.Factory):
    """The listening side: limits across connections, idle sweeps and shutdown."""

    def __init__(self, game: Game, dispatcher: Dispatcher, clock=None, offer_mccp: bool = True,  # noqa: ANN001
                 coalesce_output: bool = False) -> None:
        if clock is None:
            from twisted.internet import reactor as clock
        #: write each connection's output once per reactor turn (the server turns it on;
        #: adapter tests leave it off to see output at once)
        self.coalesce_output = coalesce_output
        self._dirty: set[MushProtocol] = set()
        self._flush_call = None
        self.game = game
        #: the TCP port we listen on, for MSSP (set by the runner once listening)
        self.port = 0
        self.dispatcher = dispatcher
        self.clock = clock
        self.offer_mccp = offer_mccp
        self.protocols: set[MushProtocol] = set()
        client.install(game)  # login hooks: saved +client settings, GMCP Char.Vitals
        self.connects = ConnectLimiter(game.config.connects_per_minute)
        self._sweeper: task.LoopingCall | None = None
        self._closed_waiters: list[defer.Deferred] = []

    def buildProtocol(self, addr) -> MushProtocol:  # noqa: ANN001
        return MushProtocol(self)

    def mark_dirty(self, proto: MushProtocol) -> None:
        """Remember a connection with output queued; flush them all once this turn ends."""
        self._dirty.add(proto)
        if self._flush_call is None:
            self._flush_call = self.clock.callLater(0, self.flush_dirty)

    def flush_dirty(self) -> None:
        """Write every connection's queued output (one write each)."""
        self._flush_call = None
        dirty, self._dirty = self._dirty, set()
        for proto in dirty:
            try:
                proto.flush()
            except Exception:  # noqa: BLE001 - one broken socket must not keep output from the rest
                log.exception("flush failed for session %s", getattr(proto.session, "id", "?"))

    def mssp(self) -> dict[str, str]:
        """MSSP variables (the telnet core adds the protocol flags)."""
        game = self.game
        return {
            "NAME": game.config.name, "PLAYERS": str(len(game.connected_characters())),
            "UPTIME": str(int(game.started_at)), "CODEBASE": "champions-mush",
            "PORT": str(self.port),
            "FAMILY": "Custom", "GENRE": "Superhero", "GAMESYSTEM": "HERO System",
        }

    # --- limits ---------------------------------------------------------------------------------
    def admit(self, address: str) -> str | None:
        """Why a new connection from ``address`` is refused, or None."""
        from ..game.accounts import Accounts

        if Accounts.of(self.game).is_banned(address):
            return "Connections from your site are not allowed."
        if len(self.protocols) >= self.game.config.max_connections:
            return "The game is full right now: please try again in a few minutes."
        if not self.connects.allow(address, self.game.clock()):
            return "Too many connections from your address: please wait a minute."
        return None

    def start(self) -> None:
        """Begin the idle sweeps."""
        self._sweeper = task.LoopingCall(self.sweep)
        self._sweeper.clock = self.clock
        self._sweeper.start(SWEEP_INTERVAL, now=False)

    def stop(self) -> None:
        if self._sweeper is not None and self._sweeper.running:
            self._sweeper.stop()

    def sweep(self) -> None:
        """Disconnect idle connections: a shorter limit before login; staff never time out."""
        game, now = self.game, self.game.clock()
        config = game.config
        for proto in list(self.protocols):
            session = proto.session
            idle = now - session.last_input
            char = game.characters.get(session.character_id) if session.character_id is not None else None
            if char is None and config.login_timeout > 0 and idle > config.login_timeout:
                session.disconnect("You took too long to log in. Goodbye!")
            elif char is not None and not game.is_staff(char) and config.idle_timeout > 0 and idle > config.idle_timeout:
                log.info("idle timeout for %s from %s", char.name, session.address)
                login.logout_session(game, session)
                session.disconnect("You have been idle too long. Goodbye!")
        self.connects.forget_old(now)
        self.keepalives(now)
        release_free_memory()

    def keepalives(self, now: float) -> None:
        """An IAC NOP now and then to telnet clients, unless the player switched it off."""
        for proto in list(self.protocols):
            if now - proto.last_keepalive < KEEPALIVE_INTERVAL or proto._closing:
                continue
            proto.last_keepalive = now
            if proto.session.wants_keepalive():
                proto.conn.send_keepalive()
                proto.flush()

    # --- shutdown -------------------------------------------------------------------------------
    def lost(self, proto: MushProtocol) -> None:
        if not self.protocols:
            waiters, self._closed_waiters = self._closed_waiters, []
            for waiter in waiters:
                waiter.callback(None)

    def close_all(self, message: str, timeout: float = 2.0) -> defer.Deferred:
        """Tell everyone, close every connection; fires when all are closed (or after ``timeout``)."""
        self.stop()
        for proto in list(self.protocols):
            proto.session.send(message)
            proto.close()
        if not self.protocols:
            return defer.succeed(None)
        waiter: defer.Deferred = defer.Deferred()
        self._closed_waiters.append(waiter)
        waiter.addTimeout(timeout, self.clock)
        waiter.addErrback(lambda failure: None)
        return waiter
