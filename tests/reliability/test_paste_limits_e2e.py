"""Paste limits on the real server over TCP (docs/reliability.md, "Every door"): a paste spends
the command rate by its size and is slowed, never cut; twenty unfinished 1 MB pastes hold at
most ``paste_max_total``; a character's sixth connection closes its first."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from champions_mush.commands.login import TOO_MANY_CONNECTIONS
from champions_mush.commands.multiline import TOO_MANY
from tests.e2e.helpers import Server, read_line
from tests.reliability.helpers import rss_kb

pytestmark = pytest.mark.e2e

DATA = Path(__file__).parents[1] / "game" / "data" / "hdc"


def _start_paste(client) -> None:
    client.send("+sheet/import")
    read_line(client, "Paste your")


def test_a_paste_faster_than_the_command_rate_is_slowed_not_cut(tmp_path):
    """10 commands a second, 2 saved up: a 320 KB file (one command per 32,768 characters) must
    take most of a second, arrive whole, and leave a bystander answered meanwhile."""
    config = "password_cost: 1024\ncommand_rate: 10\ncommand_burst: 2\n"
    with Server(tmp_path, config) as server:
        alice, bob = server.login("Alice"), server.login("Bob")
        text = (DATA / "characteristics_5e_simple.hdc").read_text("utf-8")
        padding = "".join(f'<NOTES1 TEXT="{"n" * 4000}"/>\n' for _ in range(78))
        text = text.replace("<NOTES1 />", padding, 1)
        assert 320_000 < len(text) < 330_000
        _start_paste(alice)
        started = time.monotonic()
        alice.sock.sendall(text.replace("\n", "\r\n").encode() + b".\r\n")
        bob.do("say meanwhile", 'You say, "meanwhile"')
        assert time.monotonic() - started < 0.5  # the bystander did not wait for the paste
        line = read_line(alice, "Imported", timeout=30)
        assert time.monotonic() - started >= 0.6  # 10 commands' worth at 10 a second, 2 saved up
        assert line.startswith("Imported '5e superhero simple' from Hero Designer: 0 items.")
        assert "You are sending commands too fast" not in alice.text


def test_twenty_unfinished_pastes_hold_at_most_the_configured_total(tmp_path):
    config = "password_cost: 1024\ncommand_rate: 0\npaste_max_total: 2097152\n"
    with Server(tmp_path, config) as server:
        pasters = [server.login(f"Hero{a}{b}") for a in "bcd" for b in "abcdefgh"][:20]
        for paster in pasters:
            _start_paste(paster)
        before = rss_kb(server.proc.pid)
        chunk = ("<NOTES>" + "x" * 8000 + "</NOTES>\r\n").encode() * 125  # 1 MB
        for paster in pasters:
            paster.sock.sendall(chunk)
        dropped = _told(pasters, TOO_MANY, 18)
        grown = (rss_kb(server.proc.pid) - before) // 1024
        assert len(dropped) == 18  # two 1 MB pastes fit under 2 MB
        assert grown < 60, f"{grown} MB"  # it was 160 MB for twenty 2 MB pastes
        for paster in (p for p in pasters if p not in dropped):
            paster.send(".")
            assert read_line(paster, "That is not", timeout=30).startswith("That is not a complete XML file")


def _told(clients, text: str, count: int, timeout: float = 30.0) -> list:
    """The clients that got ``text``, read until ``count`` of them have (or ``timeout``)."""
    deadline = time.monotonic() + timeout
    told: list = []
    while len(told) < count and time.monotonic() < deadline:
        for client in clients:
            if client not in told:
                client._read(time.monotonic() + 0.02)
                if text in client.text:
                    told.append(client)
    return told


def test_a_sixth_connection_of_one_character_closes_the_first(tmp_path):
    with Server(tmp_path) as server:
        first = server.login("Alice")
        others = [server.login("Alice", create=False) for _ in range(5)]
        first.wait_closed()
        assert TOO_MANY_CONNECTIONS.format(5) in first.text
        others[0].do("say still here", 'You say, "still here"')
