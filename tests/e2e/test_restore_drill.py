"""The restore drill (docs/admin-guide.md, "Testing a restore"): back up during play, destroy
the data directory, restore, start, and find every change the players were told was done."""

import re
import shutil
import subprocess
import threading
import time

from .helpers import Server, champions_mush_command, read_line

CONFIG = "password_cost: 1024\ncommand_rate: 0\n"


def _cli(*args):
    return subprocess.run([*champions_mush_command(), *args], check=False, capture_output=True, text=True, timeout=60)


def _roll(client, name):
    client.send("+nd6 3")
    return re.search(r"\[(r[0-9a-z]+)\]$", read_line(client, f"[Dice] {name} rolls 3d6 normal:"))[1]


def _chatter(client, stop):
    n = 0
    while not stop.is_set():
        client.do(f"say chatter {n}", f"chatter {n}")
        n += 1


def test_back_up_during_play_destroy_restore_and_every_acknowledged_change_is_there(tmp_path):
    data = tmp_path / "game"
    server = Server(data, CONFIG).start()
    alice, bob, cara = server.login("Alice"), server.login("Bob"), server.login("Cara")
    alice.do("@password secret1=secret9", "Password changed.")
    bob.do("@desc me=A tall man in a blue cape.", "Description set.")
    rolls = [_roll(alice, "Alice") for _ in range(3)] + [_roll(bob, "Bob") for _ in range(3)]
    stop = threading.Event()
    chatter = threading.Thread(target=_chatter, args=(cara, stop))
    chatter.start()
    try:
        done = _cli("backup", str(tmp_path / "nightly.sqlite3"), "--data-dir", str(data))
        bob.do("@desc me=Changed after the backup.", "Description set.")
    finally:
        stop.set()
        chatter.join(10)
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(rf"Backed up \d+ records \(3 characters\) and 6 log entries to {tmp_path}/nightly.sqlite3 "
                        r"\(\d+ KiB in \d+\.\d\d s\); integrity check ok.\n", done.stdout), done.stdout

    refused = _cli("restore", str(tmp_path / "nightly.sqlite3"), "--data-dir", str(data))
    assert (refused.returncode, refused.stdout) == (1, "")
    assert refused.stderr == f"champions-mush: a server is running on {data}: stop it first (champions-mush stop)\n"

    server.kill9()
    shutil.rmtree(data)
    restored = _cli("restore", str(tmp_path / "nightly.sqlite3"), "--data-dir", str(data))
    assert restored.returncode == 0, restored.stderr
    lines = restored.stdout.splitlines()
    assert re.fullmatch(rf"Restored \d+ records \(3 characters\) and 6 log entries from {tmp_path}/nightly.sqlite3 "
                        rf"\(taken \d{{4}}-\d\d-\d\d \d\d:\d\d:\d\d UTC\) into {data}/game.sqlite3.", lines[0]), lines[0]
    assert lines[1:] == [f"There was no database in {data} before.",
                         f"Start the server to play on it: champions-mush serve --data-dir {data}"]

    with Server(data, CONFIG) as again:
        alice = again.login("Alice", "secret9", create=False)
        again.login("Bob", create=False)
        alice.do("look Bob", "A tall man in a blue cape.")
        for roll_id in rolls:
            alice.send(f"+dice/verify {roll_id}")
            assert re.match(rf"Roll {roll_id}: (Alice|Bob) rolled 3d6 normal", read_line(alice, f"Roll {roll_id}"))
        assert again.terminate() == 0


def test_restore_keeps_the_current_database_aside(tmp_path):
    data = tmp_path / "game"
    with Server(data, CONFIG) as server:
        server.login("Alice")
        assert _cli("backup", str(tmp_path / "b.sqlite3"), "--data-dir", str(data)).returncode == 0
        server.login("Zed")
        assert server.terminate() == 0
    done = _cli("restore", str(tmp_path / "b.sqlite3"), "--data-dir", str(data))
    kept = re.search(r"The database it replaced is kept as (\S+)\.\n", done.stdout)
    assert kept, done.stdout
    assert re.fullmatch(rf"{data}/game.sqlite3.before-restore-\d{{8}}-\d{{6}}", kept[1])
    with Server(data, CONFIG) as server:
        client = server.client()
        client.expect("QUIT")
        client.send("connect Zed secret1")
        client.expect("Either that name does not exist or the password is wrong.")
    assert _cli("restore", kept[1], "--data-dir", str(data)).returncode == 0
    with Server(data, CONFIG) as server:
        server.login("Zed", create=False)


def test_the_server_takes_its_scheduled_backups_and_prunes_old_ones(tmp_path):
    data, folder = tmp_path / "game", tmp_path / "kept"
    folder.mkdir()
    with Server(data, CONFIG) as server:
        server.login("Alice")
        assert _cli("backup", str(folder / "champions-20201201-041500.sqlite3"), "--data-dir", str(data)).returncode == 0
        assert server.terminate() == 0
    (folder / "champions-20191201-041500.sqlite3").write_text("not ours")
    config = CONFIG + f"backup_every_hours: 0.001\nbackup_keep_days: 30\nbackup_dir: {folder}\n"
    with Server(data, config) as server:
        log = data / "logs" / "server.log"
        deadline = time.monotonic() + 10
        while len(re.findall("scheduled backup: Backed up", log.read_text())) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        made = sorted(p.name for p in folder.iterdir())
        assert made[0] == "champions-20191201-041500.sqlite3"  # not ours: stays
        assert len(made) == 3 and all(re.fullmatch(r"champions-2026\d{4}-\d{6}.sqlite3", n) for n in made[1:]), made
        assert "Removed 1 older backup: champions-20201201-041500.sqlite3." in log.read_text()
        status = _cli("status", "--data-dir", str(data)).stdout.splitlines()
        assert re.fullmatch(rf"  backup   last at \d{{4}}-\d\d-\d\d \d\d:\d\d:\d\d UTC: {folder}/champions-\d{{8}}-\d{{6}}.sqlite3",
                            status[-1]), status
