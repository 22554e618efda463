"""Moving a whole game from one store to another (SQLite to PostgreSQL and back), checked.

Every table is copied as it is, ids included (a roll's id is what ``+dice/verify`` looks up), in
one transaction of the new store, and then read back and compared row by row with the old one:
a figure that differs stops the move with the table and the row named
(docs/admin-guide.md, "PostgreSQL").
"""

from __future__ import annotations

from typing import Any

from ..values import frozen
from .base import StoreError

__all__ = ["Moved", "TABLES", "move_game"]

#: the store's own tables and their columns; the first two order the rows
TABLES: dict[str, tuple[str, ...]] = {
    "docs": ("kind", "key", "data"),
    "log": ("id", "log", "time", "data"),
    "counters": ("name", "value"),
    "rows": ("id", "kind", "owner", "author", "time", "data"),
}


@frozen
class Moved:
    """How many rows of each table were moved and found equal."""

    counts: dict[str, int]


def _same(table: str, old: list[tuple[Any, ...]], new: list[tuple[Any, ...]]) -> None:
    if len(old) != len(new):
        raise StoreError(f"the move failed its check: {table} has {len(new)} rows, not {len(old)}")
    for before, after in zip(old, new):
        if tuple(before) != tuple(after):
            raise StoreError(f"the move failed its check: {table} row {before[:2]!r} came out as {after[:2]!r}")


def move_game(source, target) -> Moved:  # two stores with table_rows/add_table_rows
    """Copy every table of ``source`` into the empty ``target`` and check every row.

    Raises:
        StoreError: ``target`` holds a game already, a write was refused, or a row differs.
    """
    for table, columns in TABLES.items():
        if table != "counters" and target.table_rows(table, columns):
            raise StoreError(f"the new store already holds a game ({table} is not empty): move into an empty one")
    copied = {table: source.table_rows(table, columns) for table, columns in TABLES.items()}
    with target.transaction():
        for table, columns in TABLES.items():
            if copied[table]:
                target.add_table_rows(table, columns, [tuple(row) for row in copied[table]])
    for table, columns in TABLES.items():
        _same(table, copied[table], target.table_rows(table, columns))
    return Moved({table: len(rows) for table, rows in copied.items()})
