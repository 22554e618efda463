#!/usr/bin/env python3
"""The web path beside telnet at the same paced load (docs/performance.md, "The web path").

Starts one ``champions-mush serve`` with the web port on (a fresh data directory, the bench
throttles lifted as in bench/peers/champions.sh), makes the characters, then runs
bench/loadgen.py twice with the same open-loop ``say`` load in one room: once over telnet,
once over the web port's WebSocket (``--websocket``). For each it reports the latency seen by
the speaker, the lines delivered, and each process's CPU: the relay's CPU per delivered line
is compared with the game's per line in the telnet run, and the relay's resident memory idle
and at the end.

    python bench/relay_bench.py [--clients 100] [--rate 40] [--duration 15] [--json OUT.jsonl]

It needs nothing but the project (loadgen's WebSocket client is its own). Bounded: two runs of
``--warmup`` + ``--duration`` seconds after the logins, then the server is stopped.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _start(data: Path, web_port: int) -> tuple[subprocess.Popen, int, int]:
    (data / "config.yaml").write_text(
        "host: 127.0.0.1\ncommand_rate: 0\nconnects_per_minute: 0\ncreates_per_address_per_day: 0\n"
        "failed_logins_per_minute: 100000\nidle_timeout: 0\nlogin_timeout: 3600\nmax_connections: 5000\n"
        f"password_cost: 1024\nweb_port: {web_port}\n")
    with open(data / "serve.txt", "w") as out:  # the child keeps its own copy of the file
        proc = subprocess.Popen([sys.executable, "-m", "champions_mush.cli", "serve", "--port", "0", "--data-dir",
                                 str(data), "--config", str(data / "config.yaml")], stdout=out,
                                stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while not re.search(r"web client on", (data / "serve.txt").read_text()):
        if time.monotonic() > deadline or proc.poll() is not None:
            raise SystemExit(f"the server did not start: {(data / 'serve.txt').read_text()}")
        time.sleep(0.1)
    port = int(re.search(r"listening on [^:]+:(\d+)", (data / "serve.txt").read_text()).group(1))
    relay = int(subprocess.run(["pgrep", "-P", str(proc.pid), "-f", "net.relay"], capture_output=True,
                               text=True, check=True).stdout.split()[0])
    return proc, port, relay


def _loadgen(*args: str) -> dict:
    with tempfile.NamedTemporaryFile("r", suffix=".jsonl") as out:
        subprocess.run([sys.executable, str(HERE / "loadgen.py"), "--json", out.name, *args], check=False)
        lines = Path(out.name).read_text().splitlines()
    if not lines:
        raise SystemExit("loadgen wrote no result")
    return json.loads(lines[-1])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--clients", type=int, default=100)
    p.add_argument("--rate", type=float, default=40.0, help="says per second, all clients together")
    p.add_argument("--duration", type=float, default=15.0)
    p.add_argument("--warmup", type=float, default=3.0)
    p.add_argument("--json", help="append both results (and the comparison) to this file")
    a = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="relay-bench-") as folder:
        data = Path(folder)
        web_port = _free_port()
        proc, port, relay = _start(data, web_port)
        try:
            idle = _rss_mb(relay)
            common = ["--clients", str(a.clients), "--ramp", "30", "--login-timeout", "300",
                      "--names", "Rb", "--port", str(port)]
            _loadgen("--scenario", "create", *common, "--duration", "1")
            load = ["--scenario", "say", "--mode", "open", "--rate", str(a.rate), "--duration", str(a.duration),
                    "--warmup", str(a.warmup), "--login", "connect", "--room-join", "home", "--cmd-timeout", "60",
                    "--names", "Rb", "--clients", str(a.clients), "--ramp", "50", "--login-timeout", "300"]
            telnet = _loadgen(*load, "--port", str(port), "--server-pid", f"{proc.pid},{relay}",
                              "--label", "relay_bench telnet")
            web = _loadgen(*load, "--port", str(web_port), "--websocket", "--server-pid", f"{proc.pid},{relay}",
                           "--label", "relay_bench websocket")
            end = _rss_mb(relay)
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)
    summary = _compare(telnet, web, proc.pid, relay, idle, end)
    print(json.dumps(summary, indent=1))
    if a.json:
        with open(a.json, "a") as out:
            out.writelines(json.dumps(row) + "\n" for row in (telnet, web, summary))
    return 0


def _per_line_us(result: dict, pid: int) -> float:
    cpu = result["server_cpu_pct_by_pid"][str(pid)] / 100
    return round(1e6 * cpu / result["lines_per_s"], 2) if result["lines_per_s"] else float("nan")


def _compare(telnet: dict, web: dict, game: int, relay: int, idle: float, end: float) -> dict:
    return {
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "load": os.getloadavg(),
        "lines_per_s": {"telnet": telnet["lines_per_s"], "web": web["lines_per_s"]},
        "p50_ms": {"telnet": telnet["latency_ms"]["p50"], "web": web["latency_ms"]["p50"]},
        "p99_ms": {"telnet": telnet["latency_ms"]["p99"], "web": web["latency_ms"]["p99"]},
        "game_us_per_line": {"telnet": _per_line_us(telnet, game), "web": _per_line_us(web, game)},
        "relay_us_per_line": _per_line_us(web, relay),
        "relay_rss_mb": {"idle": round(idle, 1), "end": round(end, 1)},
        "timeouts": {"telnet": telnet["timeouts"], "web": web["timeouts"]},
    }


if __name__ == "__main__":
    sys.exit(main())
