"""Commands that change a fight are recorded: :func:`journaled` wraps a handler so that, in a room
with a fight, what it changed goes to the combat log as one record ``+combat/undo`` can take back
(see :mod:`champions_mush.game.journal`), with the text everyone saw. An action that fails half
way (a usage error after a die, a bug) changes nothing: its unit of work drops it whole. Only the
fight's handlers use it, so it loads with them (docs/architecture.md, "Loaded at first use")."""

from __future__ import annotations

import functools
from collections.abc import Callable

from ..game import journal
from ..text.markup import strip
from .base import Handler, ParsedCommand
from .context import Context

__all__ = ["atomic", "journaled"]


def journaled(func: Handler) -> Handler:
    """``func`` with every document it changes (fights, sheets) logged as one record, and what
    it says held until that record and the changes are durable (game/unit.py)."""

    @functools.wraps(func)
    def run(ctx: Context, parsed: ParsedCommand) -> None:
        actor = ctx.actor
        room = actor.location if actor is not None else None
        fight_id = journal.begin(ctx.game, room) if room is not None else None
        if fight_id is None or ctx.game.unit is None:
            func(ctx, parsed)
            return
        said = _all_or_nothing(ctx, parsed, func)
        journal.commit(ctx.game, room, fight_id, ctx.actor.name,
                       "\n".join([f"> {strip(parsed.raw.strip())}"] + [strip(text) for text in said]))

    return run


def atomic(func: Handler) -> Handler:
    """``func`` applied whole or not at all, what it says sent once its writes are durable
    (``+combat/undo``: not itself a record to undo)."""

    @functools.wraps(func)
    def run(ctx: Context, parsed: ParsedCommand) -> None:
        if ctx.game.unit is None:
            func(ctx, parsed)
            return
        ctx.game.unit.all_or_nothing = True
        _all_or_nothing(ctx, parsed, func)

    return run


def _all_or_nothing(ctx: Context, parsed: ParsedCommand, func: Handler) -> list[str]:
    """Run ``func`` in the all-or-nothing unit of work, holding what it says until the commit;
    the texts it said."""
    unit = ctx.game.unit
    assert unit is not None
    held: list[tuple[Callable[..., None], str, tuple[object, ...], dict[str, object]]] = []
    for name in _SAYING:
        setattr(ctx, name, _holding(getattr(ctx, name), held))

    def send_held() -> None:
        for send, text, args, kwargs in held:
            send(text, *args, **kwargs)

    try:
        func(ctx, parsed)
    except BaseException:
        unit.drop()  # an action applies whole or not at all
        raise
    finally:
        for name in _SAYING:
            ctx.__dict__.pop(name, None)  # the class's own methods again (the guard's answer is not held)
    unit.after_commit(send_held)
    return [text for _, text, _, _ in held]


#: The ways a handler speaks (commands/context.py).
_SAYING = ("emit_room", "emit_staff", "reply")


def _holding(send: Callable[..., None], held: list) -> Callable[..., None]:
    def hold(text: str, *args: object, **kwargs: object) -> None:
        held.append((send, text, args, kwargs))

    return hold
