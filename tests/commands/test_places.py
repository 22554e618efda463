"""+places, +place and tt: places in a large room (game/places.py)."""

from champions_mush.commands.base import Role

from ..harness import make_world


def _bar():
    world = make_world()
    gina = world.login("Gina", role=Role.STAFF)
    alice, bob, cara = world.login("Alice"), world.login("Bob"), world.login("Cara")
    assert gina.do("+place/create Bar=A long counter of chrome.") == ["Place made here: Bar."]
    assert gina.do("+place/create Rooftop corner") == ["Place made here: Rooftop corner."]
    for s in (gina, alice, bob, cara):
        s.clear()
    return world, gina, alice, bob, cara


def test_three_players_at_two_places_and_the_room_sees_who_sits_where():
    _world, gina, alice, bob, cara = _bar()
    assert alice.do("+place bar") == ["You join the Bar. A long counter of chrome."]
    assert cara.lines == ["Alice moves to the Bar."]
    bob.do("+place/join Bar")
    cara.do("+place roof")
    look = gina.do("look")
    assert look[-2:] == ["At the Bar: Alice, Bob", "At the Rooftop corner: Cara"]
    assert gina.do("+places") == ["Places in Hero Plaza:", "  Bar: Alice, Bob  (A long counter of chrome.)",
                                  "  Rooftop corner: Cara"]
    for s in (gina, alice, bob, cara):
        s.clear()
    assert alice.do("tt Another round?") == ['(At the Bar) You say, "Another round?"']
    assert bob.lines == ['(At the Bar) Alice says, "Another round?"']
    assert cara.lines == [] and gina.lines == []
    bob.do("tt :raises a glass.")
    assert alice.lines[-1] == "(At the Bar) Bob raises a glass."
    assert cara.do("tt Anyone?") == ['(At the Rooftop corner) You say, "Anyone?"']
    assert alice.lines[-1] == "(At the Bar) Bob raises a glass."


def test_leaving_a_place_or_the_room_and_mistakes():
    world, gina, alice, _bob, _cara = _bar()
    assert alice.do("tt hi") == ["You are not at any place here: +place <name> joins one (+places lists them)."]
    assert alice.do("+place pub") == ["There is no place here called 'pub' (places here: Bar, Rooftop corner)."]
    alice.do("+place bar")
    assert alice.do("+place bar") == ["You are already at the Bar."]
    assert alice.do("+place/leave") == ["You leave the Bar."]
    assert alice.do("+place/leave") == ["You are not at any place here."]
    alice.do("+place bar")
    far = world.game.new_room("Far Away")
    world.game.move_character(alice.character, far)
    assert alice.do("tt hi") == ["You are not at any place here: +place <name> joins one (+places lists them)."]
    assert alice.do("+place/create Booth") == ["Permission denied."]
    assert gina.do("+place/destroy roof") == ["Place removed: Rooftop corner."]
