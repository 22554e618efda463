"""A command whose writes go in the turn's group commit, what it says held until they are durable
(:func:`held`). A fight's actions are recorded as well: commands/fight_record.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from .base import ParsedCommand
from .context import Context

__all__ = ["held"]

T = TypeVar("T")


def held(func: Callable[[Context, ParsedCommand], T]) -> Callable[[Context, ParsedCommand], T]:
    """``func`` with its writes in the turn's group commit and what it says, to anyone, sent
    once that is confirmed durable, when the server confirms commits off the game's loop
    (PostgreSQL: ``Game.held``; docs/architecture.md, "Writes off the loop"). A command that
    wrote nothing is answered at once; one that fails half way keeps what it wrote and said."""

    def run(ctx: Context, parsed: ParsedCommand) -> T:  # made for every command: no functools.wraps
        game = ctx.game
        if not game.holds_until_durable:  # (SQLite: held runs the block as it is)
            return func(ctx, parsed)
        with game.held(ctx.session):
            return func(ctx, parsed)

    return run
