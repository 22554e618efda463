"""Options with no subnegotiation: SGA (RFC 858), ECHO (RFC 857) and EOR (RFC 885).

SGA: the client may suppress Go-Ahead and so may we (then prompts carry no GA). ECHO: we
offer it only while input is hidden (password entry; ``hide_input``), and clients answer it
late or never (MUSHclient, TinTin++). EOR: we offer it so prompts end with IAC EOR.
"""

from __future__ import annotations

from ..wire import Option
from .policy import OptionPolicy, always

__all__ = ["ECHO", "EOR", "SGA"]

SGA = OptionPolicy(Option.SGA, "SGA", accept_us=always, accept_him=always)
ECHO = OptionPolicy(Option.ECHO, "ECHO", accept_us=lambda conn: conn.input_hidden, late_answers=True)
EOR = OptionPolicy(Option.EOR, "EOR", offer_us=always, accept_us=always, handshake=True)
