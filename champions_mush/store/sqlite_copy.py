"""Copies of the SQLite game database: taken while the server writes, marked, checked.

A backup carries a ``backup_info`` table saying who made it and when, so ``champions-mush
backup`` tells its own copies from any other file and never writes over one it did not make
(docs/admin-guide.md, "Backups"). A restored database drops the mark again.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import quote

from ..values import frozen
from .base import StoreError

__all__ = ["CopyFacts", "copy_database", "finish_copy", "read_copy"]

#: the ``made_by`` value of a copy this program made
MADE_BY = "champions-mush backup"
#: the tables every game database has (store/sqlite.py)
_GAME_TABLES = ("docs", "log", "counters")


@frozen
class CopyFacts:
    """What a copy holds: when it was taken (None: not one of our backups) and its counts."""

    taken_at: float | None
    records: int
    log_entries: int
    characters: int


def _read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True)


def _facts(db: sqlite3.Connection, path: Path) -> CopyFacts:
    """Check ``db`` whole and count it; one-line StoreError when it is no sound game database."""
    try:
        check = db.execute("PRAGMA integrity_check").fetchone()[0]
        if check != "ok":
            raise StoreError(f"{path} failed its integrity check: {check}")
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not set(_GAME_TABLES) <= tables:
            raise StoreError(f"{path} is an SQLite database but not a champions-mush game")
        taken = None
        if "backup_info" in tables:
            row = db.execute("SELECT taken_at FROM backup_info WHERE made_by=?", (MADE_BY,)).fetchone()
            taken = None if row is None else float(row[0])
        return CopyFacts(
            taken_at=taken,
            records=db.execute("SELECT count(*) FROM docs").fetchone()[0],
            log_entries=db.execute("SELECT count(*) FROM log").fetchone()[0],
            characters=db.execute("SELECT count(*) FROM docs WHERE kind='character'").fetchone()[0])
    except sqlite3.Error as exc:
        raise StoreError(f"{path} is not a usable game database: {exc}") from exc


def read_copy(path: Path) -> CopyFacts:
    """Check the database file at ``path`` (a regular file: the caller makes sure) and count it.

    Raises:
        StoreError: one line: not SQLite, damaged, or not a game.
    """
    try:
        db = _read_only(path)
    except sqlite3.Error as exc:
        raise StoreError(f"{path} cannot be opened: {exc}") from exc
    try:
        return _facts(db, path)
    finally:
        db.close()


def _finish(dst: sqlite3.Connection, target: Path, taken_at: float | None) -> CopyFacts:
    """One self-contained file, marked as our backup (``taken_at``; None: no mark), checked whole."""
    dst.execute("PRAGMA journal_mode=DELETE")
    dst.execute("DROP TABLE IF EXISTS backup_info")
    if taken_at is not None:
        dst.execute("CREATE TABLE backup_info (made_by TEXT NOT NULL, taken_at REAL NOT NULL)")
        dst.execute("INSERT INTO backup_info VALUES (?, ?)", (MADE_BY, taken_at))
    return _facts(dst, target)


def finish_copy(target: Path, taken_at: float | None) -> CopyFacts:
    """Mark and check a game database written another way (a PostgreSQL game's backup:
    store/postgres_copy.py) as :func:`copy_database` does its copies.

    Raises:
        StoreError: one line naming what failed.
    """
    try:
        dst = sqlite3.connect(str(target), isolation_level=None)
        try:
            return _finish(dst, target, taken_at)
        finally:
            dst.close()
    except sqlite3.Error as exc:
        raise StoreError(f"finishing {target} failed: {exc}") from exc


def copy_database(source: Path, target: Path, taken_at: float | None) -> CopyFacts:
    """Copy ``source`` into the new, empty file ``target`` with SQLite's online backup API.

    The copy is one step inside one read transaction: in WAL mode a snapshot of one moment,
    never blocking the server's writers. ``taken_at`` marks it as our backup; None (a restore)
    leaves no mark. The copy is checked whole (``PRAGMA integrity_check``) before this returns.

    Raises:
        StoreError: one line naming what failed.
    """
    try:
        src = _read_only(source)
        try:
            dst = sqlite3.connect(str(target), isolation_level=None)
            try:
                src.backup(dst)
                return _finish(dst, target, taken_at)
            finally:
                dst.close()
        finally:
            src.close()
    except sqlite3.Error as exc:
        raise StoreError(f"copying {source} failed: {exc}") from exc
