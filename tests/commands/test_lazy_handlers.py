"""Every handler the table loads at first use (commands/base.py ``Later``) is there to load:
each command's handlers come from one module, whose ``HANDLERS`` has those of every command that
names it, and nothing else."""

import importlib

from champions_mush.commands.base import Later
from champions_mush.commands.table import build_table


def _later(command) -> list[Later]:  # a Command
    handlers = [command.func, *(sub.func for sub in command.subcommands.values())]
    return [h for h in handlers if isinstance(h, Later)]


def test_each_lazy_handler_names_one_its_module_has():
    lazy = {c.key: _later(c) for c in build_table().commands if _later(c)}
    assert sorted(lazy) == ["+ao", "+area", "+attack", "+combat", "+damage", "+end", "+haymaker", "+heal", "+kb",
                            "+levels", "+maneuver", "+moveby", "+movethrough", "+paramedics", "+pre", "+ptb", "+pullpunch",
                            "+push", "+recover", "+use"]
    named: dict[str, list[str]] = {}
    for key, handlers in lazy.items():
        modules = {h.module for h in handlers}
        assert len(modules) == 1, key
        named.setdefault(modules.pop(), []).extend(h.name for h in handlers)
    for module, names in named.items():
        assert sorted(importlib.import_module(module).HANDLERS) == sorted(names), module
