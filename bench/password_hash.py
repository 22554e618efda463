"""How long one password hash takes: the game's Argon2id at a given cost, and the scrypt the game
used before (N=16384, r=8, p=1: the same 16 MiB), one thread, median of N runs.

    python bench/password_hash.py [--runs 20] [--cost 16384]

Each login and ``create`` costs one hash on a hash thread (``hash_threads``); the login burst's
time is about (logins / hash threads) x this figure.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

from champions_mush.game.accounts import hash_password, verify_password

PASSWORD = "correct-horse1"


def _ms(work: Callable[[], object], runs: int) -> tuple[float, float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--cost", type=int, default=16384, help="password_cost: Argon2id memory in KiB")
    args = parser.parse_args()
    import hashlib  # only for the comparison: the game's process never imports it

    stored = hash_password(PASSWORD, args.cost)
    rows = {
        f"Argon2id m={args.cost} t=3 p=1, hash": lambda: hash_password(PASSWORD, args.cost),
        f"Argon2id m={args.cost} t=3 p=1, verify": lambda: verify_password(PASSWORD, stored),
        "scrypt N=16384 r=8 p=1 (before)": lambda: hashlib.scrypt(
            PASSWORD.encode(), salt=os.urandom(16), n=16384, r=8, p=1, maxmem=128 << 20, dklen=32),
    }
    for name, work in rows.items():
        median, low, high = _ms(work, args.runs)
        print(f"{name:40s} median {median:6.1f} ms  (min {low:.1f}, max {high:.1f}, {args.runs} runs)")


if __name__ == "__main__":
    main()
