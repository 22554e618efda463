"""Making SQLite commits durable on a thread of its own, so the game's loop never waits for the
disk (docs/architecture.md, "Writes off the loop on SQLite").

With ``synchronous=FULL`` SQLite fsyncs its write-ahead log at every commit, on the game's
thread. The turn's fight commands instead commit with ``synchronous=NORMAL``: the transaction
is in the WAL file (it survives a killed process, ``kill -9``, and other connections see it)
when the commit returns, and this thread then fsyncs the WAL file, which is what FULL's commit
would have done: when that returns, every commit made before it is on the disk too. Only then
are the game's callbacks run, on the game's thread (``hand_back``). One fsync serves every
commit waiting at the time.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path

from .base import StoreError

__all__ = ["WalSyncer"]

log = logging.getLogger("champions_mush.store")

#: how long :meth:`WalSyncer.close` waits for fsyncs still due (the server stopping)
CLOSE_WAIT = 10.0

Done = Callable[[], None]
Failed = Callable[[StoreError], None]


class WalSyncer:
    """A thread that fsyncs a SQLite database's WAL file for the commits waiting on it."""

    def __init__(self, database: Path, hand_back: Callable[[Callable[[], None]], None]) -> None:
        self._files = (Path(f"{database}-wal"), database)  # no WAL file (not WAL mode): the database's
        self._hand_back = hand_back
        self._waiting: list[tuple[Done, Failed]] = []
        self._stopping = False
        self._wake = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="sqlite-wal-sync", daemon=True)
        self._thread.start()

    def add(self, done: Done, failed: Failed) -> None:
        """Call ``done()`` (on the game's thread) once every commit made so far is on the disk,
        or ``failed(error)`` when the fsync fails."""
        with self._wake:
            self._waiting.append((done, failed))
            self._wake.notify()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._waiting and not self._stopping:
                    self._wake.wait()
                if not self._waiting:
                    return
                batch, self._waiting = self._waiting, []
            error = self._sync()
            for done, failed in batch:
                try:
                    self._hand_back(done if error is None else partial(failed, error))
                except Exception:  # the game's loop has stopped: nobody is left to tell
                    log.warning("a durable commit could not be handed back to the game", exc_info=True)

    def _sync(self) -> StoreError | None:
        """fsync the WAL file (the database file when there is none); the error, if any."""
        for path in self._files:
            try:
                fd = os.open(path, os.O_RDONLY)
            except FileNotFoundError:
                continue
            except OSError as exc:
                return StoreError(f"The database could not be made durable: {exc}")
            try:
                os.fdatasync(fd)
            except OSError as exc:
                return StoreError(f"The database could not be made durable: {exc}")
            finally:
                os.close(fd)
            return None
        return StoreError("The database could not be made durable: its files are gone")

    def close(self, wait: float = CLOSE_WAIT) -> bool:
        """fsync for what is waiting (up to ``wait`` seconds), then stop; False when time ran out."""
        with self._wake:
            self._stopping = True
            self._wake.notify_all()
        self._thread.join(wait)
        return not self._thread.is_alive()
