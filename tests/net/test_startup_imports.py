"""What the game's process never uses at startup stays unloaded until its first use
(docs/architecture.md, "Loaded at first use"): checked in a fresh interpreter, since this one
has imported everything long ago."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: What ``champions-mush serve`` imports before it listens (cli.py, net/runner.py).
STARTUP = """
import sys, types
from champions_mush.net.memory import load_twisted_lean
load_twisted_lean()
import champions_mush.net.runner, champions_mush.opening
from champions_mush.commands.table import build_dispatcher
build_dispatcher()
import champions_mush.net.server, champions_mush.net.reload, champions_mush.net.status

def loaded(name):
    # a module LazyLoader holds (net/memory.py) is not of type ModuleType until its first use
    return type(sys.modules.get(name)) is types.ModuleType

print(sorted(name for name in sys.argv[1:] if loaded(name)))
"""

#: Loaded only by a Hero Designer paste (+sheet/import) or ``import-hdc``.
HERO_DESIGNER = ["champions_mush.game.hdc", "defusedxml", "pyexpat", "xml.etree.ElementTree", "_elementtree"]


def _loaded_at_startup(names: list[str]) -> list[str]:
    out = subprocess.run([sys.executable, "-c", STARTUP, *names], capture_output=True, text=True, timeout=60,
                         check=True, cwd=ROOT)
    return out.stdout.splitlines()


def test_serve_loads_none_of_what_only_a_rare_command_needs():
    assert _loaded_at_startup(HERO_DESIGNER) == ["[]"]
