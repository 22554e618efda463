"""What a character has against powers, read from his sheet alone (RULES DEFENSES OF THE GENRE):
the defenses ``+sheet`` and ``+combat/status`` list, his Mental Defense (HERO 5E revised: points
bought + EGO / 5) and the Life Support an NND attack names. The fight engine reads them here
(game/battlefield.py, game/mental.py, game/minding.py); the sheet reads them without loading it
(docs/architecture.md, "Loaded at first use").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.champions.mental import mental_defense
from .hero import Item, get_hero
from .sheets import get_sheet

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["genre_defenses", "item_words", "life_support", "mental_defense_of", "needs_no_breath"]

#: Life Support's kinds (Hero Designer's adders) by the words an NND attack names them with.
_LIFE_SUPPORT = {"BREATH": "SELFCONTAINEDBREATHING", "RADIATION": "RADIATION", "DISEASE": "DISEASES",
                 "POISON": "POISONS", "VACUUM": "VACUUM", "PRESSURE": "VACUUM", "HEAT": "HEAT", "COLD": "COLD"}


def item_words(item: Item) -> str:
    """An item's name, text and Hero Designer line in capitals: what its options are read from."""
    return f"{item.name} {item.text} {item.hdc}".upper()


def mental_defense_of(game: Game, char: Character) -> int:
    """The Mental Defense on ``char``'s sheet: points bought + EGO / 5 (HERO 5E)."""
    bought = sum(i.levels for i in get_hero(game, char).items if i.xmlid == "MENTALDEFENSE" and not i.parent)
    return mental_defense(bought, get_sheet(game, char).base("EGO"))


def life_support(game: Game, target: Character, named: str) -> str:
    """The Life Support of ``target`` that is the defense ``named`` (an NND's words), or ""."""
    if "LIFE SUPPORT" not in named and "LIFESUPPORT" not in named:
        return ""
    wanted = [(word, kind) for word, kind in _LIFE_SUPPORT.items() if word in named]
    for item in get_hero(game, target).items:
        if item.xmlid != "LIFESUPPORT":
            continue
        words = item_words(item).replace(" ", "").replace("-", "")
        if not wanted or any(word in words or kind in words for word, kind in wanted):
            return item.name
    return ""


def needs_no_breath(game: Game, char: Character) -> str:
    """His Life Support (Self-Contained Breathing), when he has it: he need not hold his breath."""
    return life_support(game, char, "LIFE SUPPORT BREATH")


def genre_defenses(game: Game, char: Character) -> list[str]:
    """``Power Defense 5``, ``Mental Defense 12``, ``Flash Defense 4``, ``Knockback Resistance
    2"``, ``Lack Of Weakness 3``, ``Life Support (Rebreather)``: what he has against powers (RULES
    DEFENSES OF THE GENRE); Mental Defense with EGO / 5 (HERO 5E revised)."""
    items = [i for i in get_hero(game, char).items if not i.parent]

    def levels(xmlid: str) -> int:
        return sum(max(i.levels, 0) for i in items if i.xmlid == xmlid)

    found = [f"{name} {levels(xmlid)}" for xmlid, name in (("POWERDEFENSE", "Power Defense"),
                                                         ("FLASHDEFENSE", "Flash Defense")) if levels(xmlid)]
    mental = mental_defense_of(game, char)
    found[1:1] = [f"Mental Defense {mental}"] if mental else []
    found += [f"Knockback Resistance {levels('KBRESISTANCE')}\""] if levels("KBRESISTANCE") else []
    found += [f"Lack Of Weakness {levels('LACKOFWEAKNESS')}"] if levels("LACKOFWEAKNESS") else []
    found += [f"Life Support ({', '.join(i.name for i in items if i.xmlid == 'LIFESUPPORT')})"] \
        if any(i.xmlid == "LIFESUPPORT" for i in items) else []
    return found
