"""+alt and +roster: several heroes on one account, switching, votes refused, the roster."""

from champions_mush.commands.base import Role
from champions_mush.game.accounts import hash_password

from ..harness import make_world


def _player():
    world = make_world(password_cost=16, heroes_per_account=2)
    gina = world.login("Gina", role=Role.STAFF)
    alice, bob = world.login("Alice"), world.login("Bob")
    for name in ("Nightwing", "Robin"):
        char = world.game.new_character(name, password_hash=hash_password("pw-" + name, cost=16))
        world.game.save_character(char)
    for s in (gina, alice, bob):
        s.clear()
    return world, gina, alice, bob


def test_linking_switching_staff_seeing_alts_and_the_limit():
    _world, gina, alice, bob = _player()
    assert alice.do("+alt/link Nightwing=wrong") == ["That is not Nightwing's password."]
    assert alice.do("+alt/link Nightwing=pw-Nightwing") == [
        "Nightwing is now on your account: Alice, Nightwing. +alt Nightwing switches to it."]
    assert alice.do("+alt/link Robin=pw-Robin") == ["An account holds at most 2 characters: that would make 3."]
    assert alice.do("+alt") == ["Your characters: Alice, Nightwing (2 of 2)."]
    assert gina.do("+alt/who Nightwing") == ["Nightwing's account: Alice, Nightwing."]
    assert bob.do("+alt/who Alice") == ["Permission denied."]
    out = alice.do("+alt Nightwing")
    assert "Welcome to Champions MUSH, Nightwing!" in out
    assert alice.character.name == "Nightwing"
    assert bob.lines[-2:] == ["Nightwing has connected.", "Alice has disconnected."]
    assert alice.do("+alt Bob") == ["Bob is not one of your characters (+alt lists them)."]


def test_a_vote_for_ones_own_alt_is_refused_by_the_account():
    world, _gina, alice, bob = _player()
    alice.do("+alt/link Nightwing=pw-Nightwing")
    world.login("Nightwing")
    assert alice.do("+vote Nightwing") == [
        "Nightwing is one of your own characters: vote for the people you played with."]
    assert bob.do("+vote Nightwing") == ["You vote for Nightwing. Thank you for playing."]


def test_the_roster_offers_characters_and_a_request_files_a_job():
    _world, gina, _alice, bob = _player()
    assert gina.do("+roster/add Robin=The Boy Wonder, free for a new player.") == ["Robin is open on the roster."]
    assert bob.do("+roster") == ["Open characters (+roster/request <name>=<why> to ask for one):",
                                 "  Robin                The Boy Wonder, free for a new player."]
    assert bob.do("+roster/request Robin=I'd like to play him.") == [
        "Your request for Robin is request #1: staff will answer it there."]
    assert gina.lines[-1] == "[Jobs] New request #1 from Bob: Roster: Robin"
    assert bob.do("+roster/request Nightwing=me too") == ["Nightwing is not open on the roster (+roster lists who is)."]
    assert gina.do("+roster/remove Robin") == ["Robin is no longer on the roster."]
    assert bob.do("+roster") == ["No characters are open on the roster."]


def test_staff_cannot_award_xp_to_a_character_of_their_own_account():
    _world, gina, _alice, _bob = _player()
    assert gina.do("+alt/link Robin=pw-Robin") == [
        "Robin is now on your account: Gina, Robin. +alt Robin switches to it."]
    assert gina.do("+xp/award Robin=2 for playing") == [
        "Robin is one of your own characters: another staff member gives it XP."]
    assert gina.do("+xp/award Bob=1 for playing") == ["You award 1 XP to Bob (for playing): 1 to spend."]
