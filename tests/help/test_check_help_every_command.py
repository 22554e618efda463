"""``check-help`` walks the whole command table: one command of it without a +HELP entry makes it
fail (exit 1, an error line), not warn (docs/architecture.md, "Help text")."""

from __future__ import annotations

import io
import re

from champions_mush.commands import table as command_table
from champions_mush.commands.base import PREFIXES, Command, Role
from champions_mush.commands.dispatch import CommandTable
from champions_mush.help import cli as help_cli
from champions_mush.help.cli import check_help_main


def test_a_command_in_the_table_without_help_fails_check_help(monkeypatch):
    real = command_table.build_table()
    helpless = Command("+nohelp", lambda ctx, parsed: None, summary="a command nobody documented")
    monkeypatch.setattr(command_table, "build_table", lambda: CommandTable([*real.commands, helpless]))
    out = io.StringIO()
    assert check_help_main(["-q"], out=out) == 1
    error, summary = out.getvalue().splitlines()  # -q: the errors, then the count
    assert error == "ERROR: help/: command '+nohelp' has no +HELP entry '+NOHELP'"
    assert re.fullmatch(r"check-help: \d+ topics in \d+ files under .+; 1 errors, \d+ warnings, \d+ notes", summary)


def test_every_command_in_the_table_is_checked(monkeypatch):
    """check-help asks the checker about every command of the table, each with its topic, names
    and the switches only staff may use."""
    asked: list[tuple[str, str, tuple[str, ...], tuple[str, ...]]] = []
    real_check = help_cli.check

    def spy(library, strict=False, commands=()):
        asked.extend(commands)
        return real_check(library, strict=strict, commands=commands)

    monkeypatch.setattr(help_cli, "check", spy)
    assert check_help_main(["-q"], out=io.StringIO()) == 0
    assert asked == [(c.key, c.help_topic, (*c.names, *(p for p, key in PREFIXES.items() if key == c.key)),
                      tuple(s for s, role in c.switch_roles.items() if role >= Role.STAFF))
                     for c in command_table.build_table().commands]
    assert ("+xp", "+xp", ("+xp",), ("award", "remove", "alt")) in asked
