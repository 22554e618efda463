"""How long players wait while the server reloads (docs/reload.md, "Figures").

Starts the real server, logs in N telnet players, asks for a reload from the shell and
measures: the whole reload (asked -> done, including the trial run of the new code, during
which the game runs normally), the switch (from the restarting line to the new code serving)
and what a player notices (a command typed 0.1 s after the restarting line, until its answer).

    .venv/bin/python bench/reload_pause.py [players=100] [reloads=3]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from champions_mush.net.reload import RESTARTING
from champions_mush.net.status import read_status
from tests.e2e.helpers import Server, champions_mush_command


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    reloads = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    with tempfile.TemporaryDirectory() as tmp, Server(Path(tmp), config="password_cost: 1024\ncommand_rate: 0\nconnects_per_minute: 0\n") as server:
        clients = [server.login(f"P{i}") for i in range(players)]
        probe = clients[0]
        totals, pauses, windows = [], [], []
        for n in range(reloads):
            started = time.monotonic()
            shell = subprocess.Popen([*champions_mush_command(), "reload", "--data-dir", tmp],
                                     stdout=subprocess.PIPE, text=True)
            probe.expect(RESTARTING, timeout=120)
            told = time.time()
            time.sleep(0.1)  # the switch is under way: reading has stopped
            asked = time.monotonic()
            probe.send(f"say probe {n}")
            probe.expect(f'You say, "probe {n}"', timeout=120)
            pauses.append(time.monotonic() - asked)
            out, _ = shell.communicate(timeout=120)
            totals.append(time.monotonic() - started)
            windows.append(read_status(Path(tmp))["reload"]["at"] - told)
            assert f"{players} of {players} connections kept" in out, out
            for client in clients[1:]:
                client.expect(RESTARTING, timeout=60)
        print(f"{players} players, {reloads} reloads: whole reload median {statistics.median(totals):.2f} s "
              f"(max {max(totals):.2f}); the switch (restarting line to the new code serving) median "
              f"{statistics.median(windows):.2f} s (max {max(windows):.2f}); a command typed 0.1 s into "
              f"it waited median {statistics.median(pauses):.2f} s (max {max(pauses):.2f}); every connection kept")


if __name__ == "__main__":
    main()
