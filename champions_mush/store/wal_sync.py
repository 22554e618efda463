"""Where a SQLite turn's fsync is done, and the process that does it when the disk is slow, so
the game's loop never waits long for the disk (docs/architecture.md, "Writes off the loop on
SQLite, when the disk is slow").

While the disk is fast the turn's commit fsyncs at once with SQLite's own ``synchronous=FULL``,
timed (:class:`DiskPace`). Once commits are slow, the turn's fight commands commit with
``synchronous=NORMAL`` instead: the transaction is in the WAL file (it survives a killed process,
``kill -9``, and other connections see it) when the commit returns, and a small process
(:mod:`.fsync_helper`) then fsyncs the WAL file, which is what FULL's commit would have done:
when that returns, every commit made before it is on the disk too. Its answer wakes the game's
loop like any connection's input, and only then are the waiting commits' callbacks run.

A process, not a thread: a thread must take Python's lock back after each fsync and at each
hand-back, and every such wait stalled the game's thread (docs/performance.md, "The WAL's fsync:
on the loop while the disk is fast").
"""

from __future__ import annotations

import logging
import os
import select
import sys
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

from .base import NotConfirmed
from .durable import CLOSE_WAIT, Done, Failed, tell_each

__all__ = ["HELPER", "AddReader", "DiskPace", "WalSyncer"]

log = logging.getLogger("champions_mush.store")

#: the helper's script, run on its own (it imports nothing of the game's)
HELPER = Path(__file__).with_name("fsync_helper.py")

#: ``add_reader(fd, on_readable)`` calls ``on_readable()`` on the game's thread whenever ``fd``
#: can be read, until the function it returns is called (the server's is Twisted's reactor)
AddReader = Callable[[int, Callable[[], None]], Callable[[], None]]


#: a turn's commit with its fsync on the game's thread slower than this is a slow one ...
SLOW_COMMIT = 0.002
#: ... and this many of the last :data:`SLOW_WINDOW` slow ones send the fsync off the loop
SLOW_OF, SLOW_WINDOW = 4, 8
#: the fsync process's fsyncs faster than this, :data:`FAST_RUN` times in a row, bring it back
FAST_FSYNC, FAST_RUN = 0.0005, 64


class DiskPace:
    """Where the turn's fsync is done: on the game's thread while the disk answers in a fraction
    of a millisecond (SQLite's own ``synchronous=FULL`` commit: nothing to hand over and wait
    for), in the fsync process while it is slow, so the game's loop never waits for it."""

    def __init__(self) -> None:
        self.slow = False
        self._recent: deque[bool] = deque(maxlen=SLOW_WINDOW)  # the last commits: slow or not
        self._fast = 0  # the process's fast fsyncs in a row

    def committed(self, seconds: float) -> None:
        """A turn's commit, fsync and all, on the game's thread took ``seconds``."""
        self._recent.append(seconds > SLOW_COMMIT)
        if sum(self._recent) >= SLOW_OF:
            log.info("the disk is slow (a commit took %.1f ms): fight commits are made durable off the game's loop",
                     seconds * 1000)
            self.slow, self._fast = True, 0
            self._recent.clear()

    def fsynced(self, seconds: float) -> None:
        """The fsync process's fsync took ``seconds``."""
        self._fast = self._fast + 1 if seconds < FAST_FSYNC else 0
        if self.slow and self._fast >= FAST_RUN:
            log.info("the disk is fast again: fight commits are made durable on the game's loop")
            self.slow = False


class WalSyncer:
    """The fsync process of one database, and the commits waiting on it, in order."""

    def __init__(self, database: Path, add_reader: AddReader, pace: DiskPace) -> None:
        self._files = (f"{database}-wal", str(database))  # no WAL file (not WAL mode): the database's
        self._add_reader = add_reader
        self._pace = pace
        #: each waiting commit, asked for in order: the process answers each ask in turn
        self._asked: deque[tuple[Done, Failed]] = deque()
        self._unread = b""
        self._pid = 0  # no process (not started, or gone)

    def add(self, done: Done, failed: Failed) -> None:
        """Call ``done()`` (on the game's thread) once every commit made so far is durable, or
        ``failed(error)`` when that cannot be made sure. Asked at once, not after the answer
        before: the process reads every ask written while it was busy and one fsync answers
        them all."""
        self._asked.append((done, failed))
        try:
            if not self._pid:
                self._start()
            os.write(self._asks, b"s")
        except OSError as exc:
            self._gone(str(exc))

    def _start(self) -> None:
        asks_read, self._asks = os.pipe()
        self._answers, answers_write = os.pipe()
        try:
            self._pid = os.posix_spawn(
                sys.executable, [sys.executable, "-I", "-S", str(HELPER), *self._files], os.environ,
                file_actions=[(os.POSIX_SPAWN_DUP2, asks_read, 0), (os.POSIX_SPAWN_DUP2, answers_write, 1)])
        except OSError:
            os.close(self._asks)
            os.close(self._answers)
            raise
        finally:
            os.close(asks_read)
            os.close(answers_write)
        self._unwatch = self._add_reader(self._answers, self._answered)

    def _answered(self) -> None:
        """The process wrote: tell each commit its answer is for."""
        data = os.read(self._answers, 4096)
        if not data:
            self._gone("its fsync process ended")
            return
        *lines, self._unread = (self._unread + data).split(b"\n")
        for line in lines:
            if not self._asked:
                continue
            said, _, rest = line.decode(errors="replace").partition(" ")
            if said == "ok":
                self._pace.fsynced(float(rest))
                tell_each([self._asked.popleft()], None)
            else:
                tell_each([self._asked.popleft()], NotConfirmed(f"The database could not be made durable: {rest}"))

    def _gone(self, why: str) -> None:
        """Let go of the process (it ends at the end of its input); what it was asked for and has
        not answered is not known to be on the disk."""
        if self._pid:
            self._unwatch()
            os.close(self._asks)
            os.close(self._answers)
            pid, self._pid, self._unread = self._pid, 0, b""
            _reap(pid, 1.0)
        asked, self._asked = list(self._asked), deque()
        if asked:
            log.error("the WAL's fsync: %s; %d commits are not confirmed", why, len(asked))
            tell_each(asked, NotConfirmed(f"The database could not be made durable: {why}"))

    def close(self, wait: float = CLOSE_WAIT) -> bool:
        """Make durable what is waiting (up to ``wait`` seconds, telling each as usual), then stop
        the process; False when time ran out (the commits were made; only their durability is not
        made sure)."""
        deadline = time.monotonic() + wait
        while self._asked and self._pid:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._answers], [], [], left)[0]:
                break
            self._answered()
        finished = not self._asked
        self._asked.clear()  # told nothing: the game is stopping
        self._gone("the game stopped first")
        return finished


def _reap(pid: int, wait: float) -> None:
    """Wait up to ``wait`` seconds for the process to end (it does at the end of its input)."""
    deadline = time.monotonic() + wait
    while True:
        try:
            if os.waitpid(pid, os.WNOHANG)[0] or time.monotonic() > deadline:
                return
        except ChildProcessError:
            return
        time.sleep(0.005)

