"""A character's portrait: one small picture its player uploads on the web portal
(docs/player-guide.md, "The web portal"), kept as a store document (kind ``portrait``, key the
character's id) and shown on the character's page to whoever may see it.

Only PNG and JPEG files are taken, recognised by their first bytes (never by the name or the
type a browser claims), at most :data:`MAX_PORTRAIT_BYTES`; a PNG at most :data:`MAX_SIDE`
pixels a side (its header says).
"""

from __future__ import annotations

import base64
import struct
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["MAX_PORTRAIT_BYTES", "PortraitError", "clear_portrait", "portrait", "set_portrait"]

PORTRAIT_KIND = "portrait"
#: Largest portrait file taken, and the largest side of a PNG, in pixels.
MAX_PORTRAIT_BYTES = 256 * 1024
MAX_SIDE = 2048
_PNG, _JPEG = b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff"


class PortraitError(ValueError):
    """The picture cannot be used: the message says why."""


def picture_type(data: bytes) -> str:
    """``image/png`` or ``image/jpeg`` from the file's own first bytes, else PortraitError."""
    if len(data) > MAX_PORTRAIT_BYTES:
        raise PortraitError(f"A portrait may be at most {MAX_PORTRAIT_BYTES // 1024} KB.")
    if data.startswith(_PNG) and len(data) >= 24 and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
            raise PortraitError(f"A portrait may be at most {MAX_SIDE} pixels a side.")
        return "image/png"
    if data.startswith(_JPEG):
        return "image/jpeg"
    raise PortraitError("A portrait must be a PNG or JPEG picture.")


def set_portrait(game: Game, char: Character, data: bytes) -> str:
    """Keep ``data`` as ``char``'s portrait (checked first); returns its type."""
    kind = picture_type(data)
    game.store.put(PORTRAIT_KIND, str(char.id), {"type": kind, "data": base64.b64encode(data).decode("ascii")})
    return kind


def clear_portrait(game: Game, char: Character) -> None:
    game.store.delete(PORTRAIT_KIND, str(char.id))


def portrait(game: Game, char: Character) -> tuple[str, bytes] | None:
    """(type, bytes) of ``char``'s portrait, or None."""
    doc = game.store.get(PORTRAIT_KIND, str(char.id))
    if not doc:
        return None
    try:
        return str(doc["type"]), base64.b64decode(doc["data"])
    except (KeyError, ValueError, TypeError):
        return None
