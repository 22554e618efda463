"""Building, for staff: @dig, @open, @describe, @destroy, @teleport (MUX syntax).

    @dig Rooftop=Up;u,Down;d     a room, an exit to it from here and one back
    @open North;n=#12            an exit from here to room #12 (or a room by name)
"""

from __future__ import annotations

from ..game.objects import Exit, Room
from ..text.numbers import is_number
from .base import Command, CommandError, ParsedCommand, Role, UsageError
from .context import Context
from .social import look_text, move_to

__all__ = ["COMMANDS", "find_room"]

MAX_ROOM_NAME = 60
MAX_DESC = 8000


def find_room(ctx: Context, text: str) -> Room:
    """``here``, ``#12`` or a room's exact name (any case)."""
    text = text.strip()
    if text.lower() == "here":
        return ctx.room
    if text.startswith("#") and is_number(text[1:]):
        room = ctx.game.rooms.get(int(text[1:]))
        if room is None:
            raise CommandError(f"There is no room {text}.")
        return room
    found = [r for r in ctx.game.rooms.values() if r.name.lower() == text.lower()]
    if len(found) != 1:
        raise CommandError(f"No single room is called '{text}': use its #number.")
    return found[0]


def _exit_spec(text: str) -> tuple[str, tuple[str, ...]]:
    """``North;n;no`` -> (``North``, (``n``, ``no``))."""
    name, *aliases = [part.strip() for part in text.split(";")]
    if not name or len(name) > MAX_ROOM_NAME or any(not a for a in aliases):
        raise CommandError(f"An exit is written Name;alias;alias (name 1-{MAX_ROOM_NAME} characters).")
    return name, tuple(aliases)


def _add_exit(ctx: Context, room: Room, spec: str, dest: int) -> Exit:
    name, aliases = _exit_spec(spec)
    for word in (name, *aliases):
        if room.find_exit(word) is not None:
            raise CommandError(f"{room.name} already has an exit called '{word}'.")
    exit_ = Exit(name=name, dest=dest, aliases=aliases)
    room.exits.append(exit_)
    ctx.game.save_room(room)
    return exit_


def cmd_dig(ctx: Context, parsed: ParsedCommand) -> None:
    name = parsed.lhs.strip()
    if not name:
        raise UsageError()
    if len(name) > MAX_ROOM_NAME:
        raise CommandError(f"A room name is at most {MAX_ROOM_NAME} characters.")
    out_spec, _, back_spec = (parsed.rhs or "").partition(",")
    here = ctx.room
    if out_spec.strip():
        out_name, out_aliases = _exit_spec(out_spec)  # checked before anything is made
        for word in (out_name, *out_aliases):
            if here.find_exit(word):
                raise CommandError(f"{here.name} already has an exit called '{word}'.")
    if back_spec.strip():
        _exit_spec(back_spec)
    room_id = ctx.game.new_room(name)
    lines = [f"{name} dug as #{room_id}."]
    if out_spec.strip():
        exit_ = _add_exit(ctx, here, out_spec, room_id)
        lines.append(f"Exit {exit_.name} opened from {here.name} to {name}.")
    if back_spec.strip():
        exit_ = _add_exit(ctx, ctx.game.rooms[room_id], back_spec, here.id)
        lines.append(f"Exit {exit_.name} opened from {name} back to {here.name}.")
    ctx.reply("\n".join(lines))


def cmd_open(ctx: Context, parsed: ParsedCommand) -> None:
    if parsed.rhs is None or not parsed.lhs.strip() or not parsed.rhs.strip():
        raise UsageError()
    dest = find_room(ctx, parsed.rhs)
    exit_ = _add_exit(ctx, ctx.room, parsed.lhs, dest.id)
    ctx.reply(f"Exit {exit_.name} opened from {ctx.room.name} to {dest.name} (#{dest.id}).")


def cmd_describe(ctx: Context, parsed: ParsedCommand) -> None:
    if parsed.rhs is None or not parsed.lhs.strip():
        raise UsageError()
    if len(parsed.rhs) > MAX_DESC:
        raise CommandError(f"Descriptions may be at most {MAX_DESC} characters.")
    target = parsed.lhs.strip()
    game = ctx.game
    char = ctx.actor if target.lower() == "me" else game.find_character(target)
    if char is not None:
        char.desc = parsed.rhs
        game.save_character(char)
        ctx.reply(f"Description of {char.name} set.")
        return
    room = find_room(ctx, target)
    room.desc = parsed.rhs
    game.save_room(room)
    ctx.reply(f"Description of {room.name} (#{room.id}) set.")


def cmd_destroy(ctx: Context, parsed: ParsedCommand) -> None:
    target = parsed.args.strip()
    if not target:
        raise UsageError()
    game, here = ctx.game, ctx.room
    exit_ = here.find_exit(target) if not target.startswith("#") else None
    if exit_ is not None:
        here.exits.remove(exit_)
        game.save_room(here)
        ctx.reply(f"Exit {exit_.name} destroyed.")
        return
    room = find_room(ctx, target)
    if room.id == game.start_room:
        raise CommandError("The starting room cannot be destroyed.")
    for char in game.characters_in(room.id):
        game.move_character(char, game.start_room)
        game.msg(char, "The room around you vanishes; you find yourself back at the start.")
    for other in game.rooms.values():
        kept = [e for e in other.exits if e.dest != room.id]
        if len(kept) != len(other.exits):
            other.exits = kept
            game.save_room(other)
    for char in game.characters.values():
        if char.home == room.id:
            char.home = game.start_room
            game.save_character(char)
    game.delete_room(room)
    ctx.reply(f"{room.name} (#{room.id}) destroyed, with every exit leading to it.")


def cmd_teleport(ctx: Context, parsed: ParsedCommand) -> None:
    if parsed.rhs is None:
        who, where = ctx.actor, parsed.args
    else:
        named = ctx.game.match_character(parsed.lhs)
        where = parsed.rhs
        if named is None:
            raise CommandError(f"No character called '{parsed.lhs.strip()}'.")
        who = named
    if not where.strip():
        raise UsageError()
    dest = find_room(ctx, where)
    if who.id == ctx.actor.id:
        move_to(ctx, dest.id, f"{who.name} vanishes.", f"{who.name} appears.")
        return
    old = who.location
    ctx.game.move_character(who, dest.id)
    ctx.game.msg_room(old, f"{who.name} vanishes.", exclude=(who,))
    ctx.game.msg_room(dest.id, f"{who.name} appears.", exclude=(who,))
    for session in ctx.game.sessions_of(who):
        session.send(look_text(ctx.game, who, dest, session.width))
    ctx.reply(f"{who.name} teleported to {dest.name} (#{dest.id}).")


COMMANDS = (
    Command("@dig", cmd_dig, role=Role.STAFF, summary="Make a room (and exits to and from it)."),
    Command("@open", cmd_open, role=Role.STAFF, summary="Open an exit from here."),
    Command("@describe", cmd_describe, role=Role.STAFF, summary="Describe a room or character."),
    Command("@destroy", cmd_destroy, role=Role.STAFF, summary="Destroy an exit or a room."),
    Command("@teleport", cmd_teleport, aliases=("@tel",), role=Role.STAFF, summary="Move yourself or someone to a room."),
)
