"""Nobody can pass for another player or for the game (issue 8 §4)."""

from champions_mush.commands.base import Role

from ..harness import make_world


def _room():
    world = make_world()
    bob = world.login("Bob")
    alice = world.login("Alice")
    bob.clear()
    return world, alice, bob


def test_emit_cannot_start_with_another_characters_name():
    world, alice, bob = _room()
    assert alice.do("@emit Bob says, \"I give up.\"") == [
        "An @emit cannot start with another character's name (Bob)."]
    assert alice.do("@emit   |rbob|n waves.") == ["An @emit cannot start with another character's name (Bob)."]
    assert bob.lines == []


def test_emit_cannot_look_like_a_game_message():
    world, alice, bob = _room()
    for fake in ("[Dice] Bob rolls 10d6 normal: 60 STUN, 20 BODY (6 6 6) [r9]",
                 "<OOC> Bob says, \"ok\"", "[Public] Bob: hi", "Game: the server is shutting down",
                 "|r[GM]|n Bob takes 40 STUN"):
        assert alice.do(f"@emit {fake}") == ["An @emit cannot start like a game message ([Dice], <OOC>, ***, Name: ...)."]
    assert bob.lines == []


def test_an_honest_emit_reaches_the_room_and_nospoof_shows_its_source():
    world, alice, bob = _room()
    alice.do("@emit The wind howls; Bobby's cape snaps.")  # "Bobby" is not "Bob"
    assert bob.lines == ["The wind howls; Bobby's cape snaps."]
    bob.do("+nospoof on")
    bob.clear()
    alice.do("@emit Alice's own name may lead.")
    assert bob.lines == ["[Alice] Alice's own name may lead."]


def test_staff_narrate_for_npcs():
    world, alice, bob = _room()
    world.game.new_character("Viper", npc=True)
    gm = world.login("Gina", role=Role.STAFF)
    bob.clear()
    gm.do("@emit Viper snarls and draws a blaster.")
    assert bob.lines == ["Viper snarls and draws a blaster."]


def test_say_and_pose_always_lead_with_the_speaker():
    """(Raw escape sequences never get this far: the telnet layer strips them from input,
    tests/net/test_fuzz.py.)"""
    world, alice, bob = _room()
    alice.do("say [Dice] Bob rolls 60 STUN")
    alice.do(":[GM] clears the screen")
    alice.do(";Bob says hi")
    assert len(bob.lines) == 3 and all(line.startswith("Alice") for line in bob.lines), bob.lines
