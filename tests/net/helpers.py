"""Byte builders and a fake client for driving the telnet core bytes in, bytes out."""

from __future__ import annotations

import zlib

from champions_mush.net.telnet import TelnetConnection

IAC, DONT, DO, WONT, WILL, SB, GA, EL, EC, AYT = 255, 254, 253, 252, 251, 250, 249, 248, 247, 246
NOP, SE, EOR = 241, 240, 239
ECHO, SGA, TTYPE, EOR_OPT, NAWS, CHARSET, MSSP, MCCP2, MCCP3, GMCP = (
    1, 3, 24, 25, 31, 42, 70, 86, 87, 201)

#: What :meth:`TelnetConnection.start` sends, byte for byte.
OPENING = bytes([
    IAC, DO, TTYPE, IAC, DO, NAWS, IAC, WILL, CHARSET, IAC, WILL, EOR_OPT,
    IAC, WILL, GMCP, IAC, WILL, MSSP, IAC, WILL, MCCP2,
])
MCCP2_START = bytes([IAC, SB, MCCP2, IAC, SE])
TTYPE_SEND = bytes([IAC, SB, TTYPE, 1, IAC, SE])
CHARSET_REQUEST = bytes([IAC, SB, CHARSET, 1]) + b";UTF-8;ISO-8859-1;US-ASCII" + bytes([IAC, SE])


def cmd(verb: int, option: int) -> bytes:
    """``IAC <verb> <option>``."""
    return bytes([IAC, verb, option])


def sb(option: int, payload: bytes) -> bytes:
    """``IAC SB <option> <payload, IAC doubled> IAC SE``."""
    return bytes([IAC, SB, option]) + payload.replace(b"\xff", b"\xff\xff") + bytes([IAC, SE])


def naws(width: int, height: int) -> bytes:
    return sb(NAWS, width.to_bytes(2, "big") + height.to_bytes(2, "big"))


def ttype_is(name: str) -> bytes:
    return sb(TTYPE, b"\x00" + name.encode("ascii"))


def gmcp(text: str) -> bytes:
    return sb(GMCP, text.encode("utf-8"))


class FakeClient:
    """The client's end of one connection: feeds bytes to a core, reads what it sent.

    ``received`` holds everything the server sent, decompressed past the
    MCCP2 start marker, as a real client would see it.
    """

    def __init__(self, conn: TelnetConnection | None = None, **options) -> None:
        self.conn = conn if conn is not None else TelnetConnection(**options)
        self.received = bytearray()
        self.events: list = []
        self._inflater: zlib._Decompress | None = None
        self.stream_ended = False

    def start(self) -> bytes:
        self.conn.start()
        return self.read()

    def send(self, data: bytes, *, chunk: int | None = None) -> bytes:
        """Feed ``data`` (in pieces of ``chunk`` bytes if given); return what came back."""
        step = chunk or max(1, len(data))
        for i in range(0, len(data), step):
            self.conn.receive_data(data[i:i + step])
        self.events.extend(self.conn.next_events())
        return self.read()

    def read(self) -> bytes:
        """Drain the server's output, decompressing like an MCCP2 client."""
        raw = self.conn.data_to_send()
        out = bytearray()
        while raw:
            if self._inflater is None:
                start = raw.find(MCCP2_START)
                if start < 0:
                    out += raw
                    break
                out += raw[:start + len(MCCP2_START)]
                raw = raw[start + len(MCCP2_START):]
                self._inflater = zlib.decompressobj()
            else:
                out += self._inflater.decompress(raw)
                if self._inflater.eof:
                    self.stream_ended = True
                    raw = self._inflater.unused_data
                    self._inflater = None
                else:
                    raw = b""
        self.received += out
        return bytes(out)

    def take_events(self) -> list:
        events, self.events = self.events, []
        return events
