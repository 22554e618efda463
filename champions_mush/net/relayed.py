"""The game's side of the relay (:mod:`champions_mush.net.relay`): starting it, and the
loopback listener where each TLS or WebSocket client arrives as a telnet stream.

A relayed connection starts with one header line, ``RELAY <token> <kind> <address>``; the
token is a secret the game gave the relay, so nothing else on the machine can claim to be a
client from another address. After it, the connection is a :class:`MushProtocol` like any.
The token is made and compared without ``secrets`` and ``hmac``: they import ``hashlib``, which
maps OpenSSL's libcrypto into the game's process (docs/performance.md, "Memory").
"""

from __future__ import annotations

import json
import logging
import os
import select
import signal
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from twisted.internet import protocol

from ..configfile import ServerConfig
from .server import MushFactory, MushProtocol
from .tls import tls_files

if TYPE_CHECKING:
    import subprocess

__all__ = ["KINDS", "RelayProcess", "RelayedFactory", "RelayedProtocol", "same_token", "start_relay",
           "watch_relay"]

log = logging.getLogger("champions_mush.net")

#: What a relayed client came by.
KINDS = ("tls", "websocket")
#: Longest header line the game reads before giving up on a relayed connection.
MAX_HEADER = 200
#: Seconds a connection to the loopback listener has to send its header (the relay sends it
#: with the connection), and how many may be waiting to at once: anything else on the machine
#: that connects is cut off, never held (docs/reliability.md).
HEADER_DEADLINE = 10.0
MAX_WAITING = 256
#: Seconds between checks that the relay still runs.
RELAY_CHECK_INTERVAL = 2.0
#: Seconds the game waits for the relay to say it listens.
RELAY_START_TIMEOUT = 20.0


def same_token(given: str, token: str) -> bool:
    """``given == token`` in time that depends only on their lengths (as
    ``hmac.compare_digest``): every byte is compared, so the time taken tells a guesser
    nothing about how much of a guess was right."""
    a, b = given.encode(), token.encode()
    if len(a) != len(b):
        return False
    diff = 0
    for x, y in zip(a, b):
        diff |= x ^ y
    return diff == 0


class RelayedProtocol(MushProtocol):
    """A client that came through the relay: its header first, then telnet as usual."""

    def __init__(self, factory: MushFactory, token: str, waiting: set[RelayedProtocol] | None = None) -> None:
        super().__init__(factory)
        self._token = token
        self._header = bytearray()
        #: "tls" or "websocket" once the header is read
        self.via: str | None = None
        self._address = ""
        #: the connections that have not sent their header yet (:class:`RelayedFactory`'s)
        self._waiting = set() if waiting is None else waiting

    def connectionMade(self) -> None:  # the game's side starts once the header says who it is
        if len(self._waiting) >= MAX_WAITING:
            self._refuse(f"{MAX_WAITING} others waiting to send theirs")
            return
        self._waiting.add(self)
        self._calls.append(self.factory.clock.callLater(HEADER_DEADLINE, self._refuse, "no header in time"))

    def connectionLost(self, reason=protocol.connectionDone) -> None:
        self._waiting.discard(self)
        super().connectionLost(reason)

    def peer_address(self) -> str:
        return self._address

    def dataReceived(self, data: bytes) -> None:
        if self.via is not None:
            super().dataReceived(data)
            return
        self._header += data
        end = self._header.find(b"\n")
        if end < 0:
            if len(self._header) > MAX_HEADER:
                self._refuse("no header")
            return
        head, rest = bytes(self._header[:end]), bytes(self._header[end + 1:])
        self._header.clear()
        parts = head.decode("ascii", "replace").split(" ")
        if (len(parts) != 4 or parts[0] != "RELAY" or parts[2] not in KINDS
                or not same_token(parts[1], self._token)):
            self._refuse("a bad header")
            return
        self.via, self._address = parts[2], parts[3]
        self._waiting.discard(self)
        for call in self._calls:
            if call.active():
                call.cancel()
        self._calls.clear()
        super().connectionMade()
        if self.session is not None:
            self.session.client["via"] = self.via
        if rest:
            super().dataReceived(rest)

    def _refuse(self, why: str) -> None:
        log.warning("refused a relayed connection with %s", why)
        self._waiting.discard(self)
        self.transport.abortConnection()


class RelayedFactory(protocol.Factory):
    """Builds :class:`RelayedProtocol` for the game's ``factory``."""

    def __init__(self, factory: MushFactory, token: str) -> None:
        self.factory, self.token = factory, token
        self.waiting: set[RelayedProtocol] = set()

    def buildProtocol(self, addr) -> RelayedProtocol:
        return RelayedProtocol(self.factory, self.token, self.waiting)


class RelayProcess:
    """The running relay, as the game knows it: enough to stop it, and to hand it over
    across a reload (its pid, the pipe on its standard input, the loopback listener)."""

    def __init__(self, pid: int, stdin_fd: int, listener, token: str, ports: dict[str, int]) -> None:
        self.pid, self.stdin_fd, self.listener, self.token = pid, stdin_fd, listener, token
        #: "tls" and "web" -> the port listened on (missing when that listener is off)
        self.ports = ports

    def running(self) -> bool:
        """False once the relay has exited (however it ended)."""
        try:
            done, _ = os.waitpid(self.pid, os.WNOHANG)
        except ChildProcessError:
            return False
        return done == 0

    def reread_certificate(self) -> None:
        """Have the relay read the TLS certificate and key again (a renewed certificate)."""
        try:
            os.kill(self.pid, signal.SIGUSR1)
        except OSError as exc:
            log.error("cannot reach the relay (pid %d): %s", self.pid, exc.strerror)

    def stop(self, timeout: float = 5.0) -> None:
        """Close the relay's standard input (it stops), and reap it."""
        try:
            os.close(self.stdin_fd)
        except OSError:
            pass
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                done, _ = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                return
            if done:
                return
            time.sleep(0.02)
        try:
            os.kill(self.pid, 9)
            os.waitpid(self.pid, 0)
        except (OSError, ChildProcessError):
            pass


def relay_settings(server: ServerConfig, data_dir: Path) -> dict[str, Any]:
    """What the relay should listen on: TLS when a certificate or key is there (or named in
    the config: a missing file is then reported), the web port unless it is 0."""
    settings: dict[str, Any] = {"host": server.host, "backlog": server.backlog,
                                "log_dir": str(data_dir / "logs")}
    cert, key = tls_files(data_dir, server.tls_cert, server.tls_key)
    if server.tls_port and (cert.exists() or key.exists() or server.tls_cert or server.tls_key):
        settings.update(tls_port=server.tls_port, tls_cert=str(cert.resolve()), tls_key=str(key.resolve()))
    if server.web_port:
        settings["web_port"] = server.web_port
    return settings


def start_relay(reactor, factory: MushFactory, server: ServerConfig, data_dir: Path) -> RelayProcess | None:
    """Start the relay when TLS or the web client is on; None when neither is (or it fails)."""
    settings = relay_settings(server, data_dir)
    if getattr(factory, "portal_port", 0) and "web_port" in settings:
        settings["portal_port"] = factory.portal_port  # pages the web client does not serve
    if "tls_port" not in settings and "web_port" not in settings:
        return None
    import subprocess  # here, not at the top: a game without TLS or the web client never needs it

    token = os.urandom(16).hex()  # what secrets.token_hex(16) returns
    config = factory.game.config
    settings.update(max_connections=config.max_connections, connects_per_minute=config.connects_per_minute)
    listener = reactor.listenTCP(0, RelayedFactory(factory, token), backlog=server.backlog,
                                 interface="127.0.0.1")
    settings.update(token=token, game_port=listener.getHost().port)
    proc = subprocess.Popen([sys.executable, "-P", "-m", "champions_mush.net.relay"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, close_fds=True)
    stdin, stdout = proc.stdin, proc.stdout
    assert stdin is not None and stdout is not None  # both piped
    stdin.write(json.dumps(settings).encode() + b"\n")
    stdin.flush()
    answer = _read_answer(proc)
    stdin_fd = os.dup(stdin.fileno())
    stdin.close()
    stdout.close()
    relay = RelayProcess(proc.pid, stdin_fd, listener, token, {})
    if answer is None:
        log.error("the relay (TLS and web client) did not start")
        relay.stop()
        listener.stopListening()
        return None
    for name in ("tls", "web"):
        part = answer.get(name)
        if isinstance(part, dict) and "port" in part:
            relay.ports[name] = int(part["port"])
        elif isinstance(part, dict):
            log.error("%s is off: %s", "TLS" if name == "tls" else "the web client", part.get("error"))
            print(f"champions-mush: {'TLS' if name == 'tls' else 'the web client'} is off: "
                  f"{part.get('error')}", file=sys.stderr, flush=True)
    return relay


def _read_answer(proc: subprocess.Popen) -> dict[str, Any] | None:
    deadline = time.monotonic() + RELAY_START_TIMEOUT
    buffer = b""
    assert proc.stdout is not None  # piped
    fd = proc.stdout.fileno()
    while b"\n" not in buffer:
        left = deadline - time.monotonic()
        if left <= 0 or proc.poll() is not None:
            return None
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            chunk = os.read(fd, 4096)
            if not chunk:
                return None
            buffer += chunk
    try:
        answer = json.loads(buffer.split(b"\n", 1)[0])
    except ValueError:
        return None
    return answer if isinstance(answer, dict) else None


def adopt_relay(reactor, factory: MushFactory, resume: dict[str, Any]) -> RelayProcess | None:
    """After a reload: the relay that kept running, and its loopback listener, adopted."""
    from .reload import adopt_port

    saved = resume.get("relay")
    if not saved:
        return None
    listener = adopt_port(reactor, resume["listeners"]["relay"], RelayedFactory(factory, saved["token"]))
    return RelayProcess(saved["pid"], saved["stdin_fd"], listener, saved["token"], dict(saved["ports"]))


def watch_relay(reactor, factory: MushFactory, server: ServerConfig, data_dir: Path,
                handover: dict[str, Any], status) -> None:  # status.StatusFile
    """Start the relay again if it stops (its TLS and web clients are lost, new ones are served
    again a few seconds later). ``handover`` (the reload's) is kept up to date."""
    from twisted.internet import task

    def check() -> None:
        relay = handover.get("relay")
        if relay is None or relay.running():
            return
        log.error("the relay (pid %d) stopped, so TLS and the web client are off: starting it again", relay.pid)
        relay.listener.stopListening()
        new = handover["relay"] = start_relay(reactor, factory, server, data_dir)
        if new is None:
            handover["listeners"].pop("relay", None)
            factory.tls_port = factory.web_port = 0
            return
        handover["listeners"]["relay"] = new.listener
        factory.tls_port, factory.web_port = new.ports.get("tls", 0), new.ports.get("web", 0)
        status.note(relay_pid=new.pid)
        log.info("relay (pid %d) listening again: %s", new.pid, new.ports)

    loop = task.LoopingCall(check)
    loop.clock = reactor
    loop.start(RELAY_CHECK_INTERVAL, now=False)
