"""TTYPE (RFC 1091) with MTTS's three rounds: client name, terminal type, ``MTTS <bits>``
(tintin.mudhalla.net/protocols/mtts/)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import attrs

from ...values import define
from ..capabilities import parse_mtts
from ..events import TerminalType
from ..wire import TTYPE_IS, TTYPE_SEND, Option, clean_name
from .policy import OptionPolicy, always

if TYPE_CHECKING:
    from ..telnet import TelnetConnection

__all__ = ["POLICY", "TTYPE_ROUNDS", "TTypeState"]

#: How many TTYPE SEND rounds we ask for (MTTS: name, terminal, bits).
TTYPE_ROUNDS = 3
#: TTYPE answers that carry no information (RFC 1091's catch-all names).
_EMPTY_TERMINAL_NAMES = frozenset({"", "UNKNOWN"})
_SEND = bytes((TTYPE_SEND,))


@define
class TTypeState:
    """What the rounds told us so far; at most :data:`TTYPE_ROUNDS` answers are kept."""

    answers: list[str] = attrs.field(factory=list)
    done: bool = False
    #: the first answer (the client's name, or $TERM for a plain terminal)
    name: str = ""
    #: the second answer, "" if not sent
    terminal_type: str = ""
    #: the MTTS bit field, None if the client sent none
    mtts: int | None = None


def _state(conn: TelnetConnection) -> TTypeState:
    return cast(TTypeState, conn.state(Option.TTYPE))  # what this policy's new_state made


def _finish(conn: TelnetConnection) -> None:
    state = _state(conn)
    state.done = True
    conn.emit(TerminalType(conn.client_name, state.terminal_type, state.mtts or 0))


def on_subneg(conn: TelnetConnection, payload: bytes) -> None:
    state = _state(conn)
    if not payload or payload[0] != TTYPE_IS:
        conn.violation("TTYPE subnegotiation that is not IS")
        return
    if state.done:
        return  # a late answer to a round we stopped waiting for
    answer = clean_name(payload[1:])
    if answer.upper() in _EMPTY_TERMINAL_NAMES and state.answers:
        answer = state.answers[-1]  # "UNKNOWN" ends the list like a repeat
    state.answers.append(answer)
    rounds = len(state.answers)
    if rounds == 1:
        state.name = answer
    elif answer == state.answers[-2]:
        if rounds == 2:  # RFC 1091: repeating the last answer means the list is over
            state.terminal_type = answer
        _finish(conn)
        return
    elif rounds == 2:
        state.terminal_type = answer
    else:
        bits = parse_mtts(answer)
        if bits is not None:
            state.mtts = bits
    if rounds >= TTYPE_ROUNDS:
        _finish(conn)
    else:
        conn.send_sb(Option.TTYPE, _SEND)


def _disabled(conn: TelnetConnection, ours: bool) -> None:
    if not _state(conn).done:
        _finish(conn)


POLICY = OptionPolicy(
    Option.TTYPE, "TTYPE", offer_him=always, accept_him=always, handshake=True,
    awaiting=lambda conn: conn.him_enabled(Option.TTYPE) and not _state(conn).done,
    on_enable=lambda conn, ours, asked: conn.send_sb(Option.TTYPE, _SEND),
    on_disable=_disabled, on_subneg=on_subneg, new_state=TTypeState,
)
