"""Staff building: @dig, @open, @describe, @destroy, @teleport."""

import pytest

from champions_mush.commands.base import Role
from champions_mush.commands.dispatch import PERMISSION_DENIED

from ..harness import make_world


@pytest.fixture
def built():
    world = make_world()
    gm = world.login("Gina", role=Role.STAFF)
    alice = world.login("Alice")
    gm.clear()
    alice.clear()
    return world, gm, alice


def test_dig_with_exits_both_ways(built):
    world, gm, alice = built
    start = world.game.start_room
    out = gm.do("@dig Rooftop=Up;u,Down;d")
    room = next(r for r in world.game.rooms.values() if r.name == "Rooftop")
    assert out == [f"Rooftop dug as #{room.id}.", "Exit Up opened from Hero Plaza to Rooftop.",
                   "Exit Down opened from Rooftop back to Hero Plaza."]
    assert [(e.name, e.dest, e.aliases) for e in world.game.rooms[start].exits] == [("Up", room.id, ("u",))]
    assert [(e.name, e.dest) for e in room.exits] == [("Down", start)]
    assert world.store.get("room", str(room.id))["exits"] == [{"name": "Down", "dest": start, "aliases": ["d"]}]
    alice.do("u")
    assert alice.character.location == room.id
    alice.do("d")
    assert alice.character.location == start


def test_open_to_a_room_by_number_and_name(built):
    world, gm, _alice = built
    tower = world.game.new_room("Tower")
    assert gm.do(f"@open North;n=#{tower}") == [f"Exit North opened from Hero Plaza to Tower (#{tower})."]
    assert gm.do("@open In=tower") == [f"Exit In opened from Hero Plaza to Tower (#{tower})."]
    assert gm.do("@open n=#999") == ["There is no room #999."]
    assert gm.do(f"@open N=#{tower}") == ["Hero Plaza already has an exit called 'N'."]


def test_describe_rooms_and_characters(built):
    world, gm, alice = built
    assert gm.do("@describe here=A busy plaza.") == [f"Description of Hero Plaza (#{world.game.start_room}) set."]
    assert world.game.rooms[world.game.start_room].desc == "A busy plaza."
    assert gm.do("@describe Alice=Blue.") == ["Description of Alice set."]
    assert world.store.get("character", str(alice.character_id))["desc"] == "Blue."


def test_destroy_exit_and_room_moves_people_and_removes_exits(built):
    world, gm, alice = built
    gm.do("@dig Cave=In,Out")
    cave = next(r for r in world.game.rooms.values() if r.name == "Cave")
    alice.do("in")
    alice.clear()
    assert gm.do(f"@destroy #{cave.id}") == [f"Cave (#{cave.id}) destroyed, with every exit leading to it."]
    assert cave.id not in world.game.rooms
    assert world.game.rooms[world.game.start_room].exits == []
    assert alice.character.location == world.game.start_room
    assert alice.lines == ["The room around you vanishes; you find yourself back at the start."]
    assert gm.do(f"@destroy #{world.game.start_room}") == ["The starting room cannot be destroyed."]
    gm.do("@dig Shed=Shed")
    assert gm.do("@destroy shed") == ["Exit Shed destroyed."]


def test_teleport(built):
    world, gm, alice = built
    far = world.game.new_room("Far")
    assert gm.do(f"@tel Alice=#{far}") == ["Alice vanishes.", f"Alice teleported to Far (#{far})."]
    assert alice.character.location == far
    assert gm.do(f"@teleport #{far}")[0] == f"Far (#{far})"


def test_players_cannot_build_and_nothing_changes(built):
    world, _gm, alice = built
    rooms = dict(world.game.rooms)
    for line in ("@dig Hideout=In,Out", "@open Door=#1", "@describe here=Mine now", "@destroy #1", "@tel #1"):
        assert alice.do(line) == [PERMISSION_DENIED]
    assert world.game.rooms.keys() == rooms.keys()
    assert world.game.rooms[world.game.start_room].desc == "The heart of the city. Heroes gather here."


def test_bad_building_input(built):
    _world, gm, _alice = built
    assert gm.do("@dig") == ["Usage: @dig <room>", "       @dig <room>=<exit>", "       @dig <room>=<exit>,<exit back>"]
    assert gm.do(f"@dig {'x' * 61}") == ["A room name is at most 60 characters."]
    assert gm.do("@open ;x=#1") == ["An exit is written Name;alias;alias (name 1-60 characters)."]
    assert gm.do("@describe nothing=x") == ["No single room is called 'nothing': use its #number."]
    assert gm.do("@destroy") == ["Usage: @destroy <exit>", "       @destroy #<room>"]
