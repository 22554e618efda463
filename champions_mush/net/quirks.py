"""One-line fixes for known client quirks, for ``+client`` to show.

Each hint names the client, says what is off and how to fix it in one line.
The quirks come from docs/clients.md (what each client negotiates with us).
"""

from __future__ import annotations

from collections.abc import Callable

from champions_mush.net.telnet import PromptMark, TelnetConnection
from champions_mush.text.markup import ColourLevel

from ..values import frozen

__all__ = ["QUIRKS", "Quirk", "client_hints"]


@frozen
class Quirk:
    """A hint shown when ``client`` (a base client name, "" for any) matches and ``applies``."""

    client: str
    applies: Callable[[TelnetConnection], bool]
    hint: str


def _not_utf8(conn: TelnetConnection) -> bool:
    return conn.charset != "UTF-8" and conn.charset_override is None


def _plain_terminal(conn: TelnetConnection) -> bool:
    return not conn.client_name and bool(conn.terminal_type) and _not_utf8(conn)


def _negotiated_nothing(conn: TelnetConnection) -> bool:
    return (conn.colour is ColourLevel.NONE and conn.colour_override is None
            and not conn.terminal_type and not conn.screen_reader)


def _screen_reader(conn: TelnetConnection) -> bool:
    return conn.screen_reader and conn.colour_override is None


#: Known quirks, most useful first.
QUIRKS = (
    Quirk("MUDLET", _not_utf8,
          "Mudlet: untick 'Force CHARSET negotiation off' or set the server encoding to UTF-8."),
    Quirk("MUSHCLIENT", _not_utf8,
          "MUSHclient: tick 'UTF-8 (Unicode)' in the world's output settings, then reconnect."),
    Quirk("MUSHCLIENT", lambda conn: not conn.gmcp,
          "MUSHclient: GMCP data needs a GMCP plugin."),
    Quirk("MUSHCLIENT", lambda conn: conn.prompt_mark is PromptMark.GA,
          "MUSHclient: tick 'Convert IAC EOR/GA to new line' to get prompts on their own line."),
    Quirk("TINTIN++", _not_utf8, "TinTin++: #config {charset} {UTF-8}, then reconnect."),
    Quirk("POTATO", _not_utf8,
          "Potato: tick 'Negotiate Encoding' in the world's Telnet settings, then reconnect."),
    Quirk("POTATO", lambda conn: conn.prompt_mark is PromptMark.GA,
          "Potato: tick 'Handle GA/EOR Prompts' in the world's Telnet settings to see prompts."),
    Quirk("BEIPMU", _not_utf8,
          "BeipMU: set this world's encoding to UTF-8, or set the same charset with +client/charset utf-8."),
    Quirk("", _plain_terminal,
          "If your terminal is UTF-8, type +client/charset utf-8 for box drawing."),
    Quirk("", _negotiated_nothing,
          "Your client negotiated nothing, so colour is off: turn it on with +client/colour 16."),
    Quirk("", _screen_reader,
          "Screen reader detected, so colour is off: +client/colour 16 turns it on if you want it."),
)


def _base(name: str) -> str:
    return name.strip().upper().split(" ")[0].split("/")[0]


def client_hints(conn: TelnetConnection) -> tuple[str, ...]:
    """The hints that apply to this connection now (none for a well-set-up client)."""
    name = _base(conn.client_name)
    if name == "BEIP":
        name = "BEIPMU"
    return tuple(q.hint for q in QUIRKS if q.client in ("", name) and q.applies(conn))
