"""+client hints for known client quirks, from the recorded and reconstructed handshakes."""

from __future__ import annotations

import pytest

from champions_mush.net.quirks import client_hints
from champions_mush.text.markup import ColourLevel

from . import transcripts
from .test_conformance import replay

HINTS = {
    "Mudlet 4.17": (),
    "MUSHclient 5": (
        "MUSHclient: GMCP data needs a GMCP plugin.",
        "MUSHclient: tick 'Convert IAC EOR/GA to new line' to get prompts on their own line."),
    "TinTin++ 2.02": (),
    "BeipMU": (),
    "Potato 2": (
        "Potato: tick 'Handle GA/EOR Prompts' in the world's Telnet settings to see prompts.",),
    "telnet (Debian inetutils)": (
        "If your terminal is UTF-8, type +client/charset utf-8 for box drawing.",),
    "raw socket (nc)": (
        "Your client negotiated nothing, so colour is off: turn it on with +client/colour 16.",),
}


@pytest.mark.parametrize("transcript", transcripts.ALL, ids=[t.name for t in transcripts.ALL])
def test_hints_after_each_handshake(transcript):
    assert client_hints(replay(transcript).conn) == HINTS[transcript.name]


def test_an_override_silences_the_charset_hint():
    conn = replay(transcripts.TELNET).conn
    conn.charset_override = "UTF-8"
    assert client_hints(conn) == ()


def test_screen_reader_hint_until_colour_is_chosen():
    conn = replay(transcripts.MUDLET).conn
    conn.screen_reader_override = True
    assert client_hints(conn) == (
        "Screen reader detected, so colour is off: +client/colour 16 turns it on if you want it.",)
    conn.colour_override = ColourLevel.ANSI16
    assert client_hints(conn) == ()
