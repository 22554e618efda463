"""A database that refuses writes (read-only file, full disk): players and staff are told, and
the game in memory keeps only what the store holds (docs/reliability.md); logins and staff commands go
on, each player hears once that nothing can be saved, and everyone told hears when it can."""

from champions_mush.commands.base import Role
from champions_mush.commands.login import login_session
from champions_mush.game.world import Game
from champions_mush.store.sqlite import SqliteStore

from ..harness import World

REFUSED = "The game could not save that, so nothing changed. Staff have been told."
CANNOT_SAVE = ("[Storage] The game cannot save right now: you can log in, look around and read, "
               "but nothing you change will be kept. Staff have been told.")
STAFF_ALERT = ("[Storage] The database refused a write: attempt to write a readonly database. Nothing can be "
               "saved until the disk has room and the database is writable.")


def test_a_refused_write_is_reported_and_nothing_half_changes(tmp_path):
    store = SqliteStore(tmp_path / "game.sqlite3")
    world = World(store=store)
    alice = world.login("Alice")
    gm = world.login("Gina", role=Role.STAFF)
    alice.do("@desc me=A hero in blue.")
    gm.clear()

    store._db.execute("PRAGMA query_only=1")  # what a read-only file or a full disk does to writes
    assert alice.do("@desc me=A hero in red.") == [CANNOT_SAVE, REFUSED]
    assert gm.lines == [STAFF_ALERT, CANNOT_SAVE]
    assert world.game.find_character("Alice").desc == "A hero in blue."
    assert alice.do("+stat STR=30") == [REFUSED]

    store._db.execute("PRAGMA query_only=0")  # the admin frees the disk
    assert alice.do("@desc me=A hero in green.") == ["[Storage] The game can save again.", "Description set."]
    assert Game(store).find_character("Alice").desc == "A hero in green."
    assert store._db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_logins_and_staff_commands_work_while_writes_fail_and_each_player_is_told_once(tmp_path):
    store = SqliteStore(tmp_path / "game.sqlite3")
    world = World(store=store)
    bob = world.game.new_character("Bob")
    gm = world.login("Gina", role=Role.ADMIN)
    store._db.execute("PRAGMA query_only=1")
    gm.clear()

    session = world.guest()
    login_session(world.game, session, bob)  # writes last_login, which fails
    assert session.character_id == bob.id
    assert session.lines[:2] == [CANNOT_SAVE, "Welcome to Champions MUSH, Bob!"]
    assert gm.lines == [STAFF_ALERT, CANNOT_SAVE, "Bob has connected."]
    assert session.do("look")[0] == "Hero Plaza"
    assert session.do("@desc me=Tall.") == [REFUSED]  # told once already
    world.clock.advance(30)
    assert gm.do("@wall Disk trouble, back soon.") == ["[Announcement] Gina: Disk trouble, back soon."]
    assert gm.do("@desc me=Staff.") == [REFUSED]  # no second alert within the minute
    world.clock.advance(60)
    assert gm.do("@desc me=Staff.") == [REFUSED, STAFF_ALERT]


def test_create_and_newpassword_are_answered_when_the_write_fails(tmp_path):
    store = SqliteStore(tmp_path / "game.sqlite3")
    world = World(store=store)
    admin = world.login("Ada", role=Role.ADMIN)
    world.game.new_character("Bob", password_hash="old-hash")
    store._db.execute("PRAGMA query_only=1")
    guest = world.guest()
    not_saved = "The game cannot save right now, so nothing changed; please try again later."
    assert guest.do("create Zed secret1") == [not_saved]
    assert guest.do("create Zed secret1") == [not_saved]  # not stuck "still checking"
    assert world.game.find_character("Zed") is None
    assert admin.do("@newpassword Bob=newpass1")[-1] == not_saved
    assert world.game.find_character("Bob").password_hash == "old-hash"
