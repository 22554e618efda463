#!/usr/bin/env python3
"""Fights under load: 20 rooms, each with a fight of 4 taking turns with +attack.

Two measurements (docs/performance.md, "Fights"):

1. **Over telnet**, the real server: ``champions-mush serve`` on a scratch data directory and
   port on 127.0.0.1, an admin made with ``create-admin``, 4 x ROOMS players who each log in on
   a real TCP connection. The admin digs the rooms, starts a fight in each and joins its four;
   then, closed loop, the player whose Phase it is sends ``+attack <next>=strike`` and waits for
   the line naming the next Phase (the end of the attack's block). Prints attacks/s and the
   latency percentiles from sending the attack to reading that line.
2. **In process**, a fight of 4 on a SQLite store (``synchronous=FULL``) that counts its calls:
   store reads, writes and commits (durable writes) per ``+attack``, ``+recover``,
   ``+combat/next`` and ``+combat/undo``.

Every fighter has PD/ED 50, so no damage gets through and the fights run steadily; the
machine's other users share its 2 cores, so figures are labelled as taken under load.

    .venv/bin/python bench/fight_bench.py --rooms 20 --duration 20
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

PASSWORD = "benchpw12"
PHASE = re.compile(rb"\[Combat\] (\w+)'s Phase \(DEX \d+\): acts\.")


# --- over telnet ---------------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _cli() -> list[str]:
    exe = Path(sys.executable).with_name("champions-mush")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "champions_mush"]


class Conn:
    """One telnet client: lines in, lines out (telnet negotiation ignored: we never agree)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.buf = b""

    @classmethod
    async def open(cls, port: int) -> Conn:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        return cls(reader, writer)

    def send(self, line: str) -> None:
        self.writer.write(line.encode() + b"\r\n")

    async def until(self, needle: bytes, timeout: float = 30) -> bytes:
        deadline = time.monotonic() + timeout
        while needle not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"never saw {needle!r}; last: {self.buf[-300:]!r}")
            data = await asyncio.wait_for(self.reader.read(65536), left)
            if not data:
                raise ConnectionError("closed")
            self.buf += data
        head, _, self.buf = self.buf.partition(needle)
        return head + needle

    async def do(self, line: str, needle: bytes) -> bytes:
        self.send(line)
        return await self.until(needle)


async def _setup(port: int, rooms: int) -> tuple[Conn, list[list[tuple[str, Conn]]]]:
    admin = await Conn.open(port)
    await admin.do(f"connect Root {PASSWORD}", b"Welcome to ")
    arenas = []
    for r in range(rooms):
        await admin.do(f"@dig Arena{r}", b"\n")
        fighters = []
        for f in range(4):
            name = f"B{r}x{f}"
            conn = await Conn.open(port)
            await conn.do(f"create {name} {PASSWORD}", b"Welcome to ")
            for stat in ("PD=50", "ED=50"):
                await conn.do(f"+stat {stat}", b"points")
            await admin.do(f"@tel {name}=Arena{r}", b"\n")
            fighters.append((name, conn))
        await admin.do(f"@tel Arena{r}", b"\n")
        await admin.do("+combat/start", b"starts fight")
        for name, _ in fighters:
            await admin.do(f"+combat/join {name}", f"{name} joins".encode())
        arenas.append(fighters)
    return admin, arenas


async def _room(fighters: list[tuple[str, Conn]], admin: Conn, index: int, stop: float,
                latencies: list[float]) -> int:
    """One room's fight: the one whose Phase it is attacks the next fighter; returns attacks made."""
    by_name = dict(fighters)
    names = [n for n, _ in fighters]
    watcher = fighters[0][1]
    await admin.do(f"@tel Arena{index}", b"\n")
    admin.send("+combat/next")
    line = await watcher.until(b"acts.")
    current = PHASE.search(line).group(1).decode()
    made = 0
    while time.monotonic() < stop:
        conn = by_name[current]
        target = names[(names.index(current) + 1) % 4]
        start = time.monotonic()
        conn.send(f"+attack {target}=strike")
        await conn.until(f"[Combat] {current} Strikes {target}".encode())  # what came before is older
        block = await conn.until(b"acts.")
        latencies.append(time.monotonic() - start)
        made += 1
        current = PHASE.findall(block)[-1].decode()
        for _, other in fighters:  # keep the others' buffers short (their next attack skips to its block)
            if other is not conn:
                other.buf = other.buf[-8192:]
    return made


def _commits(metrics_port: int) -> float:
    """Store commits so far (each a durable write: an fsync with ``synchronous=FULL``), from the
    server's metrics page (``champions_store_write_seconds_count``)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=10) as page:
        for line in page.read().decode().splitlines():
            if line.startswith("champions_store_write_seconds_count"):
                return float(line.split()[-1])
    return 0.0


async def _telnet_run(port: int, rooms: int, duration: float, warmup: float, server: int, metrics: int) -> dict:
    admin, arenas = await _setup(port, rooms)
    latencies: list[float] = []
    # the rooms are started one by one by the admin, then all run at once
    begin = time.monotonic()
    stop = begin + warmup + duration
    tasks = []
    for i, fighters in enumerate(arenas):
        tasks.append(asyncio.create_task(_room(fighters, admin, i, stop, latencies)))
        await asyncio.sleep(0.01)
    await asyncio.sleep(warmup)
    measured_from = len(latencies)
    t0, cpu0, mine0 = time.monotonic(), _cpu(server), _cpu(os.getpid())
    commits0 = await asyncio.to_thread(_commits, metrics)  # the fights go on meanwhile
    counts = await asyncio.gather(*tasks)
    elapsed = time.monotonic() - t0
    cpu, mine = _cpu(server) - cpu0, _cpu(os.getpid()) - mine0  # the measured window only, not the setup
    commits = _commits(metrics) - commits0
    window = sorted(latencies[measured_from:])
    return {"attacks": sum(counts), "measured": len(window), "seconds": elapsed, "commits": commits,
            "server_cpu": cpu / elapsed if elapsed else 0.0, "client_cpu": mine / elapsed if elapsed else 0.0,
            "per_second": len(window) / elapsed if elapsed else 0.0,
            "p50": _pct(window, 50), "p99": _pct(window, 99), "max": window[-1] if window else 0.0}


def _pct(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    return values[min(len(values) - 1, int(len(values) * p / 100))]


def telnet_bench(rooms: int, duration: float, warmup: float, sync: str = "FULL") -> dict:
    with tempfile.TemporaryDirectory(prefix="fightbench-") as tmp:
        data = Path(tmp)
        port = _free_port()
        metrics = next(p for p in iter(_free_port, None) if p != port)
        with serving(data, port, f"sqlite_synchronous: {sync}\nmetrics_port: {metrics}\n") as server:
            result = asyncio.run(_telnet_run(port, rooms, duration, warmup, server.pid, metrics))
        result["disk"] = [line.split(": ", 1)[-1] for log in (data / "logs").glob("*.log")
                          for line in log.read_text().splitlines() if "the disk is" in line]
        return result


#: The benchmarks' game: no pacing, no login limits, a cheap password hash, no web port.
BENCH_CONFIG = ("password_cost: 1024\ncommand_rate: 0\nconnects_per_minute: 0\ncreates_per_address_per_day: 0\n"
                "failed_logins_per_minute: 100000\nidle_timeout: 0\nweb_port: 0\n")


@contextlib.contextmanager
def serving(data: Path, port: int, config: str = "") -> Iterator[subprocess.Popen]:
    """``champions-mush serve`` on ``port`` over ``data`` (:data:`BENCH_CONFIG` and ``config``,
    admin Root), once it listens; stopped at the end."""
    (data / "config.yaml").write_text(BENCH_CONFIG + config)
    subprocess.run([*_cli(), "create-admin", "--data-dir", str(data), "--password", PASSWORD, "Root"],
                   check=True, capture_output=True)
    server = subprocess.Popen([*_cli(), "serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir",
                               str(data)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(100):
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                break
            time.sleep(0.1)
        yield server
    finally:
        server.terminate()
        server.wait(10)


def _cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# --- in process: store calls per command ----------------------------------------------------------
NAMES = ("Ann", "Bea", "Cal", "Dot")


def fight_of_four(store):  # a World (tests/harness.py), Gina's session and the fighters' by name
    """Ann, Bea, Cal and Dot (PD and ED 50, so nobody falls) in a fight Gina has begun, on ``store``."""
    from champions_mush.commands.base import Role
    from champions_mush.rules.dice import RandomRoller
    from tests.harness import World

    world = World(roller=RandomRoller(7), store=store)
    gm = world.login("Gina", role=Role.STAFF)
    people = {name: world.login(name) for name in NAMES}
    for session in people.values():
        session.do("+stat PD=50")
        session.do("+stat ED=50")
    gm.do("+combat/start")
    for name in people:
        gm.do(f"+combat/join {name}")
    gm.do("+combat/next")
    return world, gm, people


def store_counts(attacks: int, synchronous: str = "FULL") -> dict[str, tuple[float, ...]]:
    """Store reads, writes, durable commits, log-only commits (no fsync) and milliseconds per
    command, on SQLite, in a fight of 4."""
    from champions_mush.store.sqlite import SqliteStore

    class Counted(SqliteStore):
        def __init__(self, path: Path) -> None:
            super().__init__(path, synchronous=synchronous)
            self.reads = self.writes = self.commits = self.log_commits = 0

        def _control(self, sql: str) -> None:
            self.commits += sql == "COMMIT"
            super()._control(sql)

    for name in ("get", "get_many", "all", "tail", "entry"):
        def read(self, *a, _f=getattr(SqliteStore, name), **k):  # noqa: B008 - binds this turn of the loop
            self.reads += 1
            return _f(self, *a, **k)
        setattr(Counted, name, read)
    for name in ("put", "delete", "append", "next_id"):
        def write(self, *a, _f=getattr(SqliteStore, name), **k):  # noqa: B008 - binds this turn of the loop
            self.writes += 1
            if not self._depth and _f is SqliteStore.append:
                self.log_commits += 1  # a log line outside a transaction: committed without an fsync
            elif not self._depth:
                self.commits += 1  # outside a transaction each write commits on its own
            return _f(self, *a, **k)
        setattr(Counted, name, write)

    with tempfile.TemporaryDirectory(prefix="fightcount-") as tmp:
        store = Counted(Path(tmp) / "game.sqlite3")
        world, gm, people = fight_of_four(store)
        sums: dict[str, list[float]] = {}

        def run(key: str, session, line: str) -> None:
            before = (store.reads, store.writes, store.commits, store.log_commits, time.perf_counter())
            session.do(line)
            after = (store.reads, store.writes, store.commits, store.log_commits, time.perf_counter())
            row = sums.setdefault(key, [0, 0, 0, 0, 0, 0])
            for i in range(5):
                row[i] += after[i] - before[i]
            row[5] += 1

        for n in range(attacks):
            fight = world.game.store.get("combat", str(world.game.characters[people["Ann"].character_id].location))
            current = world.game.characters[fight["current"]].name
            target = next(name for name in people if name != current)
            if n % 10 == 9:
                run("+recover", people[current], "+recover")
            elif n % 10 == 4:
                run("+combat/next", gm, "+combat/next")
                run("+combat/undo", gm, "+combat/undo")
                run("+combat/next", gm, "+combat/next")
            else:
                run("+attack", people[current], f"+attack {target}=strike")
        store.close()
    return {key: (r / c, w / c, k / c, g / c, t / c * 1000) for key, (r, w, k, g, t, c) in sums.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--duration", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--counted", type=int, default=300, help="commands run in process, counted")
    parser.add_argument("--no-telnet", action="store_true")
    parser.add_argument("--sync", default="FULL", choices=("FULL", "NORMAL"), help="the server's sqlite_synchronous")
    args = parser.parse_args()
    for sync in ("FULL", "NORMAL") if args.counted else ():
        print(f"store calls per command (in process, SQLite synchronous={sync}, fight of 4):")
        print(f"  {'command':<14} {'reads':>6} {'writes':>7} {'durable':>8} {'log-only':>9} {'ms':>6}")
        for key, (reads, writes, commits, logs, ms) in store_counts(args.counted, sync).items():
            print(f"  {key:<14} {reads:6.2f} {writes:7.2f} {commits:8.2f} {logs:9.2f} {ms:6.2f}")
    if args.no_telnet:
        return
    result = telnet_bench(args.rooms, args.duration, args.warmup, args.sync)
    print(f"over telnet: {args.rooms} rooms x 4 fighters, sqlite_synchronous {args.sync}, {args.duration:.0f} s "
          f"measured after {args.warmup:.0f} s:")
    print(f"  {result['per_second']:.0f} attacks/s ({result['measured']} attacks), p50 "
          f"{result['p50'] * 1000:.1f} ms, p99 {result['p99'] * 1000:.1f} ms, max {result['max'] * 1000:.1f} ms, "
          f"server CPU {result['server_cpu'] * 100:.0f} % of a core "
          f"({result['server_cpu'] * 1000 / max(result['per_second'], 1e-9):.2f} ms an attack), the benchmark's own "
          f"{result['client_cpu'] * 100:.0f} %; store commits {result['commits'] / max(result['measured'], 1):.3f} an "
          f"attack; load average {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
    print("  the WAL's fsync (store/wal_sync.py DiskPace): " + (
        "; ".join(result["disk"]) if result["disk"] else "on the game's thread throughout (the disk was fast)"))


if __name__ == "__main__":
    main()
