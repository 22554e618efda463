"""Backups of a PostgreSQL game as SQLite files, and restores from them (docs/admin-guide.md,
"Backing up a PostgreSQL game").

A backup reads the game in one snapshot (a read-only ``REPEATABLE READ`` transaction: the
running game's writes go on) and writes it into a new SQLite game database through the code
``champions-mush migrate`` moves games with (store/moving.py: every table, ids included, read
back and compared row by row), then marks and checks it as any backup (store/sqlite_copy.py).
A restore checks such a file, moves the game now in the database aside into a schema of its
own, and copies the backup in, checked the same way, all in one transaction: a failure changes
nothing.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .base import StoreError
from .moving import Moved, move_game
from .postgres import PostgresStore
from .sqlite import ReadOnlySqliteStore, SqliteStore
from .sqlite_copy import CopyFacts, finish_copy

__all__ = ["backup_postgres", "restore_postgres"]


def backup_postgres(url: str, target: Path, taken_at: float) -> CopyFacts:
    """Write the PostgreSQL game at ``url`` into the new, empty file ``target``, checked.

    Raises:
        StoreError: one line: the server refused, or a row came out different.
    """
    source = PostgresStore(url)
    try:
        copy = SqliteStore(target)
        try:
            with source.snapshot():
                move_game(source, copy)
        finally:
            copy.close()
    finally:
        source.close()
    return finish_copy(target, taken_at)


def restore_postgres(backup: Path, url: str, stamp: str) -> tuple[Moved, str | None, str]:
    """Put the SQLite game ``backup`` (checked already) into the PostgreSQL database at ``url``:
    what it held moved aside first. Returns what was copied, the schema the old game went to
    (None: there was none) and the database as an admin reads it.

    Raises:
        StoreError: one line; nothing was changed.
    """
    source = ReadOnlySqliteStore(backup)
    try:
        target = PostgresStore(url)
        try:
            with target.transaction():
                aside = target.set_aside(stamp)
                moved = move_game(source, target)
            return moved, aside, target.where()
        except sqlite3.Error as exc:  # a backup from before a table was added
            raise StoreError(f"{backup} cannot be restored into PostgreSQL: {exc}") from exc
        finally:
            target.close()
    finally:
        source.close()
