"""Items that grow with play (a request's comments, a board's posts, a scene's lines): the
limits on what one player may add, and reading them a page at a time
(docs/reliability.md, "Documents that grow").

Each item's entries are the store's rows (store/base.py), so adding one writes one row and
reading reads one page: the cost of either does not grow with the item.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..store.base import Row, Store

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["PAGE_CHARS", "PAGE_ROWS", "QuotaError", "check_quota", "page"]

#: most entries one page shows (a screen or two of short poses or comments)
PAGE_ROWS = 40
#: most characters of text one page shows (beyond its first entry): a few screens, laid out in
#: well under a millisecond, whatever the entries hold
PAGE_CHARS = 12_000
_DAY = 86400.0


class QuotaError(ValueError):
    """A player has added all they may to an item, or today: the message says which."""


def check_quota(game: Game, kind: str, owner: str, author: Character, per_item: int, per_day: int,
                what: str, where: str) -> None:
    """Refuse another entry from ``author`` when they already have ``per_item`` in this item or
    added ``per_day`` in the last 24 hours; staff are not limited.

    Raises:
        QuotaError: naming the limit, in words the player reads.
    """
    if game.is_staff(author):
        return
    store = game.store
    if store.count_rows(kind, owner, author.id) >= per_item:
        raise QuotaError(f"You have added {per_item} {what} to {where}, the most one player may.")
    if store.count_rows(kind, author=author.id, since=game.clock() - _DAY) >= per_day:
        raise QuotaError(f"You have added {per_day} {what} in the last day, the most one player may. "
                         "Try again tomorrow.")


def page(store: Store, kind: str, owner: str, offset: int, size: Callable[[Row], int]) -> tuple[list[Row], int]:
    """The item's rows from ``offset``: at most :data:`PAGE_ROWS`, and no more than
    :data:`PAGE_CHARS` of text by ``size`` after the first; with the offset of the next page
    (0 when none follows)."""
    rows = store.rows(kind, owner, offset, PAGE_ROWS + 1)
    taken: list[Row] = []
    used = 0
    for row in rows[:PAGE_ROWS]:
        used += size(row)
        if taken and used > PAGE_CHARS:
            break
        taken.append(row)
    more = len(rows) > len(taken)
    return taken, offset + len(taken) if more else 0
