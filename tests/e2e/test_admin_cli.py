"""The admin's shell tools against a real server: status, backup during a say flood, stop,
and create-admin without a terminal."""

import sqlite3
import subprocess
import threading

from champions_mush.net.status import STATUS_FILE

from .helpers import Server, champions_mush_command


def _cli(*args, **kwargs):
    return subprocess.run([*champions_mush_command(), *args], check=False, capture_output=True, text=True,
                          timeout=60, **kwargs)


def test_status_says_when_nothing_runs(tmp_path):
    done = _cli("status", "--data-dir", str(tmp_path))
    assert (done.returncode, done.stdout, done.stderr) == (3, f"No server is running on {tmp_path}.\n", "")


def test_status_then_stop(tmp_path):
    with Server(tmp_path) as server:
        server.login("Alice")
        done = _cli("status", "--data-dir", str(tmp_path))
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert lines[0] == f"A server is running on {tmp_path} (pid {server.proc.pid})."
        assert lines[1] == f"  telnet   127.0.0.1:{server.port}"
        assert lines[2].startswith("  uptime   0m 0")
        assert lines[3] == "  players  1 online, 1 connections"
        stopped = _cli("stop", "--data-dir", str(tmp_path))
        assert stopped.stdout == f"Stopped the server on {tmp_path} (pid {server.proc.pid}).\n"
        assert server.proc.wait(10) == 0
        assert "The game is shutting down." in server.clients[0].wait_closed()
    assert not (tmp_path / STATUS_FILE).exists()
    assert _cli("stop", "--data-dir", str(tmp_path)).stdout == f"No server is running on {tmp_path}.\n"


def _flood(client, stop, count):
    while not stop.is_set():
        client.send(f"say flood line {count[0]}")
        client.send("+nd6 3")
        count[0] += 1
        client.expect(f"flood line {count[0] - 1}")


def test_backup_during_a_say_flood_opens_as_a_complete_database(tmp_path):
    config = "password_cost: 1024\ncommand_rate: 0\n"
    with Server(tmp_path / "game", config=config) as server:
        alice, bob = server.login("Alice"), server.login("Bob")
        stop, counts = threading.Event(), ([0], [0])
        floods = [threading.Thread(target=_flood, args=(c, stop, n)) for c, n in zip((alice, bob), counts)]
        for thread in floods:
            thread.start()
        try:
            while counts[0][0] < 20:
                threading.Event().wait(0.05)
            done = [_cli("backup", str(tmp_path / f"copy{i}.sqlite3"), "--data-dir", str(server.data_dir))
                    for i in range(3)]
        finally:
            stop.set()
            for thread in floods:
                thread.join(10)
        for i, result in enumerate(done):
            assert result.returncode == 0, result.stderr
            assert result.stdout.startswith("Backed up ")
            db = sqlite3.connect(tmp_path / f"copy{i}.sqlite3")
            assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            names = {row[0] for row in db.execute(
                "SELECT json_extract(data, '$.name') FROM docs WHERE kind='character'")}
            assert {"Alice", "Bob"} <= names
            assert db.execute("SELECT count(*) FROM log WHERE log='rolls'").fetchone()[0] >= 1
            db.close()
        assert not list(tmp_path.glob("*.partial"))


def test_backup_refuses_a_directory_without_a_game(tmp_path):
    done = _cli("backup", str(tmp_path / "x.sqlite3"), "--data-dir", str(tmp_path / "none"))
    assert (done.returncode, done.stderr) == (1, f"champions-mush: there is no game database in {tmp_path / 'none'}\n")


def test_create_admin_without_a_terminal_says_so_in_one_line(tmp_path):
    done = _cli("create-admin", "Root", "--data-dir", str(tmp_path), stdin=subprocess.DEVNULL)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == "champions-mush: no terminal to ask for the password: give it with --password PW\n"
