"""Absorption: a character hit by an attack of the kind his Absorption takes (physical or
energy) rolls its dice and takes up to that much of the attack's BODY into a characteristic, as
an Aid (HERO System 5th Edition revised, Absorption; RULES ADJUSTMENT POWERS).

The BODY taken is the BODY the attack rolled, before defenses; it does not lessen the damage
(5E: Absorption is not a defense). What is gained is kept as an Aid by game/adjusting.py, no
more in all than the most the dice can roll, and fades 5 Character Points a Turn (slower with
Delayed Return Rate). The characteristic is the one its name or Hero Designer's INPUT names,
STR when none is.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..rules.champions.adjustment import Adjusted, characteristic_named, dice_top
from ..rules.champions.defenses import Against
from ..rules.dice import DiceAmount, Roller, roll
from ..text.numbers import character_points
from .adjusting import _put, _rate
from .hero import Item, get_hero
from .sheets import get_sheet

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["absorbed", "absorbs"]


def absorbs(item: Item) -> Against:
    """What an Absorption takes: energy (Hero Designer's OPTIONID ENERGY, or "energy" in its
    name or text) or physical."""
    words = f"{item.name} {item.text}".lower()
    return Against.ED if 'OPTIONID="ENERGY"' in item.hdc or "energy" in words else Against.PD


def _into(item: Item) -> str:
    found = re.search(r'INPUT="([^"]*)"', item.hdc)
    return characteristic_named(f"{item.name} {found[1] if found else ''} {item.text}") or "STR"


def absorbed(game: Game, target: Character, against: Against, body: int, roller: Roller) -> tuple[str, ...]:
    """``target`` hit by ``body`` BODY of an attack against ``against``: each Absorption of that
    kind rolls and takes what it can; what the damage line says of it."""
    notes = []
    for item in get_hero(game, target).items:
        if item.xmlid != "ABSORPTION" or item.levels <= 0 or item.parent or absorbs(item) is not against:
            continue
        dice = DiceAmount(whole=item.levels)
        rolled = roll(dice, roller)
        taken = min(rolled.total, body)
        name = _into(item)
        gained = _put(game, target, Adjusted("Aid", name, taken, _rate(item)), dice_top(dice)) if taken else 0
        notes.append(f"{item.name} {dice} rolls {rolled.total} ({rolled.faces_text()}): takes {taken} BODY, "
                     f"{character_points(gained)} of {name}, {name} {get_sheet(game, target).base(name)}")
    return tuple(notes)
