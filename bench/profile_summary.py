#!/usr/bin/env python3
"""Summarise a py-spy profile (``py-spy record --format raw``: collapsed stacks) as text.

    py-spy record -p PID -d 15 -r 200 --format raw -o /tmp/say.raw &
    python bench/loadgen.py ... --scenario say --clients 200 --duration 10
    python bench/profile_summary.py /tmp/say.raw [--top 25]

Prints the functions where the server spends its own time (self) and the ones whose calls take
the most time (inclusive), as percentages of all samples.
"""

from __future__ import annotations

import argparse
import collections
import re


def _frame(frame: str) -> str:
    # "func (path/to/module.py:123)" -> "func (module.py)"
    m = re.match(r"(.*?) \((.*?)(?::\d+)?\)$", frame.strip())
    if not m:
        return frame.strip()
    func, path = m.groups()
    return f"{func} ({path.rsplit('/', 2)[-2:][-1] if '/' in path else path})"


def summarise(path: str, top: int) -> str:
    own: collections.Counter[str] = collections.Counter()
    incl: collections.Counter[str] = collections.Counter()
    total = 0
    with open(path) as f:
        for line in f:
            stack, _, count = line.rstrip().rpartition(" ")
            if not stack or not count.isdigit():
                continue
            n = int(count)
            frames = [_frame(x) for x in stack.split(";") if x.strip()]
            if not frames:
                continue
            total += n
            own[frames[-1]] += n
            for name in set(frames):
                incl[name] += n
    out = [f"{total} samples"]
    for title, counter in (("self", own), ("inclusive", incl)):
        out.append(f"\n-- top {top} by {title} time --")
        for name, n in counter.most_common(top):
            out.append(f"{100 * n / total:6.1f}%  {name}")
    return "\n".join(out)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("raw")
    p.add_argument("--top", type=int, default=25)
    a = p.parse_args()
    print(summarise(a.raw, a.top))


if __name__ == "__main__":
    main()
