"""A connection as the game sees it: where to send text, and who is connected on it.

The network layer subclasses :class:`Session`; tests use a session that records its output.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Session"]


class Session:
    """One client connection. Subclasses implement :meth:`send`, :meth:`send_gmcp` and :meth:`disconnect`."""

    _next_id = 0

    def __init__(self, address: str = "", now: float = 0.0) -> None:
        Session._next_id += 1
        self.id = Session._next_id
        self.address = address
        self.character_id: int | None = None
        self.connected_at = now
        self.last_input = now
        self.width = 78
        self.height = 24
        #: what the client negotiated, for +client and GMCP (filled by the network layer)
        self.client: dict[str, Any] = {}
        #: a login or create is being checked (password hashing runs off the game's thread)
        self.busy = False

    def send(self, text: str) -> None:
        """Deliver one message (lines joined by ``\\n``, colour markup allowed)."""
        raise NotImplementedError

    def send_prompt(self, text: str) -> None:
        """Send a prompt (no line end where the client supports it); plain text by default."""
        self.send(text)

    def send_gmcp(self, package: str, data: object) -> None:
        """Send a GMCP message if the client negotiated GMCP; otherwise nothing."""

    def hide_input(self, hidden: bool) -> None:
        """Ask the client not to echo what is typed next (password entry)."""

    def disconnect(self, reason: str = "") -> None:
        """Close the connection after sending ``reason``."""
        raise NotImplementedError
