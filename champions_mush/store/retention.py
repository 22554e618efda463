"""How much of each append-only log a store keeps: the newest entries up to a cap, nothing
older than an age; the game's config sets both (docs/admin-guide.md, "Logs in the database").

A store prunes a log when it opens and again every few appends to it (a tenth of the cap, at
most :data:`PRUNE_EVERY`), so a flooded channel stays within a tenth over its cap without a
timer.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..values import frozen

__all__ = ["PRUNE_EVERY", "Retention", "RetentionPolicy"]

#: Most appends to one log between prunes: each prune then deletes at most this many rows (a
#: few milliseconds of SQLite), and the log passes its cap by no more.
PRUNE_EVERY = 500
_DAY = 86400.0


@frozen
class Retention:
    """Keep the newest ``max_entries`` of a log and nothing older than ``max_days`` (0: no limit)."""

    max_entries: int = 0
    max_days: float = 0.0

    def interval(self) -> int:
        """Appends between prunes: a tenth of the cap, 1 to PRUNE_EVERY."""
        return max(1, min(PRUNE_EVERY, self.max_entries // 10)) if self.max_entries > 0 else PRUNE_EVERY

    def cutoff(self, now: float) -> float | None:
        """Entries stamped before this time go (None: no age limit)."""
        return now - self.max_days * _DAY if self.max_days > 0 else None


class RetentionPolicy:
    """Each log's :class:`Retention`, and when the next prune is due."""

    def __init__(self, rules: Mapping[str, Retention] | None = None) -> None:
        self.rules = dict(rules or {})
        self._appends: dict[str, int] = {}

    def due(self, log: str) -> Retention | None:
        """Count one append; the log's retention when a prune is due now, else None."""
        rule = self.rules.get(log)
        if rule is None:
            return None
        count = self._appends.get(log, 0) + 1
        due = count >= rule.interval()
        self._appends[log] = 0 if due else count
        return rule if due else None
