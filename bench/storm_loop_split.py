#!/usr/bin/env python3
"""Where the game loop's CPU goes in a reconnect storm: ``bench/login_storm.py``'s storm (500
clients sending ``connect`` at once, a bystander saying a line every 100 ms) against the real
server, started with CPU-time counters (``time.thread_time``, the loop thread's own) around the
functions a login and a turn run through, switched on at the storm's ``go`` and off when the last
one is in (SIGUSR2 both times; the server process ignores SIGUSR1).

    python bench/storm_loop_split.py [--clients 500] [--addresses one|many] [--out FILE]

Prints the storm's JSON line, then each counter: calls and CPU seconds, inclusive (an indented
name runs inside the one above it). Each counter costs a little CPU of its own (about 1 us a
call), so the loop's total here is a few per cent above ``login_storm.py``'s. docs/performance.md,
"Reconnect storms", has the figures.
"""

from __future__ import annotations

import functools
import json
import os
import signal
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

#: (module, owner in it or "", function, label): the label's indent shows what runs inside what
COUNTED = (
    ("champions_mush.net.runner", "Answers", "_hand_over", "hash answers handed to the game (the logins)"),
    ("champions_mush.commands.login", "", "login_session", "  login_session"),
    ("champions_mush.game.world", "Game", "save_character", "    save_character (the login's store write)"),
    ("champions_mush.commands.login", "", "_greet", "    _greet (welcome, look, notices)"),
    ("champions_mush.commands.login", "", "look_text", "      look_text (the room, its names)"),
    ("champions_mush.game.world", "Game", "run_login_hooks", "      run_login_hooks (saved settings, GMCP)"),
    ("champions_mush.game.gmcp", "", "player_arrived", "        gmcp.player_arrived (Room.AddPlayer)"),
    ("champions_mush.commands.login", "", "_send_notices", "      _send_notices (mail, boards ...)"),
    ("logging", "Logger", "info", "    log.info (the login's log line)"),
    ("champions_mush.net.output", "Coalescer", "flush", "turn ends (all output written)"),
    ("champions_mush.game.world", "Game", "end_turn", "  end_turn (the batch: room text)"),
    ("champions_mush.commands.login", "", "_tell_presence", "    arrivals and departures told"),
    ("champions_mush.net.server", "MushProtocol", "flush", "  socket writes"),
    ("champions_mush.net.server", "MushProtocol", "dataReceived", "input (connect lines, the bystander's say)"),
    ("champions_mush.commands.dispatch", "Dispatcher", "run", "  commands run"),
)


def serve_with_counters(argv: list[str]) -> int:
    """The server (``champions-mush serve ...``) with the counters; they are written as JSON to
    $SPLIT_OUT at the second SIGUSR2."""
    import importlib

    counts: dict[str, list] = {}
    on, loop, started = [False], threading.get_ident(), [0.0]

    def counted(func, label):
        @functools.wraps(func)
        def run(*args, **kwargs):
            if not on[0] or threading.get_ident() != loop:
                return func(*args, **kwargs)
            begun = time.thread_time()
            try:
                return func(*args, **kwargs)
            finally:
                entry = counts.setdefault(label, [0, 0.0])
                entry[0] += 1
                entry[1] += time.thread_time() - begun
        return run

    for module, owner, name, label in COUNTED:
        place = importlib.import_module(module)
        place = getattr(place, owner) if owner else place
        if hasattr(place, name):
            setattr(place, name, counted(getattr(place, name), label))

    def toggle(number, frame) -> None:
        if not on[0]:
            counts.clear()
            started[0], on[0] = time.thread_time(), True
            return
        on[0] = False
        split = {"loop thread CPU s": round(time.thread_time() - started[0], 3)}
        split.update({label: [counts[label][0], round(counts[label][1], 3)]
                      for *_, label in COUNTED if label in counts})
        Path(os.environ["SPLIT_OUT"]).write_text(json.dumps(split))

    signal.signal(signal.SIGUSR2, toggle)
    from champions_mush.cli import main

    sys.argv = ["champions-mush", *argv]
    return main()


def main() -> int:
    import argparse
    import asyncio
    import shutil
    import tempfile

    import login_storm as storm

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=500)
    parser.add_argument("--addresses", choices=("one", "many"), default="one")
    parser.add_argument("--cost", type=int, default=16384)
    parser.add_argument("--out", help="append the storm's line, with the split, to this file")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="storm-split-"))
    split_file = work / "split.json"

    def start_server(data_dir: Path, config: str):
        return storm.start_server(data_dir, config, [sys.executable, __file__, "--serve-with-counters"],
                                  {**os.environ, "SPLIT_OUT": str(split_file)})

    start, stop = storm.CpuSplit.start, storm.CpuSplit.stop

    def start_counting(self) -> None:
        os.kill(self.server, signal.SIGUSR2)
        start(self)

    def stop_counting(self) -> dict:
        split = stop(self)
        os.kill(self.server, signal.SIGUSR2)
        return split

    storm.CpuSplit.start, storm.CpuSplit.stop = start_counting, stop_counting
    try:
        names = [f"Storm{i}" for i in range(args.clients)]
        data = work / "storm"
        storm.prepare(data, ["Bystander", *names], args.cost)
        proc, port = start_server(data, storm.CONFIG.format(cost=args.cost, max_connections=args.clients + 100))
        try:
            row = asyncio.run(storm.storm(port, proc.pid, names, args.addresses == "many", 120.0, False, False))
            deadline = time.monotonic() + 10
            while not split_file.exists() and time.monotonic() < deadline:
                time.sleep(0.1)
            row["loop_split"] = json.loads(split_file.read_text())
        finally:
            proc.terminate()
            proc.wait(30)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    row.update(at=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), load=round(os.getloadavg()[0], 1))
    print(json.dumps({k: v for k, v in row.items() if k != "loop_split"}))
    for label, value in row["loop_split"].items():
        print(f"{label:52s} {value}")
    if args.out:
        with open(args.out, "a") as out:
            out.write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve-with-counters"]:
        sys.exit(serve_with_counters(sys.argv[2:]))
    sys.exit(main())
