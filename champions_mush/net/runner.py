"""Running the server under the Twisted reactor: listen, hash off-thread, shut down cleanly.

SIGTERM and SIGINT stop the reactor (Twisted's own handlers); before it stops, everyone is
told, every connection is closed with its output flushed, and the store is closed.
"""

from __future__ import annotations

import gc
import logging
import os
import signal
import threading
from pathlib import Path

from twisted.internet import threads
from twisted.internet.address import IPv4Address, IPv6Address
from twisted.internet.error import ReactorNotRunning
from twisted.python import log as twisted_log

from ..configfile import ServerConfig
from ..game.config import GameConfig

__all__ = ["ANSWERS_EVERY", "Answers", "run", "thread_runner"]

log = logging.getLogger("champions_mush.server")

SHUTDOWN_MESSAGE = "|R*** The game is shutting down. Back soon! ***|n"


#: How much less CPU a busy hash thread may claim than the game's loop (``nice`` 10: Linux's
#: scheduler weighs it about a tenth of the loop), so hashing never starves the game.
HASH_NICENESS = 10
#: The hash threads' name as the system shows it (``top -H``, ``/proc/PID/task/TID/comm``).
HASH_THREAD_NAME = "mush-hash"
_niced = threading.local()


def _at_low_priority(func, name: str):
    """``func`` run on a pool thread that is first lowered to :data:`HASH_NICENESS` and named
    ``name`` (once per thread; on Linux a thread's priority is its own)."""

    def run():
        if not getattr(_niced, "done", False):
            _niced.done = True
            tid = threading.get_native_id()
            try:
                os.setpriority(os.PRIO_PROCESS, tid, HASH_NICENESS)
                Path(f"/proc/self/task/{tid}/comm").write_text(name)
            except OSError:
                pass  # not allowed here: the work still runs, at the loop's priority
        return func()

    return run


def hash_thread_count(server: ServerConfig) -> int:
    """``hash_threads``, or one per core this process may run on (0, the default): more
    threads than cores hash no faster and each holds ``password_cost`` KiB while it runs."""
    return server.hash_threads or len(os.sched_getaffinity(0))


#: Seconds at least between two handings of the hash threads' answers to the game. In a
#: reconnect storm the logins then come a few to a turn, not one a turn: one delivery of the
#: room's text per group ("A, B, C and 4 others have connected.") instead of one per login, each
#: to everyone in the room. A lone login (none handed over in the last interval) waits nothing.
ANSWERS_EVERY = 0.05


class Answers:
    """What the hash threads finished, handed to the game together, at most once every
    ``every`` seconds, in the order it finished."""

    def __init__(self, clock, every: float = ANSWERS_EVERY) -> None:  # an IReactorTime
        self._clock = clock
        self._every = every
        self._due: list[tuple] = []
        self._call = None
        self._last = float("-inf")

    def give(self, func, value) -> None:  # a callback and its argument
        self._due.append((func, value))
        if self._call is None:
            wait = max(0.0, self._last + self._every - self._clock.seconds())
            self._call = self._clock.callLater(wait, self._hand_over)

    def _hand_over(self) -> None:
        self._call, self._last = None, self._clock.seconds()
        due, self._due = self._due, []
        for func, value in due:
            try:
                func(value)
            except Exception:  # one login's bug must not lose the others' answers
                log.exception("background work's answer failed")


def thread_runner(reactor, pool=None, answers: Answers | None = None, name: str = HASH_THREAD_NAME):
    """A ``Game.run_blocking`` that runs work in ``pool`` (the reactor's thread pool unless
    given) on threads called ``name``, below the game's priority, and calls back on the reactor
    thread (through ``answers`` when given). Work waits its turn in the pool's queue."""

    def run_blocking(func, callback, errback=None) -> None:
        d = threads.deferToThreadPool(reactor, pool or reactor.getThreadPool(), _at_low_priority(func, name))
        if answers is not None:
            d.addCallback(lambda value: answers.give(callback, value))
            if errback is not None:
                d.addErrback(lambda failure: answers.give(errback, failure.value))
        elif errback is not None:
            d.addCallbacks(callback, lambda failure: errback(failure.value))
        else:
            d.addCallback(callback)
        d.addErrback(lambda failure: log.error("background work failed: %s", failure.getTraceback()))

    return run_blocking


def file_worker(reactor):
    """``Game.run_parse``: one thread of its own for reading pasted files, started and stopped
    with the reactor, so a parse never waits behind, or holds up, the password hashes."""
    from twisted.python.threadpool import ThreadPool

    pool = ThreadPool(1, 1, name="files")
    reactor.callWhenRunning(pool.start)
    reactor.addSystemEventTrigger("during", "shutdown", pool.stop)
    return thread_runner(reactor, pool, name="mush-files")


class _Readable:
    """A descriptor the reactor watches for the store (Twisted's ``IReadDescriptor``)."""

    def __init__(self, fd: int, on_readable) -> None:
        self.fd, self.doRead = fd, on_readable

    def fileno(self) -> int:
        return self.fd

    def connectionLost(self, reason) -> None:
        """The reactor stopped watching (the store closes its own descriptor)."""

    def logPrefix(self) -> str:
        return "store"


def fd_reader(reactor):
    """The store's ``add_reader`` (store/wal_sync.py ``AddReader``) on the reactor."""

    def add_reader(fd: int, on_readable):
        readable = _Readable(fd, on_readable)
        reactor.addReader(readable)
        return lambda: reactor.removeReader(readable)

    return add_reader


def _stopper(reactor):
    def stop() -> None:
        try:
            reactor.stop()
        except ReactorNotRunning:
            pass  # already stopping: a second signal or @shutdown changes nothing

    return stop


def _install_signal_handlers(reactor) -> None:
    """SIGTERM and SIGINT stop the server cleanly, even when started with SIGINT ignored (a
    background job): Twisted only takes SIGINT over when it has Python's default handler."""
    stop = _stopper(reactor)
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda number, frame: reactor.callFromThread(stop))


def announce(message: str) -> None:
    """Print a line for whoever started the server; a terminal that has gone away (SIGHUP, then
    a reload) must not stop it."""
    try:
        print(message, flush=True)
    except OSError:
        pass


def _start_relay(reactor, factory, server: ServerConfig, data_dir: Path, resume: dict | None):
    """TLS and the web client, in the relay process (net/relay.py): started, or after a reload
    the one already running adopted. Returns the RelayProcess, or None."""
    from .relayed import adopt_relay, start_relay

    relay = start_relay(reactor, factory, server, data_dir) if resume is None else adopt_relay(reactor, factory, resume)
    if relay is None:
        return None
    factory.tls_port = relay.ports.get("tls", 0)
    factory.web_port = relay.ports.get("web", 0)
    if factory.tls_port:
        announce(f"TLS listening on {server.host}:{factory.tls_port}")
    if relay.ports.get("web"):
        announce(f"web client on http://{server.host}:{relay.ports['web']}/")
    log.info("relay (pid %d) listening: %s", relay.pid, relay.ports)
    return relay


def _start_portal(reactor, factory, server: ServerConfig, data_dir: Path, resume: dict | None):
    """The web portal's pages (champions_mush/portal), served beside the web client: started,
    or after a reload the one already running adopted. Returns the PortalProcess, or None."""
    if not server.web_port:
        return None
    from .portal import adopt_portal, start_portal

    if resume is None:
        portal = start_portal(reactor, factory.game, factory.doorway.dispatcher, server, data_dir)
    else:
        portal = adopt_portal(reactor, factory.game, factory.doorway.dispatcher, resume)
    if portal is not None:
        factory.portal_port = portal.port
        log.info("web portal (pid %d) serving on 127.0.0.1:%d", portal.pid, portal.port)
    return portal


def _listener(factory, server: ServerConfig):  # a Twisted factory
    """The telnet port's factory: behind a trusted proxy, one that reads PROXY headers first."""
    if not server.proxy_protocol:
        return factory
    from .proxied import ProxiedFactory, trusted_networks

    return ProxiedFactory(factory, trusted_networks(server.proxy_from))


def _start_metrics(reactor, factory, dispatcher, store, status, server: ServerConfig) -> None:
    """The metrics page (net/metrics.py, loaded only now). After a reload the old process may
    still hold the port for a moment: tried again every second until it is free."""
    from twisted.internet.error import CannotListenError

    from .metrics import GameMetrics, listen_metrics

    metrics = GameMetrics(factory, dispatcher, store, status)

    def listen(tries: int) -> None:
        try:
            port = listen_metrics(reactor, metrics, server)
        except CannotListenError as exc:
            if tries <= 0:
                log.error("no metrics page: cannot listen on %s:%d: %s", server.metrics_host, server.metrics_port,
                          exc.socketError)
                return
            reactor.callLater(1.0, listen, tries - 1)
            return
        status.note(metrics_port=port, metrics_host=server.metrics_host)
        announce(f"metrics on http://{server.metrics_host}:{port}/metrics")

    listen(30)


def run(data_dir: Path, server: ServerConfig, game_config: GameConfig, lock_fd: int = -1,
        argv: list[str] | None = None, resume: dict | None = None) -> int:
    """Serve until stopped; returns the exit status. ``resume``: the state a reload handed over
    (docs/reload.md); ``argv`` and ``lock_fd`` are what a reload needs to start again."""
    from twisted.internet import reactor
    from twisted.internet.interfaces import IReactorThreads

    from ..commands.table import build_dispatcher
    from ..opening import open_game
    from .memory import (
        hold_hash_memory,
        keep_big_allocations_returnable,
        release_hash_memory,
        release_startup_memory,
    )
    from .reload import adopt_port, install_reloader
    from .server import MushFactory
    from .status import start_status

    keep_big_allocations_returnable()
    twisted_log.PythonLoggingObserver(loggerName="twisted").start()
    store, game = open_game(data_dir, game_config, server)
    IReactorThreads(reactor).suggestThreadPoolSize(hash_thread_count(server))
    game.run_blocking = thread_runner(reactor, answers=Answers(reactor))
    game.release_memory = release_hash_memory
    game.hold_memory = hold_hash_memory
    game.run_parse = file_worker(reactor)
    # fight commits made durable off the loop: store/wal_sync.py (SQLite), store/confirming.py (PostgreSQL)
    if hasattr(store, "add_reader"):
        store.add_reader = fd_reader(reactor)
    elif hasattr(store, "hand_back"):
        store.hand_back = IReactorThreads(reactor).callFromThread
    dispatcher = build_dispatcher()
    factory = MushFactory(game, dispatcher, clock=reactor, offer_mccp=server.offer_mccp,
                          coalesce_output=True)

    def shutdown(reason: str = "") -> None:
        log.info("shutdown asked for: %s", reason or "no reason given")
        reactor.callLater(0, _stopper(reactor))

    game.on_shutdown = shutdown
    reactor.addSystemEventTrigger("before", "shutdown", lambda: factory.close_all(SHUTDOWN_MESSAGE))
    try:
        if resume is None:
            port = reactor.listenTCP(server.port, _listener(factory, server), backlog=server.backlog,
                                     interface=server.host)
        else:
            port = adopt_port(reactor, resume["listeners"]["telnet"], _listener(factory, server))
            game.started_at = resume["started_at"]
        where = port.getHost()
        assert isinstance(where, (IPv4Address, IPv6Address))  # a TCP listener's
        factory.port = where.port
    except Exception as exc:  # noqa: BLE001 - CannotListenError and friends: one clear line
        log.error("cannot listen on %s:%s: %s", server.host, server.port, exc)
        store.close()
        return 1
    factory.start()
    reactor.callWhenRunning(_install_signal_handlers, reactor)
    message = f"{game.config.name} listening on {where.host}:{where.port} (data in {data_dir})"
    log.info(message)
    announce(message)
    portal = _start_portal(reactor, factory, server, data_dir, resume)
    relay = _start_relay(reactor, factory, server, data_dir, resume)
    ports = {f"{name}_port": number for name, number in (relay.ports if relay else {}).items()}
    fixed = dict(resume["status"]) if resume else {}
    fixed.update(host=where.host, port=where.port, started_at=game.started_at, **ports)
    if relay is not None:
        fixed["relay_pid"] = relay.pid
    if portal is not None:
        fixed.update(portal_pid=portal.pid, portal_port=portal.port, portal_link_port=portal.listener.getHost().port)
    status = start_status(reactor, data_dir, factory, **fixed)
    if server.metrics_port:
        _start_metrics(reactor, factory, dispatcher, store, status, server)
    listeners = {"telnet": port, **({"relay": relay.listener} if relay else {}),
                 **({"portal": portal.listener} if portal else {})}
    handover = {"listeners": listeners, "relay": relay, "portal": portal, "lock_fd": lock_fd}
    if portal is not None:
        from .portal import watch_portal

        watch_portal(reactor, factory.game, factory.doorway.dispatcher, server, data_dir, handover, status)
        reactor.addSystemEventTrigger("after", "shutdown", lambda: handover["portal"] and handover["portal"].stop())
    if relay is not None:
        from .relayed import watch_relay

        watch_relay(reactor, factory, server, data_dir, handover, status)
        reactor.addSystemEventTrigger("after", "shutdown", lambda: handover["relay"] and handover["relay"].stop())
    install_reloader(reactor, factory, data_dir, argv or [], handover, status, resume)
    if server.backup_every_hours > 0:
        from .backup_schedule import start_backups

        start_backups(reactor, data_dir, server, status)
    from .sd_notify import start_notify

    reactor.callWhenRunning(start_notify, reactor, lambda: (
        f"{len(game.connected_characters())} players online, {len(factory.protocols)} connections"))
    reactor.callWhenRunning(release_startup_memory)
    # What the game loaded to start (modules, rules tables, the world) lives for the process's
    # life: set apart from the cyclic collector, whose full passes then scan only what came after
    # (a pass over all of it took 15-30 ms, a stall a player's command felt: "Reconnect storms").
    reactor.callWhenRunning(gc.freeze)
    reactor.run()
    game.group_commits(None)  # the last turn's fight commands (game/unit.py)
    store.close()
    log.info("server stopped")
    return 0
