"""Broadcasts batched per reactor turn, through the real adapter: every kind of client gets its
lines in production order, rendered for it, and MCCP, GMCP and the output cap stay per connection."""

from __future__ import annotations

import re
import zlib

from twisted.internet.testing import StringTransport

from champions_mush.net.output import socket_writer
from champions_mush.text.markup import ColourLevel

from .helpers import DO, GMCP, IAC, MCCP2, MCCP2_START, cmd, gmcp
from .test_server import Rig, clear

_TELNET = re.compile(rb"\xff\xfa.*?\xff\xf0|\xff[\xfb-\xfe].|\xff[^\xff]", re.DOTALL)
ALERT = "|rRed alert|n: Viper \u2014 caf\u00e9"


def received(transport, charset: str = "ascii") -> list[str]:
    """The lines a client read, MCCP2 inflated and telnet commands removed."""
    raw = transport.value()
    start = raw.find(MCCP2_START)
    if start >= 0:
        raw = raw[:start] + zlib.decompressobj().decompress(raw[start + len(MCCP2_START):])
    return _TELNET.sub(b"", raw).decode(charset).split("\r\n")[:-1]


def crowd(rig: Rig):
    """Five kinds of client in one room: ANSI/ASCII, xterm-256/UTF-8, MCCP2/Latin-1 (a telnet
    client, so ANSI),
    ANSI with the player's colour off, and one that negotiated nothing."""
    alice = rig.player("Alice")
    alice[0].conn.colour_override = ColourLevel.ANSI16
    bob = rig.player("Bob")
    bob[0].conn.colour_override, bob[0].conn.charset_override = ColourLevel.XTERM256, "UTF-8"
    carol = rig.player("Carol")
    carol[0].conn.charset_override = "ISO-8859-1"
    carol[0].dataReceived(cmd(DO, MCCP2))
    assert carol[0].conn.mccp
    dave = rig.player("Dave")
    dave[0].conn.colour_override = ColourLevel.ANSI16
    dave[0].session.colour = False  # +colour off
    eve = rig.player("Eve")
    for _, transport in (alice, bob, dave, eve):
        clear(transport)
    return alice, bob, carol, dave, eve


def test_own_echo_a_page_and_room_lines_arrive_in_production_order_for_every_kind():
    rig = Rig(command_rate=0)
    rig.factory.coalesce_output = True
    (alice, alice_t), (bob, bob_t), (carol, carol_t), (_dave, dave_t), (eve, eve_t) = crowd(rig)
    # one reactor turn: everything below before the clock moves
    carol.dataReceived(b"say first\r\n")
    bob.dataReceived(b"page Alice=psst\r\n")
    alice.dataReceived(b"say second\r\n")
    rig.game.msg_room(rig.game.start_room, ALERT)
    eve.dataReceived(b"say third\r\n")
    rig.clock.advance(0)
    assert received(alice_t) == [
        'Carol says, "first"',
        "Bob pages: psst",
        'You say, "second"',
        "\x1b[0;31mRed alert\x1b[0m: Viper -- cafe",
        'Eve says, "third"',
    ]
    assert received(bob_t, "utf-8") == [
        'Carol says, "first"',
        "You paged Alice with 'psst'.",
        'Alice says, "second"',
        "\x1b[0;31mRed alert\x1b[0m: Viper \u2014 caf\u00e9",
        'Eve says, "third"',
    ]
    assert received(carol_t, "latin-1") == [
        'You say, "first"',
        'Alice says, "second"',
        "\x1b[0;31mRed alert\x1b[0m: Viper -- caf\u00e9",
        'Eve says, "third"',
    ]
    assert received(dave_t) == [
        'Carol says, "first"', 'Alice says, "second"', "Red alert: Viper -- cafe", 'Eve says, "third"']
    assert received(eve_t) == [
        'Carol says, "first"', 'Alice says, "second"', "Red alert: Viper -- cafe", 'You say, "third"']


def test_a_listener_gets_a_turns_room_lines_in_one_write():
    rig = Rig(command_rate=0)
    rig.factory.coalesce_output = True
    alice, _ = rig.player("Alice")
    bob, _ = rig.player("Bob")
    _, carol_t = rig.player("Carol")
    writes = []
    carol_t.write = writes.append
    alice.dataReceived(b"say one\r\n")
    bob.dataReceived(b"say two\r\n")
    alice.dataReceived(b"say three\r\n")
    assert writes == []
    rig.clock.advance(0)
    assert writes == [b'Alice says, "one"\r\nBob says, "two"\r\nAlice says, "three"\r\n']


def test_mccp_streams_stay_per_connection_while_the_bytes_are_shared():
    rig = Rig(command_rate=0)
    rig.factory.coalesce_output = True
    speaker, _ = rig.player("Speaker")
    zipped = [rig.player(f"Zip{i}") for i in range(2)]
    _plain, plain_t = rig.player("Plain")
    zipped[0][0].dataReceived(cmd(DO, MCCP2))
    speaker.dataReceived(b"say warm up\r\n")  # the first stream has output before the second starts
    rig.clock.advance(0)
    zipped[1][0].dataReceived(cmd(DO, MCCP2))
    for line in (b"say alpha\r\n", b"say beta\r\n"):
        speaker.dataReceived(line)
        rig.clock.advance(0)
    assert received(zipped[0][1]) == [
        'Speaker says, "warm up"', 'Speaker says, "alpha"', 'Speaker says, "beta"']
    assert received(zipped[1][1]) == [
        'Speaker says, "warm up"', 'Speaker says, "alpha"', 'Speaker says, "beta"']
    assert b"alpha" not in zipped[0][1].value() and b"alpha" not in zipped[1][1].value()
    assert b'Speaker says, "alpha"' in plain_t.value()
    zipped[0][0].close()  # ending one stream leaves the other readable
    speaker.dataReceived(b"say gamma\r\n")
    rig.clock.advance(0)
    assert received(zipped[1][1])[-1] == 'Speaker says, "gamma"'


def test_gmcp_goes_between_the_room_lines_it_was_sent_between():
    rig = Rig(command_rate=0)
    rig.factory.coalesce_output = True
    alice, alice_t = rig.player("Alice")
    bob, _ = rig.player("Bob")
    alice.dataReceived(cmd(DO, GMCP) + gmcp('Core.Supports.Set ["Char 1"]'))
    clear(alice_t)
    bob.dataReceived(b"say before\r\n")
    alice.session.send_gmcp("Char.Vitals", {"STUN": 30})
    bob.dataReceived(b"say after\r\n")
    rig.clock.advance(0)
    assert alice_t.value() == (
        b'Bob says, "before"\r\n'
        + bytes([IAC, 250, GMCP]) + b'Char.Vitals {"STUN":30}' + bytes([IAC, 240])
        + b'Bob says, "after"\r\n')


def test_a_slow_reader_in_a_crowded_room_is_dropped_at_its_own_cap_and_the_rest_read_on():
    rig = Rig(max_output_buffer=10_000, command_rate=0)
    rig.factory.coalesce_output = True
    talker, _ = rig.player("Talker")
    _reader, reader_t = rig.player("Reader")
    sleeper, sleeper_t = rig.player("Sleeper")
    sleeper.outbox.pauseProducing()  # its kernel buffer is full: Twisted paused it
    line = b"say " + b"x" * 100 + b"\r\n"
    for _ in range(20):
        talker.dataReceived(line)
        rig.clock.advance(0)
    assert not sleeper_t.disconnecting and sleeper.outbox.held_size > 2000
    for _ in range(100):
        talker.dataReceived(line)
        rig.clock.advance(0)
    assert sleeper_t.disconnected and sleeper.outbox.held_size == 0
    assert not reader_t.disconnecting
    assert len(received(reader_t)) == 120


class _Socket:
    """A socket whose kernel buffer takes ``room`` more bytes."""

    def __init__(self, room: int) -> None:
        self.room, self.sent = room, b""

    def send(self, data: bytes) -> int:
        if not self.room:
            raise BlockingIOError
        taken = data[:self.room]
        self.room -= len(taken)
        self.sent += taken
        return len(taken)


class _TcpTransport:
    """The parts of Twisted's TCP transport that socket_writer reads."""

    TLS = False
    connected, disconnecting = True, False

    def __init__(self, room: int) -> None:
        self.socket = _Socket(room)
        self.dataBuffer, self.offset, self._tempDataLen = b"", 0, 0
        self.buffered: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.buffered.append(bytes(data))
        self._tempDataLen += len(data)


def test_output_goes_straight_to_the_socket_and_only_the_rest_to_twisted_in_order():
    transport = _TcpTransport(room=10)
    write = socket_writer(transport)
    write(b"12345")
    assert (transport.socket.sent, transport.buffered) == (b"12345", [])
    write(b"67890abcde")  # the kernel takes five: Twisted holds the rest
    assert (transport.socket.sent, transport.buffered) == (b"1234567890", [b"abcde"])
    transport.socket.room = 100
    write(b"fgh")  # Twisted still holds bytes: these queue behind them
    assert (transport.socket.sent, transport.buffered) == (b"1234567890", [b"abcde", b"fgh"])


def test_a_full_socket_or_a_closing_transport_leaves_writing_to_twisted():
    transport = _TcpTransport(room=0)
    socket_writer(transport)(b"hello")
    assert transport.buffered == [b"hello"]
    closing = _TcpTransport(room=100)
    closing.disconnecting = True
    socket_writer(closing)(b"bye")
    assert (closing.socket.sent, closing.buffered) == (b"", [b"bye"])
    plain = StringTransport()
    socket_writer(plain)(b"as is")  # no socket (tests, TLS): Twisted's own write
    assert plain.value() == b"as is"
