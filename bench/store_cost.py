#!/usr/bin/env python3
"""What a command's writes cost on each store: SQLite (the default, synchronous=FULL) against
PostgreSQL (a local server on a unix socket, synchronous_commit on, fsync on), measured as the
game's loop waits for them.

    python bench/store_cost.py [--writes 500]

Runs a throwaway PostgreSQL server of its own (tests/pgserver.py: Debian's initdb and pg_ctl).
Each figure is the median and 99th percentile of one call, in milliseconds: a character saved
(put), a roll logged (append), a scene line (add_row), a fight command's unit of work (one
transaction of 3 puts and an append), and a read (get).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from champions_mush.store.postgres import PostgresStore
from champions_mush.store.sqlite import SqliteStore
from tests.pgserver import PostgresServer, schema_url

DOC = {"name": "Starfire", "stun": 25, "body": 10, "end": 20, "conditions": [], "notes": "x" * 400}


def _time(call, count: int) -> dict:
    times = []
    for n in range(count):
        start = time.perf_counter()
        call(n)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {"p50_ms": round(statistics.median(times), 3), "p99_ms": round(times[int(0.99 * len(times))], 3)}


def _fight(store):
    def unit(n: int) -> None:
        with store.transaction():
            for key in ("1", "2", "3"):
                store.put("sheet", key, {**DOC, "round": n})
            store.append("combat", {"n": n}, 1.0)
    return unit


def measure(name: str, store, count: int) -> dict:
    row = {"store": name, "writes": count}
    row["put"] = _time(lambda n: store.put("character", str(n % 50), {**DOC, "n": n}), count)
    row["append"] = _time(lambda n: store.append("rolls", {"n": n, "dice": [3, 4, 5]}, 1.0), count)
    row["add_row"] = _time(lambda n: store.add_row("scene_line", "1", 2, {"text": "pose " * 20}, 1.0), count)
    row["fight_unit"] = _time(_fight(store), count // 2)
    row["get"] = _time(lambda n: store.get("character", str(n % 50)), count)
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writes", type=int, default=500)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        sqlite = SqliteStore(Path(folder) / "g.sqlite3")
        rows.append(measure("sqlite FULL", sqlite, args.writes))
        sqlite.close()
    server = PostgresServer()
    try:
        pg = PostgresStore(schema_url(server))
        rows.append(measure("postgresql (local socket)", pg, args.writes))
        pg.close()
    finally:
        server.stop()
    for row in rows:
        print(json.dumps(row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
