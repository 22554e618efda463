"""Reading long things a page at a time: a request's comments, a board's posts, a scene's log.

A reader shows one page and remembers, per connection, where the next starts (the session's
``reading``, as RULES and +HELP do); ``<command>/next`` reads on (game/growing.py sizes pages).
"""

from __future__ import annotations

from .base import CommandError
from .context import Context

__all__ = ["more", "place", "remember"]


def remember(ctx: Context, command: str, what: str, offset: int) -> None:
    """Note that ``command``'s next page of ``what`` starts at ``offset`` (0: nothing follows)."""
    if offset:
        ctx.session.reading[command] = (what, str(offset))
    else:
        ctx.session.reading.pop(command, None)


def place(ctx: Context, command: str, first: str) -> tuple[str, int]:
    """Where ``command/next`` reads on: (what, offset).

    Raises:
        CommandError: when nothing was left unread (``first`` says how to start).
    """
    found = ctx.session.reading.get(command)
    if not found or not str(found[1]).isdigit():
        raise CommandError(f"Nothing more to read: {first}.")
    return str(found[0]), int(found[1])


def more(command: str, offset: int) -> list[str]:
    """The line that ends a page another follows."""
    return [f"More follows: {command}/next reads on."] if offset else []
