"""From a line of input to a command run: find it, check the role once, run it inside a guard.

The permission check lives here and nowhere else (docs/staff-guide.md): a player using a staff command
gets "Permission denied." and nothing changes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from time import perf_counter
from typing import TypeVar, cast

from ..game.storage import StorageHealth
from ..game.world import lost_text, redact_secrets
from ..game.xp import note_presence
from ..rules.errors import RulesError
from ..store.base import StoreError
from ..text.aloud import reading_aloud
from ..text.markup import escape
from .base import Command, CommandError, ParsedCommand, Role, UsageError, parse_command
from .context import NOT_CONNECTED, Context, SessionContext
from .login import hurry_arrival
from .multiline import collecting, expire, feed, give_up, passes_through
from .recording import held
from .usage import usage_message

__all__ = ["HUH", "NOT_CONNECTED", "PERMISSION_DENIED", "CommandTable", "Dispatcher", "Fallback", "GuestHandler", "permit",
           "wrong_ruleset"]

log = logging.getLogger("champions_mush.commands")

PERMISSION_DENIED = "Permission denied."
HUH = 'Huh? (Type "+help" for help.)'
#: Commands whose writes are durable before they return, on the game's loop, even where other
#: commands' writes join the turn's group commit (docs/architecture.md, "Writes off the loop"):
#: stopping or reloading the server, whose last commit must be durable before it goes.
ON_THE_LOOP = frozenset({"@shutdown", "@reboot"})
#: what a player sees when a command crashed (the traceback goes to the log)
CRASHED = "Something went wrong with that command. It has been logged for staff."

#: A fallback gets a line no command matched; it returns True when it handled it
#: (exits by name, channel aliases). Fallbacks run only for connected characters.
Fallback = Callable[[Context, ParsedCommand], bool]

#: The handler of a command that runs before login too (``Command.before_login``): its context's
#: actor may be None.
GuestHandler = Callable[[SessionContext, ParsedCommand], None]

_Ctx = TypeVar("_Ctx", bound=SessionContext)


#: The refusal of a command of another ruleset than the game's, by the ruleset it is for.
_WRONG_RULESET = {
    "champions": "That command is for the Champions rules; this game uses {running}.",
    "animouch": "{command} is for AnimOuch! games; this game uses {running}.",
    "ptb": "{command} is for Powers That Be games; this game uses {running}.",
}


def wrong_ruleset(wanted: str, running: str, command: str = "") -> str:
    """The refusal for a command (``+ao``) of another ruleset than the game's."""
    text = _WRONG_RULESET.get(wanted, "That command is for the {wanted} rules; this game uses {running}.")
    return text.format(wanted=wanted, running=running, command=command.upper())


def permit(ctx: SessionContext, role: Role) -> bool:
    """The one permission check: may the actor act at ``role``? Staff actions are logged.

    The dispatcher calls it for every command (with the role its switches need); a handler
    whose staff-only part depends on its arguments calls it too, never comparing roles itself.
    """
    if ctx.role < role:
        return False
    actor = ctx.actor
    if role >= Role.STAFF and actor is not None and ctx.parsed is not None:
        ctx.game.log_staff_action(actor, ctx.parsed.raw.strip())
    return True


def _forget_unsaved(ctx: SessionContext) -> None:
    """After a failed write, go back to what the store holds (so "nothing changed" is true)."""
    if ctx.game.unit is not None:
        ctx.game.unit.abandon()
    try:
        ctx.game.reload_from_store()
    except Exception:  # the store cannot even be read: keep what we have
        log.exception("could not reload the world after a storage failure")


def _storage_failed(ctx: SessionContext, exc: StoreError) -> None:
    """A write was refused (nothing of the command is kept) or not confirmed durable: the
    player and staff are told which."""
    raw = ctx.parsed.raw if ctx.parsed is not None else ""
    log.error("storage failure running %r: %s", redact_secrets(raw), exc)
    _forget_unsaved(ctx)
    ctx.reply(lost_text(exc))
    StorageHealth.of(ctx.game).failed(exc)


def _context(game, session, parsed: ParsedCommand) -> SessionContext:  # Game, Session (import cycle)
    """A logged-in character's :class:`Context`, else a :class:`SessionContext` (no actor)."""
    logged_in = session.character_id is not None and game.characters.get(session.character_id) is not None
    return (Context if logged_in else SessionContext)(game, session, parsed)


#: what runs a command's handler for a line (:func:`_run_command`), and that for a logged-in
#: character in the turn's group (:func:`held`)
_Runner = Callable[[SessionContext, ParsedCommand], None]
_HeldRunner = Callable[[Context, ParsedCommand], None]


def _run_command(command: Command) -> _Runner:
    """Run the command's handler for the line's switches. A handler of a logged-in command takes a
    :class:`Context`; only a ``before_login`` command reaches here without one (``_refusal``), and
    its handlers are written for a :class:`SessionContext` (a :data:`GuestHandler`)."""

    def run(ctx: SessionContext, parsed: ParsedCommand) -> None:
        handler = command.handler_for(parsed.switches)
        if isinstance(ctx, Context):
            handler(ctx, parsed)
        else:
            cast(GuestHandler, handler)(ctx, parsed)

    return run


class CommandTable:
    """Every command by each of its names, and the fallbacks tried when none matches."""

    def __init__(self, commands: Iterable[Command], fallbacks: Iterable[Fallback] = ()) -> None:
        self.commands: tuple[Command, ...] = tuple(commands)
        self.fallbacks: tuple[Fallback, ...] = tuple(fallbacks)
        self._by_name: dict[str, Command] = {}
        for command in self.commands:
            for name in command.names:
                if name.lower() in self._by_name:
                    raise ValueError(f"Two commands are called {name!r}.")
                self._by_name[name.lower()] = command

    def find(self, name: str) -> Command | None:
        return self._by_name.get(name.lower())


class Dispatcher:
    """Runs lines for sessions against one command table."""

    def __init__(self, table: CommandTable) -> None:
        self.table = table
        #: ``observe(command_key, seconds)`` after each command runs (net/metrics.py), or None
        self.observe: Callable[[str, float], None] | None = None
        #: each command run's runner and its :func:`held` one, made at its first use (by ``id``)
        self._runners: dict[int, tuple[Command, _Runner, _HeldRunner]] = {}

    def run(self, game, session, line: str) -> None:  # Game/Session (import cycle)
        """Run one line as one unit of work (game/unit.py): one durable write at its end."""
        if game.batch.holding and session.character_id is not None:  # heard to arrive before it speaks
            char = game.characters.get(session.character_id)
            if char is not None:
                hurry_arrival(game, char)
        try:
            with game.work(session) as unit:
                if unit.lost is None:  # told if the turn's group commit is refused (game/unit.py)
                    unit.lost = lambda exc: _storage_failed(Context(game, session, parse_command(line)), exc)
                self._run(game, session, line)
        except StoreError as exc:  # the command's one write at its end was refused
            _storage_failed(SessionContext(game, session, parse_command(line)), exc)

    def _run(self, game, session, line: str) -> None:
        if collecting(session) and self._pasted(game, session, line):
            return
        parsed = parse_command(line)
        if not parsed.name:
            return
        ctx = _context(game, session, parsed)
        if isinstance(ctx, Context):
            note_presence(game, ctx.actor)  # +vote asks who was active in the same room lately
        command = self.table.find(parsed.name)
        if command is None:
            self._unmatched(ctx, parsed)
            return
        problem = self._refusal(ctx, command, parsed)
        if problem:
            ctx.reply(problem)
            return
        if command.ruleset is not None and command.ruleset != game.config.ruleset:
            ctx.reply(wrong_ruleset(command.ruleset, game.config.ruleset, command.key))
            return
        observe = self.observe
        started = perf_counter() if observe is not None else 0.0
        _, run, held_run = self._runners_of(command)
        if isinstance(ctx, Context) and command.key not in ON_THE_LOOP:
            # its writes in the turn's group, its answers once durable (commands/recording.py)
            self._guarded(ctx, held_run, parsed)
        else:
            self._guarded(ctx, run, parsed)
        if observe is not None:
            observe(command.key, perf_counter() - started)

    def _pasted(self, game, session, line: str) -> bool:  # Game/Session (import cycle)
        """A line while the session collects a paste: True when it went to the paste (text, not
        a command); ``QUIT`` gives the paste up and runs as a command."""
        expire(session, game.clock())  # past its deadline, or dropped and left quiet
        if collecting(session) and passes_through(line):
            give_up(session)
        if not collecting(session):
            return False
        pasted = ParsedCommand(name="(pasted text)", raw="(pasted text)")
        self._guarded(SessionContext(game, session, pasted), lambda _ctx, _parsed: feed(session, line), pasted)
        return True

    def _runners_of(self, command: Command) -> tuple[Command, _Runner, _HeldRunner]:
        """``command``, its runner (:func:`_run_command`) and that held (:func:`held`): made once."""
        found = self._runners.get(id(command))
        if found is not None and found[0] is command:
            return found
        run = _run_command(command)
        made = self._runners[id(command)] = (command, run, held(run))
        return made

    def _refusal(self, ctx: SessionContext, command: Command, parsed: ParsedCommand) -> str | None:
        """Why the line may not run, checked in this order: login, role (once), switches."""
        if not isinstance(ctx, Context) and not command.before_login:
            return NOT_CONNECTED
        if not permit(ctx, command.role_for(parsed.switches)):
            return PERMISSION_DENIED
        for switch in parsed.switches:
            if switch not in command.switches and not (command.extra_switch and command.extra_switch(switch)):
                allowed = ", ".join(f"/{s}" for s in command.switches) or "none"
                return f"{command.key.upper()} has no /{switch} switch (switches: {allowed})."
        return None

    def _unmatched(self, ctx: SessionContext, parsed: ParsedCommand) -> None:
        if not isinstance(ctx, Context):
            ctx.reply(NOT_CONNECTED)
            return
        for fallback in self.table.fallbacks:  # an exit, a channel alias: held as a command is
            handled = self._guarded(ctx, held(fallback), parsed)
            if handled:
                return
        ctx.reply(HUH)

    def _guarded(self, ctx: _Ctx, func: Callable[[_Ctx, ParsedCommand], object], parsed: ParsedCommand) -> object:
        """Run a handler; a player's mistake becomes its message, our bug a logged error and a short line."""
        try:
            try:
                with reading_aloud(ctx.session.reads_aloud()):
                    return func(ctx, parsed)
            except UsageError as exc:  # the text comes from the command's +HELP usage lines (a bug
                # building it is still caught below, as any handler's is)
                raise CommandError(usage_message(ctx.game, self.table.find(parsed.name), parsed, exc,
                                                 staff=ctx.is_staff)) from None
        except (CommandError, RulesError) as exc:
            ctx.reply(escape(str(exc)) or "That did not work.")  # plain text, escaped here only
        except StoreError as exc:
            _storage_failed(ctx, exc)
        except Exception:  # the guard: no traceback ever reaches a player
            log.exception("command failed: %r", redact_secrets(parsed.raw))
            ctx.reply(CRASHED)
        return True
