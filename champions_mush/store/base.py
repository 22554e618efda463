"""The storage interface: documents by kind and key, and append-only logs.

The game keeps its state as small JSON-able documents (a character, a room, a sheet, the combat
tracker) and appends to logs (rolls, staff actions). Every write is durable when the call
returns, or, inside :meth:`Store.transaction`, when the transaction ends: the game tells a player a change happened only after the store has it (docs/reliability.md).
No SQL lives outside ``store/``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from typing import Any, Protocol

import attrs

from .retention import Retention

__all__ = ["LogEntry", "Store", "StoreError"]


class StoreError(RuntimeError):
    """The store could not read or write (disk full, read-only, corrupt)."""


@attrs.frozen
class LogEntry:
    """One appended record: its sequence id, log name, time and data."""

    id: int
    log: str
    time: float
    data: dict[str, Any]


class Store(Protocol):
    def get(self, kind: str, key: str) -> dict[str, Any] | None:
        """The document, or None."""

    def get_many(self, kind: str, keys: Iterable[str]) -> dict[str, dict[str, Any]]:
        """The documents of one kind under ``keys`` that exist, by key, in one read."""

    def put(self, kind: str, key: str, data: dict[str, Any]) -> None:
        """Write (insert or replace) a document, durably (at the end of the open transaction)."""

    def delete(self, kind: str, key: str) -> None:
        """Remove a document (no error when absent)."""

    def all(self, kind: str) -> dict[str, dict[str, Any]]:
        """Every document of one kind, by key."""

    def append(self, log: str, data: dict[str, Any], time: float) -> int:
        """Append a record to a log; returns its sequence id (unique across logs)."""

    def entry(self, entry_id: int) -> LogEntry | None:
        """One log record by id."""

    def tail(self, log: str, limit: int, match: dict[str, Any] | None = None) -> list[LogEntry]:
        """The newest ``limit`` records of a log, oldest first; ``match`` filters on data fields."""

    def prune(self, log: str, rule: Retention, now: float) -> int:
        """Delete what ``rule`` does not keep of ``log`` (stores also prune on their own, see
        store/retention.py); returns how many entries went."""

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
