"""Benchmark the help system: loading thousands of topics, and each rung of the lookup ladder.

    python bench/help_bench.py [--topics 5000] [--files 50]

Prints a Markdown table (the figures in docs/performance-help.md come from it). Lookups are
timed both uncached (the ladder climbed every time) and through the per-catalog answer cache.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from champions_mush.help import HelpLibrary, normalize
from champions_mush.help.render import render_topic

WORDS = ("knockback", "damage", "presence", "recovery", "maneuver", "movement", "energy", "blast", "killing",
         "normal", "stun", "body", "speed", "phase", "segment", "power", "armor", "flight", "leap", "swim")


def make_root(root: Path, topics: int, files: int) -> None:
    """``topics`` synthetic topics over ``files`` files, a quarter of them continuation pages."""
    per_file = topics // files
    n = 0
    for f in range(files):
        lines = [f"category: cat{f % 12}", "topics:"]
        for _ in range(per_file):
            a, b = WORDS[n % len(WORDS)], WORDS[(n // len(WORDS)) % len(WORDS)]
            name = f"{a} {b} {n}" if n % 4 else f"{a} {b} {n} 2"
            lines += [f"  - name: {name.upper()}", f"    aliases: [T{n}]", f"    see_also: [T{(n + 1) % topics}]",
                      "    text: |",
                      *(f"      Line {i} of topic {n}: the {a} rules for {b} in Champions, {n * i}." for i in range(12))]
            n += 1
        (root / "rules" / "bench").mkdir(parents=True, exist_ok=True)
        (root / "rules" / "bench" / f"file{f:03}.yaml").write_text("\n".join(lines) + "\n")


def per_call(func: Callable[[], object], number: int, repeat: int = 5) -> float:
    """Median seconds per call over ``repeat`` runs of ``number`` calls."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            func()
        runs.append((time.perf_counter() - start) / number)
    return statistics.median(runs)


def us(seconds: float) -> str:
    return f"{seconds * 1e6:,.1f} µs"


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:,.1f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--topics", type=int, default=5000)
    parser.add_argument("--files", type=int, default=50)
    args = parser.parse_args(argv)
    rows: list[tuple[str, str]] = []

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        make_root(root, args.topics, args.files)
        load = per_call(lambda: HelpLibrary.load(root), 1, repeat=3)
        library = HelpLibrary.load(root)
        unchanged = per_call(library.reload, 1, repeat=3)
        big = library.rules("bench")
        index = per_call(lambda: big._view(False).__class__(big, big.topics), 1, repeat=3)
        rows += [
            (f"load {len(big)} topics from {args.files} files (parse, validate, build the indexes)", ms(load)),
            ("@reload-help with no file changed", ms(unchanged)),
            ("build the lookup indexes for one audience (included in both figures above)", ms(index)),
        ]
        big_queries = {
            "exact": "ENERGY KNOCKBACK 6", "alias": "t77", "prefix": "stun knockback 41",
            "word prefixes": "stu kno 410", "one typo": "stnu knockback 410", "wildcard": "*blast 17*",
            "near miss (suggestions)": "stun knockbak 411", "far miss": "qqqqq zzzzz",
        }
        view = big._view(False)
        for rung, query in big_queries.items():
            q = normalize(query)
            match = view._climb(query, q)
            cold = per_call(lambda q=q, query=query: view._climb(query, q), 20 if "miss" in rung else 200)
            rows.append((f"{len(big)} topics, {rung} `{query}` -> {match.rung.value} (uncached)", us(cold)))
        search = per_call(lambda: big.search("knockback energy"), 20)
        rows.append((f"{len(big)} topics, search `knockback energy`", us(search)))

    champions = HelpLibrary.load(ROOT / "rules_data").rules("champions")
    cview = champions._view(False)
    for rung, query in {"exact": "knockback 2", "alias": "combat se", "prefix": "knockb",
                        "word prefixes": "pre att 2", "one typo": "know 2", "wildcard": "move*",
                        "miss (suggestions)": "dieing"}.items():
        q = normalize(query)
        cold = per_call(lambda q=q, query=query: cview._climb(query, q), 2000)
        warm = per_call(lambda query=query: champions.lookup(query), 20000)
        rung = f"{rung} -> {cview._climb(query, q).rung.value}"
        rows.append((f"Champions ({len(champions)} topics), {rung} `{query}`: uncached / cached",
                     f"{us(cold)} / {us(warm)}"))
    topic = champions.get("knockback 3")
    rows.append(("render KNOCKBACK 3 at 78 columns / at 40 columns",
                 (f"{us(per_call(lambda: render_topic(topic, champions, 78), 5000))} / "
                 f"{us(per_call(lambda: render_topic(topic, champions, 40), 2000))}")))

    print(f"Python {platform.python_version()} on {platform.machine()} ({platform.system()})\n")
    print("| what | time |\n| --- | --- |")
    for what, figure in rows:
        print(f"| {what} | {figure} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
