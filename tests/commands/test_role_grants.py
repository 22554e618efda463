"""Every role grant is a line in the staff log, whoever makes it: ``@set`` in the game or
``champions-mush create-admin`` at the console (docs/staff-guide.md)."""

from champions_mush import cli
from champions_mush.commands.base import Role
from champions_mush.game.accounts import verify_password
from champions_mush.store.sqlite import SqliteStore

from ..harness import make_world


def _staff_log(store) -> list[tuple[str, object, str]]:
    return [(e.data["actor"], e.data["id"], e.data["line"]) for e in store.tail("staff", 20)]


def test_set_writes_the_command_and_the_grant_to_the_staff_log(caplog):
    world = make_world()
    ada = world.login("Ada", role=Role.ADMIN)
    bob = world.login("Bob")
    bob_id, ada_id = bob.character_id, ada.character_id
    with caplog.at_level("INFO", logger="champions_mush.staff"):
        assert ada.do("@set Bob=staff") == ["Bob is now staff."]
        assert ada.do("@set Bob=player") == ["Bob is now player."]
    assert bob.character.role == Role.PLAYER
    assert _staff_log(world.store) == [
        ("Ada", ada_id, "@set Bob=staff"),
        ("Ada", ada_id, f"role of Bob(#{bob_id}): player -> staff"),
        ("Ada", ada_id, "@set Bob=player"),
        ("Ada", ada_id, f"role of Bob(#{bob_id}): staff -> player"),
    ]
    assert f"Ada(#{ada_id}): role of Bob(#{bob_id}): player -> staff" in caplog.text


def test_a_refused_grant_changes_nothing_and_logs_no_grant():
    world = make_world()
    ada = world.login("Ada", role=Role.ADMIN)
    world.login("Bob")
    assert ada.do("@set Bob=emperor") == ["No role 'emperor': use player, staff or admin."]
    assert ada.do("@set Ada=player") == ["You cannot change your own role (ask another admin)."]
    assert [line for _, _, line in _staff_log(world.store)] == ["@set Bob=emperor", "@set Ada=player"]


def test_create_admin_at_the_console_is_a_grant_in_the_staff_log(tmp_path):
    (tmp_path / "config.yaml").write_text("password_cost: 16\n")
    assert cli.main(["create-admin", "Ada", "--password", "admin123", "--data-dir", str(tmp_path)]) == 0
    assert cli.main(["create-admin", "ada", "--password", "other123", "--data-dir", str(tmp_path)]) == 0
    store = SqliteStore(tmp_path / cli.DB_FILE)
    try:
        ada = next(doc for doc in store.all("character").values() if doc["name"] == "Ada")
        ada_id = ada["id"]
        assert verify_password("other123", ada["password_hash"]) and not verify_password("admin123", ada["password_hash"])
        # the second run changes the password only: no grant to log
        assert _staff_log(store) == [("console", None, f"role of Ada(#{ada_id}): player -> admin")]
    finally:
        store.close()


def test_setting_the_role_someone_already_has_is_no_grant():
    world = make_world()
    ada = world.login("Ada", role=Role.ADMIN)
    bob = world.login("Bob")
    assert ada.do("@set Bob=player") == ["Bob is already player."]
    assert bob.lines == []
    assert [line for _, _, line in _staff_log(world.store)] == ["@set Bob=player"]
