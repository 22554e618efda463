"""The running server's status file: who it is, where it listens, who is on.

``DATA_DIR/status.json`` is written when the server starts, every :data:`STATUS_INTERVAL`
seconds, at once on SIGUSR1 (``champions-mush status`` asks for fresh numbers that way) and
after a reload; it is removed on a clean stop. The shell tools read it (docs/admin-guide.md,
"Backup, status, stop and reload").
"""

from __future__ import annotations

import json
import logging
import os
import time
from pathlib import Path
from typing import Any

__all__ = ["STATUS_FILE", "STATUS_INTERVAL", "StatusFile", "read_status"]

log = logging.getLogger("champions_mush.server")

STATUS_FILE = "status.json"
#: Seconds between rewrites of the status file while the server runs.
STATUS_INTERVAL = 10.0


class StatusFile:
    """Writes the status of one server; :meth:`facts` gives what changes while it runs."""

    def __init__(self, data_dir: Path, facts) -> None:  # () -> dict
        self.path = Path(data_dir) / STATUS_FILE
        self.facts = facts
        #: what is known from the start (pid, ports, start time); :meth:`note` adds to it
        self.fixed: dict[str, Any] = {"pid": os.getpid()}
        #: the last write failed (said once in the log until one works)
        self.failing = False

    def note(self, **values: Any) -> None:
        """Remember ``values`` and write the file now."""
        self.fixed.update(values)
        self.write()

    def write(self) -> None:
        """Write the file whole (a reader never sees half of it)."""
        doc = {**self.fixed, **self.facts(), "updated_at": time.time()}
        tmp = self.path.with_suffix(".tmp")
        try:
            tmp.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as exc:  # a full disk: the next write tries again (the timer must live on)
            if not self.failing:
                log.warning("cannot write %s: %s", self.path, exc.strerror or exc)
            self.failing = True
            return
        self.failing = False

    def remove(self) -> None:
        self.path.unlink(missing_ok=True)


def read_status(data_dir: Path) -> dict[str, Any] | None:
    """The status file's contents, or None when there is none (or it cannot be read)."""
    try:
        doc = json.loads((Path(data_dir) / STATUS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return doc if isinstance(doc, dict) else None


def start_status(reactor, data_dir: Path, factory, **fixed: Any) -> StatusFile:
    """Keep ``data_dir``'s status file for the server around ``factory``: written now, every
    :data:`STATUS_INTERVAL` seconds and on SIGUSR1, removed when the reactor stops."""
    import signal

    from twisted.internet import task

    game = factory.game

    def facts() -> dict[str, Any]:
        return {"players": len(game.connected_characters()), "connections": len(factory.protocols)}

    status = StatusFile(data_dir, facts)
    status.fixed.update(fixed)
    status.write()
    loop = task.LoopingCall(status.write)
    loop.clock = reactor
    loop.start(STATUS_INTERVAL, now=False)
    signal.signal(signal.SIGUSR1, lambda number, frame: reactor.callFromThread(status.write))
    reactor.addSystemEventTrigger("after", "shutdown", status.remove)
    return status
