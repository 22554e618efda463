"""A command's usage error, answered from its +HELP usage lines (docs/help-files.md, "Usage lines").

Handlers raise :class:`~.base.UsageError`; the guard (``dispatch.py``) calls :func:`usage_message`,
which reads the forms from the command's help topic, so no usage text is written in code.
"""

from __future__ import annotations

from ..help.usage import choose, parse_usage, usage_reply
from .base import PREFIXES, Command, ParsedCommand, UsageError
from .helpcmds import help_library

__all__ = ["usage_message"]


def usage_message(game, command: Command | None, parsed: ParsedCommand, error: UsageError) -> str:  # noqa: ANN001 - Game
    """``Usage: <form>`` for the forms that fit the switches typed (help/usage.py's ``choose``).

    The forms come from the topic of ``<command>/<switch>`` when one exists (staff switches have
    topics of their own: ``+COMBAT/ADJUST``), and from the command's help topic.
    """
    if command is None:
        return error.reason or "That did not work: see +HELP."
    catalog = help_library(game).help
    switches = (error.switch,) if error.switch else parsed.switches
    topics = [catalog.get(f"{command.key}/{s}") for s in switches] + [catalog.get(command.help_topic)]
    lines = [line for topic in dict.fromkeys(t for t in topics if t is not None) for line in topic.usage]
    names = (*command.names, *(p for p, key in PREFIXES.items() if key == command.key))
    forms = choose([parse_usage(line) for line in lines], names, parsed.switches, error.switch, parsed.has_rhs)
    return usage_reply(forms, error.reason, error.note) or f"Usage: see +HELP {command.help_topic.upper()}."
