"""Who is under what: every lasting effect on a character, with when it ends.

Something lasts on a character only in a fight (an Entangle, an area he is inside, a power he
keeps on) or from Adjustment Powers (Drains and Aids, kept in his own document and returning by
real time). With neither, nothing lasts and the fight engine is not asked; otherwise
game/lasting_effects.py lists each kind. ``+combat/status``, ``+sheet`` and GMCP ``Char.Status``
read :func:`lasting_of`, so the engine loads at the first character something may last on, not
with the sheet (docs/architecture.md, "Loaded at first use").
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from ..values import frozen

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["ADJUSTED_KIND", "COMBAT_KIND", "Lasting", "fight_number", "lasting_of", "may_last"]

#: Store document kind of fights, keyed by the room.
COMBAT_KIND = "combat"
#: Store document kind of what Adjustment Powers left on a character, keyed by his id.
ADJUSTED_KIND = "adjusted"


@frozen
class Lasting:
    """One lasting effect: what it is and when it ends."""

    what: str
    ends: str

    @property
    def text(self) -> str:
        return f"{self.what}: {self.ends}" if self.ends else self.what

    def to_gmcp(self) -> dict[str, str]:
        return {"what": self.what, "ends": self.ends}


def may_last(game: Game, char: Character) -> bool:
    """Whether anything can last on ``char``: a fight in his room, or Adjustment Powers' effects."""
    store = game.store
    return store.get(COMBAT_KIND, str(char.location)) is not None or store.get(ADJUSTED_KIND, str(char.id)) is not None


def lasting_of(game: Game, char: Character, count: bool = True) -> list[Lasting]:
    """Every lasting effect on ``char``, each with when it ends; ``count``: first count the real
    time since he was last looked at (what GMCP sends is read as it stands)."""
    return _engine().lasting_of(game, char, count) if may_last(game, char) else []


def fight_number(game: Game, char: Character) -> int | None:
    """The number of the fight ``char`` is in, or None."""
    if game.store.get(COMBAT_KIND, str(char.location)) is None:
        return None
    return _engine().fight_number(game, char)


def _engine() -> ModuleType:
    """The fight engine's listers, loaded here at their first use (docs/architecture.md)."""
    return importlib.import_module(f"{__package__}.lasting_effects")
