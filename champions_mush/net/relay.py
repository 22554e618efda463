"""The relay: a small process that holds the TLS and WebSocket connections (docs/reload.md).

TLS keys and WebSocket framing live in this process, never in the game's, so the game can
re-execute itself (``@reboot``) without dropping them: the relay turns each TLS or WebSocket
client into a plain telnet byte stream over a loopback TCP connection to the game, opened with
one header line (``RELAY <token> <kind> <address>``) that says who the client is. The game
hands those loopback connections over across a reload like any telnet connection.

The game starts the relay (:mod:`champions_mush.net.relayed`) and writes its settings as one
JSON line on the relay's standard input; the relay answers with one JSON line on its standard
output (the ports it listens on, or why it cannot) and runs until its standard input closes,
which happens when the game stops, however it stops.

    python -m champions_mush.net.relay
"""

from __future__ import annotations

import json
import logging
import logging.handlers
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

if __name__ == "__main__":  # the relay process: its settings first, before Twisted loads
    import signal

    signal.signal(signal.SIGUSR1, signal.SIG_IGN)  # a reload's "read the certificate again", until main()
    _SETTINGS_LINE = sys.stdin.buffer.readline()
    from champions_mush.net.memory import load_twisted_lean

    load_twisted_lean(tls=b'"tls_port"' in _SETTINGS_LINE)  # pyOpenSSL only for a TLS port

from twisted.internet import protocol
from twisted.internet.interfaces import IHandshakeListener, IReactorFromThreads
from zope.interface import implementer

from ..limits import FULL, TOO_MANY_CONNECTS, ConnectLimiter
from .output import socket_writer

if TYPE_CHECKING:
    from collections.abc import Callable

    from .output import ITCPConnection
    from .tls import _ServerContext

__all__ = ["HANDSHAKE_DEADLINE", "GamePipe", "RelayedClient", "main"]

log = logging.getLogger("champions_mush.relay")

#: Bytes a client may send before the game has answered the relay's connection.
MAX_EARLY_INPUT = 65536
#: Seconds a client has to finish its TLS handshake, or to send an HTTP request's head (the
#: page's files, the WebSocket upgrade); a browser takes well under one (docs/reliability.md).
HANDSHAKE_DEADLINE = 10.0
#: Seconds between the relay's sweeps: WebSocket pings, forgotten connection times.
SWEEP_INTERVAL = 30.0


class GameSide(protocol.Protocol):
    """The relay's loopback connection to the game, for one client."""

    transport: ITCPConnection  # set by Twisted before connectionMade

    def __init__(self, pipe: GamePipe) -> None:
        self.pipe = pipe

    def connectionMade(self) -> None:
        self.pipe.game_connected(self.transport)

    def dataReceived(self, data: bytes) -> None:
        self.pipe.to_client(data)

    def connectionLost(self, reason=protocol.connectionDone) -> None:
        self.pipe.game_lost()


class _GameSideFactory(protocol.ClientFactory):
    """One client's loopback connection to the game, made for its pipe."""

    noisy = False

    def __init__(self, pipe: GamePipe) -> None:
        self.pipe = pipe

    def buildProtocol(self, addr) -> GameSide:  # Twisted's names
        return GameSide(self.pipe)

    def clientConnectionFailed(self, connector, reason) -> None:
        self.pipe.failed(reason)


class GamePipe:
    """One client's bytes to and from the game. ``client`` is a :class:`RelayedClient`."""

    def __init__(self, relay: Relay, client: RelayedClient, kind: str, address: str) -> None:
        self.relay, self.client = relay, client
        self.game = None
        self._write: Callable[[bytes], None] | None = None  # to the game: straight to the socket (net/output.py)
        self._early = bytearray()
        self._closed = False
        header = f"RELAY {relay.token} {kind} {address}\n".encode("ascii", "replace")
        self._early += header
        relay.reactor.connectTCP("127.0.0.1", relay.game_port, _GameSideFactory(self), timeout=30)

    def failed(self, reason) -> None:
        """The game could not be reached (a Failure)."""
        log.warning("cannot reach the game for %s: %s", self.client.address(), reason.getErrorMessage())
        self._closed = True
        self.client.close_client("The game cannot be reached right now: please try again in a minute.")

    def game_connected(self, transport) -> None:
        if self._closed:
            transport.loseConnection()
            return
        self.game = transport
        self._write = socket_writer(transport)
        transport.setTcpNoDelay(True)
        client = self.client.transport
        client.registerProducer(transport, True)  # a slow client slows the game side
        transport.registerProducer(client, True)
        transport.write(bytes(self._early))
        self._early.clear()

    def to_game(self, data: bytes) -> None:
        if self._closed:
            return
        if self._write is not None:
            self._write(data)
        elif len(self._early) + len(data) <= MAX_EARLY_INPUT:
            self._early += data

    def to_client(self, data: bytes) -> None:
        if not self._closed:
            self.client.send_to_client(data)

    def game_lost(self) -> None:
        """The game closed this connection (QUIT, idle, shutdown): the client goes too."""
        if not self._closed:
            self._closed = True
            self.client.close_client("")

    def client_lost(self) -> None:
        if not self._closed:
            self._closed = True
            if self.game is not None:
                self.game.loseConnection()


class RelayedClient:
    """What a TLS or WebSocket protocol gives its :class:`GamePipe`; each is counted by the
    relay while it is open (:meth:`Relay.admit`), and has :data:`HANDSHAKE_DEADLINE` to get to
    the game, or to its next HTTP request, before it is cut off."""

    transport: Any
    relay: Relay
    _deadline: Any = None

    def address(self) -> str:
        return getattr(self.transport.getPeer(), "host", "") or ""

    def start_deadline(self, seconds: float = HANDSHAKE_DEADLINE) -> None:
        """Cut the connection unless :meth:`stop_deadline` is called within ``seconds``."""
        self.stop_deadline()
        self._deadline = self.relay.reactor.callLater(seconds, self._too_slow, seconds)

    def stop_deadline(self) -> None:
        if self._deadline is not None and self._deadline.active():
            self._deadline.cancel()
        self._deadline = None

    def _too_slow(self, seconds: float) -> None:
        self._deadline = None
        log.info("cut off %s: nothing finished in %g s", self.address(), seconds)
        self.transport.abortConnection()

    def left(self) -> None:
        """The connection is gone: the relay stops counting it."""
        self.stop_deadline()
        self.relay.clients.discard(self)

    def send_to_client(self, data: bytes) -> None:
        raise NotImplementedError

    def close_client(self, reason: str) -> None:
        raise NotImplementedError


@implementer(IHandshakeListener)
class TlsClient(protocol.Protocol, RelayedClient):
    """A TLS client: the decrypted stream is the telnet stream, once the handshake is done."""

    transport: ITCPConnection  # set by Twisted before connectionMade

    def __init__(self, relay: Relay) -> None:
        self.relay = relay
        self.pipe: GamePipe | None = None

    def connectionMade(self) -> None:
        refusal = self.relay.admit(self)
        if refusal:  # no handshake spent on it: closed at once
            self.transport.abortConnection()
            return
        self.transport.setTcpNoDelay(True)
        self.start_deadline()

    def handshakeCompleted(self) -> None:  # Twisted's name
        self.stop_deadline()
        self.pipe = GamePipe(self.relay, self, "tls", self.address())

    def dataReceived(self, data: bytes) -> None:
        if self.pipe is not None:
            self.pipe.to_game(data)

    def connectionLost(self, reason=protocol.connectionDone) -> None:
        self.left()
        if self.pipe is not None:
            self.pipe.client_lost()

    def send_to_client(self, data: bytes) -> None:
        self.transport.write(data)

    def close_client(self, reason: str) -> None:
        if reason:
            self.transport.write(reason.encode("ascii") + b"\r\n")
        self.transport.loseConnection()


class Relay:
    """The relay's settings and listeners."""

    def __init__(self, reactor, settings: dict[str, Any]) -> None:
        self.reactor = reactor
        self.token = str(settings["token"])
        self.game_port = int(settings["game_port"])
        self.settings = settings
        #: the TLS listener's context factory (None while TLS is off)
        self.tls_context: _ServerContext | None = None
        #: every open client connection, from its first byte to its last (TLS and web)
        self.clients: set[RelayedClient] = set()
        #: the game's own limits, for the game's own settings (game/config.py)
        self.max_connections = int(settings.get("max_connections", 2000))
        self.connects = ConnectLimiter(int(settings.get("connects_per_minute", 30)))
        #: open WebSockets, pinged each sweep (net/web.py)
        self.websockets: set[Any] = set()

    def admit(self, client: RelayedClient) -> str | None:
        """Count a new client in, or say why it is refused: the game's ``max_connections``
        over every open connection of the relay, and its ``connects_per_minute`` per address,
        counted from the first byte (so an unfinished request or handshake counts too)."""
        address = client.address()
        if len(self.clients) >= self.max_connections:
            refusal = FULL
        elif not self.connects.allow(address, self.reactor.seconds()):
            refusal = TOO_MANY_CONNECTS
        else:
            self.clients.add(client)
            return None
        log.info("refused a connection from %s: %s", address, refusal)
        return refusal

    def sweep(self) -> None:
        """Ping each WebSocket (one that has not answered the last ping is closed), and
        forget connection times older than the limit's window."""
        self.connects.forget_old(self.reactor.seconds())
        for client in list(self.websockets):
            client.ping()

    def reload_certificate(self) -> None:
        """Read the certificate and key again (SIGUSR1: the game reloaded, or a renewal)."""
        from .tls import TlsError

        if self.tls_context is None:
            return
        try:
            self.tls_context.reload()
        except TlsError as exc:
            log.error("kept the old certificate: %s", exc)
            return
        log.info("certificate read again from %s", self.tls_context.cert)

    def listen(self) -> dict[str, Any]:
        """Open the TLS and web listeners; what became of each (port, or why not)."""
        answer: dict[str, Any] = {}
        s = self.settings
        if s.get("tls_port") is not None:
            answer["tls"] = self._listen_tls(s)
        if s.get("web_port"):
            answer["web"] = self._listen_web(s)
        return answer

    def _listen_tls(self, s: dict[str, Any]) -> dict[str, Any]:
        try:
            from .tls import TlsError, context_factory
        except ImportError as exc:
            return {"error": f"TLS needs pyOpenSSL: {exc}"}
        try:
            ctx = self.tls_context = context_factory(Path(s["tls_cert"]), Path(s["tls_key"]))
            factory = protocol.Factory.forProtocol(lambda: TlsClient(self))
            port = self.reactor.listenSSL(int(s["tls_port"]), factory, ctx, backlog=int(s.get("backlog", 50)),
                                          interface=s.get("host", "0.0.0.0"))
        except TlsError as exc:
            return {"error": str(exc)}
        except Exception as exc:  # noqa: BLE001 - CannotListenError and friends: one clear line
            return {"error": f"cannot listen on {s.get('host')}:{s['tls_port']}: {exc}"}
        return {"port": port.getHost().port}

    def _listen_web(self, s: dict[str, Any]) -> dict[str, Any]:
        try:
            from .web import web_factory

            port = self.reactor.listenTCP(int(s["web_port"]), web_factory(self), backlog=int(s.get("backlog", 50)),
                                          interface=s.get("host", "0.0.0.0"))
        except Exception as exc:  # noqa: BLE001 - CannotListenError and friends: one clear line
            return {"error": f"cannot listen on {s.get('host')}:{s['web_port']}: {exc}"}
        return {"port": port.getHost().port}


def _log_to(folder: str | None) -> None:
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            Path(folder) / "relay.log", maxBytes=5_000_000, backupCount=3, encoding="utf-8")
    else:
        handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)


def _stop_when_stdin_closes(reactor) -> None:
    """The game holds our standard input open while it lives (across its reloads too)."""

    def wait() -> None:
        try:
            while sys.stdin.buffer.read(4096):
                pass
        finally:
            reactor.callFromThread(reactor.stop)

    threading.Thread(target=wait, daemon=True, name="stdin-watch").start()


def main(line: bytes) -> int:
    """The relay process, given its settings line (read before Twisted loaded: above)."""
    import signal

    from twisted.internet import reactor
    from twisted.python import log as twisted_log

    relay: Relay | None = None

    def reread_certificate(number: int, frame: object) -> None:  # a reload's SIGUSR1
        if relay is not None:
            IReactorFromThreads(reactor).callFromThread(relay.reload_certificate)

    signal.signal(signal.SIGUSR1, reread_certificate)
    try:
        settings = json.loads(line)
        relay = Relay(reactor, settings)
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        print(json.dumps({"error": f"bad relay settings: {exc}"}), flush=True)
        return 2
    _log_to(settings.get("log_dir"))
    twisted_log.PythonLoggingObserver(loggerName="twisted").start()
    answer = relay.listen()
    print(json.dumps(answer), flush=True)
    log.info("relay up: %s", answer)
    from twisted.internet import task

    task.LoopingCall(relay.sweep).start(SWEEP_INTERVAL, now=False)
    _stop_when_stdin_closes(reactor)
    reactor.run()
    log.info("relay stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main(_SETTINGS_LINE))
