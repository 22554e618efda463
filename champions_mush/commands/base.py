"""The pieces every command is made of: roles, the parsed line, the command spec, its error.

MUSH syntax (docs/player-guide.md): ``+nd6/private 8=Energy Blast`` is the command word ``+nd6``,
switches ``("private",)``, and arguments split on the first ``=`` into ``lhs`` and ``rhs``.
"""

from __future__ import annotations


from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import attrs

from ..game.roles import Role

if TYPE_CHECKING:
    from .context import Context

__all__ = ["Command", "CommandError", "ParsedCommand", "Role", "parse_command"]


class CommandError(Exception):
    """A player's mistake: the message (a short sentence, often ``Usage: ...``) is shown to them."""


#: One-character prefixes that stand for a whole command word (MUSH convention, docs/player-guide.md).
PREFIXES = {'"': "say", ":": "pose", ";": "semipose", "'": "+ooc", "\\": "@emit"}


@attrs.frozen
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


@attrs.frozen
class Command:
    """One command: its word, handler, aliases, accepted switches and the least role that may use it.

    ``switches`` lists the switches the command accepts; the dispatcher refuses others.
    ``help`` names its +HELP topic (the key when None).
    """

    key: str
    func: Callable[[Context, ParsedCommand], None]
    aliases: tuple[str, ...] = ()
    role: Role = Role.PLAYER
    switches: tuple[str, ...] = ()
    help: str | None = None
    summary: str = ""
    before_login: bool = False
    #: switches accepted but not listed, e.g. RULES/<ruleset>: a predicate on one switch
    extra_switch: Callable[[str], bool] | None = None
    #: switches that need a higher role than the command (``+stat/set``: staff)
    switch_roles: Mapping[str, Role] = attrs.field(factory=dict)
    #: the ruleset the command belongs to (``"champions"``), None for every game
    ruleset: str | None = None

    def role_for(self, switches: tuple[str, ...]) -> Role:
        """The least role that may run this command with these switches."""
        return max([self.role, *(self.switch_roles.get(s, Role.GUEST) for s in switches)])

    @property
    def help_topic(self) -> str:
        return self.help or self.key

    @property
    def names(self) -> tuple[str, ...]:
        return (self.key, *self.aliases)
