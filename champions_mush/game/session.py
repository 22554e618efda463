"""A connection as the game sees it: where to send text, and who is connected on it.

The network layer subclasses :class:`Session`; tests use a session that records its output.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Protocol

from ..text.format import DEFAULT_HEIGHT, DEFAULT_WIDTH

__all__ = ["CLIENT_REPORT_DEFAULTS", "Session", "Watcher"]

#: What :meth:`Session.client_report` gives for a connection that negotiated nothing.
#: ``colour`` is one of none/16/256/truecolour, ``prompt`` one of eor/ga/none, ``charset``
#: UTF-8, ISO-8859-1 or US-ASCII; ``gmcp_receives`` lists the GMCP messages this connection
#: gets from the game; ``overrides`` the +client settings in force; ``hints`` one-line fixes.
CLIENT_REPORT_DEFAULTS: dict[str, Any] = {
    "client": "", "version": "", "terminal": "", "charset": "US-ASCII", "colour": "none",
    "mccp": False, "gmcp": False, "gmcp_packages": [], "gmcp_receives": [],
    "screen_reader": False, "prompt": "none", "keepalive": False, "overrides": {}, "hints": [],
}


class Watcher(Protocol):
    """The game a session is in: told when it changes character (to keep its index and this
    turn's batch right), and asked for the session's share of the batch (game/batch.py)."""

    def session_changing(self, session: Session) -> None: ...

    def session_changed(self, session: Session) -> None: ...

    def catch_up(self, session: Session) -> None: ...


class Session:
    """One client connection. Subclasses implement :meth:`send`, :meth:`send_gmcp` and :meth:`disconnect`;
    a subclass that can share rendered bytes with other sessions also implements
    :meth:`render_kind`, :meth:`render` and :meth:`send_rendered` (game/batch.py)."""

    # One per connection: slots, and the tables made only when first used (docs/performance.md,
    # "Memory"). ``line_collector`` is a paste in progress (commands/multiline.py).
    __slots__ = (
        "_character_id",
        "_client",
        "_reading",
        "address",
        "busy",
        "colour",
        "connected_at",
        "height",
        "id",
        "last_input",
        "line_collector",
        "watcher",
        "width",
    )

    def __init__(self, address: str = "", now: float = 0.0) -> None:
        #: the game numbers its sessions (``Game.add_session``); 0 until then
        self.id = 0
        self.address = address
        #: the game this session was added to (set by :meth:`Game.add_session`)
        self.watcher: Watcher | None = None
        self._character_id: int | None = None
        self.connected_at = now
        self.last_input = now
        self.width, self.height = DEFAULT_WIDTH, DEFAULT_HEIGHT
        self._client: dict[str, Any] | None = None
        #: a login or create is being checked (password hashing runs off the game's thread)
        self.busy = False
        self._reading: dict[str, tuple[str, str]] | None = None
        #: False when the character switched colour off (``+colour off``; set at login)
        self.colour = True

    @property
    def client(self) -> dict[str, Any]:
        """What the client negotiated (:meth:`negotiated`, as it is now) and what the network
        layer noted about the connection (``via``): one table kept once asked for."""
        found = self._client
        if found is None:
            found = self._client = {}
        found.update(self.negotiated())
        return found

    def negotiated(self) -> dict[str, Any]:
        """What the client negotiated, for :attr:`client` (the network layer's subclass says)."""
        return {}

    @property
    def reading(self) -> dict[str, tuple[str, str]]:
        """The page last read with each reader (RULES, +HELP, NEWS; a request, a board, a scene
        log: commands/paging.py), for /NEXT: one entry per reader, gone with the connection (the
        table is made at the first read)."""
        found = self._reading
        if found is None:
            found = self._reading = {}
        return found

    @property
    def character_id(self) -> int | None:
        """The character logged in on this connection, or None."""
        return self._character_id

    @character_id.setter
    def character_id(self, value: int | None) -> None:
        watcher = self.watcher
        if watcher is None:
            self._character_id = value
            return
        watcher.session_changing(self)
        self._character_id = value
        watcher.session_changed(self)

    def take_broadcasts(self) -> None:
        """Before sending this session a line of its own: first take what this turn's batch
        holds for it, so its lines arrive in the order they were produced."""
        watcher = self.watcher
        if watcher is not None:
            watcher.catch_up(self)

    def render_kind(self) -> Hashable | None:
        """Sessions with equal kinds render any text to the same bytes, so a broadcast is
        rendered once per kind; None (the default) means: deliver with :meth:`send`."""
        return None

    def reads_aloud(self) -> bool:
        """True for a screen reader: commands lay text out for listening and everything sent is
        read through text/aloud.py ``linear`` (no rules, tables as ``label: value``)."""
        return False

    def render(self, text: str) -> bytes:
        """``text`` as this kind of session's bytes (only called when :meth:`render_kind` is not None)."""
        raise NotImplementedError

    def send_rendered(self, data: bytes) -> None:
        """Deliver bytes from :meth:`render` (perhaps rendered for another session of the same kind)."""
        raise NotImplementedError

    def send(self, text: str) -> None:
        """Deliver one message (lines joined by ``\\n``, colour markup allowed)."""
        raise NotImplementedError

    def send_prompt(self, text: str) -> None:
        """Send a prompt (no line end where the client supports it); plain text by default."""
        self.send(text)

    def send_gmcp(self, package: str, data: object) -> None:
        """Send a GMCP message if the client negotiated GMCP; otherwise nothing."""

    def wants_gmcp(self, package: str) -> bool:
        """Whether :meth:`send_gmcp` would send ``package``: its body need not be made otherwise
        (the network layer's subclass says; game/gmcp.py)."""
        return True

    def resume_input(self) -> None:
        """Lines that arrived while this session was ``busy`` (a login being checked) may run now."""

    def hide_input(self, hidden: bool) -> None:
        """Ask the client not to echo what is typed next (password entry)."""

    def client_report(self) -> dict[str, Any]:
        """What this connection negotiated, for ``+client``: the keys of
        :data:`CLIENT_REPORT_DEFAULTS` plus ``width`` and ``height``."""
        return {**CLIENT_REPORT_DEFAULTS, "width": self.width, "height": self.height}

    def update_client(self) -> None:
        """The client told us more about itself (a telnet connection takes its window size)."""

    def apply_client_settings(self, settings: dict[str, Any]) -> None:
        """Use a character's saved ``+client`` overrides on this connection (keys colour,
        charset, screen_reader, prompt, keepalive; a missing key follows negotiation).
        Nothing to do for a connection without telnet."""

    def disconnect(self, reason: str = "") -> None:
        """Close the connection after sending ``reason``."""
        raise NotImplementedError
