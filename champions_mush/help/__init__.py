"""RULES, +HELP and NEWS: YAML topic files, validated on load, looked up on a fixed ladder.

``HelpLibrary.load(root)`` reads every file under ``rules_data/``; ``library.rules("champions")``,
``library.help`` and ``library.news`` are :class:`Catalog` s with ``lookup``, ``search`` and
``heads``; ``library.reload()`` swaps in new files and keeps a broken file's last good version.

What only the command-line tools use (``check``: check-help; the importer: import-help) loads
at first use (PEP 562), so the game's process never loads it (docs/architecture.md).
"""

import importlib

from .catalog import Catalog, Hit, Match, Rung, edit_distance
from .library import Change, FileResult, HelpLibrary, ReloadReport, default_root
from .refs import Reference, find_references, parse_reference
from .topic import Problem, Severity, Topic, normalize

__all__ = [
    "Catalog",
    "Change",
    "FileResult",
    "HelpLibrary",
    "Hit",
    "ImportResult",
    "Match",
    "Problem",
    "Reference",
    "ReloadReport",
    "Rung",
    "Severity",
    "Topic",
    "check",
    "default_root",
    "dump_yaml",
    "edit_distance",
    "find_references",
    "import_mush",
    "normalize",
    "parse_mush",
    "parse_reference",
]

#: What the command-line tools use, by the module it is in.
_TOOLS = {"check": "checker", "ImportResult": "importer", "dump_yaml": "importer", "import_mush": "importer",
          "parse_mush": "importer"}


def __getattr__(name: str) -> object:
    """A command-line tool's name (``check``), its module imported now."""
    if name not in _TOOLS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_TOOLS[name]}", __name__), name)
    globals()[name] = value
    return value
