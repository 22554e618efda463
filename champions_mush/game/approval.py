"""Approval (RULES EXPERIENCE 3; docs/staff-guide.md, "Approving characters and awarding XP").

New characters start unapproved. ``+sheet/submit`` puts a character in the queue (a store
document of kind ``"approval"``); staff read the queue, see what does not balance
(:func:`problems`), and approve or unapprove; each decision is appended to the
``"approval"`` log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from .hero import HeroSheet
from .sheets import get_sheet, save_sheet

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["APPROVAL_KIND", "approve", "problems", "queue", "submit", "unapprove", "unqueue"]

#: Store document kind (and log name) for the approval queue.
APPROVAL_KIND = "approval"
_QUEUE = "queue"


def problems(hero: HeroSheet) -> list[str]:
    """What staff should look at before approving: the points not balancing (spent against
    base + Disadvantages + XP), Disadvantages over the campaign's maximum, items the engine
    could not price, and a sheet with nothing bought."""
    found = []
    if hero.balance:
        state = f"{hero.balance} left unspent" if hero.balance > 0 else f"{-hero.balance} overspent"
        found.append(f"Points do not balance: {hero.spent} spent of {hero.base_points} base + "
                     f"{min(hero.disads, hero.disad_points)} disadvantages + {hero.experience} XP = "
                     f"{hero.available} ({state}).")
    if hero.disads > hero.disad_points:
        found.append(f"Disadvantages come to {hero.disads}, over the maximum of {hero.disad_points}.")
    if hero.unknown:
        found.append(f"{len(hero.unknown)} item(s) the engine cannot price: check them by hand "
                     f"({'; '.join(i.text[:40] for i in hero.unknown[:3])}{' ...' if len(hero.unknown) > 3 else ''}).")
    if not hero.items and not hero.values:
        found.append("Nothing is bought yet.")
    return found


def queue(game: Game) -> dict[int, float]:
    """Characters waiting for approval, with the time each asked."""
    doc = game.store.get(APPROVAL_KIND, _QUEUE) or {}
    return {int(k): float(v) for k, v in doc.get("waiting", {}).items()}


def _save_queue(game: Game, waiting: dict[int, float]) -> None:
    game.store.put(APPROVAL_KIND, _QUEUE, {"waiting": {str(k): v for k, v in waiting.items()}})


def submit(game: Game, char: Character) -> bool:
    """Ask staff to look at the sheet; False when it was already waiting."""
    waiting = queue(game)
    if char.id in waiting:
        return False
    waiting[char.id] = game.clock()
    _save_queue(game, waiting)
    return True


def unqueue(game: Game, char: Character) -> None:
    waiting = queue(game)
    if waiting.pop(char.id, None) is not None:
        _save_queue(game, waiting)


def _log(game: Game, actor: Character, char: Character, what: str, reason: str = "") -> None:
    game.store.append(APPROVAL_KIND, {"char": char.id, "name": char.name, "what": what, "by": actor.name,
                                      "reason": reason[:200]}, game.clock())


def approve(game: Game, actor: Character, char: Character, reason: str = "") -> None:
    """Approve the sheet (the player can no longer change it) and take it off the queue; a
    sheet approved though it does not balance keeps staff's ``reason`` in the log."""
    save_sheet(game, attrs.evolve(get_sheet(game, char), approved=True, approved_by=actor.name))
    unqueue(game, char)
    _log(game, actor, char, "approved anyway" if reason else "approved", reason)


def unapprove(game: Game, actor: Character, char: Character, reason: str) -> None:
    """Set the sheet unapproved (for a powerup, or to fix it), with the reason logged."""
    save_sheet(game, attrs.evolve(get_sheet(game, char), approved=False, approved_by=""))
    unqueue(game, char)
    _log(game, actor, char, "unapproved", reason)
