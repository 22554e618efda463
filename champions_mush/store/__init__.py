"""Storage behind one small interface; SQLite by default."""

from .base import LogEntry, Store, StoreError
from .memory import MemoryStore
from .sqlite import SqliteStore

__all__ = ["LogEntry", "MemoryStore", "SqliteStore", "Store", "StoreError"]
