"""A telnet connection as the game sees it: output rendered through the telnet core.

The core (:mod:`champions_mush.net.telnet`) renders markup for what the client negotiated,
writes CRLF and doubles IAC; this session adds the player's own colour switch (``+colour off``)
and ``+client`` settings (:meth:`TelnetSession.apply_client_settings`, reported back by
:meth:`TelnetSession.client_report`) and hands the bytes to its protocol, which owns the socket.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, Protocol

from ..game.gmcp import GMCP_MESSAGES
from ..game.session import Session
from ..text.aloud import linear
from ..text.markup import ColourLevel
from ..text.render import RenderCache
from .quirks import client_hints
from .telnet import EMPTY, LocalProtocolError, Option, PromptMark, TelnetConnection
from .wire import encode_text

__all__ = ["GMCP_PACKAGES", "GMCP_SENT", "SharedRenderConnection", "TelnetSession", "render_line"]

log = logging.getLogger("champions_mush.net")


def render_line(text: str, kind: tuple[ColourLevel, str] | tuple[ColourLevel, str, bool]) -> bytes:
    """A message's bytes for a kind of client, (colour level, charset[, screen reader]), with its line end:
    what the server's :class:`~champions_mush.text.render.RenderCache` keeps (one per
    server, :attr:`MushFactory.rendered`), so a say to a crowded room is rendered once per
    kind and the bytes shared by every listener of that kind."""
    if len(kind) > 2:  # a screen reader's kind: (colour, charset, True)
        text = linear(text)
    return encode_text(text, kind[0], kind[1]) + b"\r\n"


def _resetting(name: str) -> property:
    """An override attribute (a slot or property of the core) that forgets the remembered
    style when set (``+client`` changes)."""
    base = vars(TelnetConnection)[name]

    def fget(self):
        return base.__get__(self, type(self))

    def fset(self, value) -> None:
        base.__set__(self, value)
        self.forget_style()

    return property(fget, fset)


#: every (colour level, charset) and render kind seen, one tuple each, shared by the
#: connections of that kind
_STYLES: dict[tuple, tuple] = {}


class SharedRenderConnection(TelnetConnection):
    """The telnet core taking text already rendered for its kind of client.

    Encoding depends only on the text, the colour level and the charset
    (:func:`~champions_mush.net.wire.encode_text` is pure), so every client with the same two
    shares one rendering of a message (``rendered``: the server's cache of
    :func:`render_line`): a ``say`` to 500 people is rendered once per kind of client, not
    500 times. The client's (colour, charset) is remembered between messages: it changes only
    when the client negotiates (:meth:`receive_data`) or an override is set.

    Args:
        rendered: the cache shared by the server's connections.
        **options: as :class:`TelnetConnection`.
    """

    __slots__ = ("_kinds", "_style", "rendered")

    def __init__(self, *, rendered: RenderCache, **options: Any) -> None:
        self._style: tuple[ColourLevel, str] | None = None
        #: :meth:`render_kind` with colour off and on, remembered with the style
        self._kinds: tuple[tuple, tuple] | None = None
        super().__init__(**options)
        self.rendered = rendered
    colour_override = _resetting("colour_override")
    charset_override = _resetting("charset_override")
    screen_reader_override = _resetting("screen_reader_override")

    def receive_data(self, data: bytes) -> None:
        if self.negotiates(data):  # only negotiation changes colour, charset or screen reader
            self.forget_style()
        super().receive_data(data)

    def forget_style(self) -> None:
        """The client negotiated or an override changed: work out its style again when next asked."""
        self._style = self._kinds = None

    def style(self) -> tuple[ColourLevel, str]:
        """(colour level, charset) for this client now."""
        style = self._style
        if style is None:
            style = (self.colour, self.charset)
            style = self._style = _STYLES.setdefault(style, style)
        return style

    def render_kind(self, colour: bool) -> tuple[ColourLevel, str] | tuple[ColourLevel, str, bool]:
        """(colour level, charset), no colour when ``colour`` is off, and a third member, True, for
        a screen reader (its text is read through text/aloud.py). Remembered with the style: a
        crowded room's arrival lines ask it of every listener."""
        kinds = self._kinds
        if kinds is None:
            style = self.style()
            plain: tuple = (ColourLevel.NONE, style[1])
            coloured: tuple = style
            if self.screen_reader:
                plain, coloured = (*plain, True), (*style, True)
            kinds = self._kinds = (_STYLES.setdefault(plain, plain), _STYLES.setdefault(coloured, coloured))
        return kinds[colour]

    def reads_aloud(self) -> bool:
        """:attr:`screen_reader`, remembered with the style (every command asks)."""
        return len(self.render_kind(True)) > 2

    def send_text(self, text: str) -> None:
        self.send_rendered(self.rendered(text, self.style()))

    def send_rendered(self, data: bytes) -> None:
        """Queue text rendered for this kind of client (``rendered``), compressed when MCCP2 is on."""
        if not (self._closed or self._peer_closed):  # (not closed: each listener of every broadcast)
            self._queue(data)


#: GMCP package roots the game sends (``Core`` is the protocol's own).
GMCP_PACKAGES = frozenset({"core", "char", "combat", "comm", "room", "client", "help"})  # lower case: one set shared
#: The GMCP messages the game sends, for ``+client`` (game/gmcp.py; Client.GUI: net/mudlet.py).
GMCP_SENT = GMCP_MESSAGES
#: Options whose agreement shows a real telnet client (a keepalive NOP would be junk to others).
TELNET_OPTIONS = (Option.NAWS, Option.TTYPE, Option.CHARSET, Option.SGA, Option.EOR, Option.GMCP,
                  Option.MCCP2)

#: ``+client`` values (commands/client.py) -> what the telnet core uses.
_COLOURS = {"none": ColourLevel.NONE, "16": ColourLevel.ANSI16, "256": ColourLevel.XTERM256,
            "truecolour": ColourLevel.TRUECOLOUR}
_COLOUR_WORDS = {level: word for word, level in _COLOURS.items()}
_CHARSETS = {"utf-8": "UTF-8", "latin-1": "ISO-8859-1", "ascii": "US-ASCII"}


def _pick(table: dict[str, Any], value: object) -> Any:
    return table.get(value) if isinstance(value, str) else None


class _Writer(Protocol):
    def flush(self) -> None: ...

    def schedule_flush(self) -> None: ...

    def continue_input(self) -> None: ...

    def close(self) -> None: ...


class TelnetSession(Session):
    """One telnet client: :meth:`send` renders through the core and flushes to the socket."""

    __slots__ = ("conn", "overrides", "writer")

    def __init__(self, conn: SharedRenderConnection, writer: _Writer, address: str = "", now: float = 0.0) -> None:
        super().__init__(address=address, now=now)
        self.conn = conn
        self.writer = writer
        self.width = conn.width
        self.height = conn.height
        #: the +client overrides in force on this connection
        self.overrides: Mapping[str, Any] = EMPTY

    def render_kind(self) -> tuple[ColourLevel, str] | tuple[ColourLevel, str, bool]:
        """(colour level, charset): the player's ``+colour off`` renders as no colour; a screen
        reader's kind has a third member, True (its text is read through text/aloud.py)."""
        return self.conn.render_kind(self.colour)

    def reads_aloud(self) -> bool:
        return self.conn.reads_aloud()

    def render(self, text: str) -> bytes:
        """A broadcast's bytes for this kind of client, from the server's shared renderings."""
        return self.conn.rendered(text, self.render_kind())

    def send_rendered(self, data: bytes) -> None:
        self.conn.send_rendered(data)
        self.writer.schedule_flush()

    def send(self, text: str) -> None:
        """This connection's own line (a reply, a page, its ``look``), rendered for it alone:
        kept in the shared renderings it would only crowd out the broadcasts, and a room's
        ``look`` with 1,000 names in it is 10 KB (docs/performance.md, "Memory")."""
        self.take_broadcasts()
        self.send_rendered(render_line(text, self.render_kind()))

    def send_prompt(self, text: str) -> None:
        self.take_broadcasts()
        self.conn.send_prompt(text)
        self.writer.schedule_flush()

    def wants_gmcp(self, package: str) -> bool:
        return self.conn.gmcp_wanted(package)

    def send_gmcp(self, package: str, data: object) -> None:
        if not self.conn.gmcp_wanted(package):
            return
        self.take_broadcasts()
        try:
            self.conn.send_gmcp(package, data)
        except LocalProtocolError as exc:
            log.error("GMCP %s not sent: %s", package, exc)
            return
        self.writer.schedule_flush()

    def resume_input(self) -> None:
        self.writer.continue_input()

    def hide_input(self, hidden: bool) -> None:
        self.take_broadcasts()
        self.conn.hide_input(hidden)
        self.writer.flush()

    def disconnect(self, reason: str = "") -> None:
        if reason:
            self.send(reason)
        self.writer.close()

    def wants_keepalive(self) -> bool:
        """True when an IAC NOP keepalive should go to this connection: a telnet client
        (it agreed to some option) whose player did not switch keepalives off."""
        conn = self.conn
        return self.overrides.get("keepalive", True) is not False and any(
            conn.us_enabled(o) or conn.him_enabled(o) for o in TELNET_OPTIONS)

    def apply_client_settings(self, settings: dict[str, Any]) -> None:
        """Set the core's overrides from saved ``+client`` settings; a missing key (or a
        value we do not know) follows what the client negotiated."""
        conn = self.conn
        conn.colour_override = _pick(_COLOURS, settings.get("colour"))
        conn.charset_override = _pick(_CHARSETS, settings.get("charset"))
        reader = settings.get("screen_reader")
        conn.screen_reader_override = reader if isinstance(reader, bool) else None
        mark = settings.get("prompt")
        conn.prompt_mark_override = PromptMark(mark) if mark in ("eor", "ga", "none") else None
        self.overrides = {k: v for k, v in settings.items() if k in (
            "colour", "charset", "screen_reader", "prompt", "keepalive", "brief")} or EMPTY
        self.update_client()

    def client_report(self) -> dict[str, Any]:
        conn = self.conn
        return {
            "client": conn.client_name, "version": conn.client_version,
            "terminal": conn.terminal_type, "width": conn.width, "height": conn.height,
            "charset": conn.charset, "colour": _COLOUR_WORDS[conn.colour], "mccp": conn.mccp,
            "gmcp": conn.gmcp, "gmcp_packages": sorted(conn.gmcp_packages),
            "gmcp_receives": [p for p in GMCP_SENT if conn.gmcp_wanted(p)],
            "screen_reader": conn.screen_reader, "prompt": conn.prompt_mark.value,
            "keepalive": self.wants_keepalive(), "overrides": dict(self.overrides),
            "hints": list(client_hints(conn)),
        }

    def update_client(self) -> None:
        """The client told us more: take its window size."""
        conn = self.conn
        self.width, self.height = conn.width, conn.height

    def negotiated(self) -> dict[str, Any]:
        conn = self.conn
        return {
            "name": conn.client_name, "terminal": conn.terminal_type, "charset": conn.charset,
            "colour": conn.colour.name, "mccp": conn.mccp, "gmcp": conn.gmcp,
            "screen_reader": conn.screen_reader, "width": conn.width, "height": conn.height,
        }
