"""Client conformance: real clients' opening handshakes replayed byte for byte.

See ``transcripts.py`` for where each handshake comes from.  Every replay
is run whole and again split into tiny packets: the result must not change.
"""

from __future__ import annotations

import pytest

from champions_mush.net.events import (
    HandshakeComplete,
    LineReceived,
    OptionRefused,
    ProtocolViolation,
    TerminalType,
)
from champions_mush.text.markup import ColourLevel

from . import transcripts
from .helpers import (
    CHARSET,
    CHARSET_REQUEST,
    DO,
    DONT,
    ECHO,
    IAC,
    MCCP2_START,
    MSSP,
    OPENING,
    SB,
    TTYPE,
    TTYPE_SEND,
    WILL,
    WONT,
    FakeClient,
    cmd,
    sb,
)

MSSP_TABLE = {"NAME": "Champions", "PLAYERS": "2", "UPTIME": "1700000000", "PORT": "4201",
              "CODEBASE": "champions-mush 0.1.0"}

IDS = [t.name for t in transcripts.ALL]


def replay(transcript, chunk=None) -> FakeClient:
    client = FakeClient(mssp=lambda: MSSP_TABLE)
    assert client.start() == OPENING
    for packet in transcript.packets:
        client.send(packet, chunk=chunk)
    client.send(transcript.command, chunk=chunk)
    return client


@pytest.mark.parametrize("transcript", transcripts.ALL, ids=IDS)
def test_state_after_the_handshake(transcript):
    conn = replay(transcript).conn
    want = transcript.expected
    got = (conn.client_name, conn.terminal_type, conn.mtts, conn.width, conn.height,
           conn.colour, conn.charset, conn.mccp, conn.gmcp, conn.prompt_mark)
    assert got == (want.client_name, want.terminal_type, want.mtts, want.width, want.height,
                   want.colour, want.charset, want.mccp, want.gmcp, want.prompt)
    assert conn.gmcp_packages == want.gmcp_packages


@pytest.mark.parametrize("transcript", transcripts.ALL, ids=IDS)
def test_first_command_is_read_cleanly(transcript):
    client = replay(transcript)
    assert [e for e in client.events if isinstance(e, LineReceived)] == [LineReceived("look")]
    assert [e for e in client.events if isinstance(e, ProtocolViolation)] == []
    assert client.conn.violations == 0


@pytest.mark.parametrize("transcript", transcripts.ALL, ids=IDS)
def test_refusals_are_events_not_disconnects(transcript):
    client = replay(transcript)
    refused = tuple(e.option for e in client.events if isinstance(e, OptionRefused))
    assert refused == transcript.expected.refused
    assert not client.conn.closed


@pytest.mark.parametrize("transcript", transcripts.ALL[:-1], ids=IDS[:-1])
def test_handshake_completes_once_before_the_command(transcript):
    events = replay(transcript).events
    assert events.count(HandshakeComplete()) == 1
    assert events.index(HandshakeComplete()) < events.index(LineReceived("look"))
    ttype = [e for e in events if isinstance(e, TerminalType)]
    want = transcript.expected
    assert ttype == [TerminalType(want.client_name, want.terminal_type, want.mtts or 0)]


def test_a_client_that_negotiates_nothing_never_completes_the_handshake():
    client = replay(transcripts.NETCAT)
    assert client.conn.handshake_pending
    assert HandshakeComplete() not in client.events


@pytest.mark.parametrize("chunk", [1, 2, 5])
@pytest.mark.parametrize("transcript", transcripts.ALL, ids=IDS)
def test_splitting_packets_changes_nothing(transcript, chunk):
    whole, split = replay(transcript), replay(transcript, chunk=chunk)
    assert split.events == whole.events
    assert split.received == whole.received
    assert (split.conn.colour, split.conn.charset, split.conn.width) == (
        whole.conn.colour, whole.conn.charset, whole.conn.width)


def test_mudlet_gets_three_ttype_rounds_charset_mssp_and_compression():
    received = bytes(replay(transcripts.MUDLET).received)
    assert received.count(TTYPE_SEND) == 3
    assert received.count(CHARSET_REQUEST) == 1
    assert received.count(bytes([IAC, SB, MSSP])) == 1
    assert b"\x01NAME\x02Champions\x01PLAYERS\x022" in received
    assert received.count(MCCP2_START) == 1


def test_mushclient_gets_charset_the_other_way_round():
    received = bytes(replay(transcripts.MUSHCLIENT).received)
    assert received.count(cmd(DO, CHARSET)) == 1
    assert received.count(CHARSET_REQUEST) == 1
    assert received.count(TTYPE_SEND) == 2


def test_accept_then_reject_keeps_utf8():
    """scandum/tintin's source answers every offered name (ACCEPTED, then REJECTED)."""
    client = FakeClient()
    client.start()
    client.send(cmd(DO, CHARSET))
    client.send(sb(CHARSET, b"\x02 UTF-8") + sb(CHARSET, b"\x03 ISO-8859-1"))
    assert client.conn.charset == "UTF-8"
    assert not client.conn.handshake_pending or client.conn.him_enabled(TTYPE) is False


RENDERED = {
    # colour level, charset -> bytes for "|rHi|n ┌─┐ café"
    "Mudlet 4.17": b"\x1b[0;31mHi\x1b[0m \xe2\x94\x8c\xe2\x94\x80\xe2\x94\x90 caf\xc3\xa9\r\n",
    "MUSHclient 5": b"\x1b[0;31mHi\x1b[0m \xe2\x94\x8c\xe2\x94\x80\xe2\x94\x90 caf\xc3\xa9\r\n",
    "TinTin++ 2.02": b"\x1b[0;31mHi\x1b[0m \xe2\x94\x8c\xe2\x94\x80\xe2\x94\x90 caf\xc3\xa9\r\n",
    "BeipMU": b"\x1b[0;31mHi\x1b[0m \xe2\x94\x8c\xe2\x94\x80\xe2\x94\x90 caf\xc3\xa9\r\n",
    "Potato 2": b"\x1b[0;31mHi\x1b[0m \xe2\x94\x8c\xe2\x94\x80\xe2\x94\x90 caf\xc3\xa9\r\n",
    "telnet (Debian inetutils)": b"\x1b[0;31mHi\x1b[0m +-+ cafe\r\n",
    "raw socket (nc)": b"Hi +-+ cafe\r\n",
}


@pytest.mark.parametrize("transcript", transcripts.ALL, ids=IDS)
def test_output_is_rendered_for_what_was_negotiated(transcript):
    client = replay(transcript)
    client.read()
    client.conn.send_text("|rHi|n ┌─┐ café")
    assert client.read() == RENDERED[transcript.name]


def test_truecolour_markup_downgrades_per_client():
    mudlet, telnet, nc = (replay(t) for t in (transcripts.MUDLET, transcripts.TELNET,
                                               transcripts.NETCAT))
    outputs = []
    for client in (mudlet, telnet, nc):
        client.read()
        client.conn.send_text("|#ff8700x")
        outputs.append(client.read())
    assert outputs == [b"\x1b[0;38;2;255;135;0mx\x1b[0m\r\n", b"\x1b[0;38;5;208mx\x1b[0m\r\n",
                       b"x\r\n"]
    assert mudlet.conn.colour is ColourLevel.TRUECOLOUR


# Password entry, replayed from the same recordings ------------------------------

WILL_ECHO, WONT_ECHO = cmd(WILL, ECHO), cmd(WONT, ECHO)
DO_ECHO, DONT_ECHO = cmd(DO, ECHO), cmd(DONT, ECHO)


def password_round(client: FakeClient, answer_to_wont: bytes) -> bytes:
    client.conn.hide_input(True)
    sent = client.read()
    sent += client.send(DO_ECHO + b"sekrit\r\n")
    client.conn.hide_input(False)
    sent += client.read()
    sent += client.send(answer_to_wont)
    return sent


def test_password_hiding_with_telnet():
    """inetutils telnet answers both WILL ECHO and WONT ECHO."""
    client = replay(transcripts.TELNET)
    sent = password_round(client, DONT_ECHO) + password_round(client, DONT_ECHO)
    assert sent == (WILL_ECHO + WONT_ECHO) * 2
    assert client.events.count(LineReceived("sekrit")) == 2
    assert client.conn.violations == 0


def test_password_hiding_with_tintin():
    """TinTin++ 2.02.20 never answers WONT ECHO; the second password is still hidden."""
    client = replay(transcripts.TINTIN)
    sent = password_round(client, b"") + password_round(client, b"")
    assert sent == (WILL_ECHO + WONT_ECHO) * 2
    assert client.events.count(LineReceived("sekrit")) == 2
    assert client.conn.us_enabled(ECHO) is False and client.conn.violations == 0
