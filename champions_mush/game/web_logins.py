"""Web portal logins kept in the game's store, so they outlive the portal's process
(docs/admin-guide.md, "The web portal").

A login is one document (kind ``web_login``) keyed by the SHA-256 of its session cookie (a
copy of the database holds no live cookie): the character's id, when it began and when a page
was last read with it. It lasts :data:`IDLE_LIMIT` seconds without a page read. The game writes
them (logging in, out, the hourly "still used" note); the portal, which reads the database
read-only, only looks them up. The portal's CSRF key is one document too (:data:`KEY_KIND`), so
a form loaded before a portal restart still posts after it.
"""

from __future__ import annotations

import hashlib
import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..store.base import Store
    from .objects import Character
    from .world import Game

__all__ = ["IDLE_LIMIT", "KEY_KIND", "MAX_PER_CHARACTER", "NOTE_EVERY", "WEB_LOGIN", "begin", "end",
           "find", "note_used", "portal_key", "stored_key"]

WEB_LOGIN = "web_login"
KEY_KIND = "portal_key"
#: Seconds a login lasts without a page being read with it.
IDLE_LIMIT = 7 * 24 * 3600
#: Seconds between the portal's notes that a login is still used (so reading pages writes little).
NOTE_EVERY = 3600
#: Most logins (browsers) one character keeps at once: a new one ends the oldest.
MAX_PER_CHARACTER = 20


def _key(token: str) -> str:
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


def begin(game: Game, char: Character) -> str:
    """A new login for ``char``: its session cookie's value. Ended and idle logins are swept."""
    now = game.clock()
    mine = []
    for key, doc in game.store.all(WEB_LOGIN).items():
        if now - float(doc.get("seen", 0)) > IDLE_LIMIT:
            game.store.delete(WEB_LOGIN, key)
        elif doc.get("char") == char.id:
            mine.append((float(doc.get("seen", 0)), key))
    for _, key in sorted(mine)[:max(0, len(mine) - MAX_PER_CHARACTER + 1)]:
        game.store.delete(WEB_LOGIN, key)
    token = os.urandom(32).hex()
    game.store.put(WEB_LOGIN, _key(token), {"char": char.id, "since": now, "seen": now})
    return token


def find(store: Store, token: str, now: float) -> dict | None:
    """The login of a session cookie (``char``, ``since``, ``seen``), or None (unknown or idle)."""
    if len(token) != 64:
        return None
    doc = store.get(WEB_LOGIN, _key(token))
    if doc is None or now - float(doc.get("seen", 0)) > IDLE_LIMIT:
        return None
    return doc


def note_used(game: Game, token: str) -> None:
    """A page was read with this login: it lasts :data:`IDLE_LIMIT` from now."""
    doc = find(game.store, token, game.clock())
    if doc is not None:
        game.store.put(WEB_LOGIN, _key(token), {**doc, "seen": game.clock()})


def end(game: Game, token: str) -> bool:
    """Log out: the cookie is nobody from now on. False when it was no login."""
    if find(game.store, token, game.clock()) is None:
        return False
    game.store.delete(WEB_LOGIN, _key(token))
    return True


def portal_key(game: Game) -> bytes:
    """The portal's CSRF key, made on first use and kept (the game makes it before the portal starts)."""
    found = stored_key(game.store)
    if found is None:
        found = os.urandom(32)
        game.store.put(KEY_KIND, "csrf", {"key": found.hex()})
    return found


def stored_key(store: Store) -> bytes | None:
    doc = store.get(KEY_KIND, "csrf")
    return bytes.fromhex(doc["key"]) if doc and isinstance(doc.get("key"), str) else None
