"""Resident memory of the game's startup, step by step, in one process without connections.

    python bench/startup_memory.py DATA_DIR [--fight]

Does what ``champions-mush serve`` does before it listens, in order (Twisted loaded lean, the
settings, the command table, the network layer, the game opened from DATA_DIR, the dispatcher
and factory), and prints the process's VmRSS after each step and after the collection and
``malloc_trim`` that follow the start (docs/performance.md, "Memory with 1,000 connected").
With ``--fight``, then what the process's first fight command loads (commands/fight.py's
handlers and the engine), before and after a collection and ``malloc_trim``. Use a copy of a data
directory: it is opened as the server would open it.
"""

from __future__ import annotations

import gc
import importlib
import sys
from pathlib import Path


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def main() -> None:
    data = Path(sys.argv[1])  # then --fight, or nothing
    last = rss_mb()

    def step(name: str) -> None:
        nonlocal last
        gc.collect()
        now = rss_mb()
        print(f"{now:6.1f} MB  {now - last:+5.1f}  {name} ({len(sys.modules)} modules)")
        last = now

    step("interpreter")
    from champions_mush.net.memory import load_twisted_lean, release_startup_memory

    load_twisted_lean()
    step("Twisted, lean")
    from champions_mush.cli import _config_path, load_config

    server, game_config = load_config(_config_path(data, None))
    step("settings and game model")
    from champions_mush.commands.table import build_dispatcher

    step("command table")
    from champions_mush.net import reload, status  # noqa: F401 - imported by serve
    from champions_mush.net.server import MushFactory

    step("network layer")
    from champions_mush.opening import open_game

    store, game = open_game(data, game_config, server)
    step("game opened")
    MushFactory(game, build_dispatcher(), coalesce_output=True)
    step("dispatcher and factory")
    release_startup_memory()
    step("collected and trimmed")
    store.close()
    if "--fight" in sys.argv[2:]:
        from champions_mush.commands.base import Later
        from champions_mush.commands.fight import COMMANDS

        for module in sorted({c.func.module for c in COMMANDS if isinstance(c.func, Later)}):
            importlib.import_module(module)
        step("the fight's handlers and engine loaded")
        release_startup_memory()
        step("collected and trimmed")


if __name__ == "__main__":
    main()
