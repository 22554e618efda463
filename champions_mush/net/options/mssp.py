"""MSSP (option 70, MUD Server Status Protocol): the game's name, players and features, sent
when a crawler or client agrees to our WILL MSSP."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..wire import Option, mssp_payload
from .policy import OptionPolicy

if TYPE_CHECKING:
    from ..telnet import TelnetConnection

__all__ = ["POLICY", "variables"]


def variables(conn: TelnetConnection) -> dict[str, str | list[str]]:
    """The protocol flags we really support, then the game's own variables."""
    found: dict[str, str | list[str]] = {
        "ANSI": "1", "UTF-8": "1", "XTERM 256 COLORS": "1", "XTERM TRUE COLORS": "1",
        "GMCP": "1" if conn.offer_gmcp else "0", "MCCP": "1" if conn.offer_mccp else "0",
        "MSDP": "0", "MSP": "0", "MXP": "0", "PUEBLO": "0", "VT100": "0", "MCP": "0",
    }
    found.update(conn.mssp_source() if conn.mssp_source else {})
    return found


def _offered(conn: TelnetConnection) -> bool:
    return conn.mssp_source is not None


POLICY = OptionPolicy(
    Option.MSSP, "MSSP", offer_us=_offered, accept_us=_offered,
    on_enable=lambda conn, ours, asked: conn.send_sb(Option.MSSP, mssp_payload(variables(conn))),
)
