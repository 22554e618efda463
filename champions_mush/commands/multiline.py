"""Multi-line input: a command that asks for pasted text gets the lines that follow.

``+sheet/import`` starts a :class:`LineCollector` on the session; every following line goes
to it instead of the command table, until a line holding only ``.`` (done) or ``.abort`` /
``@abort`` (given up); ``QUIT`` gives the paste up and still quits. The first line that is not
XML is answered with :data:`NOTE`, so a player who forgot the paste is not left talking to
nobody. The collector keeps at most ``limit`` characters: past that the paste is thrown
away at once, the rest of it is swallowed (never run as commands), and the closing line
reports it. The dispatcher hands lines over through :func:`collecting` and :func:`feed`; the
network layer asks :func:`collecting` so that pasted lines do not count against the command
rate limit (docs/player-guide.md, "Building your character").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game.session import Session

__all__ = ["ABORT", "END", "NOTE", "SESSION_ATTR", "LineCollector", "collecting", "feed", "give_up", "passes_through", "start_collecting"]

#: A line holding only this ends the paste.
END = "."
#: A line holding only this (or ``@abort``, any case) gives the paste up.
ABORT = ".abort"
_ABORTS = (ABORT, "@abort")
#: Said once, at the first pasted line that is not XML.
NOTE = "Pasting your file: end with a line holding a single '.'; '@abort' cancels."
#: Given up and then run as a command even while pasting.
_PASSING = ("quit",)
#: The session attribute holding its collector (a reload leaves it out: net/reload.py).
SESSION_ATTR = "line_collector"


class LineCollector:
    """Lines gathered for one command, at most ``limit`` characters in all.

    ``done(text)`` runs with the lines joined by newlines when the paste ends; ``refused(why)``
    when it was over the limit or aborted. Both run on the game's thread.
    """

    def __init__(self, limit: int, done: Callable[[str], None], refused: Callable[[str], None],
                 too_big: str, on_overflow: Callable[[str], None] | None = None) -> None:
        self.limit = limit
        self.done = done
        self.refused = refused
        self.too_big = too_big
        self.on_overflow = on_overflow
        self.lines: list[str] = []
        self.size = 0
        self.overflowed = False
        self.noted = False

    def add(self, line: str) -> bool:
        """Take one line; True when the paste has ended (``.`` or ``.abort``)."""
        mark = line.strip()
        if mark.lower() in _ABORTS:
            self.lines = []
            self.refused("Import given up: nothing was changed.")
            return True
        if mark == END:
            if self.overflowed:
                self.refused(self.too_big)
            else:
                text, self.lines = "\n".join(self.lines), []
                self.done(text)
            return True
        if mark and not mark.startswith("<") and not self.noted:
            self.noted = True
            self.refused(NOTE)
        if self.overflowed:
            return False
        self.size += len(line) + 1
        if self.size > self.limit:
            self.overflowed = True
            self.lines = []
            if self.on_overflow is not None:
                self.on_overflow(self.too_big)
            return False
        self.lines.append(line)
        return False


def start_collecting(session: Session, collector: LineCollector) -> None:
    """Send the session's next lines to ``collector`` until it says the paste has ended."""
    setattr(session, SESSION_ATTR, collector)


def collecting(session: Session) -> bool:
    """True while the session's lines go to a collector, not the command table."""
    return getattr(session, SESSION_ATTR, None) is not None


def passes_through(line: str) -> bool:
    """True for ``QUIT``: the paste is given up (:func:`give_up`) and the line run as a command."""
    return line.strip().lower() in _PASSING


def give_up(session: Session) -> None:
    """End the session's paste as ``.abort`` does."""
    feed(session, ABORT)


def feed(session: Session, line: str) -> None:
    """Hand one line to the session's collector; forget the collector when the paste ends."""
    collector: LineCollector | None = getattr(session, SESSION_ATTR, None)
    if collector is None:
        return
    try:
        finished = collector.add(line)
    except Exception:
        setattr(session, SESSION_ATTR, None)
        raise
    if finished:
        setattr(session, SESSION_ATTR, None)
