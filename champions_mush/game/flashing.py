"""Flashes in a fight: rolled as an attack, kept on the tracker Segment by Segment (RULES FLASH).

Beside game/entangling.py: :func:`flash` rolls a Flash power as an attack; a hit counts the BODY
of its dice as normal damage, less the target's Flash Defense for the Sense Group, and the
target's :class:`~.combat.Fighter` keeps (group, last Segment) until then. Without his Sight
Group he is at ½ DCV (:func:`combat.target_dcv`) and ½ OCV hand-to-hand, 0 OCV at range
(game/attacks.py reads :attr:`~.combat.Fighter.unseeing`). :func:`senses_return`, at each new Segment, gives
back every group whose last Segment is past. The engine's rules: rules/champions/senses.py.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import attrs

from ..rules.champions.damage import NormalDamage, roll_normal
from ..rules.champions.dcs import AttackKind
from ..rules.champions.rolls import attack_roll
from ..rules.champions.senses import (
    DEFAULT_GROUP,
    SENSE_GROUPS,
    SenseGroup,
    flash_segments,
    flashed_through,
)
from ..rules.dice import DiceAmount, Roller
from ..rules.errors import RulesError
from ..values import frozen
from . import combat as fights
from . import harm
from .attacks import AttackOrder, AttackRolled, _end, _ocv_parts
from .hero import AttackPower, HeroSheet, Item, get_hero
from .sheets import get_sheet

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["FLASH", "Flashed", "SenseBack", "flash", "flash_defense_of", "flash_powers",
           "group_of", "senses_return"]

#: What a Flash power works against, as AttackPower.versus says it.
FLASH = "Flash"
_OPTIONID = re.compile(r'OPTIONID="([A-Z]+)"')


def group_of(item: Item) -> SenseGroup:
    """The Sense Group a Flash or Flash Defense is bought for: typed (``versus``), imported
    (Hero Designer's OPTIONID), else the Sight Group."""
    found = _OPTIONID.search(item.hdc) if item.hdc else None
    key = item.versus if item.versus in SENSE_GROUPS else found[1] if found else DEFAULT_GROUP
    return SENSE_GROUPS.get(key, SENSE_GROUPS[DEFAULT_GROUP])


def flash_powers(hero: HeroSheet) -> list[AttackPower]:
    """The sheet's Flashes as powers +attack can use (ranged unless bought No Range)."""
    return [AttackPower(name=item.name, dice=DiceAmount(whole=item.levels), kind=AttackKind.NORMAL, versus=FLASH,
                        end=item.end, active=item.active, item_id=item.id, modifiers=item.modifiers,
                        ranged=not any(m.xmlid == "NORANGE" for m in item.modifiers))
            for item in hero.items if item.xmlid == "FLASH" and item.levels > 0]


def flash_defense_of(game: Game, char: Character, group: SenseGroup) -> int:
    """Flash Defense bought for ``group`` on ``char``'s sheet (HERO 5E: one Sense Group each)."""
    return sum(i.levels for i in get_hero(game, char).items
               if i.xmlid == "FLASHDEFENSE" and not i.parent and group_of(i) == group)


@frozen
class Flashed:
    """A Flash used: the attack roll, the dice, Flash Defense, the Segments (None: a miss)."""

    rolled: AttackRolled
    amount: DiceAmount
    group: SenseGroup
    damage: NormalDamage | None
    defense: int
    segments: int
    turn: int
    segment: int  #: the last Segment lost, of Turn ``turn``
    spent: harm.Spent
    end_parts: tuple[tuple[int, str], ...]

    @property
    def hit(self) -> bool:
        return bool(self.rolled.roll.hit)


def _item(game: Game, attacker: Character, power: AttackPower) -> Item:
    item = next((i for i in get_hero(game, attacker).items if i.id == power.item_id), None)
    if item is None:
        raise RulesError(f"{power.name} is no longer on {attacker.name}'s sheet.")
    return item


def flash(game: Game, attacker: Character, target: Character, order: AttackOrder, roller: Roller) -> Flashed:
    """Roll a Flash at ``target``: a hit's BODY less his Flash Defense is the Segments his Sense
    Group is lost, counted from this one; a longer Flash of the same group replaces a shorter."""
    power = order.power
    assert power is not None
    group = group_of(_item(game, attacker, power))
    fight = fights.fight_of(game, target)
    if fight is None:
        raise RulesError(f"{target.name} is not in a fight.")
    parts = _ocv_parts(game, attacker, order, power.dice)
    base = get_sheet(game, attacker).base("OCV")
    dcv = fights.target_dcv(game, target)
    rolled = AttackRolled(attacker.name, target.name, "Flashes", power.name, None, base, parts, dcv,
                          attack_roll(base + sum(n for n, _ in parts), dcv.dcv, roller))
    damage, defense, segments = None, 0, 0
    last = fights.segment_count(fight.turn, fight.segment)
    if rolled.roll.hit:
        damage = roll_normal(power.dice, roller)
        defense = flash_defense_of(game, target, group)
        segments = flash_segments(damage.body, defense)
        if segments:
            last = flashed_through(last, segments)
            fighter = fight.fighter(target.id)
            kept = dict(fighter.flashed if fighter is not None else ())
            kept[group.key] = max(kept.get(group.key, 0), last)
            fights.update_fighter(game, target, flashed=tuple(kept.items()))
    spent, parts_end = _end(game, attacker, 0, order, roller)
    turn, segment = fights.turn_and_segment(last)
    return Flashed(rolled, power.dice, group, damage, defense, segments, turn, segment, spent, parts_end)


@frozen
class SenseBack:
    """A new Segment: a Flash on ``name`` is over and the group is his again."""

    name: str
    group: str


def senses_return(fight: fights.Fight, segment: int) -> tuple[fights.Fight, list[SenseBack]]:
    """Each Flash whose last Segment is before ``segment`` (counted from the fight's start) ends."""
    events = []
    for fighter in fight.fighters:
        over = [g for g, last in fighter.flashed if last < segment]
        if over:
            kept = tuple((g, last) for g, last in fighter.flashed if g not in over)
            fight = fight.with_fighter(attrs.evolve(fighter, flashed=kept))
            events += [SenseBack(fighter.name, SENSE_GROUPS[g].name) for g in over]
    return fight, events
