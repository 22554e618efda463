"""Backups of a PostgreSQL game are checked SQLite files, and a restore into PostgreSQL is all or
nothing (store/postgres_copy.py; docs/admin-guide.md, "Backing up a PostgreSQL game"). Run on a
real PostgreSQL server."""

import sqlite3
import time

import pytest

from champions_mush.backups import BackupRefused, backup_into, restore_to_postgres
from champions_mush.store.moving import TABLES
from champions_mush.store.sqlite import ReadOnlySqliteStore
from champions_mush.store.sqlite_copy import read_copy

psycopg = pytest.importorskip("psycopg")

NOW = time.mktime((2026, 12, 1, 4, 15, 0, 0, 0, 0)) - time.timezone  # 2026-12-01 04:15:00 UTC


@pytest.fixture
def game(postgres_url):
    from champions_mush.store.postgres import PostgresStore

    store = PostgresStore(postgres_url)
    store.put("character", "2", {"name": "Alice"})
    store.put("character", "3", {"name": "Bob"})
    store.put("room", "1", {"name": "Hero Plaza"})
    for n in range(3):
        store.append("rolls", {"who": "Alice", "n": n}, 1.0 + n)
    store.add_row("scene", "1", 2, {"text": "Alice waves."}, 5.0)
    store.next_id("character")
    yield store
    store.close()


def test_a_backup_holds_every_row_of_the_postgresql_game_and_is_marked_and_checked(game, tmp_path):
    taken = backup_into(tmp_path / "data", tmp_path / "kept", keep=2, now=NOW, store=game.url)
    assert taken.path == tmp_path / "kept" / "champions-20261201-041500.sqlite3"
    assert (taken.facts.records, taken.facts.characters, taken.facts.log_entries) == (3, 2, 3)
    assert read_copy(taken.path).taken_at == NOW
    copy = ReadOnlySqliteStore(taken.path)
    try:
        for table, columns in TABLES.items():
            assert copy.table_rows(table, columns) == game.table_rows(table, columns), table
    finally:
        copy.close()


def test_a_restore_the_database_refuses_half_way_changes_nothing(game, tmp_path):
    taken = backup_into(tmp_path / "data", tmp_path / "kept", now=NOW, store=game.url)
    with sqlite3.connect(taken.path) as db:  # SQLite keeps a NUL in text; PostgreSQL refuses it
        db.execute("UPDATE docs SET data = ? WHERE kind = 'room'", ('{"name": "Hero\x00Plaza"}',))
    game.put("character", "4", {"name": "Cara"})  # the game went on after the backup
    before = {table: game.table_rows(table, columns) for table, columns in TABLES.items()}
    with pytest.raises(BackupRefused, match="^The database refused a write: "):
        restore_to_postgres(taken.path, tmp_path / "data", game.url, now=NOW)
    assert {table: game.table_rows(table, columns) for table, columns in TABLES.items()} == before
    with psycopg.connect(game.url) as db:  # nor was a schema left behind for the game set aside
        aside = db.execute("SELECT nspname FROM pg_namespace "
                           "WHERE nspname LIKE current_schema() || '_before_restore%'").fetchall()
    assert aside == []
