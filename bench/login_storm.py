#!/usr/bin/env python3
"""A reconnect storm against the real server: N clients send their one saved ``connect`` line
at the same moment (from one address, as behind a proxy, or from many), a bystander says a
line every 100 ms, and the server's memory is sampled throughout; then M logged-in clients
close at once.

    python bench/login_storm.py [--clients 500] [--addresses one|many|both] [--disconnect 3000]

Prints one JSON line per phase and a table; docs/performance.md ("Reconnect storms") has the
figures. The reference for "as fast as hashing allows": the same number of Argon2id checks of
the same hash on one thread per core, with nothing else running (``hash_only``).

The bystander is a player of his own: his client runs in a process of its own, as a real
bystander's would (``--shared-bystander``: in the storm clients' event loop, where he also waits
for the bench's own handling of 500 connections, as the runs before 2026-12-02 measured him).

Every client sends ``connect`` once and never retries: a refusal ("busy", "too many") counts as
a client that did not get in, as it would for a MUD client that sends its saved line once.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

PASSWORD = "stormpw12"
IAC, DO, DONT, WILL, WONT, SB, SE = 255, 253, 254, 251, 252, 250, 240
WELCOME = b"Welcome to "
REFUSED = re.compile(rb"try again|Too many|is full|a moment, please", re.IGNORECASE)


def _cores() -> int:
    return len(os.sched_getaffinity(0))


def _rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


_TICK = os.sysconf("SC_CLK_TCK")


def _threads(pid: int) -> dict[int, tuple[str, float, float, float]]:
    """Each thread of ``pid``: its name (with ``+niced`` when below the normal priority), its CPU
    seconds, the system (kernel) part of them and its seconds waiting on a run queue for a core
    (``/proc/PID/task/TID/comm``, ``stat`` and ``schedstat``)."""
    found = {}
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            name = task.joinpath("comm").read_text().strip()
            stat = task.joinpath("stat").read_text().rsplit(")", 1)[1].split()
            ran, waited, _ = task.joinpath("schedstat").read_text().split()
        except (OSError, ValueError, IndexError):
            continue
        found[int(task.name)] = (name + ("+niced" if int(stat[16]) > 0 else ""), int(ran) / 1e9,
                                 int(stat[12]) / _TICK, int(waited) / 1e9)
    return found


class CpuSplit:
    """Where the cores went between :meth:`start` and :meth:`stop`: the server's loop thread,
    its hash threads (named ``HASH_THREAD_NAME``, or niced: a server from before they were
    named) and the rest of its threads, whole processes
    (the storm's clients, the bystander), and the whole machine's busy time (other engineers'
    work on a shared machine shows as the busy time none of these account for). Each as
    ``[CPU seconds, of them in the kernel, seconds waiting on a run queue for a core]``."""

    def __init__(self, server: int, others: dict[str, int]) -> None:
        self.server, self.others = server, others

    def _read(self) -> dict[int, dict[int, tuple[str, float, float, float]]]:
        return {pid: _threads(pid) for pid in (self.server, *self.others.values())}

    @staticmethod
    def _machine() -> float:
        """CPU seconds the whole machine has been busy (``/proc/stat``: all but idle and iowait)."""
        ticks = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:8]]
        return (sum(ticks) - ticks[3] - ticks[4]) / _TICK

    def start(self) -> None:
        self.before, self.t0, self.busy0 = self._read(), time.monotonic(), self._machine()

    def stop(self) -> dict:
        try:
            from champions_mush.net.runner import HASH_THREAD_NAME as named
        except ImportError:  # a tree from before the hash threads had a name: told by their priority
            named = "\0"
        after, wall = self._read(), time.monotonic() - self.t0

        def hashing(tid: int, name: str) -> bool:
            return name.startswith(named) or (tid != self.server and name.endswith("+niced"))

        def spent(pid: int, keep) -> list[float]:
            total = [0.0, 0.0, 0.0]
            for tid, (name, *now) in after[pid].items():
                if keep(tid, name):
                    _, *then = self.before[pid].get(tid, (name, 0.0, 0.0, 0.0))
                    total = [t + a - b for t, a, b in zip(total, now, then)]
            return [round(t, 2) for t in total]

        split = {"wall_s": round(wall, 2), "machine_busy_s": round(self._machine() - self.busy0, 2),
                 "server_loop": spent(self.server, lambda tid, name: tid == self.server),
                 "server_hash": spent(self.server, hashing),
                 "server_other": spent(self.server, lambda tid, name: tid != self.server and not hashing(tid, name))}
        for name, pid in self.others.items():
            split[name] = spent(pid, lambda tid, name: True)
        return split


class Sampler(threading.Thread):
    """The server's VmRSS every 20 ms: its peak, and the last reading."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.peak, self.last, self.stop = pid, 0.0, 0.0, threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            self.last = _rss_mb(self.pid)
            self.peak = max(self.peak, self.last)
            time.sleep(0.02)


def prepare(data_dir: Path, names: list[str], cost: int) -> None:
    """Characters made straight in the database, all with one hash of ``PASSWORD`` at ``cost``."""
    from champions_mush.configfile import load_config
    from champions_mush.game.accounts import hash_password
    from champions_mush.opening import open_game

    data_dir.mkdir(parents=True, exist_ok=True)
    server, game_config = load_config(None)
    store, game = open_game(data_dir, game_config, server)
    hashed = hash_password(PASSWORD, cost)
    for name in names:
        game.new_character(name, password_hash=hashed)
    store.close()


def start_server(data_dir: Path, config: str, command: list[str] | None = None,
                 env: dict[str, str] | None = None) -> tuple[subprocess.Popen, int]:
    """``serve`` on ``data_dir`` with ``config`` (``command``: what runs it, the installed
    ``champions-mush`` by default); the process and the port it listens on."""
    (data_dir / "bench-config.yaml").write_text(config)
    command = command or [str(Path(sys.executable).parent / "champions-mush")]
    out = open(data_dir / "server-output.txt", "w")  # noqa: SIM115 - the server's for its life
    proc = subprocess.Popen([*command, "serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", str(data_dir),
                             "--config", str(data_dir / "bench-config.yaml")], stdout=out, stderr=subprocess.STDOUT,
                            env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = re.search(r"listening on [^:]+:(\d+)", (data_dir / "server-output.txt").read_text())
        if found:
            return proc, int(found.group(1))
        time.sleep(0.05)
    proc.kill()
    raise SystemExit("the server did not start")


class Telnet(asyncio.Protocol):
    """Refuses every option, keeps the text, wakes whoever waits for a pattern."""

    def __init__(self) -> None:
        self.text = bytearray()
        self.closed = asyncio.get_running_loop().create_future()
        self.changed = asyncio.Event()

    def connection_made(self, transport) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        if IAC not in data:  # most of what comes: text alone
            self.text += data
            self.changed.set()
            return
        i, replies = 0, bytearray()
        while i < len(data):
            if data[i] != IAC or i + 1 >= len(data):
                self.text.append(data[i])
                i += 1
                continue
            verb = data[i + 1]
            if verb in (DO, WILL) and i + 2 < len(data):
                replies += bytes((IAC, WONT if verb == DO else DONT, data[i + 2]))
                i += 3
            elif verb in (DONT, WONT):
                i += 3
            elif verb == SB:
                end = data.find(bytes((IAC, SE)), i)
                i = len(data) if end < 0 else end + 2
            else:
                i += 2
        if replies:
            self.transport.write(bytes(replies))
        self.changed.set()

    def connection_lost(self, exc) -> None:
        if not self.closed.done():
            self.closed.set_result(None)
        self.changed.set()

    async def wait_for(self, needle: bytes, timeout: float, or_else: re.Pattern | None = None) -> bool:
        """True once ``needle`` arrives; False on timeout, close, or ``or_else`` arriving first."""
        deadline = time.monotonic() + timeout
        while needle not in self.text:
            if or_else is not None and or_else.search(self.text):
                return False
            if self.closed.done() or time.monotonic() > deadline:
                return False
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                return False
        return True

    def send(self, line: str) -> None:
        self.transport.write(line.encode() + b"\r\n")


async def connect(port: int, source: str) -> Telnet:
    loop = asyncio.get_running_loop()
    _, proto = await loop.create_connection(Telnet, "127.0.0.1", port, local_addr=(source, 0))
    return proto


def source_address(i: int, many: bool) -> str:
    """127.0.0.1 for all, or one loopback address each (127.1.0.1, 127.1.0.2, ... 127.1.0.250, 127.1.1.1 ...)."""
    return f"127.1.{i // 250}.{i % 250 + 1}" if many else "127.0.0.1"


async def login(port: int, name: str, source: str, go: asyncio.Event, t0: list[float],
                timeout: float, reading: bool) -> tuple[str, float, Telnet | None]:
    """Connect, wait at the connect screen, send ``connect`` once when told to go. Once in, the
    client stops reading (the kernel keeps what the server sends) unless ``reading``."""
    client = await connect(port, source)
    await client.wait_for(b"QUIT", 30)
    await go.wait()
    client.send(f"connect {name} {PASSWORD}")
    ok = await client.wait_for(WELCOME, timeout, REFUSED)
    took = time.monotonic() - t0[0]
    if ok:
        if not reading:
            client.transport.pause_reading()
            client.text.clear()
        return "in", took, client
    why = "refused" if REFUSED.search(bytes(client.text)) else "timeout"
    return why, took, client


async def bystander_says(client: Telnet, stop, waits: list[float]) -> None:  # an Event of either kind
    n = 0
    while not stop.is_set():
        token = f"tick{n}x".encode()
        start = time.monotonic()
        client.send(f"say {token.decode()}")
        if await client.wait_for(token, 10):
            waits.append((time.monotonic() - start) * 1000)
            del client.text[: client.text.index(token) + len(token)]
        n += 1
        await asyncio.sleep(0.1)


def bystander_process(port: int, ready, go, stop, answer) -> None:  # multiprocessing's
    """The bystander as a player of his own: his own process and client, so what he waits for
    is the server, not the storm's 500 clients sharing his event loop. He logs in, then says a
    line every 100 ms from ``go`` to ``stop``."""

    async def run() -> list[float]:
        client = await connect(port, "127.0.0.1")
        await client.wait_for(b"QUIT", 30)
        client.send(f"connect Bystander {PASSWORD}")
        await client.wait_for(WELCOME, 60)
        ready.set()
        await asyncio.get_running_loop().run_in_executor(None, go.wait)
        waits: list[float] = []
        await bystander_says(client, stop, waits)
        client.transport.close()
        return waits

    answer.put(asyncio.run(run()))


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * len(values)))], 1) if values else 0.0


async def storm(port: int, pid: int, names: list[str], many: bool, timeout: float, shared: bool,
                reading: bool) -> dict:
    """The storm; the bystander in a process of his own unless ``shared`` (in this event loop,
    beside the 500 storm clients, as the first runs measured him)."""
    if shared:
        bystander = await connect(port, "127.0.0.1")
        await bystander.wait_for(b"QUIT", 30)
        bystander.send(f"connect Bystander {PASSWORD}")
        await bystander.wait_for(WELCOME, 60)
    else:
        spawn = multiprocessing.get_context("spawn")
        ready, away_go, away_stop, answer = spawn.Event(), spawn.Event(), spawn.Event(), spawn.Queue()
        apart = spawn.Process(target=bystander_process, args=(port, ready, away_go, away_stop, answer), daemon=True)
        apart.start()
        if not await asyncio.get_running_loop().run_in_executor(None, ready.wait, 60):
            raise SystemExit("the bystander did not get in")
    await asyncio.sleep(1.0)
    go, t0 = asyncio.Event(), [0.0]
    tasks = [asyncio.create_task(asyncio.wait_for(login(port, name, source_address(i, many), go, t0, timeout, reading),
                                                  timeout + 40)) for i, name in enumerate(names)]
    await asyncio.sleep(2.0)  # every client connected and at the connect screen
    sampler = Sampler(pid)
    sampler.start()
    before = _rss_mb(pid)
    stop, waits = asyncio.Event(), []
    if shared:
        talk = asyncio.create_task(bystander_says(bystander, stop, waits))
    else:
        away_go.set()
    cpu = CpuSplit(pid, {"storm_clients": os.getpid(), **({} if shared else {"bystander": apart.pid})})
    cpu.start()
    t0[0] = time.monotonic()
    go.set()
    results = [r if not isinstance(r, BaseException) else ("error: " + type(r).__name__, 0.0, None)
               for r in await asyncio.gather(*tasks, return_exceptions=True)]
    split = cpu.stop()
    stop.set()
    if shared:
        await talk
        bystander.transport.close()
    else:
        away_stop.set()
        waits = await asyncio.get_running_loop().run_in_executor(None, answer.get, True, 30)
        apart.join(10)
    await asyncio.sleep(1.0)
    sampler.stop.set()
    after = _rss_mb(pid)
    for _, _, client in results:
        if client is not None:
            client.transport.close()
    times = sorted(t for state, t, _ in results if state == "in")
    return {"phase": "login storm", "addresses": "many" if many else "one", "clients": len(names),
            "bystander": "shared loop" if shared else "own process",
            "clients_once_in": "reading" if reading else "not reading",
            "in": len(times), "refused": sum(1 for s, _, _ in results if s == "refused"),
            "timed_out": sum(1 for s, _, _ in results if s == "timeout"),
            "errors": sorted({s for s, _, _ in results if s.startswith("error")}),
            "first_in_s": round(times[0], 2) if times else None, "median_in_s": round(pct(times, 0.5), 2),
            "last_in_s": round(times[-1], 2) if times else None,
            "say_ms_p50": pct(waits, 0.5), "say_ms_p99": pct(waits, 0.99),
            "say_ms_max": round(max(waits), 1) if waits else None, "says": len(waits),
            "rss_before_mb": round(before, 1), "rss_peak_mb": round(sampler.peak, 1), "rss_after_mb": round(after, 1),
            "cpu_s": split}


async def mass_disconnect(port: int, pid: int, names: list[str]) -> dict:
    clients = []
    for start in range(0, len(names), 100):  # log in 100 at a time: this phase is about leaving
        batch = [connect(port, source_address(i, True)) for i in range(start, min(start + 100, len(names)))]
        got = await asyncio.gather(*batch)
        for client in got:
            await client.wait_for(b"QUIT", 30)
        for client, name in zip(got, names[start:start + 100]):
            client.send(f"connect {name} {PASSWORD}")
        for client in got:
            if not await client.wait_for(WELCOME, 120):
                raise SystemExit(f"a login failed: {bytes(client.text[-200:])!r}")
            client.text.clear()
        clients += got
    await asyncio.sleep(3.0)
    sampler = Sampler(pid)
    sampler.start()
    before = _rss_mb(pid)
    t0 = time.monotonic()
    for client in clients:
        client.transport.abort()
    probe = None
    while time.monotonic() - t0 < 60:  # until the server answers a new connection's connect screen
        probe = await connect(port, "127.0.0.1")
        if await probe.wait_for(b"QUIT", 5):
            break
    settled = time.monotonic() - t0
    await asyncio.sleep(3.0)
    sampler.stop.set()
    after = _rss_mb(pid)
    if probe is not None:
        probe.transport.close()
    return {"phase": "mass disconnect", "clients": len(clients), "rss_before_mb": round(before, 1),
            "rss_peak_mb": round(sampler.peak, 1), "rss_after_3s_mb": round(after, 1),
            "new_connection_answered_s": round(settled, 2)}


def hash_only(count: int, cost: int) -> dict:
    """``count`` checks of one hash at ``cost`` on one thread per core, at the hash threads'
    priority (so the rest of a shared machine weighs on it as on the server's): the floor."""
    from champions_mush.game.accounts import hash_password, verify_password
    from champions_mush.net.runner import HASH_NICENESS

    stored = hash_password(PASSWORD, cost)
    cores = _cores()

    def check(_: int) -> bool:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), HASH_NICENESS)
        return verify_password(PASSWORD, stored)

    start = time.monotonic()
    with ThreadPoolExecutor(cores) as pool:
        list(pool.map(check, range(count)))
    took = time.monotonic() - start
    return {"phase": "hash only", "checks": count, "cores": cores, "cost_kib": cost, "seconds": round(took, 2),
            "ms_per_check_per_core": round(took * 1000 * cores / count, 1)}


CONFIG = """\
password_cost: {cost}
max_connections: {max_connections}
connects_per_minute: 0
web_port: 0
tls_port: 0
idle_timeout: 0
login_timeout: 600
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=500)
    parser.add_argument("--addresses", choices=("one", "many", "both", "none"), default="both")
    parser.add_argument("--cost", type=int, default=16384, help="password_cost of the storm's hashes (KiB)")
    parser.add_argument("--disconnect", type=int, default=3000, help="clients that close at once (0: skip)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds a client waits to get in")
    parser.add_argument("--out", help="append the JSON lines to this file")
    parser.add_argument("--shared-bystander", action="store_true",
                        help="the bystander in the storm clients' event loop (as measured before 2026-12-02)")
    parser.add_argument("--reading-clients", action="store_true",
                        help="storm clients go on reading once in, in this process (as measured before "
                             "2026-12-02 05:00): their reading is then work on the server's cores")
    args = parser.parse_args()
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    rows = [hash_only(args.clients, args.cost)] if args.addresses != "none" else []
    names = [f"Storm{i}" for i in range(max(args.clients, args.disconnect))]
    work = Path(tempfile.mkdtemp(prefix="login-storm-"))
    try:
        kinds = {"one": [False], "many": [True], "both": [False, True], "none": []}[args.addresses]
        for many in kinds:
            data = work / f"storm-{'many' if many else 'one'}"
            prepare(data, ["Bystander", *names[: args.clients]], args.cost)
            proc, port = start_server(data, CONFIG.format(cost=args.cost, max_connections=args.clients + 100))
            try:
                rows.append(asyncio.run(storm(port, proc.pid, names[: args.clients], many, args.timeout,
                                              args.shared_bystander, args.reading_clients)))
            finally:
                proc.terminate()
                proc.wait(30)
        if args.disconnect:
            data = work / "disconnect"
            prepare(data, names[: args.disconnect], 1024)  # cheap hashes: this phase is about leaving
            proc, port = start_server(data, CONFIG.format(cost=1024, max_connections=args.disconnect + 100))
            try:
                rows.append(asyncio.run(mass_disconnect(port, proc.pid, names[: args.disconnect])))
            finally:
                proc.terminate()
                proc.wait(30)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    for row in rows:
        row.update(at=stamp, cores=_cores(), load=round(os.getloadavg()[0], 1))
        line = json.dumps(row)
        print(line)
        if args.out:
            with open(args.out, "a") as out:
                out.write(line + "\n")
    return 0


if __name__ == "__main__":
    socket.setdefaulttimeout(30)
    sys.exit(main())
