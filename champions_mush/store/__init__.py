"""Storage behind one small interface; SQLite by default."""

from .base import LogEntry, Store, StoreError
from .memory import MemoryStore
from .retention import Retention, RetentionPolicy
from .sqlite import SqliteStore

__all__ = ["LogEntry", "MemoryStore", "Retention", "RetentionPolicy", "SqliteStore", "Store", "StoreError"]
