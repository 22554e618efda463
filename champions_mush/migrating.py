"""``champions-mush migrate --to postgresql://...`` (or ``--to sqlite``): move a stopped game
to another store, every row checked (docs/admin-guide.md, "PostgreSQL").

    champions-mush migrate --to TARGET [--data-dir DIR] [--config FILE]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from .backups import BackupRefused, hold_lock
from .configfile import load_config
from .opening import DB_FILE, is_postgresql, open_store
from .store.base import StoreError
from .store.moving import move_game

__all__ = ["add_subcommand", "cmd_migrate"]

_NOUNS = {"docs": "record", "log": "log entry", "rows": "row", "counters": "counter"}


def _count(n: int, noun: str) -> str:
    plural = noun[:-1] + "ies" if noun.endswith("y") else noun + "s"
    return f"{n:,} {noun if n == 1 else plural}"


def _target(to: str, data_dir: Path, source_is_sqlite: bool):  # a store
    if is_postgresql(to):
        from .store.postgres import PostgresStore

        return PostgresStore(to)
    if to != "sqlite":
        raise BackupRefused(f"--to takes a postgresql:// address or 'sqlite', not {to!r}")
    if source_is_sqlite:
        raise BackupRefused(f"the game in {data_dir} is already kept in SQLite")
    if (data_dir / DB_FILE).exists():
        raise BackupRefused(f"{data_dir / DB_FILE} exists: move it aside first, or restore into another data directory")
    from .store.sqlite import SqliteStore

    return SqliteStore(data_dir / DB_FILE)


def cmd_migrate(args: argparse.Namespace) -> int:
    data_dir = Path(args.data_dir).expanduser().resolve()
    config = Path(args.config) if args.config else data_dir / "config.yaml"
    server, _ = load_config(config if config.exists() else None)
    if not server.store and not (data_dir / DB_FILE).exists():
        raise BackupRefused(f"there is no game database in {data_dir}")
    lock = hold_lock(data_dir)
    try:
        source = open_store(data_dir, server)
        try:
            target = _target(args.to, data_dir, not server.store)
            try:
                moved = move_game(source, target)
            except StoreError:
                target.close()
                if args.to == "sqlite":
                    for suffix in ("", "-wal", "-shm"):
                        (data_dir / (DB_FILE + suffix)).unlink(missing_ok=True)
                raise
            target.close()
        finally:
            source.close()
    finally:
        lock.close()
    parts = [_count(moved.counts[t], _NOUNS[t]) for t in ("docs", "log", "rows", "counters")]
    counts = ", ".join(parts[:-1]) + " and " + parts[-1]
    where = "SQLite" if args.to == "sqlite" else "PostgreSQL"
    print(f"Moved {counts} to {where}; every row read back and found equal.")
    print("Now " + ("remove the 'store:' line from" if args.to == "sqlite" else f"set 'store: {args.to}' in")
          + f" {config} and start the server. The old store is left as it was.")
    return 0


def add_subcommand(sub, default_data_dir: str) -> None:  # argparse's subparsers
    move = sub.add_parser("migrate", help="move a stopped game to PostgreSQL (or back to SQLite), checked")
    move.add_argument("--to", required=True, help="postgresql://user@host/db, or 'sqlite'")
    move.add_argument("--data-dir", default=default_data_dir)
    move.add_argument("--config", help="the config file (default DATA_DIR/config.yaml)")
