"""The portal's read-only view of the game: a :class:`Game` on the database opened read-only,
made again whenever the game has committed since (SQLite's ``PRAGMA data_version``, PostgreSQL's
WAL position), so every page reads through the game's own functions (sheets, scenes, boards) and
sees what the game saved.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..game.config import GameConfig
from ..game.world import Game
from ..help.library import HelpLibrary
from ..store.sqlite import ReadOnlySqliteStore

__all__ = ["GameView"]


class _Store(ReadOnlySqliteStore):
    def watch(self, listener) -> None:  # nothing is written, so nothing fails
        pass


def _read_only(db: str | Path):  # a Store
    """The game's database read-only: a SQLite file, or the ``postgresql://`` address it runs on."""
    if str(db).startswith(("postgresql://", "postgres://")):
        from ..store.postgres import ReadOnlyPostgresStore  # psycopg only for a PostgreSQL game

        class _Pg(ReadOnlyPostgresStore):
            def watch(self, listener) -> None:
                pass

        return _Pg(str(db))
    return _Store(db)


class GameView:
    """The game as the database holds it now."""

    def __init__(self, db: str | Path, config: dict[str, Any] | None = None) -> None:
        self.store = _read_only(db)
        self.config = GameConfig(**(config or {}))
        self.help = HelpLibrary.load()
        self._version: object = None
        self._game: Game | None = None

    def game(self) -> Game:
        """The game, read again if it changed since last asked."""
        version = self.store.data_version()
        if self._game is None or version != self._version:
            game = Game(self.store, config=self.config)
            game.services.help = self.help
            self._game, self._version = game, version
        return self._game

    def close(self) -> None:
        self.store.close()
