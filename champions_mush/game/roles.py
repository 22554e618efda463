"""Who may do what: the one role scale, from a guest at the login screen to an admin.

Characters store their role as its number; ``Role(char.role)`` reads it back.
"""

from __future__ import annotations

import enum

__all__ = ["Role"]


class Role(enum.IntEnum):
    """Who may run a command; a higher role may run everything a lower one may."""

    #: a connection at the login screen, not yet a character
    GUEST = 0
    #: a connected character
    PLAYER = 1
    #: a GM: runs fights, builds, helps players
    STAFF = 2
    #: runs the game: roles, shutdown, bans
    ADMIN = 3

    @classmethod
    def from_name(cls, name: str) -> Role:
        try:
            return cls[name.strip().upper()]
        except KeyError:
            raise ValueError(f"No role '{name}': use player, staff or admin.") from None
