"""The PostgreSQL store: the same tables and promises as the SQLite one, on a server.

``store: postgresql://user@host/db`` in the config (docs/admin-guide.md, "PostgreSQL"). Every
write is committed (``synchronous_commit`` as the server has it, ``on`` by default: on disk
before the call returns) before the game tells anyone, so a killed game loses nothing it
acknowledged, and the server's own WAL, replicas and backups do the rest. ``psycopg`` (3) is
imported here only, so a SQLite game loads nothing of it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from time import perf_counter
from time import time as _now
from typing import Any

import psycopg

from .base import LogEntry, Row, StoreError, decode_documents
from .confirming import Confirmer
from .confirming import first_line as _first_line
from .retention import Retention, RetentionPolicy

__all__ = ["PostgresStore"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS docs (
    kind TEXT NOT NULL, key TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (kind, key));
CREATE TABLE IF NOT EXISTS log (
    id BIGSERIAL PRIMARY KEY, log TEXT NOT NULL, time DOUBLE PRECISION NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS log_by_name ON log (log, id);
CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS rows (
    id BIGSERIAL PRIMARY KEY, kind TEXT NOT NULL, owner TEXT NOT NULL, author BIGINT NOT NULL,
    time DOUBLE PRECISION NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS rows_by_kind ON rows (kind, owner, id);
CREATE INDEX IF NOT EXISTS rows_by_author ON rows (kind, author, time);
CREATE INDEX IF NOT EXISTS rows_by_time ON rows (kind, time);
"""


class PostgresStore:
    """The :class:`~champions_mush.store.base.Store` interface on one PostgreSQL database."""

    def __init__(self, url: str, retention: Mapping[str, Retention] | None = None) -> None:
        self.url = url
        self.retention = RetentionPolicy(retention)
        self._watchers: list[Callable[[StoreError | None], None]] = []
        #: ``observe_write(seconds)`` after each write is committed (net/metrics.py), or None
        self.observe_write: Callable[[float], None] | None = None
        #: runs a function on the game's thread (the server sets Twisted's ``callFromThread``);
        #: while it is set, the turn's group commit is confirmed durable off the game's loop
        #: (:meth:`group_transaction`, store/confirming.py). None: every commit waits, as a shell tool's does.
        self.hand_back: Callable[[Callable[[], None]], None] | None = None
        self._confirmer: Confirmer | None = None
        self._failing = False
        self._depth = 0
        try:
            self._db = psycopg.connect(url, autocommit=True)
            self._db.execute(_SCHEMA)
            # as the SQLite store does: a database that takes no writes is refused now, in one line
            self._db.execute("INSERT INTO counters (name, value) VALUES ('write-check', 0) "
                             "ON CONFLICT (name) DO UPDATE SET value=0")
        except psycopg.Error as exc:
            raise StoreError(f"Cannot open the database {_safe(url)}: {_first_line(exc)}") from exc
        self.prune_all(_now())

    def watch(self, listener: Callable[[StoreError | None], None]) -> None:
        self._watchers.append(listener)

    def _tell(self, error: StoreError | None) -> None:
        for listener in list(self._watchers):
            listener(error)

    def _read(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._db.execute(sql, tuple(params)).fetchall()
        except psycopg.Error as exc:
            raise StoreError(f"The database refused a read: {_first_line(exc)}") from exc

    def _write(self, sql: str, params: Iterable[Any] = ()) -> psycopg.Cursor:
        started = perf_counter()
        try:
            cursor = self._db.execute(sql, tuple(params))
        except psycopg.Error as exc:
            error = StoreError(f"The database refused a write: {_first_line(exc)}")
            if not self._failing:
                self._failing = True
                self._tell(error)
            raise error from exc
        if self._failing and not self._depth:
            self._failing = False
            self._tell(None)
        if self.observe_write is not None and not self._depth:
            self.observe_write(perf_counter() - started)
        return cursor

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One transaction, one commit; rolled back when the block raises; joined when open."""
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        started = perf_counter()
        try:
            with self._db.transaction():
                self._depth = 1
                try:
                    yield
                finally:
                    self._depth = 0
        except psycopg.Error as exc:
            error = StoreError(f"The database refused a write: {_first_line(exc)}")
            if not self._failing:
                self._failing = True
                self._tell(error)
            raise error from exc
        if self._failing:
            self._failing = False
            self._tell(None)
        if self.observe_write is not None:
            self.observe_write(perf_counter() - started)

    # --- the turn's group commit, confirmed off the game's loop ------------------------------------
    #: every command's writes join the turn's group commit, not only a fight's (commands/recording.py ``held``)
    groups_every_write = True

    @property
    def confirms_later(self) -> bool:
        """True when a group commit is confirmed durable later (:meth:`when_durable`), not at once."""
        return self.hand_back is not None

    @contextmanager
    def group_transaction(self) -> Iterator[None]:
        """The turn's fight commands' transaction (game/unit.py ``Group``): while
        :attr:`confirms_later`, committed with ``synchronous_commit`` off (the game's loop does
        not wait for the disk), and what waits for it asks :meth:`when_durable`."""
        with self.transaction():
            if self.confirms_later:
                self._write("SET LOCAL synchronous_commit TO OFF")
            yield

    def when_durable(self, done: Callable[[], None], failed: Callable[[StoreError], None]) -> None:
        """Call ``done()`` on the game's thread once every commit made so far is on disk (and on
        the synchronous replicas), or ``failed(error)`` if the server cannot confirm it."""
        assert self.hand_back is not None, "when_durable needs hand_back (confirms_later)"
        if self._confirmer is None:
            self._confirmer = Confirmer(self.url, self.hand_back)
        self._confirmer.add(done, failed)

    # --- documents ----------------------------------------------------------------------------------
    def get(self, kind: str, key: str) -> dict[str, Any] | None:
        found = self._read("SELECT data FROM docs WHERE kind=%s AND key=%s", (kind, key))
        return json.loads(found[0][0]) if found else None

    def get_many(self, kind: str, keys: Iterable[str]) -> dict[str, dict[str, Any]]:
        wanted = list(dict.fromkeys(keys))
        if not wanted:
            return {}
        found = self._read("SELECT key, data FROM docs WHERE kind=%s AND key = ANY(%s)", (kind, wanted))
        return {key: json.loads(data) for key, data in found}

    def put(self, kind: str, key: str, data: dict[str, Any], text: str | None = None) -> None:
        self._write("INSERT INTO docs (kind, key, data) VALUES (%s, %s, %s) "
                    "ON CONFLICT (kind, key) DO UPDATE SET data=excluded.data",
                    (kind, key, json.dumps(data) if text is None else text))

    def delete(self, kind: str, key: str) -> None:
        self._write("DELETE FROM docs WHERE kind=%s AND key=%s", (kind, key))

    def all(self, kind: str) -> dict[str, dict[str, Any]]:
        rows = self._read("SELECT key, data FROM docs WHERE kind=%s", (kind,))
        return dict(zip([key for key, _ in rows], decode_documents(data for _, data in rows), strict=True))

    # --- logs ---------------------------------------------------------------------------------------
    def append(self, log: str, data: dict[str, Any], time: float, text: str | None = None) -> int:
        """A log record (a roll, a staff command) committed without waiting for the server's
        disk, as the SQLite store logs at ``synchronous=NORMAL``: the server has it when this
        returns, so a killed game loses nothing; only a crash of the database server itself in
        the next moment (``wal_writer_delay``, 200 ms) could (docs/admin-guide.md, "PostgreSQL")."""
        cursor = self._relaxed("INSERT INTO log (log, time, data) VALUES (%s, %s, %s) RETURNING id",
                               (log, time, json.dumps(data) if text is None else text))
        return self._pruned(_returned(cursor), log, time)

    def _relaxed(self, sql: str, params: tuple[Any, ...]) -> psycopg.Cursor:
        """One insert with ``synchronous_commit`` off (see :meth:`append`); inside a transaction
        its commit decides."""
        if self._depth:
            return self._write(sql, params)
        with self.transaction():
            self._write("SET LOCAL synchronous_commit TO OFF")
            return self._write(sql, params)

    def _pruned(self, new_id: int, name: str, time: float) -> int:
        rule = self.retention.due(name)
        if rule is not None:
            self._prune_quietly(name, rule, time)
        return new_id

    def prune(self, log: str, rule: Retention, now: float) -> int:
        return self._prune_table("log", "log", log, rule, now) + self._prune_table("rows", "kind", log, rule, now)

    def _prune_table(self, table: str, column: str, name: str, rule: Retention, now: float) -> int:
        gone = 0
        cutoff = rule.cutoff(now)
        if cutoff is not None:
            gone += self._write(f"DELETE FROM {table} WHERE {column}=%s AND time<%s", (name, cutoff)).rowcount
        if rule.max_entries > 0:
            gone += self._write(
                f"DELETE FROM {table} WHERE {column}=%s AND id<=(SELECT id FROM {table} WHERE {column}=%s "
                "ORDER BY id DESC LIMIT 1 OFFSET %s)", (name, name, rule.max_entries)).rowcount
        return gone

    def prune_all(self, now: float) -> None:
        for log, rule in self.retention.rules.items():
            self._prune_quietly(log, rule, now)

    def _prune_quietly(self, log: str, rule: Retention, now: float) -> None:
        try:
            self.prune(log, rule, now)
        except StoreError:
            pass  # the append itself is saved; the watchers have heard of the failure

    def entry(self, entry_id: int) -> LogEntry | None:
        found = self._read("SELECT id, log, time, data FROM log WHERE id=%s", (entry_id,))
        return LogEntry(found[0][0], found[0][1], found[0][2], json.loads(found[0][3])) if found else None

    def tail(self, log: str, limit: int, match: dict[str, Any] | None = None) -> list[LogEntry]:
        if limit <= 0:
            return []
        sql, params = "SELECT id, log, time, data FROM log WHERE log=%s", [log]
        for field, value in (match or {}).items():
            sql += " AND (data::jsonb -> %s) = %s::jsonb"
            params += [field, json.dumps(value)]
        found = self._read(sql + " ORDER BY id DESC LIMIT %s", (*params, limit))
        return [LogEntry(r[0], r[1], r[2], json.loads(r[3])) for r in reversed(found)]

    # --- rows of items ------------------------------------------------------------------------------
    def add_row(self, kind: str, owner: str, author: int, data: dict[str, Any], time: float) -> int:
        cursor = self._relaxed("INSERT INTO rows (kind, owner, author, time, data) VALUES (%s, %s, %s, %s, %s) "
                               "RETURNING id", (kind, owner, author, time, json.dumps(data)))
        return self._pruned(_returned(cursor), kind, time)

    def rows(self, kind: str, owner: str, offset: int = 0, limit: int = 100) -> list[Row]:
        if limit <= 0:
            return []
        found = self._read("SELECT id, kind, owner, author, time, data FROM rows WHERE kind=%s AND owner=%s "
                           "ORDER BY id LIMIT %s OFFSET %s", (kind, owner, limit, max(0, offset)))
        return [_row(r) for r in found]

    def count_rows(self, kind: str, owner: str | None = None, author: int | None = None,
                   since: float | None = None) -> int:
        sql = "SELECT COUNT(*) FROM rows WHERE kind=%s"
        params: list[str | int | float] = [kind]
        for clause, value in (("owner=%s", owner), ("author=%s", author), ("time>=%s", since)):
            if value is not None:
                sql += f" AND {clause}"
                params.append(value)
        return int(self._read(sql, params)[0][0])

    def get_row(self, kind: str, row_id: int) -> Row | None:
        found = self._read("SELECT id, kind, owner, author, time, data FROM rows WHERE id=%s AND kind=%s",
                           (row_id, kind))
        return _row(found[0]) if found else None

    def set_row(self, kind: str, row_id: int, data: dict[str, Any]) -> None:
        self._write("UPDATE rows SET data=%s WHERE id=%s AND kind=%s", (json.dumps(data), row_id, kind))

    def delete_rows(self, kind: str, owner: str, ids: list[int] | None = None) -> int:
        if ids is None:
            return self._write("DELETE FROM rows WHERE kind=%s AND owner=%s", (kind, owner)).rowcount
        return self._write("DELETE FROM rows WHERE kind=%s AND owner=%s AND id = ANY(%s)",
                           (kind, owner, list(ids))).rowcount

    def next_id(self, counter: str) -> int:
        cursor = self._write("INSERT INTO counters (name, value) VALUES (%s, 1) "
                             "ON CONFLICT (name) DO UPDATE SET value=counters.value+1 RETURNING value", (counter,))
        return _returned(cursor)

    # --- whole tables, for moving a game between stores (store/moving.py) -------------------------
    def table_rows(self, table: str, columns: tuple[str, ...]) -> list[tuple[Any, ...]]:
        """Every row of one of the store's own tables, in key order."""
        return self._read(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {columns[0]}, {columns[1]}")

    def add_table_rows(self, table: str, columns: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
        """Insert rows as they are, ids and all (inside :meth:`transaction`); the id sequences
        then continue after the highest id."""
        marks = ", ".join(["%s"] * len(columns))
        try:
            with self._db.cursor() as cursor:
                cursor.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"
                                   + (" ON CONFLICT (name) DO UPDATE SET value=excluded.value" if table == "counters" else ""),
                                   rows)
            if columns[0] == "id":
                self._db.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                                 f"GREATEST((SELECT MAX(id) FROM {table}), 1), (SELECT COUNT(*) > 0 FROM {table}))")
        except psycopg.Error as exc:
            raise StoreError(f"The database refused a write: {_first_line(exc)}") from exc

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """Reads of one moment (a backup of a running game): one read-only transaction at
        ``REPEATABLE READ``, which never blocks the game's writes."""
        try:
            with self._db.transaction():
                self._db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                yield
        except psycopg.Error as exc:
            raise StoreError(f"The database refused a read: {_first_line(exc)}") from exc

    def set_aside(self, stamp: str) -> str | None:
        """Inside :meth:`transaction`: move the game's tables (when they hold a game) into a new
        schema, ``<schema>_before_restore_<stamp>``, and make empty ones in their place; returns
        that schema, or None when there was no game to keep."""
        held = self._read("SELECT (SELECT COUNT(*) FROM docs) + (SELECT COUNT(*) FROM log) + (SELECT COUNT(*) FROM rows), "
                          "current_schema()")
        if not held[0][0]:
            return None
        name = f"{held[0][1]}_before_restore_{stamp}"
        taken = {row[0] for row in self._read("SELECT nspname FROM pg_namespace WHERE nspname LIKE %s", (name + "%",))}
        aside = next(f"{name}_{n}" if n > 1 else name for n in range(1, len(taken) + 2)
                     if (f"{name}_{n}" if n > 1 else name) not in taken)
        self._write(f'CREATE SCHEMA "{aside}"')
        for table in ("docs", "log", "counters", "rows"):
            self._write(f'ALTER TABLE {table} SET SCHEMA "{aside}"')
        self._write(_SCHEMA)
        return aside

    def where(self) -> str:
        """The database, as an admin reads it (no password)."""
        return _safe(self.url)

    def close(self) -> None:
        """Close, once the commits waiting for confirmation are confirmed (store/confirming.py)."""
        if self._confirmer is not None:
            self._confirmer.close()
        self._db.close()


def _row(found: tuple[Any, ...]) -> Row:
    return Row(found[0], found[1], found[2], found[3], found[4], json.loads(found[5]))


def _returned(cursor: psycopg.Cursor) -> int:
    """The one value an ``INSERT ... RETURNING`` gave back."""
    row = cursor.fetchone()
    assert row is not None  # RETURNING gives the written row
    return int(row[0])


def _safe(url: str) -> str:
    """The URL without its password, for messages and logs."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.Error:
        return "(an unreadable postgresql:// address)"
    info.pop("password", None)
    return psycopg.conninfo.make_conninfo("", **info)


class ReadOnlyPostgresStore(PostgresStore):
    """The same database read in read-only transactions (the web portal's view, as
    :class:`~champions_mush.store.sqlite.ReadOnlySqliteStore` is on SQLite): every write here
    is refused by the server, and the view is made again when the WAL has moved on."""

    def __init__(self, url: str) -> None:  # no schema, no write check, no pruning: nothing written
        self.url = url
        self.retention = RetentionPolicy(None)
        self._watchers = []
        self.observe_write = None
        self.hand_back, self._confirmer = None, None
        self._failing, self._depth = False, 0
        try:
            self._db = psycopg.connect(url, autocommit=True)
            self._db.execute("SET default_transaction_read_only = on")  # the URL may carry options of its own
            self._db.execute("SELECT 1 FROM docs LIMIT 1")
        except psycopg.Error as exc:
            raise StoreError(f"Cannot read the database {_safe(url)}: {_first_line(exc)}") from exc

    def data_version(self) -> str:
        """Where the server's WAL is (replayed to, on a replica): it moves with every commit."""
        return str(self._read("SELECT CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() "
                              "ELSE pg_current_wal_lsn() END")[0][0])
