"""+finger, +where and +staff: who someone is, where people are, which staff are about
(the model is game/people.py)."""

from __future__ import annotations

from functools import partial

from ..game import people
from ..game.identities import find_shown, shown_name
from ..game.objects import Character
from ..game.people import FINGER_FIELDS, PeopleError
from ..text.format import cell, fit_rule, when, wrap
from .base import Command, CommandError, ParsedCommand, Role, Subcommand, UsageError, telling
from .context import Context
from .login import format_idle

__all__ = ["COMMANDS"]


_run = telling(PeopleError)


def _last_on(ctx: Context, char: Character) -> str:
    idle = people.idle_seconds(ctx.game, char)
    if idle is not None:
        return f"connected now, idle {format_idle(idle)}"
    return when(char.last_login) if char.last_login else "never"


def _finger_set(ctx: Context, parsed: ParsedCommand) -> None:
    rhs = parsed.rhs
    if rhs is None:
        raise UsageError(note=f"fields: {', '.join(FINGER_FIELDS)}")
    key = _run(lambda: people.set_field(ctx.game, ctx.actor, parsed.lhs, rhs))
    label = FINGER_FIELDS[key][0]
    ctx.reply(f"{label} set." if key in people.finger(ctx.actor) else f"{label} cleared.")


def cmd_finger(ctx: Context, parsed: ParsedCommand) -> None:
    name = parsed.args.strip()
    char = ctx.actor if not name or name.lower() == "me" else (
        find_shown(ctx.game, name, ctx.game.connected_characters()) or ctx.game.match_character(name))
    if char is None or char.npc:
        raise CommandError(f"There is no player called '{name}'.")
    fields = people.finger(char)
    lines = [fit_rule(f"---- {shown_name(ctx.game, char, ctx.actor)} ----", ctx.width)]
    for key, (label, _) in FINGER_FIELDS.items():
        if key in fields:
            lines.append(wrap(f"|h{label + ':':<16}|n{fields[key]}", ctx.width))
    if ctx.game.is_staff(char):
        lines.append(f"|h{'Staff:':<16}|n{Role(char.role).name.lower()}")
    lines.append(f"|h{'Last on:':<16}|n{_last_on(ctx, char)}")
    if len(lines) == 2 and char.id == ctx.actor.id:
        lines.append(f"Set your details with +finger/set <field>=<text> ({', '.join(FINGER_FIELDS)}).")
    lines.append(fit_rule("-" * 8, ctx.width))
    ctx.reply("\n".join(lines))


def _findable(ctx: Context, parsed: ParsedCommand, hide: bool) -> None:
    """+where/hide and +where/show."""
    people.set_unfindable(ctx.game, ctx.actor, hide)
    ctx.reply("You are hidden from +where (staff still see you)." if hide else "+where shows you again.")


def cmd_where(ctx: Context, parsed: ParsedCommand) -> None:
    staff = ctx.is_staff
    rooms: dict[int, list[str]] = {}
    hidden = 0
    for char in ctx.game.connected_characters():
        if people.is_unfindable(char) and char.id != ctx.actor.id and not staff:
            hidden += 1
            continue
        mark = " (hidden)" if people.is_unfindable(char) else ""
        rooms.setdefault(char.location, []).append(shown_name(ctx.game, char, ctx.actor) + mark)
    lines = [f"|h{'Where':<28}Who|n"]
    for room_id, names in sorted(rooms.items(), key=lambda item: ctx.game.rooms[item[0]].name.lower()
                                 if item[0] in ctx.game.rooms else ""):
        room = ctx.game.rooms.get(room_id)
        label = (room.name if room else "Nowhere") + (f" (#{room_id})" if staff else "")
        lines.append(f"{cell(label, 28, 27)}{', '.join(sorted(names, key=str.lower))}")
    if hidden:
        lines.append(f"{hidden} more {'is' if hidden == 1 else 'are'} unfindable.")
    ctx.reply("\n".join(lines))


def _duty(ctx: Context, parsed: ParsedCommand) -> None:
    choice = parsed.args.strip().lower()
    if choice not in ("on", "off"):
        state = "on" if people.on_duty(ctx.actor) else "off"
        raise UsageError(note=f"you are {state} duty now")
    people.set_duty(ctx.game, ctx.actor, choice == "on")
    ctx.reply(f"You are {choice} duty.")


def cmd_staff(ctx: Context, parsed: ParsedCommand) -> None:
    staff = sorted((c for c in ctx.game.characters.values() if ctx.game.is_staff(c) and not c.npc),
                   key=lambda c: (-c.role, c.name.lower()))
    if not staff:
        ctx.reply("This game has no staff yet.")
        return
    lines = [f"|h{'Name':<22}{'Role':<8}Status|n"]
    for char in staff:
        idle = people.idle_seconds(ctx.game, char)
        if idle is None:
            status = f"offline, last on {when(char.last_login)}" if char.last_login else "offline"
        else:
            status = ("|gon duty|n" if people.on_duty(char) else "off duty") + f", idle {format_idle(idle)}"
        lines.append(f"{char.name:<22}{Role(char.role).name.lower():<8}{status}")
    lines.append("Staff on duty answer questions and +request jobs.")
    ctx.reply("\n".join(lines))


COMMANDS = (
    Command("+finger", cmd_finger, aliases=("finger",), subcommands={"set": _finger_set},
            summary="Who someone is: their details, last on, idle."),
    Command("+where", cmd_where, summary="Who is where.",
            subcommands={"hide": partial(_findable, hide=True), "show": partial(_findable, hide=False)}),
    Command("+staff", cmd_staff, subcommands={"duty": Subcommand(_duty, Role.STAFF)},
            summary="The staff, and who is on duty."),
)
