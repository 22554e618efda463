"""The server's own backups: every ``backup_every_hours``, kept ``backup_keep_days``.

The copy runs on a thread of its own (SQLite's online backup reads a snapshot and never blocks
the game's writes), so the game's loop never waits for it. The next one is due
``backup_every_hours`` after the newest backup in the folder, so a restart or a reload neither
skips one nor takes an extra one (docs/admin-guide.md, "Backups").
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

from ..backups import BackupRefused, Taken, backup_into, backup_lines, our_backups
from ..configfile import ServerConfig

__all__ = ["backup_folder", "due_in", "start_backups"]

log = logging.getLogger("champions_mush.server")

#: seconds before a failed backup is tried again (or sooner, when backups are more frequent)
RETRY = 900.0


def backup_folder(data_dir: Path, server: ServerConfig) -> Path:
    return Path(server.backup_dir).expanduser() if server.backup_dir else data_dir / "backups"


def due_in(folder: Path, every: float, now: float) -> float:
    """Seconds until the next backup: ``every`` after the newest one in ``folder`` (0: now)."""
    found = our_backups(folder)
    return 0.0 if not found else max(0.0, found[0][0] + every - now)


def start_backups(reactor, data_dir: Path, server: ServerConfig, status) -> None:
    """Schedule the server's backups, when the config asks for them."""
    if server.backup_every_hours <= 0:
        return
    folder = backup_folder(data_dir, server)
    every = server.backup_every_hours * 3600

    def done(taken: Taken | None, error: str | None, seconds: float) -> None:
        if taken is None:
            log.error("scheduled backup failed: %s", error)
            status.note(backup={"ok": False, "at": time.time(), "message": error})
            reactor.callLater(min(every, RETRY), run)
            return
        for line in backup_lines(taken, seconds):
            log.info("scheduled backup: %s", line)
        status.note(backup={"ok": True, "at": time.time(), "path": str(taken.path),
                            "every_hours": server.backup_every_hours})
        reactor.callLater(every, run)

    def work() -> None:
        started = time.monotonic()
        try:
            taken = backup_into(data_dir, folder, keep_days=server.backup_keep_days, store=server.store)
        except BackupRefused as exc:
            reactor.callFromThread(done, None, str(exc), 0.0)
        except Exception as exc:  # a full disk, a vanished folder: said, then retried
            log.exception("scheduled backup failed")
            reactor.callFromThread(done, None, f"{type(exc).__name__}: {exc}", 0.0)
        else:
            reactor.callFromThread(done, taken, None, time.monotonic() - started)

    def run() -> None:
        threading.Thread(target=work, name="backup").start()

    delay = due_in(folder, every, time.time())
    log.info("backups every %g h into %s, kept %g days; the next in %.0f s",
             server.backup_every_hours, folder, server.backup_keep_days, delay)
    reactor.callLater(delay, run)
