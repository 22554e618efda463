"""The server's log files under the data directory's ``logs/``: rotated, and a full disk sends
records to stderr, said once, never a traceback per record (docs/admin-guide.md)."""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from .configfile import ServerConfig

__all__ = ["LOG_FILES", "LogFile", "setup_logging"]

#: log file -> the loggers it takes (all under the data directory's logs/ folder)
LOG_FILES = {
    "server.log": ("",),
    "connections.log": ("champions_mush.net", "champions_mush.login"),
    "staff.log": ("champions_mush.staff",),
}


class LogFile(logging.handlers.RotatingFileHandler):
    """A rotating log file that, when it cannot be written (a full disk), says so once on
    stderr and sends its records there instead of a traceback for each one; it goes back to the
    file as soon as a write works."""

    #: records at this level and above reach stderr through the console handler already
    console_level = logging.WARNING
    #: the record last written to stderr (one record goes to several files)
    _last_on_stderr: logging.LogRecord | None = None

    def __init__(self, *args, **kwargs) -> None:  # RotatingFileHandler's
        self._regular = True
        self._formatted: tuple[logging.LogRecord, str] | None = None
        super().__init__(*args, **kwargs)
        self.failing = False
        self._wrote = False

    def _open(self):  # logging's name; a text stream
        stream = super()._open()
        self._regular = os.path.isfile(self.baseFilename)  # a /dev/null never rolls over
        return stream

    def shouldRollover(self, record: logging.LogRecord) -> bool:  # logging's name
        """As the standard handler decides, but with the file's kind asked when it is opened, not
        twice a record (two ``stat`` calls a line: a reconnect storm logs a line a login)."""
        if self.stream is None:  # opened late (``delay``)
            self.stream = self._open()
        if not self._regular or self.maxBytes <= 0:
            return False
        self.stream.seek(0, 2)
        return self.stream.tell() + len(self.format(record)) + 1 >= self.maxBytes

    def format(self, record: logging.LogRecord) -> str:
        """The record's line, made once though both the size check and the write ask for it."""
        made = self._formatted
        if made is not None and made[0] is record:
            return made[1]
        text = super().format(record)
        self._formatted = (record, text)
        return text

    def emit(self, record: logging.LogRecord) -> None:
        self._wrote = True
        super().emit(record)
        self._formatted = None
        if self._wrote and self.failing:
            self.failing = False
            self._stderr(f"champions-mush: writing {self.baseFilename} again")

    def handleError(self, record: logging.LogRecord) -> None:  # logging's name
        self._wrote = False
        if not self.failing:
            self.failing = True
            exc = sys.exc_info()[1]
            self._stderr(f"champions-mush: cannot write {self.baseFilename} "
                         f"({getattr(exc, 'strerror', None) or exc}); its records go to stderr")
        if record.levelno < self.console_level and LogFile._last_on_stderr is not record:
            LogFile._last_on_stderr = record
            self._stderr(self.format(record))

    @staticmethod
    def _stderr(line: str) -> None:
        try:
            sys.stderr.write(line + "\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass  # stderr gone too: nothing left to tell


def setup_logging(data_dir: Path, server: ServerConfig, console: bool = True) -> None:
    """Rotating log files under ``data_dir/logs``: everything, connections and logins, staff
    commands, and errors alone (``errors.log``)."""
    logs = data_dir / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    root = logging.getLogger()
    root.setLevel(getattr(logging, server.log_level.upper(), logging.INFO))

    LogFile.console_level = logging.WARNING if console else logging.CRITICAL + 1

    def handler(name: str, level: int = logging.NOTSET) -> logging.Handler:
        h = LogFile(
            logs / name, maxBytes=server.log_max_bytes, backupCount=server.log_backups, encoding="utf-8")
        h.setFormatter(fmt)
        h.setLevel(level)
        return h

    for filename, loggers in LOG_FILES.items():
        for name in loggers:
            logging.getLogger(name).addHandler(handler(filename))
    root.addHandler(handler("errors.log", logging.ERROR))
    if console:
        stream = logging.StreamHandler(sys.stderr)
        stream.setFormatter(fmt)
        stream.setLevel(logging.WARNING)
        root.addHandler(stream)
