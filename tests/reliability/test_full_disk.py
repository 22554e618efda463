"""A disk that stops taking writes under a running server (the file size limit set to one byte
with prlimit: every write to the database and the logs fails, as on a full disk): players and
admins still log in and read, each player hears once that nothing can be saved, staff are
alerted in the game, the log files fall back to stderr, and all comes back when the disk does
(docs/reliability.md, "Hardening after the live attack")."""

from __future__ import annotations

import resource
import sqlite3
import subprocess

from tests.e2e.helpers import Server, create_admin

CANNOT_SAVE = ("[Storage] The game cannot save right now: you can log in, look around and read, "
               "but nothing you change will be kept. Staff have been told.")
REFUSED = "The game could not save that, so nothing changed. Staff have been told."


class _StderrServer(Server):
    """The real server with stderr on a pipe of its own (the output file cannot grow either)."""

    def start(self) -> _StderrServer:
        real_popen = subprocess.Popen

        def popen(cmd, stdout=None, stderr=None, **kw):
            return real_popen(cmd, stdout=stdout, stderr=subprocess.PIPE, text=True, **kw)

        subprocess.Popen = popen
        try:
            return super().start()
        finally:
            subprocess.Popen = real_popen


def _disk(pid: int, full: bool) -> None:
    limit = 1 if full else resource.RLIM_INFINITY
    resource.prlimit(pid, resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))


def test_logins_and_reading_go_on_while_the_disk_is_full(tmp_path):
    server = _StderrServer(tmp_path, "password_cost: 1024\nconnects_per_minute: 0\n")
    create_admin(server, "Root", "adminpw1")
    with server:
        server.login("Bob").do("QUIT", "Goodbye")
        root = server.login("Root", "adminpw1", create=False)
        _disk(server.proc.pid, full=True)

        bob = server.client()
        bob.expect("QUIT")
        bob.send("connect Bob secret1")
        assert bob.expect("Heroes gather here.\n").endswith(
            f"{CANNOT_SAVE}\nWelcome to Champions MUSH, Bob!\nHero Plaza\nThe heart of the city. Heroes gather here.\n")
        bob.expect("Contents: Root\n")
        root.expect("[Storage] The database refused a write: disk I/O error. Nothing can be saved until "
                    "the disk has room and the database is writable.\n")
        root.expect(f"{CANNOT_SAVE}\n")
        assert bob.do("look", "Contents: Root\n") == "Hero Plaza\nThe heart of the city. Heroes gather here.\nContents: Root\n"
        assert bob.do("@desc me=A hero in red.", "\n") == f"{REFUSED}\n"
        root.do("@wall The disk is full, back soon.", "[Announcement] Root: The disk is full, back soon.")
        bob.expect("[Announcement] Root: The disk is full, back soon.\n")

        _disk(server.proc.pid, full=False)
        assert bob.do("@desc me=A hero in blue.", "Description set.\n") == \
            "[Storage] The game can save again.\nDescription set.\n"
        root.expect("[Storage] The game can save again.\n")
        server.terminate()
        stderr = server.proc.stderr.read()
    assert "Traceback" not in stderr
    assert f"champions-mush: cannot write {tmp_path}/logs/connections.log (File too large); its records go to stderr\n" in stderr
    assert " INFO champions_mush.login: login Bob(#" in stderr
    assert f"champions-mush: writing {tmp_path}/logs/connections.log again\n" in stderr
    db = sqlite3.connect(tmp_path / "game.sqlite3")
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert '"desc": "A hero in blue."' in db.execute("SELECT data FROM docs WHERE data LIKE '%Bob%'").fetchone()[0]
