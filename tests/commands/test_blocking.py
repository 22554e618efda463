"""+block, +unblock, @haven and pages kept for a later login (game/blocking.py)."""

from champions_mush.commands.base import Role
from champions_mush.commands.login import login_session

from ..harness import make_world


def _three():
    world = make_world()
    alice, bob = world.login("Alice"), world.login("Bob")
    gina = world.login("Gina", role=Role.STAFF)
    for s in (alice, bob, gina):
        s.clear()
    return world, alice, bob, gina


def test_a_page_block_refuses_pages_but_staff_still_reach_you():
    _world, alice, bob, gina = _three()
    assert bob.do("+block Alice=page") == ["You block Alice from: page."]
    bob.clear()
    assert alice.do("page Bob=hi") == ["Bob is not accepting pages from you."]
    assert bob.lines == []
    assert gina.do("page Bob=staff here") == ["You paged Bob with 'staff here'."]
    assert bob.do("+block") == ["You block:", "  Alice                page", "Haven is off."]
    assert bob.do("+unblock Alice") == ["You no longer block Alice."]
    assert alice.do("page Bob=hi") == ["You paged Bob with 'hi'."]


def test_a_mail_block_refuses_mail_and_every_block_is_logged_for_staff():
    _world, alice, bob, gina = _three()
    assert bob.do("+block Alice=all") == ["You block Alice from: everything."]
    assert alice.do("@mail Bob=Hi/There") == ["Bob is not accepting mail from you: nothing was sent."]
    assert alice.do("@mail Bob Gina=Hi/There") == [
        "You sent your message 'Hi' to Gina.", "Bob is not accepting mail from you, so they did not get it."]
    assert bob.do("+unblock Alice=mail") == ["You still block Alice from: page, channel."]
    log = gina.do("+block/log Bob")
    assert [line[17:] for line in log] == ["Bob: block page,mail,channel Alice", "Bob: unblock mail Alice"]
    assert bob.do("+block/log") == ["Permission denied."]
    assert bob.do("+block Gina=page") == [
        "Gina is staff: staff can always reach you (+request if there is a problem)."]
    assert bob.do("+block Bob=page") == ["You cannot block yourself."]
    assert bob.do("+block Alice=shouts") == ["Block from page, mail, channel or all."]


def test_a_channel_block_stops_hearing_them_there():
    _world, alice, bob, _gina = _three()
    for s in (alice, bob):
        s.do("addcom pub=Public")
    bob.do("+block Alice=channel")
    bob.clear()
    alice.clear()
    alice.do("pub Hello all")
    assert bob.lines == []
    assert alice.lines[-1] == "[Public] Alice: Hello all"


def test_haven_refuses_pages():
    _world, alice, bob, _gina = _three()
    assert bob.do("@haven on") == ["Haven on: pages to you are refused (staff still reach you)."]
    assert alice.do("page Bob=hi") == ["Bob is not accepting pages (@haven)."]
    assert bob.do("@haven off") == ["Haven off: you accept pages again."]
    assert alice.do("p bob=hi") == ["You paged Bob with 'hi'."]


def test_a_page_to_someone_not_connected_is_shown_at_their_login_once():
    world, alice, _bob, _gina = _three()
    world.game.new_character("Dave")
    assert alice.do("page Dave=Call me") == ["Dave is not connected: your page is kept and shown at their next login."]
    dave = world.guest()
    login_session(world.game, dave, world.game.find_character("Dave"))
    shown = [line for line in dave.lines if "page" in line]
    assert shown[0] == "[Page] 1 page came while you were away:"
    assert shown[1].endswith(") Alice paged: Call me")
    dave.clear()
    login_session(world.game, dave, world.game.find_character("Dave"))
    assert not any("paged" in line for line in dave.lines)
