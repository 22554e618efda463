"""Adjustment Powers in play: Drain, Aid, Transfer, Healing and Suppress of a characteristic or
a power, and their return by game time, in a fight and after it (RULES ADJUSTMENT POWERS,
RETURN RATE; the engine's rules: rules/champions/adjustment.py).

Beside game/harm.py: :func:`adjust` rolls the power as an attack (on oneself, no roll) and
applies its effect. What is on a character is kept in his own store document (kind
``"adjusted"``): each :class:`~..rules.champions.adjustment.Adjusted` with the seconds of game
time counted toward its next return, the characteristics' values before, and, out of a fight,
the wall-clock time counted to. In a fight each Post-Segment 12 is 12 seconds
(:func:`return_points`); out of it real time counts, caught up whenever he is looked at
(:func:`catch_up`: +sheet, +combat/status, GMCP, joining a fight). ``+combat/undo`` and
``@reboot`` keep it as any document. A Drained characteristic is moved on the sheet; a Drained
power keeps its build and is used at its dice less the points (:func:`as_adjusted`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import attrs

from ..rules.champions.adjustment import (
    ADJUSTABLE,
    RETURN_RATES,
    TURN_SECONDS,
    Adjusted,
    adjusted_dice,
    change_of,
    dice_top,
    drain_points,
    elapsed,
    healed,
    power_named,
    rate_named,
)
from ..rules.champions.dcs import AttackKind
from ..rules.champions.powers import POWERS
from ..rules.champions.rolls import attack_roll
from ..rules.dice import DiceAmount, DiceRoll, Roller, roll
from ..rules.errors import RulesError
from ..values import frozen
from . import battlefield, gmcp, harm
from . import combat as fights
from .attacks import AttackOrder, AttackRolled, _end, _ocv_parts
from .hero import AttackPower, HeroSheet, Item, get_hero
from .lasting import ADJUSTED_KIND
from .sheets import get_sheet, save_sheet
from .unit import keep, load, preload

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["ADJUSTED_KIND", "KINDS", "Adjustment", "OnHim", "PointsReturn", "adjust", "adjustment_powers",
           "as_adjusted", "catch_up", "held", "out_of_fight", "restore", "return_points"]

#: AttackPower.versus of each adjustment power +attack uses, by Hero Designer XMLID.
KINDS = {"DRAIN": "Drain", "AID": "Aid", "TRANSFER": "Transfer", "HEALING": "Healing", "SUPPRESS": "Suppress"}
#: Those a character uses on himself or a friend (no roll on himself).
HELPING = ("Aid", "Healing")
#: Those Power Defense stands against (HERO 5E revised).
AGAINST_POWER_DEFENSE = ("Drain", "Transfer", "Suppress")


@frozen
class OnHim:
    """What Adjustment Powers left on one character: the effects, each characteristic's value
    before them, and the wall-clock time counted to (None while he is in a fight)."""

    effects: tuple[Adjusted, ...] = ()
    before: tuple[tuple[str, int], ...] = ()
    stamp: float | None = None

    def to_doc(self) -> dict[str, Any]:
        return {"effects": [attrs.asdict(e) for e in self.effects], "before": [list(b) for b in self.before],
                "stamp": self.stamp}

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> OnHim:
        return cls(tuple(Adjusted(**e) for e in doc.get("effects", ())),
                   tuple((str(n), int(v)) for n, v in doc.get("before", ())), doc.get("stamp"))


def held(game: Game, char: Character) -> OnHim:
    """What is on ``char`` as stored (no time counted: :func:`catch_up` counts it)."""
    return load(game.store, ADJUSTED_KIND, str(char.id), OnHim.from_doc) or OnHim()


def _save(game: Game, char: Character, on: OnHim) -> None:
    """Keep ``on`` and set each characteristic it touches to its value before plus the net of
    what is still on it (back to the value before when nothing is)."""
    live = tuple(e for e in on.effects if e.points > 0)
    names = {e.characteristic for e in live if not e.power}
    before = dict(on.before)
    kept = OnHim(live, tuple((n, v) for n, v in on.before if n in names), on.stamp)
    keep(game.store, ADJUSTED_KIND, str(char.id), kept if kept.effects else None, OnHim.to_doc)
    sheet = get_sheet(game, char)
    if before:
        stats = dict(sheet.stats)
        for name, value in before.items():
            stats[name] = value + change_of(name, sum(e.signed for e in live if e.characteristic == name
                                                      and not e.power))
        sheet = save_sheet(game, attrs.evolve(sheet, stats=stats))
    gmcp.send_vitals_and_status(game, char, sheet)  # Char.Status lists what is on him


def _pass(on: OnHim, seconds: int) -> tuple[OnHim, list[tuple[Adjusted, Adjusted]]]:
    """``seconds`` of game time on each effect: the new value and (before, after) of those that moved."""
    moved = []
    effects = []
    for effect in on.effects:
        after = elapsed(effect, seconds)
        effects.append(after)
        if after.points != effect.points:
            moved.append((effect, after))
    return attrs.evolve(on, effects=tuple(effects)), moved


def catch_up(game: Game, char: Character) -> OnHim:
    """Count the real time since he was last looked at, out of a fight (1 Turn is 12 seconds);
    written only when some points came back, or he went into or out of a fight."""
    on = held(game, char)
    if not on.effects:
        return on
    now = game.clock()
    in_fight = fights.fight_of(game, char) is not None
    if on.stamp is None:
        if not in_fight:
            on = attrs.evolve(on, stamp=now)
            _save(game, char, on)
        return on
    seconds = int(now - on.stamp)
    after, moved = _pass(on, seconds)
    if moved or in_fight:
        after = attrs.evolve(after, stamp=None if in_fight else on.stamp + seconds)
        _save(game, char, after)
        return held(game, char)
    return on


def out_of_fight(game: Game, char: Character) -> None:
    """He leaves a fight, or it ends: a Suppress he is under, or that he keeps up on anyone in
    it, stops and its points are back at once (HERO 5E revised: a Constant power); the rest keep
    returning by real time from now."""
    on = held(game, char)
    if on.effects:
        _save(game, char, attrs.evolve(on, effects=tuple(e for e in on.effects if e.kind != "Suppress"),
                                       stamp=game.clock()))
    fight = fights.fight_of(game, char)
    for fighter in fight.fighters if fight is not None else ():
        other = game.characters.get(fighter.char_id)
        theirs = held(game, other) if other is not None and other.id != char.id else OnHim()
        if other is not None and any(e.kind == "Suppress" and e.by == char.id for e in theirs.effects):
            _save(game, other, attrs.evolve(theirs, effects=tuple(
                e for e in theirs.effects if not (e.kind == "Suppress" and e.by == char.id))))


def restore(game: Game, char: Character, fighter: fights.Fighter | None = None) -> None:
    """He is out of the fight: :func:`out_of_fight` (kept for callers of the earlier name)."""
    out_of_fight(game, char)


# --- what a power works on -----------------------------------------------------------------
def _aim(power: AttackPower, item: Item | None) -> tuple[str | None, str | None]:
    """What it works on (a characteristic, or a power's XMLID) and, for a Transfer, what it gives."""
    texts = [power.name] + ([item.text] if item is not None else [])
    for text in texts:
        named = re.findall(r"[A-Za-z]+", text.upper())
        found = [w for w in named if w in ADJUSTABLE]
        if found:
            return found[0], found[1] if len(found) > 1 else found[0]
    for text in texts:
        xmlid = power_named(text.replace(power.versus, " ", 1))
        if xmlid is not None:
            return f"#{xmlid}", None
    return ("BODY", None) if power.versus == "Healing" else (None, None)


def _rate(item: Item | None) -> int:
    """The step of the Time Chart its points return over: Delayed Return Rate (HERO 5E revised)."""
    mod = next((m for m in item.modifiers if m.xmlid == "DELAYEDRETURNRATE"), None) if item is not None else None
    if mod is None:
        return 0
    return RETURN_RATES.index(rate_named(f"{mod.option} {mod.name} {mod.text}"))


def adjustment_powers(hero: HeroSheet) -> list[AttackPower]:
    """The sheet's Adjustment Powers as powers +attack can use."""
    return [AttackPower(name=item.name, dice=DiceAmount(whole=item.levels), kind=AttackKind.NORMAL,
                        versus=KINDS[item.xmlid], end=item.end, active=item.active, ranged=item.ranged,
                        item_id=item.id)
            for item in hero.items if item.xmlid in KINDS and item.levels > 0]


def _target_power(game: Game, char: Character, xmlid: str) -> Item | None:
    return next((i for i in get_hero(game, char).items if i.xmlid == xmlid and i.levels > 0), None)


def as_adjusted(game: Game, char: Character, power: AttackPower) -> AttackPower:
    """``power`` as Drained, Aided or Suppressed now: its dice for its Active Points after the
    points on it (HERO 5E revised)."""
    on = catch_up(game, char)
    net = sum(e.signed for e in on.effects if e.power == power.item_id)
    item = next((i for i in get_hero(game, char).items if i.id == power.item_id), None)
    if not net or item is None or item.xmlid not in POWERS:
        return power
    dice = adjusted_dice(power.dice, int(POWERS[item.xmlid].per_level), item.active, item.base, net)
    if dice is None:
        raise RulesError(f"{power.name} is Drained to nothing: it works again as its points return.")
    return attrs.evolve(power, dice=dice)


# --- using one -----------------------------------------------------------------------------
@frozen
class Adjustment:
    """An Adjustment Power used: the attack roll (None: on himself), the effect dice, Power
    Defense, the points, what it works on and its value after; a Transfer's gain."""

    rolled: AttackRolled | None
    user: str
    target: str
    name: str
    kind: str
    characteristic: str  #: or a power's name
    amount: DiceAmount
    dice: DiceRoll | None
    defense: int
    points: int
    value: str | None  #: ``8`` (a characteristic), ``5½d6`` (a power); None: a miss
    spent: harm.Spent
    end_parts: tuple[tuple[int, str], ...]
    rate: str = "Turn"
    gained: int = 0  #: a Transfer: Character Points the user gained
    gained_to: str = ""
    gained_value: str = ""

    @property
    def hit(self) -> bool:
        return self.rolled is None or bool(self.rolled.roll.hit)


def power_defense(game: Game, char: Character) -> int:
    """The Power Defense on ``char``'s sheet (HERO 5E revised)."""
    return sum(i.levels for i in get_hero(game, char).items if i.xmlid == "POWERDEFENSE" and not i.parent)


def _put(game: Game, char: Character, effect: Adjusted, top: int | None = None) -> int:
    """Add ``effect`` to what is on ``char`` (one of each kind on each thing: its points add, up
    to ``top`` in all); the points added."""
    on = catch_up(game, char)
    mine = next((e for e in on.effects if (e.kind, e.characteristic, e.power) ==
                 (effect.kind, effect.characteristic, effect.power)), None)
    already = mine.points if mine is not None else 0
    total = already + effect.points if top is None else min(already + effect.points, max(top, already))
    before = on.before
    if not effect.power and effect.characteristic not in dict(before):
        before += ((effect.characteristic, get_sheet(game, char).base(effect.characteristic)),)
    new = attrs.evolve(effect, points=total, clock=mine.clock if mine is not None else 0)
    effects = tuple(e for e in on.effects if e is not mine) + (new,)
    _save(game, char, attrs.evolve(on, effects=effects, before=before))
    return total - already


def _shown(game: Game, char: Character, aim: str, item: Item | None) -> str:
    """The value after: the characteristic's, or the power's dice."""
    if item is None:
        return str(get_sheet(game, char).base(aim))
    power = next((p for p in adjustment_powers(get_hero(game, char)) if p.item_id == item.id), None)
    base = power or AttackPower(name=item.name, dice=DiceAmount(whole=item.levels), kind=AttackKind.NORMAL,
                                versus="", end=0, active=item.active, ranged=False, item_id=item.id)
    try:
        return str(as_adjusted(game, char, base).dice)
    except RulesError:
        return "nothing"


def _roll(game: Game, user: Character, target: Character, order: AttackOrder, roller: Roller) -> AttackRolled | None:
    power = order.power
    assert power is not None
    if user.id == target.id:
        return None
    parts = _ocv_parts(game, user, order, power.dice)
    base = get_sheet(game, user).base("OCV")
    dcv = fights.target_dcv(game, target)
    parts, dcv = battlefield.sighted(game, user, target, order, base, parts, dcv)
    verb = {"Aid": "Aids", "Healing": "Heals"}.get(power.versus, "attacks")
    return AttackRolled(user.name, target.name, verb, power.name, None, base, parts, dcv,
                        attack_roll(base + sum(n for n, _ in parts), dcv.dcv, roller))


def adjust(game: Game, user: Character, target: Character, order: AttackOrder, roller: Roller) -> Adjustment:
    """Roll an Adjustment Power at ``target`` (an attack roll against his DCV; none on oneself)
    and apply its effect (RULES ADJUSTMENT POWERS)."""
    power = order.power
    assert power is not None
    kind = power.versus
    item = next((i for i in get_hero(game, user).items if i.id == power.item_id), None)
    aim, gives = _aim(power, item)
    gives = gives if kind == "Transfer" else None
    if aim is None:
        raise RulesError(f"Name what {power.name} works on in its name, a characteristic or a power: "
                         f"+power {kind} STR={kind.lower()} {power.dice}.")
    if user.id == target.id and kind not in HELPING:
        raise RulesError(f"{kind} works on someone else.")
    aimed = _target_power(game, target, aim[1:]) if aim.startswith("#") else None
    if aim.startswith("#") and aimed is None:
        raise RulesError(f"{target.name} has no {POWERS[aim[1:]].name} for {power.name} to work on.")
    label = aimed.name if aimed is not None else aim
    vital = {"BODY": "body", "STUN": "stun", "END": "end"}.get(aim)
    if kind == "Healing" and vital is None:
        raise RulesError("Healing restores lost BODY, STUN or END: name one in the power's name.")
    rolled = _roll(game, user, target, order, roller)
    rate = _rate(item)
    dice, defense, points, value, gained, gained_value = None, 0, 0, None, 0, ""
    if rolled is None or rolled.roll.hit:
        dice = roll(power.dice, roller)
        defense = power_defense(game, target) if kind in AGAINST_POWER_DEFENSE else 0
        points = drain_points(dice.total, defense)
        if kind == "Healing":
            sheet = get_sheet(game, target)
            assert vital is not None
            now = {"body": sheet.current_body, "stun": sheet.current_stun, "end": sheet.current_end}[vital]
            top = {"body": sheet.max_body, "stun": sheet.max_stun, "end": sheet.max_end}[vital]
            save_sheet(game, sheet.with_vitals(**{vital: healed(aim, points, now, top)}))
            value = str(getattr(get_sheet(game, target), f"current_{vital}"))
        else:
            effect = Adjusted("Aid" if kind == "Aid" else "Suppress" if kind == "Suppress" else "Drain", label,
                              points, rate, power=aimed.id if aimed is not None else "",
                              by=user.id if kind == "Suppress" else 0)
            most = dice_top(power.dice) if kind == "Aid" else None
            points = _put(game, target, effect, most)
            value = _shown(game, target, aim, aimed)
            if kind == "Transfer" and gives is not None:
                gained = _put(game, user, Adjusted("Aid", gives, points, rate), dice_top(power.dice))
                gained_value = str(get_sheet(game, user).base(gives))
    spent, end_parts = _end(game, user, 0, order, roller)
    return Adjustment(rolled, user.name, target.name, power.name, kind, label, power.dice, dice, defense, points, value,
                      spent,
                      end_parts, RETURN_RATES[rate].name, gained, gives or "", gained_value)


# --- Post-Segment 12 ----------------------------------------------------------------------
@frozen
class PointsReturn:
    """Post-Segment 12: Character Points of a Drain came back, or of an Aid faded."""

    name: str
    kind: str
    characteristic: str
    back: int  #: Character Points back (or faded) now
    points: int  #: left on him
    value: str


def return_points(game: Game, fight: fights.Fight) -> tuple[fights.Fight, list[PointsReturn]]:
    """Post-Segment 12: a Turn (12 seconds) of game time on what is on everyone in the fight;
    5 Character Points come back or fade for each step of its rate passed (HERO 5E revised)."""
    events = []
    fights.save_fight(game, fight)
    preload(game.store, ADJUSTED_KIND, [str(f.char_id) for f in fight.fighters])
    for fighter in fight.fighters:
        char = game.characters.get(fighter.char_id)
        if char is None:
            continue
        on = held(game, char)
        if not on.effects:
            continue
        after, moved = _pass(on, TURN_SECONDS)
        _save(game, char, attrs.evolve(after, stamp=None))
        for was, now in moved:
            item = next((i for i in get_hero(game, char).items if i.id == now.power), None) if now.power else None
            events.append(PointsReturn(char.name, now.kind, now.characteristic, was.points - now.points, now.points,
                                       _shown(game, char, now.characteristic, item)))
    return fights.get_fight(game, fight.room) or fight, events


# --- who is under what ----------------------------------------------------------------------
def turns_text(points: int, every: str) -> str:
    """``all back in 3 Turns``: 5 points a step, its last step."""
    steps = -(-points // 5)
    return f"{steps} {every}{'s' if steps != 1 and not every.endswith('s') else ''}"


def lasting(game: Game, char: Character) -> list[tuple[str, str]]:
    """What Adjustment Powers left on ``char``, each (what, when it ends): ``Drained STR (12 CP,
    5/Turn back)``, ``all back in 3 Turns``."""
    found = []
    for effect in held(game, char).effects:
        if effect.kind == "Suppress":
            found.append((f"Suppressed {effect.characteristic} ({effect.points} CP)",
                          "until its user stops: he leaves the fight or it ends"))
            continue
        past, way = ("Drained", "back") if effect.kind == "Drain" else ("Aided", "fade")
        found.append((f"{past} {effect.characteristic} ({effect.points} CP, 5/{effect.every.name} {way})",
                      f"all {'back' if way == 'back' else 'faded'} in {turns_text(effect.points, effect.every.name)}"))
    return found
