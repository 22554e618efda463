"""What a client can show, from what it told us: MTTS bits and terminal names.

MTTS (the MUD Terminal Type Standard, tintin.mudhalla.net/protocols/mtts/)
uses three TTYPE rounds: client name, terminal type, then ``"MTTS <bits>"``.
"""

from __future__ import annotations

import enum

from champions_mush.text.markup import ColourLevel

__all__ = ["CLIENT_COLOUR", "MTTS", "colour_from_mtts", "colour_from_names", "is_known_client",
           "parse_mtts"]


class MTTS(enum.IntFlag):
    """MTTS bits (third TTYPE answer)."""

    #: ANSI colours
    ANSI = 1
    #: most VT100 codes
    VT100 = 2
    #: the client uses UTF-8
    UTF8 = 4
    #: xterm 256 colours
    COLOURS_256 = 8
    #: xterm mouse tracking
    MOUSE_TRACKING = 16
    #: OSC colour palette
    OSC_COLOUR_PALETTE = 32
    #: the player uses a screen reader
    SCREEN_READER = 64
    #: a proxy sits between client and server
    PROXY = 128
    #: 24-bit colour
    TRUECOLOUR = 256
    #: MUD New-Environment Standard
    MNES = 512
    #: MUD Server Link Protocol
    MSLP = 1024
    #: the connection uses TLS
    SSL = 2048


def parse_mtts(answer: str) -> int | None:
    """The bit field of a third-round TTYPE answer like ``"MTTS 2825"``, else None."""
    head, _, number = answer.strip().partition(" ")
    if head.upper() != "MTTS" or not number.strip().isdigit():
        return None
    return int(number.strip()) & 0xFFFF


def colour_from_mtts(bits: int) -> ColourLevel:
    """The best colour level the MTTS bits promise."""
    if bits & MTTS.TRUECOLOUR:
        return ColourLevel.TRUECOLOUR
    if bits & MTTS.COLOURS_256:
        return ColourLevel.XTERM256
    if bits & MTTS.ANSI:
        return ColourLevel.ANSI16
    return ColourLevel.NONE


#: Colour by client name, for clients that send no MTTS bits.  Only clients
#: whose colour support is documented are listed.
CLIENT_COLOUR = {
    "MUDLET": ColourLevel.TRUECOLOUR,
    "MUSHCLIENT": ColourLevel.XTERM256,
    "BEIP": ColourLevel.XTERM256,
    "TINTIN++": ColourLevel.TRUECOLOUR,
    "POTATO": ColourLevel.XTERM256,
    "BEIPMU": ColourLevel.XTERM256,
    "BLIGHTMUD": ColourLevel.TRUECOLOUR,
    "ATLANTIS": ColourLevel.XTERM256,
    "CMUD": ColourLevel.XTERM256,
    "ZMUD": ColourLevel.ANSI16,
}


def _base_name(raw: str) -> str:
    return raw.strip().upper().split(" ")[0].split("/")[0]


def is_known_client(name: str) -> bool:
    """True if ``name`` (a TTYPE answer or GMCP client) is a MUD client we know."""
    return _base_name(name) in CLIENT_COLOUR


def colour_from_names(*names: str) -> ColourLevel:
    """The colour level a client name or terminal type implies (best of them)."""
    best = ColourLevel.NONE
    for raw in names:
        name = raw.strip().upper()
        first = _base_name(raw)
        if first in CLIENT_COLOUR:
            level = CLIENT_COLOUR[first]
        elif "TRUECOLOR" in name or "24BIT" in name or "DIRECT" in name:
            level = ColourLevel.TRUECOLOUR
        elif "256" in name:
            level = ColourLevel.XTERM256
        elif name in ("DUMB", "UNKNOWN", "NETWORK", ""):
            level = ColourLevel.NONE
        elif any(k in name for k in ("ANSI", "XTERM", "VT1", "VT2", "LINUX", "SCREEN",
                                     "TMUX", "RXVT", "COLOR", "CYGWIN", "PUTTY")):
            level = ColourLevel.ANSI16
        else:
            level = ColourLevel.NONE
        best = max(best, level)
    return best
