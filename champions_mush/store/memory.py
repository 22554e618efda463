"""A store in memory, for tests and throwaway games."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from .base import LogEntry, Row, decode_documents
from .retention import Retention, RetentionPolicy

__all__ = ["MemoryStore"]


class MemoryStore:
    """The :class:`~champions_mush.store.base.Store` interface in dicts (JSON round-tripped, like SQLite)."""

    def __init__(self, retention: Mapping[str, Retention] | None = None) -> None:
        self.retention = RetentionPolicy(retention)
        self._docs: dict[tuple[str, str], str] = {}
        self._log: list[LogEntry | None] = []  # index = id - 1; None once pruned
        self._counters: dict[str, int] = {}
        self._rows: dict[int, Row] = {}  # by id, in the order added
        self._next_row = 1

    def get(self, kind: str, key: str) -> dict[str, Any] | None:
        text = self._docs.get((kind, key))
        return None if text is None else json.loads(text)

    def get_many(self, kind: str, keys: Iterable[str]) -> dict[str, dict[str, Any]]:
        found = {key: self._docs.get((kind, key)) for key in keys}
        return {key: json.loads(text) for key, text in found.items() if text is not None}

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Memory is never refused a write, so there is nothing to commit or roll back here."""
        yield

    def put(self, kind: str, key: str, data: dict[str, Any], text: str | None = None) -> None:
        self._docs[(kind, key)] = json.dumps(data) if text is None else text

    def delete(self, kind: str, key: str) -> None:
        self._docs.pop((kind, key), None)

    def all(self, kind: str) -> dict[str, dict[str, Any]]:
        found = [(k, v) for (kd, k), v in self._docs.items() if kd == kind]
        return dict(zip([k for k, _ in found], decode_documents(v for _, v in found), strict=True))

    def append(self, log: str, data: dict[str, Any], time: float, text: str | None = None) -> int:
        entry = LogEntry(id=len(self._log) + 1, log=log, time=time,
                         data=json.loads(json.dumps(data) if text is None else text))
        self._log.append(entry)
        rule = self.retention.due(log)
        if rule is not None:
            self.prune(log, rule, time)
        return entry.id

    def prune(self, log: str, rule: Retention, now: float) -> int:
        return self._prune_log(log, rule, now) + self._prune_rows(log, rule, now)

    def _prune_rows(self, kind: str, rule: Retention, now: float) -> int:
        cutoff = rule.cutoff(now)
        mine = [r for r in self._rows.values() if r.kind == kind]
        kept = [r for r in mine if cutoff is None or r.time >= cutoff]
        if rule.max_entries > 0:
            kept = kept[-rule.max_entries:]
        keep = {r.id for r in kept}
        for row in mine:
            if row.id not in keep:
                del self._rows[row.id]
        return len(mine) - len(kept)

    def _prune_log(self, log: str, rule: Retention, now: float) -> int:
        cutoff = rule.cutoff(now)
        mine = [e for e in self._log if e is not None and e.log == log]
        kept = [e for e in mine if cutoff is None or e.time >= cutoff]
        if rule.max_entries > 0:
            kept = kept[-rule.max_entries:]
        keep = {e.id for e in kept}
        self._log = [e if e is None or e.log != log or e.id in keep else None for e in self._log]
        return len(mine) - len(kept)

    def entry(self, entry_id: int) -> LogEntry | None:
        if 1 <= entry_id <= len(self._log):
            return copy.deepcopy(self._log[entry_id - 1])
        return None

    def tail(self, log: str, limit: int, match: dict[str, Any] | None = None) -> list[LogEntry]:
        found = [
            e for e in self._log
            if e is not None and e.log == log and all(e.data.get(k) == v for k, v in (match or {}).items())
        ]
        return found[-limit:] if limit > 0 else []

    # --- rows of items ------------------------------------------------------------------------------
    def add_row(self, kind: str, owner: str, author: int, data: dict[str, Any], time: float) -> int:
        row = Row(self._next_row, kind, owner, author, time, json.loads(json.dumps(data)))
        self._rows[row.id] = row
        self._next_row += 1
        rule = self.retention.due(kind)
        if rule is not None:
            self.prune(kind, rule, time)
        return row.id

    def _of(self, kind: str, owner: str) -> list[Row]:
        return [r for r in self._rows.values() if r.kind == kind and r.owner == owner]

    def rows(self, kind: str, owner: str, offset: int = 0, limit: int = 100) -> list[Row]:
        offset = max(0, offset)
        return copy.deepcopy(self._of(kind, owner)[offset:offset + limit]) if limit > 0 else []

    def count_rows(self, kind: str, owner: str | None = None, author: int | None = None,
                   since: float | None = None) -> int:
        return sum(1 for r in self._rows.values() if r.kind == kind and owner in (None, r.owner)
                   and author in (None, r.author) and (since is None or r.time >= since))

    def get_row(self, kind: str, row_id: int) -> Row | None:
        row = self._rows.get(row_id)
        return copy.deepcopy(row) if row is not None and row.kind == kind else None

    def set_row(self, kind: str, row_id: int, data: dict[str, Any]) -> None:
        row = self._rows.get(row_id)
        if row is not None and row.kind == kind:
            self._rows[row_id] = Row(row.id, kind, row.owner, row.author, row.time, json.loads(json.dumps(data)))

    def delete_rows(self, kind: str, owner: str, ids: list[int] | None = None) -> int:
        chosen = None if ids is None else set(ids)
        gone = [r.id for r in self._of(kind, owner) if chosen is None or r.id in chosen]
        for row_id in gone:
            del self._rows[row_id]
        return len(gone)

    def next_id(self, counter: str) -> int:
        self._counters[counter] = self._counters.get(counter, 0) + 1
        return self._counters[counter]

    def watch(self, listener) -> None:  # a memory store never refuses a write
        pass

    def close(self) -> None:
        pass
