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

from collections.abc import Callable

import psycopg

from .base import NotConfirmed, StoreError
from .durable import DurableThread

__all__ = ["Confirmer", "first_line"]

#: the one write whose durable commit confirms the commits before it (a counter of its own)
_MARK = ("INSERT INTO counters (name, value) VALUES ('durable-mark', 1) "
         "ON CONFLICT (name) DO UPDATE SET value=counters.value+1")


class Confirmer(DurableThread):
    """A thread with its own connection that confirms the game's earlier commits durable."""

    def __init__(self, url: str, hand_back: Callable[[Callable[[], None]], None]) -> None:
        self._url = url
        self._db: psycopg.Connection | None = None
        super().__init__(hand_back, "postgresql-confirmer")

    def _make_durable(self) -> StoreError | None:
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
                    return NotConfirmed(f"The database did not confirm a write: {first_line(exc)}")
        return None  # (not reached)

    def _stopped(self) -> None:
        if self._db is not None:
            self._db.close()


def first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]
