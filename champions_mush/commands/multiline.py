"""Multi-line input: a command that asks for pasted text gets the lines that follow.

``+sheet/import`` starts a :class:`LineCollector` on the session; every following line goes
to it instead of the command table, until a line holding only ``.`` (done) or ``.abort`` /
``@abort`` (given up); ``QUIT`` gives the paste up and still quits. The first line that is not
XML is answered with :data:`NOTE`, so a player who forgot the paste is not left talking to
nobody. The dispatcher hands lines over through :func:`collecting` and :func:`feed`.

Bounds (docs/reliability.md, "Every door"): one paste holds at most ``limit`` characters, all
unfinished pastes of the game together ``paste_max_total`` (the config), and a paste must end
within ``paste_timeout`` seconds. Past any of them the paste is **dropped**: what it held is
thrown away at once and the player told why, and the rest of it is swallowed (never run as
commands) until the closing ``.``, or until a line comes after :data:`QUIET` seconds of
silence (the player is typing again, not pasting). A reload carries a paste over whole
(:func:`saved`, :func:`restore`; net/reload.py). Pasted lines count against the command rate
by their length (commands/doorway.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..game.session import Session
    from ..game.world import Game

__all__ = ["ABORT", "END", "NOTE", "QUIET", "RESTARTED", "SESSION_ATTR", "TOO_MANY", "TOO_SLOW", "LineCollector",
           "collecting", "expire", "feed", "forget", "give_up", "holding", "passes_through", "restore", "resumable", "saved",
           "start_collecting"]

#: A line holding only this ends the paste.
END = "."
#: A line holding only this (or ``@abort``, any case) gives the paste up.
ABORT = ".abort"
_ABORTS = (ABORT, "@abort")
#: Said once, at the first pasted line that is not XML.
NOTE = "Pasting your file: end with a line holding a single '.'; '@abort' cancels."
#: Given up and then run as a command even while pasting.
_PASSING = ("quit",)
#: The session attribute holding its collector (a reload hands it over: :func:`saved`).
SESSION_ATTR = "line_collector"
#: Seconds of silence after which a dropped paste is over: the next line is a command again.
QUIET = 10.0
#: Said when a dropped paste's closing line comes.
_STILL = " (Still waiting for the line with only '.', or type .abort.)"
TOO_MANY = ("The game is holding too many unfinished pastes just now, so yours was thrown away: nothing was "
            "changed. Paste it again in a minute.")
TOO_SLOW = "Your paste was not finished within {0:g} seconds, so it was thrown away: nothing was changed."
RESTARTED = "The game restarted during your paste, so it was thrown away: nothing was changed. Paste it again."


class LineCollector:
    """Lines gathered for one command, at most ``limit`` characters in all.

    ``done(text)`` runs with the lines joined by newlines when the paste ends; ``refused(why)``
    tells the player (the paste was dropped or aborted, or a note). Both run on the game's
    thread. ``game`` holds the count of every paste's characters; ``kind`` and ``params`` (plain
    data) say how the command that made it makes it again after a reload (:func:`resumable`).
    """

    def __init__(self, limit: int, done: Callable[[str], None], refused: Callable[[str], None],
                 too_big: str, game: Game | None = None, kind: str = "", params: tuple = ()) -> None:
        self.limit = limit
        self.done = done
        self.refused = refused
        self.too_big = too_big
        self.game = game
        self.kind = kind
        self.params = params
        self.lines: list[str] = []
        self.size = 0
        self.noted = False
        #: why the paste was dropped ("" while it is kept)
        self.dropped = ""
        self.started = self.last = self._now()

    def _now(self) -> float:
        return self.game.clock() if self.game is not None else 0.0

    def _held(self, change: int) -> bool:
        """Count ``change`` characters more (or fewer) against the game's total; False when over it."""
        if self.game is None:
            return True
        services = self.game.services
        if change > 0 and services.paste_chars + change > self.game.config.paste_max_total:
            return False
        services.paste_chars += change
        return True

    def drop(self, why: str) -> None:
        """Throw what the paste holds away and say ``why``; the rest of it is swallowed."""
        if self.dropped:
            return
        self.dropped = why
        self._held(-self.size)
        self.lines, self.size = [], 0
        self.refused(why + _STILL)

    def finish(self) -> None:
        """The paste is over: what it held is no longer counted."""
        self._held(-self.size)
        self.lines, self.size = [], 0

    def _timeout(self) -> float:
        """The config's ``paste_timeout`` (0, none, without a game)."""
        return self.game.config.paste_timeout if self.game is not None else 0

    def overdue(self, now: float) -> bool:
        """True when the paste has run past the config's ``paste_timeout``."""
        limit = self._timeout()
        return limit > 0 and now - self.started > limit

    def add(self, line: str) -> bool:
        """Take one line; True when the paste has ended."""
        now = self.last = self._now()
        mark = line.strip()
        if mark.lower() in _ABORTS:
            self.finish()
            self.refused("Import given up: nothing was changed.")
            return True
        if mark == END:
            if self.dropped:
                self.refused(self.dropped)
                return True
            text = "\n".join(self.lines)
            self.finish()
            self.done(text)
            return True
        if mark and not mark.startswith("<") and not self.noted:
            self.noted = True
            self.refused(NOTE)
        if self.dropped:
            return False
        if self.overdue(now):
            self.drop(TOO_SLOW.format(self._timeout()))
        elif self.size + len(line) + 1 > self.limit:
            self.drop(self.too_big)
        elif not self._held(len(line) + 1):
            self.drop(TOO_MANY)
        else:
            self.size += len(line) + 1
            self.lines.append(line)
        return False


def start_collecting(session: Session, collector: LineCollector) -> None:
    """Send the session's next lines to ``collector`` until it says the paste has ended."""
    setattr(session, SESSION_ATTR, collector)


def collecting(session: Session) -> bool:
    """True while the session's lines go to a collector, not the command table."""
    return getattr(session, SESSION_ATTR, None) is not None


def holding(session: Session) -> bool:
    """True while the session's paste keeps its lines (not dropped): those lines spend the
    command rate; a dropped paste's rest is swallowed at no cost."""
    collector: LineCollector | None = getattr(session, SESSION_ATTR, None)
    return collector is not None and not collector.dropped


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
        forget(session)
        raise
    if finished:
        setattr(session, SESSION_ATTR, None)


def forget(session: Session) -> None:
    """The connection is gone: its paste is dropped without a word."""
    collector: LineCollector | None = getattr(session, SESSION_ATTR, None)
    if collector is not None:
        collector.finish()
        setattr(session, SESSION_ATTR, None)


def expire(session: Session, now: float) -> None:
    """Drop the session's paste if it has run past its deadline; a dropped paste left quiet
    for :data:`QUIET` seconds is forgotten, so the next line is a command (the dispatcher asks
    before each line, the idle sweep now and then)."""
    collector: LineCollector | None = getattr(session, SESSION_ATTR, None)
    if collector is None or collector.game is None:
        return
    if collector.dropped and now - collector.last > QUIET:
        setattr(session, SESSION_ATTR, None)
    elif not collector.dropped and collector.overdue(now):
        collector.drop(TOO_SLOW.format(collector.game.config.paste_timeout))


# --- across a reload ------------------------------------------------------------------------------
#: kind -> how to make that command's collector again for a session (after a reload)
_KINDS: dict[str, Callable[[Game, Session, tuple], LineCollector]] = {}


def resumable(kind: str, make: Callable[[Game, Session, tuple], LineCollector]) -> None:
    """Say how to make a ``kind`` collector again from its ``params``, so a reload carries
    its pastes over."""
    _KINDS[kind] = make


def saved(session: Session) -> dict[str, Any] | None:
    """The session's paste as plain data for a reload, or None."""
    collector: LineCollector | None = getattr(session, SESSION_ATTR, None)
    if collector is None:
        return None
    return {"kind": collector.kind, "params": collector.params, "lines": list(collector.lines), "noted": collector.noted,
            "dropped": collector.dropped, "age": collector._now() - collector.started}


def restore(game: Game, session: Session, state: dict[str, Any] | None) -> None:
    """Make a saved paste again in the new process: it goes on where it was; a kind this code
    cannot make is dropped with one message, the rest of it swallowed."""
    if not state:
        return
    make = _KINDS.get(state.get("kind", ""))
    params = tuple(state.get("params", ()))
    collector = make(game, session, params) if make is not None and session.character_id is not None else None
    if collector is None:
        collector = LineCollector(0, lambda text: None, session.send, RESTARTED, game=game)
        collector.dropped = RESTARTED
        session.send(RESTARTED + _STILL)
    else:
        collector.started -= float(state.get("age", 0.0))
        collector.noted = bool(state.get("noted"))
        collector.dropped = str(state.get("dropped", ""))
        for line in state.get("lines", ()):
            if collector.dropped:
                break
            collector.add(line)
    start_collecting(session, collector)
