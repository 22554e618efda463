#!/usr/bin/env python3
"""Reproduction: one connection's pasted backlog holds the game loop until all of it has run.

With the command rate limit lifted (``command_rate: 0``, as for benchmarks), one client sends
2,000 ``@desc`` lines at once; each is committed to SQLite before the next. The server runs the
whole read (~64 KB, about 1,900 lines) inside one ``dataReceived`` and writes no output until it
is done, so another player's ``say`` waits for all of it. With the default limit (10/s, burst 30)
the extra lines are refused and nobody waits (tests/reliability/test_flood_throttle.py).

    python bench/repro_backlog_stall.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.e2e.helpers import Server
from tests.reliability.helpers import raw_login


def main() -> None:
    config = "password_cost: 1024\nconnects_per_minute: 0\ncommand_rate: 0\ncreates_per_address_per_day: 0\n"
    with Server(Path(tempfile.mkdtemp()), config) as server:
        paster = raw_login(server.port, "create Paster secret1")
        calm = server.login("Calm")
        calm.do("say warm", 'You say, "warm"')
        t0 = time.monotonic()
        paster.sendall(b"".join(b"@desc me=step %d\r\n" % k for k in range(2000)))
        time.sleep(0.01)  # let the server start on it
        t1 = time.monotonic()
        calm.do("say are you there?", 'You say, "are you there?"')
        print(f"Calm's say took {1000 * (time.monotonic() - t1):.0f} ms while Paster's 2,000 "
              f"lines ran (sent at +0 ms, say at +{1000 * (t1 - t0):.0f} ms)")
        paster.close()


if __name__ == "__main__":
    main()
