"""A thread of its own that makes the game's earlier commits durable and hands the waiting
callbacks back to the game's thread, so the game's loop never waits for a disk or a replica
(docs/architecture.md, "Writes off the loop"). One durable step serves every commit waiting at
the time. How a commit is made durable is the store's: :mod:`.wal_sync` (SQLite, an fsync of
the WAL, in a process of its own) and :mod:`.confirming` (PostgreSQL, one durable write of its own).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from functools import partial

from .base import StoreError

__all__ = ["CLOSE_WAIT", "DurableThread", "tell_each"]

log = logging.getLogger("champions_mush.store")

#: how long :meth:`DurableThread.close` waits for what is still due (the server stopping)
CLOSE_WAIT = 10.0

Done = Callable[[], None]
Failed = Callable[[StoreError], None]


class DurableThread:
    """The thread and its queue; a subclass says how with :meth:`_make_durable`."""

    def __init__(self, hand_back: Callable[[Callable[[], None]], None], name: str) -> None:
        self._hand_back = hand_back
        self._waiting: list[tuple[Done, Failed]] = []
        self._stopping = False
        self._wake = threading.Condition()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def add(self, done: Done, failed: Failed) -> None:
        """Call ``done()`` (on the game's thread) once every commit made so far is durable, or
        ``failed(error)`` when that cannot be made sure."""
        with self._wake:
            self._waiting.append((done, failed))
            self._wake.notify()

    def _make_durable(self) -> StoreError | None:
        """Make every commit so far durable; the error, if that failed."""
        raise NotImplementedError

    def _stopped(self) -> None:
        """The thread ends: let go of what it holds."""

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._waiting and not self._stopping:
                    self._wake.wait()
                if not self._waiting:
                    break
                batch, self._waiting = self._waiting, []
            error = self._make_durable()
            try:  # one hand-back for the batch: each wakes the game's loop and waits for its lock
                self._hand_back(partial(tell_each, batch, error))
            except Exception:  # the game's loop has stopped: nobody is left to tell
                log.warning("a durable commit could not be handed back to the game", exc_info=True)
        self._stopped()

    def close(self, wait: float = CLOSE_WAIT) -> bool:
        """Make durable what is waiting (up to ``wait`` seconds), then stop; False when time ran
        out (the commits were made; only their durability is not made sure)."""
        with self._wake:
            self._stopping = True
            self._wake.notify_all()
        self._thread.join(wait)
        return not self._thread.is_alive()


def tell_each(batch: list[tuple[Done, Failed]], error: StoreError | None) -> None:
    """On the game's thread: each waiting commit's ``done()``, or ``failed(error)``, in order; one
    that raises is logged and the rest still run (as when each was handed back on its own)."""
    for done, failed in batch:
        try:
            if error is None:
                done()
            else:
                failed(error)
        except Exception:
            log.exception("telling a waiting commit that it is durable failed")
