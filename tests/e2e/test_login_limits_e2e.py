"""The failed-login limit on the real server: 25 wrong passwords sent at once over 25
connections, the owner told at login, staff told in the game (docs/reliability.md)."""

from __future__ import annotations

import time

import pytest

from .helpers import serving_with_admin

pytestmark = pytest.mark.e2e

WRONG = "Either that name does not exist or the password is wrong."
WAIT = "Too many failed logins: try again in"


def _answer(client, *needles: str) -> str:
    """Read until one of ``needles`` arrives; returns the one that did (and the rest of its line)."""
    deadline = time.monotonic() + 10
    while not any(n in client.text for n in needles):
        assert time.monotonic() < deadline and not client.closed, client.text
        client._read(deadline)
    found = next(n for n in needles if n in client.text)
    client.expect(found)
    return found + client.expect("\n")


def _all_arrive(client, *lines: str) -> None:
    """Read until every one of ``lines`` has arrived, in any order: the hash threads finish
    the tries in whatever order they finish them, and each is reported when it ends."""
    deadline = time.monotonic() + 10
    while not all(line in client.text for line in lines):
        assert time.monotonic() < deadline and not client.closed, client.text
        client._read(deadline)
    client.text = ""


def test_parallel_wrong_passwords_are_limited_and_reported(tmp_path):
    with serving_with_admin(tmp_path, "password_cost: 1024\nfailed_logins_per_minute: 5\n", password="adapass1") \
            as (server, ada):
        server.login("Bob", "bobpass1").send("QUIT")
        guests = [server.client() for _ in range(25)]
        for guest in guests:
            guest.expect("QUIT")
        for n, guest in enumerate(guests):  # all sent before any answer arrives
            guest.send(f"connect Bob wrong{n}")
        answers = [_answer(guest, WRONG, WAIT) for guest in guests]
        assert sum(a.startswith(WRONG) for a in answers) == 5  # only the free tries were hashed
        assert sum(a.startswith(WAIT) for a in answers) == 20
        _all_arrive(ada, "[Login] 1 failed login for Bob from 127.0.0.1.",
                    "[Login] 5 failed logins for Bob from 127.0.0.1: further tries wait.")
        bob = server.client()
        bob.expect("QUIT")
        bob.send("connect Bob bobpass1")
        first = _answer(bob, "Welcome to Champions MUSH, Bob!", WAIT)
        if WAIT in first:  # still inside the delay the guesses earned: wait it out
            time.sleep(int(first.split(WAIT)[1].split()[0]))
            bob.send("connect Bob bobpass1")
            bob.expect("Welcome to Champions MUSH, Bob!")
        bob.expect("5 failed login attempts on this character since you last connected "
                   "(the last from 127.0.0.1).")


def test_eight_right_passwords_at_once_from_one_address_all_get_in(tmp_path):
    """Eight players behind one address connecting Bob at the same moment: none is told of failed
    logins. Each hash costs 32 MiB (tens of milliseconds), so all eight start before one ends."""
    with serving_with_admin(tmp_path, "password_cost: 32768\nfailed_logins_per_minute: 5\n", password="adapass1") \
            as (server, _ada):
        server.login("Bob", "bobpass1").send("QUIT")
        guests = [server.client() for _ in range(8)]
        for guest in guests:
            guest.expect("QUIT")
        for guest in guests:
            guest.send("connect Bob bobpass1")
        answers = [_answer(guest, "Welcome to Champions MUSH, Bob!", WAIT, WRONG) for guest in guests]
        assert [a.split("!")[0] for a in answers] == ["Welcome to Champions MUSH, Bob"] * 8

