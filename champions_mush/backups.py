"""Backups and restores of a game's database, from the shell or on the server's schedule.

    champions-mush backup DEST [--keep N] [--data-dir DIR]
    champions-mush restore BACKUP [--data-dir DIR]

A backup writes only a new file or one of its own earlier backups: never through a symbolic
link, never over a pipe, a device or any other file, never into the game's own files. Each copy
is checked whole before it takes its name (docs/admin-guide.md, "Backups").
"""

from __future__ import annotations

import fcntl
import os
import re
import stat
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import attrs

from .opening import DB_FILE, LOCK_FILE, is_postgresql
from .store.base import StoreError
from .store.sqlite_copy import CopyFacts, copy_database, read_copy
from .values import frozen

__all__ = ["BackupRefused", "Taken", "backup_into", "hold_lock", "keep_newest", "keep_recent", "our_backups", "restore",
           "restore_to_postgres", "take_backup"]

#: a dated backup's name: ``champions-20261201-041500.sqlite3`` (UTC)
_DATED = re.compile(r"champions-(\d{8}-\d{6})\.sqlite3")
_STAMP = "%Y%m%d-%H%M%S"
#: folders of the data directory that hold the server's own files (a backup folder inside it is fine)
_OWN_FOLDERS = ("", "logs", "tls")
_KINDS = ((stat.S_ISFIFO, "a pipe"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
          (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a directory"))


class BackupRefused(Exception):
    """A backup or restore that cannot go on; the message is one line for the admin."""


@frozen
class Taken:
    """A finished backup: where it is, what it holds, and the backups ``--keep`` removed."""

    path: Path
    facts: CopyFacts
    removed: tuple[Path, ...] = ()


def _stamp(when: float) -> str:
    return datetime.fromtimestamp(when, tz=UTC).strftime(_STAMP)


def _when(when: float) -> str:
    return datetime.fromtimestamp(when, tz=UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def _unfollowed(path: Path) -> Path:
    """``path`` made absolute with its folder resolved but its last part left alone, so a
    symbolic link there is seen, never followed."""
    path = Path(os.path.abspath(path.expanduser()))
    return path.parent.resolve() / path.name


def _ours(path: Path) -> bool:
    """True when ``path`` is a regular file holding one of our backups."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return False
        return read_copy(path).taken_at is not None
    except (OSError, StoreError):
        return False


def _check_target(dest: Path, data_dir: Path) -> None:
    """Refuse, in one line, anything but a new path or one of our own backups."""
    inside = dest.parent.relative_to(data_dir).as_posix() if dest.parent.is_relative_to(data_dir) else None
    if inside is not None and (inside == "." or inside.split("/")[0] in _OWN_FOLDERS):
        raise BackupRefused(f"{dest} is among the game's own files in {data_dir}: write backups elsewhere")
    try:
        mode = os.lstat(dest).st_mode
    except FileNotFoundError:
        if not dest.parent.is_dir():
            raise BackupRefused(f"there is no directory {dest.parent}") from None
        return
    if stat.S_ISLNK(mode):
        raise BackupRefused(f"{dest} is a symbolic link: a backup never writes through one")
    for test, what in _KINDS:
        if test(mode):
            raise BackupRefused(f"{dest} is {what}: a backup writes only a new file or one of its own backups")
    if not _ours(dest):
        raise BackupRefused(f"{dest} exists and is not a backup champions-mush made: give a new name")


def _place(partial: Path, dest: Path, data_dir: Path) -> None:
    """Give the checked copy its name: a new name atomically (a link fails if the name was
    taken meanwhile), or over our own earlier backup."""
    _check_target(dest, data_dir)
    try:
        os.link(partial, dest)
    except FileExistsError:
        _check_target(dest, data_dir)  # still our own earlier backup?
        os.replace(partial, dest)
    except OSError:  # a file system without hard links
        os.replace(partial, dest)


def take_backup(data_dir: Path, dest: Path, now: float | None = None, store: str = "") -> Taken:
    """Back up ``data_dir``'s database to ``dest`` (a folder: a dated file in it); ``store``:
    the config's, a PostgreSQL game's address (written as a SQLite backup all the same).

    Raises:
        BackupRefused: one line saying why nothing was written.
    """
    now = time.time() if now is None else now
    data_dir = data_dir.resolve()
    source = data_dir / DB_FILE
    if not is_postgresql(store) and not source.is_file():
        raise BackupRefused(f"there is no game database in {data_dir}")
    dest = _unfollowed(dest)
    if not dest.is_symlink() and dest.is_dir():
        dest = dest / f"champions-{_stamp(now)}.sqlite3"
    _check_target(dest, data_dir)
    import tempfile  # here: the server imports this module (with ops) and would load tempfile
    # for nothing (docs/performance.md, "Memory with 1,000 connected, again")

    fd, name = tempfile.mkstemp(prefix=f".{dest.name}.", suffix=".partial", dir=dest.parent)
    os.close(fd)
    partial = Path(name)
    try:
        if is_postgresql(store):
            from .store.postgres_copy import backup_postgres  # psycopg: loaded for a PostgreSQL game only

            facts = backup_postgres(store, partial, taken_at=now)
        else:
            facts = copy_database(source, partial, taken_at=now)
        _place(partial, dest, data_dir)
    except StoreError as exc:
        raise BackupRefused(f"backup failed: {exc}") from exc
    finally:
        partial.unlink(missing_ok=True)
    return Taken(dest, facts)


def our_backups(folder: Path) -> list[tuple[float, Path]]:
    """The dated backups this program made in ``folder``, newest first, by the time in the name."""
    found = []
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    for name in names:
        match = _DATED.fullmatch(name)
        if match:
            when = datetime.strptime(match.group(1), _STAMP).replace(tzinfo=UTC).timestamp()
            found.append((when, folder / name))
    return sorted(found, reverse=True)


def _remove(paths: Iterator[Path], spare: Path | None) -> tuple[Path, ...]:
    gone = []
    for path in paths:
        if path != spare and _ours(path):  # a file that only looks like one of ours stays
            path.unlink(missing_ok=True)
            gone.append(path)
    return tuple(gone)


def keep_newest(folder: Path, keep: int, spare: Path | None = None) -> tuple[Path, ...]:
    """Remove all but the newest ``keep`` of our backups in ``folder`` (never ``spare``, the
    one just taken, even when the clock went back); returns what went."""
    return _remove((path for _, path in our_backups(folder)[keep:]), spare)


def keep_recent(folder: Path, days: float, now: float, spare: Path | None = None) -> tuple[Path, ...]:
    """Remove our backups in ``folder`` older than ``days`` (0: keep all), never the newest
    nor ``spare``."""
    if days <= 0:
        return ()
    cutoff = now - days * 86400
    return _remove((path for when, path in our_backups(folder)[1:] if when < cutoff), spare)


def backup_into(data_dir: Path, folder: Path, keep: int | None = None, keep_days: float = 0,
                now: float | None = None, store: str = "") -> Taken:
    """A dated backup in ``folder`` (made 0700 when missing), then the old ones pruned:
    all but the newest ``keep``, or those older than ``keep_days``."""
    now = time.time() if now is None else now
    folder = _unfollowed(folder)
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise BackupRefused(f"{folder} is not a directory: --keep needs a folder of backups")
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    taken = take_backup(data_dir, folder, now, store)
    removed = (keep_newest(folder, keep, taken.path) if keep is not None
               else keep_recent(folder, keep_days, now, taken.path))
    return attrs.evolve(taken, removed=removed)


# --- restore ---------------------------------------------------------------------------------

def hold_lock(data_dir: Path):  # the open lock file
    """The data directory's lock, held while a shell tool changes the game (no server runs)."""
    handle = open(data_dir / LOCK_FILE, "a+")  # noqa: SIM115 - held while the restore runs
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise BackupRefused(f"a server is running on {data_dir}: stop it first (champions-mush stop)") from None
    return handle


def _adopt_owner(path: Path, data_dir: Path) -> None:
    """Run as root on another user's data directory, give the restored file to that user."""
    owner = data_dir.stat()
    if os.geteuid() == 0 and owner.st_uid != 0:
        os.chown(path, owner.st_uid, owner.st_gid)


def _set_aside(data_dir: Path, now: float) -> Path | None:
    """Move the current database (and its WAL and SHM files, still paired) aside; returns
    its new name, or None when there was none."""
    current = data_dir / DB_FILE
    if not current.exists():
        return None
    kept = data_dir / f"{DB_FILE}.before-restore-{_stamp(now)}"
    for suffix in ("-wal", "-shm", ""):  # the database last: a half move leaves it in place
        old = data_dir / (DB_FILE + suffix)
        if old.exists():
            os.replace(old, kept.with_name(kept.name + suffix))
    return kept


def _checked(backup: Path) -> CopyFacts:
    """The backup file checked whole and counted, or one line saying why it will not do."""
    try:
        mode = os.stat(backup).st_mode
    except OSError as exc:
        raise BackupRefused(f"cannot read {backup}: {exc.strerror}") from exc
    if not stat.S_ISREG(mode):
        raise BackupRefused(f"{backup} is not a file")
    try:
        return read_copy(backup)
    except StoreError as exc:
        raise BackupRefused(str(exc)) from exc


def _ready_to_restore(backup: Path, data_dir: Path):  # -> (Path, CopyFacts, the lock held)
    """The backup checked whole, the data directory there (made 0700 when missing) and its lock
    held, so no server starts meanwhile (one refused while a server runs)."""
    backup = Path(os.path.abspath(backup.expanduser()))
    checked = _checked(backup)
    try:
        data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise BackupRefused(f"cannot make the data directory {data_dir}: {exc.strerror}") from exc
    return backup, checked, hold_lock(data_dir)


def restore(backup: Path, data_dir: Path, now: float | None = None) -> tuple[CopyFacts, Path | None]:
    """Put ``backup`` in place as ``data_dir``'s database while no server runs.

    The data directory is made (0700) when missing; the backup is checked whole and copied
    beside the database, the current database is moved aside, and the copy takes its name.
    Returns what was restored and where the old database went (None: there was none).

    Raises:
        BackupRefused: one line; nothing was changed.
    """
    now = time.time() if now is None else now
    backup, checked, lock = _ready_to_restore(backup, data_dir)
    try:
        partial = data_dir / f"{DB_FILE}.restoring"
        partial.unlink(missing_ok=True)
        try:
            facts = copy_database(backup, partial, taken_at=None)
        except StoreError as exc:
            partial.unlink(missing_ok=True)
            raise BackupRefused(str(exc)) from exc
        os.chmod(partial, 0o600)
        _adopt_owner(partial, data_dir)
        kept = _set_aside(data_dir, now)
        os.replace(partial, data_dir / DB_FILE)
    finally:
        lock.close()
    return attrs.evolve(facts, taken_at=checked.taken_at), kept


def restore_to_postgres(backup: Path, data_dir: Path, url: str,
                        now: float | None = None) -> tuple[CopyFacts, str | None, str]:
    """Put ``backup`` into the PostgreSQL game at ``url`` while no server runs on ``data_dir``:
    checked whole first, the game there kept aside in a schema of its own, every row copied
    and compared (store/postgres_copy.py). Returns what was restored, that schema (None: the
    database held no game) and the database as an admin reads it.

    Raises:
        BackupRefused: one line; nothing was changed.
    """
    now = time.time() if now is None else now
    backup, checked, lock = _ready_to_restore(backup, data_dir)
    try:
        from .store.postgres_copy import restore_postgres

        _, aside, where = restore_postgres(backup, url, _stamp(now).replace("-", "_"))
    except StoreError as exc:
        raise BackupRefused(str(exc)) from exc
    finally:
        lock.close()
    return checked, aside, where


# --- the shell commands ----------------------------------------------------------------------

def _count(n: int, noun: str) -> str:
    plural = noun[:-1] + "ies" if noun.endswith("y") else noun + "s"
    return f"{n:,} {noun if n == 1 else plural}"


def _holding(facts: CopyFacts) -> str:
    return (f"{_count(facts.records, 'record')} ({_count(facts.characters, 'character')}) and "
            f"{_count(facts.log_entries, 'log entry')}")


def backup_lines(taken: Taken, seconds: float) -> list[str]:
    """What ``champions-mush backup`` (and the server's log, for a scheduled one) says."""
    size = taken.path.stat().st_size
    lines = [(f"Backed up {_holding(taken.facts)} to {taken.path} ({size // 1024:,} KiB in {seconds:.2f} s); "
             "integrity check ok.")]
    if taken.removed:
        lines.append(f"Removed {_count(len(taken.removed), 'older backup')}: "
                     + ", ".join(path.name for path in taken.removed) + ".")
    return lines


def _store_of(args, data_dir: Path) -> str:  # argparse.Namespace
    """The game's store as its config names it ('' for SQLite in the data directory)."""
    from .configfile import load_config

    config = Path(args.config).expanduser() if args.config else data_dir / "config.yaml"
    server, _ = load_config(config if config.exists() else None)
    return server.store


def cmd_backup(args) -> int:  # argparse.Namespace
    started = time.monotonic()
    data_dir = Path(args.data_dir).expanduser()
    if args.dest.endswith("/") and not Path(args.dest).expanduser().is_dir():
        raise BackupRefused(f"there is no directory {args.dest}")
    store = _store_of(args, data_dir)
    if args.keep is not None:
        taken = backup_into(data_dir, Path(args.dest), keep=args.keep, store=store)
    else:
        taken = take_backup(data_dir, Path(args.dest), store=store)
    for line in backup_lines(taken, time.monotonic() - started):
        print(line, flush=True)
    return 0


def _taken(facts: CopyFacts) -> str:
    return f"taken {_when(facts.taken_at)}" if facts.taken_at is not None else "a plain copy of a game database"


def cmd_restore(args) -> int:  # argparse.Namespace
    data_dir = Path(os.path.abspath(Path(args.data_dir).expanduser()))
    to = args.to or _store_of(args, data_dir)
    if to and to != "sqlite":
        return _restore_postgres(args, data_dir, to)
    facts, kept = restore(Path(args.backup), data_dir)
    print(f"Restored {_holding(facts)} from {args.backup} ({_taken(facts)}) into {data_dir / DB_FILE}.")
    print(f"The database it replaced is kept as {kept}." if kept else
          f"There was no database in {data_dir} before.")
    print("Start the server to play on it: champions-mush serve --data-dir " + str(data_dir))
    return 0


def _restore_postgres(args, data_dir: Path, to: str) -> int:  # argparse.Namespace
    if not is_postgresql(to):
        raise BackupRefused(f"--to takes a postgresql:// address or 'sqlite', not {to!r}")
    facts, aside, where = restore_to_postgres(Path(args.backup), data_dir, to)
    print(f"Restored {_holding(facts)} from {args.backup} ({_taken(facts)}) into PostgreSQL: {where}; "
          "every row read back and found equal.")
    print(f'The game it replaced is kept in the schema "{aside}" of that database '
          f'(DROP SCHEMA "{aside}" CASCADE when you no longer need it).' if aside else
          "There was no game in that database before.")
    if to != _store_of(args, data_dir):
        print(f"Set 'store: {to}' in the config, then start the server: champions-mush serve --data-dir {data_dir}")
    else:
        print("Start the server to play on it: champions-mush serve --data-dir " + str(data_dir))
    return 0


def add_subcommands(sub, default_data_dir: str) -> None:  # argparse's subparsers
    """Add ``backup`` and ``restore`` to the ``champions-mush`` parser."""
    backup = sub.add_parser("backup", help="a checked copy of the game's database, while it runs")
    backup.add_argument("dest", help="a new file, or a folder for a dated file in it")
    backup.add_argument("--keep", type=_keep, metavar="N",
                        help="DEST is a folder: keep only the newest N backups in it")
    backup.add_argument("--data-dir", default=default_data_dir)
    backup.add_argument("--config", help="the config file (default DATA_DIR/config.yaml): its 'store'")
    restore_ = sub.add_parser("restore", help="put a backup back as the game's database (server stopped)")
    restore_.add_argument("backup", help="the backup file")
    restore_.add_argument("--data-dir", default=default_data_dir)
    restore_.add_argument("--config", help="the config file (default DATA_DIR/config.yaml): its 'store'")
    restore_.add_argument("--to", help="postgresql://... (default: the config's store), or 'sqlite'")


def _keep(text: str) -> int:
    import argparse

    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number of backups, 1 or more")
    return int(text)


COMMANDS = {"backup": cmd_backup, "restore": cmd_restore}
