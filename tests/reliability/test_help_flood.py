"""Huge help queries from the login screen do not hold up anyone else (docs/reliability.md,
"An 8,100-character help query").

Before: one ``+help`` with an 8,100-character word made another player's ``say`` wait 12 s and
the server peak at 4.4 GB; lines of 880 random 8-letter words at 10 a second kept every ``say``
at about 3 s. The attacker here, never logged in, sends both kinds (to +HELP, RULES and NEWS,
each line different so no cache helps) at the default rate limit of 10 a second while a
logged-in player talks. Bounds are generous (a busy CI machine): a say answered within 1 s,
peak memory (VmHWM) up by less than 100 MB.
"""

from __future__ import annotations

import random
import threading
import time

import pytest

from tests.e2e.helpers import Client, Server

pytestmark = pytest.mark.e2e

CONFIG = "password_cost: 1024\nconnects_per_minute: 0\n"
ATTACK_SECONDS = 2.0
RATE = 10


def _peak_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))


def _attack_lines(rng: random.Random):
    letters = "abcdefghijklmnopqrstuvwxyz"
    readers = ("+help", "rules", "news", "+help/search", "rules/search")
    for n in range(10_000):
        reader = readers[n % len(readers)]
        if n % 2:
            yield f"{reader} " + "".join(rng.choices(letters, k=8100))
        else:
            yield f"{reader} " + " ".join("".join(rng.choices(letters, k=8)) for _ in range(880))


def _attack(client: Client, stop: threading.Event) -> None:
    for line in _attack_lines(random.Random(11)):
        if stop.is_set():
            return
        client.send(line)
        client.text = client.text[-10_000:]
        deadline = time.monotonic() + 1 / RATE
        while time.monotonic() < deadline:
            client._read(deadline)  # keep reading, so the server never holds our output


def test_huge_help_queries_before_login_do_not_stall_a_players_say(tmp_path):
    with Server(tmp_path, CONFIG) as server:
        calm = server.login("Calm")
        peak_before = _peak_kb(server.proc.pid)
        attacker = server.client()
        attacker.expect("QUIT")
        stop = threading.Event()
        thread = threading.Thread(target=_attack, args=(attacker, stop), daemon=True)
        thread.start()
        worst, n, started = 0.0, 0, time.monotonic()
        try:
            while time.monotonic() - started < ATTACK_SECONDS:
                t0 = time.monotonic()
                calm.do(f"say calm {n}", f'You say, "calm {n}"')
                worst = max(worst, time.monotonic() - t0)
                n += 1
                time.sleep(0.05)
        finally:
            stop.set()
            thread.join(5)
        attacker.send("+help " + "q" * 8100)
        attacker.expect("No help topic 'qqqqqqqqq")
        grown_mb = (_peak_kb(server.proc.pid) - peak_before) / 1024
        print(f"{n} says during the attack, worst {worst * 1000:.1f} ms; peak memory grew {grown_mb:.1f} MB")
        assert n >= 5
        assert worst < 1.0, f"Calm waited {worst:.3f} s for a say during the help flood"
        assert grown_mb < 100, f"peak memory grew {grown_mb:.0f} MB"
