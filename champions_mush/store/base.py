"""The storage interface: documents by kind and key, append-only logs, and rows of items.

The game keeps its state as small JSON-able documents (a character, a room, a sheet, the combat
tracker) and appends to logs (rolls, staff actions). What grows with play under one item (a
job's comments, a board's posts, a scene's lines) is kept as rows, one per comment, post or
line, added and read a page at a time, never as one document rewritten whole
(docs/reliability.md, "Documents that grow"). Every write is durable when the call returns, or,
inside :meth:`Store.transaction`, when the transaction ends: the game tells a player a change
happened only after the store has it (docs/reliability.md).
No SQL lives outside ``store/``.
"""

from __future__ import annotations

import json
from _json import make_encoder
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from json.encoder import encode_basestring_ascii
from typing import Any, Protocol

from ..values import frozen
from .retention import Retention

__all__ = ["LogEntry", "NotConfirmed", "Row", "Store", "StoreError", "decode_documents", "encode"]


class StoreError(RuntimeError):
    """The store could not read or write (disk full, read-only, corrupt)."""


class NotConfirmed(StoreError):
    """Commits were made but could not be made sure durable (a failed fsync, a PostgreSQL server
    that did not confirm): other readers see them, a crash may still lose them
    (store/durable.py)."""


@frozen
class LogEntry:
    """One appended record: its sequence id, log name, time and data."""

    id: int
    log: str
    time: float
    data: dict[str, Any]


@frozen
class Row:
    """One row of an item: its id (unique across kinds), kind (``job_comment``), owner (the
    item's key, as a document key), author (a character id; 0 for the game), time and data."""

    id: int
    kind: str
    owner: str
    author: int
    time: float
    data: dict[str, Any]


class Store(Protocol):
    def get(self, kind: str, key: str) -> dict[str, Any] | None:
        """The document, or None."""

    def get_many(self, kind: str, keys: Iterable[str]) -> dict[str, dict[str, Any]]:
        """The documents of one kind under ``keys`` that exist, by key, in one read."""

    def put(self, kind: str, key: str, data: dict[str, Any], text: str | None = None) -> str | None:
        """Write (insert or replace) a document, durably (at the end of the open transaction);
        the JSON text written, where the store makes one (SQLite: game/unit.py's kept documents
        take it rather than encoding the document again), or None. ``text``: ``encode(data)``
        when the caller has it (a fight's record made it: game/journal.py), written as it is."""

    def delete(self, kind: str, key: str) -> None:
        """Remove a document (no error when absent)."""

    def all(self, kind: str) -> dict[str, dict[str, Any]]:
        """Every document of one kind, by key."""

    def append(self, log: str, data: dict[str, Any], time: float, text: str | None = None) -> int:
        """Append a record to a log; returns its sequence id (unique across logs). ``text``:
        ``encode(data)`` when the caller has it, written as it is."""

    def entry(self, entry_id: int) -> LogEntry | None:
        """One log record by id."""

    def tail(self, log: str, limit: int, match: dict[str, Any] | None = None) -> list[LogEntry]:
        """The newest ``limit`` records of a log, oldest first; ``match`` filters on data fields."""

    def prune(self, log: str, rule: Retention, now: float) -> int:
        """Delete what ``rule`` does not keep of ``log``, or of the rows of the kind so named
        (stores also prune on their own, see store/retention.py); returns how many went."""

    def add_row(self, kind: str, owner: str, author: int, data: dict[str, Any], time: float) -> int:
        """Add a row to an item, durably as a log append; returns its id (ids only grow)."""

    def rows(self, kind: str, owner: str, offset: int = 0, limit: int = 100) -> list[Row]:
        """Rows ``offset`` to ``offset + limit`` of one item, oldest first."""

    def count_rows(self, kind: str, owner: str | None = None, author: int | None = None,
                   since: float | None = None) -> int:
        """How many rows of ``kind`` (of one item, by one author, from ``since`` on)."""

    def get_row(self, kind: str, row_id: int) -> Row | None:
        """One row by id, or None."""

    def set_row(self, kind: str, row_id: int, data: dict[str, Any]) -> None:
        """Replace a row's data (an edit; its time and author stay)."""

    def delete_rows(self, kind: str, owner: str, ids: list[int] | None = None) -> int:
        """Delete the item's rows ``ids``, or all of them (None); returns how many went."""

    def next_id(self, counter: str) -> int:
        """A durable counter: 1, 2, 3 ..."""

    def watch(self, listener: Callable[[StoreError | None], None]) -> None:
        """Call ``listener(error)`` when writes start failing and ``listener(None)`` when they
        work again."""

    def transaction(self) -> AbstractContextManager[None]:
        """Everything written inside is one durable write when the block ends, or none of it
        when the block raises (a transaction already open is joined: only the outermost
        commits). The game opens one per command (game/unit.py)."""

    def close(self) -> None: ...


def decode_documents(texts: Iterable[str]) -> list[Any]:
    """Stored JSON documents, decoded in one pass: ``json`` keeps one copy of each key per
    call, so the documents share their keys (a thousand characters' settings name the same
    few: docs/performance.md, "Memory with 1,000 connected (session 7)")."""
    return json.loads(f"[{','.join(texts)}]")


def _unencodable(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


#: json's own C encoder (CPython's, which json.dumps uses) with json.dumps' settings but no check
#: for circular references (a document is a tree), made once: json.dumps makes one a call
#: (docs/performance.md, "Fights").
_ENCODER = make_encoder(None, _unencodable, encode_basestring_ascii, None, ": ", ", ", False, False, True)


def encode(value: Any) -> str:
    """The JSON text a store writes for ``value``: exactly what ``json.dumps(value)`` gives."""
    return "".join(_ENCODER(value, 0))
