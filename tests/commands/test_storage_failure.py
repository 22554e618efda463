"""A database that refuses writes (read-only file, full disk): players and staff are told, and
the game in memory keeps only what the store holds (issue 8 §3)."""

from champions_mush.commands.base import Role
from champions_mush.game.world import Game
from champions_mush.store.sqlite import SqliteStore

from ..harness import World

REFUSED = "The game could not save that, so nothing changed. Staff have been told."


def test_a_refused_write_is_reported_and_nothing_half_changes(tmp_path):
    store = SqliteStore(tmp_path / "game.sqlite3")
    world = World(store=store)
    alice = world.login("Alice")
    gm = world.login("Gina", role=Role.STAFF)
    alice.do("@desc me=A hero in blue.")
    gm.clear()

    store._db.execute("PRAGMA query_only=1")  # what a read-only file or a full disk does to writes
    assert alice.do("@desc me=A hero in red.") == [REFUSED]
    assert any(line.startswith("[Storage] The database refused a write") for line in gm.lines), gm.lines
    assert world.game.find_character("Alice").desc == "A hero in blue."
    assert alice.do("+stat STR=30") == [REFUSED]

    store._db.execute("PRAGMA query_only=0")  # the admin frees the disk
    alice.do("@desc me=A hero in green.")
    assert Game(store).find_character("Alice").desc == "A hero in green."
    assert store._db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
