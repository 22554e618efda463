"""The combat tracker: +combat/start, /join, /next, /hold, /abort, /status, /end.

Staff start, step and end a fight (``/start``, ``/next``, ``/end``); players join, hold and
abort for themselves, staff for anyone (NPCs included). The state and its rules of play live in
:mod:`champions_mush.game.combat`; it is kept in the store and survives a restart.
"""

from __future__ import annotations

import attrs

from ..game import combat as fights
from ..game.sheets import get_sheet
from ..text.format import table
from .base import Command, CommandError, ParsedCommand, Role
from .context import Context
from .dice import find_target, require_champions

__all__ = ["COMMANDS"]

_TAG = "|r[Combat]|n"
_STAFF_SWITCHES = ("start", "next", "end")
_USAGE = "Usage: +combat/start, /join [name], /leave [name], /next, /hold [name], /abort [name], /status, /end"


def _fight(ctx: Context) -> fights.Fight:
    fight = fights.get_fight(ctx.game, ctx.actor.location)
    if fight is None:
        raise CommandError("There is no fight here. Staff start one with +combat/start.")
    return fight


def _who(ctx: Context, parsed: ParsedCommand):  # noqa: ANN202
    """The character named (staff may name anyone; players only themselves), or the actor."""
    if not parsed.args.strip():
        return ctx.actor
    char = find_target(ctx, parsed.args)
    if char.id != ctx.actor.id and not ctx.is_staff:
        raise CommandError("Only staff can do that for someone else.")
    return char


def cmd_combat(ctx: Context, parsed: ParsedCommand) -> None:
    """+combat/<switch>: run the fight in this room."""
    require_champions(ctx)
    switches = [s for s in parsed.switches]
    if len(switches) != 1:
        raise CommandError(_USAGE)
    switch = switches[0]
    _HANDLERS[switch](ctx, parsed)


def _start(ctx: Context, parsed: ParsedCommand) -> None:
    if fights.get_fight(ctx.game, ctx.actor.location) is not None:
        raise CommandError("A fight is already running here (+combat/status, or +combat/end it).")
    fight = fights.Fight(room=ctx.actor.location, gm=ctx.actor.name)
    fights.save_fight(ctx.game, fight)
    ctx.emit_room(f"{_TAG} {ctx.actor.name} starts a fight here. Join it with +combat/join; "
                  "it begins in Segment 12 at the first +combat/next.")


def _join(ctx: Context, parsed: ParsedCommand) -> None:
    fight = _fight(ctx)
    char = _who(ctx, parsed)
    if char.location != fight.room:
        raise CommandError(f"{char.name} is not here.")
    if fight.fighter(char.id) is not None:
        raise CommandError(f"{char.name} is already in the fight.")
    sheet = get_sheet(ctx.game, char)
    fights.save_fight(ctx.game, fight.with_fighter(fights.Fighter(char.id, char.name)))
    phases = " ".join(map(str, fights.phases_of(sheet)))
    ctx.emit_room(f"{_TAG} {char.name} joins the fight (DEX {sheet.base('DEX')}, SPD {sheet.base('SPD')}: "
                  f"Segments {phases}).")


def _leave(ctx: Context, parsed: ParsedCommand) -> None:
    fight = _fight(ctx)
    char = _who(ctx, parsed)
    if fight.fighter(char.id) is None:
        raise CommandError(f"{char.name} is not in the fight.")
    fights.save_fight(ctx.game, fight.without(char.id))
    ctx.emit_room(f"{_TAG} {char.name} leaves the fight.")


def _next(ctx: Context, parsed: ParsedCommand) -> None:
    fight = _fight(ctx)
    if not fight.fighters:
        raise CommandError("Nobody has joined the fight yet (+combat/join <name>).")
    fight, step = fights.advance(ctx.game, fight, ctx.roller)
    lines = []
    if step.post_segment_12:
        lines.append(f"{_TAG} |hPost-Segment 12|n of Turn {step.turn - 1}:")
        lines.extend(f"  {line}" for line in step.post_segment_12)
    lines.append(f"{_TAG} |hTurn {step.turn}, Segment {step.segment}|n" +
                 (": in DEX order" if step.phases else ": nobody has a Phase"))
    lines.extend(f"  {line}" for line in step.phases)
    if step.holding:
        lines.append(f"  Holding an action: {', '.join(step.holding)}.")
    ctx.emit_room("\n".join(lines))


def _hold(ctx: Context, parsed: ParsedCommand) -> None:
    fight = _fight(ctx)
    char = _who(ctx, parsed)
    fighter = _in_fight(fight, char)
    if fighter.holding:
        raise CommandError(f"{char.name} is already holding an action.")
    fights.save_fight(ctx.game, fight.with_fighter(attrs.evolve(fighter, holding=True)))
    ctx.emit_room(f"{_TAG} {char.name} holds their action (it may be used later, until their next Phase).")


def _in_fight(fight: fights.Fight, char) -> fights.Fighter:  # noqa: ANN001 - a Character
    fighter = fight.fighter(char.id)
    if fighter is None:
        raise CommandError(f"{char.name} is not in the fight.")
    return fighter


def _act(ctx: Context, parsed: ParsedCommand) -> None:
    fight = _fight(ctx)
    char = _who(ctx, parsed)
    fighter = fight.fighter(char.id)
    if fighter is None or not fighter.holding:
        raise CommandError(f"{char.name} is not holding an action.")
    fights.save_fight(ctx.game, fight.with_fighter(attrs.evolve(fighter, holding=False)))
    ctx.emit_room(f"{_TAG} {char.name} acts on a held action in Segment {fight.segment}.")


def _abort(ctx: Context, parsed: ParsedCommand) -> None:
    fight = _fight(ctx)
    char = _who(ctx, parsed)
    fighter = _in_fight(fight, char)
    if fighter.aborted:
        raise CommandError(f"{char.name} has already aborted their next Phase.")
    fights.save_fight(ctx.game, fight.with_fighter(attrs.evolve(fighter, aborted=True, holding=False)))
    ctx.emit_room(f"{_TAG} {char.name} aborts to a defensive action and loses their next Phase.")


def _status(ctx: Context, parsed: ParsedCommand) -> None:
    fight = _fight(ctx)
    when = "not begun (starts in Segment 12)" if fight.segment == 0 else f"Turn {fight.turn}, Segment {fight.segment}"
    rows = []
    for fighter in sorted(fight.fighters, key=lambda f: -get_sheet(ctx.game, ctx.game.characters[f.char_id]).base("DEX")
                          if f.char_id in ctx.game.characters else 0):
        char = ctx.game.characters.get(fighter.char_id)
        if char is None:
            continue
        sheet = get_sheet(ctx.game, char)
        flags = sheet.conditions() + (["holding"] if fighter.holding else []) + (["aborted"] if fighter.aborted else [])
        rows.append((char.name, str(sheet.base("DEX")), str(sheet.base("SPD")),
                     f"{sheet.current_stun}/{sheet.max_stun}", f"{sheet.current_body}/{sheet.max_body}",
                     f"{sheet.current_end}/{sheet.max_end}", ", ".join(flags) or "-"))
    text = f"{_TAG} Fight run by {fight.gm}: {when}.\n"
    text += table(rows, ctx.width, headers=("Name", "DEX", "SPD", "STUN", "BODY", "END", "Conditions")) if rows \
        else "Nobody has joined yet."
    ctx.reply(text)


def _end(ctx: Context, parsed: ParsedCommand) -> None:
    _fight(ctx)
    fights.end_fight(ctx.game, ctx.actor.location)
    ctx.emit_room(f"{_TAG} {ctx.actor.name} ends the fight.")


_HANDLERS = {
    "start": _start, "join": _join, "leave": _leave, "next": _next, "hold": _hold, "act": _act,
    "abort": _abort, "status": _status, "end": _end,
}

COMMANDS = (
    Command("+combat", cmd_combat, switches=tuple(_HANDLERS),
            switch_roles={s: Role.STAFF for s in _STAFF_SWITCHES}, summary="the combat tracker"),
)
