"""The WAL's fsync in a process of its own, for a slow disk (docs/architecture.md, "Writes off the
loop on SQLite, when the disk is slow").

Run by :mod:`.wal_sync` as ``python -I -S fsync_helper.py WAL DATABASE``, it imports nothing but
``os``, ``sys`` and ``time`` (nothing of the game's, so it starts in milliseconds and small). Each
byte read on standard input asks for one fsync; for each, after ``fdatasync`` of the WAL file (of
the database file when there is no WAL file) it writes one line to standard output:
``ok <seconds the fsync took>``, or ``error <why>``. End of input (the game closed its end, or
died) ends it.

An fsync on any descriptor of a file makes every write made to that file before it durable, by
whichever process wrote it, so the game's own thread never waits for the disk and never waits
for a thread of its own to hand Python's lock back.
"""

from __future__ import annotations

import os
import sys
import time

__all__ = ["serve"]


def serve(asks: int, answers: int, files: tuple[str, ...]) -> None:
    """Answer every fsync asked for on ``asks`` on ``answers`` until ``asks`` ends; ``files``:
    the WAL file, then the database's."""
    wal: int | None = None  # the WAL file, kept open between fsyncs
    while True:
        asked = os.read(asks, 64)
        if not asked:
            break
        try:
            started = time.perf_counter()
            wal = _fsync(wal, files)
            answer = f"ok {time.perf_counter() - started:.6f}\n".encode()
        except OSError as exc:
            if wal is not None:
                os.close(wal)
                wal = None  # opened afresh next time
            answer = f"error {exc}".replace("\n", " ").encode() + b"\n"
        os.write(answers, answer * len(asked))


def _fsync(wal: int | None, files: tuple[str, ...]) -> int | None:
    """fsync the kept WAL file, else the first of ``files`` there is; the WAL file to keep."""
    if wal is not None:
        os.fdatasync(wal)
        return wal
    for path in files:
        try:
            fd = os.open(path, os.O_RDONLY)
        except FileNotFoundError:
            continue
        try:
            os.fdatasync(fd)
        except OSError:
            os.close(fd)
            raise
        if path == files[0]:
            return fd  # kept for the next fsync
        os.close(fd)
        return None
    raise FileNotFoundError(2, "its files are gone")


if __name__ == "__main__":
    os.closerange(3, os.sysconf("SC_OPEN_MAX"))  # anything else the game's process let it have
    serve(0, 1, tuple(sys.argv[1:]))
