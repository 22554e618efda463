"""The telnet options we speak: one policy module each, and the table the core reads.

Adding an option is one new module with its :class:`~.policy.OptionPolicy` and one line here.
Offers go out at connection start in this order.
"""

from __future__ import annotations

from . import basic, charset, gmcp, mccp2, mssp, naws, ttype
from .policy import OptionPolicy

__all__ = ["OPTIONS", "OptionPolicy"]

OPTIONS: tuple[OptionPolicy, ...] = (
    ttype.POLICY,    # RFC 1091 + MTTS: client name, terminal, colour bits
    naws.POLICY,     # RFC 1073: window size
    charset.POLICY,  # RFC 2066: UTF-8 / ISO-8859-1 / US-ASCII
    basic.EOR,       # RFC 885: prompts marked with IAC EOR
    gmcp.POLICY,     # GMCP: JSON messages both ways
    mssp.POLICY,     # MSSP: game status for crawlers
    mccp2.POLICY,    # MCCP2: compressed output
    basic.SGA,       # RFC 858: no Go-Ahead
    basic.ECHO,      # RFC 857: only while a password is typed
)
