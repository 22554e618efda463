"""The channel service: channels, aliases, listeners and history."""

import pytest

from champions_mush.game.channels import ChannelError, Channels, format_speech

from ..harness import make_world


def test_public_is_made_once_and_kept():
    world = make_world()
    channels = Channels.of(world.game)
    assert channels.find("public").name == "Public"
    assert world.store.get("channel", "public")["name"] == "Public"
    assert Channels(world.game).channels.keys() == {"public"}


def test_listeners_are_connected_characters_with_the_channel_on():
    world = make_world()
    channels = Channels.of(world.game)
    alice, bob = world.login("Alice"), world.login("Bob")
    carol = world.game.new_character("Carol")  # not connected
    public = channels.find("Public")
    for char in (alice.character, bob.character, carol):
        channels.join_defaults(char)
    channels.set_on(bob.character, "pub", False)
    assert [c.name for c in channels.listeners(public)] == ["Alice"]
    assert [c.name for c in channels.members(public)] == ["Alice", "Bob", "Carol"]


def test_a_destroyed_channel_leaves_its_listeners_on_the_others_and_the_listeners_share_its_key():
    world = make_world()
    channels = Channels.of(world.game)
    alice, bob = world.login("Alice"), world.login("Bob")
    ops = channels.create("Ops")
    for char in (alice.character, bob.character):
        channels.join_defaults(char)
        channels.add_alias(char, "ops", "Ops")
    assert [c.name for c in channels.listeners(ops)] == ["Alice", "Bob"]
    heard = {channels._tuned[c.id] for c in (alice.character, bob.character)}
    assert len(heard) == 1 and len({id(key) for key in (*channels._tuned[alice.character.id],
                                                       *channels._tuned[bob.character.id])}) == 2
    channels.destroy("Ops")
    assert [c.name for c in channels.listeners(channels.find("Public"))] == ["Alice", "Bob"]
    again = channels.create("Ops")
    assert channels.listeners(again) == []


def test_staff_channels_refuse_players():
    world = make_world()
    channels = Channels.of(world.game)
    channels.create("Staff", staff_only=True)
    alice = world.login("Alice")
    with pytest.raises(ChannelError, match="Only staff may join Staff."):
        channels.add_alias(alice.character, "st", "Staff")


def test_channel_names_are_checked():
    channels = Channels.of(make_world().game)
    for bad in ("", "9lives", "has space", "x" * 21):
        with pytest.raises(ChannelError):
            channels.create(bad)
    with pytest.raises(ChannelError, match="already a channel called Public"):
        channels.create("PUBLIC")


def test_last_is_capped():
    world = make_world()
    channels = Channels.of(world.game)
    alice = world.login("Alice")
    public = channels.find("Public")
    for i in range(60):
        channels.speak(public, alice.character, f"m{i}")
    last = channels.last(public, 1000)
    assert len(last) == 50 and last[-1] == "|c[Public]|n Alice: m59"
    assert channels.last(public, 0) == ["|c[Public]|n Alice: m59"]


def test_format_speech():
    assert format_speech("Al", "hi") == "Al: hi"
    assert format_speech("Al", ": waves") == "Al waves"
    assert format_speech("Al", ";'s cape") == "Al's cape"
