"""Channels the MUX way: addcom, delcom, comlist, @clist, @ccreate, and ``<alias> <message>``.

An alias is tried only after every real command (it is a dispatcher fallback), so an alias can
never swallow a command.
"""

from __future__ import annotations

from ..game import speech
from ..game.channels import ChannelError, Channels
from ..text.format import cell
from ..text.numbers import is_number
from .base import Command, CommandError, ParsedCommand, Role, UsageError, telling
from .context import Context
from .dispatch import permit

__all__ = ["COMMANDS", "FALLBACKS"]


def _channels(ctx: Context) -> Channels:
    return Channels.of(ctx.game)


_run = telling(ChannelError)


def cmd_addcom(ctx: Context, parsed: ParsedCommand) -> None:
    rhs = parsed.rhs
    if rhs is None or not parsed.lhs or not rhs:
        raise UsageError()
    wanted = _channels(ctx).find(rhs)
    if wanted is not None and wanted.staff_only and not permit(ctx, Role.STAFF):
        raise CommandError(f"Only staff may join {wanted.name}.")
    channel = _run(lambda: _channels(ctx).add_alias(ctx.actor, parsed.lhs.strip(), rhs.strip()))
    ctx.reply(f"Channel {channel.name} added with alias '{parsed.lhs.strip().lower()}'.")


def cmd_delcom(ctx: Context, parsed: ParsedCommand) -> None:
    alias = parsed.args.strip()
    if not alias:
        raise UsageError()
    name = _run(lambda: _channels(ctx).remove_alias(ctx.actor, alias))
    ctx.reply(f"Alias '{alias.lower()}' for channel {name} removed.")


def cmd_comlist(ctx: Context, parsed: ParsedCommand) -> None:
    aliases = _channels(ctx).aliases(ctx.actor)
    if not aliases:
        ctx.reply("You have no channel aliases. Type @clist for channels, addcom <alias>=<channel> to join.")
        return
    lines = [f"|h{'Alias':<12}{'Channel':<22}Status|n"]
    for alias, entry in sorted(aliases.items()):
        channel = _channels(ctx).bound(entry)
        usable = channel is not None and _channels(ctx).may_join(ctx.actor, channel)
        status = ("on" if entry.get("on", True) else "off") if usable else "staff only"
        lines.append(f"{alias:<12}{cell(entry['channel'], 22)}{status}")
    ctx.reply("\n".join(lines))


def cmd_clist(ctx: Context, parsed: ParsedCommand) -> None:
    channels = _channels(ctx)
    visible = [c for c in channels.channels.values() if channels.may_join(ctx.actor, c)]
    lines = [f"|h{'Channel':<22}{'Users':>5}  Description|n"]
    for channel in sorted(visible, key=lambda c: c.name.lower()):
        flag = " (staff)" if channel.staff_only else ""
        lines.append(f"{cell(channel.name, 22)}{len(channels.listeners(channel)):>5}  {channel.desc}{flag}")
    lines.append(f"{len(visible)} channel{'s' if len(visible) != 1 else ''}.")
    ctx.reply("\n".join(lines))


def cmd_ccreate(ctx: Context, parsed: ParsedCommand) -> None:
    name = parsed.lhs.strip()
    if not name:
        raise UsageError()
    channel = _run(lambda: _channels(ctx).create(name, (parsed.rhs or "").strip(), "staff" in parsed.switches))
    ctx.reply(f"Channel {channel.name} created{' (staff only)' if channel.staff_only else ''}.")


def cmd_cdestroy(ctx: Context, parsed: ParsedCommand) -> None:
    name = parsed.args.strip()
    if not name:
        raise UsageError()
    channel = _run(lambda: _channels(ctx).destroy(name))
    ctx.reply(f"Channel {channel.name} destroyed.")


def channel_alias(ctx: Context, parsed: ParsedCommand) -> bool:
    """Fallback: ``<alias> <message>`` or ``<alias> who|on|off|last [N]``."""
    channels = _channels(ctx)
    found = channels.alias_of(ctx.actor, parsed.name)
    if found is None:
        return False
    channel, on = found
    _run(lambda: channels.check_use(ctx.actor, channel))  # roles change: asked on every use
    alias = parsed.name
    text = speech.clean(parsed.args)  # as others will see it (game/speech.py)
    word, _, rest = text.partition(" ")
    word = word.lower()
    if word == "on" and not rest:
        _run(lambda: channels.set_on(ctx.actor, alias, True))
        channels.broadcast(channel, f"|c[{channel.name}]|n {ctx.actor.name} has joined this channel.")
    elif word == "off" and not rest:
        _run(lambda: channels.set_on(ctx.actor, alias, False))
        ctx.reply(f"You leave channel {channel.name}.")
        channels.broadcast(channel, f"|c[{channel.name}]|n {ctx.actor.name} has left this channel.")
    elif word == "who" and not rest:
        names = ", ".join(c.name for c in channels.listeners(channel)) or "no one"
        ctx.reply(f"On {channel.name}: {names}")
    elif word == "last" and (not rest or is_number(rest.strip())):
        lines = channels.last(channel, int(rest) if rest.strip() else 10)
        ctx.reply("\n".join(lines) if lines else f"Nothing has been said on {channel.name} yet.")
    elif not text:
        raise CommandError(f"Say something after '{alias}' (+HELP CHANNELS lists what an alias does).")
    elif not on:
        raise CommandError(f"Your alias '{alias}' is off: type '{alias} on' first.")
    else:
        channels.speak(channel, ctx.actor, text)
    return True


COMMANDS = (
    Command("addcom", cmd_addcom, summary="Join a channel under an alias."),
    Command("delcom", cmd_delcom, summary="Leave a channel (remove an alias)."),
    Command("comlist", cmd_comlist, summary="Your channel aliases."),
    Command("@clist", cmd_clist, summary="Every channel you can join."),
    Command("@ccreate", cmd_ccreate, role=Role.STAFF, switches=("staff",), summary="Create a channel."),
    Command("@cdestroy", cmd_cdestroy, role=Role.STAFF, summary="Destroy a channel."),
)

FALLBACKS = (channel_alias,)
