"""A store in memory, for tests and throwaway games."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from .base import LogEntry
from .retention import Retention, RetentionPolicy

__all__ = ["MemoryStore"]


class MemoryStore:
    """The :class:`~champions_mush.store.base.Store` interface in dicts (JSON round-tripped, like SQLite)."""

    def __init__(self, retention: Mapping[str, Retention] | None = None) -> None:
        self.retention = RetentionPolicy(retention)
        self._docs: dict[tuple[str, str], str] = {}
        self._log: list[LogEntry | None] = []  # index = id - 1; None once pruned
        self._counters: dict[str, int] = {}

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

    def put(self, kind: str, key: str, data: dict[str, Any]) -> None:
        self._docs[(kind, key)] = json.dumps(data)

    def delete(self, kind: str, key: str) -> None:
        self._docs.pop((kind, key), None)

    def all(self, kind: str) -> dict[str, dict[str, Any]]:
        return {k: json.loads(v) for (kd, k), v in self._docs.items() if kd == kind}

    def append(self, log: str, data: dict[str, Any], time: float) -> int:
        entry = LogEntry(id=len(self._log) + 1, log=log, time=time, data=json.loads(json.dumps(data)))
        self._log.append(entry)
        rule = self.retention.due(log)
        if rule is not None:
            self.prune(log, rule, time)
        return entry.id

    def prune(self, log: str, rule: Retention, now: float) -> int:
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

    def next_id(self, counter: str) -> int:
        self._counters[counter] = self._counters.get(counter, 0) + 1
        return self._counters[counter]

    def watch(self, listener) -> None:  # noqa: ANN001 - a memory store never refuses a write
        pass

    def close(self) -> None:
        pass
