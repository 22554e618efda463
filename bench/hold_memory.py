#!/usr/bin/env python3
"""The game's resident memory idle and with 1,000 connected, for trees side by side.

    python bench/hold_memory.py DATA_DIR --tree before=/path/to/tree --tree after=. [--runs 2] [--fight both]
        [--compile] [--optimize]

DATA_DIR is a game with the benchmark's characters (``bench/peers/champions.sh setup``, then
``loadgen.py --login create-only --clients 1000``). Each run, for each tree in turn: a fresh copy
of DATA_DIR, ``champions-mush serve`` from that tree (``PYTHONPATH``, this interpreter), VmRSS
4 s after it listens (idle); with ``--fight yes`` (``both``: a run without, then one with), Benchadmin then starts a fight beside Ch1000,
takes his Phase with ``+attack Ch1000=strike``, ends it and quits (the fight's modules are
loaded), and VmRSS again; then ``loadgen.py --scenario hold --login connect`` with 1,000 clients
at 30 logins/s, whose figures are VmRSS when the last login is done (connected) and 11 s later.
Prints one line per run and tree (docs/performance.md, "Memory with 1,000 connected").
``--compile`` first writes each tree's bytecode (``compileall``), as an installed game has it:
without it, where ``PYTHONDONTWRITEBYTECODE`` is set, every module is compiled from source at
each start, and a module loaded late (the fight) keeps the compiler's garbage in the heap.
``--optimize`` runs the server with ``-OO`` (no docstrings, no ``assert``), its bytecode too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: What Benchadmin types for the fight: Ch1000's Phase comes first (the same DEX), passed by staff.
FIGHT = ("@tel Ch1000=here", "+combat/start", "+combat/join Ch1000", "+combat/join Benchadmin",
         "+combat/next", "+combat/next", "+attack Ch1000=strike", "+combat/end")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def _fight(port: int) -> list[str]:
    """Benchadmin's fight; the lines that came back, for the report."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)

    async def do(line: str) -> bytes:
        writer.write(line.encode() + b"\r\n")
        writer.write(b"page Benchadmin=qjdone\r\n")
        seen = b""
        while seen.count(b"qjdone") < 2:  # "You paged ..." and "... pages: ..."
            chunk = await asyncio.wait_for(reader.read(65536), 30)
            if not chunk:
                raise ConnectionError("closed")
            seen += chunk
        return seen

    await do("connect Benchadmin benchadmin-pw")
    said = [(await do(line)).decode(errors="replace") for line in FIGHT]
    writer.write(b"QUIT\r\n")
    writer.close()
    return said


def one(tree: Path, data: Path, fight: bool, flags: tuple[str, ...] = ()) -> dict:
    with tempfile.TemporaryDirectory(prefix="holdmem-") as tmp:
        copy = Path(tmp) / "data"
        shutil.copytree(data, copy)
        port = free_port()
        env = {**os.environ, "PYTHONPATH": str(tree)}
        server = subprocess.Popen([sys.executable, *flags, "-m", "champions_mush.cli", "serve", "--data-dir", str(copy),
                                   "--port", str(port)], cwd=copy, env=env, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE)
        try:
            for _ in range(200):
                try:
                    socket.create_connection(("127.0.0.1", port), 0.2).close()
                    break
                except OSError:
                    time.sleep(0.05)
            time.sleep(4)
            out = {"idle": round(rss_mb(server.pid), 2)}
            if fight:
                said = asyncio.run(_fight(port))
                if "Strikes Ch1000" not in said[6]:
                    raise SystemExit(f"the fight did not run: {said}")
                time.sleep(2)
                out["fought"] = round(rss_mb(server.pid), 2)
            with tempfile.NamedTemporaryFile("r", suffix=".jsonl") as result:
                subprocess.run([sys.executable, str(HERE / "loadgen.py"), "--port", str(port), "--names", "Ch",
                                "--login", "connect", "--clients", "1000", "--scenario", "hold", "--ramp", "30",
                                "--duration", "11", "--login-timeout", "600", "--server-pid", str(server.pid),
                                "--json", result.name], check=True, stdout=subprocess.DEVNULL)
                rss = json.loads(result.read().splitlines()[-1])["server_rss_mb"]
            out.update(connected=rss["connected"], later=rss["end"])
        finally:
            server.terminate()
            server.wait(20)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("data", type=Path)
    p.add_argument("--tree", action="append", required=True, metavar="NAME=PATH")
    p.add_argument("--runs", type=int, default=2)
    p.add_argument("--compile", action="store_true", help="write each tree's bytecode first")
    p.add_argument("--optimize", action="store_true", help="run the server with -OO")
    p.add_argument("--fight", choices=("no", "yes", "both"), default="no",
                   help="run one fight before the 1,000 log in (both: a run without, then one with)")
    a = p.parse_args()
    trees = [(name, Path(path).resolve()) for name, _, path in (t.partition("=") for t in a.tree)]
    flags = ("-OO",) if a.optimize else ()
    if a.compile:
        for _, tree in trees:
            subprocess.run([sys.executable, *flags, "-m", "compileall", "-q", str(tree / "champions_mush")], check=True,
                           stdout=subprocess.DEVNULL)
    fights = {"no": (False,), "yes": (True,), "both": (False, True)}[a.fight]
    for run in range(a.runs):
        for name, tree in trees:
            for fight in fights:
                print(json.dumps({"run": run + 1, "tree": name, "fight": fight, **one(tree, a.data, fight, flags)}),
                      flush=True)


if __name__ == "__main__":
    main()
