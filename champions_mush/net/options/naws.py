"""NAWS (RFC 1073): the client's window size, reported again on every resize."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...text.format import DEFAULT_HEIGHT, DEFAULT_WIDTH
from ..events import WindowSize
from ..wire import Option, parse_naws
from .policy import OptionPolicy, always, read

if TYPE_CHECKING:
    from ..telnet import TelnetConnection

__all__ = ["MAX_WINDOW", "POLICY"]

#: Largest window we believe; bigger NAWS values are clamped.
MAX_WINDOW = 1000


def on_subneg(conn: TelnetConnection, payload: bytes) -> None:
    size = read(conn, parse_naws, payload)
    if size is None:
        return
    width, height = size
    width = min(width, MAX_WINDOW) if width else DEFAULT_WIDTH
    height = min(height, MAX_WINDOW) if height else DEFAULT_HEIGHT
    first = not conn.naws
    conn.naws = True
    if first or (width, height) != (conn.width, conn.height):
        conn.width, conn.height = width, height
        conn.emit(WindowSize(width, height))


POLICY = OptionPolicy(Option.NAWS, "NAWS", offer_him=always, accept_him=always, handshake=True,
                      on_subneg=on_subneg)
