"""The pieces every command is made of: roles, the parsed line, the command spec, its error.

MUSH syntax (docs/player-guide.md): ``+nd6/private 8=Energy Blast`` is the command word ``+nd6``,
switches ``("private",)``, and arguments split on the first ``=`` into ``lhs`` and ``rhs``.
"""

from __future__ import annotations

import importlib
import linecache
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, TypeVar

import attrs

from ..game.roles import Role
from ..values import frozen

if TYPE_CHECKING:
    from .context import Context

__all__ = ["Command", "CommandError", "Handler", "Later", "ParsedCommand", "Role", "Subcommand", "UsageError",
           "parse_command", "telling"]


class CommandError(Exception):
    """A player's mistake: the message (a short sentence) is shown to them."""


class UsageError(CommandError):
    """Wrong arguments: the guard answers ``Usage: <form>`` from the command's +HELP usage lines
    (docs/help-files.md, "Usage lines"), so the text is written once, in the YAML.

    ``reason`` goes before it (``I don't understand 'huge'.``), ``note`` after it in brackets
    (``it is on for you now``); ``switch`` picks the forms of that switch instead of the typed ones.
    """

    def __init__(self, reason: str = "", switch: str | None = None, note: str = "") -> None:
        super().__init__(reason)
        self.reason, self.switch, self.note = reason, switch, note


T = TypeVar("T")


def telling(*errors: type[Exception]) -> Callable[[Callable[[], T]], T]:
    """A runner for calls into a game model whose ``errors`` are a player's mistake (``BoardError``):
    ``_run = telling(BoardError)``, then ``_run(lambda: ...)`` shows the model's message as a
    CommandError."""

    def run(action: Callable[[], T]) -> T:
        try:
            return action()
        except errors as exc:
            raise CommandError(str(exc)) from None

    return run


#: One-character prefixes that stand for a whole command word (MUSH convention, docs/player-guide.md).
PREFIXES = {'"': "say", ":": "pose", ";": "semipose", "'": "+ooc", "\\": "@emit"}


@frozen
class ParsedCommand:
    """A command line read once: ``+nd6/private 8=Blast`` -> name ``+nd6``, switches
    ``("private",)``, args ``8=Blast``, lhs ``8``, rhs ``Blast``."""

    name: str
    switches: tuple[str, ...] = ()
    args: str = ""
    lhs: str = ""
    rhs: str | None = None
    raw: str = ""

    @property
    def has_rhs(self) -> bool:
        return self.rhs is not None


def parse_command(line: str) -> ParsedCommand:
    """Split a line into command word, switches and arguments.

    A leading ``"``, ``:``, ``;`` or ``'`` stands for say, pose, semipose and +ooc, and
    takes the rest of the line as it is (``:grins`` poses "grins").
    """
    raw = line
    line = line.strip()
    if not line:
        return ParsedCommand(name="", raw=raw)
    if line[0] in PREFIXES:
        args = line[1:] if line[0] == ";" else line[1:].strip()
        return _with_args(PREFIXES[line[0]], (), args, raw)
    word, _, args = line.partition(" ")
    name, *switches = word.split("/")
    return _with_args(name.lower(), tuple(s.lower() for s in switches if s), args.strip(), raw)


def _with_args(name: str, switches: tuple[str, ...], args: str, raw: str) -> ParsedCommand:
    lhs, eq, rhs = args.partition("=")
    return ParsedCommand(
        name=name,
        switches=switches,
        args=args,
        lhs=lhs.strip() if eq else args,
        rhs=rhs.strip() if eq else None,
        raw=raw,
    )


#: What runs a command (or one of its subcommands): it replies through the context.
Handler = Callable[["Context", ParsedCommand], None]


@frozen
class Later:
    """A handler loaded at its first call: ``HANDLERS[name]`` of ``module``, so what a game may
    never run costs it nothing until then (docs/architecture.md, "Loaded at first use"): a
    ruleset's handlers and rules (``name`` a switch of its one command, "" for the command
    alone), and the fight's, with the fight engine (``name`` the command and its switch,
    ``+combat/start``).

    A module's first load drops ``linecache`` after it, as the startup does (net/memory.py): attrs
    keeps there the source it wrote for each class, which only a traceback would read."""

    module: str
    name: str = ""

    def __call__(self, ctx: Context, parsed: ParsedCommand) -> None:
        module = sys.modules.get(self.module)
        if module is None:
            module = importlib.import_module(self.module)
            linecache.clearcache()
        module.HANDLERS[self.name](ctx, parsed)


@frozen
class Subcommand:
    """A switch that is an action of its own (``+combat/next``): its handler, and the least role
    that may use it where that is more than the command's (``+combat/start``: staff)."""

    func: Handler
    role: Role | None = None


def _subcommands(value: Mapping[str, Subcommand | Handler]) -> dict[str, Subcommand]:
    return {switch: sub if isinstance(sub, Subcommand) else Subcommand(sub) for switch, sub in value.items()}


@frozen
class Command:
    """One command: its word, handler, aliases, switches, subcommands and the least role that may use it.

    ``subcommands`` maps a switch that is an action of its own to its handler (``+combat/next``);
    the dispatcher runs it, and ``func`` when the line names none. ``switches`` lists the other
    switches accepted (modifiers such as ``/private``); after construction it holds every switch
    accepted, subcommands first. The dispatcher refuses any other. ``help`` names its +HELP topic
    (the key when None).
    """

    key: str
    func: Handler
    aliases: tuple[str, ...] = ()
    role: Role = Role.PLAYER
    switches: tuple[str, ...] = ()
    help: str | None = None
    summary: str = ""
    before_login: bool = False
    #: switches accepted but not listed, e.g. RULES/<ruleset>: a predicate on one switch
    extra_switch: Callable[[str], bool] | None = None
    #: the ruleset the command belongs to (``"champions"``), None for every game
    ruleset: str | None = None
    #: switch -> its own handler (and role, where it needs more than the command's)
    subcommands: Mapping[str, Subcommand] = attrs.field(factory=dict, converter=_subcommands)
    #: the refusal when a line names two subcommands; ``{key}`` is the command, ``{given}`` the switches
    one_at_a_time: str = "Use one {key} switch at a time."

    #: the subcommands that need more than the command's role (``+stat/set``: staff), made from them
    switch_roles: Mapping[str, Role] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        modifiers = tuple(s for s in self.switches if s not in self.subcommands)
        object.__setattr__(self, "switches", (*self.subcommands, *modifiers))
        object.__setattr__(self, "switch_roles", {s: sub.role for s, sub in self.subcommands.items()
                                                  if sub.role is not None and sub.role > self.role})

    def role_for(self, switches: tuple[str, ...]) -> Role:
        """The least role that may run this command with these switches."""
        if not switches:  # (most lines)
            return self.role
        return max([self.role, *(self.switch_roles.get(s, Role.GUEST) for s in switches)])

    def handler_for(self, switches: tuple[str, ...]) -> Handler:
        """The subcommand a line names, else ``func``; two subcommands at once are refused."""
        chosen = list(dict.fromkeys(s for s in switches if s in self.subcommands))
        if len(chosen) > 1:
            given = ", ".join(f"/{s}" for s in chosen)
            raise CommandError(self.one_at_a_time.format(key=self.key, given=given))
        return self.subcommands[chosen[0]].func if chosen else self.func

    @property
    def help_topic(self) -> str:
        return self.help or self.key

    @property
    def names(self) -> tuple[str, ...]:
        return (self.key, *self.aliases)
