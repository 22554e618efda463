"""The PROXY protocol, versions 1 and 2 (HAProxy's "PROXY protocol" specification), sans I/O.

A load balancer or TLS terminator in front of the game opens each connection with one header
saying who the client really is; :class:`ProxyParser` reads it before any telnet byte, so bans
and per-address limits see the player's address, not the proxy's. Only a listener the config
marks as behind a trusted proxy reads it (``proxy_protocol``, ``proxy_from``:
docs/admin-guide.md, "Behind a proxy"); anywhere else the bytes are ordinary input.

    parser = ProxyParser()
    header = parser.receive_data(data)   # None until the header is complete
    header.source                        # "203.0.113.7", or None: use the peer's address
    parser.rest                          # bytes after the header: the client's first telnet bytes

A malformed header raises :class:`ProxyError` (the client side misbehaved: close it).
"""

from __future__ import annotations

import ipaddress
import struct

from ..values import frozen

__all__ = ["MAX_V1_HEADER", "MAX_V2_PAYLOAD", "ProxyError", "ProxyHeader", "ProxyParser", "V2_SIGNATURE"]

#: A version 1 header is at most 107 bytes with its CRLF (the specification's bound).
MAX_V1_HEADER = 107
V1_PREFIX = b"PROXY "
#: Version 2 starts with these 12 bytes, which no text protocol can begin with.
V2_SIGNATURE = b"\r\n\r\n\x00\r\nQUIT\n"
#: Longest version 2 address block and TLVs we read: the addresses need at most 216 bytes (UNIX),
#: the TLVs a proxy adds (ALPN, SSL details, unique id) fit in a few hundred; more is refused
#: rather than buffered.
MAX_V2_PAYLOAD = 4096
_V2_FIXED = 16
#: version 2 families (high nibble of byte 14) -> (address size in bytes, ipaddress class)
_V2_FAMILIES: dict[int, tuple[int, type[ipaddress.IPv4Address | ipaddress.IPv6Address]]] = {
    0x1: (4, ipaddress.IPv4Address), 0x2: (16, ipaddress.IPv6Address)}
_V2_LOCAL, _V2_PROXY = 0x20, 0x21
_V2_UNIX = 0x3
_STREAM = 0x1


class ProxyError(ValueError):
    """The bytes are not a PROXY header we accept; the message says what is wrong."""


@frozen
class ProxyHeader:
    """What the proxy said: the client's address and port, or None for both when the proxy
    speaks for itself (v2 LOCAL, v1 UNKNOWN, a UNIX socket): the connection's own peer stands."""

    version: int
    source: str | None = None
    source_port: int | None = None


class ProxyParser:
    """Reads one PROXY header (v1 or v2) from the start of a stream."""

    def __init__(self) -> None:
        self._buffer = bytearray()
        self.header: ProxyHeader | None = None
        #: bytes received after the header (the client's own first bytes)
        self.rest = b""

    def receive_data(self, data: bytes) -> ProxyHeader | None:
        """Feed bytes; the header once complete (then :attr:`rest` is set), else None.

        Raises:
            ProxyError: the bytes cannot start a header, or the header is malformed or too long.
        """
        if self.header is not None:
            raise ProxyError("the header was already read")
        self._buffer += data
        buffer = bytes(self._buffer)
        if buffer[:1] == b"P":
            found = _v1(buffer)
        elif buffer[:1] == b"\r":
            found = _v2(buffer)
        elif buffer:
            raise ProxyError("the connection did not start with a PROXY header")
        else:
            found = None
        if found is None:
            return None
        self.header, used = found
        self.rest = buffer[used:]
        self._buffer.clear()
        return self.header


def _v1(buffer: bytes) -> tuple[ProxyHeader, int] | None:
    """``PROXY TCP4 <src> <dst> <sport> <dport>\\r\\n`` (or TCP6, or UNKNOWN ...)."""
    if not V1_PREFIX.startswith(buffer[: len(V1_PREFIX)]):
        raise ProxyError("a version 1 header starts with 'PROXY '")
    end = buffer.find(b"\r\n", 0, MAX_V1_HEADER)
    if end < 0:
        if len(buffer) >= MAX_V1_HEADER or b"\n" in buffer[:MAX_V1_HEADER]:
            raise ProxyError("a version 1 header is one line of at most 107 bytes ending in CRLF")
        return None
    try:
        words = buffer[:end].decode("ascii").split(" ")
    except UnicodeDecodeError:
        raise ProxyError("a version 1 header is ASCII") from None
    if len(words) >= 2 and words[1] == "UNKNOWN":
        return ProxyHeader(1), end + 2
    if len(words) != 6 or words[1] not in ("TCP4", "TCP6"):
        raise ProxyError("a version 1 header is PROXY TCP4|TCP6 <source> <destination> <ports>, or PROXY UNKNOWN")
    kind = ipaddress.IPv4Address if words[1] == "TCP4" else ipaddress.IPv6Address
    source = _address(kind, words[2])
    _address(kind, words[3])
    port = _port(words[4])
    _port(words[5])
    return ProxyHeader(1, source, port), end + 2


def _address(kind: type, text: str) -> str:
    try:
        return _plain(kind(text))
    except ValueError:
        raise ProxyError(f"'{text[:45]}' is not an {kind.__name__[:4]} address") from None


def _plain(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    """The address as bans see it: an IPv4-mapped IPv6 address (``::ffff:10.1.2.3``) as IPv4."""
    mapped = getattr(address, "ipv4_mapped", None)
    return str(mapped or address)


def _port(text: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 5 or (len(text) > 1 and text[0] == "0") \
            or int(text) > 65535:
        raise ProxyError(f"'{text[:10]}' is not a port (0 to 65535, no leading zeros)")
    return int(text)


def _v2(buffer: bytes) -> tuple[ProxyHeader, int] | None:
    """The binary header: signature, version and command, family, length, addresses, TLVs."""
    if not V2_SIGNATURE.startswith(buffer[: len(V2_SIGNATURE)]):
        raise ProxyError("not the version 2 signature")
    if len(buffer) < _V2_FIXED:
        return None
    command, family, length = buffer[12], buffer[13], struct.unpack("!H", buffer[14:16])[0]
    if command not in (_V2_LOCAL, _V2_PROXY):
        raise ProxyError(f"version 2 command byte {command:#04x} is neither LOCAL nor PROXY")
    if length > MAX_V2_PAYLOAD:
        raise ProxyError(f"a version 2 header of {length} bytes is longer than we read ({MAX_V2_PAYLOAD})")
    if len(buffer) < _V2_FIXED + length:
        return None
    used = _V2_FIXED + length
    if command == _V2_LOCAL:
        return ProxyHeader(2), used  # the proxy's own connection (a health check)
    return _v2_addresses(family, buffer[_V2_FIXED:used]), used


def _v2_addresses(family: int, payload: bytes) -> ProxyHeader:
    kind, transport = family >> 4, family & 0x0F
    if family == 0x00 or kind == _V2_UNIX:
        return ProxyHeader(2)  # no IP address to give: the peer's stands
    if kind not in _V2_FAMILIES or transport != _STREAM:
        raise ProxyError(f"version 2 family byte {family:#04x} is not TCP over IPv4 or IPv6")
    size, address_class = _V2_FAMILIES[kind]
    if len(payload) < 2 * size + 4:
        raise ProxyError(f"a version 2 {address_class.__name__[:4]} header needs {2 * size + 4} bytes of addresses")
    source = _plain(address_class(payload[:size]))
    port = struct.unpack("!H", payload[2 * size: 2 * size + 2])[0]
    return ProxyHeader(2, source, port)
