"""A command's usage error, answered from its +HELP usage lines (docs/help-files.md, "Usage lines").

Handlers raise :class:`~.base.UsageError`; the guard (``dispatch.py``) calls :func:`usage_message`,
which reads the forms from the command's help topic, so no usage text is written in code.
"""

from __future__ import annotations

from ..help.usage import choose, parse_usage, usage_reply
from .base import PREFIXES, Command, ParsedCommand, UsageError
from .helpcmds import help_library

__all__ = ["usage_message"]


def usage_message(game, command: Command | None, parsed: ParsedCommand, error: UsageError,  # Game
                  staff: bool = False) -> str:
    """``Usage: <form>`` for the forms that fit the switches typed and the reader (help/usage.py's ``choose``).

    The forms come from the command's help topic and, for staff, also from the staff-only topics
    of its switches (``+COMBAT/START``); a player never sees a form marked ``staff:``.
    """
    if command is None:
        return error.reason or "That did not work: see +HELP."
    catalog = help_library(game).help
    own = catalog.get(command.help_topic)
    switches = (*((error.switch,) if error.switch else parsed.switches), *command.switches)
    topics = [own, *(catalog.get(f"{command.key}/{s}") for s in switches)]
    shown = [t for t in dict.fromkeys(topics) if t is not None and (staff or not t.staff_only or t is own)]
    lines = [line for topic in shown for line in topic.usage]
    names = (*command.names, *(p for p, key in PREFIXES.items() if key == command.key))
    usages = [parse_usage(line) for line in lines]
    forms = choose(usages, names, parsed.switches, error.switch, parsed.has_rhs, staff)
    return usage_reply(forms, error.reason, error.note) or f"Usage: see +HELP {command.help_topic.upper()}."
