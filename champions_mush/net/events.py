"""Events the telnet core hands to its adapter (see :mod:`champions_mush.net.telnet`).

Each is a frozen value; the adapter drains them with
``TelnetConnection.next_events()`` after every ``receive_data()``.
"""

from __future__ import annotations

from ..values import frozen

__all__ = [
    "CharsetChanged",
    "Closed",
    "Event",
    "GMCPMessage",
    "HandshakeComplete",
    "LineReceived",
    "LineTooLong",
    "OptionRefused",
    "ProtocolViolation",
    "TerminalType",
    "WindowSize",
]


@frozen
class LineReceived:
    """A line the player typed, decoded and cleaned of control characters and escapes."""

    text: str


@frozen
class WindowSize:
    """The client's window size (NAWS, RFC 1073); sent again on every resize."""

    width: int
    height: int


@frozen
class TerminalType:
    """The TTYPE/MTTS rounds are over: what the client said it is.

    ``mtts`` is the MTTS bit field (0 when the client did not send one).
    """

    client_name: str
    terminal_type: str
    mtts: int


@frozen
class CharsetChanged:
    """Client and server agreed on a character set (CHARSET, RFC 2066)."""

    charset: str


@frozen
class GMCPMessage:
    """A GMCP message from the client; ``data`` is the decoded JSON (None if absent)."""

    package: str
    data: object = None


@frozen
class OptionRefused:
    """The client said no to an option we offered or asked for (never fatal)."""

    option: int


@frozen
class ProtocolViolation:
    """The client sent something that makes no sense; it was ignored and counted."""

    reason: str


@frozen
class LineTooLong:
    """A line went past ``limit`` bytes (the core's limit; the game counts characters); the
    whole line was thrown away."""

    limit: int


@frozen
class HandshakeComplete:
    """Every option we offered at ``start()`` has been answered (sent once).

    Colour level, charset and width are as good as they will get: a good
    moment to show the welcome screen.
    """


@frozen
class Closed:
    """The client closed the connection (``receive_data(b"")``)."""


Event = (
    LineReceived | WindowSize | TerminalType | CharsetChanged | GMCPMessage
    | OptionRefused | ProtocolViolation | LineTooLong | HandshakeComplete | Closed
)
