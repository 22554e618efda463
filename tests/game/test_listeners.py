"""The index of who hears what (game/listeners.py, Channels.follow) stays right as players
connect, leave, move, switch character, change role or channels, and after a reload from the
store; a turn visits only the sessions that hear something."""

from __future__ import annotations

import random

from champions_mush.commands.base import Role
from champions_mush.game.batch import EVERYONE, STAFF, for_characters, for_room
from champions_mush.game.channels import Channels

from ..harness import FakeSession, World, make_world


class CountedSession(FakeSession):
    """A recording session that counts how often the batch looks at it."""

    def __init__(self, world: World) -> None:
        super().__init__(world)
        self.looked_at = 0

    def render_kind(self) -> None:
        self.looked_at += 1


def _deferred(world: World) -> None:
    """Broadcasts wait for ``world.game.batch.flush()``, as on the server."""
    world.game.batch.defer(lambda: None)


def _indexed(world: World, audience: tuple) -> list[int]:
    return sorted(s.id for s in world.game.batch.listeners.sessions(audience))


def _scanned(world: World, audience: tuple) -> list[int]:
    """Who hears ``audience`` found by looking at every session: what the index must say."""
    game, found = world.game, []
    for session in game.sessions.values():
        char = game.characters.get(session.character_id) if session.character_id is not None else None
        if char is None:
            continue
        kind = audience[0]
        if ((kind == "room" and char.location == audience[1]) or (kind == "chars" and char.id in audience[1])
                or (kind == "staff" and game.is_staff(char)) or kind == "all"):
            found.append(session.id)
    return sorted(found)


def _tuned_in(world: World, channel) -> list[str]:  # a Channel
    """Connected characters with an alias switched on for ``channel`` that may hear it."""
    game, channels = world.game, Channels.of(world.game)
    return sorted(c.name for c in game.connected_characters() if channels.may_join(c, channel) and any(
        channels.bound(v) is channel and v.get("on", True) for v in c.settings.get("channels", {}).values()))


def _agrees(world: World) -> None:
    game = world.game
    audiences = [for_room(r) for r in game.rooms] + [STAFF, EVERYONE, for_characters(game.characters.values())]
    for audience in audiences:
        assert _indexed(world, audience) == _scanned(world, audience), audience
    channels = Channels.of(game)
    for channel in channels.channels.values():
        assert sorted(c.name for c in channels.listeners(channel)) == _tuned_in(world, channel), channel.name


def test_a_turn_never_looks_at_a_crowd_idling_in_another_room():
    world = make_world()
    _deferred(world)
    far = world.game.new_room("Far")
    crowd = []
    for i in range(20):
        session = CountedSession(world)
        world.game.add_session(session)
        session.character_id = world.game.new_character(f"Idle{i}").id
        world.game.move_character(session.character, far)
        crowd.append(session)
    alice, bob = world.login("Alice"), world.login("Bob")
    alice.do("say hello")
    bob.do("say hi")
    world.game.batch.flush()
    assert bob.lines == ['Alice says, "hello"', 'You say, "hi"']
    assert [s.looked_at for s in crowd] == [0] * 20
    assert all(s.output == [] for s in crowd)


def test_joining_leaving_and_switching_a_channel_off_change_who_hears_it():
    world = make_world()
    alice, bob, carol = world.login("Alice"), world.login("Bob"), world.login("Carol")
    for session in (alice, bob):
        assert session.do("addcom pub=Public") == ["Channel Public added with alias 'pub'."]
        session.clear()
    alice.do("pub hello")
    assert bob.lines == ["[Public] Alice: hello"]
    assert carol.lines == []
    carol.do("addcom p=Public")
    bob.clear()
    assert bob.do("pub off") == ["You leave channel Public."]
    assert alice.do("pub who") == ["On Public: Alice, Carol"]
    alice.do("pub again")
    assert bob.lines == ["You leave channel Public."]
    assert carol.lines == ["Channel Public added with alias 'p'.", "[Public] Bob has left this channel.",
                           "[Public] Alice: again"]
    carol.clear()
    assert carol.do("delcom p") == ["Alias 'p' for channel Public removed."]
    alice.do("pub third")
    assert carol.lines == ["Alias 'p' for channel Public removed."]
    _agrees(world)


def test_a_disconnected_player_is_gone_from_rooms_and_channels_and_back_on_reconnecting():
    world = make_world()
    alice, bob = world.login("Alice"), world.login("Bob")
    alice.do("addcom pub=Public")
    bob.do("addcom pub=Public")
    bob.clear()
    bob.disconnect()
    alice.do("say anyone?")
    alice.do("pub anyone?")
    assert bob.lines == []
    assert alice.do("pub who") == ["On Public: Alice"]
    _agrees(world)
    again = world.login("Bob")
    alice.do("pub welcome back")
    assert again.lines == ["[Public] Alice: welcome back"]
    assert alice.do("pub who") == ["On Public: Alice, Bob"]
    _agrees(world)


def test_a_role_change_moves_a_player_into_and_out_of_the_staff_audience_at_once():
    world = make_world()
    root = world.login("Root", Role.ADMIN)
    dora = world.login("Dora")
    assert root.do("@ccreate/staff Staff") == ["Channel Staff created (staff only)."]
    root.do("addcom st=Staff")
    assert root.do("@set Dora=staff") == ["Dora is now staff."]
    assert dora.do("addcom st=Staff") == ["Channel Staff added with alias 'st'."]
    dora.clear()
    root.do("st meeting")
    world.game.msg_staff("staff note")
    assert dora.lines == ["[Staff] Root: meeting", "staff note"]
    assert root.do("@set Dora=player") == ["Dora is now player."]
    dora.clear()
    root.do("st secret")
    world.game.msg_staff("staff note 2")
    assert dora.lines == []
    assert root.do("st who") == ["On Staff: Root"]
    _agrees(world)


def test_moving_between_rooms_and_switching_character_follow_the_index():
    world = make_world()
    game = world.game
    far = game.new_room("Far")
    alice, bob = world.login("Alice"), world.login("Bob")
    game.move_character(bob.character, far)
    alice.do("say here")
    assert bob.lines == []
    game.msg_room(far, "far away")
    assert bob.lines == ["far away"]
    _agrees(world)
    carol = game.new_character("Carol")
    bob.character_id = carol.id  # Carol is in the start room
    alice.do("say hi Carol")
    game.msg_room(far, "far again")
    assert bob.lines == ["far away", 'Alice says, "hi Carol"']
    _agrees(world)


def test_after_a_reload_from_the_store_the_index_is_built_again():
    world = make_world()
    game = world.game
    alice, bob = world.login("Alice"), world.login("Bob")
    alice.do("addcom pub=Public")
    bob.do("addcom pub=Public")
    bob.clear()
    game.reload_from_store()
    alice.do("say still here")
    alice.do("pub still on")
    assert bob.lines == ['Alice says, "still here"', "[Public] Alice: still on"]
    _agrees(world)


def test_the_index_agrees_with_a_full_scan_through_a_random_evening():
    world = make_world()
    game = world.game
    rng = random.Random(18)
    rooms = [game.start_room, game.new_room("Bar"), game.new_room("Roof")]
    channels = Channels.of(game)
    channels.create("Staff", staff_only=True)
    names = [f"P{i}" for i in range(8)]
    for name in names:
        game.new_character(name)
    sessions: list[FakeSession] = []
    for _ in range(300):
        step = rng.randrange(7)
        char = game.find_character(rng.choice(names))
        if step == 0 or not sessions:
            sessions.append(world.login(char.name))
        elif step == 1:
            sessions.pop(rng.randrange(len(sessions))).disconnect()
        elif step == 2:
            game.move_character(char, rng.choice(rooms))
        elif step == 3:
            char.role = int(rng.choice((Role.PLAYER, Role.STAFF)))
            game.save_character(char)
        elif step == 4:
            channel = rng.choice(("Public", "Staff"))
            alias = channel[:3].lower()
            if alias in char.settings.get("channels", {}):
                channels.remove_alias(char, alias)
            elif channels.may_join(char, channels.find(channel)):
                channels.add_alias(char, alias, channel)
        elif step == 5 and "pub" in char.settings.get("channels", {}):
            channels.set_on(char, "pub", not char.settings["channels"]["pub"]["on"])
        elif step == 6:
            rng.choice(sessions).character_id = char.id
        _agrees(world)
