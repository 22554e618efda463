"""Bans that cannot lock the admin out, an unban from the shell, a per-address cap on new
characters, capped channel history and @newpassword logging out the old password's holders,
all on the real server (docs/reliability.md, "Hardening after the live attack")."""

from __future__ import annotations

import json
import sqlite3
import subprocess

from tests.e2e.helpers import Client, Server, champions_mush_command, create_admin

CONFIG = ("password_cost: 1024\nconnects_per_minute: 0\ncommand_rate: 0\n"
          "creates_per_address_per_day: 2\nchannel_log_max_entries: 50\n")


def _shell(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*champions_mush_command(), *args], check=False, capture_output=True, text=True, timeout=30)


def test_no_self_ban_and_the_shell_lifts_a_ban_while_the_server_runs(tmp_path):
    server = Server(tmp_path, CONFIG)
    create_admin(server, "Root", "adminpw1")
    with server:
        root = server.login("Root", "adminpw1", create=False)
        assert root.do("@ban *", "\n") == ("* matches your own address (127.0.0.1): you would lock yourself out. "
                                           "Ban a narrower pattern.\n")
        assert root.do("@ban 127.0.0.*=oops", "\n").startswith("127.0.0.* matches your own address")
        root.do("@bans", "Banned sites: none.")
        db = sqlite3.connect(tmp_path / "game.sqlite3", isolation_level=None)
        db.execute("INSERT INTO docs VALUES ('ban', '127.*', ?)", (json.dumps({"pattern": "127.*", "reason": "old"}),))
        locked = Client(server.port)
        assert locked.wait_closed() == "Connections from your site are not allowed.\n"
        assert _shell("bans", "--data-dir", str(tmp_path)).stdout == "127.*  old\n"
        assert _shell("unban", "127.*", "--data-dir", str(tmp_path)).stdout == "Site 127.* unbanned.\n"
        again = _shell("unban", "127.*", "--data-dir", str(tmp_path))
        assert (again.returncode, again.stderr) == (
            1, "champions-mush: '127.*' is not banned (champions-mush bans lists them)\n")
        server.login("Root", "adminpw1", create=False)


def test_creation_cap_capped_history_and_newpassword_over_tcp(tmp_path):
    server = Server(tmp_path, CONFIG)
    create_admin(server, "Root", "adminpw1")
    with server:
        root = server.login("Root", "adminpw1", create=False)
        ann, bob = server.login("Ann"), server.login("Bob")
        third = server.client()
        third.expect("QUIT")
        assert third.do("create Cat secret1", "staff.\n").endswith(
            "Too many characters were created from your address today: try again in about 24 hours, or ask staff.\n")
        for n in range(120):
            ann.send(f"pub line {n}")
        ann.expect("[Public] Ann: line 119\n")
        root.do("@newpassword Bob=newpass1", "Password for Bob changed.")
        assert bob.wait_closed().endswith("Root changed your password: connect again with the new one.\n")
        server.login("Bob", "newpass1", create=False)
    db = sqlite3.connect(tmp_path / "game.sqlite3")
    kept = [json.loads(d)["text"] for (d,) in db.execute("SELECT data FROM log WHERE log='channel' ORDER BY id")]
    assert 50 <= len(kept) <= 55 and kept[-1] == "|c[Public]|n Ann: line 119"
