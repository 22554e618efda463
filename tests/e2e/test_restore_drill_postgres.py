"""The restore drill on a PostgreSQL game (docs/admin-guide.md, "Backing up a PostgreSQL game"):
back up during play (a checked SQLite file), destroy the game's database and data directory,
restore into PostgreSQL, start, and find every change the players were told was done; the game
a restore replaces is kept aside in a schema of its own."""

import re
import shutil
import threading

import pytest

from .helpers import Server
from .test_restore_drill import _chatter, _cli, _roll, read_line

psycopg = pytest.importorskip("psycopg")


def _config(url: str) -> str:
    return f"password_cost: 1024\ncommand_rate: 0\nstore: '{url}'\n"


def _schema(url: str) -> str:
    return re.search(r"search_path%3D(\w+)", url)[1]


def test_back_up_a_postgresql_game_during_play_destroy_restore_and_every_acknowledged_change_is_there(
        tmp_path, postgres_server, postgres_url):
    data, config = tmp_path / "game", tmp_path / "config.yaml"
    config.write_text(_config(postgres_url))
    server = Server(data, _config(postgres_url)).start()
    alice, bob, cara = server.login("Alice"), server.login("Bob"), server.login("Cara")
    alice.do("@password secret1=secret9", "Password changed.")
    bob.do("@desc me=A tall man in a blue cape.", "Description set.")
    rolls = [_roll(alice, "Alice") for _ in range(3)] + [_roll(bob, "Bob") for _ in range(3)]
    stop = threading.Event()
    chatter = threading.Thread(target=_chatter, args=(cara, stop))
    chatter.start()
    try:
        done = _cli("backup", str(tmp_path / "nightly"), "--keep", "2", "--data-dir", str(data),
                    "--config", str(config))
        bob.do("@desc me=Changed after the backup.", "Description set.")
    finally:
        stop.set()
        chatter.join(10)
    assert done.returncode == 0, done.stderr
    backup = next((tmp_path / "nightly").iterdir())
    assert re.fullmatch(r"champions-\d{8}-\d{6}\.sqlite3", backup.name)
    assert re.fullmatch(rf"Backed up \d+ records \(3 characters\) and 6 log entries to {backup} "
                        r"\(\d+ KiB in \d+\.\d\d s\); integrity check ok.\n", done.stdout), done.stdout

    refused = _cli("restore", str(backup), "--data-dir", str(data), "--config", str(config))
    assert (refused.returncode, refused.stdout) == (1, "")
    assert refused.stderr == f"champions-mush: a server is running on {data}: stop it first (champions-mush stop)\n"

    server.kill9()
    shutil.rmtree(data)  # the machine is lost, and the database with it
    schema = _schema(postgres_url)
    with psycopg.connect(postgres_server.url, autocommit=True) as db:
        db.execute(f"DROP SCHEMA {schema} CASCADE")
        db.execute(f"CREATE SCHEMA {schema}")
    restored = _cli("restore", str(backup), "--data-dir", str(data), "--to", postgres_url)
    assert restored.returncode == 0, restored.stderr
    lines = restored.stdout.splitlines()
    assert re.fullmatch(rf"Restored \d+ records \(3 characters\) and 6 log entries from {backup} "
                        r"\(taken \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\) into PostgreSQL: "
                        rf"user=postgres dbname=postgres host=\S+ options=-csearch_path={schema}; "
                        r"every row read back and found equal.", lines[0]), lines[0]
    assert lines[1:] == ["There was no game in that database before.",
                         (f"Set 'store: {postgres_url}' in the config, then start the server: "
                          f"champions-mush serve --data-dir {data}")]

    with Server(data, _config(postgres_url)) as again:
        alice = again.login("Alice", "secret9", create=False)
        again.login("Bob", create=False)
        alice.do("look Bob", "A tall man in a blue cape.")
        for roll_id in rolls:
            alice.send(f"+dice/verify {roll_id}")
            assert re.match(rf"Roll {roll_id}: (Alice|Bob) rolled 3d6 normal", read_line(alice, f"Roll {roll_id}"))
        again.login("Zed")  # a new character after the restore: the ids go on after the backup's
        assert again.terminate() == 0

    # a restore over a game keeps that game aside, and a restore of it brings Zed back
    again = _cli("restore", str(backup), "--data-dir", str(data), "--config", str(config))
    assert again.returncode == 0, again.stderr
    kept = re.fullmatch(rf'The game it replaced is kept in the schema "({schema}_before_restore_\d{{8}}_\d{{6}})" of '
                        r'that database \(DROP SCHEMA "\1" CASCADE when you no longer need it\).',
                        again.stdout.splitlines()[1])
    assert kept, again.stdout
    assert again.stdout.splitlines()[2] == f"Start the server to play on it: champions-mush serve --data-dir {data}"
    with psycopg.connect(postgres_server.url, autocommit=True) as db:
        names = db.execute(f"SELECT data::jsonb->>'name' FROM {kept[1]}.docs WHERE kind='character' ORDER BY 1").fetchall()
    assert [n for (n,) in names] == ["Alice", "Bob", "Cara", "Zed"]
