"""Screen-reader mode over real telnet sessions: the player's own replies and other players'
broadcasts both reach a screen reader without rules and with dice after results."""

from .test_session_overrides import Rig, text


def test_a_reader_gets_no_banner_and_a_sighted_player_in_the_same_room_does():
    rig = Rig()
    alice, alice_t = rig.player("Alice")
    bob, bob_t = rig.player("Bob")
    alice.dataReceived(b"+client/reader on\r\n")
    alice_t.clear()
    alice.dataReceived(b"+finger Alice\r\n")
    lines = text(alice_t).split("\r\n")
    assert lines[0] == "Alice"
    assert all(not line.startswith("----") for line in lines)
    bob.dataReceived(b"+finger Alice\r\n")
    assert text(bob_t).split("\r\n")[-2].startswith("-----")
    alice_t.clear()
    bob_t.clear()
    rig.game.msg_all("----- [Notice] -----\nThe game restarts at noon: rolls 9 (3 3 3).")
    rig.clock.advance(0)
    assert text(alice_t) == "Notice\r\nThe game restarts at noon: rolls 9. Dice 3 3 3.\r\n"
    assert text(bob_t) == "----- [Notice] -----\r\nThe game restarts at noon: rolls 9 (3 3 3).\r\n"
