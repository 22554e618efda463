"""Channels the MUX way: addcom, aliases, who/on/off/last, delcom, comlist, @clist, @ccreate."""

from champions_mush.commands.base import Role
from champions_mush.commands.dispatch import HUH, PERMISSION_DENIED
from champions_mush.game.channels import Channels
from champions_mush.store.memory import MemoryStore

from ..harness import World, make_world


def _joined():
    world = make_world()
    alice, bob = world.login("Alice"), world.login("Bob")
    alice.do("addcom pub=Public")
    bob.do("addcom pb=public")
    alice.clear()
    bob.clear()
    return world, alice, bob


def test_public_exists_by_default_and_addcom_joins_it(alice):
    assert alice.do("addcom pub=Public") == ["Channel Public added with alias 'pub'."]
    assert alice.character.settings["channels"] == {"pub": {"channel": "Public", "id": 1, "on": True}}


def test_alias_talks_and_poses_to_everyone_on_the_channel_anywhere():
    world, alice, bob = _joined()
    world.game.move_character(bob.character, world.game.new_room("Far"))
    carol = world.login("Carol")  # not on the channel
    carol.clear()
    alice.do("pub Hello all")
    alice.do("PUB :waves")
    bob.do("pb ;'s phone buzzes")
    expected = ["[Public] Alice: Hello all", "[Public] Alice waves", "[Public] Bob's phone buzzes"]
    assert alice.lines == expected
    assert bob.lines == expected
    assert carol.lines == []


def test_who_off_on_and_last():
    _world, alice, bob = _joined()
    assert alice.do("pub who") == ["On Public: Alice, Bob"]
    assert bob.do("pb off") == ["You leave channel Public."]
    assert alice.lines[-1] == "[Public] Bob has left this channel."
    alice.do("pub one")
    alice.do("pub two")
    assert bob.lines == ["You leave channel Public."]
    assert bob.do("pb hello") == ["Your alias 'pb' is off: type 'pb on' first."]
    bob.do("pb on")
    assert alice.lines[-1] == "[Public] Bob has joined this channel."
    assert bob.do("pb last 2") == ["[Public] Alice: one", "[Public] Alice: two"]
    assert bob.do("pb last") == ["[Public] Alice: one", "[Public] Alice: two"]


def test_history_survives_a_restart():
    store = MemoryStore()
    world = World(store=store)
    alice = world.login("Alice")
    alice.do("addcom pub=Public")
    alice.do("pub remember me")
    again = World(store=store)
    bob = again.login("Bob")
    bob.do("addcom pub=Public")
    assert bob.do("pub last 5") == ["[Public] Alice: remember me"]


def test_delcom_and_comlist():
    world, alice, _bob = _joined()
    world.game.services.channels.create("Ops", "Operations")
    alice.do("addcom ops=Ops")
    alice.do("ops off")
    assert alice.do("comlist") == ["Alias       Channel               Status", "ops         Ops                   off",
                                   "pub         Public                on"]
    assert alice.do("delcom pub") == ["Alias 'pub' for channel Public removed."]
    assert alice.do("pub hi") == [HUH]
    assert alice.do("delcom pub") == ["You have no channel alias 'pub'. Type comlist to see yours."]


def test_aliases_never_swallow_commands():
    _world, alice, bob = _joined()
    alice.do("addcom say=Public")
    assert alice.do("say hello") == ['You say, "hello"']
    assert bob.lines == ['Alice says, "hello"']


def test_bad_addcom(alice):
    assert alice.do("addcom pub") == ["Usage: addcom <alias>=<channel>"]
    assert alice.do("addcom pub=Nope") == ["There is no channel called 'Nope'. Type @clist for the list."]
    assert alice.do("addcom a b=Public") == ["An alias is 1-10 letters, digits or + @ # $ & * . _ - (for example pub)."]
    alice.do("addcom pub=Public")
    assert alice.do("addcom pub=Public") == ["You already use the alias 'pub' for Public."]


def test_ccreate_is_staff_only_and_staff_channels_are_hidden(world, alice, gm):
    assert alice.do("@ccreate Secret") == [PERMISSION_DENIED]
    assert Channels.of(world.game).find("Secret") is None
    assert gm.do("@ccreate/staff Staff=For staff") == ["Channel Staff created (staff only)."]
    assert gm.do("@ccreate Ooc=Out of character") == ["Channel Ooc created."]
    assert alice.do("addcom st=Staff") == ["Only staff may join Staff."]
    assert alice.do("@clist") == ["Channel               Users  Description", "Ooc                       0  Out of character",
                                  "Public                    0  Everyone's channel: chat, questions, finding a scene.",
                                  "2 channels."]
    assert gm.do("@clist")[-1] == "3 channels."


def test_cdestroy_removes_the_channel_and_its_aliases_stop_working():
    world, alice, _bob = _joined()
    gm = world.login("Gina", role=Role.STAFF)
    gm.do("@ccreate Tmp")
    alice.do("addcom t=Tmp")
    assert gm.do("@cdestroy Tmp") == ["Channel Tmp destroyed."]
    assert alice.do("t hi") == [HUH]
    assert world.store.get("channel", "tmp") is None


def _ada_and_staff_bob():
    world = make_world()
    return world, world.login("Ada", role=Role.ADMIN), world.login("Bob", role=Role.STAFF)


def _staff_channel_with_bob():
    world, admin, bob = _ada_and_staff_bob()
    admin.do("@ccreate/staff Staff=For staff")
    admin.do("addcom st=Staff")
    bob.do("addcom st=Staff")
    admin.clear()
    bob.clear()
    return world, admin, bob


def test_a_demoted_player_loses_the_staff_channel_through_his_old_alias():
    world, admin, bob = _staff_channel_with_bob()
    admin.do("st before")
    assert admin.do("@set Bob=player") == ["Bob is now player."]
    bob.clear()
    refused = ["Only staff may use Staff."]
    for line in ("st hello", "st :waves", "st who", "st last", "st last 5", "st on", "st off"):
        assert bob.do(line) == refused, line
    admin.do("st secret plans")
    assert bob.lines == refused * 7
    assert admin.do("st who") == ["On Staff: Ada"]
    assert bob.do("comlist") == ["Alias       Channel               Status", "st          Staff                 staff only"]
    assert [e.data["text"] for e in world.store.tail("channel", 10)] == [
        "|c[Staff]|n Ada: before", "|c[Staff]|n Ada: secret plans"]


def test_an_alias_of_a_destroyed_channel_never_attaches_to_a_new_one_of_that_name():
    _world, admin, bob = _ada_and_staff_bob()
    admin.do("@ccreate Ops=Public ops")
    bob.do("addcom ops=Ops")
    admin.do("@cdestroy Ops")
    admin.do("@ccreate/staff Ops=Staff ops")
    admin.do("addcom o=Ops")
    admin.clear()
    assert bob.do("ops hello") == [HUH]
    admin.do("o staff only")
    assert bob.lines[-1] == HUH
    assert bob.do("comlist") == [
        "You have no channel aliases. Type @clist for channels, addcom <alias>=<channel> to join."]
    assert bob.do("addcom ops=Ops") == ["Channel Ops added with alias 'ops'."]
    assert bob.do("ops last") == ["[Ops] Ada: staff only"]


def test_a_new_channel_does_not_show_what_an_old_one_of_that_name_heard(world):
    admin = world.login("Ada", role=Role.ADMIN)
    alice = world.login("Alice")
    admin.do("@ccreate/staff Ops")
    admin.do("addcom o=Ops")
    admin.do("o the staff password is swordfish")
    admin.do("@cdestroy Ops")
    admin.do("@ccreate Ops")
    assert alice.do("addcom ops=Ops") == ["Channel Ops added with alias 'ops'."]
    assert alice.do("ops last") == ["Nothing has been said on Ops yet."]
