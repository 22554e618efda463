"""Combat and Penalty Skill Levels on a sheet, given out for one attack (rules/champions/levels.py).

The sheet's levels (Hero Designer's ``COMBAT_LEVELS`` and ``PENALTY_SKILL_LEVELS`` with their
``OPTIONID``) are read into :class:`~..rules.champions.levels.Level` values; an attack order
says what the player asked for DCV and DCs (``+attack Ox=claws dcv 2 dc 1``); :func:`use_for`
gives the levels out for it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..rules.champions.levels import AttackUse, Level, LevelUse, give_levels, usable_levels
from .hero import HeroSheet, get_hero

if TYPE_CHECKING:
    from .attacks import AttackOrder
    from .objects import Character
    from .world import Game

__all__ = ["STRIKES", "attack_use", "levels_of", "use_for"]

#: The maneuvers a level "with Strikes" applies to (HERO 5E revised: punches and kicks).
STRIKES = ("Strike", "Haymaker", "Pull Punch")
_OPTION = re.compile(r'\bOPTIONID="([A-Za-z_]{1,30})"')
_KINDS = ("COMBAT_LEVELS", "PENALTY_SKILL_LEVELS")


def levels_of(hero: HeroSheet) -> list[Level]:
    """The Combat and Penalty Skill Levels on the sheet, each with its option and words."""
    found = []
    for item in hero.items:
        if item.xmlid not in _KINDS or item.levels <= 0:
            continue
        option = _OPTION.search(item.hdc[:2000])
        found.append(Level(item.name, item.levels, item.xmlid, option[1] if option else "",
                           f"{item.name} {item.text}"))
    return found


def attack_use(order: AttackOrder, range_penalty: int = 0, other_penalty: int = 0) -> AttackUse:
    """What the order's attack is to a level: its name, HTH, RANGED or MENTAL, a Strike or a
    Martial Arts maneuver or neither."""
    from .attacks import MANEUVERS  # the attack engine reads the levels through this module

    power = order.power
    martial = not any(order.maneuver is m for m in MANEUVERS)  # a Martial Arts maneuver from the sheet (game/grappling.py)
    if power is None or martial:
        return AttackUse(order.maneuver.name, "HTH", order.maneuver.name in STRIKES, range_penalty, other_penalty,
                         martial)
    category = "MENTAL" if power.versus == "MD" else "RANGED" if power.ranged else "HTH"
    strike = category == "HTH" and order.maneuver.name in STRIKES
    return AttackUse(power.name, category, strike, range_penalty, other_penalty)


def use_for(game: Game, char: Character, order: AttackOrder, range_penalty: int = 0,
            other_penalty: int = 0) -> LevelUse:
    """``char``'s levels given out for ``order`` as asked (RulesError when more is asked than
    his levels with it give)."""
    levels = levels_of(get_hero(game, char))
    if not levels and not order.dcv_levels and not order.dc_levels:
        return _NONE  # nothing to give out and nothing asked (an attack asks three times)
    return give_levels(levels, attack_use(order, range_penalty, other_penalty), order.dcv_levels, order.dc_levels)


#: No levels given out.
_NONE = LevelUse()


def levels_with(game: Game, char: Character, order: AttackOrder) -> list[Level]:
    """The levels that apply to ``order``'s attack."""
    return usable_levels(levels_of(get_hero(game, char)), attack_use(order))
