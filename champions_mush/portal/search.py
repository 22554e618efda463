"""Search over the shared scene logs with SQLite's full-text search (FTS5), in an index the
portal keeps in its own memory: the game's database is read-only to the portal, and the index
is the portal's to make again (from the logs, through :class:`Scenes`) when the game has
changed and the last one is over :data:`REFRESH` seconds old, so a search never waits on a
pose and a new pose is found within that time.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..game.scenes import Scenes
from ..text.markup import strip

if TYPE_CHECKING:
    from ..game.world import Game

__all__ = ["MAX_WORDS", "SceneSearch"]

#: Seconds an index is used before the logs are read again (when the game has changed).
REFRESH = 60.0
#: Words one search may hold, and the hits it shows.
MAX_WORDS, MAX_HITS = 8, 50
_OPEN, _CLOSE = "\x02", "\x03"


class SceneSearch:
    """The index of every shared scene's lines, and searching it."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._db: sqlite3.Connection | None = None
        self._built_at = 0.0
        self._game: Game | None = None

    def _index(self, game: Game) -> sqlite3.Connection:
        kept = self._db
        if kept is not None and (game is self._game or self.clock() - self._built_at < REFRESH):
            return kept
        db = sqlite3.connect(":memory:")
        db.execute("CREATE VIRTUAL TABLE line USING fts5(text, scene UNINDEXED, title UNINDEXED)")
        scenes = Scenes.of(game)
        for scene in scenes.all():
            if not scene.shared:
                continue
            offset = 0
            while True:
                rows, offset = scenes.lines(scene, offset)
                db.executemany("INSERT INTO line (text, scene, title) VALUES (?, ?, ?)",
                               [(strip(r.data.get("text", "")), scene.id, scene.title) for r in rows])
                if not offset:
                    break
        if self._db is not None:
            self._db.close()
        self._db, self._built_at, self._game = db, self.clock(), game
        return db

    def search(self, game: Game, words: str) -> list[dict[str, Any]]:
        """The lines of shared scenes holding every word (best first): scene, title, and the
        line as parts ``(text, matched)``."""
        terms = words.split()[:MAX_WORDS]
        if not terms:
            return []
        query = " ".join('"' + term.replace('"', '""') + '"' for term in terms)
        rows = self._index(game).execute(
            f"SELECT scene, title, snippet(line, 0, '{_OPEN}', '{_CLOSE}', ' ... ', 24) FROM line "
            "WHERE line MATCH ? ORDER BY rank LIMIT ?", (query, MAX_HITS)).fetchall()
        return [{"scene": scene, "title": title, "parts": _parts(snippet)} for scene, title, snippet in rows]


def _parts(snippet: str) -> list[tuple[str, bool]]:
    """``a \\x02b\\x03 c`` -> ``[("a ", False), ("b", True), (" c", False)]``."""
    parts, matched = [], False
    for piece in snippet.replace(_CLOSE, _OPEN).split(_OPEN):
        if piece:
            parts.append((piece, matched))
        matched = not matched
    return parts
