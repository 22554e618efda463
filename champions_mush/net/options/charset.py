"""CHARSET (RFC 2066): we WILL CHARSET and send the REQUEST offering UTF-8, ISO-8859-1 and
US-ASCII (all three really implemented). A client that refuses our WILL is asked DO CHARSET
instead (MUSHclient's way round: it answers WILL, then waits for our REQUEST)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...values import define
from ..events import CharsetChanged
from ..wire import (
    CHARSET_ACCEPTED,
    CHARSET_REJECTED,
    CHARSET_REQUEST,
    CHARSET_TTABLE_IS,
    CHARSET_TTABLE_REJECTED,
    OFFERED_CHARSETS,
    Option,
    charset_name,
    choose_charset,
)
from .policy import OptionPolicy, always

if TYPE_CHECKING:
    from ..telnet import TelnetConnection

__all__ = ["CharsetState", "POLICY"]

_REQUEST = bytes((CHARSET_REQUEST,)) + (";" + ";".join(OFFERED_CHARSETS)).encode("ascii")
_REJECTED = bytes((CHARSET_REJECTED,))


@define
class CharsetState:
    #: our REQUEST is out, its answer awaited
    requested: bool = False
    #: the charset both sides agreed, None until they do
    agreed: str | None = None


def _state(conn: TelnetConnection) -> CharsetState:
    return cast(CharsetState, conn.state(Option.CHARSET))  # what this policy's new_state made


def _peek(conn: TelnetConnection) -> CharsetState:
    return cast(CharsetState, conn.peek(Option.CHARSET))  # or the stand-in with its fields


def _request(conn: TelnetConnection) -> None:
    state = _state(conn)
    if state.agreed is None and not state.requested:
        state.requested = True
        conn.send_sb(Option.CHARSET, _REQUEST)


def _agree(conn: TelnetConnection, name: str) -> None:
    state = _state(conn)
    if name != state.agreed:
        state.agreed = name
        conn.emit(CharsetChanged(name))


def _enabled(conn: TelnetConnection, ours: bool, we_asked: bool) -> None:
    # RFC 2066 lets only the WILL side send REQUEST, so a client that offers WILL CHARSET
    # itself will ask; one that says WILL only because we said DO (MUSHclient) waits for ours.
    if ours or we_asked:
        _request(conn)


def _disabled(conn: TelnetConnection, ours: bool) -> None:
    if not (conn.us_enabled(Option.CHARSET) or conn.him_enabled(Option.CHARSET)):
        _state(conn).requested = False


def _refused(conn: TelnetConnection, ours: bool) -> None:
    if ours and _peek(conn).agreed is None:
        conn.ask(False, Option.CHARSET, True)


def on_subneg(conn: TelnetConnection, payload: bytes) -> None:
    state = _state(conn)
    if not payload:
        conn.violation("empty CHARSET subnegotiation")
        return
    code, rest = payload[0], payload[1:]
    if code == CHARSET_REQUEST:
        choice = None if state.requested else choose_charset(rest)
        if choice is None:  # RFC 2066: when both sides ask at once, the server's request wins
            conn.send_sb(Option.CHARSET, _REJECTED)
            return
        spelled, name = choice
        conn.send_sb(Option.CHARSET, bytes((CHARSET_ACCEPTED,)) + spelled.encode("ascii"))
        _agree(conn, name)
    elif code == CHARSET_ACCEPTED:
        accepted = charset_name(rest.decode("ascii", "replace"))
        if not state.requested or accepted is None:
            conn.violation("CHARSET ACCEPTED of something we did not offer")
            return
        state.requested = False
        _agree(conn, accepted)
    elif code == CHARSET_REJECTED:
        state.requested = False
    elif code == CHARSET_TTABLE_IS:
        conn.send_sb(Option.CHARSET, bytes((CHARSET_TTABLE_REJECTED,)))
    else:
        conn.violation(f"CHARSET subnegotiation code {code}")


POLICY = OptionPolicy(
    Option.CHARSET, "CHARSET", offer_us=always, accept_us=always, accept_him=always,
    handshake=True, awaiting=lambda conn: _peek(conn).requested,
    on_enable=_enabled, on_disable=_disabled, on_refuse=_refused, on_subneg=on_subneg,
    new_state=CharsetState,
)
