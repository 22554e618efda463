"""Staff commands that change a role or a password take the whole name, never a unique prefix;
numbers a player types are ASCII digits (docs/reliability.md)."""

from __future__ import annotations

from champions_mush.commands.base import Role

from ..harness import make_world


def _game():
    world = make_world()
    star = world.login("Starkiller")
    admin = world.login("Ann", role=Role.ADMIN)
    return world, admin, star


def test_set_with_a_prefix_promotes_nobody():
    _world, admin, star = _game()
    assert admin.do("@set Star=staff") == [
        "No player is called exactly 'Star' (did you mean Starkiller? Give the whole name)."]
    assert star.character.role == int(Role.PLAYER)
    assert admin.do("@set starkiller=staff") == ["Starkiller is now staff."]
    assert star.character.role == int(Role.STAFF)
    assert admin.do(f"@set #{star.character.id}=player") == ["Starkiller is now player."]


def test_newpassword_with_a_prefix_changes_nothing():
    _world, admin, star = _game()
    before = star.character.password_hash
    assert admin.do("@newpassword Star=hunter22") == [
        "No player is called exactly 'Star' (did you mean Starkiller? Give the whole name)."]
    assert admin.do("@newpassword Nobody=hunter22") == ["No player is called exactly 'Nobody'."]
    assert star.character.password_hash == before and star.closed is None


def test_boot_still_takes_a_unique_prefix_of_a_connected_player():
    """Booting changes no role, password or ban: the MUSH habit of a unique prefix stays."""
    _world, admin, _star = _game()
    assert admin.do("@boot Star") == ["Starkiller has disconnected.", "Starkiller booted (1 connection)."]


def test_a_channel_last_with_a_unicode_digit_is_just_text():
    _world, _admin, star = _game()
    star.do("addcom pub=Public")
    star.clear()
    assert star.do("pub last ²") == ["[Public] Starkiller: last ²"]
    assert star.do("pub last 2") == ["[Public] Starkiller: last ²"]
