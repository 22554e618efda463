"""A roll that was shown is in the roll log after a kill -9 (the log commits with
synchronous=NORMAL, which in WAL mode survives a killed process)."""

import re

from .helpers import Server, read_line


def test_every_shown_roll_can_be_verified_after_kill_9(tmp_path):
    server = Server(tmp_path).start()
    alice = server.login("Alice")
    shown = []
    for _ in range(5):
        alice.send("+nd6 3")
        line = read_line(alice, "[Dice] Alice rolls 3d6 normal:")
        shown.append(re.search(r"\[(r[0-9a-z]+)\]$", line)[1])
    server.kill9()
    server.start()
    bob = server.login("Bob")
    for roll_id in shown:
        bob.send(f"+dice/verify {roll_id}")
        assert read_line(bob, f"Roll {roll_id}").startswith(f"Roll {roll_id}: Alice rolled 3d6 normal")
    server.terminate()
