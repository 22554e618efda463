"""Confirming PostgreSQL commits durable on a thread of its own, so the game's loop never waits
for the server's disk or its synchronous replicas (docs/architecture.md, "Writes off the loop
on PostgreSQL").

The game commits a turn's fight commands with ``synchronous_commit`` off: the server has them
(other connections see them) when the commit returns, without waiting for its WAL to reach the
disk. This thread then commits one small write of its own with the server's own
``synchronous_commit`` (``on`` by default). PostgreSQL writes its WAL in order and a durable
commit flushes everything before it, on disk and on every synchronous replica, so when that
commit returns every commit the game made before asking is durable too: only then are the
game's callbacks run, on the game's thread (``hand_back``). One confirmation serves every
commit waiting at the time.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from functools import partial

import psycopg

from .base import StoreError

__all__ = ["Confirmer", "first_line"]

log = logging.getLogger("champions_mush.store")

#: the one write whose durable commit confirms the commits before it (a counter of its own)
_MARK = ("INSERT INTO counters (name, value) VALUES ('durable-mark', 1) "
         "ON CONFLICT (name) DO UPDATE SET value=counters.value+1")
#: how long :meth:`Confirmer.close` waits for confirmations still due (the server stopping)
CLOSE_WAIT = 10.0

Done = Callable[[], None]
Failed = Callable[[StoreError], None]


class Confirmer:
    """A thread with its own connection that confirms the game's earlier commits durable."""

    def __init__(self, url: str, hand_back: Callable[[Callable[[], None]], None]) -> None:
        self._url = url
        self._hand_back = hand_back
        self._waiting: list[tuple[Done, Failed]] = []
        self._stopping = False
        self._wake = threading.Condition()
        self._db: psycopg.Connection | None = None
        self._thread = threading.Thread(target=self._run, name="postgresql-confirmer", daemon=True)
        self._thread.start()

    def add(self, done: Done, failed: Failed) -> None:
        """Call ``done()`` (on the game's thread) once every commit made so far is durable, or
        ``failed(error)`` when that cannot be confirmed."""
        with self._wake:
            self._waiting.append((done, failed))
            self._wake.notify()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._waiting and not self._stopping:
                    self._wake.wait()
                if not self._waiting:
                    break
                batch, self._waiting = self._waiting, []
            error = self._confirm()
            for done, failed in batch:
                try:
                    self._hand_back(done if error is None else partial(failed, error))
                except Exception:  # the game's loop has stopped: nobody is left to tell
                    log.warning("a confirmed commit could not be handed back to the game", exc_info=True)
        if self._db is not None:
            self._db.close()

    def _confirm(self) -> StoreError | None:
        """One durable commit on our own connection (a new one if it was lost); the error when
        none could be made."""
        for attempt in (1, 2):
            try:
                if self._db is None or self._db.closed:
                    self._db = psycopg.connect(self._url, autocommit=True)
                self._db.execute(_MARK)
                return None
            except psycopg.Error as exc:
                if self._db is not None:
                    self._db.close()
                self._db = None
                if attempt == 2:
                    return StoreError(f"The database did not confirm a write: {first_line(exc)}")
        return None  # (not reached)

    def close(self, wait: float = CLOSE_WAIT) -> bool:
        """Confirm what is waiting (up to ``wait`` seconds), then stop; False when time ran out
        (the commits were made; only their confirmation is missing)."""
        with self._wake:
            self._stopping = True
            self._wake.notify_all()
        self._thread.join(wait)
        return not self._thread.is_alive()



def first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]
