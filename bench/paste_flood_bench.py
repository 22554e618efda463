#!/usr/bin/env python3
"""Twenty back-to-back 1.9 MB Hero Designer pastes from one player while a bystander says
something every 50 ms: the bystander's round trips (docs/reliability.md, "Every door").

Each paste is a real file whose power NAME holds 1.9 MB spread over lines of 6,000 characters
(an XML attribute may hold line breaks), so every paste is read in full by the file worker.
The default command rate applies (pasted lines spend it by size), so the pastes take a while.

    python bench/paste_flood_bench.py [pastes]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.commands.test_file_text import hostile_file
from tests.e2e.helpers import Server, read_line


def main(pastes: int = 20) -> None:
    config = "password_cost: 1024\n"
    with Server(Path(tempfile.mkdtemp()), config) as server:
        paster, calm = server.login("Paster"), server.login("Calm")
        huge = ("Ab " * 2000 + "\n") * 316
        text = hostile_file("Blast").replace(' NAME="Blast"', f' NAME="{huge}"', 1).replace("\n", "\r\n").encode()
        waits: list[float] = []
        done = threading.Event()

        def talk() -> None:
            n = 0
            while not done.is_set():
                n += 1
                started = time.monotonic()
                calm.do(f"say ping {n}", f'You say, "ping {n}"')
                waits.append(time.monotonic() - started)
                time.sleep(0.15)

        talker = threading.Thread(target=talk)
        talker.start()
        started = time.monotonic()
        for _ in range(pastes):
            paster.send("+sheet/import")
            read_line(paster, "Paste your")
            paster.sock.settimeout(120)
            paster.sock.sendall(text + b"\r\n.\r\n")
            read_line(paster, "Imported", timeout=120)
        took = time.monotonic() - started
        done.set()
        talker.join()
        waits.sort()
        ms = [1000 * w for w in waits]
        print(f"{pastes} pastes of {len(text) / 1e6:.1f} MB in {took:.1f} s; bystander's say, {len(ms)} round trips: "
              f"median {statistics.median(ms):.1f} ms, p99 {ms[int(len(ms) * 0.99) - 1]:.1f} ms, worst {ms[-1]:.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
