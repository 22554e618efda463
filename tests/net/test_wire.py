"""Pure payload functions (champions_mush.net.wire)."""

from __future__ import annotations

import pytest

from champions_mush.net.wire import (
    WireError,
    choose_charset,
    decode_line,
    gmcp_payload,
    mssp_payload,
    parse_gmcp,
    parse_naws,
)


def test_parse_naws():
    assert parse_naws(b"\x01\x00\x00\x30") == (256, 48)
    with pytest.raises(WireError, match="NAWS with 5 bytes instead of 4"):
        parse_naws(b"\x00\x50\x00\x18\x00")


@pytest.mark.parametrize("payload, expected", [
    (b"Core.Ping", ("Core.Ping", None)),
    (b"Core.Ping   ", ("Core.Ping", None)),
    (b'Char.Vitals {"hp": 3}', ("Char.Vitals", {"hp": 3})),
    (b"Core.Supports.Set []", ("Core.Supports.Set", [])),
    (b'Comm.Say "caf\xc3\xa9"', ("Comm.Say", "caf\u00e9")),
])
def test_parse_gmcp(payload, expected):
    assert parse_gmcp(payload) == expected


@pytest.mark.parametrize("payload, reason", [
    (b"", "GMCP message without a valid package name"),
    (b"Bad\x1bName {}", "GMCP message without a valid package name"),
    (b"Char.Vitals {hp: 3}", "GMCP Char.Vitals with data that is not JSON"),
    (b"Char.Vitals " + b"[" * 100_000, "GMCP Char.Vitals with data that is not JSON"),
])
def test_parse_gmcp_refuses(payload, reason):
    with pytest.raises(WireError, match=reason.replace(".", r"\.")):
        parse_gmcp(payload)


def test_gmcp_payload_is_compact_utf8_json():
    assert gmcp_payload("Comm.Say", {"text": "café"}) == 'Comm.Say {"text":"café"}'.encode()
    assert gmcp_payload("Core.Ping") == b"Core.Ping"
    with pytest.raises(ValueError):
        gmcp_payload("Bad Name", 1)


@pytest.mark.parametrize("request_bytes, choice", [
    (b";UTF-8;ISO-8859-1", ("UTF-8", "UTF-8")),
    (b" koi8-r latin1", ("latin1", "ISO-8859-1")),
    (b",ascii", ("ascii", "US-ASCII")),
    (b"[TTABLE]\x01 UTF-8", ("UTF-8", "UTF-8")),
    (b";KOI8-R;BIG5", None),
    (b";", None),
    (b"", None),
])
def test_choose_charset(request_bytes, choice):
    assert choose_charset(request_bytes) == choice


def test_mssp_payload_repeats_val_for_lists():
    assert mssp_payload({"NAME": "X", "PORT": ["1", "2"]}) == (
        b"\x01NAME\x02X\x01PORT\x021\x022")


@pytest.mark.parametrize("raw, charset, agreed, text", [
    (b"caf\xc3\xa9", "US-ASCII", False, "caf\u00e9"),
    (b"caf\xe9", "US-ASCII", False, "caf\u00e9"),
    (b"caf\xe9", "UTF-8", True, "caf\ufffd"),
    (b"caf\xc3\xa9", "ISO-8859-1", True, "caf\u00c3\u00a9"),
])
def test_decode_line(raw, charset, agreed, text):
    assert decode_line(raw, charset, agreed=agreed) == text
