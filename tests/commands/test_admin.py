"""Running the game: roles, @boot, @wall, @shutdown, @newpassword, site bans, staff logging."""

import pytest

from champions_mush.commands.base import Role
from champions_mush.commands.dispatch import PERMISSION_DENIED
from champions_mush.game.accounts import Accounts, verify_password

from ..harness import make_world


@pytest.fixture
def game():
    world = make_world()
    admin = world.login("Ada", role=Role.ADMIN)
    gm = world.login("Gina", role=Role.STAFF)
    alice = world.login("Alice")
    for s in (admin, gm, alice):
        s.clear()
    return world, admin, gm, alice


def test_admin_sets_roles_and_it_is_saved(game):
    world, admin, _gm, alice = game
    assert admin.do("@set Alice=staff") == ["Alice is now staff."]
    assert alice.lines == ["Ada made you staff."]
    assert world.store.get("character", str(alice.character_id))["role"] == int(Role.STAFF)
    assert admin.do("@set Alice=player") == ["Alice is now player."]
    assert admin.do("@set Alice=god") == ["No role 'god': use player, staff or admin."]
    assert admin.do("@set Ada=player") == ["You cannot change your own role (ask another admin)."]


def test_staff_cannot_set_roles_shutdown_or_ban(game):
    world, _admin, gm, alice = game
    shut = []
    world.game.on_shutdown = shut.append
    for line in ("@set Alice=admin", "@shutdown", "@newpassword Alice=x1234", "@ban 1.2.3.4", "@bans"):
        assert gm.do(line) == [PERMISSION_DENIED]
    assert alice.character.role == int(Role.PLAYER)
    assert shut == []
    assert Accounts.of(world.game).bans() == []


def test_a_player_is_refused_every_staff_command_and_nothing_changes(game):
    world, admin, gm, alice = game
    staff_commands = [c for c in world.dispatcher.table.commands if c.role >= Role.STAFF]
    assert {"@boot", "@wall", "@shutdown", "@set", "@dig", "@ccreate"} <= {c.key for c in staff_commands}
    before = world.store.all("character"), world.store.all("room"), world.store.all("channel")
    shut = []
    world.game.on_shutdown = shut.append
    for command in staff_commands:
        assert alice.do(f"{command.key} Gina=staff") == [PERMISSION_DENIED], command.key
    assert (world.store.all("character"), world.store.all("room"), world.store.all("channel")) == before
    assert shut == [] and gm.lines == [] and admin.lines == []
    assert world.store.tail("staff", 100) == []


def test_staff_commands_are_logged(game):
    world, _admin, gm, _alice = game
    gm.do("@wall Scene at 8")
    entry = world.store.tail("staff", 1)[0]
    assert entry.data == {"actor": "Gina", "id": gm.character_id, "line": "@wall Scene at 8"}


def test_wall_reaches_everyone(game):
    world, _admin, gm, alice = game
    world.game.move_character(alice.character, world.game.new_room("Far"))
    gm.do("@wall Scene at 8")
    assert alice.lines == ["[Announcement] Gina: Scene at 8"]


def test_boot(game):
    world, _admin, gm, alice = game
    assert gm.do("@boot Alice=spamming") == ["Alice has disconnected.", "Alice booted (1 connection)."]
    assert alice.closed == "You have been booted by Gina: spamming"
    assert not world.game.is_connected(alice.character)
    assert gm.do("@boot Ada") == ["You cannot boot Ada: their role is not below yours."]
    assert gm.do("@boot Nobody") == ["No player called 'Nobody'."]


def test_shutdown_tells_everyone_and_calls_the_server(game):
    world, admin, _gm, alice = game
    shut = []
    world.game.on_shutdown = shut.append
    admin.do("@shutdown maintenance")
    assert alice.lines == ["*** Ada is shutting the game down: maintenance. Everything is saved. ***"]
    assert shut == ["maintenance"]


def test_newpassword(game):
    world, admin, _gm, alice = game
    second = world.login("Alice")  # a second connection holding the old password
    assert admin.do("@newpassword Alice=fresh123") == ["Password for Alice changed.", "Alice has disconnected."]
    gone = "Ada changed your password: connect again with the new one."
    assert (alice.lines, alice.closed, second.closed) == ([gone], gone, gone)
    assert world.game.sessions_of(alice.character) == []
    assert verify_password("fresh123", world.store.get("character", str(alice.character_id))["password_hash"])
    assert admin.do("@newpassword Alice=x") == ["Passwords need at least 4 characters."]


def test_site_bans_close_matching_connections_and_refuse_logins(game):
    world, admin, _gm, _alice = game
    bad = world.guest("10.9.8.7")
    assert admin.do("@ban 10.9.*=trouble") == ["Site 10.9.* banned; 1 connection(s) closed."]
    assert bad.closed == "Connections from your site are not allowed."
    accounts = Accounts.of(world.game)
    assert accounts.is_banned("10.9.1.1") and not accounts.is_banned("10.8.1.1")
    assert admin.do("@bans") == ["Banned sites: 10.9.*."]
    assert admin.do("@unban 10.9.*") == ["Site 10.9.* unbanned."]
    assert admin.do("@unban 10.9.*") == ["'10.9.*' is not banned. Type @bans for the list."]
    assert not accounts.is_banned("10.9.1.1")


def test_passwords_never_reach_the_staff_log(game, caplog):
    world, admin, _gm, _alice = game
    with caplog.at_level("INFO", logger="champions_mush.staff"):
        admin.do("@newpassword Alice=fresh123")
    assert world.store.tail("staff", 1)[0].data["line"] == "@newpassword Alice=***"
    assert "fresh123" not in caplog.text and "@newpassword Alice=***" in caplog.text


def test_a_ban_matching_the_admins_own_address_is_refused(game):
    world, admin, _gm, alice = game
    phone = world.guest("10.1.2.3")
    phone.character_id = admin.character_id  # the admin's second connection
    for pattern, mine in (("*", "10.1.2.3, 127.0.0.1"), ("127.0.0.1", "127.0.0.1"), ("10.1.*", "10.1.2.3")):
        assert admin.do(f"@ban {pattern}") == [
            f"{pattern} matches your own address ({mine}): you would lock yourself out. Ban a narrower pattern."]
    assert Accounts.of(world.game).bans() == []
    assert alice.closed is None
