"""When the store stops taking writes (a full disk, a read-only file): the game goes on for
logging in, looking and reading; every player is told once that nothing can be saved, staff
are alerted in the game, and everyone hears when writes work again (docs/reliability.md,
"Hardening after the live attack").
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ..store.base import StoreError

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["CANNOT_SAVE", "SAVING_AGAIN", "StorageHealth"]

log = logging.getLogger("champions_mush.storage")

CANNOT_SAVE = ("|R[Storage]|n The game cannot save right now: you can log in, look around and read, "
               "but nothing you change will be kept. Staff have been told.")
SAVING_AGAIN = "|G[Storage]|n The game can save again."
#: Seconds between repeated staff alerts while writes keep failing (the first comes at once).
STAFF_ALERT_INTERVAL = 60.0


class StorageHealth:
    """Watches the game's store; one per game (:meth:`of`)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        #: what the last failed write said, while writes fail; None when they work
        self.failing: str | None = None
        self._told: set[int] = set()
        self._staff_alerted_at: float | None = None
        watch = getattr(game.store, "watch", None)
        if watch is not None:
            watch(self._changed)

    @classmethod
    def of(cls, game: Game) -> StorageHealth:
        """The game's watcher (made, and watching, on first use)."""
        return game.services.storage

    def failed(self, error: StoreError) -> None:
        """A write failed: staff alerted (at once, then at most once a minute), every connected
        player told once (at once, even in held work: ``Game.at_once``)."""
        with self.game.at_once():
            self._alert(error)

    def _alert(self, error: StoreError) -> None:
        first = self.failing is None
        self.failing = str(error)
        if first:
            log.error("writes are failing: %s", error)
        now = self.game.clock()
        if self._staff_alerted_at is None or now - self._staff_alerted_at >= STAFF_ALERT_INTERVAL:
            self._staff_alerted_at = now
            self.game.msg_staff(f"|R[Storage]|n {error}. Nothing can be saved until the disk has room "
                                "and the database is writable.")
        for char in self.game.connected_characters():
            self.tell_once(char)

    def tell_once(self, char: Character) -> None:
        """Tell ``char`` that nothing can be saved, once for each stretch of failures."""
        if self.failing is not None and char.id not in self._told:
            self._told.add(char.id)
            with self.game.at_once():
                self.game.msg(char, CANNOT_SAVE)

    def _changed(self, error: StoreError | None) -> None:
        if error is not None:
            self.failed(error)
            return
        if self.failing is None:
            return
        log.warning("writes work again")
        told, self.failing, self._told, self._staff_alerted_at = self._told, None, set(), None
        with self.game.at_once():
            for char in self.game.connected_characters():
                if char.id in told or self.game.is_staff(char):
                    self.game.msg(char, SAVING_AGAIN)
