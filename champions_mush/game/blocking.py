"""Blocking, haven and pages kept for later (docs/player-guide.md, "Blocking").

A player blocks another from paging, mailing or being heard on channels (``+block``); each
block is kept in the blocker's settings (``blocks``: the blocked character's id -> the kinds)
and written to the ``block`` store log, which staff read (``+block/log``). ``@haven`` refuses
every page. A page to someone not connected is kept as a row (``offline_page``) and shown at
their next login. Staff are never blocked or havened: they must reach everyone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .speech import clean

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["BLOCK_KINDS", "BLOCK_LOG", "BlockError", "OFFLINE_PAGE", "block", "blocked_by", "blocks",
           "blocks_of", "haven", "in_haven", "keep_page", "login_notice", "unblock"]

#: what a block may stop (``all`` is every one of them)
BLOCK_KINDS = ("page", "mail", "channel")
#: the store log of blocks made and lifted, for staff
BLOCK_LOG = "block"
#: the row kind of pages kept for a character who was not connected
OFFLINE_PAGE = "offline_page"
#: the most pages kept for one character (the oldest are shown; more are refused)
MAX_KEPT_PAGES = 20
#: the most characters one player may block
MAX_BLOCKS = 100


class BlockError(ValueError):
    """A mistake blocking or paging: the message says what to do."""


def blocks_of(char: Character) -> dict[int, tuple[str, ...]]:
    """Whom ``char`` blocks, and from what."""
    return {int(k): tuple(v) for k, v in char.settings.get("blocks", {}).items()}


def blocks(game: Game, blocker: Character, other: Character, kind: str) -> bool:
    """Does ``blocker`` block ``other`` from ``kind`` (staff are never blocked)?"""
    if game.is_staff(other):
        return False
    return kind in blocks_of(blocker).get(other.id, ())


def blocked_by(game: Game, sender: Character, targets: list[Character], kind: str) -> list[Character]:
    """Those of ``targets`` who block ``sender`` from ``kind``."""
    return [t for t in targets if blocks(game, t, sender, kind)]


def _kinds(text: str) -> tuple[str, ...]:
    word = text.strip().lower() or "all"
    if word == "all":
        return BLOCK_KINDS
    if word not in BLOCK_KINDS:
        raise BlockError(f"Block from {', '.join(BLOCK_KINDS)} or all.")
    return (word,)


def _save(game: Game, char: Character, table: dict[int, tuple[str, ...]]) -> None:
    char.settings = {**char.settings, "blocks": {str(k): list(v) for k, v in table.items() if v}}
    game.save_character(char)


def _log(game: Game, blocker: Character, other: Character, what: str) -> None:
    game.store.append(BLOCK_LOG, {"by": blocker.id, "by_name": blocker.name, "other": other.id,
                                  "other_name": other.name, "what": what}, game.clock())


def block(game: Game, blocker: Character, other: Character, kind: str) -> tuple[str, ...]:
    """Block ``other`` from ``kind`` (or ``all``); saved and logged. Returns the kinds now blocked."""
    if other.id == blocker.id:
        raise BlockError("You cannot block yourself.")
    if game.is_staff(other):
        raise BlockError(f"{other.name} is staff: staff can always reach you (+request if there is a problem).")
    table = blocks_of(blocker)
    if other.id not in table and len(table) >= MAX_BLOCKS:
        raise BlockError(f"You may block at most {MAX_BLOCKS} characters.")
    kinds = tuple(k for k in BLOCK_KINDS if k in table.get(other.id, ()) or k in _kinds(kind))
    table[other.id] = kinds
    _save(game, blocker, table)
    _log(game, blocker, other, "block " + ",".join(kinds))
    return kinds


def unblock(game: Game, blocker: Character, other: Character, kind: str) -> tuple[str, ...]:
    """Lift a block (``all`` or one kind); saved and logged. Returns the kinds still blocked."""
    table = blocks_of(blocker)
    if other.id not in table:
        raise BlockError(f"You are not blocking {other.name}.")
    lifted = _kinds(kind)
    table[other.id] = tuple(k for k in table[other.id] if k not in lifted)
    _save(game, blocker, table)
    _log(game, blocker, other, "unblock " + ",".join(lifted))
    return table[other.id]


def haven(game: Game, char: Character, on: bool) -> None:
    char.settings = {**char.settings, "haven": on}
    game.save_character(char)


def in_haven(char: Character) -> bool:
    return bool(char.settings.get("haven"))


def keep_page(game: Game, sender: Character, target: Character, text: str) -> None:
    """Keep a page for ``target``, who is not connected, until their next login."""
    if game.store.count_rows(OFFLINE_PAGE, str(target.id)) >= MAX_KEPT_PAGES:
        raise BlockError(f"{target.name} already has {MAX_KEPT_PAGES} pages waiting: try @mail.")
    game.store.add_row(OFFLINE_PAGE, str(target.id), sender.id, {"from": sender.name, "text": text}, game.clock())


def login_notice(game: Game, char: Character) -> list[str]:
    """The pages kept for ``char`` (then forgotten), one line each with when they came."""
    from ..text.format import when

    rows = game.store.rows(OFFLINE_PAGE, str(char.id), 0, MAX_KEPT_PAGES)
    if not rows:
        return []
    lines = [f"|y[Page]|n {len(rows)} page{'s' if len(rows) != 1 else ''} came while you were away:"]
    lines += [f"  ({when(r.time)}) {clean(str(r.data.get('from', '?')))} paged: {clean(str(r.data.get('text', '')))}"
              for r in rows]
    game.store.delete_rows(OFFLINE_PAGE, str(char.id))
    return lines
