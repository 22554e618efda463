"""RULES, +HELP and NEWS: YAML topic files, validated on load, looked up on a fixed ladder.

``HelpLibrary.load(root)`` reads every file under ``rules_data/``; ``library.rules("champions")``,
``library.help`` and ``library.news`` are :class:`Catalog` s with ``lookup``, ``search`` and
``heads``; ``library.reload()`` swaps in new files and keeps a broken file's last good version.
"""

from .catalog import Catalog, Hit, Match, Rung, edit_distance
from .checker import check
from .importer import ImportResult, dump_yaml, import_mush, parse_mush
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
