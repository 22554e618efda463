#!/usr/bin/env python3
"""A bystander's ``say`` while fights commit on PostgreSQL (docs/performance.md, "A bystander
while fights commit on PostgreSQL").

A throwaway PostgreSQL server (tests/pgserver.py: Debian's ``initdb``, a unix socket, ``fsync``
and ``synchronous_commit`` on), optionally with every durable commit made slower by
``commit_delay`` (what a slow disk or a synchronous replica across a network costs). The real
server (``champions-mush serve``, ``store: postgresql://...``) on 127.0.0.1; ROOMS rooms each
with a fight of 4 taking turns with ``+attack`` closed loop (bench/fight_bench.py), and meanwhile
a bystander in another room who says a line every 20 ms and times its echo (``You say, ...``).
Prints the bystander's latency (p50, p99, max) and the fights' attacks/s and latency.
``--logins N``: instead of fights, N accounts (made first) connect at once while the bystander
says his lines; prints his latency over the storm and when the last login was welcomed.

    .venv/bin/python bench/pg_bystander.py --rooms 10 --duration 15 --commit-delay-ms 20
    .venv/bin/python bench/pg_bystander.py --logins 100 --commit-delay-ms 20
    PYTHONPATH=/tmp/before .venv/bin/python bench/pg_bystander.py ...   # another tree's game
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.fight_bench import PASSWORD, PHASE, Conn, _free_port, _pct, _setup, serving
from tests.pgserver import PostgresServer

#: seconds between the bystander's lines
SAY_EVERY = 0.02


async def _bystander(port: int, stop: float, latencies: list[float]) -> None:
    conn = await Conn.open(port)
    await conn.do(f"create Watcher {PASSWORD}", b"Welcome to ")
    n = 0
    while time.monotonic() < stop:
        start = time.monotonic()
        await conn.do(f"say ping {n}", f'You say, "ping {n}"'.encode())
        latencies.append(time.monotonic() - start)
        n += 1
        await asyncio.sleep(max(0.0, SAY_EVERY - (time.monotonic() - start)))


async def _run(port: int, rooms: int, duration: float, warmup: float) -> dict:
    admin, arenas = await _setup(port, rooms)
    attacks: list[float] = []
    said: list[float] = []
    stop = time.monotonic() + warmup + duration
    tasks = []
    for i, fighters in enumerate(arenas):  # started one by one: the admin's lines are read in turn
        await admin.do(f"@tel Arena{i}", b"\n")
        admin.send("+combat/next")
        first = PHASE.search(await fighters[0][1].until(b"acts.")).group(1).decode()
        tasks.append(asyncio.create_task(_fight(fighters, first, stop, attacks)))
    watcher = asyncio.create_task(_bystander(port, stop, said))
    await asyncio.sleep(warmup)
    from_attack, from_said = len(attacks), len(said)
    t0 = time.monotonic()
    await asyncio.gather(*tasks, watcher)
    elapsed = time.monotonic() - t0
    fights, says = sorted(attacks[from_attack:]), sorted(said[from_said:])
    return {"attacks_per_second": len(fights) / elapsed, "attack_p50": _pct(fights, 50), "attack_p99": _pct(fights, 99),
            "says": len(says), "say_p50": _pct(says, 50), "say_p99": _pct(says, 99), "say_max": says[-1] if says else 0}


async def _fight(fighters: list[tuple[str, Conn]], current: str, stop: float, latencies: list[float]) -> None:
    """One room's fight from its first Phase, as bench/fight_bench.py runs it."""
    by_name, names = dict(fighters), [n for n, _ in fighters]
    while time.monotonic() < stop:
        conn = by_name[current]
        target = names[(names.index(current) + 1) % 4]
        start = time.monotonic()
        conn.send(f"+attack {target}=strike")
        await conn.until(f"[Combat] {current} Strikes {target}".encode())
        block = await conn.until(b"acts.")
        latencies.append(time.monotonic() - start)
        current = PHASE.findall(block)[-1].decode()
        for _, other in fighters:
            if other is not conn:
                other.buf = other.buf[-8192:]


async def _login_storm(port: int, logins: int, warmup: float) -> dict:
    """``logins`` accounts made (ten at a time) and gone; then all connect at once while the
    bystander says his lines: his latency from the storm's start to the last welcome."""
    async def make(names: list[str]) -> None:
        for name in names:
            conn = await Conn.open(port)
            await conn.do(f"create {name} {PASSWORD}", b"Welcome to ")
            conn.writer.close()
    names = [f"Storm{i}" for i in range(logins)]
    await asyncio.gather(*(make(names[i::10]) for i in range(10)))
    said: list[float] = []
    stop = time.monotonic() + 600
    watcher = asyncio.create_task(_bystander(port, stop, said))
    await asyncio.sleep(warmup)
    conns = await asyncio.gather(*(Conn.open(port) for _ in names))
    from_said, t0 = len(said), time.monotonic()
    for name, conn in zip(names, conns, strict=True):
        conn.send(f"connect {name} {PASSWORD}")
    await asyncio.gather(*(conn.until(b"Welcome to ") for conn in conns))
    last_in = time.monotonic() - t0
    says = sorted(said[from_said:])
    watcher.cancel()
    return {"last_in": last_in, "says": len(says), "say_p50": _pct(says, 50), "say_p99": _pct(says, 99),
            "say_max": says[-1] if says else 0}


def _game_connections(url: str) -> int:
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        return db.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                          "AND pid <> pg_backend_pid() AND backend_type = 'client backend'").fetchone()[0]


def bench(rooms: int, duration: float, warmup: float, commit_delay_ms: float, logins: int = 0) -> dict:
    pg = PostgresServer()
    try:
        import psycopg

        with psycopg.connect(pg.url, autocommit=True) as db:
            db.execute(f"ALTER SYSTEM SET commit_delay = {int(commit_delay_ms * 1000)}")
            db.execute("ALTER SYSTEM SET commit_siblings = 0")  # every durable commit waits it
            db.execute("SELECT pg_reload_conf()")
        with tempfile.TemporaryDirectory(prefix="pgbystander-") as tmp:
            data = Path(tmp)
            port = _free_port()
            with serving(data, port, f"store: '{pg.url}'\n"):
                result = asyncio.run(_login_storm(port, logins, warmup) if logins else _run(port, rooms, duration, warmup))
                result["game_connections"] = _game_connections(pg.url)
    finally:
        pg.stop()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--duration", type=float, default=15.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--logins", type=int, default=0, help="a login storm of this many instead of fights")
    parser.add_argument("--commit-delay-ms", type=float, default=0.0,
                        help="PostgreSQL's commit_delay: every durable commit waits this long first (at most 100)")
    args = parser.parse_args()
    r = bench(args.rooms, args.duration, args.warmup, args.commit_delay_ms, args.logins)
    tree = os.environ.get("PYTHONPATH") or "this tree"
    if args.logins:
        print(f"{tree}: {args.logins} logins at once on PostgreSQL, commit_delay {args.commit_delay_ms:g} ms "
              f"(game connections to the server: {r['game_connections']}):")
        print(f"  bystander say over the storm: {r['says']} lines, p50 {r['say_p50'] * 1000:.1f} ms, "
              f"p99 {r['say_p99'] * 1000:.1f} ms, max {r['say_max'] * 1000:.1f} ms")
        print(f"  last login welcomed {r['last_in']:.2f} s after the first connect; load average "
              f"{' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
        return
    print(f"{tree}: {args.rooms} rooms x 4 fighters on PostgreSQL, commit_delay {args.commit_delay_ms:g} ms, "
          f"{args.duration:.0f} s measured after {args.warmup:.0f} s (game connections to the server: "
          f"{r['game_connections']}):")
    print(f"  bystander say: {r['says']} lines, p50 {r['say_p50'] * 1000:.1f} ms, p99 {r['say_p99'] * 1000:.1f} ms, "
          f"max {r['say_max'] * 1000:.1f} ms")
    print(f"  fights: {r['attacks_per_second']:.0f} attacks/s, p50 {r['attack_p50'] * 1000:.1f} ms, "
          f"p99 {r['attack_p99'] * 1000:.1f} ms; load average {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")


if __name__ == "__main__":
    main()
