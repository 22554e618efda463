"""Hostile bytes: whatever a client sends, the core neither breaks nor lets escapes through."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from champions_mush.net.events import GMCPMessage, LineReceived, TerminalType
from champions_mush.net.telnet import MAX_LINE_BYTES, MAX_SUBNEG_BYTES, TelnetConnection

IAC, SB, SE = 255, 250, 240

#: Pieces a hostile or broken client might send.
TOKENS = st.one_of(
    st.binary(max_size=40),
    st.sampled_from([
        b"\xff", b"\xff\xff", b"\xff\xfa", b"\xff\xf0", b"\xff\xfa\x18", b"\xff\xfa\x1f",
        b"\xff\xfa\x2a\x01", b"\xff\xfa\x2a\x02UTF-8", b"\xff\xfa\xc9Core.Ping",
        b"\xff\xfa\xc9Core.Supports.Set [", b"\xff\xfb", b"\xff\xfd", b"\xff\xfe", b"\xff\xfc",
        b"\xff\xf4", b"\xff\xf6", b"\xff\xf7", b"\xff\xf8", b"\xff\xf1", b"\x1b[", b"\x1b[31m",
        b"\x1b]0;title\x07", b"\x1b", b"\x9b", b"\xc2\x9b2J", b"\xe2\x80\xae", b"\x00", b"\r",
        b"\n", b"\r\x00", b"\x08", b"\x7f", b"\xc3", b"\xe2\x94", b"\xed\xa0\x80", b"\xf8\x88",
    ]),
    st.builds(lambda b, n: bytes([b]) * n, st.sampled_from([IAC, 0, 0x1B, ord("x")]),
              st.integers(0, 3 * MAX_LINE_BYTES)),
    st.builds(lambda opt, body: bytes([IAC, SB, opt]) + body + bytes([IAC, SE]),
              st.sampled_from([24, 31, 42, 70, 86, 201, 0, 255]), st.binary(max_size=64)),
    st.builds(lambda verb, opt: bytes([IAC, verb, opt]),
              st.integers(236, 255), st.integers(0, 255)),
)

STREAMS = st.lists(TOKENS, max_size=30)
SPLITS = st.lists(st.integers(1, 64), min_size=1, max_size=8)

FORBIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

#: Whatever state the parser is in, this ends it and one clean line follows.
RECOVER = b"\x00\x00\xff\xf0\r\nlook\r\n"


def feed(conn: TelnetConnection, data: bytes, splits: list[int]) -> list:
    events, i, k = [], 0, 0
    while i < len(data):
        step = splits[k % len(splits)]
        conn.receive_data(data[i:i + step])
        assert conn.buffered_input <= MAX_LINE_BYTES + MAX_SUBNEG_BYTES
        events += conn.next_events()
        i, k = i + step, k + 1
    return events


@settings(max_examples=150, deadline=None, derandomize=True)
@given(STREAMS, SPLITS, st.booleans())
def test_hostile_streams_never_raise_or_leak_escapes(tokens, splits, started):
    conn = TelnetConnection(mssp=lambda: {"NAME": "x"})
    if started:
        conn.start()
    data = b"".join(tokens)
    events = feed(conn, data, splits)
    output = conn.data_to_send()
    for event in events:
        if isinstance(event, LineReceived):
            assert not FORBIDDEN.search(event.text), event
            assert len(event.text.encode("utf-8")) <= 2 * MAX_LINE_BYTES
        if isinstance(event, TerminalType):
            assert not FORBIDDEN.search(event.client_name + event.terminal_type)
    assert len(output) <= 2000 + 5 * len(data)
    conn.send_text("|rok|n")
    conn.send_gmcp("Core.Ping")


@settings(max_examples=150, deadline=None, derandomize=True)
@given(STREAMS, SPLITS)
def test_the_parser_recovers_after_any_garbage(tokens, splits):
    conn = TelnetConnection()
    conn.start()
    feed(conn, b"".join(tokens), splits)
    events = feed(conn, RECOVER, [len(RECOVER)])
    assert [e for e in events if isinstance(e, LineReceived)][-1] == LineReceived("look")


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.text(max_size=200))
def test_any_typed_text_comes_back_without_controls(text):
    conn = TelnetConnection()
    conn.receive_data(text.encode("utf-8") + b"\r\n")
    lines = [e.text for e in conn.next_events() if isinstance(e, LineReceived)]
    assert lines and all(not FORBIDDEN.search(line) for line in lines)


def test_an_iac_flood_is_cheap_and_harmless():
    conn = TelnetConnection()
    conn.start()
    conn.receive_data(b"\xff" * 1_000_001)
    conn.receive_data(b"\xff\xf0\r\nlook\r\n")
    events = conn.next_events()
    assert events[-1] == LineReceived("look")
    assert conn.buffered_input == 0


def test_a_huge_gmcp_message_is_dropped_not_kept():
    conn = TelnetConnection()
    conn.receive_data(b"\xff\xfa\xc9Core.Hello " + b"x" * 10_000_000 + b"\xff\xf0look\r\n")
    events = conn.next_events()
    assert not any(isinstance(e, GMCPMessage) for e in events)
    assert events[-1] == LineReceived("look")
