"""+team: teams with members, a leader, a channel and a board of their own (the model is
game/teams.py; docs/player-guide.md, "Teams")."""

from __future__ import annotations

from ..game import teams
from ..game.channels import ChannelError, Channels
from ..game.objects import Character
from ..game.teams import Team, TeamError
from .base import Command, CommandError, ParsedCommand, Role, Subcommand, UsageError, telling
from .context import Context

__all__ = ["COMMANDS"]

_run = telling(TeamError)


def _character(ctx: Context, name: str) -> Character:
    char = ctx.game.find_character(name) if name.strip() else None
    if char is None or char.npc:
        raise CommandError(f"There is no player called '{name.strip()}'.")
    return char


def _pair(ctx: Context, parsed: ParsedCommand) -> tuple[Team, Character]:
    if parsed.rhs is None or not parsed.lhs.strip():
        raise UsageError()
    return _run(lambda: teams.find(ctx.game, parsed.lhs)), _character(ctx, parsed.rhs)


def _may_manage(ctx: Context, team: Team) -> None:
    if not ctx.is_staff and ctx.actor.id != team.leader:
        raise CommandError(f"Only the leader of {team.name} or staff may change its members.")


def _names(ctx: Context, ids: tuple[int, ...]) -> str:
    return ", ".join(sorted((ctx.game.characters[i].name for i in ids if i in ctx.game.characters), key=str.lower))


def cmd_team(ctx: Context, parsed: ParsedCommand) -> None:
    """+team lists the teams; +team <name> shows one."""
    if parsed.args.strip():
        view = teams.team_view(ctx.game, _run(lambda: teams.find(ctx.game, parsed.args)))
        ctx.reply("\n".join([f"Team {view['name']}", f"  Leader:  {view['leader']}",
                             f"  Members: {', '.join(view['members'])}",
                             f"  Channel: {view['channel']} (members: addcom <alias>={view['channel']})",
                             f"  Board:   {view['board']} (+bbread {view['board']})"]))
        return
    found = teams.all_teams(ctx.game)
    if not found:
        ctx.reply("There are no teams yet.")
        return
    lines = ["Teams:"] + [f"  {t.name:<20} led by {_names(ctx, (t.leader,))}, {len(t.members)} "
                          f"member{'s' if len(t.members) != 1 else ''}" for t in found]
    ctx.reply("\n".join(lines))


def _tune_in(ctx: Context, team: Team, char: Character) -> str:
    """Give a new member an alias for the team's channel (its name in lower case, cut to 10)."""
    alias = team.name.lower()[:10]
    try:
        Channels.of(ctx.game).add_alias(char, alias, team.name)
    except ChannelError:
        return ""
    return alias


def _create(ctx: Context, parsed: ParsedCommand) -> None:
    if parsed.rhs is None or not parsed.lhs.strip():
        raise UsageError()
    leader = _character(ctx, parsed.rhs)
    team = _run(lambda: teams.create(ctx.game, parsed.lhs, leader))
    alias = _tune_in(ctx, team, leader)
    ctx.reply(f"Team {team.name} made, led by {leader.name}, with its channel and board.")
    ctx.game.msg(leader, f"You lead the team {team.name}." + (f" Its channel is on your alias {alias}." if alias else ""))


def _add(ctx: Context, parsed: ParsedCommand) -> None:
    team, char = _pair(ctx, parsed)
    _may_manage(ctx, team)
    team = _run(lambda: teams.add_member(ctx.game, team, char))
    alias = _tune_in(ctx, team, char)
    ctx.reply(f"{char.name} joins {team.name}.")
    ctx.game.msg(char, f"You are now on the team {team.name}." + (f" Its channel is on your alias {alias}." if alias else ""))


def _remove(ctx: Context, parsed: ParsedCommand) -> None:
    team, char = _pair(ctx, parsed)
    if char.id != ctx.actor.id:
        _may_manage(ctx, team)
    _run(lambda: teams.remove_member(ctx.game, team, char))
    ctx.reply(f"{char.name} is no longer on {team.name}.")


def _leader(ctx: Context, parsed: ParsedCommand) -> None:
    team, char = _pair(ctx, parsed)
    team = teams.set_leader(ctx.game, team, char)
    _tune_in(ctx, team, char)
    ctx.reply(f"{char.name} now leads {team.name}.")


COMMANDS = (
    Command("+team", cmd_team, aliases=("+teams",),
            subcommands={"create": Subcommand(_create, Role.STAFF), "add": _add, "remove": _remove,
                         "leader": Subcommand(_leader, Role.STAFF)},
            summary="Teams: their members, leader, channel and board."),
)
