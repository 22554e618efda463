"""One telnet option's behaviour as one declarative record (docs/clients.md, "Options").

A :class:`OptionPolicy` says who offers the option at connection start, whether we agree when
the client asks, which answers the welcome waits for, and what happens when the option is
enabled, disabled, refused or subnegotiated. The negotiation itself (RFC 1143's Q method,
:mod:`..qmethod`) is the same for every option and lives in the telnet core. A hook gets the
:class:`~champions_mush.net.telnet.TelnetConnection` and uses its small public surface
(``emit``, ``violation``, ``send_sb``, ``ask``, ``state``, ...).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from ...values import frozen
from ..wire import WireError

if TYPE_CHECKING:
    from ..telnet import TelnetConnection

__all__ = ["OptionPolicy", "always", "never", "nothing", "read"]

T = TypeVar("T")


def always(conn: TelnetConnection) -> bool:
    return True


def never(conn: TelnetConnection) -> bool:
    return False


def nothing(conn: TelnetConnection, *args: object) -> None:
    return None


def read(conn: TelnetConnection, parse: Callable[[bytes], T], payload: bytes) -> T | None:
    """``parse(payload)``; None, with the violation reported, when the payload cannot be read."""
    try:
        return parse(payload)
    except WireError as exc:
        conn.violation(str(exc))
        return None


@frozen
class OptionPolicy:
    """What one option does. ``us`` is the server performing it (WILL/WONT), ``him`` the client
    (DO/DONT asks it)."""

    code: int
    name: str
    #: we offer WILL (``offer_us``) or DO (``offer_him``) at start when this says so
    offer_us: Callable[[TelnetConnection], bool] = never
    offer_him: Callable[[TelnetConnection], bool] = never
    #: when the client asks, we agree to perform it / to let the client perform it
    accept_us: Callable[[TelnetConnection], bool] = never
    accept_him: Callable[[TelnetConnection], bool] = never
    #: its answer shapes the output (colour, width, charset, prompts): the welcome waits for it
    handshake: bool = False
    #: after it is on, more answers awaited (TTYPE rounds, a CHARSET REQUEST): the welcome waits
    awaiting: Callable[[TelnetConnection], bool] = never
    #: ``on_enable(conn, ours, we_asked)``: the option just went on
    on_enable: Callable[[TelnetConnection, bool, bool], None] = nothing
    #: ``on_disable(conn, ours)``: the option just went off
    on_disable: Callable[[TelnetConnection, bool], None] = nothing
    #: ``on_refuse(conn, ours)``: the client said no to our offer
    on_refuse: Callable[[TelnetConnection, bool], None] = nothing
    #: ``on_subneg(conn, payload)``; None: a subnegotiation of this option is a violation
    on_subneg: Callable[[TelnetConnection, bytes], None] | None = None
    #: a fresh per-connection state (``conn.state(code)``), or None when it keeps none
    new_state: Callable[[], object] | None = None
    #: clients answer it late or never (ECHO): an answer to no request is not a violation
    late_answers: bool = False
