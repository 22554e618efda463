"""The game between fights over real telnet: @mail, boards, requests, scenes and people, each
surviving a ``kill -9`` and restart (what a player was told was saved is there afterwards)."""

from __future__ import annotations

import pytest

from .helpers import Server, read_line

pytestmark = pytest.mark.e2e

CONFIG = "password_cost: 1024\nconnects_per_minute: 0\nmail_quota: 2\n"


def test_mail_to_an_offline_player_survives_kill_9_and_is_read_after_login(tmp_path):
    server = Server(tmp_path, CONFIG).start()
    bob = server.login("Bob")
    bob.do("QUIT", "Goodbye!")
    alice = server.login("Alice")
    alice.send("@mail Bob=Patrol/Meet at the docks at nine.")
    assert read_line(alice, "You sent") == "You sent your message 'Patrol' to Bob."
    alice.send("@mail Bob=Second/Bring the van.")
    read_line(alice, "You sent")
    alice.send("@mail Bob=Third/One too many.")
    assert read_line(alice, "The mailbox") == "The mailbox of Bob is full (2 messages): nothing was sent."
    server.kill9()
    server.start()
    bob = server.client()
    bob.expect("QUIT")
    bob.send("connect Bob secret1")
    assert read_line(bob, "[Mail]") == "[Mail] You have 2 unread messages. Type @mail to list them."
    bob.send("@mail 1")
    read_line(bob, "Message 1 (inbox)   From: Alice")
    assert read_line(bob, "Subject:") == "Subject: Patrol"
    bob.expect("-" * 78 + "\n")
    assert read_line(bob, "Meet") == "Meet at the docks at nine."
    bob.send("@mail")
    assert read_line(bob, "2 messages here") == "2 messages here, 1 unread. Mailbox: 2/2."
    server.terminate()
