"""A Hero Designer file onto a character: a first import, a new version, a character made from
a file (docs/staff-guide.md, "Characters and villains from Hero Designer").

A character whose sheet is not approved takes the file at once. An approved character's new
version (XP spent in Hero Designer) waits as a *pending* sheet (a store document of kind
``"hero-pending"``) and goes through approval like any change: until staff approve it the old
sheet stays in play; when they do, it replaces the old one and the play sheet keeps its
current STUN, BODY, END and conditions (:func:`~.hero.sync_sheet`). XP stay the game's: the
sheet keeps the XP the game put on it, whatever the file says, and the XP record and its
history are not touched. :func:`changes` tells staff what the new version changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..values import frozen
from .approval import submit
from .hero import HeroSheet, Section, get_hero, has_hero, save_hero
from .sheets import get_sheet, save_sheet

if TYPE_CHECKING:
    from .hdc import Imported
    from .objects import Character
    from .world import Game

__all__ = ["PENDING_KIND", "Placed", "apply_pending", "changes", "drop_pending", "pending_hero", "place_import"]

#: Store document kind for a new version of an approved sheet, waiting for approval.
PENDING_KIND = "hero-pending"
#: Most changed items listed by name; the rest are counted.
_LISTED = 12


@frozen
class Placed:
    """What an import did: ``pending`` when it waits for approval; ``changes`` from the old sheet."""

    hero: HeroSheet
    pending: bool
    changes: tuple[str, ...]


def _key(item) -> str:  # an Item
    return item.id or item.text


def changes(old: HeroSheet, new: HeroSheet) -> list[str]:
    """What ``new`` changes from ``old``, in lines for staff: items added, removed and repriced
    (matched by Hero Designer's item id), characteristics changed, and the new total."""
    before, after = {_key(i): i for i in old.items}, {_key(i): i for i in new.items}
    lines = []
    added = [after[k] for k in after if k not in before]
    removed = [before[k] for k in before if k not in after]
    repriced = [(before[k], after[k]) for k in after if k in before and before[k].real != after[k].real]
    for label, found in (("Added", [f"{i.text[:50]} ({i.real})" for i in added]),
                         ("Removed", [f"{i.text[:50]} ({i.real})" for i in removed]),
                         ("Repriced", [f"{n.text[:50]} ({o.real} -> {n.real})" for o, n in repriced])):
        if found:
            more = f"; and {len(found) - _LISTED} more" if len(found) > _LISTED else ""
            lines.append(f"{label} ({len(found)}): " + "; ".join(found[:_LISTED]) + more + ".")
    moved = [f"{name} {old.value(name)} -> {new.value(name)}" for name in sorted(set(old.values) | set(new.values))
             if old.value(name) != new.value(name)]
    if moved:
        lines.append("Characteristics: " + ", ".join(moved) + ".")
    if not lines:
        lines.append("No item or characteristic changed.")
    lines.append(f"Total: {old.spent} -> {new.spent} points spent of {new.available} "
                 f"(base {new.base_points} + disadvantages {min(new.disads, new.disad_points)} + XP {new.experience}).")
    return lines


def pending_hero(game: Game, char: Character) -> HeroSheet | None:
    """The new version waiting for approval, or None."""
    doc = game.store.get(PENDING_KIND, str(char.id))
    return None if doc is None else HeroSheet.from_doc(doc)


def drop_pending(game: Game, char: Character) -> None:
    if game.store.get(PENDING_KIND, str(char.id)) is not None:
        game.store.delete(PENDING_KIND, str(char.id))


def place_import(game: Game, char: Character, imported: Imported) -> Placed:
    """Put an imported sheet on ``char``: at once when its sheet is not approved (or it is an
    NPC); as a pending version, queued for approval, when it is."""
    hero = attrs.evolve(imported.hero, char_id=char.id)
    approved = get_sheet(game, char).approved and not char.npc
    old = get_hero(game, char) if has_hero(game, char) else None
    said = hero.experience
    if old is not None and approved:
        hero = attrs.evolve(hero, experience=old.experience)  # the game's XP, not the file's
    found = tuple(changes(old, hero)) if old is not None else ()
    if old is not None and approved and said != old.experience:
        found += ((f"XP: the file says {said}; the sheet keeps the game's {old.experience} (+xp shows what is "
                  "earned and unspent)."),)
    if approved:
        game.store.put(PENDING_KIND, str(char.id), hero.to_doc())
        submit(game, char)
        return Placed(hero=hero, pending=True, changes=found)
    drop_pending(game, char)
    return Placed(hero=_replace(game, char, old, hero), pending=False, changes=found)


def _replace(game: Game, char: Character, old: HeroSheet | None, hero: HeroSheet) -> HeroSheet:
    """Save ``hero`` in place of ``old``: the Skill rolls the old sheet's Skills put on the play
    sheet go with them (rolls set by hand with +stat stay)."""
    if old is not None:
        gone = {i.name[:30].lower() for i in old.items if i.roll and i.section is Section.SKILLS}
        sheet = get_sheet(game, char)
        kept = {k: v for k, v in sheet.skills.items() if k.lower() not in gone}
        if kept != sheet.skills:
            save_sheet(game, attrs.evolve(sheet, skills=kept))
    return save_hero(game, hero)


def apply_pending(game: Game, char: Character) -> HeroSheet | None:
    """On approval: the pending version replaces the sheet (current STUN, BODY, END and
    conditions kept); None when nothing was pending."""
    hero = pending_hero(game, char)
    if hero is None:
        return None
    _replace(game, char, get_hero(game, char), hero)
    drop_pending(game, char)
    return hero
