#!/usr/bin/env python3
"""The CPU of one +attack in process: the game and rules layers without the network.

A fight of 4 (PD/ED 50, so the fight runs steadily) on a SQLite store (``synchronous=OFF``: the
fsync is not CPU), the one whose Phase it is attacking the next with ``+attack <name>=strike``
through the command table, as tests/harness.py drives it. Prints the process CPU per attack,
best of ``--repeat`` runs of ``--attacks`` (docs/performance.md, "Fights"). ``--no-gmcp``: the
connections take no GMCP, as the telnet benchmark's clients (bench/fight_bench.py). ``--profile``:
cProfile's top functions instead.

    .venv/bin/python bench/attack_cpu.py --attacks 300 --repeat 5 --no-gmcp

Instructions, which a busy machine does not change (each run's setup taken away):

    for n in 400 0; do valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python bench/attack_cpu.py --attacks $n --repeat 1 --no-gmcp 2>&1 | grep Collected; done
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.fight_bench import NAMES, fight_of_four


def _fight(tmp: str):  # a World and its sessions
    from champions_mush.store.sqlite import SqliteStore

    world, _gm, people = fight_of_four(SqliteStore(Path(tmp) / "game.sqlite3", synchronous="OFF"))
    return world, people


def _attacks(world, people: dict, count: int) -> float:  # world: tests/harness.py World
    """Run ``count`` attacks; the process CPU seconds of each, on average."""
    by_id = {session.character_id: name for name, session in people.items()}
    room = str(world.game.characters[people["Ann"].character_id].location)
    spent = 0.0
    for _ in range(count):
        current = by_id[world.game.store.get("combat", room)["current"]]
        target = NAMES[(NAMES.index(current) + 1) % len(NAMES)]
        session = people[current]
        start = time.process_time()
        session.do(f"+attack {target}=strike")
        spent += time.process_time() - start
        for one in people.values():
            one.output.clear()
            one.gmcp.clear()
    return spent / count if count else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--attacks", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--no-gmcp", action="store_true", help="connections that take no GMCP")
    parser.add_argument("--profile", action="store_true", help="cProfile's top 40 functions by own time")
    args = parser.parse_args()
    if args.no_gmcp:
        from tests.harness import FakeSession

        FakeSession.wants_gmcp = lambda self, package: False  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory(prefix="attackcpu-") as tmp:
        world, people = _fight(tmp)
        _attacks(world, people, 50)  # warm: every cache and kept document in place
        if args.profile:
            profile = cProfile.Profile()
            profile.runcall(_attacks, world, people, args.attacks)
            pstats.Stats(profile).sort_stats("tottime").print_stats(40)
            return
        best = min(_attacks(world, people, args.attacks) for _ in range(args.repeat)) if args.attacks else 0.0
        print(f"CPU per +attack: {best * 1000:.3f} ms (best of {args.repeat} x {args.attacks}, in process, fight of 4"
              f"{', no GMCP' if args.no_gmcp else ''})")


if __name__ == "__main__":
    main()
