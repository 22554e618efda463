"""Events: +event to announce, list, sign up for and cancel a game event, with times in each
player's own time zone, reminders, and an iCal feed (docs/player-guide.md, "Events").

An event is one document (kind ``event``, keyed by its number): its title, its start as a UTC
timestamp, a description, who made it and who signed up (with a comment each). A time is typed
and shown in the player's ``+finger timezone`` (game/people.py; UTC when unset), read through
the time zone database (Python's zoneinfo), so daylight saving is that zone's. Those signed up
are reminded at login (an event within a day) and once shortly before it starts
(:func:`remind_soon`, run by the server's sweep). :func:`ical` is the feed (RFC 5545).
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

import attrs

from ..values import frozen
from .documents import Document
from .people import timezone
from .speech import clean, one_line

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["EVENT_KIND", "Event", "EventError", "REMIND_BEFORE", "cancel", "create", "find", "ical", "local_time",
           "login_notice", "parse_local", "remind_soon", "signed_up", "signup", "upcoming", "withdraw", "event_view"]

EVENT_KIND = "event"
#: the longest title, description and sign-up comment
MAX_TITLE, MAX_DESC, MAX_COMMENT = 60, 2000, 100
#: seconds before the start when those signed up are reminded, and how far ahead a login tells of
REMIND_BEFORE, LOGIN_AHEAD = 15 * 60, 24 * 3600
#: how long after its start an event is still listed
LISTED_AFTER = 3 * 3600
#: how a time is typed
TIME_FORMAT = "%Y-%m-%d %H:%M"


class EventError(ValueError):
    """A mistake with events: the message says what to do."""


@frozen
class Event(Document):
    id: int
    title: str
    start: float
    desc: str = ""
    creator_id: int = 0
    creator: str = ""
    #: character id (as text) -> the comment it signed up with
    signups: dict[str, str] = attrs.field(factory=dict)
    cancelled: bool = False
    reminded: bool = False


def _zone(name: str) -> dt.tzinfo:
    from zoneinfo import ZoneInfo

    return ZoneInfo(name)


def parse_local(text: str, zone: str) -> float:
    """``2026-12-05 20:00`` in the time zone ``zone`` -> a UTC timestamp.

    Raises:
        EventError: not that form, or a time the zone skips (clocks going forward).
    """
    try:
        naive = dt.datetime.strptime(text.strip(), TIME_FORMAT)
    except ValueError:
        raise EventError(f"Give the time as YYYY-MM-DD HH:MM in your time zone ({zone}), "
                         "for example 2026-12-05 20:00.") from None
    local = naive.replace(tzinfo=_zone(zone))
    back = dt.datetime.fromtimestamp(local.timestamp(), _zone(zone)).replace(tzinfo=None)
    if back != naive:
        raise EventError(f"{text.strip()} does not exist in {zone} (the clocks go forward then).")
    return local.timestamp()


def local_time(stamp: float, zone: str) -> str:
    """A UTC timestamp as a player in ``zone`` reads it: ``2026-12-05 20:00 EST``."""
    return dt.datetime.fromtimestamp(stamp, _zone(zone)).strftime("%Y-%m-%d %H:%M %Z")


def _save(game: Game, event: Event) -> Event:
    game.store.put(EVENT_KIND, str(event.id), event.to_doc())
    return event


def find(game: Game, ref: str) -> Event:
    ref = ref.strip().lstrip("#")
    doc = game.store.get(EVENT_KIND, ref) if ref.isdigit() else None
    if doc is None:
        raise EventError(f"There is no event '{ref}' (+events lists them).")
    return Event.from_doc(doc)


def upcoming(game: Game) -> list[Event]:
    """Events not cancelled that have not long begun, soonest first."""
    since = game.clock() - LISTED_AFTER
    found = (Event.from_doc(d) for d in game.store.all(EVENT_KIND).values())
    return sorted((e for e in found if not e.cancelled and e.start >= since), key=lambda e: (e.start, e.id))


def create(game: Game, char: Character, title: str, when: str, desc: str) -> Event:
    title = one_line(title, MAX_TITLE + 1)
    if not title or len(title) > MAX_TITLE:
        raise EventError(f"An event needs a title of 1-{MAX_TITLE} characters.")
    desc = clean(desc).strip()
    if len(desc) > MAX_DESC:
        raise EventError(f"An event's description may be at most {MAX_DESC} characters.")
    start = parse_local(when, timezone(char))
    if start <= game.clock():
        raise EventError("That time has passed: give one to come.")
    event = Event(id=game.store.next_id(EVENT_KIND), title=title, start=start, desc=desc,
                  creator_id=char.id, creator=char.name, signups={str(char.id): ""})
    return _save(game, event)


def signup(game: Game, event: Event, char: Character, comment: str) -> Event:
    if event.cancelled:
        raise EventError(f"Event {event.id} was cancelled.")
    comment = one_line(comment, MAX_COMMENT + 1)
    if len(comment) > MAX_COMMENT:
        raise EventError(f"A sign-up comment may be at most {MAX_COMMENT} characters.")
    return _save(game, attrs.evolve(event, signups={**event.signups, str(char.id): comment}))


def withdraw(game: Game, event: Event, char: Character) -> Event:
    if str(char.id) not in event.signups:
        raise EventError(f"You are not signed up for event {event.id}.")
    return _save(game, attrs.evolve(event, signups={k: v for k, v in event.signups.items() if k != str(char.id)}))


def cancel(game: Game, event: Event, char: Character) -> Event:
    if char.id != event.creator_id and not game.is_staff(char):
        raise EventError(f"Only {event.creator} or staff may cancel event {event.id}.")
    if event.cancelled:
        raise EventError(f"Event {event.id} is already cancelled.")
    return _save(game, attrs.evolve(event, cancelled=True))


def signed_up(game: Game, event: Event) -> list[Character]:
    return [game.characters[int(i)] for i in event.signups if int(i) in game.characters]


def _until(seconds: float) -> str:
    minutes = max(0, int(seconds // 60))
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h {minutes:02d}m" if hours else f"{minutes} minutes"


def _reminder(game: Game, event: Event, char: Character) -> str:
    return (f"|y[Event]|n #{event.id} {event.title} starts in {_until(event.start - game.clock())} "
            f"({local_time(event.start, timezone(char))}).")


def login_notice(game: Game, char: Character) -> list[str]:
    """Events ``char`` signed up for that start within a day."""
    now = game.clock()
    return [_reminder(game, e, char) for e in upcoming(game)
            if str(char.id) in e.signups and now <= e.start <= now + LOGIN_AHEAD]


def remind_soon(game: Game) -> int:
    """Tell those signed up (connected) of events starting within :data:`REMIND_BEFORE`, once
    per event; returns how many events were reminded of."""
    now = game.clock()
    due = [e for e in upcoming(game) if not e.reminded and now <= e.start <= now + REMIND_BEFORE]
    for event in due:
        _save(game, attrs.evolve(event, reminded=True))
        for char in signed_up(game, event):
            game.msg(char, _reminder(game, event, char))
    return len(due)


# --- the iCal feed (RFC 5545) -----------------------------------------------------------------
def _ical_text(text: str) -> str:
    """RFC 5545 3.3.11: backslash, semicolon, comma and newline escaped."""
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def _fold(line: str) -> list[str]:
    """RFC 5545 3.1: lines longer than 75 octets continue on lines starting with a space."""
    out: list[str] = []
    current = ""
    for char in line:
        if len((current + char).encode("utf-8")) > (75 if not out else 74):
            out.append(current)
            current = ""
        current += char
    out.append(current)
    return [out[0], *(" " + part for part in out[1:])]


def _stamp(seconds: float) -> str:
    return dt.datetime.fromtimestamp(seconds, dt.UTC).strftime("%Y%m%dT%H%M%SZ")


def ical(game: Game, events: list[Event] | None = None, name: str = "") -> str:
    """The upcoming events (or ``events``) as an iCalendar file (RFC 5545) called ``name`` (the
    game's events), lines ended with CRLF."""
    host = "".join(c for c in game.config.name.lower() if c.isalnum()) or "champions-mush"
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//champions-mush//events//EN", "CALSCALE:GREGORIAN",
             f"X-WR-CALNAME:{_ical_text(name or game.config.name + ' events')}"]
    for event in upcoming(game) if events is None else events:
        lines += ["BEGIN:VEVENT", f"UID:event-{event.id}@{host}", f"DTSTAMP:{_stamp(game.clock())}",
                  f"DTSTART:{_stamp(event.start)}", f"SUMMARY:{_ical_text(event.title)}",
                  f"DESCRIPTION:{_ical_text(event.desc)}", "STATUS:CONFIRMED", "END:VEVENT"]
    lines.append("END:VCALENDAR")
    return "".join(part + "\r\n" for line in lines for part in _fold(line))


def event_view(game: Game, event: Event) -> dict[str, Any]:
    """An event as plain values for readers outside the game (the portal)."""
    return {"id": event.id, "title": event.title, "start": event.start, "desc": event.desc,
            "creator": event.creator, "signups": [c.name for c in signed_up(game, event)],
            "cancelled": event.cancelled}
