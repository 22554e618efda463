"""+places, +place/join, +place/leave and tt (table talk): places in a large room (the model is
game/places.py; docs/player-guide.md, "Places")."""

from __future__ import annotations

from ..game import places, speech
from ..game.identities import shown_name
from ..game.places import PlaceError
from .base import Command, CommandError, ParsedCommand, Role, Subcommand, UsageError, telling
from .context import Context

__all__ = ["COMMANDS"]

_run = telling(PlaceError)


def cmd_places(ctx: Context, parsed: ParsedCommand) -> None:
    found = places.places(ctx.game, ctx.room)
    if not found:
        ctx.reply("There are no places here.")
        return
    mine = places.place_of(ctx.game, ctx.actor)
    lines = [f"Places in {ctx.room.name}:"]
    for place, (name, names) in zip(found, places.summary(ctx.game, ctx.room, ctx.actor)):
        mark = "*" if name == mine else " "
        lines.append(f"{mark} {name}: {names}" + (f"  ({place['desc']})" if place["desc"] else ""))
    ctx.reply("\n".join(lines))


def _join(ctx: Context, parsed: ParsedCommand) -> None:
    if not parsed.args.strip():
        raise UsageError()
    before = places.place_of(ctx.game, ctx.actor)
    place = _run(lambda: places.join(ctx.game, ctx.actor, parsed.args))
    name = shown_name(ctx.game, ctx.actor)
    moved = f" from the {before}" if before else ""
    ctx.game.msg_room(ctx.actor.location, f"{name} moves{moved} to the {place['name']}.", exclude=(ctx.actor,),
                      speaker=ctx.actor)
    ctx.reply(f"You join the {place['name']}." + (f" {place['desc']}" if place["desc"] else ""))


def _leave(ctx: Context, parsed: ParsedCommand) -> None:
    name = _run(lambda: places.leave(ctx.game, ctx.actor))
    ctx.game.msg_room(ctx.actor.location, f"{shown_name(ctx.game, ctx.actor)} leaves the {name}.",
                      exclude=(ctx.actor,), speaker=ctx.actor)
    ctx.reply(f"You leave the {name}.")


def _create(ctx: Context, parsed: ParsedCommand) -> None:
    if parsed.rhs is None and not parsed.args.strip():
        raise UsageError()
    place = _run(lambda: places.add_place(ctx.game, ctx.room, parsed.lhs, parsed.rhs or ""))
    ctx.reply(f"Place made here: {place['name']}.")


def _destroy(ctx: Context, parsed: ParsedCommand) -> None:
    place = _run(lambda: places.remove_place(ctx.game, ctx.room, parsed.args))
    ctx.reply(f"Place removed: {place['name']}.")


def cmd_place(ctx: Context, parsed: ParsedCommand) -> None:
    if parsed.args.strip():
        _join(ctx, parsed)
    else:
        cmd_places(ctx, parsed)


def cmd_tt(ctx: Context, parsed: ParsedCommand) -> None:
    """Table talk: ``tt <message>``, ``tt :<pose>`` or ``tt ;<pose>`` to one's place alone."""
    game, actor = ctx.game, ctx.actor
    where = places.place_of(game, actor)
    if where is None:
        raise CommandError("You are not at any place here: +place <name> joins one (+places lists them).")
    message = speech.clean(parsed.args, keep_leading_space=True)
    if not message.strip():
        raise UsageError()
    at = places.seated(game, ctx.room, where)
    for char in at:
        name = shown_name(game, actor, char) if char.id != actor.id else shown_name(game, actor)
        if message.startswith(":"):
            line = f"{name} {message[1:].lstrip()}"
        elif message.startswith(";"):
            line = f"{name}{message[1:]}"
        elif char.id == actor.id:
            line = f'You say, "{message.strip()}"'
        else:
            line = f'{name} says, "{message.strip()}"'
        game.msg(char, f"|c(At the {where})|n {line}")


COMMANDS = (
    Command("+places", cmd_places, summary="The places in this room and who is at each."),
    Command("+place", cmd_place, help="+places", summary="Join a place in the room (a table, a corner).",
            subcommands={"join": _join, "leave": _leave, "create": Subcommand(_create, Role.STAFF),
                         "destroy": Subcommand(_destroy, Role.STAFF)}),
    Command("tt", cmd_tt, aliases=("+tt",), help="+places", summary="Talk to the people at your place only."),
)
