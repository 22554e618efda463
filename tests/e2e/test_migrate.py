"""``champions-mush migrate``: a game moved from SQLite to PostgreSQL and back, played on each
store in between, every roll still verifiable (docs/admin-guide.md, "PostgreSQL")."""

import re
import subprocess

from .helpers import Server, champions_mush_command, read_line

CONFIG = "password_cost: 1024\n"


def _cli(*args):
    return subprocess.run([*champions_mush_command(), *map(str, args)], check=False, capture_output=True, text=True, timeout=120)


def _roll(client, name):
    client.send("+nd6 3")
    return re.search(r"\[(r[0-9a-z]+)\]$", read_line(client, f"[Dice] {name} rolls 3d6 normal:"))[1]


def _verified(client, roll_id, name):
    client.send(f"+dice/verify {roll_id}")
    return read_line(client, f"Roll {roll_id}").startswith(f"Roll {roll_id}: {name} rolled 3d6 normal")


def test_sqlite_to_postgresql_and_back_keeps_every_figure(tmp_path, postgres_url):
    here, there = tmp_path / "sqlite-game", tmp_path / "back-again"
    with Server(here, CONFIG) as server:
        alice = server.login("Alice")
        alice.do("@desc me=Blue and gold.", "Description set.")
        first = _roll(alice, "Alice")
        assert server.terminate() == 0

    moved = _cli("migrate", "--to", postgres_url, "--data-dir", here)
    assert moved.returncode == 0, moved.stderr
    assert re.fullmatch(r"Moved \d+ records, 1 log entry, 0 rows and \d+ counters to PostgreSQL; "
                        r"every row read back and found equal\.", moved.stdout.splitlines()[0]), moved.stdout
    again = _cli("migrate", "--to", postgres_url, "--data-dir", here)
    assert (again.returncode, again.stderr) == (
        1, "champions-mush: the new store already holds a game (docs is not empty): move into an empty one\n")

    on_postgres = CONFIG + f"store: '{postgres_url}'\n"
    with Server(here, on_postgres) as server:
        alice = server.login("Alice", create=False)
        alice.do("look me", "Blue and gold.")
        assert _verified(alice, first, "Alice")
        bob = server.login("Bob")
        second = _roll(bob, "Bob")
        assert server.terminate() == 0

    there.mkdir()
    (there / "config.yaml").write_text(on_postgres)
    back = _cli("migrate", "--to", "sqlite", "--data-dir", there)
    assert back.returncode == 0, back.stderr
    assert back.stdout.splitlines()[1] == (f"Now remove the 'store:' line from {there / 'config.yaml'} and start "
                                           "the server. The old store is left as it was.")
    (there / "config.yaml").unlink()
    with Server(there, CONFIG) as server:
        bob = server.login("Bob", create=False)
        server.login("Alice", create=False)
        assert _verified(bob, first, "Alice") and _verified(bob, second, "Bob")
        third = _roll(bob, "Bob")
        assert third not in (first, second)  # the roll ids go on from where they were
        assert server.terminate() == 0


def test_migrate_refuses_what_it_cannot_do_in_one_line(tmp_path):
    assert _cli("migrate", "--to", "sqlite", "--data-dir", tmp_path).stderr == (
        f"champions-mush: there is no game database in {tmp_path}\n")
    with Server(tmp_path, CONFIG) as server:
        server.login("Alice")
        done = _cli("migrate", "--to", "mysql://x", "--data-dir", tmp_path)
        assert done.stderr == f"champions-mush: a server is running on {tmp_path}: stop it first (champions-mush stop)\n"
    done = _cli("migrate", "--to", "mysql://x", "--data-dir", tmp_path)
    assert done.stderr == "champions-mush: --to takes a postgresql:// address or 'sqlite', not 'mysql://x'\n"
    done = _cli("migrate", "--to", "sqlite", "--data-dir", tmp_path)
    assert done.stderr == f"champions-mush: the game in {tmp_path} is already kept in SQLite\n"
