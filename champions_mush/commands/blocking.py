"""+block, +unblock and @haven: keeping someone's pages, mail or channel talk away (the model is
game/blocking.py; docs/player-guide.md, "Blocking")."""

from __future__ import annotations

from ..game import blocking
from ..game.blocking import BLOCK_LOG, BlockError
from ..game.objects import Character
from ..text.format import when
from .base import Command, CommandError, ParsedCommand, Role, Subcommand, UsageError, telling
from .context import Context

__all__ = ["COMMANDS"]

_run = telling(BlockError)
#: the most block log lines staff see at once
_LOG_LINES = 30


def _other(ctx: Context, name: str) -> Character:
    char = ctx.game.find_character(name) if name.strip() else None
    if char is None or char.npc:
        raise CommandError(f"There is no player called '{name.strip()}'.")
    return char


def _kinds_text(kinds: tuple[str, ...]) -> str:
    return "everything" if kinds == blocking.BLOCK_KINDS else ", ".join(kinds)


def cmd_block(ctx: Context, parsed: ParsedCommand) -> None:
    if not parsed.args.strip():
        _list(ctx)
        return
    other = _other(ctx, parsed.lhs)
    kinds = _run(lambda: blocking.block(ctx.game, ctx.actor, other, parsed.rhs or "all"))
    ctx.reply(f"You block {other.name} from: {_kinds_text(kinds)}.")


def _list(ctx: Context) -> None:
    table = blocking.blocks_of(ctx.actor)
    names = [(ctx.game.characters[i].name, k) for i, k in table.items() if i in ctx.game.characters]
    haven = "Haven is on: no one pages you." if blocking.in_haven(ctx.actor) else "Haven is off."
    if not names:
        ctx.reply(f"You block no one. {haven}")
        return
    lines = ["You block:"] + [f"  {n:<20} {_kinds_text(tuple(k))}" for n, k in sorted(names)]
    ctx.reply("\n".join([*lines, haven]))


def cmd_unblock(ctx: Context, parsed: ParsedCommand) -> None:
    if not parsed.lhs.strip():
        raise UsageError()
    other = _other(ctx, parsed.lhs)
    left = _run(lambda: blocking.unblock(ctx.game, ctx.actor, other, parsed.rhs or "all"))
    ctx.reply(f"You still block {other.name} from: {_kinds_text(left)}." if left
              else f"You no longer block {other.name}.")


def _log(ctx: Context, parsed: ParsedCommand) -> None:
    """+block/log [<name>]: staff read who blocked whom, newest last."""
    name = parsed.args.strip()
    match = None if not name else {"by": _other(ctx, name).id}
    entries = ctx.game.store.tail(BLOCK_LOG, _LOG_LINES, match=match)
    if not entries:
        ctx.reply("No blocks have been logged." if not name else f"{name} has logged no blocks.")
        return
    ctx.reply("\n".join(f"{when(e.time)} {e.data.get('by_name')}: {e.data.get('what')} {e.data.get('other_name')}"
                        for e in entries))


def cmd_haven(ctx: Context, parsed: ParsedCommand) -> None:
    choice = parsed.args.strip().lower()
    if choice not in ("on", "off"):
        raise UsageError(note=f"it is {'on' if blocking.in_haven(ctx.actor) else 'off'} for you now")
    blocking.haven(ctx.game, ctx.actor, choice == "on")
    ctx.reply("Haven on: pages to you are refused (staff still reach you)." if choice == "on"
              else "Haven off: you accept pages again.")


COMMANDS = (
    Command("+block", cmd_block, subcommands={"log": Subcommand(_log, Role.STAFF)},
            summary="Stop someone paging, mailing or being heard on channels by you."),
    Command("+unblock", cmd_unblock, help="+block", summary="Lift a block."),
    Command("@haven", cmd_haven, aliases=("+dnd",), help="+block", summary="Refuse all pages for a while."),
)
