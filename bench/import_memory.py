"""Python memory each module's import keeps (tracemalloc), for the game's startup.

    python bench/import_memory.py DATA_DIR [--top 60] [--after-settings]

Loads Twisted lean, the settings of DATA_DIR, the command table and the network layer as
``champions-mush serve`` does, and prints what each module's own code, classes and tables hold
once imported (what its imports hold counted with them, not with it), biggest first, and the
totals by package. ``--after-settings`` counts only what the command table and the network
layer bring. The process's resident memory: ``bench/startup_memory.py``.
"""

from __future__ import annotations

import argparse
import collections
import importlib.abc
import sys
import tracemalloc
from pathlib import Path
from typing import Any

_kept: dict[str, int] = {}
_open: list[int] = []


class _Measured(importlib.abc.Loader):
    """Runs the real loader's module, counting the memory its code keeps."""

    def __init__(self, name: str, real: Any) -> None:
        self.name, self.real = name, real

    def create_module(self, spec: Any) -> Any:
        return self.real.create_module(spec)

    def exec_module(self, module: Any) -> None:
        _open.append(0)
        before = tracemalloc.get_traced_memory()[0]
        try:
            self.real.exec_module(module)
        finally:
            total = tracemalloc.get_traced_memory()[0] - before
            inner = _open.pop()
            _kept[self.name] = total - inner
            if _open:
                _open[-1] += total


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                    spec.loader = _Measured(name, spec.loader)
                return spec
        return None


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("data_dir", type=Path)
    p.add_argument("--top", type=int, default=60)
    p.add_argument("--after-settings", action="store_true", help="count the command table and network layer only")
    a = p.parse_args()
    tracemalloc.start(1)
    sys.meta_path.insert(0, _Finder())
    from champions_mush.net.memory import load_twisted_lean

    load_twisted_lean()
    from champions_mush.cli import _config_path, load_config

    load_config(_config_path(a.data_dir, None))
    if a.after_settings:
        _kept.clear()
    from champions_mush.commands.table import build_dispatcher  # noqa: F401 - imported to be counted
    from champions_mush.net import reload, server, status  # noqa: F401 - imported by serve

    print(f"{sum(_kept.values()) / 1e6:.2f} MB kept by {len(_kept)} modules")
    packages: collections.Counter[str] = collections.Counter()
    for name, size in _kept.items():
        packages[".".join(name.split(".")[:2])] += size
    for name, size in packages.most_common(15):
        print(f"{size / 1e3:8.0f} kB  {name}")
    print()
    for name, size in sorted(_kept.items(), key=lambda item: -item[1])[:a.top]:
        print(f"{size / 1e3:8.0f} kB  {name}")


if __name__ == "__main__":
    main()
