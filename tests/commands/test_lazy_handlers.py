"""Every handler the table loads at first use (commands/base.py ``Later``) is there to load:
its module's ``HANDLERS`` has the command's own and each subcommand's, and nothing else."""

import importlib

from champions_mush.commands.base import Later
from champions_mush.commands.table import build_table


def _later(command) -> list[Later]:  # a Command
    handlers = [command.func, *(sub.func for sub in command.subcommands.values())]
    return [h for h in handlers if isinstance(h, Later)]


def test_each_lazy_handler_names_one_its_module_has():
    lazy = {c.key: _later(c) for c in build_table().commands if _later(c)}
    assert sorted(lazy) == ["+ao", "+ptb"]
    for key, handlers in lazy.items():
        modules = {h.module for h in handlers}
        assert len(modules) == 1, key
        assert sorted(importlib.import_module(modules.pop()).HANDLERS) == sorted(h.switch for h in handlers), key
