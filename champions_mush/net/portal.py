"""The game's side of the web portal (:mod:`champions_mush.portal`): starting and watching its
process, and the loopback channel on which it asks the game for what changes the game.

The portal is a process of its own (docs/architecture.md, "The portal"): it reads the
database read-only and renders pages; logging in, and every change (a +finger field, a Hero
Designer upload, an approval), is asked of the game here, on a loopback connection opened with
``PORTAL <token>`` (the relay's kind of secret, :func:`.relayed.same_token`), then one JSON
object a line each way: ``{"id": 7, "op": "login", ...}`` answered by ``{"id": 7, ...}``.

Web logins are kept in the database (game/web_logins.py), so a browser logged in stays logged
in across a portal restart. The game holds the portal's listening socket and hands it to each portal it starts, so the
port the relay forwards to never changes: a portal killed (even ``kill -9``) is started again
by :func:`watch_portal` on the same socket, and a browser waits in its backlog meanwhile.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from twisted.internet import protocol

from ..commands.sheets import import_text
from ..game import web_logins
from ..game.accounts import Accounts
from ..game.hero import MAX_HDC_BYTES
from ..game.people import is_unfindable
from ..game.session import Session
from ..text.markup import strip
from .relayed import _read_answer, same_token

if TYPE_CHECKING:
    from ..configfile import ServerConfig
    from ..game.world import Game
    from .output import ITCPConnection

__all__ = ["PORTAL_COMMANDS", "PortalLink", "PortalProcess", "adopt_portal", "start_portal", "watch_portal"]

log = logging.getLogger("champions_mush.net")

#: Seconds between checks that the portal still runs.
PORTAL_CHECK_INTERVAL = 2.0
#: The commands a portal may run for a logged-in character (each still checks its role).
PORTAL_COMMANDS = ("+finger/set", "+approve", "+approve/force", "+scene/share", "+scene/unshare")
#: Connections that may wait for their header at once, and the seconds each may take.
MAX_WAITING, HEADER_DEADLINE = 8, 10.0
#: Longest request line: a Hero Designer file at its limit, JSON-escaped.
MAX_REQUEST = 8 * MAX_HDC_BYTES


class PortalSession(Session):
    """A web request's stand-in connection: it collects what the command says."""

    __slots__ = ("said",)

    def __init__(self, address: str, char_id: int) -> None:
        super().__init__(address=address)
        self.said: list[str] = []
        self._character_id = char_id

    def send(self, text: str) -> None:
        self.said.append(text)

    def send_gmcp(self, package: str, data: object) -> None:
        pass

    def wants_gmcp(self, package: str) -> bool:
        return False

    def disconnect(self, reason: str = "") -> None:
        pass

    def lines(self) -> list[str]:
        return [line for text in self.said for line in strip(text).split("\n")]


class PortalLink(protocol.Protocol):
    """One portal's connection to the game: its header, then requests, a line each (split
    here rather than with twisted.protocols.basic, which the game's process would load only
    for this: docs/performance.md, "Memory")."""

    transport: ITCPConnection  # set by Twisted before connectionMade

    def __init__(self, factory: PortalLinkFactory) -> None:
        self.factory = factory
        self.trusted = False
        self._deadline = None
        self._buffer = bytearray()

    def dataReceived(self, data: bytes) -> None:  # Twisted's names
        searched = len(self._buffer)  # no newline before this: a big upload is scanned once
        self._buffer += data
        while not self.transport.disconnecting:
            end = self._buffer.find(b"\n", searched)
            if end < 0:
                break
            line = bytes(self._buffer[:end])
            del self._buffer[:end + 1]
            searched = 0
            self.lineReceived(line)
        if len(self._buffer) > MAX_REQUEST:
            log.warning("the portal sent a line over %d bytes", MAX_REQUEST)
            self._buffer.clear()
            self.transport.abortConnection()

    def connectionMade(self) -> None:  # Twisted's names
        """Another local process could connect here too: at most :data:`MAX_WAITING` may wait
        for their header at once, and none longer than :data:`HEADER_DEADLINE` seconds."""
        waiting = self.factory.waiting
        if len(waiting) >= MAX_WAITING:
            self.transport.abortConnection()
            return
        waiting.add(self)
        self._deadline = self.factory.clock.callLater(HEADER_DEADLINE, self.transport.abortConnection)

    def connectionLost(self, reason=None) -> None:
        self._trust_or_forget(False)

    def _trust_or_forget(self, trusted: bool) -> None:
        self.factory.waiting.discard(self)
        if self._deadline is not None and self._deadline.active():
            self._deadline.cancel()
        self._deadline = None
        self.trusted = trusted

    def lineReceived(self, line: bytes) -> None:  # Twisted's name
        if not self.trusted:
            parts = line.decode("ascii", "replace").split(" ")
            if len(parts) != 2 or parts[0] != "PORTAL" or not same_token(parts[1], self.factory.token):
                log.warning("refused a portal connection with a bad header")
                self.transport.abortConnection()
                return
            self._trust_or_forget(True)
            return
        try:
            request = json.loads(line)
            ask_id = request["id"]
        except (ValueError, KeyError, TypeError):
            log.warning("the portal sent a line that is not a request")
            return
        try:
            answer_request(self.factory.game, self.factory.dispatcher, request,
                           lambda answer: self.answer(ask_id, answer))
        except Exception:  # our bug: logged, and the portal told, never the game stopped
            log.exception("a portal request failed: %s", request.get("op"))
            self.answer(ask_id, {"error": "The game could not do that: it has been logged for staff."})

    def answer(self, ask_id: Any, answer: dict[str, Any]) -> None:
        if self.transport is not None and self.connected:
            self.transport.write(json.dumps({"id": ask_id, **answer}).encode() + b"\n")


class PortalLinkFactory(protocol.Factory):
    def __init__(self, game: Game, dispatcher, token: str, clock=None) -> None:  # a Dispatcher, a reactor
        if clock is None:
            from twisted.internet import reactor as clock
        self.game, self.dispatcher, self.token, self.clock = game, dispatcher, token, clock
        #: connections that have not yet sent their header
        self.waiting: set[PortalLink] = set()

    def buildProtocol(self, addr) -> PortalLink:
        return PortalLink(self)


# --- what the portal may ask ------------------------------------------------------------------
def answer_request(game: Game, dispatcher, request: dict[str, Any], reply) -> None:
    """Carry out one request; ``reply(dict)`` once, now or when slow work (a hash) ends."""
    op = request.get("op")
    if op == "who":
        reply({"who": who_rows(game)})
    elif op == "login":
        _login(game, request, reply)
    elif op == "command":
        _command(game, dispatcher, request, reply)
    elif op == "import":
        _import(game, request, reply)
    elif op == "portrait":
        reply(_portrait(game, request))
    elif op == "seen":
        web_logins.note_used(game, str(request.get("token", ""))[:64])
        reply({})
    elif op == "logout":
        reply({"ended": web_logins.end(game, str(request.get("token", ""))[:64])})
    else:
        reply({"error": f"unknown request {str(op)[:20]!r}"})


def who_rows(game: Game) -> list[dict[str, Any]]:
    """Who is connected and findable (+where/hide is honoured): name, seconds on, idle, doing."""
    now = game.clock()
    rows = []
    for char in game.connected_characters():
        if is_unfindable(char):
            continue
        sessions = game.sessions_of(char)
        rows.append({"name": char.name, "on_for": now - min(s.connected_at for s in sessions),
                     "idle": now - max(s.last_input for s in sessions), "doing": char.settings.get("doing", "")})
    return rows


def _login(game: Game, request: dict[str, Any], reply) -> None:
    """The telnet login's check: the same hashes, the same failed-login limits by address and name."""
    name, password = str(request.get("name", ""))[:60], str(request.get("password", ""))[:200]
    address = str(request.get("address", ""))[:60]
    if not name.strip() or not password:
        reply({"error": "Give your character's name and password."})
        return

    def done(char, error: str | None) -> None:  # a Character or None
        if char is None:
            reply({"error": error})
            return
        log.info("web login: %s(#%d) from %s", char.name, char.id, address or "?")
        reply({"char": char.id, "name": char.name, "role": int(char.role), "token": web_logins.begin(game, char)})

    Accounts.of(game).authenticate(address, name, password, done, owner=("portal", address, name.lower()))


def _actor(game: Game, request: dict[str, Any]):
    cid = request.get("char")
    char = game.characters.get(cid) if isinstance(cid, int) else None
    return None if char is None or char.npc else char


def _command(game: Game, dispatcher, request: dict[str, Any], reply) -> None:
    """Run one of :data:`PORTAL_COMMANDS` as the logged-in character; what it said comes back,
    once it is sent (on PostgreSQL, when its commit is confirmed durable)."""
    char, line = _actor(game, request), str(request.get("line", ""))
    if char is None:
        reply({"error": "Log in again."})
        return
    if "\n" in line or "\r" in line or not line.lower().split(" ", 1)[0] in PORTAL_COMMANDS:
        reply({"error": "The portal may not run that."})
        return
    session = PortalSession(str(request.get("address", "")), char.id)
    game.add_session(session)  # until it is answered: its replies reach the page

    def answer(_lost: object = None) -> None:
        game.remove_session(session)  # it takes its share of this turn's messages as it goes
        reply({"lines": session.lines()})

    try:
        dispatcher.run(game, session, line)
    except BaseException:
        game.remove_session(session)
        raise
    group = game.group
    if group is not None and session in group.owners:  # what it said waits for the turn's commit
        group.hold(None, [answer], answer)  # (confirmed later on PostgreSQL): answered after it
    else:
        answer()


def _import(game: Game, request: dict[str, Any], reply) -> None:
    """A Hero Designer file uploaded: read and priced like a paste (+sheet/import)."""
    char, text = _actor(game, request), request.get("text")
    if char is None or not isinstance(text, str):
        reply({"error": "Log in again."})
        return
    if len(text.encode("utf-8")) > MAX_HDC_BYTES:
        reply({"error": f"That file is too big: {MAX_HDC_BYTES // 1024} KB at most."})
        return
    session = PortalSession(str(request.get("address", "")), char.id)
    import_text(game, session, char.id, text, then=lambda: reply({"lines": session.lines()}))


def _portrait(game: Game, request: dict[str, Any]) -> dict[str, Any]:
    """A portrait uploaded (base64 ``data``; empty: taken away) for the logged-in character."""
    import base64

    from ..game.portraits import PortraitError, clear_portrait, set_portrait

    char, data = _actor(game, request), request.get("data")
    if char is None or not isinstance(data, str):
        return {"error": "Log in again."}
    if not data:
        clear_portrait(game, char)
        return {"lines": ["Your portrait is gone."]}
    try:
        set_portrait(game, char, base64.b64decode(data, validate=True))
    except (PortraitError, ValueError) as exc:
        return {"error": str(exc) if isinstance(exc, PortraitError) else "That upload was damaged: try again."}
    return {"lines": ["Your portrait is saved."]}


# --- the process --------------------------------------------------------------------------------
class PortalProcess:
    """The running portal: its pid and standard input (closing it stops the portal), the
    listening socket the game holds for it, and the channel's listener and token."""

    def __init__(self, pid: int, stdin_fd: int, sock: socket.socket, listener, token: str) -> None:
        self.pid, self.stdin_fd, self.sock, self.listener, self.token = pid, stdin_fd, sock, listener, token

    @property
    def port(self) -> int:
        return self.sock.getsockname()[1]

    def handover_state(self) -> dict[str, Any]:
        """What a reload hands the new code (the channel's listener goes with the others)."""
        return {"pid": self.pid, "stdin_fd": self.stdin_fd, "sock_fd": self.sock.fileno(), "token": self.token}

    def running(self) -> bool:
        try:
            done, _ = os.waitpid(self.pid, os.WNOHANG)
        except ChildProcessError:
            return False
        return done == 0

    def stop(self, timeout: float = 5.0) -> None:
        """Close the portal's standard input (it stops), and reap it."""
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


def portal_socket(backlog: int) -> socket.socket:
    """The loopback socket the portal serves on, held by the game across portal restarts."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(backlog)
    sock.setblocking(False)  # as Twisted's adoptStreamPort needs (the game itself never accepts)
    sock.set_inheritable(True)
    return sock


def start_portal(reactor, game: Game, dispatcher, server: ServerConfig, data_dir: Path,
                 sock: socket.socket | None = None, token: str = "", listener=None) -> PortalProcess | None:
    """Start the portal on ``sock`` (a new one when None); None when it does not start."""
    import subprocess

    from ..opening import DB_FILE, is_postgresql

    sock = sock or portal_socket(server.backlog)
    if listener is None:  # the first start, on the reactor's thread (a restart runs on a thread of its own)
        web_logins.portal_key(game)  # the portal's CSRF key, kept in the database it reads
        token = os.urandom(16).hex()
        listener = reactor.listenTCP(0, PortalLinkFactory(game, dispatcher, token), interface="127.0.0.1")
    db = server.store if is_postgresql(server.store) else str((data_dir / DB_FILE).resolve())
    settings = {"db": db, "socket_fd": sock.fileno(), "token": token,
                "game_port": listener.getHost().port, "log_dir": str(data_dir / "logs"),
                "config": str(data_dir / "config.yaml"), "secure_cookies": False}
    proc = subprocess.Popen([sys.executable, "-P", "-m", "champions_mush.portal"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, close_fds=True, pass_fds=(sock.fileno(),))
    stdin, stdout = proc.stdin, proc.stdout
    assert stdin is not None and stdout is not None  # both piped
    stdin.write(json.dumps(settings).encode() + b"\n")
    stdin.flush()
    answer = _read_answer(proc)
    stdin_fd = os.dup(stdin.fileno())
    stdin.close()
    stdout.close()
    portal = PortalProcess(proc.pid, stdin_fd, sock, listener, token)
    if answer is None or "error" in answer:
        log.error("the web portal did not start: %s", (answer or {}).get("error", "no answer"))
        portal.stop()
        return None
    return portal


def adopt_portal(reactor, game: Game, dispatcher, resume: dict[str, Any]) -> PortalProcess | None:
    """After a reload: the portal that kept running, its socket and its channel, adopted."""
    from .reload import adopt_port

    saved = resume.get("portal")
    if not saved:
        return None
    listener = adopt_port(reactor, resume["listeners"]["portal"], PortalLinkFactory(game, dispatcher, saved["token"]))
    sock = socket.socket(fileno=saved["sock_fd"])
    return PortalProcess(saved["pid"], saved["stdin_fd"], sock, listener, saved["token"])


def watch_portal(reactor, game: Game, dispatcher, server: ServerConfig, data_dir: Path,
                 handover: dict[str, Any], status) -> None:  # status.StatusFile
    """Start the portal again, on the same socket, whenever it stops (``handover["portal"]``)."""
    from twisted.internet import task

    starting: list[bool] = []

    def started(new: PortalProcess | None) -> None:
        starting.clear()
        if new is not None:
            handover["portal"] = new
            status.note(portal_pid=new.pid)
            log.info("web portal (pid %d) serving again on 127.0.0.1:%d", new.pid, new.port)

    def check() -> None:
        """A stopped portal is started again on a thread of its own: the game never waits the
        seconds a new portal takes to load (play goes on meanwhile)."""
        portal = handover.get("portal")
        if portal is None or starting or portal.running():
            return
        log.error("the web portal (pid %d) stopped: starting it again", portal.pid)
        try:
            os.close(portal.stdin_fd)
        except OSError:
            pass
        starting.append(True)

        def start() -> None:
            new = start_portal(reactor, game, dispatcher, server, data_dir, portal.sock, portal.token, portal.listener)
            reactor.callFromThread(started, new)

        threading.Thread(target=start, name="portal-start", daemon=True).start()

    loop = task.LoopingCall(check)
    loop.clock = reactor
    loop.start(PORTAL_CHECK_INTERVAL, now=False)
