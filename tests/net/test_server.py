"""The Twisted adapter, driven with StringTransport and task.Clock: no sockets, no real time."""

from __future__ import annotations

import re

import pytest
from twisted.internet import task
from twisted.internet.address import IPv4Address
from twisted.internet.testing import StringTransport

from champions_mush.commands.base import Role
from champions_mush.commands.doorway import TOO_FAST, TOO_LONG
from champions_mush.commands.table import build_dispatcher
from champions_mush.game.accounts import Accounts, hash_password
from champions_mush.game.config import GameConfig
from champions_mush.game.world import Game
from champions_mush.net.pacing import LOGIN_LINES_PER_TURN, run_event
from champions_mush.net.server import LINES_PER_TURN, SWEEP_INTERVAL, WELCOME_DELAY, MushFactory
from champions_mush.net.telnet import MAX_LINE_BYTES
from champions_mush.store.memory import MemoryStore
from champions_mush.text.markup import ColourLevel

_TELNET = re.compile(rb"\xff\xfa.*?\xff\xf0|\xff[\xfb-\xfe].|\xff[^\xff]", re.DOTALL)
NAWS_100x40 = b"\xff\xfb\x1f\xff\xfa\x1f\x00\x64\x00\x28\xff\xf0"


class Transport(StringTransport):
    """A StringTransport that records TCP_NODELAY and SO_KEEPALIVE."""

    nodelay = keepalive = False

    def setTcpNoDelay(self, enabled: bool) -> None:
        self.nodelay = enabled

    def setTcpKeepAlive(self, enabled: bool) -> None:
        self.keepalive = enabled


class Rig:
    """A game, a factory on a fake clock, and helpers to open fake connections."""

    def __init__(self, **config) -> None:
        self.clock = task.Clock()
        self.clock.advance(1_000_000)
        settings = {"password_cost": 16, **config}
        self.game = Game(MemoryStore(), config=GameConfig(**settings), clock=self.clock.seconds)
        self.factory = MushFactory(self.game, build_dispatcher(), clock=self.clock)

    def connect(self, address: str = "10.0.0.1"):
        proto = self.factory.buildProtocol(None)
        transport = Transport(peerAddress=IPv4Address("TCP", address, 40000))
        proto.makeConnection(transport)
        return proto, transport

    def player(self, name: str, address: str = "10.0.0.1", role: Role = Role.PLAYER):
        char = self.game.find_character(name) or self.game.new_character(name, role=int(role))
        proto, transport = self.connect(address)
        proto.session.character_id = char.id
        self.clock.advance(WELCOME_DELAY)  # past the connect screen
        clear(transport)
        return proto, transport


def text(transport: StringTransport) -> str:
    """What the client was sent, telnet negotiation removed."""
    return _TELNET.sub(b"", transport.value()).decode("utf-8", "replace")


def clear(transport: StringTransport) -> None:
    transport.clear()


def test_connect_screen_after_the_delay_when_the_client_negotiates_nothing():
    rig = Rig()
    _proto, transport = rig.connect()
    assert transport.nodelay is True
    assert transport.value().startswith(b"\xff")  # our option offers go out first
    assert "connect <name> <password>" not in text(transport)
    rig.clock.advance(WELCOME_DELAY)
    assert "connect <name> <password>" in text(transport)
    assert "\x1b[" not in text(transport)  # no colour for a client that negotiated nothing


def test_a_login_line_sent_at_socket_open_works():
    rig = Rig()
    proto, transport = rig.connect()
    proto.dataReceived(b"create Alice secret1\r\n")
    out = text(transport)
    assert out.index("connect <name> <password>") < out.index("Welcome to Champions MUSH, Alice!")
    assert out.endswith("Welcome to Champions MUSH, Alice!\r\nHero Plaza\r\nThe heart of the city. Heroes gather here.\r\n")
    rig.clock.advance(WELCOME_DELAY)
    assert text(transport).count("connect <name> <password>") == 1


def test_naws_sets_the_session_width():
    rig = Rig()
    proto, _transport = rig.connect()
    proto.dataReceived(NAWS_100x40)
    assert (proto.session.width, proto.session.height) == (100, 40)


def test_two_players_hear_each_other_through_the_core():
    rig = Rig()
    alice, _alice_t = rig.player("Alice")
    _bob, bob_t = rig.player("Bob")
    alice.dataReceived(b"say Hi Bob\r\n:waves\r\n")
    assert text(bob_t) == 'Alice says, "Hi Bob"\r\nAlice waves\r\n'


def test_command_flood_is_throttled_with_one_notice():
    rig = Rig(command_rate=1.0, command_burst=2.0)
    alice, alice_t = rig.player("Alice")
    _bob, bob_t = rig.player("Bob")
    alice.dataReceived(b"say 1\r\nsay 2\r\nsay 3\r\nsay 4\r\n")
    assert text(bob_t) == 'Alice says, "1"\r\nAlice says, "2"\r\n'
    assert text(alice_t).count(TOO_FAST) == 1
    rig.clock.advance(1.0)
    clear(bob_t)
    alice.dataReceived(b"say 5\r\n")
    assert text(bob_t) == 'Alice says, "5"\r\n'


def test_a_rate_of_zero_means_no_limit():
    rig = Rig(command_rate=0)
    alice, alice_t = rig.player("Alice")
    alice.dataReceived(b"look\r\n" * 200)
    for _ in range(200 // LINES_PER_TURN):  # the backlog runs LINES_PER_TURN lines a turn
        rig.clock.advance(0)
    assert TOO_FAST not in text(alice_t)
    assert text(alice_t).count("Hero Plaza") == 200


def test_a_pasted_backlog_runs_a_few_lines_a_turn_so_others_are_not_held():
    """bench/repro_backlog_stall.py: 2,000 pasted lines no longer hold the game."""
    rig = Rig(command_rate=0)
    alice, alice_t = rig.player("Alice")
    bob, bob_t = rig.player("Bob")
    alice.dataReceived(b"look\r\n" * 100)
    assert text(alice_t).count("Hero Plaza") == LINES_PER_TURN
    assert alice_t.producerState == "paused"  # reading stops until the backlog is run
    bob.dataReceived(b"say still here\r\n")  # Bob's turn comes before Alice's backlog ends
    assert text(bob_t) == 'You say, "still here"\r\n'
    for _ in range(100 // LINES_PER_TURN):
        rig.clock.advance(0)
    assert text(alice_t).count("Hero Plaza") == 100
    assert alice_t.producerState == "producing"


def test_coalesced_output_is_one_write_per_connection_per_turn():
    rig = Rig()
    rig.factory.coalesce_output = True
    alice, _alice_t = rig.player("Alice")
    _bob, bob_t = rig.player("Bob")
    writes = []
    bob_t.write = lambda data: writes.append(data)
    alice.dataReceived(b"say one\r\n")
    alice.dataReceived(b"say two\r\n")
    assert writes == []  # nothing until the turn ends
    rig.clock.advance(0)
    assert writes == [b'Alice says, "one"\r\nAlice says, "two"\r\n']


def test_a_turn_ends_in_one_pass_of_the_reactor():
    """The coalescer's one call writes what the turn's batch delivers: no second pass of the
    reactor (another wait on the sockets) for the connections the batch marked."""
    rig = Rig()
    rig.factory.coalesce_output = True
    alice, alice_t = rig.player("Alice")
    _bob, bob_t = rig.player("Bob")
    alice_t.clear()
    alice.dataReceived(b"say one\r\n")
    (turn_end,) = rig.clock.getDelayedCalls()
    rig.clock.calls.remove(turn_end)
    turn_end.func(*turn_end.args, **turn_end.kw)
    assert (text(alice_t), text(bob_t)) == ('You say, "one"\r\n', 'Alice says, "one"\r\n')
    assert rig.clock.getDelayedCalls() == []


def test_long_lines_are_refused():
    rig = Rig()
    alice, alice_t = rig.player("Alice")
    alice.dataReceived(b"say " + b"x" * (MAX_LINE_BYTES + 10) + b"\r\n")
    assert text(alice_t) == TOO_LONG + "\r\n"
    rig2 = Rig(max_line_length=10)
    bob, bob_t = rig2.player("Bob")
    bob.dataReceived(b"say 12345678901\r\n")
    assert text(bob_t) == TOO_LONG + "\r\n"


def test_the_line_limit_counts_characters_as_max_line_length_means():
    rig = Rig(max_line_length=100, command_rate=0)
    alice, alice_t = rig.player("Alice")
    alice.conn.charset_override = "UTF-8"
    alice.dataReceived(("say " + "é" * 96 + "\r\n").encode())  # 100 characters, 196 bytes
    assert text(alice_t) == 'You say, "' + "é" * 96 + '"\r\n'
    clear(alice_t)
    alice.dataReceived(("say " + "é" * 97 + "\r\n").encode())  # 101 characters
    alice.dataReceived(("say " + "€" * 200 + "\r\n").encode())  # past the bytes too
    assert text(alice_t) == TOO_LONG + "\r\n" + TOO_LONG + "\r\n"
    alice.dataReceived(b"look\r\n")  # the connection goes on
    assert "Hero Plaza" in text(alice_t)


def test_login_timeout_is_shorter_and_staff_never_idle_out():
    rig = Rig(login_timeout=60, idle_timeout=600)
    rig.factory.start()
    _guest, guest_t = rig.connect("10.0.0.2")
    _alice, alice_t = rig.player("Alice", "10.0.0.3")
    _gm, gm_t = rig.player("Gina", "10.0.0.4", role=Role.STAFF)
    rig.clock.advance(60 + SWEEP_INTERVAL)
    assert guest_t.disconnecting and "You took too long to log in. Goodbye!" in text(guest_t)
    assert not alice_t.disconnecting
    rig.clock.pump([SWEEP_INTERVAL] * 60)
    assert alice_t.disconnecting and "You have been idle too long. Goodbye!" in text(alice_t)
    assert not gm_t.disconnecting
    rig.factory.stop()


def test_input_resets_the_idle_clock():
    rig = Rig(idle_timeout=100)
    rig.factory.start()
    alice, alice_t = rig.player("Alice")
    for _ in range(10):
        rig.clock.advance(SWEEP_INTERVAL * 5)
        alice.dataReceived(b"look\r\n")
    assert not alice_t.disconnecting
    rig.factory.stop()


def test_a_client_that_stops_reading_is_dropped_at_the_buffer_cap():
    rig = Rig(max_output_buffer=10_000, command_rate=0)
    reader, reader_t = rig.player("Reader")
    sleeper, sleeper_t = rig.player("Sleeper")
    sleeper.outbox.pauseProducing()  # the kernel buffer is full: Twisted pauses us
    for _ in range(20):
        reader.dataReceived(b"say " + b"x" * 100 + b"\r\n")
    assert not sleeper_t.disconnecting
    for _ in range(200):
        reader.dataReceived(b"say " + b"x" * 100 + b"\r\n")
    assert sleeper_t.disconnected  # aborted, not politely closed
    assert sleeper.outbox.held_size == 0
    assert not reader_t.disconnecting


def test_paused_output_is_written_on_resume_in_order():
    rig = Rig()
    alice, _alice_t = rig.player("Alice")
    bob, bob_t = rig.player("Bob")
    bob.outbox.pauseProducing()
    alice.dataReceived(b"say one\r\nsay two\r\n")
    assert bob_t.value() == b""
    bob.outbox.resumeProducing()
    assert text(bob_t) == 'Alice says, "one"\r\nAlice says, "two"\r\n'


def test_connection_limit_and_per_address_rate():
    rig = Rig(max_connections=3, connects_per_minute=2)
    rig.connect("10.0.0.1")
    rig.connect("10.0.0.1")
    proto, transport = rig.connect("10.0.0.1")
    assert text(transport) == "Too many connections from your address: please wait a minute.\r\n"
    assert transport.disconnecting and proto.session is None
    rig.connect("10.0.0.2")
    proto, transport = rig.connect("10.0.0.3")
    assert text(transport) == "The game is full right now: please try again in a few minutes.\r\n"
    assert len(rig.game.sessions) == 3


def test_banned_sites_are_refused():
    rig = Rig()
    Accounts.of(rig.game).ban("192.168.*")
    _proto, transport = rig.connect("192.168.1.9")
    assert text(transport) == "Connections from your site are not allowed.\r\n"
    assert rig.game.sessions == {}


def test_a_dropped_connection_leaves_the_game_and_the_room_hears():
    rig = Rig()
    _alice, alice_t = rig.player("Alice")
    bob, _bob_t = rig.player("Bob")
    bob.connectionLost()
    assert text(alice_t) == "Bob has disconnected.\r\n"
    assert bob.session.id not in rig.game.sessions
    assert bob not in rig.factory.protocols


def test_quit_closes_politely():
    rig = Rig()
    alice, alice_t = rig.player("Alice")
    alice.dataReceived(b"QUIT\r\n")
    assert text(alice_t) == "Goodbye! Come back soon.\r\n"
    assert alice_t.disconnecting and not alice_t.disconnected
    alice.connectionLost()
    assert rig.game.sessions == {}


def test_colour_follows_the_client_and_the_players_switch():
    rig = Rig()
    alice, alice_t = rig.player("Alice")
    alice.conn.colour_override = ColourLevel.ANSI16
    alice.dataReceived(b"+colour on\r\n")
    assert text(alice_t) == "\x1b[0;32mColour is on.\x1b[0m\r\n"
    clear(alice_t)
    alice.dataReceived(b"+colour off\r\nlook\r\n")
    assert "\x1b[" not in text(alice_t)
    assert text(alice_t).startswith("Colour is off.\r\nHero Plaza\r\n")


def test_close_all_tells_everyone_and_closes_every_connection():
    rig = Rig()
    alice, alice_t = rig.player("Alice")
    guest, guest_t = rig.connect("10.0.0.9")
    clear(guest_t)
    done = rig.factory.close_all("Shutting down.")
    assert text(alice_t) == "Shutting down.\r\n" and text(guest_t) == "Shutting down.\r\n"
    assert alice_t.disconnecting and guest_t.disconnecting
    fired = []
    done.addCallback(fired.append)
    alice.connectionLost()
    assert fired == []
    guest.connectionLost()
    assert fired == [None]


def test_close_all_gives_up_waiting_after_its_timeout():
    rig = Rig()
    rig.player("Alice")
    done = rig.factory.close_all("Bye.", timeout=2.0)
    fired = []
    done.addBoth(fired.append)
    rig.clock.advance(2.0)
    assert len(fired) == 1


def test_game_hashes_through_run_blocking():
    rig = Rig()
    pending = []
    rig.game.run_blocking = lambda func, callback, errback=None: pending.append((func, callback))
    proto, transport = rig.connect()
    proto.dataReceived(b"create Alice secret1\r\n")
    assert proto.session.character_id is None and len(pending) == 1
    func, callback = pending.pop()
    callback(func())
    assert "Welcome to Champions MUSH, Alice!" in text(transport)


@pytest.mark.parametrize("junk", [b"\xff\xfa\x1f\x00", b"\x00\x01\x1b[2J\r\n", b"\xff\xff\xff\r\n", b"\xc3\x28\r\n"])
def test_junk_bytes_never_break_the_connection(junk):
    rig = Rig()
    alice, alice_t = rig.player("Alice")
    alice.dataReceived(junk)
    alice.dataReceived(b"\xff\xf0\r\nlook\r\n")
    assert "Hero Plaza" in text(alice_t)
    assert not alice_t.disconnecting


def test_keepalives_go_to_telnet_clients_unless_switched_off():
    from champions_mush.net.server import KEEPALIVE_INTERVAL

    rig = Rig(idle_timeout=0, login_timeout=0)
    rig.factory.start()
    telnet, telnet_t = rig.player("Tess")
    telnet.dataReceived(NAWS_100x40)
    _raw, raw_t = rig.player("Rawley")
    quiet, quiet_t = rig.player("Quinn")
    quiet.dataReceived(NAWS_100x40)
    quiet.dataReceived(b"+client/keepalive off\r\n")
    for t in (telnet_t, raw_t, quiet_t):
        clear(t)
    rig.clock.pump([SWEEP_INTERVAL] * int(KEEPALIVE_INTERVAL / SWEEP_INTERVAL + 1))
    assert telnet_t.value() == b"\xff\xf1"
    assert raw_t.value() == b"" and quiet_t.value() == b""
    assert telnet_t.nodelay and telnet_t.keepalive
    rig.factory.stop()


def test_mssp_names_the_game_its_players_and_port():
    rig = Rig(name="Test City")
    rig.factory.port = 4201
    rig.player("Alice")
    mssp = rig.factory.doorway.mssp(rig.factory.port)
    assert (mssp["NAME"], mssp["PLAYERS"], mssp["PORT"], mssp["CODEBASE"]) == ("Test City", "1", "4201", "champions-mush")


def test_lines_sent_with_a_login_wait_for_it():
    """A client that sends ``create`` and its first commands together (scripts, auto-login,
    a paste) gets them run as the character once the password hash is done."""
    rig = Rig()
    pending = []
    rig.game.run_blocking = lambda func, callback, errback=None: pending.append((func, callback))
    proto, transport = rig.connect()
    rig.clock.advance(WELCOME_DELAY)
    clear(transport)
    proto.dataReceived(b"create Alice secret1\r\nsay hi\r\n+d6 0\r\n")
    assert "not connected" not in text(transport)
    assert transport.producerState == "paused"  # reading waits for the login
    func, callback = pending.pop()
    callback(func())  # the hash thread finishes
    rig.clock.advance(0)
    out = text(transport)
    assert out.index("Welcome to Champions MUSH, Alice!") < out.index('You say, "hi"')
    assert transport.producerState == "producing"


def test_a_reconnect_storm_runs_a_few_dozen_connect_lines_a_turn_and_players_in_between():
    """Hundreds of saved ``connect`` lines arriving in one turn run LOGIN_LINES_PER_TURN a
    turn, in the order they came; a player already in is answered in that same turn."""
    rig = Rig()
    names = [f"Storm{n}" for n in range(LOGIN_LINES_PER_TURN + 8)]
    for name in names:
        rig.game.new_character(name, password_hash=hash_password("stormpw1", 16))
    pending = []
    rig.game.run_blocking = lambda func, callback, errback=None: pending.append((func, callback))
    storm = [rig.connect(f"10.1.0.{n}") for n in range(len(names))]
    bob, bob_t = rig.player("Bob")  # past the connect screen: the storm's clients too
    for (proto, _), name in zip(storm, names, strict=True):
        proto.dataReceived(f"connect {name} stormpw1\r\n".encode())
    bob.dataReceived(b"say still here\r\n")
    assert text(bob_t) == 'You say, "still here"\r\n'
    assert len(pending) == LOGIN_LINES_PER_TURN  # the rest wait for the next turn, reading paused
    assert [t.producerState for _, t in storm[LOGIN_LINES_PER_TURN:]] == ["paused"] * 8
    storm[-1][0].connectionLost()  # one of them gives up waiting: passed over
    rig.clock.advance(0)
    assert len(pending) == len(names) - 1
    for func, callback in pending:
        callback(func())
    rig.clock.advance(0)
    assert all(f"Welcome to Champions MUSH, {name}!" in text(t) for (_, t), name in zip(storm[:-1], names))


def test_every_telnet_event_type_has_a_case():
    """The adapter's match ends in assert_never: an event type without a case fails here."""
    from typing import get_args

    from champions_mush.net import events as ev

    samples = {ev.LineReceived: ev.LineReceived("look"), ev.WindowSize: ev.WindowSize(90, 30),
               ev.TerminalType: ev.TerminalType("TinTin++", "XTERM", 0),
               ev.CharsetChanged: ev.CharsetChanged("UTF-8"), ev.GMCPMessage: ev.GMCPMessage("Core.Ping"),
               ev.OptionRefused: ev.OptionRefused(24), ev.ProtocolViolation: ev.ProtocolViolation("x"),
               ev.LineTooLong: ev.LineTooLong(8192), ev.HandshakeComplete: ev.HandshakeComplete(),
               ev.Closed: ev.Closed()}
    assert set(get_args(ev.Event)) == set(samples)
    rig = Rig()
    alice, alice_t = rig.player("Alice")
    for kind in get_args(ev.Event):
        run_event(alice, samples[kind])
    assert "Hero Plaza" in text(alice_t) and TOO_LONG in text(alice_t)
    assert alice.violations == 1 and rig.factory.violations == 1
    assert alice_t.disconnecting  # Closed: closed politely


def test_telnet_violations_are_counted_and_close_the_connection_at_the_stated_number():
    from champions_mush.net.server import MAX_VIOLATIONS, TOO_MANY_VIOLATIONS

    rig = Rig()
    alice, alice_t = rig.player("Alice")
    alice.dataReceived(b"\xff\xf0" * (MAX_VIOLATIONS - 1))  # IAC SE without IAC SB
    assert alice.violations == MAX_VIOLATIONS - 1 and not alice_t.disconnecting
    alice.dataReceived(b"\xff\xf0look\r\n")
    assert text(alice_t) == TOO_MANY_VIOLATIONS + "\r\n"  # nothing after the violation runs
    assert alice_t.disconnecting and rig.factory.violations == MAX_VIOLATIONS


def test_a_refused_option_is_not_a_violation():
    rig = Rig()
    proto, transport = rig.connect()
    proto.dataReceived(b"\xff\xfc\x18\xff\xfc\x1f")  # WONT TTYPE, WONT NAWS
    assert proto.violations == 0 and not transport.disconnecting


def test_who_before_login_does_not_extend_the_login_timeout():
    """A connection typing WHO every few seconds used to hold its slot for ever."""
    rig = Rig(login_timeout=60, idle_timeout=0, command_rate=0)
    rig.factory.start()
    guest, guest_t = rig.connect("10.0.0.2")
    for _ in range(6):
        rig.clock.advance(SWEEP_INTERVAL)
        guest.dataReceived(b"WHO\r\n")
    assert not guest_t.disconnecting
    rig.clock.advance(SWEEP_INTERVAL)
    assert guest_t.disconnecting and text(guest_t).endswith("You took too long to log in. Goodbye!\r\n")
    rig.factory.stop()
