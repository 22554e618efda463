"""The SQLite store: one file, WAL mode, every write committed before the call returns.

``synchronous=NORMAL`` in WAL mode survives a killed process (``kill -9``) with every committed
transaction; ``FULL`` also survives power loss and is the default here (docs/reliability.md).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from time import perf_counter
from time import time as _now
from typing import TYPE_CHECKING, Any

from .base import LogEntry, Row, StoreError, decode_documents, encode
from .retention import Retention, RetentionPolicy

if TYPE_CHECKING:
    from .wal_sync import AddReader, DiskPace, WalSyncer

__all__ = ["ReadOnlySqliteStore", "SqliteStore"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS docs (
    kind TEXT NOT NULL, key TEXT NOT NULL, data TEXT NOT NULL,
    PRIMARY KEY (kind, key)
);
CREATE TABLE IF NOT EXISTS log (
    id INTEGER PRIMARY KEY AUTOINCREMENT, log TEXT NOT NULL, time REAL NOT NULL, data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS log_by_name ON log (log, id);
CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS rows (
    id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, owner TEXT NOT NULL,
    author INTEGER NOT NULL, time REAL NOT NULL, data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS rows_by_owner ON rows (kind, owner, author);
CREATE INDEX IF NOT EXISTS rows_by_author ON rows (kind, author, time);
CREATE INDEX IF NOT EXISTS rows_by_time ON rows (kind, time);
"""
#: an index whose entries end in the row id: an item's rows in order, and a kind's newest
_ROWS_BY_KIND = "CREATE INDEX IF NOT EXISTS rows_by_kind ON rows (kind, owner)"


#: how a moved counter replaces one the new store made itself (the write check's)
_UPSERT = {"counters": " ON CONFLICT(name) DO UPDATE SET value=excluded.value"}
#: Most keys one get_many asks for (SQLite's bound parameters: 32,766 since 3.32; a fight is far smaller).
_MAX_KEYS = 500


class SqliteStore:
    """The :class:`~champions_mush.store.base.Store` interface on one SQLite file."""

    def __init__(self, path: str | Path, synchronous: str = "FULL",
                 retention: Mapping[str, Retention] | None = None) -> None:
        self.path = Path(path)
        self.retention = RetentionPolicy(retention)
        self._full = synchronous == "FULL"
        self._watchers: list[Callable[[StoreError | None], None]] = []
        #: ``observe_write(seconds)`` after each write is committed (net/metrics.py), or None
        self.observe_write: Callable[[float], None] | None = None
        #: ``on_write(kind, key)`` after a document is written or deleted, ``on_write(None, None)``
        #: after a rollback (the game's kept documents: game/unit.py, ``Kept``), or None
        self.on_write: Callable[[str | None, str | None], None] | None = None
        #: watches a descriptor for the game's loop (the server sets one on Twisted's reactor:
        #: store/wal_sync.py ``AddReader``); while it is set (and ``synchronous=FULL``), the turn's
        #: group commit is made durable off the game's loop (:meth:`group_transaction`). None:
        #: every commit waits for its fsync, as a shell tool's does.
        self.add_reader: AddReader | None = None
        self._syncer: WalSyncer | None = None
        self._pace: DiskPace | None = None  #: where the turn's fsync is done (store/wal_sync.py)
        self._off_loop = False  #: the open turn's commit is made durable off the loop
        self._failing = False
        self._depth = 0  #: open transactions (only the outermost commits)
        self._wrote = False  #: a write went through in the open transaction
        #: :meth:`data_version` as read once the open transaction had written (None: not read yet)
        self._held_version: int | None = None
        try:
            self._db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={'FULL' if synchronous == 'FULL' else 'NORMAL'}")
            self._db.execute("PRAGMA busy_timeout=5000")
            self._db.executescript(_SCHEMA)
            self._db.execute(_ROWS_BY_KIND)
        except sqlite3.Error as exc:
            raise StoreError(f"Cannot open the database {self.path}: {exc}") from exc
        self._check_writable()
        self.prune_all(_now())

    def _check_writable(self) -> None:
        """Refuse a database that takes no writes (read-only file or directory, full disk) now,
        in one line, rather than after a "listening" line with every login failing."""
        try:
            self._db.execute("INSERT INTO counters (name, value) VALUES ('write-check', 0) "
                             "ON CONFLICT(name) DO UPDATE SET value=0")
        except sqlite3.Error as exc:
            self._db.close()
            raise StoreError(f"Cannot write the database {self.path}: {exc} "
                             "(check its owner, permissions and free disk space)") from exc

    def watch(self, listener: Callable[[StoreError | None], None]) -> None:
        """Call ``listener(error)`` when writes start failing, ``listener(None)`` when one
        works again (the game tells its players and staff: game/storage.py)."""
        self._watchers.append(listener)

    def _write(self, sql: str, params: tuple[Any, ...]) -> sqlite3.Cursor:
        started = perf_counter() if self.observe_write is not None else 0.0
        try:
            cursor = self._db.execute(sql, params)
        except sqlite3.Error as exc:
            error = StoreError(f"The database refused a write: {exc}")
            if not self._failing:
                self._failing = True
                self._tell(error)
            raise error from exc
        if self._depth:
            self._wrote = True  # the COMMIT tells whether it reached the disk
        elif self._failing:
            self._failing = False
            self._tell(None)
        if self.observe_write is not None and not self._depth:
            self.observe_write(perf_counter() - started)
        return cursor

    def _tell(self, error: StoreError | None) -> None:
        for listener in list(self._watchers):
            listener(error)

    def get(self, kind: str, key: str) -> dict[str, Any] | None:
        row = self._db.execute("SELECT data FROM docs WHERE kind=? AND key=?", (kind, key)).fetchone()
        return None if row is None else json.loads(row[0])

    def get_many(self, kind: str, keys: Iterable[str]) -> dict[str, dict[str, Any]]:
        wanted = list(dict.fromkeys(keys))[:_MAX_KEYS]
        if not wanted:
            return {}
        marks = ",".join("?" * len(wanted))
        rows = self._db.execute(f"SELECT key, data FROM docs WHERE kind=? AND key IN ({marks})",
                                (kind, *wanted)).fetchall()
        return {key: json.loads(data) for key, data in rows}

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One SQLite transaction: one commit (one fsync with ``synchronous=FULL``) for all of
        it; rolled back when the block raises. Joined when one is already open."""
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        started = perf_counter()
        self._control("BEGIN")
        self._depth, self._wrote, self._held_version = 1, False, None
        try:
            yield
        except BaseException:
            self._depth = 0
            self._rollback()
            raise
        self._depth = 0
        try:
            self._control("COMMIT")
        except StoreError:
            self._rollback()
            raise
        if self._wrote and self._failing:
            self._failing = False
            self._tell(None)
        if self._wrote and self.observe_write is not None:  # a transaction is one write, committed
            self.observe_write(perf_counter() - started)

    # --- the turn's group commit, made durable off the game's loop ---------------------------------
    @property
    def confirms_later(self) -> bool:
        """True when the turn's group commit is made durable later (:meth:`when_durable`), not at
        once: the disk is slow (store/wal_sync.py ``DiskPace``). Decided as the turn's transaction
        opens, so it holds from a command's first write to its commit."""
        return self._off_loop and self.add_reader is not None and self._full

    @contextmanager
    def group_transaction(self) -> Iterator[None]:
        """The turn's fight commands' transaction (game/unit.py ``Group``). On a fast disk its
        commit fsyncs at once (``synchronous=FULL``), timed. On a slow one (:attr:`confirms_later`)
        it is committed with ``synchronous=NORMAL`` (in the WAL, safe from a killed process,
        without waiting for the disk), and what waits for it asks :meth:`when_durable`.
        (SQLite takes the setting only outside a transaction.)"""
        paced = not self._depth and self.add_reader is not None and self._full
        if paced:
            if self._pace is None:
                from .wal_sync import DiskPace

                self._pace = DiskPace()
            self._off_loop = self._pace.slow
        relaxed = paced and self._off_loop
        if relaxed:
            self._control("PRAGMA synchronous=NORMAL")
        try:
            with self.transaction():
                yield
                started = perf_counter()
            if paced and not relaxed and self._pace is not None:
                self._pace.committed(perf_counter() - started)
        finally:
            if relaxed:
                with suppress(StoreError):  # a broken database: the transaction's error says so
                    self._control("PRAGMA synchronous=FULL")

    def when_durable(self, done: Callable[[], None], failed: Callable[[StoreError], None]) -> None:
        """Call ``done()`` on the game's thread once every commit made so far is on the disk (the
        WAL file fsynced in a process of its own), or ``failed(error)`` if the fsync fails."""
        assert self.add_reader is not None, "when_durable needs add_reader (confirms_later)"
        if self._syncer is None:
            from .wal_sync import WalSyncer

            assert self._pace is not None  # made by the turn's transaction
            self._syncer = WalSyncer(self.path, self.add_reader, self._pace)
        self._syncer.add(done, failed)

    def _rollback(self) -> None:
        if self._db.in_transaction:
            self._db.rollback()
        if self.on_write is not None:
            self.on_write(None, None)  # what was written in it is not there any more

    def _control(self, sql: str) -> None:
        """BEGIN or COMMIT: a refusal is told like a refused write; getting through says nothing
        (a transaction whose writes all failed still commits)."""
        try:
            self._db.execute(sql)
        except sqlite3.Error as exc:
            error = StoreError(f"The database refused a write: {exc}")
            if not self._failing:
                self._failing = True
                self._tell(error)
            raise error from exc

    def put(self, kind: str, key: str, data: dict[str, Any], text: str | None = None) -> str:
        if text is None:
            text = encode(data)
        self._write(
            "INSERT INTO docs (kind, key, data) VALUES (?, ?, ?) "
            "ON CONFLICT(kind, key) DO UPDATE SET data=excluded.data",
            (kind, key, text),
        )
        if self.on_write is not None:
            self.on_write(kind, key)
        return text

    def delete(self, kind: str, key: str) -> None:
        self._write("DELETE FROM docs WHERE kind=? AND key=?", (kind, key))
        if self.on_write is not None:
            self.on_write(kind, key)

    def data_version(self) -> int:
        """A number that changes whenever another connection (another process) commits. Once the
        open transaction has written, this connection holds SQLite's write lock until it ends and
        no other can commit: the number is read once then (not once a command of the turn's group)."""
        if self._depth and self._wrote:
            if self._held_version is None:
                self._held_version = int(self._db.execute("PRAGMA data_version").fetchone()[0])
            return self._held_version
        return int(self._db.execute("PRAGMA data_version").fetchone()[0])

    def all(self, kind: str) -> dict[str, dict[str, Any]]:
        rows = self._db.execute("SELECT key, data FROM docs WHERE kind=?", (kind,)).fetchall()
        return dict(zip([key for key, _ in rows], decode_documents(data for _, data in rows), strict=True))

    def append(self, log: str, data: dict[str, Any], time: float, text: str | None = None) -> int:
        """Append to a log (rolls, staff actions) with ``synchronous=NORMAL`` even when documents
        use FULL: in WAL mode the row is committed and survives a killed process (``kill -9``)
        at once, and reaches the disk with the next FULL commit or checkpoint; only a power cut
        in between could lose it. This spares a roll its own fsync (docs/performance.md)."""
        return self._append("INSERT INTO log (log, time, data) VALUES (?, ?, ?)",
                            (log, time, encode(data) if text is None else text), log, time)

    def _append(self, sql: str, params: tuple[Any, ...], log: str, time: float) -> int:
        """An insert at ``synchronous=NORMAL`` (see :meth:`append`), then a prune when due."""
        relaxed = self._full and not self._depth  # inside a transaction its commit decides
        if relaxed:
            self._db.execute("PRAGMA synchronous=NORMAL")
        try:
            cur = self._write(sql, params)
        finally:
            if relaxed:
                self._db.execute("PRAGMA synchronous=FULL")
        rule = self.retention.due(log)
        if rule is not None:
            self._prune_quietly(log, rule, time)
        assert cur.lastrowid is not None  # an INSERT's row
        return cur.lastrowid

    def prune(self, log: str, rule: Retention, now: float) -> int:
        """Delete what ``rule`` does not keep of ``log``; returns how many entries went."""
        return self._prune_table("log", "log", log, rule, now) + self._prune_table("rows", "kind", log, rule, now)

    def _prune_table(self, table: str, column: str, name: str, rule: Retention, now: float) -> int:
        gone = 0
        cutoff = rule.cutoff(now)
        if cutoff is not None and table == "log":
            gone += self._prune_log_by_age(name, cutoff)
        elif cutoff is not None:  # rows have an index by time (rows_by_time)
            gone += self._write(f"DELETE FROM {table} WHERE {column}=? AND time<?", (name, cutoff)).rowcount
        if rule.max_entries > 0:
            gone += self._write(
                f"DELETE FROM {table} WHERE {column}=? AND id<=(SELECT id FROM {table} WHERE {column}=? "
                "ORDER BY id DESC LIMIT 1 OFFSET ?)", (name, name, rule.max_entries)).rowcount
        return gone

    def _prune_log_by_age(self, log: str, cutoff: float) -> int:
        """Delete a log's entries older than ``cutoff``. A log is appended in time order, so its
        old entries are its first: walk its index from the oldest to the first young enough and
        delete only before it, rather than read every entry's time (a scan of the whole log that
        took 50 ms at 20,000 rolls beside 20,000 fight records, every few hundred rolls)."""
        young = self._db.execute("SELECT id FROM log WHERE log=? AND time>=? ORDER BY id LIMIT 1",
                                 (log, cutoff)).fetchone()
        if young is None:
            return self._write("DELETE FROM log WHERE log=? AND time<?", (log, cutoff)).rowcount
        return self._write("DELETE FROM log WHERE log=? AND id<? AND time<?", (log, young[0], cutoff)).rowcount

    def prune_all(self, now: float) -> None:
        """Prune every log with a retention rule (at open)."""
        for log, rule in self.retention.rules.items():
            self._prune_quietly(log, rule, now)

    def _prune_quietly(self, log: str, rule: Retention, now: float) -> None:
        try:
            self.prune(log, rule, now)
        except StoreError:
            pass  # the append itself is saved; the watchers have heard of the failing disk

    def entry(self, entry_id: int) -> LogEntry | None:
        row = self._db.execute("SELECT id, log, time, data FROM log WHERE id=?", (entry_id,)).fetchone()
        return None if row is None else LogEntry(row[0], row[1], row[2], json.loads(row[3]))

    def tail(self, log: str, limit: int, match: dict[str, Any] | None = None) -> list[LogEntry]:
        if limit <= 0:
            return []
        sql, params = "SELECT id, log, time, data FROM log WHERE log=?", [log]
        for field, value in (match or {}).items():
            sql += " AND json_extract(data, ?) = ?"
            params += [f"$.{field}", value]
        sql += " ORDER BY id DESC LIMIT ?"
        rows = self._db.execute(sql, (*params, limit)).fetchall()
        return [LogEntry(r[0], r[1], r[2], json.loads(r[3])) for r in reversed(rows)]

    # --- rows of items ------------------------------------------------------------------------------
    def add_row(self, kind: str, owner: str, author: int, data: dict[str, Any], time: float) -> int:
        """Add a row at ``synchronous=NORMAL``, as :meth:`append` does, pruning the kind when due."""
        return self._append("INSERT INTO rows (kind, owner, author, time, data) VALUES (?, ?, ?, ?, ?)",
                            (kind, owner, author, time, encode(data)), kind, time)

    def rows(self, kind: str, owner: str, offset: int = 0, limit: int = 100) -> list[Row]:
        if limit <= 0:
            return []
        found = self._db.execute(
            "SELECT id, kind, owner, author, time, data FROM rows INDEXED BY rows_by_kind "
            "WHERE kind=? AND owner=? ORDER BY id LIMIT ? OFFSET ?", (kind, owner, limit, max(0, offset))).fetchall()
        return [_row(r) for r in found]

    def count_rows(self, kind: str, owner: str | None = None, author: int | None = None,
                   since: float | None = None) -> int:
        sql = "SELECT COUNT(*) FROM rows WHERE kind=?"
        params: list[str | int | float] = [kind]
        for clause, value in (("owner=?", owner), ("author=?", author), ("time>=?", since)):
            if value is not None:
                sql += f" AND {clause}"
                params.append(value)
        return int(self._db.execute(sql, params).fetchone()[0])

    def get_row(self, kind: str, row_id: int) -> Row | None:
        found = self._db.execute("SELECT id, kind, owner, author, time, data FROM rows WHERE id=? AND kind=?",
                                 (row_id, kind)).fetchone()
        return None if found is None else _row(found)

    def set_row(self, kind: str, row_id: int, data: dict[str, Any]) -> None:
        self._write("UPDATE rows SET data=? WHERE id=? AND kind=?", (encode(data), row_id, kind))

    def delete_rows(self, kind: str, owner: str, ids: list[int] | None = None) -> int:
        if ids is None:
            return self._write("DELETE FROM rows WHERE kind=? AND owner=?", (kind, owner)).rowcount
        gone = 0
        for start in range(0, len(ids), 500):  # SQLite's bound-parameter limit
            chunk = list(ids[start:start + 500])
            marks = ",".join("?" * len(chunk))
            gone += self._write(f"DELETE FROM rows WHERE kind=? AND owner=? AND id IN ({marks})",
                                (kind, owner, *chunk)).rowcount
        return gone

    def next_id(self, counter: str) -> int:
        cur = self._write(
            "INSERT INTO counters (name, value) VALUES (?, 1) "
            "ON CONFLICT(name) DO UPDATE SET value=value+1 RETURNING value",
            (counter,),
        )
        return int(cur.fetchone()[0])

    # --- whole tables, for moving a game between stores (store/moving.py) -------------------------
    def table_rows(self, table: str, columns: tuple[str, ...]) -> list[tuple[Any, ...]]:
        """Every row of one of the store's own tables, in key order."""
        return self._db.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {columns[0]}, {columns[1]}").fetchall()

    def add_table_rows(self, table: str, columns: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
        """Insert rows as they are, ids and all (inside :meth:`transaction`)."""
        marks = ", ".join("?" * len(columns))
        try:
            self._db.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks}){_UPSERT.get(table, '')}",
                                 rows)
        except sqlite3.Error as exc:
            raise StoreError(f"The database refused a write: {exc}") from exc

    def close(self) -> None:
        """Close, once the commits waiting to be made durable are (store/wal_sync.py)."""
        if self._syncer is not None:
            self._syncer.close()
        self._db.close()


def _row(found: tuple[Any, ...]) -> Row:
    return Row(found[0], found[1], found[2], found[3], found[4], json.loads(found[5]))


class ReadOnlySqliteStore(SqliteStore):
    """The same database opened read-only (the web portal's view: docs/architecture.md,
    "The portal"). In WAL mode a reader never blocks the game's writer, and every write here
    fails with :class:`StoreError`."""

    def __init__(self, path: str | Path) -> None:  # no schema, no pruning: nothing written
        self.path = Path(path)
        self.retention = RetentionPolicy(None)
        self._full = False
        self.on_write = None
        self.add_reader, self._syncer, self._pace, self._off_loop = None, None, None, False
        self._watchers = []
        self._failing = False
        self._depth, self._wrote = 0, False
        try:
            self._db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True,
                                       isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA busy_timeout=5000")
            self._db.execute("SELECT 1 FROM docs LIMIT 1")
        except sqlite3.Error as exc:
            raise StoreError(f"Cannot read the database {self.path}: {exc}") from exc
