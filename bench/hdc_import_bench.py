"""Benchmark the Hero Designer import: parse and price ``everything_lad_5e.hdc`` (~100 KB).

    python bench/hdc_import_bench.py [--runs 50]

Times (the figures in docs/performance.md, "Importing a Hero Designer file"): ``read_hdc``
alone (what runs off the reactor thread), the save and sheet render that follow on the game's
thread, the whole paste through the command layer (900+ lines, each through the dispatcher,
then the import) with an in-memory store, the same file as Hero Designer saves it (UTF-16) in
base64 lines, and the +sheet/export of it.
"""

from __future__ import annotations

import argparse
import base64
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from champions_mush.commands.sheets import render_sheet
from champions_mush.game.hdc import read_hdc
from champions_mush.game.hdc_export import export_text
from champions_mush.game.hero import get_hero, save_hero
from champions_mush.game.sheets import get_sheet
from tests.harness import make_world

FILE = ROOT / "tests" / "game" / "data" / "hdc" / "everything_lad_5e.hdc"


def _time(func: Callable[[], object], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    data = FILE.read_bytes()
    text = data.decode("utf-8")
    lines = text.splitlines()

    world = make_world()
    alice = world.login("Alice")
    char = world.game.find_character("Alice")
    imported = read_hdc(data, char.id)

    def save_and_show() -> None:
        save_hero(world.game, imported.hero)
        render_sheet(get_sheet(world.game, char), 78, get_hero(world.game, char))

    def paste() -> None:
        alice.do("+sheet/import")
        for line in lines:
            alice.do(line)
        alice.do(".")

    encoded = base64.b64encode(text.encode("utf-16")).decode("ascii")
    wrapped = ["-----BEGIN HDC-----", *(encoded[i:i + 76] for i in range(0, len(encoded), 76)), "-----END HDC-----"]

    def paste_base64() -> None:
        alice.do("+sheet/import")
        for line in wrapped:
            alice.do(line)
        alice.do(".")

    def export() -> None:
        export_text(get_hero(world.game, char), "Alice")

    rows = [("read_hdc (parse and price, off the reactor thread)", _time(lambda: read_hdc(data, char.id), args.runs)),
            ("save_hero + render +sheet (game thread)", _time(save_and_show, args.runs)),
            (f"whole paste through the dispatcher ({len(lines)} lines + import)", _time(paste, max(5, args.runs // 5))),
            (f"the file as Hero Designer saves it (UTF-16), pasted in base64 ({len(wrapped)} lines + import)",
             _time(paste_base64, max(5, args.runs // 5))),
            ("+sheet/export's file (game thread)", _time(export, args.runs))]
    print(f"everything_lad_5e.hdc: {len(data):,} bytes, {len(imported.hero.items)} items; "
          f"Python {platform.python_version()} on {platform.machine()}")
    print()
    print("| Step | median ms | p95 ms | max ms |")
    print("| --- | ---: | ---: | ---: |")
    for name, times in rows:
        times.sort()
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(f"| {name} | {statistics.median(times):.1f} | {p95:.1f} | {times[-1]:.1f} |")


if __name__ == "__main__":
    main()
