"""The roll log: every die a player or GM rolls, kept with a short id anyone can check.

docs/player-guide.md: dice are public and kept in a staff-visible log so results can be verified.
Any ruleset's commands log their rolls here the same way::

    from champions_mush.game.rolls import log_roll
    roll_id = log_roll(ctx.game, ctx.actor, "nd6", "10d6 normal: 31 STUN, 9 BODY",
                       {"faces": [5, 3, 4, 2, 1, 1, 6, 4, 2, 3]}, private=False)
    ctx.emit_room(f"[Dice] ... [{roll_id}]")

* :func:`log_roll` stores the roll (durably, before anyone is told) and returns its short id,
  e.g. ``"r1f"``: the store's sequence number in base 36 after an ``r``.
* :func:`find_roll` reads one back for ``+dice/verify <id>`` (None when there is none).
* :func:`recent_rolls` lists the newest rolls, optionally of one roller, for ``+dice/log``.
* :func:`visible_to` says whether a viewer may see a roll: public rolls to everyone, private
  ones to their roller and staff.

``kind`` is a short word naming the roll (``d6``, ``nd6``, ``kd6``, ``roll``, ``hit``, ``damage``,
``ptb-attack`` ...); ``summary`` is the one line a player saw; ``data`` holds whatever the
command wants to keep (faces, target, note), and must be JSON-able.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..values import frozen

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["ROLL_LOG", "RollRecord", "find_roll", "format_id", "log_roll", "parse_id", "recent_rolls", "visible_to"]

#: The store log that holds rolls.
ROLL_LOG = "rolls"

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_PREFIX = "r"
#: Longest id text accepted by :func:`parse_id` (r + 12 base-36 digits is ~4.7e18 rolls).
_MAX_ID_LEN = 13


@frozen
class RollRecord:
    """One logged roll as read back from the store."""

    id: str
    time: float
    actor: str
    actor_id: int | None
    room: int | None
    kind: str
    summary: str
    private: bool
    data: dict[str, Any] = attrs.field(factory=dict, hash=False)


def format_id(entry_id: int) -> str:
    """A store sequence number as a short roll id: 1 -> ``r1``, 36 -> ``r10``."""
    digits = ""
    n = entry_id
    while True:
        n, rest = divmod(n, 36)
        digits = _DIGITS[rest] + digits
        if n == 0:
            return _PREFIX + digits


def parse_id(text: str) -> int | None:
    """The store sequence number of a roll id (``r1f``, ``R1F``, ``#r1f`` or ``1f``), or None."""
    text = text.strip().lower().lstrip("#")
    if text.startswith(_PREFIX):
        text = text[1:]
    if not text or len(text) > _MAX_ID_LEN or any(c not in _DIGITS for c in text):
        return None
    return int(text, 36)


def log_roll(
    game: Game,
    actor: Character | None,
    kind: str,
    summary: str,
    data: dict[str, Any] | None = None,
    private: bool = False,
) -> str:
    """Store one roll and return its short id. Raises ``StoreError`` when it cannot be kept."""
    record = {
        "actor": actor.name if actor is not None else "(game)",
        "actor_id": actor.id if actor is not None else None,
        "room": actor.location if actor is not None else None,
        "kind": kind,
        "summary": summary,
        "private": bool(private),
        "data": dict(data or {}),
    }
    return format_id(game.store.append(ROLL_LOG, record, game.clock()))


def _record(entry) -> RollRecord:  # store LogEntry
    d = entry.data
    return RollRecord(
        id=format_id(entry.id), time=entry.time, actor=d.get("actor", "?"), actor_id=d.get("actor_id"),
        room=d.get("room"), kind=d.get("kind", "?"), summary=d.get("summary", ""),
        private=bool(d.get("private")), data=d.get("data") or {},
    )


def find_roll(game: Game, roll_id: str) -> RollRecord | None:
    """The roll with this id, or None (also for ids of other logs' entries)."""
    number = parse_id(roll_id)
    if number is None:
        return None
    entry = game.store.entry(number)
    if entry is None or entry.log != ROLL_LOG:
        return None
    return _record(entry)


def recent_rolls(game: Game, actor: Character | None = None, limit: int = 20, room: int | None = None) -> list[RollRecord]:
    """The newest ``limit`` rolls, oldest first: all, one roller's, or those made in one room."""
    match: dict[str, Any] = {}
    if actor is not None:
        match["actor_id"] = actor.id
    if room is not None:
        match["room"] = room
    return [_record(e) for e in game.store.tail(ROLL_LOG, limit, match or None)]


def visible_to(record: RollRecord, viewer: Character | None, staff: bool) -> bool:
    """Public rolls are anyone's to check; private ones their roller's and staff's (docs/player-guide.md)."""
    return not record.private or staff or (viewer is not None and viewer.id == record.actor_id)
