#!/usr/bin/env python3
"""Load generator for MUSH-style telnet servers (ours, TinyMUX, Evennia, ...).

Connects N real TCP clients, logs them in with a configurable login script,
and drives one workload, closed loop (each client waits for its own result
before the next command) or open loop (a fixed aggregate rate). Clients are
spread over several worker processes, each running one asyncio loop, so the
generator is not the bottleneck; each worker reports the CPU it used.

Latency is the time from writing a command to reading the line that proves it
ran, for every result read inside the measuring window (after the warm-up): the command carries a unique token (``qj<client>x<seq>``) that its result
echoes (say, pose, page), or, for commands whose output carries no token
(dice, RULES, look), a sync command (``think <token>`` on TinyMUX) is written
right behind it; the server runs a client's commands in order, so seeing the
sync token means the whole result was written before it.

A *delivery* is any received line carrying a token (a say heard by one of N
people is one delivery). Lines/s counts every line received.

Examples (see docs/performance.md for the runs we publish)::

    python bench/loadgen.py --preset tinymux --port 4301 --clients 200 \
        --scenario say --duration 20 --server-pid $(cat .../netmux.pid)
    python bench/loadgen.py --preset tinymux --port 4301 --scenario probe
    python bench/loadgen.py --preset tinymux --port 4301 --scenario burst \
        --clients 50 --burst 200
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import random
import re
import resource
import socket
import sys
import time
from dataclasses import dataclass

# --------------------------------------------------------------------------
# Server presets: login scripts, sync command and command spellings.
# A login step is (line to send, regex that must then be seen).

PRESETS: dict[str, dict] = {
    "champions": {
        "port": 4201,
        "create": [("create {name} {password}", r"Welcome to ")],
        "create_logs_in": True,
        "connect": [("connect {name} {password}", r"Welcome to ")],
        # Paging yourself echoes the token twice ("You paged ..." and "... pages: ...").
        "sync": "page {name}={token}",
        "password": "benchpw12",
        # Past 32 password hashes waiting the server refuses a try at once: wait, try again.
        "login_retry": r"checking many passwords just now",
    },
    "tinymux": {
        "port": 4301,
        "create": [("create {name} {password}", r"MAIL: You have")],
        "create_logs_in": True,
        "connect": [("connect {name} {password}", r"MAIL: You have")],
        "sync": "think {token}",
        "password": "benchpw12",
    },
    "evennia": {
        "port": 4302,
        "create": [("create {name} {password}", r"\[Y\]/N"), ("y", r"was created")],
        "create_logs_in": False,
        "connect": [("connect {name} {password}", r"You become")],
        # An unknown command is echoed back: "Command 'qj1x2' is not available."
        "sync": "{token}",
        "password": "Pw-bench-12345",
    },
}

#: Command templates; ``{token}`` marks commands whose result echoes the token.
COMMANDS = {
    "say": "say {token}",
    "pose": "pose {token}",
    "page": "page {peer}={token}",
    "nd6": "+nd6 3",
    "kd6": "+kd6 2",
    "rules": "RULES {topic}",
    "look": "look",
    "sync": "{sync}",
}

#: Scenario -> weighted command mix.
SCENARIOS = {
    "say": {"say": 1},
    "pose": {"pose": 1},
    "page": {"page": 1},
    "dice": {"nd6": 1, "kd6": 1},
    "rules": {"rules": 1},
    "look": {"look": 1},
    "dicerules": {"nd6": 1, "kd6": 1, "rules": 2},
    "mixed": {"say": 2, "pose": 1, "page": 1, "nd6": 1, "kd6": 1, "rules": 1, "look": 1},
    "probe": {"say": 1},
    "hold": {},
    "burst": {"say": 1},
    "create": {},
}

TOKEN_MARK = b"qj"
IAC, DONT, DO, WONT, WILL, SB, SE = 255, 254, 253, 252, 251, 250, 240


# --------------------------------------------------------------------------
# Telnet: refuse every option, strip negotiation from the text stream.

class TelnetStripper:
    """Removes IAC sequences from received bytes and builds refusals."""

    def __init__(self) -> None:
        self.state = 0  # 0 text, 1 after IAC, 2 after IAC+verb, 3 in SB, 4 SB+IAC
        self.verb = 0

    def feed(self, data: bytes) -> tuple[bytes, bytes]:
        """Returns (text, reply bytes to send)."""
        if self.state == 0 and IAC not in data:
            return data, b""
        out = bytearray()
        reply = bytearray()
        for byte in data:
            st = self.state
            if st == 0:
                if byte == IAC:
                    self.state = 1
                else:
                    out.append(byte)
            elif st == 1:
                if byte == IAC:
                    out.append(IAC)
                    self.state = 0
                elif byte in (DO, DONT, WILL, WONT):
                    self.verb = byte
                    self.state = 2
                elif byte == SB:
                    self.state = 3
                else:
                    self.state = 0
            elif st == 2:
                if self.verb == DO:
                    reply += bytes((IAC, WONT, byte))
                elif self.verb == WILL:
                    reply += bytes((IAC, DONT, byte))
                self.state = 0
            elif st == 3:
                if byte == IAC:
                    self.state = 4
            else:  # st == 4
                self.state = 0 if byte == SE else 3
        return bytes(out), bytes(reply)


# --------------------------------------------------------------------------
# One simulated player.

@dataclass
class Settings:
    host: str
    port: int
    clients: int
    workers: int
    scenario: str
    mode: str
    rate: float
    duration: float
    warmup: float
    ramp: float
    names: str
    password: str
    login: str
    create_steps: list
    connect_steps: list
    create_logs_in: bool
    sync: str
    commands: dict
    mix: dict
    rooms: int
    room_join: str
    admin: list
    room_setup: list
    topics: list
    login_timeout: float
    cmd_timeout: float
    burst: int
    burst_rate: float
    seed: int
    quickack: bool
    expects: dict
    #: a login step's answer that means "busy, try again" (None: none)
    login_retry: str | None = None
    #: speak the telnet stream over a WebSocket at /ws (the web client's way), not plain TCP
    websocket: bool = False


class WsTransport:
    """A transport that sends each write as one masked binary WebSocket frame (RFC 6455 5.2,
    5.3): what :class:`WsBot` writes through, after its upgrade request."""

    def __init__(self, transport) -> None:
        self.raw = transport
        #: frames written before the server accepted the upgrade (a browser waits for it too)
        self.early: list[bytes] | None = []

    def opened(self) -> None:
        early, self.early = self.early, None
        for data in early:
            self.write(data)

    def write(self, data: bytes) -> None:
        if self.early is not None:
            self.early.append(data)
            return
        mask = os.urandom(4)
        size = len(data)
        if size < 126:
            head = bytes((0x82, 0x80 | size))
        elif size < 65536:
            head = bytes((0x82, 0xFE)) + size.to_bytes(2, "big")
        else:
            head = bytes((0x82, 0xFF)) + size.to_bytes(8, "big")
        key = int.from_bytes((mask * (size // 4 + 1))[:size], "big")
        masked = (int.from_bytes(data, "big") ^ key).to_bytes(size, "big")
        self.raw.write(head + mask + masked)

    def get_extra_info(self, name, default=None):
        return self.raw.get_extra_info(name, default)

    def close(self) -> None:
        self.raw.close()

    def abort(self) -> None:
        self.raw.abort()


class Bot(asyncio.Protocol):
    """A telnet client: logs in, then sends commands and times their results."""

    def __init__(self, worker: Worker, cid: int) -> None:
        self.w = worker
        self.cid = cid
        self.name = f"{worker.s.names}{cid}"
        self.prefix = b"qj%dx" % cid
        self.token_re = re.compile(rb"qj%dx(\d+)" % cid)
        self.transport: asyncio.Transport | None = None
        self.telnet = TelnetStripper()
        self.partial = b""
        self.text_wait: tuple[re.Pattern, asyncio.Future] | None = None
        self.text_seen = b""
        self.seq = 0
        self.pending: dict[int, float] = {}
        # --expect KIND=REGEX: results recognised by a line of their own instead of a token.
        self.expect_res = {k: re.compile(v.replace("{name}", re.escape(self.name)).encode(), re.MULTILINE)
                           for k, v in worker.s.expects.items()}
        self.expect_wait: tuple[re.Pattern, int] | None = None
        self.closed = False
        self.running = False
        self.rng = random.Random(worker.s.seed * 100003 + cid)

    # asyncio callbacks ----------------------------------------------------
    def connection_made(self, transport) -> None:
        self.transport = transport
        self.sock = sock = transport.get_extra_info("socket")
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def connection_lost(self, exc) -> None:
        self.closed = True
        if self.running or self.w.holding:
            self.w.dropped += 1
        if self.text_wait and not self.text_wait[1].done():
            self.text_wait[1].set_exception(ConnectionError("closed"))

    def data_received(self, data: bytes) -> None:
        if self.w.s.quickack:
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)
        text, reply = self.telnet.feed(data)
        if reply and self.transport:
            self.transport.write(reply)
        if self.text_wait is not None:
            self._login_text(text)
            return
        buf = self.partial + text
        cut = buf.rfind(b"\n")
        if cut < 0:
            self.partial = buf
            return
        lines, self.partial = buf[: cut + 1], buf[cut + 1 :]
        w = self.w
        if w.measuring:
            w.lines += lines.count(b"\n")
            w.deliveries += lines.count(TOKEN_MARK)
        if self.expect_wait is not None and self.expect_wait[0].search(lines):
            sent = self.pending.pop(self.expect_wait[1], None)
            self.expect_wait = None
            if sent is not None:
                w.completed(sent, time.monotonic())
                if w.s.mode == "closed" and self.running:
                    self.send_next()
        if self.pending and self.prefix in lines:
            now = time.monotonic()
            for m in self.token_re.finditer(lines):
                sent = self.pending.pop(int(m.group(1)), None)
                if sent is not None:
                    w.completed(sent, now)
                    if w.s.mode == "closed" and self.running:
                        self.send_next()

    # login ------------------------------------------------------------------
    def _login_text(self, text: bytes) -> None:
        self.text_seen += text
        pattern, fut = self.text_wait
        found = pattern.search(self.text_seen.decode("utf-8", "replace"))
        if found and not fut.done():
            self.text_seen = b""
            self.text_wait = None
            fut.set_result(found)

    async def expect(self, regex: str, timeout: float) -> re.Match:
        fut = asyncio.get_running_loop().create_future()
        self.text_wait = (re.compile(regex, re.MULTILINE), fut)
        self._login_text(b"")
        return await asyncio.wait_for(fut, timeout)

    def write_line(self, line: str) -> None:
        if self.transport and not self.closed:
            self.transport.write(line.encode() + b"\r\n")

    async def log_in(self) -> tuple[float, float]:
        """Connects and runs the login script; returns (tcp s, total s)."""
        s = self.w.s
        loop = asyncio.get_running_loop()
        start = time.monotonic()
        await asyncio.wait_for(loop.create_connection(lambda: self, s.host, s.port), s.login_timeout)
        tcp = time.monotonic() - start
        steps = list(s.connect_steps)
        if s.login == "create":
            steps = list(s.create_steps) + ([] if s.create_logs_in else steps)
        elif s.login == "create-only":
            steps = list(s.create_steps)
        fmt = {"name": self.name, "password": s.password}
        retry = s.login_retry
        for send, regex in steps:
            pattern = f"(?P<ok>{regex})" + (f"|(?P<retry>{retry})" if retry else "")
            while True:
                self.write_line(send.format(**fmt))
                found = await self.expect(pattern, s.login_timeout - (time.monotonic() - start))
                if found.lastgroup != "retry":
                    break
                await asyncio.sleep(0.5 + self.rng.random())
        if s.room_join and s.login != "create-only":
            for line in s.room_join.format(room=self.cid % s.rooms).split("||"):
                self.write_line(line)
        if s.sync and s.login != "create-only":
            # Drain everything the login printed before measuring.
            token = f"qj{self.cid}x0"
            self.write_line(s.sync.format(token=token, name=self.name))
            await self.expect(re.escape(token), s.login_timeout)
        return tcp, time.monotonic() - start

    # workload -----------------------------------------------------------------
    def send_next(self) -> None:
        """Writes one command from the mix (plus a sync command if needed)."""
        if self.closed:
            return
        s = self.w.s
        kind = self.rng.choices(self.w.mix_keys, self.w.mix_weights)[0]
        template = s.commands[kind]
        self.seq += 1
        token = f"qj{self.cid}x{self.seq}"
        peer = f"{s.names}{self.cid % s.clients + 1}"  # another client: 1..N
        topic = self.rng.choice(s.topics) if s.topics else "KNOCKBACK"
        line = template.format(token=token, peer=peer, topic=topic, sync=s.sync.format(token=token, name=self.name))
        if kind in self.expect_res:
            self.expect_wait = (self.expect_res[kind], self.seq)
        elif "{token}" not in template and "{sync}" not in template:
            line += "\r\n" + s.sync.format(token=token, name=self.name)
        now = time.monotonic()
        self.pending[self.seq] = now
        self.w.sent += 1
        self.transport.write(line.encode() + b"\r\n")

    def expire(self, now: float) -> None:
        """Counts results not seen within the timeout and moves on."""
        limit = self.w.s.cmd_timeout
        late = [seq for seq, sent in self.pending.items() if now - sent > limit]
        for seq in late:
            del self.pending[seq]
            self.w.timeouts += 1
        if late and self.w.s.mode == "closed" and self.running and not self.pending:
            self.send_next()


# --------------------------------------------------------------------------
# A worker process: owns a slice of the clients.


class WsBot(Bot):
    """A :class:`Bot` speaking through the web port's WebSocket (subprotocol ``telnet``)."""

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        host = self.w.s.host
        transport.write((f"GET /ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         "Sec-WebSocket-Key: bG9hZGdlbmxvYWRnZW4xMg==\r\nSec-WebSocket-Version: 13\r\n"
                         "Sec-WebSocket-Protocol: telnet\r\n\r\n").encode())
        self.transport = WsTransport(transport)
        self.ws_head = True
        self.ws_buf = b""

    def data_received(self, data: bytes) -> None:
        buf = self.ws_buf + data
        if self.ws_head:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                self.ws_buf = buf
                return
            self.ws_head, buf = False, buf[end + 4:]
            self.transport.opened()
        payload, at = [], 0
        while len(buf) - at >= 2:
            op, size, head = buf[at] & 0x0F, buf[at + 1] & 0x7F, 2
            if size == 126:
                if len(buf) - at < 4:
                    break
                size, head = int.from_bytes(buf[at + 2:at + 4], "big"), 4
            elif size == 127:
                if len(buf) - at < 10:
                    break
                size, head = int.from_bytes(buf[at + 2:at + 10], "big"), 10
            if len(buf) - at < head + size:
                break
            body = buf[at + head:at + head + size]
            at += head + size
            if op in (0, 1, 2):
                payload.append(body)
            elif op == 9:  # a ping: the pong carries its payload
                self.transport.raw.write(bytes((0x8A, 0x80 | len(body))) + b"\0\0\0\0" + body)
        self.ws_buf = buf[at:]
        if payload:
            super().data_received(b"".join(payload))

class Worker:
    def __init__(self, s: Settings, wid: int, conn) -> None:
        self.s = s
        self.wid = wid
        self.conn = conn
        self.mix_keys = list(s.mix)
        self.mix_weights = [s.mix[k] for k in self.mix_keys]
        self.measuring = False
        self.holding = False
        self.window = (0.0, 0.0)
        self.lat: list[float] = []
        self.sent = self.done = self.timeouts = self.dropped = self.inflight = 0
        self.lines = self.deliveries = 0
        self.bots: list[Bot] = []

    def completed(self, sent: float, now: float) -> None:
        """Counts a result seen inside the measuring window (steady state)."""
        lo, hi = self.window
        if lo <= now < hi:
            self.lat.append(now - sent)
            self.done += 1

    async def login_all(self, ids: list[int], start: float, rate: float) -> dict:
        """Logs in clients ``ids``; client i starts at start + i / rate."""
        results = await asyncio.gather(*(self._login_one(i, start, rate) for i in ids))
        ok = [r for r in results if r is not None]
        return {
            "ok": len(ok),
            "failed": len(results) - len(ok),
            "tcp": [r[0] for r in ok],
            "login": [r[1] for r in ok],
            "ready_at": [r[2] for r in ok],
        }

    async def _login_one(self, cid: int, start: float, rate: float):
        delay = start + (cid / rate if rate > 0 else 0) - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        bot = (WsBot if self.s.websocket else Bot)(self, cid)
        try:
            tcp, total = await bot.log_in()
        except (TimeoutError, OSError, ConnectionError) as exc:
            self.errors.append(f"{bot.name}: {type(exc).__name__} {exc}"[:200])
            if bot.transport:
                bot.transport.abort()
            return None
        self.bots.append(bot)
        return tcp, total, time.monotonic()

    async def run_load(self, t0: float, bots: list[Bot]) -> None:
        s = self.s
        self.window = (t0 + s.warmup, t0 + s.warmup + s.duration)
        end = self.window[1]
        loop = asyncio.get_running_loop()
        loop.call_at(self.window[0], self._start_measuring)
        loop.call_at(end, self._stop_measuring)
        await asyncio.sleep(max(0.0, t0 - time.monotonic()))
        for bot in bots:
            bot.running = True
        if s.mode == "closed":
            for bot in bots:
                bot.send_next()
            tasks = []
        else:
            per_client = s.rate / max(1, s.clients)
            tasks = [asyncio.create_task(self._open_loop(b, per_client, end)) for b in bots]
        while time.monotonic() < end:
            await asyncio.sleep(0.5)
            now = time.monotonic()
            for bot in bots:
                bot.expire(now)
        if self.measuring:
            self._stop_measuring()
        for bot in bots:
            bot.running = False
        for t in tasks:
            t.cancel()
        # Commands still in flight at the end are normal in a closed loop:
        # count them, but only results older than --cmd-timeout are timeouts.
        for bot in bots:
            self.inflight += len(bot.pending)
            bot.pending.clear()

    async def _open_loop(self, bot: Bot, rate: float, end: float) -> None:
        interval = 1.0 / rate
        nxt = time.monotonic() + bot.rng.random() * interval
        while nxt < end:
            await asyncio.sleep(max(0.0, nxt - time.monotonic()))
            bot.send_next()
            nxt += interval

    def _start_measuring(self) -> None:
        self.measuring = True
        self.cpu0 = time.process_time()

    def _stop_measuring(self) -> None:
        self.measuring = False
        self.cpu1 = time.process_time()

    async def main(self, ids: list[int], burst_ids: list[int]) -> None:
        self.errors: list[str] = []
        cmd, start = self.conn.recv()
        login = await self.login_all(ids, start, self.s.ramp)
        self.conn.send(("ready", login))
        cmd, t0 = self.conn.recv()
        result: dict = {}
        if cmd == "run":
            bots = list(self.bots)
            if self.s.scenario == "hold":
                self.holding = True
                self._start_measuring()
                await asyncio.sleep(max(0.0, t0 + self.s.duration - time.monotonic()))
                self._stop_measuring()
                result["still_connected"] = sum(1 for b in bots if not b.closed)
            elif self.s.scenario == "burst":
                burst_at = t0 + self.s.warmup + 1.0
                load = asyncio.create_task(self.run_load(t0, bots))
                result["burst_start"] = burst_at
                result["burst"] = await self.login_all(burst_ids, burst_at, self.s.burst_rate)
                await load
            elif self.s.scenario != "create":
                await self.run_load(t0, bots)
        result.update(
            lat=self.lat, sent=self.sent, done=self.done, timeouts=self.timeouts, inflight=self.inflight,
            dropped=self.dropped, lines=self.lines, deliveries=self.deliveries,
            cpu=getattr(self, "cpu1", 0.0) - getattr(self, "cpu0", 0.0),
            errors=self.errors[:20],
        )
        self.conn.send(("result", result))
        self.conn.recv()
        for bot in self.bots:
            if bot.transport:
                bot.transport.close()
        await asyncio.sleep(0.2)


def _worker_entry(s: Settings, wid: int, conn, ids, burst_ids) -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    asyncio.run(Worker(s, wid, conn).main(ids, burst_ids))


# --------------------------------------------------------------------------
# Server process statistics from /proc.

def proc_cpu(pids: list[int]) -> float:
    """Total user+system CPU seconds of ``pids``."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks
        except OSError:
            pass
    return total


def machine_busy() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine, all cores, from /proc/stat."""
    with open("/proc/stat") as f:
        values = [int(x) for x in f.readline().split()[1:]]
    ticks = os.sysconf("SC_CLK_TCK")
    idle = values[3] + values[4]
    return (sum(values) - idle) / ticks, sum(values) / ticks


def proc_rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


# --------------------------------------------------------------------------
# The coordinator.

def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def summary_ms(values: list[float]) -> dict:
    return {k: (None if v is None else round(v * 1000, 3)) for k, v in (
        ("p50", pct(values, 0.50)), ("p90", pct(values, 0.90)),
        ("p99", pct(values, 0.99)), ("max", max(values) if values else None))}


async def setup_rooms(s: Settings) -> None:
    """Runs the --admin lines, then builds rooms 0..rooms-1 with --room-setup commands."""
    worker = Worker(s, -1, None)
    worker.errors = []
    bot = Bot(worker, 0)
    if s.admin and len(s.admin[0].split()) > 1:
        bot.name = s.admin[0].split()[1]  # "connect NAME password": the sync may page NAME
    loop = asyncio.get_running_loop()
    await asyncio.wait_for(loop.create_connection(lambda: bot, s.host, s.port), s.login_timeout)
    # The first admin line logs in: wait for the preset's login marker, then sync after each line.
    bot.write_line(s.admin[0])
    await bot.expect(s.connect_steps[-1][1], s.login_timeout)
    lines = list(s.admin[1:]) + [cmd.format(room=r) for r in range(s.rooms) for cmd in s.room_setup]
    for n, line in enumerate(lines):
        bot.write_line(line)
        token = f"qj0x{n + 1}"
        bot.write_line(s.sync.format(token=token, name=bot.name))
        await bot.expect(re.escape(token), s.login_timeout)
    bot.transport.close()


def wait_for_quiet(limit: float, busy_max: float = 0.3) -> float:
    """Waits (at most ``limit`` s) until the machine's other work uses under ``busy_max`` of a
    core for two seconds running; this machine is shared. Returns the seconds waited."""
    start = time.monotonic()
    quiet = 0
    while time.monotonic() - start < limit and quiet < 2:
        b0 = machine_busy()[0]
        time.sleep(1.0)
        quiet = quiet + 1 if machine_busy()[0] - b0 < busy_max else 0
    return time.monotonic() - start


def run(s: Settings, pids: list[int]) -> dict:
    ctx = mp.get_context("fork")
    if s.room_setup:
        asyncio.run(setup_rooms(s))
    ids = list(range(1, s.clients + 1))
    burst_ids = list(range(s.clients + 1, s.clients + 1 + s.burst))
    pipes, procs = [], []
    for wid in range(s.workers):
        parent, child = ctx.Pipe()
        mine = ids[wid :: s.workers]
        mine_burst = burst_ids[wid :: s.workers]
        p = ctx.Process(target=_worker_entry, args=(s, wid, child, mine, mine_burst), daemon=True)
        p.start()
        pipes.append(parent)
        procs.append(p)
    rss_idle = proc_rss_mb(pids)
    start = time.monotonic() + 0.2
    for c in pipes:
        c.send(("login", start))
    logins = [c.recv()[1] for c in pipes]
    login_done = time.monotonic()
    rss_connected = proc_rss_mb(pids)
    t0 = time.monotonic() + 0.3
    for c in pipes:
        c.send(("run", t0))
    measure_from = t0 + (0 if s.scenario == "hold" else s.warmup)
    measure_to = measure_from + s.duration
    time.sleep(max(0.0, measure_from - time.monotonic()))
    cpu0 = proc_cpu(pids)
    each0 = {pid: proc_cpu([pid]) for pid in pids}
    busy0 = machine_busy()
    rss_max = proc_rss_mb(pids)
    while time.monotonic() < measure_to:
        time.sleep(min(0.5, max(0.0, measure_to - time.monotonic())))
        rss_max = max(rss_max, proc_rss_mb(pids))
    cpu1 = proc_cpu(pids)
    each1 = {pid: proc_cpu([pid]) for pid in pids}
    busy1 = machine_busy()
    rss_end = proc_rss_mb(pids)
    results = [c.recv()[1] for c in pipes]
    for c in pipes:
        c.send(("close", None))
    for p in procs:
        p.join(10)
    out = report(s, pids, start, login_done, logins, results,
                 cpu=(cpu1 - cpu0) / s.duration if pids else None,
                 machine=(busy1[0] - busy0[0]) / s.duration,
                 rss={"idle": rss_idle, "connected": rss_connected, "max": rss_max, "end": rss_end})
    # each server process's CPU, in % of one core (the game and the relay apart)
    out["server_cpu_pct_by_pid"] = {str(pid): round(100 * (each1[pid] - each0[pid]) / s.duration, 1) for pid in pids}
    out["server_rss_mb_by_pid"] = {str(pid): round(proc_rss_mb([pid]), 1) for pid in pids}
    return out


def report(s, pids, start, login_done, logins, results, cpu, machine, rss) -> dict:
    lat = [x for r in results for x in r["lat"]]
    tcp = [x for lg in logins for x in lg["tcp"]]
    login = [x for lg in logins for x in lg["login"]]
    total = lambda key: sum(r[key] for r in results)
    out = {
        "server": f"{s.host}:{s.port}",
        "scenario": s.scenario,
        "mode": s.mode,
        "rate": s.rate if s.mode == "open" else None,
        "clients": s.clients,
        "rooms": s.rooms,
        "duration_s": s.duration,
        "workers": s.workers,
        "connections": {
            "made": sum(lg["ok"] for lg in logins),
            "failed": sum(lg["failed"] for lg in logins),
            "tcp_ms": summary_ms(tcp),
            "login_ms": summary_ms(login),
            "all_logged_in_s": round(login_done - start, 3),
        },
        "commands_sent": total("sent"),
        "commands_per_s": round(total("done") / s.duration, 1),
        "deliveries_per_s": round(total("deliveries") / s.duration, 1),
        "lines_per_s": round(total("lines") / s.duration, 1),
        "timeouts": total("timeouts"),
        "in_flight_at_end": total("inflight"),
        "dropped": total("dropped"),
        "latency_ms": summary_ms(lat),
        "latency_samples": len(lat),
        "server_cpu_pct": None if cpu is None else round(100 * cpu, 1),
        "server_rss_mb": {k: round(v, 1) for k, v in rss.items()} if pids else None,
        "generator_cpu_pct": [round(100 * r["cpu"] / s.duration, 1) for r in results],
        # All cores busy, in % of one core: server + generator + anything else running.
        "machine_busy_pct": round(100 * machine, 1),
        "other_load_pct": round(100 * machine - 100 * (cpu or 0)
                                - sum(100 * r["cpu"] / s.duration for r in results), 1),
        "errors": [e for r in results for e in r["errors"]][:10],
    }
    if s.scenario == "hold":
        out["still_connected"] = sum(r.get("still_connected", 0) for r in results)
    if s.scenario == "burst":
        bursts = [r["burst"] for r in results]
        ready = [x for b in bursts for x in b["ready_at"]]
        b0 = results[0]["burst_start"]
        out["burst"] = {
            "clients": s.burst,
            "made": sum(b["ok"] for b in bursts),
            "failed": sum(b["failed"] for b in bursts),
            "all_in_s": round(max(ready) - b0, 3) if ready else None,
            "login_ms": summary_ms([x for b in bursts for x in b["login"]]),
        }
    return out


def table(r: dict) -> str:
    lat, c = r["latency_ms"], r["connections"]
    rows = [
        ("server", r["server"]),
        ("scenario", (f"{r['scenario']} ({r['mode']}{', ' + str(r['rate']) + '/s' if r['rate'] else ''}),"
                     f" {r['clients']} clients, {r['rooms']} room(s), {r['duration_s']} s")),
        ("connections", f"{c['made']} made, {c['failed']} failed, all in after {c['all_logged_in_s']} s"),
        ("connect ms", (f"tcp p50 {c['tcp_ms']['p50']} max {c['tcp_ms']['max']};"
                       f" login p50 {c['login_ms']['p50']} p99 {c['login_ms']['p99']} max {c['login_ms']['max']}")),
        ("commands/s", (f"{r['commands_per_s']}  (sent {r['commands_sent']}, timeouts {r['timeouts']},"
                       f" dropped {r['dropped']})")),
        ("deliveries/s", f"{r['deliveries_per_s']}  (lines/s {r['lines_per_s']})"),
        ("latency ms", (f"p50 {lat['p50']}  p90 {lat['p90']}  p99 {lat['p99']}  max {lat['max']}"
                       f"  (n={r['latency_samples']})")),
        ("server cpu", f"{r['server_cpu_pct']}% of one core"),
        ("server rss", f"{r['server_rss_mb']} MB"),
        ("generator cpu", f"{r['generator_cpu_pct']}% per worker"),
        ("machine busy", (f"{r['machine_busy_pct']}% of one core ({os.cpu_count()} cores),"
                         f" of which other processes {r['other_load_pct']}%")),
    ]
    if "still_connected" in r:
        rows.append(("still connected", r["still_connected"]))
    if "burst" in r:
        b = r["burst"]
        rows.append(("login burst", (f"{b['made']}/{b['clients']} in {b['all_in_s']} s,"
                                    f" failed {b['failed']}, login p99 {b['login_ms']['p99']} ms")))
    if r["errors"]:
        rows.append(("first errors", "; ".join(r["errors"][:3])))
    width = max(len(k) for k, _ in rows)
    return "\n".join(f"{k:<{width}}  {v}" for k, v in rows)


def parse_args(argv=None) -> tuple[Settings, list[int], argparse.Namespace]:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--preset", choices=sorted(PRESETS), default="champions")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int)
    p.add_argument("--clients", type=int, default=50)
    p.add_argument("--workers", type=int, default=2, help="generator processes")
    p.add_argument("--scenario", choices=sorted(SCENARIOS), default="say")
    p.add_argument("--mix", help="override the mix, e.g. 'say=2,nd6=1'")
    p.add_argument("--mode", choices=("closed", "open"), default="closed")
    p.add_argument("--rate", type=float, default=1000.0, help="open loop: total commands/s")
    p.add_argument("--duration", type=float, default=10.0, help="measured seconds")
    p.add_argument("--warmup", type=float, default=2.0, help="seconds of load before measuring")
    p.add_argument("--ramp", type=float, default=100.0, help="connections/s while logging in (0: all at once)")
    p.add_argument("--names", default="Lg", help="character name prefix; names are PREFIX<n>")
    p.add_argument("--password")
    p.add_argument("--login", choices=("create", "connect", "create-only"), default="create")
    p.add_argument("--create-step", action="append", metavar="SEND::REGEX",
                   help="replace the preset's create script (repeat for several steps)")
    p.add_argument("--connect-step", action="append", metavar="SEND::REGEX")
    p.add_argument("--sync", help="command echoing {token}, e.g. 'think {token}'")
    p.add_argument("--cmd", action="append", default=[], metavar="KIND=TEMPLATE",
                   help="override a command template, e.g. 'nd6=+roll 3d6'")
    p.add_argument("--expect", action="append", default=[], metavar="KIND=REGEX",
                   help="recognise KIND's result by a line matching REGEX ({name}: the client's"
                        " name) instead of a sync command; closed loop only")
    p.add_argument("--rooms", type=int, default=1)
    p.add_argument("--room-join", default="", help="sent after login, e.g. 'b{room}' (or 'home' to gather "
                   "everyone); several lines separated by '||', e.g. 'home||fresh'")
    p.add_argument("--admin", action="append", default=[],
                   help="admin lines run once before --room-setup (login, then e.g. '@tel #0')")
    p.add_argument("--room-setup", action="append", default=[],
                   help="admin command run for each room, e.g. '@dig Bench{room}=b{room}'")
    p.add_argument("--topics", default="KNOCKBACK,NORMAL DAMAGE,KILLING DAMAGE,MOVEMENT,END USE")
    p.add_argument("--login-timeout", type=float, default=60.0)
    p.add_argument("--cmd-timeout", type=float, default=10.0)
    p.add_argument("--burst", type=int, default=0, help="burst scenario: clients logging in at once")
    p.add_argument("--burst-rate", type=float, default=0.0, help="burst connections/s (0: at once)")
    p.add_argument("--server-pid", action="append", default=[], help="pid(s) to sample (repeat or comma list)")
    p.add_argument("--json", help="append the result as one JSON line to this file")
    p.add_argument("--label", default="", help="free text stored with the JSON result")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--wait-quiet", type=float, default=0.0,
                   help="first wait up to this many seconds for the machine to be quiet")
    p.add_argument("--websocket", action="store_true",
                   help="connect to the web port's WebSocket (/ws), telnet inside binary frames")
    p.add_argument("--quickack", action="store_true",
                   help="ACK at once (TCP_QUICKACK): hides the server's Nagle stalls; off like real clients")
    a = p.parse_args(argv)
    preset = PRESETS[a.preset]
    if a.scenario == "probe":
        a.clients, a.workers = 1, 1
    if a.scenario == "create":
        a.login = "create-only"
    split = lambda steps: [tuple(x.split("::", 1)) for x in steps]
    commands = dict(COMMANDS)
    for item in a.cmd:
        k, v = item.split("=", 1)
        commands[k] = v
    mix = SCENARIOS[a.scenario]
    if a.mix:
        mix = {k: float(v) for k, v in (x.split("=") for x in a.mix.split(","))}
    s = Settings(
        host=a.host, port=a.port or preset["port"], clients=a.clients,
        workers=max(1, min(a.workers, a.clients + a.burst)), scenario=a.scenario, mode=a.mode,
        rate=a.rate, duration=a.duration, warmup=a.warmup, ramp=a.ramp, names=a.names,
        password=a.password or preset["password"], login=a.login,
        create_steps=split(a.create_step) if a.create_step else preset["create"],
        connect_steps=split(a.connect_step) if a.connect_step else preset["connect"],
        create_logs_in=preset["create_logs_in"] if not a.create_step else True,
        sync=a.sync if a.sync is not None else preset["sync"], commands=commands, mix=mix,
        rooms=a.rooms, room_join=a.room_join, admin=a.admin, room_setup=a.room_setup,
        topics=[t.strip() for t in a.topics.split(",") if t.strip()],
        login_timeout=a.login_timeout, cmd_timeout=a.cmd_timeout,
        burst=a.burst, burst_rate=a.burst_rate, seed=a.seed, quickack=a.quickack,
        expects=dict(x.split("=", 1) for x in a.expect), login_retry=preset.get("login_retry"),
        websocket=a.websocket,
    )
    pids = [int(x) for item in a.server_pid for x in str(item).split(",") if x]
    return s, pids, a


def main(argv=None) -> int:
    s, pids, a = parse_args(argv)
    waited = wait_for_quiet(a.wait_quiet) if a.wait_quiet > 0 else 0.0
    result = run(s, pids)
    result["waited_for_quiet_s"] = round(waited, 1)
    result["label"] = a.label
    result["when"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    result["argv"] = sys.argv[1:] if argv is None else list(argv)
    print(table(result))
    if a.json:
        with open(a.json, "a") as f:
            f.write(json.dumps(result) + "\n")
    return 0 if result["connections"]["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
