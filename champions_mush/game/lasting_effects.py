"""The fight engine's lasting effects, one lister per kind (game/lasting.py asks them when something
may last on a character): each gives (what, when it ends) pairs: Drains and Aids
(game/adjusting.py), an Entangle (the tracker's Fighter), an area he is inside or a power he keeps
on (game/battlefield.py). A new kind of effect is one more lister here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import adjusting, battlefield
from . import combat as fights
from .lasting import Lasting

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["LISTERS", "fight_number", "lasting_of"]


def _entangled(game: Game, char: Character) -> list[tuple[str, str]]:
    """An Entangle on him (RULES ENTANGLE): until its BODY is gone."""
    fight = fights.fight_of(game, char)
    fighter = fight.fighter(char.id) if fight is not None else None
    if fighter is None or fighter.entangle is None:
        return []
    return [(f"Entangled (DEF {fighter.entangle[0]}, BODY {fighter.entangle[1]})",
             "until its BODY is gone (he breaks out, or others attack it)")]


#: Each kind of lasting effect's lister, in the order they are shown.
LISTERS: tuple[Callable[[Game, Character], list[tuple[str, str]]], ...] = (
    _entangled,
    adjusting.lasting,
    battlefield.lasting,
)


def lasting_of(game: Game, char: Character, count: bool = True) -> list[Lasting]:
    """Every lasting effect on ``char``, each with when it ends; ``count``: first count the real
    time since he was last looked at (what GMCP sends is read as it stands)."""
    if count:
        adjusting.catch_up(game, char)
    return [Lasting(what, ends) for lister in LISTERS for what, ends in lister(game, char)]


def fight_number(game: Game, char: Character) -> int | None:
    """The number of the fight ``char`` is in, or None."""
    fight = fights.fight_of(game, char)
    return fight.id if fight is not None else None
