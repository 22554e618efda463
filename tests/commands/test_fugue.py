"""+edit: the FugueEdit line a client trigger puts in the input line."""

from ..harness import make_world


def test_a_description_comes_back_as_the_command_that_sets_it_markup_as_typed():
    world = make_world()
    alice = world.login("Alice")
    alice.do("@desc me=A |hbold|n hero in blue.")
    alice.clear()
    alice.do("+edit desc")
    assert alice.output == ["FugueEdit > @desc me=A ||hbold||n hero in blue."]
    assert alice.lines == ["FugueEdit > @desc me=A |hbold|n hero in blue."]


def test_a_finger_field_and_a_post():
    world = make_world()
    alice = world.login("Alice")
    alice.do("+finger/set quote=Stand back!")
    assert alice.do("+edit finger quo") == ["FugueEdit > +finger/set quote=Stand back!"]
    assert alice.do("+edit finger") == ["Which field? alias, position, timezone, rp, quote: +edit finger <field>"]
    assert alice.do("+edit nothing") == ["Usage: +edit desc", "       +edit finger <field>",
                                         "       +edit post <board>/<number>"]


def test_a_player_cannot_emit_a_line_a_fugueedit_trigger_would_take():
    world = make_world()
    alice = world.login("Alice")
    world.login("Bob")
    assert alice.do("@emit FugueEdit > QUIT") == [
        "An @emit cannot start like a game message ([Dice], <OOC>, ***, Name: ...)."]
