"""+event and +events: game events in each player's time zone, sign-ups, reminders and the iCal
feed (the model is game/events.py; docs/player-guide.md, "Events")."""

from __future__ import annotations

from ..game import events
from ..game.events import Event, EventError
from ..game.people import timezone
from ..text.format import wrap
from .base import Command, ParsedCommand, UsageError, telling
from .context import Context

__all__ = ["COMMANDS"]

_run = telling(EventError)


def _event(ctx: Context, ref: str) -> Event:
    if not ref.strip():
        raise UsageError()
    return _run(lambda: events.find(ctx.game, ref))


def cmd_events(ctx: Context, parsed: ParsedCommand) -> None:
    zone = timezone(ctx.actor)
    found = events.upcoming(ctx.game)
    if not found:
        ctx.reply("No events are coming up. +event/create <title>=<YYYY-MM-DD HH:MM>/<description> announces one.")
        return
    lines = [f"Events (times in {zone}; +finger/set timezone=<zone> changes it):"]
    for event in found:
        mine = "*" if str(ctx.actor.id) in event.signups else " "
        lines.append(f"{mine}{event.id:>3}  {events.local_time(event.start, zone):<24}{event.title}"
                     f"  ({len(event.signups)} signed up)")
    ctx.reply("\n".join(lines))


def cmd_event(ctx: Context, parsed: ParsedCommand) -> None:
    """+event <number>: one event in full."""
    if not parsed.args.strip():
        cmd_events(ctx, parsed)
        return
    event = _event(ctx, parsed.args)
    zone = timezone(ctx.actor)
    lines = [f"Event {event.id}: {event.title}" + (" (CANCELLED)" if event.cancelled else ""),
             f"When: {events.local_time(event.start, zone)} ({events.local_time(event.start, 'UTC')})",
             f"By:   {event.creator}"]
    if event.desc:
        lines.append(wrap(event.desc, ctx.width))
    people = [(c.name, event.signups.get(str(c.id), "")) for c in events.signed_up(ctx.game, event)]
    lines.append(f"Signed up ({len(people)}):")
    lines += [f"  {name}" + (f": {comment}" if comment else "") for name, comment in people]
    ctx.reply("\n".join(lines))


def _create(ctx: Context, parsed: ParsedCommand) -> None:
    when, _slash, desc = (parsed.rhs or "").partition("/")
    if parsed.rhs is None or not parsed.lhs.strip() or not when.strip():
        raise UsageError()
    event = _run(lambda: events.create(ctx.game, ctx.actor, parsed.lhs, when, desc))
    ctx.reply(f"Event {event.id} made: {event.title}, {events.local_time(event.start, timezone(ctx.actor))}. "
              "You are signed up.")
    _write_feed(ctx)


def _signup(ctx: Context, parsed: ParsedCommand) -> None:
    event = _event(ctx, parsed.lhs)
    event = _run(lambda: events.signup(ctx.game, event, ctx.actor, parsed.rhs or ""))
    ctx.reply(f"You are signed up for event {event.id}: {event.title}.")


def _withdraw(ctx: Context, parsed: ParsedCommand) -> None:
    event = _event(ctx, parsed.args)
    _run(lambda: events.withdraw(ctx.game, event, ctx.actor))
    ctx.reply(f"You are no longer signed up for event {event.id}.")


def _cancel(ctx: Context, parsed: ParsedCommand) -> None:
    event = _event(ctx, parsed.args)
    event = _run(lambda: events.cancel(ctx.game, event, ctx.actor))
    for char in events.signed_up(ctx.game, event):
        if char.id != ctx.actor.id:
            ctx.game.msg(char, f"|y[Event]|n {ctx.actor.name} cancelled event {event.id}: {event.title}.")
    ctx.reply(f"Event {event.id} cancelled; those signed up were told.")
    _write_feed(ctx)


def _ical(ctx: Context, parsed: ParsedCommand) -> None:
    where = _feed_path(ctx)
    text = events.ical(ctx.game).replace("\r\n", "\n").rstrip("\n")
    ctx.reply(text + (f"\n(The game keeps this feed in {where.name} in its data directory.)" if where else ""))


def _feed_path(ctx: Context):  # a Path or None
    return None if ctx.game.data_dir is None else ctx.game.data_dir / "events.ics"


def _write_feed(ctx: Context) -> None:
    """Keep the feed file beside the game's data for a web server to offer (docs/admin-guide.md)."""
    where = _feed_path(ctx)
    if where is None:
        return
    try:
        tmp = where.with_suffix(".ics.tmp")
        tmp.write_text(events.ical(ctx.game), encoding="utf-8", newline="")
        tmp.replace(where)
    except OSError:
        pass  # the feed is a copy: +event/ical still shows it


COMMANDS = (
    Command("+events", cmd_events, summary="Coming events, in your time zone."),
    Command("+event", cmd_event, help="+events",
            subcommands={"create": _create, "signup": _signup, "withdraw": _withdraw, "cancel": _cancel,
                         "ical": _ical},
            summary="One event; announce, sign up for, cancel events; the iCal feed."),
)
