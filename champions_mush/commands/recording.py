"""Commands that change a fight are recorded: :func:`journaled` wraps a handler so that, in a room
with a fight, what it changed goes to the combat log as one record ``+combat/undo`` can take back
(see :mod:`champions_mush.game.journal`), with the text everyone saw. An action that fails half
way (a usage error after a die, a bug) is rolled back whole."""

from __future__ import annotations

import functools
from collections.abc import Callable

from ..game.journal import Journal
from ..text.markup import strip
from .base import ParsedCommand
from .context import Context

__all__ = ["journaled"]

Handler = Callable[[Context, ParsedCommand], None]


def journaled(func: Handler) -> Handler:
    """``func`` with every document it changes (fights, sheets) logged as one record."""

    @functools.wraps(func)
    def run(ctx: Context, parsed: ParsedCommand) -> None:
        journal = Journal.open(ctx.game, ctx.actor.location) if ctx.actor is not None else None
        if journal is None:
            func(ctx, parsed)
            return
        said: list[str] = []
        for name in ("emit_room", "emit_staff", "reply"):
            setattr(ctx, name, _tee(getattr(ctx, name), said))
        try:
            func(ctx, parsed)
        except BaseException:
            journal.rollback()  # an action applies whole or not at all
            raise
        journal.commit(ctx.actor.name, "\n".join([f"> {strip(parsed.raw.strip())}"] + said))

    return run


def _tee(send: Callable[..., None], said: list[str]) -> Callable[..., None]:
    def both(text: str, *args: object, **kwargs: object) -> None:
        said.append(strip(text))
        send(text, *args, **kwargs)

    return both
