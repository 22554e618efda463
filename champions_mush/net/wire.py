"""Telnet on the wire: codes, and the pure functions that read and write payloads.

Everything here is stateless; :mod:`.telnet` keeps the state and calls these.
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Mapping

from champions_mush.text import markup
from champions_mush.text.markup import ColourLevel

__all__ = [
    "MAX_NAME_CHARS",
    "OFFERED_CHARSETS",
    "Option",
    "WireError",
    "charset_name",
    "choose_charset",
    "clean_line",
    "clean_name",
    "decode_line",
    "encode_text",
    "gmcp_payload",
    "mssp_payload",
    "parse_gmcp",
    "parse_naws",
]

# Telnet commands (RFC 854; EOR from RFC 885).
IAC, DONT, DO, WONT, WILL, SB, GA, EL, EC, AYT = 255, 254, 253, 252, 251, 250, 249, 248, 247, 246
AO, IP, BRK, DM, NOP, SE, EOR = 245, 244, 243, 242, 241, 240, 239
NUL, LF, CR = 0, 10, 13

# Subnegotiation codes.
TTYPE_IS, TTYPE_SEND = 0, 1                                     # RFC 1091
CHARSET_REQUEST, CHARSET_ACCEPTED, CHARSET_REJECTED = 1, 2, 3   # RFC 2066
CHARSET_TTABLE_IS, CHARSET_TTABLE_REJECTED = 4, 5
MSSP_VAR, MSSP_VAL = 1, 2


class Option(enum.IntEnum):
    """Telnet option codes we know by name."""

    #: RFC 856
    BINARY = 0
    #: RFC 857
    ECHO = 1
    #: RFC 858
    SGA = 3
    #: RFC 1091 (and MTTS)
    TTYPE = 24
    #: RFC 885
    EOR = 25
    #: RFC 1073
    NAWS = 31
    #: RFC 1184
    LINEMODE = 34
    #: RFC 1572 (and MNES)
    NEW_ENVIRON = 39
    #: RFC 2066
    CHARSET = 42
    #: MUD Server Data Protocol (not supported)
    MSDP = 69
    #: MUD Server Status Protocol
    MSSP = 70
    #: MUD Client Compression Protocol v2
    MCCP2 = 86
    #: MCCP v3, client-to-server compression (not supported)
    MCCP3 = 87
    #: Generic MUD Communication Protocol
    GMCP = 201


class WireError(ValueError):
    """A payload from the client that cannot be read; the message says why."""


#: Longest TTYPE answer or GMCP client name kept (they are shown in +client).
MAX_NAME_CHARS = 64

#: Charsets we offer in our CHARSET REQUEST, most preferred first.  All three
#: are really implemented by :func:`encode_text` and :func:`decode_line`.
OFFERED_CHARSETS = ("UTF-8", "ISO-8859-1", "US-ASCII")

_CHARSET_ALIASES = {
    "UTF-8": "UTF-8", "UTF8": "UTF-8",
    "ISO-8859-1": "ISO-8859-1", "ISO_8859-1": "ISO-8859-1", "ISO8859-1": "ISO-8859-1",
    "ISO-8859-1:1987": "ISO-8859-1", "LATIN1": "ISO-8859-1", "LATIN-1": "ISO-8859-1",
    "L1": "ISO-8859-1", "US-ASCII": "US-ASCII", "ASCII": "US-ASCII",
    "ANSI_X3.4-1968": "US-ASCII",
}

_GMCP_PACKAGE = re.compile(r"[A-Za-z0-9_.\-]{1,100}\Z")


def charset_name(text: str) -> str | None:
    """Our name for a charset (``UTF-8``, ``ISO-8859-1``, ``US-ASCII``), None if unsupported."""
    return _CHARSET_ALIASES.get(text.strip().upper())


def choose_charset(request: bytes) -> tuple[str, str] | None:
    """Pick from a client's CHARSET REQUEST (the bytes after the REQUEST code).

    Returns:
        ``(name as the client spelled it, our name)`` for its first choice we
        support, or None.  A ``[TTABLE]`` prefix is skipped (we use no tables).
    """
    if request.startswith(b"[TTABLE]"):
        request = request[9:]  # "[TTABLE]" and its version octet
    if len(request) < 2:
        return None
    separator = request[:1]
    for raw in request[1:].split(separator):
        spelled = raw.decode("ascii", "replace").strip()
        ours = charset_name(spelled)
        if ours is not None:
            return spelled, ours
    return None


def parse_naws(payload: bytes) -> tuple[int, int]:
    """Width and height from a NAWS payload (RFC 1073: two 16-bit numbers)."""
    if len(payload) != 4:
        raise WireError(f"NAWS with {len(payload)} bytes instead of 4")
    return int.from_bytes(payload[:2], "big"), int.from_bytes(payload[2:], "big")


def parse_gmcp(payload: bytes) -> tuple[str, object]:
    """``(package, data)`` from a GMCP payload ``Package.Name <json>``; data None if absent."""
    package, _, body = payload.decode("utf-8", "replace").strip().partition(" ")
    if not _GMCP_PACKAGE.match(package):
        raise WireError("GMCP message without a valid package name")
    if not body.strip():
        return package, None
    try:
        return package, json.loads(body)
    except (ValueError, RecursionError):
        raise WireError(f"GMCP {package} with data that is not JSON") from None


def gmcp_payload(package: str, data: object = None) -> bytes:
    """A GMCP payload: the package name, then compact JSON if there is data.

    Raises:
        ValueError: the package name is malformed or ``data`` is not JSON.
    """
    if not _GMCP_PACKAGE.match(package):
        raise ValueError(f"GMCP package name {package!r} is malformed")
    if data is None:
        return package.encode("utf-8")
    try:
        body = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"GMCP data for {package} is not JSON: {exc}") from None
    return f"{package} {body}".encode()


def mssp_payload(variables: Mapping[str, str | list[str]]) -> bytes:
    """The MSSP subnegotiation body: ``VAR name VAL value [VAL value...]`` per variable."""
    payload = bytearray()
    for name, value in variables.items():
        payload += bytes((MSSP_VAR,)) + _mssp_bytes(name)
        for item in [value] if isinstance(value, str) else value:
            payload += bytes((MSSP_VAL,)) + _mssp_bytes(str(item))
    return bytes(payload)


def _mssp_bytes(text: str) -> bytes:
    # MSSP_VAR, MSSP_VAL, NUL and IAC cannot appear inside a name or value.
    return bytes(b for b in text.encode("utf-8") if b not in (NUL, MSSP_VAR, MSSP_VAL, IAC))


def encode_text(text: str, colour: ColourLevel, charset: str) -> bytes:
    """Text for the wire: markup rendered, controls removed, CRLF, charset, IAC doubled."""
    rendered = markup.render(markup.strip_controls(text), colour).replace("\n", "\r\n")
    if charset == "UTF-8":
        raw = rendered.encode("utf-8")
    elif charset == "ISO-8859-1":
        raw = "".join(c if ord(c) < 256 else markup.to_ascii(c) for c in rendered).encode(
            "latin-1", "replace")
    else:
        raw = markup.to_ascii(rendered).encode("ascii", "replace")
    return raw.replace(b"\xff", b"\xff\xff")


def decode_line(raw: bytes, charset: str, *, agreed: bool) -> str:
    """Decode a received line.

    UTF-8 is tried first unless Latin-1 was chosen; bytes that are not UTF-8
    are read as Latin-1 (old clients send it unannounced) unless the client
    agreed to UTF-8 (``agreed``), when they become U+FFFD.
    """
    if charset == "ISO-8859-1":
        return raw.decode("latin-1")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        if agreed and charset == "UTF-8":
            return raw.decode("utf-8", "replace")
        return raw.decode("latin-1")


def clean_line(text: str) -> str:
    """A received line made safe to show others.

    Backspace and DEL erase the character before them; escape sequences,
    control characters and bidirectional overrides are removed; tabs become
    spaces.
    """
    if "\x08" in text or "\x7f" in text:
        kept: list[str] = []
        for ch in text:
            if ch in "\x08\x7f":
                if kept:
                    kept.pop()
            else:
                kept.append(ch)
        text = "".join(kept)
    return markup.strip_controls(text).replace("\t", " ")


def clean_name(raw: bytes) -> str:
    """A client or terminal name, cleaned and cut to :data:`MAX_NAME_CHARS`."""
    text = markup.strip_controls(raw.decode("utf-8", "replace")).replace("\t", " ")
    return text.strip()[:MAX_NAME_CHARS]
