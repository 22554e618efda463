"""Talents in a fight: Deadly Blow and Find Weakness when the player says so; Lightning Reflexes.

HERO 5E revised, Talents and Powers (the rules file is silent): Deadly Blow adds +1d6 of killing
damage, 3 DCs, a level, when its circumstances apply (the GM judges them; ``deadly`` says they do);
Find Weakness rolls 11- (+1 a level) with the attack and, made, halves the target's defenses
against it (``weakness``; .5 in the defender's favour, as Armor Piercing). Lightning Reflexes with
all actions adds its levels to DEX for the order of Phases in a Segment only; those bought for a
single action are the GM's to apply (the game cannot know the action before the Phase).
"""

from __future__ import annotations

from ..rules.errors import RulesError
from .hero import HeroSheet

__all__ = ["DEADLY_BLOW_DCS", "FIND_WEAKNESS_BASE", "lightning_reflexes", "talent_options"]

#: Deadly Blow: 3 DCs (+1d6 of a Killing Attack) a level (HERO 5E revised, Talents).
DEADLY_BLOW_DCS = 3
#: Find Weakness's roll before its levels (HERO 5E revised: 11-, +1 a level).
FIND_WEAKNESS_BASE = 11


def talent_options(hero: HeroSheet, deadly: bool, weakness: bool) -> dict[str, int]:
    """The attack order's ``deadly_dcs`` and ``weakness`` for the Talents asked for.

    Raises:
        RulesError: the sheet has not got the Talent asked for (the message follows the name).
    """
    found: dict[str, int] = {}
    if deadly:
        levels = [i.levels for i in hero.items if i.xmlid == "DEADLYBLOW" and i.levels > 0]
        if not levels:
            raise RulesError("has no Deadly Blow on the sheet.")
        found["deadly_dcs"] = DEADLY_BLOW_DCS * max(levels)
    if weakness:
        levels = [i.levels for i in hero.items if i.xmlid == "FINDWEAKNESS"]
        if not levels:
            raise RulesError("has no Find Weakness on the sheet.")
        found["weakness"] = FIND_WEAKNESS_BASE + max(levels)
    return found


def lightning_reflexes(hero: HeroSheet) -> int:
    """DEX Lightning Reflexes with all actions adds to act first (HERO 5E revised, Talents)."""
    return sum(max(i.levels, 0) for i in hero.items if i.xmlid == "LIGHTNING_REFLEXES_ALL")
