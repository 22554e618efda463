"""Time every command in the table on the hostile arguments of the regression test.

    python bench/hostile_args_bench.py [--top 15]

Runs each name and switch with each attack of ``tests/reliability/test_adversarial_arguments.py``
(an admin in a game of the command's ruleset, the test's memory store) and prints, as Markdown,
the slowest calls and the median and maximum over all of them (docs/reliability.md has the figures).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.reliability.test_adversarial_arguments import (
    ATTACKS,
    LINE_LIMIT,
    TABLE,
    _lines_for,
    _timed,
    _world,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    timings: list[tuple[float, str, str]] = []
    for command in TABLE.commands:
        _, actor = _world(command.key)
        for head in _lines_for(command):
            for attack, make in ATTACKS.items():
                line = f"{head} {make(LINE_LIMIT - len(head) - 1)}"
                took = min(_timed(actor, line)[0] for _ in range(3))
                timings.append((took, head, attack))
    timings.sort(reverse=True)
    seconds = [t for t, _, _ in timings]
    print(f"{len(timings)} calls (fastest of 3 each), Python {platform.python_version()}: "
          f"median {statistics.median(seconds) * 1000:.2f} ms, max {seconds[0] * 1000:.1f} ms\n")
    print("| command | attack | ms |\n|---|---|---:|")
    for took, head, attack in timings[: args.top]:
        print(f"| `{head}` | {attack} | {took * 1000:.1f} |")


if __name__ == "__main__":
    main()
