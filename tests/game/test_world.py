"""The Game's additions for the server: moving, redacting secrets from logs, delivery."""

import pytest

from champions_mush.game.world import redact_secrets


def test_move_character_is_saved_before_anyone_hears(world, alice):
    far = world.game.new_room("Far")
    world.game.move_character(alice.character, far)
    assert world.store.get("character", str(alice.character_id))["location"] == far


@pytest.mark.parametrize(("line", "logged"), [
    ("@newpassword Bob=hunter22", "@newpassword Bob=***"),
    ("@password old1=new1", "@password old1=***"),
    ("connect Bob hunter22", "connect Bob ***"),
    ('connect "Jean Grey" phoenix', 'connect "Jean Grey" ***'),
    ("create Bob", "create ***"),
    ("@wall a=b", "@wall a=b"),
])
def test_redact_secrets(line, logged):
    assert redact_secrets(line) == logged


def test_messages_reach_every_connection_of_a_character_in_the_room_only(world):
    a1, a2 = world.login("Alice"), world.login("Alice")
    bob = world.login("Bob")
    far = world.game.new_room("Far")
    carol = world.login("Carol")
    world.game.move_character(carol.character, far)
    for s in (a1, a2, bob, carol):
        s.clear()
    world.game.msg_room(world.game.start_room, "Boom.", exclude=(bob.character,))
    assert (a1.lines, a2.lines, bob.lines, carol.lines) == (["Boom."], ["Boom."], [], [])
