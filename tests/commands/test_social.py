"""Talking and moving: look, say, pose, ;, @emit, page, +ooc, @desc, @password, +colour, home, exits."""

from champions_mush.commands.dispatch import HUH
from champions_mush.game.accounts import verify_password
from champions_mush.game.objects import Exit

from ..harness import make_world


def _pair():
    world = make_world()
    alice, bob = world.login("Alice"), world.login("Bob")
    alice.clear()
    bob.clear()
    return world, alice, bob


def test_say_and_its_quote_prefix():
    _world, alice, bob = _pair()
    assert alice.do("say Hello, Bob.") == ['You say, "Hello, Bob."']
    assert bob.lines == ['Alice says, "Hello, Bob."']
    alice.do('"Again')
    assert bob.lines[-1] == 'Alice says, "Again"'
    assert alice.do("say") == ["Usage: say <message>", '       "<message>']


def test_pose_semipose_and_emit_reach_everyone_in_the_room():
    _world, alice, bob = _pair()
    alice.do(":grins.")
    alice.do("pose waves.")
    alice.do(";'s cape flutters.")
    alice.do("@emit Thunder rolls.")
    expected = ["Alice grins.", "Alice waves.", "Alice's cape flutters.", "Thunder rolls."]
    assert bob.lines == expected
    assert alice.lines == expected


def test_other_rooms_do_not_hear():
    world, alice, bob = _pair()
    far = world.game.new_room("Far Away")
    world.game.move_character(bob.character, far)
    alice.do("say secret")
    alice.do(":whispers")
    assert bob.lines == []


def test_ooc_say_and_pose():
    _world, alice, bob = _pair()
    alice.do("'brb, phone")
    alice.do("+ooc :waves")
    assert bob.lines == ['<OOC> Alice says, "brb, phone"', "<OOC> Alice waves"]


def test_look_shows_room_contents_and_exits():
    world, alice, _bob = _pair()
    game = world.game
    tower = game.new_room("Tower")
    room = game.room_of(alice.character)
    room.desc = "A wide plaza."
    room.exits.append(Exit("North", tower, ("n",)))
    game.save_room(room)
    assert alice.do("look") == ["Hero Plaza", "A wide plaza.", "Contents: Bob", "Obvious exits: North <n>"]
    assert alice.do("l bo") == ["Bob", "You see nothing special."]
    assert alice.do("look north") == ["North leads to Tower."]
    assert alice.do("look zzz") == ["You don't see 'zzz' here."]


def test_look_shows_room_number_to_staff(world, gm):
    assert gm.do("look")[0] == f"Hero Plaza (#{world.game.start_room})"


def test_page_several_names_and_reply():
    world, alice, bob = _pair()
    carol = world.login("Carol")
    far = world.game.new_room("Far")
    world.game.move_character(carol.character, far)
    carol.clear()
    assert alice.do("page Bob Carol=Meet at the tower") == ["You paged Bob, Carol with 'Meet at the tower'."]
    assert bob.lines == ["Alice pages (to Bob, Carol): Meet at the tower"]
    assert carol.lines == ["Alice pages (to Bob, Carol): Meet at the tower"]
    assert carol.do("reply On my way") == ["You paged Alice, Bob with 'On my way'."]
    assert alice.lines[-1] == "Carol pages (to Alice, Bob): On my way"
    bob.clear()
    assert alice.do("page Again?") == ["You paged Bob, Carol with 'Again?'."]
    assert bob.lines == ["Alice pages (to Bob, Carol): Again?"]


def test_page_pose_prefix_match_and_errors():
    world, alice, bob = _pair()
    assert alice.do("p bo=:waves") == ["Long distance to Bob: Alice waves"]
    assert bob.lines == ["From afar, Alice waves"]
    world.game.new_character("Dave")
    assert alice.do("page Dave=hi") == ["Dave is not connected: your page is kept and shown at their next login."]
    assert alice.do("page Zed=hi") == ["No one called 'Zed' is connected."]
    world2 = make_world()
    lone = world2.login("Lone")
    assert lone.do("reply hi") == ["No one has paged you yet."]


def test_desc_me_and_refused_for_others():
    world, alice, bob = _pair()
    assert alice.do("@desc me=A tall woman in blue.") == ["Description set."]
    assert bob.do("look alice") == ["Alice", "A tall woman in blue."]
    assert alice.do("@desc Bob=Short.") == [
        "Usage: @desc me=<description>"]
    assert world.game.find_character("Bob").desc == ""


def test_password_change_needs_the_old_one():
    world, alice, _bob = _pair()
    char = alice.character
    char.password_hash = ""
    assert alice.do("@password wrong=newpass1") == ["That is not your current password."]
    from champions_mush.game.accounts import hash_password

    char.password_hash = hash_password("oldpass1", 16)
    assert alice.do("@password oldpass1=newpass1") == ["Password changed."]
    assert verify_password("newpass1", world.game.find_character("Alice").password_hash)
    assert world.store.get("character", str(char.id))["password_hash"] == char.password_hash


def test_colour_switch_is_saved():
    world, alice, _bob = _pair()
    assert alice.do("+colour off") == ["Colour is off."]
    assert world.store.get("character", str(alice.character_id))["settings"]["colour"] is False
    assert alice.do("+color on") == ["Colour is on."]
    assert alice.character.settings["colour"] is True
    assert alice.do("+colour blue") == ["Usage: +colour on|off  (colour is on for you now)"]


def test_exits_by_name_move_and_announce():
    world, alice, bob = _pair()
    game = world.game
    tower = game.new_room("Tower", "Windy.")
    room = game.room_of(alice.character)
    room.exits.append(Exit("North", tower, ("n",)))
    game.save_room(room)
    out = alice.do("n")
    assert out == ["Tower", "Windy."]
    assert bob.lines == ["Alice leaves through North."]
    assert world.store.get("character", str(alice.character_id))["location"] == tower
    assert alice.do("n") == [HUH]


def test_exit_never_hides_a_command():
    world, alice, _bob = _pair()
    game = world.game
    tower = game.new_room("Tower")
    room = game.room_of(alice.character)
    room.exits.append(Exit("say", tower))
    game.save_room(room)
    assert alice.do("say hi") == ['You say, "hi"']
    assert alice.character.location == room.id


def test_home():
    world, alice, bob = _pair()
    game = world.game
    far = game.new_room("Far")
    game.move_character(alice.character, far)
    assert alice.do("home") == ["There's no place like home...", "Hero Plaza", "The heart of the city. Heroes gather here.",
                                "Contents: Bob"]
    assert bob.lines == ["Alice arrives home."]
    assert alice.do("home") == ["You are already home."]


def test_nospoof_shows_who_sent_an_emit():
    world, alice, bob = _pair()
    assert bob.do("+nospoof on") == ["You will see who sends each @emit."]
    assert world.store.get("character", str(bob.character_id))["settings"]["nospoof"] is True
    alice.do("@emit The lights go out.")
    assert bob.lines[-1] == "[Alice] The lights go out."
    assert alice.lines == ["The lights go out."]
    bob.do("+nospoof off")
    alice.do("\\Thunder.")
    assert bob.lines[-1] == "Thunder."


def test_descriptions_fit_the_clients_width():
    world, alice, bob = _pair()
    world.game.rooms[world.game.start_room].desc = "Tall towers of glass rise on every side of the plaza."
    alice.width = 30
    assert alice.do("look")[:4] == ["Hero Plaza", "Tall towers of glass rise on", "every side of the plaza.",
                                    "Contents: Bob"]
    bob.do("@desc me=A lanky man in a long grey coat and a battered hat.")
    assert alice.do("look bob") == ["Bob", "A lanky man in a long grey", "coat and a battered hat."]
