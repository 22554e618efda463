"""MCCP2 (option 86): the server's output zlib-compressed from IAC SB MCCP2 IAC SE on."""

from __future__ import annotations

from ..wire import Option
from .policy import OptionPolicy

__all__ = ["POLICY"]

POLICY = OptionPolicy(
    Option.MCCP2, "MCCP2",
    offer_us=lambda conn: conn.offer_mccp, accept_us=lambda conn: conn.offer_mccp,
    on_enable=lambda conn, ours, asked: conn.start_compression(),
    on_disable=lambda conn, ours: conn.stop_compression(),
)
