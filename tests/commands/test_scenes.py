"""Scenes: +scene/start logs every line the room hears (say, pose, @emit, dice, combat) with its
time and speaker until +scene/stop; participants and staff read it back or as plain text."""

from champions_mush.commands.base import Role
from champions_mush.game.scenes import Scenes, shared_scene
from champions_mush.game.world import Game

from ..harness import make_world

WHEN = "1970-01-12 13:46"


def _scene():
    world = make_world()
    alice, bob = world.login("Alice"), world.login("Bob")
    assert alice.do("+scene/start Docks at midnight") == [
        "[Scene] Alice starts scene 1: Docks at midnight. Everything said here is logged until +scene/stop."]
    return world, alice, bob


def test_poses_says_emits_and_a_roll_are_logged_with_time_and_speaker():
    world, alice, bob = _scene()
    alice.do('say Anyone here?')
    world.clock.advance(60)
    bob.do(":steps out of the shadows.")
    bob.do("@emit Rain hammers the pier.")
    world.set_dice(6, 5, 4)
    alice.do("+nd6 3")
    roll_line = bob.lines[-1]
    assert roll_line.startswith("[Dice] Alice rolls 3d6 normal:")
    entries, following = Scenes.of(world.game).lines(Scenes.of(world.game).get(1))
    assert following == 0
    assert [(e.data["speaker"], e.data["text"]) for e in entries] == [
        ("Alice", "|c[Scene]|n Alice starts scene 1: Docks at midnight. Everything said here is logged until +scene/stop."),
        ("Alice", 'Alice says, "Anyone here?"'),
        ("Bob", "Bob steps out of the shadows."),
        ("Bob", "Rain hammers the pier."),
        ("Alice", entries[4].data["text"]),
    ]
    assert bob.output[-1] == entries[4].data["text"]  # the roll as the room saw it
    assert [e.time for e in entries] == [1_000_000.0, 1_000_000.0, 1_000_060.0, 1_000_060.0, 1_000_060.0]


def test_stop_then_read_the_log_back_and_as_plain_text():
    world, alice, bob = _scene()
    alice.do('"Anyone here?')
    world.clock.advance(60)
    bob.do(":waves.")
    assert bob.do("+scene/stop") == ["[Scene] Bob stops scene 1: Docks at midnight. +scene/log 1 reads it back."]
    alice.do('"Not logged.')
    header = f"Scene 1: Docks at midnight -- Hero Plaza, started {WHEN} by Alice, stopped 1970-01-12 13:47"
    assert alice.do("+scene/log 1") == [
        "-" * 34 + " Scene 1 " + "-" * 35,
        header,
        "Participants: Alice, Bob",
        "-" * 78,
        "[13:46] [Scene] Alice starts scene 1: Docks at midnight. Everything said here is logged until +scene/stop.",
        '[13:46] Alice says, "Anyone here?"',
        "[13:47] Bob waves.",
        "[13:47] [Scene] Bob stops scene 1: Docks at midnight. +scene/log 1 reads it back.",
        "-" * 78,
    ]
    plain = alice.do("+scene/text 1")
    assert plain[0] == "-- begin scene 1 --" and plain[-1] == "-- end scene 1 --"
    assert plain[1:4] == [header, "Participants: Alice, Bob",
                          ("[13:46] [Scene] Alice starts scene 1: Docks at midnight. Everything said here is logged "
                          "until +scene/stop.")]
    assert "|" not in "".join(alice.output[-1:])  # no colour codes in the plain text


def test_only_participants_and_staff_read_a_scene():
    world, alice, bob = _scene()
    carol = world.login("Carol")
    world.game.move_character(carol.character, world.game.new_room("Far"))
    gina = world.login("Gina", role=Role.STAFF)
    world.game.move_character(gina.character, carol.character.location)
    alice.do("+scene/stop")
    assert carol.do("+scene/log 1") == ["Only those who took part in scene 1, and staff, may read it."]
    assert gina.do("+scene/log 1")[1].startswith("Scene 1: Docks at midnight")
    assert shared_scene(world.game, alice.character, bob.character)
    assert not shared_scene(world.game, alice.character, carol.character)


def test_one_scene_per_room_and_who_may_stop_it():
    world, alice, bob = _scene()
    assert bob.do("+scene/start Another") == [
        "Scene 1 (Docks at midnight) is already running here: +scene/stop ends it."]
    assert bob.do("+scene") == ["Scene 1 (Docks at midnight) is running here, started by Alice."]
    dave = world.login("Dave")
    world.game.move_character(dave.character, world.game.new_room("Far"))
    assert dave.do("+scene/stop") == ["No scene is running here."]
    assert dave.do("+scene/start") == ["A scene needs a title of 1-60 characters: +scene/start <title>"]
    assert dave.do("+scene/log x") == ["Usage: +scene/log <number>"]
    assert dave.do("+scene/log 9") == ["There is no scene 9. +scene/list shows them."]
    assert dave.do("+scenes")[1:] == [
        f"   1  Docks at midnight           Hero Plaza        {WHEN}  running",
        "* you took part. +scene/log <number> reads one.",
    ]
    assert alice.do("+scene/list")[1] == f"   1* Docks at midnight           Hero Plaza        {WHEN}  running"


def test_a_running_scene_is_still_running_for_a_game_started_on_the_same_store():
    world, alice, _bob = _scene()
    game = Game(world.store, config=world.game.config, clock=world.clock)
    game.msg_room(alice.character.location, "Thunder.")
    scene = Scenes.of(game).get(1)
    assert [e.data["text"] for e in Scenes.of(game).lines(scene)[0]][-1] == "Thunder."
