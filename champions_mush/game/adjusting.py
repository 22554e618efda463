"""Drain and Aid of a characteristic in a fight, kept by the tracker (RULES DRAIN AND AID).

Beside game/harm.py: :func:`adjust` rolls a Drain or Aid power as an attack; a hit rolls the
effect (the dice's total in Character Points, less Power Defense for a Drain; an Aid no more than
its dice's most) and moves the characteristic on the sheet by those points at its cost. The
:class:`~.combat.Fighter` keeps each (kind, characteristic, points left, value before), so
``+combat/status`` shows it, ``+combat/undo`` and ``@reboot`` keep it; :func:`return_points`, in
each Post-Segment 12, gives back (Drain) or takes away (Aid) 5 Character Points of each. The
engine's rules: rules/champions/adjustment.py.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import attrs

from ..rules.champions.adjustment import ADJUSTABLE, Adjusted, aid_points, change_of, drain_points, returned
from ..rules.champions.dcs import AttackKind
from ..rules.champions.rolls import attack_roll
from ..rules.dice import DiceAmount, DiceRoll, Roller, roll
from ..rules.errors import RulesError
from . import combat as fights
from . import harm
from .attacks import AttackOrder, AttackRolled, _end, _ocv_parts
from .hero import AttackPower, HeroSheet, get_hero
from .sheets import get_sheet, save_sheet

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["KINDS", "Adjustment", "PointsReturn", "adjust", "adjustment_powers", "restore", "return_points"]

#: AttackPower.versus of each adjustment power, by Hero Designer XMLID.
KINDS = {"DRAIN": "Drain", "AID": "Aid"}


def characteristic_named(text: str) -> str | None:
    """The first characteristic named in a power's name or text (``Weaken STR`` -> STR)."""
    found = next((w for w in re.findall(r"[A-Za-z]+", text.upper()) if w in ADJUSTABLE), None)
    return found


def adjustment_powers(hero: HeroSheet) -> list[AttackPower]:
    """The sheet's Drains and Aids as powers +attack can use."""
    return [AttackPower(name=item.name, dice=DiceAmount(whole=item.levels), kind=AttackKind.NORMAL,
                        versus=KINDS[item.xmlid], end=item.end, active=item.active, ranged=False, item_id=item.id)
            for item in hero.items if item.xmlid in KINDS and item.levels > 0]


def _held(fighter: fights.Fighter) -> list[tuple[Adjusted, int]]:
    return [(Adjusted(k, c, p), before) for k, c, p, before in fighter.adjusted]


def _apply(game: Game, char: Character, entries: list[tuple[Adjusted, int]], names: set[str]) -> None:
    """Set each characteristic in ``names`` to its value before plus the net of what is on it."""
    sheet = get_sheet(game, char)
    stats = dict(sheet.stats)
    for name in names:
        on = [(a, before) for a, before in entries if a.characteristic == name]
        if on:
            stats[name] = on[0][1] + change_of(name, sum(a.signed for a, _ in on))
    save_sheet(game, attrs.evolve(sheet, stats=stats))
    fights.update_fighter(game, char, adjusted=tuple((a.kind, a.characteristic, a.points, before)
                                                     for a, before in entries if a.points > 0))


@attrs.frozen
class Adjustment:
    """A Drain or Aid used: the attack roll, the effect dice, Power Defense, the points and the
    characteristic after (None: a miss)."""

    rolled: AttackRolled
    kind: str
    characteristic: str
    amount: DiceAmount
    dice: DiceRoll | None
    defense: int
    points: int
    value: int | None
    spent: harm.Spent
    end_parts: tuple[tuple[int, str], ...]

    @property
    def hit(self) -> bool:
        return bool(self.rolled.roll.hit)


def _power_defense(game: Game, char: Character) -> int:
    return sum(i.levels for i in get_hero(game, char).items if i.xmlid == "POWERDEFENSE" and not i.parent)


def adjust(game: Game, attacker: Character, target: Character, order: AttackOrder, roller: Roller) -> Adjustment:
    """Roll a Drain or Aid at ``target`` (an attack roll against his DCV) and apply its effect."""
    power = order.power
    assert power is not None
    item = next((i for i in get_hero(game, attacker).items if i.id == power.item_id), None)
    name = characteristic_named(power.name) or (characteristic_named(item.text) if item is not None else None)
    if name is None:
        raise RulesError(f"Name the characteristic {power.name} works on in its name: +power {power.versus} STR="
                         f"{power.versus.lower()} {power.dice}.")
    parts = _ocv_parts(game, attacker, order, power.dice)
    base = get_sheet(game, attacker).base("OCV")
    dcv = fights.target_dcv(game, target)
    rolled = AttackRolled(attacker.name, target.name, "attacks" if power.versus == "Drain" else "Aids",
                          power.name, None, base, parts, dcv, attack_roll(base + sum(n for n, _ in parts), dcv.dcv,
                                                                          roller))
    dice, defense, points, value = None, 0, 0, None
    fight = fights.fight_of(game, target)
    if rolled.roll.hit and fight is not None:
        dice = roll(power.dice, roller)
        entries = _held(fight.member(target.id))
        mine = next((a for a, _ in entries if a.kind == power.versus and a.characteristic == name), None)
        if power.versus == "Drain":
            defense = _power_defense(game, target)
            points = drain_points(dice.total, defense)
        else:
            points = aid_points(dice.total, power.dice, mine.points if mine else 0)
        before = next((b for a, b in entries if a.characteristic == name), get_sheet(game, target).base(name))
        entries = [(a, b) for a, b in entries if a is not mine]
        entries.append((Adjusted(power.versus, name, (mine.points if mine else 0) + points), before))
        _apply(game, target, entries, {name})
        value = get_sheet(game, target).base(name)
    spent, end_parts = _end(game, attacker, 0, order, roller)
    return Adjustment(rolled, power.versus, name, power.dice, dice, defense, points, value, spent, end_parts)


@attrs.frozen
class PointsReturn:
    """Post-Segment 12: 5 Character Points of a Drain came back or of an Aid faded."""

    name: str
    kind: str
    characteristic: str
    points: int  #: left on him
    value: int


def return_points(game: Game, fight: fights.Fight) -> tuple[fights.Fight, list[PointsReturn]]:
    """Post-Segment 12: each Drain and Aid returns 5 Character Points (HERO 5E revised)."""
    events = []
    for fighter in fight.fighters:
        char = game.characters.get(fighter.char_id)
        if char is None or not fighter.adjusted:
            continue
        fights.save_fight(game, fight)
        entries = [(returned(a), before) for a, before in _held(fighter)]
        _apply(game, char, entries, {a.characteristic for a, _ in entries})
        fight = fights.get_fight(game, fight.room) or fight
        sheet = get_sheet(game, char)
        events += [PointsReturn(char.name, a.kind, a.characteristic, a.points, sheet.base(a.characteristic))
                   for a, _ in entries]
    return fight, events


def restore(game: Game, char: Character, fighter: fights.Fighter) -> None:
    """He leaves the fight or it ends: each Drained or Aided characteristic goes back to its value
    before, since the tracker no longer counts the Turns of its return."""
    if not fighter.adjusted:
        return
    sheet = get_sheet(game, char)
    stats = dict(sheet.stats)
    for _, name, _, before in fighter.adjusted:
        stats[name] = before
    save_sheet(game, attrs.evolve(sheet, stats=stats))
