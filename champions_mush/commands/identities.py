"""+identity and +outfit: secret identities and the outfits of each (the model is
game/identities.py; docs/player-guide.md, "Secret identities")."""

from __future__ import annotations

from ..game import gmcp, identities
from ..game.identities import IdentityError
from .base import Command, CommandError, ParsedCommand, UsageError, telling
from .context import Context

__all__ = ["COMMANDS"]

_run = telling(IdentityError)


def cmd_identity(ctx: Context, parsed: ParsedCommand) -> None:
    """+identity lists; +identity <name> switches (the character's own name: be oneself)."""
    game, actor = ctx.game, ctx.actor
    name = parsed.args.strip()
    if name:
        here = game.is_connected(actor)
        if here:  # GMCP room panels: the old name leaves, the new one arrives
            gmcp.player_left(game, actor, actor.location)
        try:
            worn = _run(lambda: identities.switch(game, actor, name))
        finally:
            if here:
                gmcp.player_arrived(game, actor)
        ctx.reply(f"You are now seen as {worn['name']}." if worn else f"You are now seen as yourself, {actor.name}.")
        return
    worn = identities.current(actor)
    lines = [f"You are seen as {worn['name'] if worn else actor.name}."]
    names = [r["name"] for r in identities.identities(actor).values()]
    lines.append(f"Your identities: {', '.join([actor.name, *names])}." if names
                 else "You have no other identities: +identity/add <name> makes one.")
    ctx.reply("\n".join(lines))


def _add(ctx: Context, parsed: ParsedCommand) -> None:
    if not parsed.args.strip():
        raise UsageError()
    made = _run(lambda: identities.add_identity(ctx.game, ctx.actor, parsed.args))
    ctx.reply(f"Identity {made['name']} made. +identity {made['name']} puts it on; then @desc me=... and "
              "+finger/set describe it.")


def _remove(ctx: Context, parsed: ParsedCommand) -> None:
    gone = _run(lambda: identities.remove_identity(ctx.game, ctx.actor, parsed.args))
    ctx.reply(f"Identity {gone} removed.")


def cmd_outfit(ctx: Context, parsed: ParsedCommand) -> None:
    """+outfit lists the worn identity's outfits; +outfit <name> puts one on."""
    name = parsed.args.strip()
    if name:
        worn = _run(lambda: identities.wear_outfit(ctx.game, ctx.actor, name))
        ctx.reply(f"You put on your {worn} outfit.")
        return
    found = sorted(identities.outfits(ctx.actor), key=str.lower)
    if not found:
        raise CommandError("You have no outfits for this identity: +outfit/save <name> keeps your description as one.")
    ctx.reply(f"Outfits: {', '.join(found)}.")


def _save(ctx: Context, parsed: ParsedCommand) -> None:
    name = _run(lambda: identities.save_outfit(ctx.game, ctx.actor, parsed.args))
    ctx.reply(f"Your description is kept as the outfit {name}.")


COMMANDS = (
    Command("+identity", cmd_identity, aliases=("+id",), subcommands={"add": _add, "remove": _remove},
            summary="Switch between your hero's identities (names and descriptions)."),
    Command("+outfit", cmd_outfit, help="+identity", subcommands={"save": _save},
            summary="Put on a saved description (an outfit) of the identity you wear."),
)
