"""Running the game: roles, @boot, @wall, @shutdown, @reboot, @newpassword and site bans (docs/staff-guide.md).

Who may use each is in its ``Command`` head; the dispatcher checks it and logs every staff
command before it runs.
"""

from __future__ import annotations

import fnmatch
import logging

from ..game import speech
from ..game.accounts import Accounts
from .base import Command, CommandError, ParsedCommand, Role, UsageError
from .context import Context
from .login import logout_session

__all__ = ["COMMANDS"]

log = logging.getLogger("champions_mush.staff")


def _character(ctx: Context, name: str):
    char = ctx.game.find_character(name.strip()) or ctx.game.match_character(name.strip(), connected_only=True)
    if char is None or char.npc:
        raise CommandError(f"No player called '{name.strip()}'.")
    return char


def _exact_character(ctx: Context, name: str):
    """The player called exactly ``name`` (any case) or ``#id``: commands that change a role or a
    password never take a unique prefix (``@set Star=staff`` must not promote Starkiller)."""
    char = ctx.game.find_character(name.strip())
    if char is None or char.npc:
        near = ctx.game.match_character(name.strip(), connected_only=True)
        hint = f" (did you mean {near.name}? Give the whole name)" if near is not None and not near.npc else ""
        raise CommandError(f"No player is called exactly '{name.strip()}'{hint}.")
    return char


def cmd_set_role(ctx: Context, parsed: ParsedCommand) -> None:
    if parsed.rhs is None or not parsed.lhs.strip():
        raise UsageError()
    try:
        role = Role.from_name(parsed.rhs)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    if role is Role.GUEST:
        raise CommandError("Roles are player, staff or admin.")
    char = _exact_character(ctx, parsed.lhs)
    if char.id == ctx.actor.id:
        raise CommandError("You cannot change your own role (ask another admin).")
    if char.role == role:
        raise CommandError(f"{char.name} is already {role.name.lower()}.")
    ctx.game.set_role(char, role, by=ctx.actor)
    ctx.reply(f"{char.name} is now {role.name.lower()}.")
    ctx.game.msg(char, f"{ctx.actor.name} made you {role.name.lower()}.")


def cmd_boot(ctx: Context, parsed: ParsedCommand) -> None:
    name, _, reason = parsed.args.partition("=")
    if not name.strip():
        raise UsageError()
    char = _character(ctx, name)
    if char.role >= ctx.actor.role and char.id != ctx.actor.id:
        raise CommandError(f"You cannot boot {char.name}: their role is not below yours.")
    sessions = ctx.game.sessions_of(char)
    if not sessions:
        raise CommandError(f"{char.name} is not connected.")
    message = f"You have been booted by {ctx.actor.name}" + (f": {reason.strip()}" if reason.strip() else ".")
    for session in sessions:
        logout_session(ctx.game, session)
        session.disconnect(message)
    ctx.reply(f"{char.name} booted ({len(sessions)} connection{'s' if len(sessions) != 1 else ''}).")


def cmd_wall(ctx: Context, parsed: ParsedCommand) -> None:
    message = speech.clean(parsed.args)
    if not message:
        raise UsageError()
    ctx.game.msg_all(f"|y[Announcement]|n {ctx.actor.name}: {message}")


def cmd_shutdown(ctx: Context, parsed: ParsedCommand) -> None:
    reason = parsed.args.strip()
    game = ctx.game
    if game.on_shutdown is None:
        raise CommandError("This game has no server to stop (shutdown ignored).")
    game.msg_all(f"|R*** {ctx.actor.name} is shutting the game down"
                 + (f": {reason}" if reason else "") + ". Everything is saved. ***|n")
    log.info("shutdown by %s: %s", ctx.actor.name, reason)
    game.on_shutdown(reason or f"@shutdown by {ctx.actor.name}")


def cmd_reboot(ctx: Context, parsed: ParsedCommand) -> None:
    game = ctx.game
    if game.on_reboot is None:
        raise CommandError("This game has no server to reload (reboot ignored).")
    log.info("reboot by %s", ctx.actor.name)
    ctx.session.send("Reloading the game's code: the new code is tried first.")
    game.on_reboot(ctx.session.send, ctx.session.id)


def cmd_newpassword(ctx: Context, parsed: ParsedCommand) -> None:
    if parsed.rhs is None or not parsed.lhs.strip() or not parsed.rhs:
        raise UsageError()
    char = _exact_character(ctx, parsed.lhs)
    session = ctx.session

    game, staff = ctx.game, ctx.actor.name

    def done(changed, error) -> None:  # said, and the old password's holders logged out, once saved
        game.deliver(session.send, error or f"Password for {char.name} changed.")
        if changed is not None:
            game.deliver(_log_out_others, game, changed, session, staff)

    Accounts.of(game).set_password(char, parsed.rhs, done, owner=session.id)


def _log_out_others(game, char, session, staff: str) -> None:
    """Whoever holds ``char``'s old password is logged out (``@newpassword``)."""
    for other in game.sessions_of(char):
        if other is not session:
            logout_session(game, other)
            other.disconnect(f"{staff} changed your password: connect again with the new one.")


def cmd_ban(ctx: Context, parsed: ParsedCommand) -> None:
    pattern = parsed.lhs.strip()
    if not pattern or " " in pattern:
        raise UsageError()
    yours = sorted({s.address for s in [ctx.session, *ctx.game.sessions_of(ctx.actor)]
                    if fnmatch.fnmatchcase(s.address, pattern)})
    if yours:
        raise CommandError(f"{pattern} matches your own address ({', '.join(yours)}): you would lock "
                           "yourself out. Ban a narrower pattern.")
    Accounts.of(ctx.game).ban(pattern, (parsed.rhs or "").strip())
    dropped = 0
    for session in list(ctx.game.sessions.values()):
        if session is not ctx.session and fnmatch.fnmatchcase(session.address, pattern):
            logout_session(ctx.game, session)
            session.disconnect("Connections from your site are not allowed.")
            dropped += 1
    ctx.reply(f"Site {pattern} banned" + (f"; {dropped} connection(s) closed." if dropped else "."))


def cmd_unban(ctx: Context, parsed: ParsedCommand) -> None:
    pattern = parsed.args.strip()
    if not Accounts.of(ctx.game).unban(pattern):
        raise CommandError(f"'{pattern}' is not banned. Type @bans for the list.")
    ctx.reply(f"Site {pattern} unbanned.")


def cmd_bans(ctx: Context, parsed: ParsedCommand) -> None:
    bans = Accounts.of(ctx.game).bans()
    ctx.reply("Banned sites: " + (", ".join(bans) if bans else "none") + ".")


COMMANDS = (
    Command("@set", cmd_set_role, role=Role.ADMIN, summary="Set a player's role: player, staff or admin."),
    Command("@boot", cmd_boot, role=Role.STAFF, summary="Disconnect a player."),
    Command("@wall", cmd_wall, role=Role.STAFF, summary="Announce to everyone connected."),
    Command("@shutdown", cmd_shutdown, role=Role.ADMIN, summary="Save and stop the server."),
    Command("@reboot", cmd_reboot, role=Role.ADMIN, summary="Reload the server's code; nobody is disconnected."),
    Command("@newpassword", cmd_newpassword, role=Role.ADMIN, summary="Set a player's password."),
    Command("@ban", cmd_ban, role=Role.ADMIN, summary="Ban a site (address pattern)."),
    Command("@unban", cmd_unban, role=Role.ADMIN, help="@ban", summary="Lift a site ban."),
    Command("@bans", cmd_bans, role=Role.ADMIN, help="@ban", summary="List banned sites."),
)
