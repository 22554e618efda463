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

import os
from collections.abc import Callable
from pathlib import Path

from .base import NotConfirmed, StoreError
from .durable import DurableThread

__all__ = ["WalSyncer"]


class WalSyncer(DurableThread):
    """A thread that fsyncs a SQLite database's WAL file for the commits waiting on it.

    The WAL file is opened once and kept open: the store's connection stays open while this
    thread lives, and SQLite removes the WAL file only when the last connection to the database
    closes, so it is the file the commits went to (an open and a close a batch were two more
    system calls, each a wait for the game's thread to let go of Python's lock)."""

    def __init__(self, database: Path, hand_back: Callable[[Callable[[], None]], None]) -> None:
        self._files = (Path(f"{database}-wal"), database)  # no WAL file (not WAL mode): the database's
        self._wal: int | None = None  # the WAL file, open
        super().__init__(hand_back, "sqlite-wal-sync")

    def _make_durable(self) -> StoreError | None:
        """fsync the WAL file (the database file when there is none); the error, if any."""
        if self._wal is not None:
            try:
                os.fdatasync(self._wal)
            except OSError as exc:
                self._stopped()  # opened afresh next time
                return NotConfirmed(f"The database could not be made durable: {exc}")
            return None
        for path in self._files:
            try:
                fd = os.open(path, os.O_RDONLY)
            except FileNotFoundError:
                continue
            except OSError as exc:
                return NotConfirmed(f"The database could not be made durable: {exc}")
            try:
                os.fdatasync(fd)
            except OSError as exc:
                os.close(fd)
                return NotConfirmed(f"The database could not be made durable: {exc}")
            if path is self._files[0]:
                self._wal = fd  # kept for the next batch
            else:
                os.close(fd)
            return None
        return NotConfirmed("The database could not be made durable: its files are gone")

    def _stopped(self) -> None:
        if self._wal is not None:
            fd, self._wal = self._wal, None
            os.close(fd)
