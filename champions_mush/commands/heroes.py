"""+alt and +roster: one player's several heroes, switching between them, and the roster of open
characters (the model is game/heroes.py; docs/player-guide.md, "Several heroes")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game import gmcp, heroes, jobs
from ..game.accounts import Accounts
from ..game.heroes import HeroError
from ..game.jobs import JobError
from ..game.objects import Character
from ..game.storage import StorageHealth
from ..store.base import StoreError
from .base import Command, CommandError, ParsedCommand, Role, Subcommand, UsageError, telling
from .context import Context
from .login import login_session, tell_departure

if TYPE_CHECKING:
    from ..game.world import Game

__all__ = ["COMMANDS"]

_run = telling(HeroError, JobError)


def _character(ctx: Context, name: str) -> Character:
    char = ctx.game.find_character(name) if name.strip() else None
    if char is None:
        raise CommandError(f"There is no character called '{name.strip()}'.")
    return char


def _names(chars: list[Character]) -> str:
    return ", ".join(c.name for c in chars)


def cmd_alt(ctx: Context, parsed: ParsedCommand) -> None:
    """+alt: your characters; +alt <name>: switch to one of them."""
    if parsed.args.strip():
        _switch(ctx, parsed)
        return
    mine = heroes.heroes(ctx.game, ctx.actor)
    if len(mine) == 1:
        ctx.reply("You have one character. +alt/link <name>=<its password> adds another to your account.")
        return
    ctx.reply(f"Your characters: {_names(mine)} ({len(mine)} of {ctx.game.config.heroes_per_account}).")


def _link(ctx: Context, parsed: ParsedCommand) -> None:
    if parsed.rhs is None or not parsed.lhs.strip() or not parsed.rhs:
        raise UsageError()
    game, actor, session = ctx.game, ctx.actor, ctx.session
    other = _character(ctx, parsed.lhs)

    def checked(error: str | None) -> None:
        if error:
            game.deliver(session.send, f"That is not {other.name}'s password." if error == Accounts.WRONG_PASSWORD
                         else error)
            return
        try:
            with game.work():
                every = heroes.link(game, actor, other)
        except HeroError as exc:
            session.send(str(exc))
            return
        except StoreError as exc:
            StorageHealth.of(game).failed(exc)
            session.send(Accounts.NOT_SAVED)
            return
        game.deliver(session.send, f"{other.name} is now on your account: {_names(every)}. +alt {other.name} "
                     "switches to it.")  # once the link is durable (Game.held)

    Accounts.of(game).check_password(other, parsed.rhs, checked, address=session.address, owner=session.id)


def _switch(ctx: Context, parsed: ParsedCommand) -> None:
    """Move this connection to another character of the account, without reconnecting."""
    game, old, session = ctx.game, ctx.actor, ctx.session
    name = parsed.args.strip()
    found = [c for c in heroes.heroes(game, old) if c.name.lower() == name.lower()]
    if not found:
        raise CommandError(f"{name} is not one of your characters (+alt lists them).")
    new = found[0]
    if new.id == old.id:
        raise CommandError(f"You are already {old.name}.")
    session.reading.clear()
    login_session(game, session, new)
    game.deliver(_left_behind, game, old)  # after the switch itself (held with it on PostgreSQL)


def _left_behind(game: Game, old: Character) -> None:
    if not game.is_connected(old):
        gmcp.player_left(game, old, old.location)
        tell_departure(game, old)


def _staff_alts(ctx: Context, parsed: ParsedCommand) -> None:
    """+alt/who <name>: staff see a character's account."""
    char = _character(ctx, parsed.args)
    mine = heroes.heroes(ctx.game, char)
    ctx.reply(f"{char.name} has no other characters." if len(mine) == 1
              else f"{char.name}'s account: {_names(mine)}.")


def _unlink(ctx: Context, parsed: ParsedCommand) -> None:
    char = _character(ctx, parsed.args)
    _run(lambda: heroes.unlink(ctx.game, char))
    ctx.reply(f"{char.name} is no longer on an account with other characters.")


def cmd_roster(ctx: Context, parsed: ParsedCommand) -> None:
    found = heroes.roster(ctx.game)
    if not found:
        ctx.reply("No characters are open on the roster.")
        return
    lines = ["Open characters (+roster/request <name>=<why> to ask for one):"]
    lines += [f"  {ctx.game.characters[i].name:<20} {entry.get('note', '')}".rstrip()
              for i, entry in sorted(found.items(), key=lambda item: ctx.game.characters[item[0]].name.lower())]
    ctx.reply("\n".join(lines))


def _offer(ctx: Context, parsed: ParsedCommand) -> None:
    char = _character(ctx, parsed.lhs)
    heroes.offer(ctx.game, char, parsed.rhs or "")
    ctx.reply(f"{char.name} is open on the roster.")


def _withdraw(ctx: Context, parsed: ParsedCommand) -> None:
    char = _character(ctx, parsed.args)
    _run(lambda: heroes.withdraw(ctx.game, char))
    ctx.reply(f"{char.name} is no longer on the roster.")


def _request(ctx: Context, parsed: ParsedCommand) -> None:
    rhs = parsed.rhs
    if rhs is None or not rhs.strip():
        raise UsageError()
    char = _character(ctx, parsed.lhs)
    if char.id not in heroes.roster(ctx.game):
        raise CommandError(f"{char.name} is not open on the roster (+roster lists who is).")
    job = _run(lambda: jobs.open_request(ctx.game, ctx.actor, f"Roster: {char.name}", rhs))
    ctx.reply(f"Your request for {char.name} is request #{job.id}: staff will answer it there.")


COMMANDS = (
    Command("+alt", cmd_alt, aliases=("+alts", "+switch"),
            subcommands={"link": _link, "switch": _switch, "who": Subcommand(_staff_alts, Role.STAFF),
                         "unlink": Subcommand(_unlink, Role.STAFF)},
            summary="Your several heroes: link them to one account and switch between them."),
    Command("+roster", cmd_roster, help="+alt",
            subcommands={"request": _request, "add": Subcommand(_offer, Role.STAFF),
                         "remove": Subcommand(_withdraw, Role.STAFF)},
            summary="Open characters staff offer; ask for one."),
)
