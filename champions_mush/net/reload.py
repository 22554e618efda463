"""Reload: the server replaces its own code without dropping anyone (docs/reload.md).

PennMUSH's way: the process re-executes itself (``execv``), keeping its listening sockets,
every connection and the relay's pipe as open descriptors, and hands the new code each
connection's state (telnet options, the session, the login screen's progress, unread input) in
a file. Before anything is disturbed, the new code is tried in a separate process
(``python -m champions_mush.net.reload --check``); if it does not import, or cannot read the
state, the old server keeps running and says why.

Steps (:class:`Reloader`): check the new code; tell everyone; stop accepting (new connections
wait in the kernel's queue); end MCCP on every connection (the zlib stream finished: the
client reads plain bytes from there); wait until output is written and no password is being checked; stop reading; save the
state; ``execv``. The new process (``serve --resume STATE``) adopts the descriptors, rebuilds
each connection, starts a fresh MCCP stream where it was on, and goes on.
"""

from __future__ import annotations

import logging
import os
import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..commands import multiline
from ..text.render import RenderCache
from . import sd_notify
from .output import Outbox
from .pacing import Pacer
from .server import WELCOME_DELAY, MushFactory, MushProtocol
from .session import GMCP_PACKAGES, SharedRenderConnection, TelnetSession, render_line
from .wire import Option

if TYPE_CHECKING:
    import subprocess

__all__ = ["RESTARTING", "Reloader", "adopt_connections", "adopt_port", "game_memory", "install_reloader", "load_state",
           "restore_game_memory"]

log = logging.getLogger("champions_mush.server")

RESTARTING = "The game is restarting; you stay connected."
STATE_FILE = "reload-state.pickle"
CHECK_FILE = "reload-check.pickle"
#: Seconds the new code's trial run may take.
CHECK_TIMEOUT = 60.0
#: Seconds to wait for output to be written and password checks to finish before the switch.
DRAIN_TIMEOUT = 3.0
#: What of each object is not state: references the new code makes anew.
#: (A paste in progress is handed over as plain data, ``paste``; the render cache is the new factory's.)
CONN_SKIP = frozenset({"mssp_source", "_policies", "_compressor", "rendered"})
SESSION_SKIP = frozenset({"conn", "writer", "watcher", "_character_id", multiline.SESSION_ATTR})
VISIT_SKIP = frozenset({"doorway", "game", "session"})
#: what the game keeps only in memory (game/services.py) and a reload hands over: who paged
#: whom last (``page``, ``reply``) and where each character was last active (+vote)
GAME_MEMORY = ("pages", "presence")


def game_memory(game) -> dict[str, Any]:  # game.world.Game
    """The tables of :data:`GAME_MEMORY`, for the saved state."""
    return {name: dict(getattr(game.services, name)) for name in GAME_MEMORY}


def restore_game_memory(game, saved: dict[str, Any]) -> None:  # game.world.Game
    """Put back what :func:`game_memory` saved (a state from older code may lack it)."""
    for name in GAME_MEMORY:
        getattr(game.services, name).update(saved.get(name, {}))


def _attributes(cls: type) -> list[str]:
    """The slot names of ``cls`` and its bases."""
    return [name for klass in cls.__mro__ for name in vars(klass).get("__slots__", ())]


def _state_of(obj: object, skip: frozenset[str]) -> dict[str, Any]:
    """An object's attributes, slots and instance dictionary alike, but ``skip``."""
    state = {k: v for k, v in getattr(obj, "__dict__", {}).items() if k not in skip}
    for name in _attributes(type(obj)):
        if name not in skip and name != "__dict__" and hasattr(obj, name):
            state[name] = getattr(obj, name)
    return state


def _restore(obj: object, saved: dict[str, Any]) -> None:
    """Set the attributes ``obj`` has from ``saved`` (a state from :func:`_state_of`, perhaps
    made by the code before a reload: ``_shared_<name>`` was its name for an override, and
    ``<name>`` for what is now a property over the slot ``_<name>``, as a session's ``reading``)."""
    known = set(_attributes(type(obj)))
    for key, value in saved.items():
        key = key.removeprefix("_shared_")
        if key not in known and f"_{key}" in known:
            key = f"_{key}"
        if key in known or hasattr(obj, "__dict__"):
            setattr(obj, key, value)


def _unsent(transport) -> bytes:  # a twisted.internet.tcp.Connection
    """Bytes the transport took but the kernel has not (Twisted's own buffer)."""
    data = getattr(transport, "dataBuffer", b"")[getattr(transport, "offset", 0):]
    return bytes(data) + b"".join(getattr(transport, "_tempDataBuffer", []))


def snapshot(proto: MushProtocol) -> dict[str, Any]:
    """One connection's state (its descriptor is handed over by number)."""
    transport, session, pacer, outbox = proto.transport, proto.session, proto.pacer, proto.outbox
    assert session is not None and pacer is not None and outbox is not None  # a connection made in full
    family = transport.socket.family
    return {
        "fd": transport.fileno(), "family": int(family), "via": getattr(proto, "via", None),
        "conn": _state_of(proto.conn, CONN_SKIP), "session": _state_of(session, SESSION_SKIP),
        "character_id": session.character_id, "visit": _state_of(proto.visit, VISIT_SKIP),
        "events": pacer.pending(), "violations": proto.violations,
        "unsent": _unsent(transport) + b"".join(outbox._held),
        "mccp_again": bool(getattr(proto, "mccp_was_on", False)),
        "paste": multiline.saved(session),
    }


class Reloader:
    """Carries out ``@reboot``, ``champions-mush reload`` and SIGHUP for one running server."""

    def __init__(self, reactor, factory: MushFactory, data_dir: Path, argv: list[str],
                 handover: dict[str, Any], status) -> None:  # status.StatusFile
        self.reactor, self.factory, self.data_dir = reactor, factory, data_dir
        #: the ``serve`` arguments to start again with
        self.argv = [a for i, a in enumerate(argv) if a != "--resume" and (i == 0 or argv[i - 1] != "--resume")]
        #: what is handed over besides the connections: listeners, the relay, the lock
        self.handover = handover
        self.status = status
        self.busy = False
        self._tell: Callable[[str], None] | None = None
        self._started = 0.0

    # --- asking ---------------------------------------------------------------------------------
    def request(self, tell: Callable[[str], None] | None = None, by: int | None = None) -> None:
        """Reload; ``tell`` hears how it went (the admin who typed @reboot), ``by`` is that session."""
        if self.busy:
            if tell:
                tell("A reload is already under way.")
            return
        self.busy, self._tell, self._by, self._started = True, tell, by, time.monotonic()
        sd_notify.reloading()
        log.info("reload asked for%s", f" by session {by}" if by else "")
        path = self.data_dir / CHECK_FILE
        try:
            self._write(path, self._state(final=False))
        except Exception as exc:  # noqa: BLE001 - a state we cannot save: refuse, keep running
            self._refused(f"the state could not be saved: {exc}")
            return
        cmd = [sys.executable, "-P", "-m", "champions_mush.net.reload", "--check", str(path)]
        import subprocess  # like pickle, loaded at the first reload, not at startup

        from twisted.internet import threads  # the check runs off the game's thread

        d = threads.deferToThread(subprocess.run, cmd, capture_output=True, text=True, timeout=CHECK_TIMEOUT)
        d.addCallbacks(self._checked, lambda failure: self._refused(str(failure.value)))

    def _checked(self, done: subprocess.CompletedProcess) -> None:
        (self.data_dir / CHECK_FILE).unlink(missing_ok=True)
        if done.returncode != 0:
            lines = [line for line in (done.stderr or done.stdout or "").strip().splitlines() if line.strip()]
            self._refused(f"the new code does not start: {lines[-1].strip() if lines else done.returncode}")
            return
        self._switch()

    def _refused(self, why: str) -> None:
        self.busy = False
        message = f"Reload refused, the game goes on with the code it runs: {why}"
        log.error(message)
        sd_notify.reload_refused(lambda: "reload refused: still serving with the code it had")
        self.status.note(reload={"ok": False, "at": time.time(), "message": message})
        if self._tell:
            self._tell(message)

    # --- the switch -----------------------------------------------------------------------------
    def _switch(self) -> None:
        factory = self.factory
        for port in self.handover["listeners"].values():
            port.stopReading()  # new connections wait in the kernel's queue
        for proto in list(factory.protocols):
            conn, session = proto.conn, proto.session
            assert conn is not None and session is not None  # a connection made in full
            session.send(RESTARTING)
            proto.mccp_was_on = conn.mccp
            if conn.mccp:
                conn.stop_compression()  # the compressed stream ends cleanly (zlib's end)
        factory.coalescer.flush()
        for proto in list(factory.protocols):
            proto.flush()
        self._drain_until = time.monotonic() + DRAIN_TIMEOUT
        self.reactor.callLater(0.05, self._drain)

    def _drain(self) -> None:
        protos = list(self.factory.protocols)
        busy = any(p.session is not None and p.session.busy for p in protos)
        unsent = any(_unsent(p.transport) for p in protos)
        if (busy or unsent) and time.monotonic() < self._drain_until:
            self.reactor.callLater(0.05, self._drain)
            return
        self._exec()

    def _exec(self) -> None:
        for proto in list(self.factory.protocols):
            proto.transport.stopReading()  # unread input stays in the kernel for the new code
        state = self._state(final=True)
        path = self.data_dir / STATE_FILE
        self._write(path, state)
        for fd in self._fds(state):
            os.set_inheritable(fd, True)
        argv = [sys.executable, "-P", "-m", "champions_mush.cli", *self.argv, "--resume", str(path)]
        log.info("reloading: %d connections handed over", len(state["connections"]))
        for handler in logging.getLogger().handlers:
            handler.flush()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except OSError:
                pass  # a terminal that went away (the SIGHUP that asked for this reload)
        self.factory.game.store.close()
        os.execv(sys.executable, argv)

    # --- state ----------------------------------------------------------------------------------
    def _state(self, final: bool) -> dict[str, Any]:
        handover = self.handover
        relay = handover.get("relay")
        return {
            "listeners": {name: (port.fileno(), int(port.socket.family))
                          for name, port in handover["listeners"].items()},
            "relay": None if relay is None else {"pid": relay.pid, "stdin_fd": relay.stdin_fd,
                                                 "token": relay.token, "ports": relay.ports},
            "portal": None if handover.get("portal") is None else handover["portal"].handover_state(),
            "lock_fd": handover["lock_fd"], "tls_port": self.factory.tls_port,
            "started_at": self.factory.game.started_at, "next_session_id": self.factory.game.last_session_id,
            "reloads": int(self.status.fixed.get("reloads", 0)) + 1, "status": dict(self.status.fixed),
            "by": self._by, "asked_at": time.time() - (time.monotonic() - self._started),
            "connections": [snapshot(p) for p in list(self.factory.protocols) if p.visit is not None],
            "memory": game_memory(self.factory.game), "final": final,
        }

    @staticmethod
    def _fds(state: dict[str, Any]) -> list[int]:
        fds = [fd for fd, _ in state["listeners"].values()] + [c["fd"] for c in state["connections"]]
        fds.append(state["lock_fd"])
        if state["relay"]:
            fds.append(state["relay"]["stdin_fd"])
        if state.get("portal"):
            fds.extend((state["portal"]["stdin_fd"], state["portal"]["sock_fd"]))
        return fds

    @staticmethod
    def _write(path: Path, state: dict[str, Any]) -> None:
        import pickle

        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as out:
            pickle.dump(state, out, protocol=pickle.HIGHEST_PROTOCOL)


def load_state(path: Path) -> dict[str, Any]:
    """The state a reload left (the file is removed once read)."""
    import pickle

    with open(path, "rb") as handle:
        state = pickle.load(handle)  # our own file, mode 0600, in our data directory
    Path(path).unlink(missing_ok=True)
    return state


# --- the new process ------------------------------------------------------------------------------
def rebuild_conn(factory: MushFactory, saved: dict[str, Any]) -> SharedRenderConnection:
    """A telnet core with a saved connection's state (its option policies and MSSP made anew)."""
    conn = SharedRenderConnection(rendered=factory.rendered, mssp=factory.mssp,
                                  offer_mccp=factory.offer_mccp, gmcp_supports=GMCP_PACKAGES)
    _restore(conn, saved)
    return conn


class ResumedProtocol(MushProtocol):
    """A connection carried across a reload: rebuilt from its saved state, not welcomed again."""

    def __init__(self, factory: MushFactory, saved: dict[str, Any]) -> None:
        super().__init__(factory)
        self.saved = saved
        self.via = saved.get("via")

    def peer_address(self) -> str:
        return self.saved["session"].get("address", "")

    def connectionMade(self) -> None:
        factory, saved, game = self.factory, self.saved, self.factory.game
        for option in ("setTcpNoDelay", "setTcpKeepAlive"):
            getattr(self.transport, option, lambda on: None)(True)
        self.outbox = Outbox(lambda data: self.transport.write(data), game.config.max_output_buffer)
        self.transport.registerProducer(self.outbox, True)
        self.conn = rebuild_conn(factory, saved["conn"])
        self.session = TelnetSession(self.conn, self, self.peer_address(), game.clock())
        _restore(self.session, saved["session"])
        self.session.busy = False  # a password check in flight was the old process's: it is retried
        self.last_keepalive = game.clock()
        self.violations = saved.get("violations", 0)
        factory.protocols.add(self)
        self.visit = factory.doorway.enter(self.session)
        _restore(self.visit, saved["visit"])
        self.session.character_id = saved.get("character_id")
        multiline.restore(game, self.session, saved.get("paste"))  # the paste goes on where it was
        self.pacer = Pacer(self)
        self.pacer.hold(saved.get("events", ()))
        if saved.get("unsent"):
            self.transport.write(saved["unsent"])
        if saved.get("mccp_again") and self.conn.us_enabled(Option.MCCP2):
            self.conn.start_compression()  # a fresh stream: IAC SB MCCP2 IAC SE, as MCCP2 allows
        self.flush()
        if self.pacer.pending():
            self.pacer.go_on()
        if not getattr(self.visit, "_welcomed", True):  # its connect screen was still to come
            self._calls.append(factory.clock.callLater(WELCOME_DELAY, self._welcome))


class _OneConnection:
    """A factory for one adopted connection (Twisted builds its protocol through a factory)."""

    def __init__(self, factory: MushFactory, saved: dict[str, Any]) -> None:
        self.factory, self.saved = factory, saved

    def buildProtocol(self, addr) -> ResumedProtocol:  # Twisted's name
        return ResumedProtocol(self.factory, self.saved)

    def doStart(self) -> None:
        pass

    def doStop(self) -> None:
        pass


def adopt_connections(reactor, factory: MushFactory, state: dict[str, Any]) -> int:
    """Rebuild every handed-over connection; returns how many came through."""
    game = factory.game
    game.last_session_id = max(game.last_session_id, int(state.get("next_session_id", 0)))
    kept = 0
    for saved in state["connections"]:
        fd = saved["fd"]
        try:
            reactor.adoptStreamConnection(fd, socket.AddressFamily(saved["family"]), _OneConnection(factory, saved))
            kept += 1
        except Exception:  # one connection that cannot be rebuilt must not stop the rest
            log.exception("could not keep the connection of session %s", saved["session"].get("id"))
        finally:
            try:
                os.close(fd)  # Twisted adopted a duplicate
            except OSError:
                pass
    return kept


def adopt_port(reactor, fd_family: tuple[int, int], factory):
    """A handed-over listening socket, listening again (Twisted duplicates it; ours is closed)."""
    fd, family = fd_family
    try:
        return reactor.adoptStreamPort(fd, socket.AddressFamily(family), factory)
    finally:
        os.close(fd)


def install_reloader(reactor, factory: MushFactory, data_dir: Path, argv: list[str],
                     handover: dict[str, Any], status, resume: dict[str, Any] | None) -> Reloader:
    """@reboot and SIGHUP reload; after a reload, the handed-over connections come back."""
    import signal

    reloader = Reloader(reactor, factory, data_dir, argv, handover, status)
    factory.game.on_reboot = reloader.request
    signal.signal(signal.SIGHUP, lambda number, frame: reactor.callFromThread(reloader.request))
    if resume is not None:
        restore_game_memory(factory.game, resume.get("memory", {}))
        kept = adopt_connections(reactor, factory, resume)
        now = time.time()
        message = (f"Reload done in {now - resume['asked_at']:.1f} s: "
                   f"{kept} of {len(resume['connections'])} connections kept.")
        log.info(message)
        status.note(reloads=resume["reloads"], reloaded_at=now, reload={"ok": True, "at": now, "message": message})
        relay = handover.get("relay")
        if relay is not None:
            relay.reread_certificate()
        by = resume.get("by")
        asker = factory.game.sessions.get(by) if isinstance(by, int) else None
        if asker is not None:
            asker.send(message)
    return reloader


# --- the trial run of the new code ----------------------------------------------------------------
def check(path: Path) -> int:
    """Import every module of the new code, build the command table, and rebuild each saved
    connection's objects from the state file: what the new process will do first."""
    import importlib
    import pkgutil

    import champions_mush

    from ..commands.table import build_dispatcher

    for module in pkgutil.walk_packages(champions_mush.__path__, "champions_mush."):
        if module.name.endswith(".__main__"):
            continue
        importlib.import_module(module.name)
    build_dispatcher()
    import pickle

    with open(path, "rb") as handle:
        state = pickle.load(handle)  # our own file
    for key in ("listeners", "connections", "lock_fd", "started_at"):
        if key not in state:
            raise KeyError(f"the saved state has no {key}")
    probe = MushFactory.__new__(MushFactory)
    probe.offer_mccp, probe.port, probe.tls_port = True, 0, 0
    probe.rendered = RenderCache(render_line)
    for saved in state["connections"]:
        rebuild_conn(probe, saved["conn"]).style()
        _restore(TelnetSession.__new__(TelnetSession), saved["session"])
    print(f"new code ready: {len(state['connections'])} connections to keep")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2 or args[0] != "--check":
        print("usage: python -m champions_mush.net.reload --check STATE", file=sys.stderr)
        return 2
    return check(Path(args[1]))


if __name__ == "__main__":
    sys.exit(main())
