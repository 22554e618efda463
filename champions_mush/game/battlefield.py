"""The battlefield in a fight: areas (Darkness, Force Wall, Change Environment, Images) and the
personal powers a character switches on (Desolidification, Invisibility, Shrinking, Growth,
Density Increase), and what they do to attacks (RULES BATTLEFIELD, SIZE, DEFENSES OF THE GENRE;
the engine's rules: rules/champions/battlefield.py).

Both are kept on the fight (:attr:`~.combat.Fight.areas`, :attr:`~.combat.Fighter.using`), so
``+combat/undo`` and ``@reboot`` keep them and an attack reads nothing more; they end with the
fight, an area when its maker leaves it. For an attack: :func:`sighted` halves the OCV of one who
cannot see his target and the DCV of one who cannot see his attacker; :func:`stops` is
Desolidification, Missile Deflection, a Force Wall in the way, and Life Support against a No
Normal Defense attack; :func:`kb_inches` is what resists Knockback; :func:`size_dcv` is Shrinking
and Growth in the DCV the tracker gives.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

import attrs

from ..rules.champions.battlefield import (
    FRINGE_INCHES,
    Area,
    deflects,
    growth,
    shrinking,
    wall_holds,
)
from ..rules.champions.damage import KillingDamage, NormalDamage
from ..rules.champions.defenses import Against, Defenses, Delivery
from ..rules.champions.knockback import KBModifier
from ..rules.champions.rolls import AttackRoll, attack_roll
from ..rules.champions.senses import unperceived_dcv, unperceived_ocv
from ..rules.dice import Roller
from ..rules.errors import RulesError
from ..values import frozen
from . import combat as fights
from . import gmcp, harm
from .genre import item_words, life_support
from .hero import Item, get_hero
from .sheets import get_sheet

if TYPE_CHECKING:
    from .attacks import AttackOrder
    from .objects import Character
    from .world import Game

__all__ = ["AREA_KINDS", "PERSONAL", "Placed", "PowersKept", "Switched", "areas_of", "clinging", "end_area",
           "guarded", "kb_inches", "lack_of_weakness", "lasting", "mark", "place",
           "sees", "sighted", "size_dcv", "stop", "stops", "switch", "upkeep"]

#: Powers that make an area (the GM marks who is inside: +area).
AREA_KINDS = {"DARKNESS": "Darkness", "FORCEWALL": "Force Wall", "CHANGEENVIRONMENT": "Change Environment",
              "IMAGES": "Images"}
#: Powers a character switches on for himself.
PERSONAL = {"DESOLIDIFICATION": "Desolidified", "INVISIBILITY": "Invisible", "SHRINKING": "Shrunk",
            "GROWTH": "Grown", "DENSITYINCREASE": "Dense"}
#: Conditions that halve DCV already: ½ DCV for not seeing the attacker does not add to them.
_HALVED = ("Stunned", "Prone", "Recovering", "Braced", "Awed")


def _tell(game: Game, ids: Iterable[int]) -> None:
    """GMCP ``Char.Status`` (its ``effects``) to each of ``ids`` whose effects changed."""
    for char_id in dict.fromkeys(ids):
        char = game.characters.get(char_id)
        if char is not None:
            gmcp.send_vitals_and_status(game, char, get_sheet(game, char))


def _fighter(game: Game, char: Character) -> fights.Fighter | None:
    fight = fights.fight_of(game, char)
    return fight.fighter(char.id) if fight is not None else None


# --- switching on and placing ---------------------------------------------------------------
@frozen
class Switched:
    """A personal power switched on or off."""

    name: str
    power: str
    what: str  #: ``Desolidified``
    on: bool


@frozen
class Placed:
    """An area made: its number and who is inside (or behind it)."""

    area: Area
    names: tuple[str, ...]


def _levels(item: Item) -> int:
    return max(item.levels, 0)


def switch(game: Game, char: Character, item: Item) -> Switched:
    """Switch on a personal power (a Zero Phase Action, HERO 5E revised)."""
    fighter = _fighter(game, char)
    if fighter is None:
        raise RulesError(f"{char.name} is not in a fight: powers are switched on in one (+combat/join).")
    flag = 1 if item.xmlid == "INVISIBILITY" and "NO FRINGE" in item_words(item).replace("NOFRINGE", "NO FRINGE") else 0
    levels = flag if item.xmlid == "INVISIBILITY" else _levels(item)
    using = tuple(u for u in fighter.using if u[0] != item.id) + ((item.id, item.xmlid, levels, item.name),)
    fights.update_fighter(game, char, using=using)
    _tell(game, [char.id])
    return Switched(char.name, item.name, PERSONAL[item.xmlid], True)


def _area_numbers(item: Item) -> dict[str, int]:
    """A Force Wall's PD and ED (Hero Designer's PDLEVELS/EDLEVELS, else its levels both), a Change
    Environment's -OCV and -PER (``-2 OCV``, ``-3 PER`` in its name), Images' -PER."""
    words = item_words(item)
    found = {}
    if item.xmlid == "FORCEWALL":
        pd = re.search(r'PDLEVELS="([0-9]+)"', item.hdc)
        ed = re.search(r'EDLEVELS="([0-9]+)"', item.hdc)
        found["pd"] = int(pd[1]) if pd else _levels(item)
        found["ed"] = int(ed[1]) if ed else _levels(item)
    for key in ("OCV", "PER"):
        number = re.search(rf"-\s*([0-9]{{1,2}})\s*{key}", words)
        if number:
            found[key.lower()] = int(number[1])
    if item.xmlid == "IMAGES" and "per" not in found:
        found["per"] = _levels(item)
    return found


def place(game: Game, char: Character, item: Item, inside: list[Character]) -> Placed:
    """Make an area with ``inside`` in it (behind it, for a Force Wall): the GM changes who is
    with +area. It lasts until its maker stops it or leaves the fight."""
    fight = fights.fight_of(game, char)
    if fight is None:
        raise RulesError(f"{char.name} is not in a fight: areas are made in one (+combat/join).")
    number = max((a.number for a in fight.areas), default=0) + 1
    immune = "PERSONALIMMUNITY" in item_words(item).replace(" ", "")
    area = Area(number, AREA_KINDS[item.xmlid], char.id, char.name, item.name, tuple(c.id for c in inside),
                immune=immune, **_area_numbers(item))
    fights.save_fight(game, attrs.evolve(fight, areas=fight.areas + (area,)))
    _tell(game, area.inside)
    return Placed(area, tuple(c.name for c in inside))


def stop(game: Game, char: Character, item: Item) -> str:
    """Switch off a personal power, or end an area of this power he made: what ended."""
    fight = fights.fight_of(game, char)
    fighter = fight.fighter(char.id) if fight is not None else None
    if fight is None or fighter is None:
        raise RulesError(f"{char.name} is not in a fight.")
    if any(u[0] == item.id for u in fighter.using):
        fights.update_fighter(game, char, using=tuple(u for u in fighter.using if u[0] != item.id))
        _tell(game, [char.id])
        return f"{char.name} is no longer {PERSONAL[item.xmlid]} ({item.name})."
    mine = [a for a in fight.areas if a.by == char.id and a.name == item.name]
    if not mine:
        raise RulesError(f"{item.name} is not in use.")
    fights.save_fight(game, attrs.evolve(fight, areas=tuple(a for a in fight.areas if a not in mine)))
    _tell(game, [i for a in mine for i in a.inside])
    return f"{char.name}'s {mine[0].kind} ({item.name}) ends."


def mark(game: Game, room: int, number: int, inside: list[Character]) -> Area:
    """The GM says who is inside area ``number`` (behind it, for a Force Wall)."""
    fight = fights.get_fight(game, room)
    area = next((a for a in fight.areas if a.number == number), None) if fight is not None else None
    if fight is None or area is None:
        raise RulesError(f"There is no area #{number} in this fight (+area lists them).")
    new = attrs.evolve(area, inside=tuple(c.id for c in inside))
    fights.save_fight(game, attrs.evolve(fight, areas=tuple(new if a is area else a for a in fight.areas)))
    _tell(game, area.inside + new.inside)
    return new


def end_area(game: Game, room: int, number: int) -> Area:
    """The GM ends area ``number``."""
    fight = fights.get_fight(game, room)
    area = next((a for a in fight.areas if a.number == number), None) if fight is not None else None
    if fight is None or area is None:
        raise RulesError(f"There is no area #{number} in this fight (+area lists them).")
    fights.save_fight(game, attrs.evolve(fight, areas=tuple(a for a in fight.areas if a is not area)))
    _tell(game, area.inside)
    return area


def areas_of(game: Game, char: Character) -> list[Area]:
    """The areas ``char`` is inside (behind)."""
    fight = fights.fight_of(game, char)
    return [a for a in fight.areas if char.id in a.inside] if fight is not None and fight.areas else []


# --- seeing ---------------------------------------------------------------------------------
def _using(fighter: fights.Fighter | None, xmlid: str) -> tuple[str, str, int, str] | None:
    if fighter is None or not fighter.using:  # most fighters keep up nothing (every attack asks)
        return None
    return next((u for u in fighter.using if u[1] == xmlid), None)


def sees(game: Game, looker: Character, seen: Character, inches: int) -> str:
    """Why ``looker`` cannot see ``seen`` ``inches`` away with his sight, or "" (HERO 5E revised:
    Darkness no sight sees into, out of or through; Invisibility but for its fringe within 1")."""
    fight = fights.fight_of(game, looker)
    if fight is None:
        return ""
    dark = [a for a in fight.areas if a.kind == "Darkness"] if fight.areas else []
    for area in dark:
        if looker.id in area.inside and not (area.immune and area.by == looker.id):
            return f"{looker.name} is in Darkness"
    for area in dark:
        if seen.id in area.inside and not (area.immune and area.by == looker.id):
            return f"{seen.name} is in Darkness"
    invisible = _using(fight.fighter(seen.id), "INVISIBILITY")
    if invisible is not None and (invisible[2] or inches > FRINGE_INCHES):
        return f"{seen.name} is Invisible"
    return ""


def _using_any(fight: fights.Fight) -> bool:
    """Whether anyone in the fight has a power switched on (Invisibility among them)."""
    return any(f.using for f in fight.fighters)


def sighted(game: Game, attacker: Character, target: Character, order: AttackOrder, base: int,
            parts: tuple[tuple[int, str], ...],
            dcv: fights.TargetDCV) -> tuple[tuple[tuple[int, str], ...], fights.TargetDCV]:
    """The attack's OCV parts and the target's DCV with what the two cannot see: an attacker who
    cannot see his target is at ½ OCV hand-to-hand and 0 at range, a target who cannot see his
    attacker at ½ DCV (HERO 5E revised; the same rule as a Flash's, rules/champions/senses.py); a
    Change Environment's -OCV on an attacker inside it."""
    fight = fights.get_fight(game, attacker.location)
    if target.location == attacker.location and (fight is None or not (fight.areas or _using_any(fight))):
        return tuple(p for p in parts if p[0]), dcv  # no area, no power on: nothing hides anyone (most fights)
    ranged = order.power is not None and order.power.ranged
    # a ranged attack with no range said is taken as beyond an Invisible target's fringe
    inches = (order.range if order.range is not None else FRINGE_INCHES + 1) if ranged else 1
    parts = parts + tuple((-area.ocv, f"(in {area.name})") for area in areas_of(game, attacker) if area.ocv)
    why = sees(game, attacker, target, inches)
    fight = fights.fight_of(game, attacker)
    fighter = fight.fighter(attacker.id) if fight is not None else None
    if why and not (fighter is not None and fighter.unseeing):  # a Flash took it already (game/attacks.py)
        ocv = base + sum(n for n, _ in parts)
        parts = parts + ((unperceived_ocv(ocv, ranged) - ocv, f"({'0 at range' if ranged else '1/2'}: {why})"),)
    blind = sees(game, target, attacker, inches)
    if blind and not any(c in _HALVED for c in dcv.why) and dcv.dcv > 0:
        dcv = fights.TargetDCV(dcv.base, dcv.why + (f"1/2: {blind}",), unperceived_dcv(dcv.dcv))
    return tuple(p for p in parts if p[0]), dcv


def size_dcv(fighter: fights.Fighter) -> tuple[int, str]:
    """Shrinking's and Growth's DCV (RULES SIZE) and what it says, or (0, "")."""
    total, said = 0, []
    for _, xmlid, levels, name in fighter.using:
        size = shrinking(levels) if xmlid == "SHRINKING" else growth(levels) if xmlid == "GROWTH" else None
        if size is not None and size.dcv:
            total += size.dcv
            said.append(f"{name} {size.dcv:+d}")
    return total, ", ".join(said)


def kb_inches(game: Game, target: Character) -> tuple[int, str]:
    """Inches of Knockback resisted (negative: more Knockback): Knockback Resistance bought,
    Density Increase and Growth switched on (-1" a level), Shrinking (+3" a level) (RULES SIZE)."""
    total, why = 0, []
    for item in get_hero(game, target).items:
        if item.xmlid == "KBRESISTANCE" and item.levels > 0 and not item.parent:
            total += item.levels
            why.append(item.name)
    for _, xmlid, levels, name in (_fighter(game, target) or fights.Fighter(0, "")).using:
        inches = (levels if xmlid in ("DENSITYINCREASE", "GROWTH") else -shrinking(levels).kb
                  if xmlid == "SHRINKING" else 0)
        if inches:
            total += inches
            why.append(name)
    return total, ", ".join(why)


def clinging(game: Game, target: Character) -> tuple[KBModifier, ...]:
    """RULES KNOCKBACK 3: a target with Clinging takes +1D6 on the Knockback dice."""
    has = any(i.xmlid == "CLINGING" for i in get_hero(game, target).items)
    return (KBModifier.CLINGING,) if has else ()


# --- what stops an attack -------------------------------------------------------------------
@frozen
class Deflected:
    """A Missile Deflection roll against the attack."""

    name: str
    power: str
    ocv: int
    attacker_ocv: int
    roll: AttackRoll


def _deflection(game: Game, attacker: Character, target: Character, order: AttackOrder, ocv: int,
                roller: Roller) -> Deflected | None:
    """Missile Deflection against a ranged attack it covers, unless he is Stunned or Knocked Out:
    11 + his OCV (+ its levels) - the attacker's OCV or less (HERO 5E revised)."""
    power = order.power
    if power is None or not power.ranged:
        return None
    sheet = get_sheet(game, target)
    if sheet.stunned or sheet.knocked_out:
        return None
    for item in get_hero(game, target).items:
        if item.xmlid != "MISSILEDEFLECTION" or item.parent:
            continue
        bought = 20 if not item.hdc else (20 if "ANY" in item_words(item) or "ALL" in item_words(item) else
                                          15 if "BULLET" in item_words(item) else 10 if "ARROW" in item_words(item) else 5)
        if not deflects(bought, power.versus == "PD"):
            continue
        mine = sheet.base("OCV") + _levels(item)
        return Deflected(target.name, item.name, mine, ocv, attack_roll(mine, ocv, roller))
    return None


def _reflect(game: Game, attacker: Character, target: Character, order: AttackOrder, deflected: Deflected,
             roller: Roller, damage: Callable[[], NormalDamage | KillingDamage]) -> str:
    """Missile Deflection with Reflection (its name or Hero Designer's adder says so) sends the
    deflected attack back at the attacker: an attack roll with the deflector's OCV against the
    attacker's DCV; a hit does the attack's damage to him (HERO 5E revised). What is said."""
    item = next((i for i in get_hero(game, target).items if i.name == deflected.power), None)
    if item is None or "REFLECT" not in item_words(item):
        return ""
    dcv = fights.target_dcv(game, attacker).dcv
    roll = attack_roll(deflected.ocv, dcv, roller)
    said = (f"{target.name} reflects it back at {attacker.name}: OCV {deflected.ocv} vs DCV {dcv}: {roll.target} or "
            f"less, rolls {roll.total} ({' '.join(map(str, roll.faces))}): ")
    if not roll.hit:
        return said + "misses."
    rolled = damage()
    against = Against.ED if order.power is not None and order.power.versus == "ED" else Against.PD
    hurt = harm.hurt(game, attacker, rolled, against)
    return (said + f"hits: {rolled.stun} STUN, {rolled.body} BODY; {attacker.name} takes {hurt.taken.stun} STUN and "
            f"{hurt.taken.body} BODY. Now STUN {hurt.sheet.current_stun}, BODY {hurt.sheet.current_body}.")


def _nnd_defense(order: AttackOrder) -> str:
    """The defense a No Normal Defense attack names (its modifier's words)."""
    power = order.power
    mod = next((m for m in power.modifiers if m.xmlid == "NND"), None) if power is not None else None
    return f"{mod.name} {mod.text} {mod.option}".upper() if mod is not None else ""


def stops(game: Game, attacker: Character, target: Character, order: AttackOrder, ocv: int, roller: Roller,
          damage: Callable[[], NormalDamage | KillingDamage]) -> tuple[list[str], bool]:
    """What stops a hit before it reaches ``target``, in order: Life Support against an NND that
    names it, Desolidification, Missile Deflection (rolled), a Force Wall in the way (the damage
    rolled against it): what is said of it, and whether it stopped the attack. ``damage`` rolls
    the attack's damage."""
    named = _nnd_defense(order)
    guard = life_support(game, target, named) if named else ""
    if guard:
        return [f"{target.name} has {guard}, the defense the No Normal Defense attack names: it does nothing."], True
    fighter = _fighter(game, target)
    power = order.power
    if _using(fighter, "DESOLIDIFICATION") is not None and not (
            power is not None and any(m.xmlid == "AFFECTSDESOLIDIFIED" for m in power.modifiers)):
        return [f"{target.name} is Desolidified: the attack passes through (it does not Affect Desolidified)."], True
    deflected = _deflection(game, attacker, target, order, ocv, roller)
    if deflected is not None:
        r = deflected.roll
        said = (f"{deflected.name} tries to deflect it ({deflected.power}): OCV {deflected.ocv} vs OCV "
                f"{deflected.attacker_ocv}: {r.target} or less, rolls {r.total} ({' '.join(map(str, r.faces))}): ")
        if r.hit:
            back = _reflect(game, attacker, target, order, deflected, roller, damage)
            return [said + "deflected; it misses." + (f" {back}" if back else "")], True
        attacker_note = said + "fails."
    else:
        attacker_note = ""
    wall = _wall(game, attacker, target)
    if wall is not None:
        rolled = damage()
        defense = wall.ed if power is not None and power.versus == "ED" else wall.pd
        kind = "ED" if power is not None and power.versus == "ED" else "PD"
        fight = fights.fight_of(game, target)
        holds = wall_holds(rolled.body, defense)
        if not holds and fight is not None:
            fights.save_fight(game, attrs.evolve(fight, areas=tuple(a for a in fight.areas if a != wall)))
        faces = rolled.roll.faces_text() if rolled.roll is not None else ""
        told = (f"It hits {wall.owner}'s Force Wall ({wall.name}, {defense} {kind}) in the way: {rolled.body} BODY "
                f"({faces}) {'against' if holds else 'is more than'} {defense} {kind}: "
                + ("the Wall holds." if holds else "the Wall comes down; the attack stops there."))
        return [x for x in (attacker_note, told) if x], True
    return ([attacker_note] if attacker_note else []), False


def _wall(game: Game, attacker: Character, target: Character) -> Area | None:
    """A Force Wall between them: one of them behind it, the other not (the GM marks who is)."""
    fight = fights.fight_of(game, target)
    for area in fight.areas if fight is not None else ():
        if area.kind == "Force Wall" and (target.id in area.inside) != (attacker.id in area.inside):
            return area
    return None


# --- who is under what ----------------------------------------------------------------------
def lasting(game: Game, char: Character) -> list[tuple[str, str]]:
    """The areas he is in and the powers he has on, each with when it ends."""
    found = []
    for area in areas_of(game, char):
        where = "behind" if area.kind == "Force Wall" else "in"
        found.append((f"{where} {area.owner}'s {area.kind} #{area.number}{area.numbers}",
                      f"until {area.owner} stops it, leaves the fight or it ends"))
    for _, xmlid, levels, name in (_fighter(game, char) or fights.Fighter(0, "")).using:
        found.append((f"{PERSONAL[xmlid]} ({name})", "until he stops it (+use/stop) or the fight ends"))
    return found


# --- Hardened and Impenetrable ------------------------------------------------------------
def _levels_of(item: Item, xmlid: str) -> int:
    """Levels of a +1/4 Advantage on an item (Hardened x2 is +1/2: 2 levels), 0 without it."""
    return sum(max(int(m.value / Fraction(1, 4)), 1) for m in item.modifiers if m.xmlid == xmlid)


def guarded(game: Game, target: Character, delivery: Delivery, against: Against) -> tuple[Delivery, tuple[str, ...]]:
    """The attack's delivery against ``target``'s Hardened and Impenetrable defenses (HERO 5E
    revised): a defense Hardened as many times as the Armor Piercing is not halved by it; an
    Impenetrable one stops Penetrating. What the damage line says of it."""
    if not delivery.armor_piercing and not delivery.penetrating:
        return delivery, ()
    kept = {"pd": 0, "ed": 0, "rpd": 0, "red": 0}
    impenetrable = []
    for item in get_hero(game, target).items:
        amount = item.pd if against is Against.PD else item.ed
        if not amount or item.parent:
            continue
        if delivery.armor_piercing and _levels_of(item, "HARDENED") >= delivery.armor_piercing:
            key = ("r" if item.resistant else "") + against.value.lower()
            kept[key] += amount
        if delivery.penetrating and _levels_of(item, "IMPENETRABLE") >= delivery.penetrating:
            impenetrable.append(item.name)
    notes = []
    if any(kept.values()):
        delivery = attrs.evolve(delivery, hardened=Defenses(**kept))
        notes.append(f"{sum(kept.values())} of it Hardened, not halved")
    if impenetrable:
        delivery = attrs.evolve(delivery, penetrating=0)
        notes.append(f"Impenetrable ({', '.join(impenetrable)}): not Penetrating")
    return delivery, tuple(notes)


# --- keeping powers up ----------------------------------------------------------------------
@frozen
class PowersKept:
    """At the start of his Phase he pays END for the powers he keeps up (HERO 5E revised: a
    Constant power costs END every Phase it is on): what, how much, END after."""

    names: tuple[str, ...]
    cost: int
    spent: harm.Spent


def upkeep(game: Game, fight: fights.Fight, fighter: fights.Fighter, roller: Roller) -> PowersKept | None:
    """END for each power ``fighter`` has switched on and each area he made, at his Phase."""
    ids = {u[0] for u in fighter.using}
    names = {a.name for a in fight.areas if a.by == fighter.char_id}
    char = game.characters.get(fighter.char_id)
    if char is None or not (ids or names):  # most Phases: nothing kept up, nothing read
        return None
    items = [i for i in get_hero(game, char).items if (i.id in ids or i.name in names) and i.end > 0]
    if not items:
        return None
    cost = sum(i.end for i in items)
    return PowersKept(tuple(i.name for i in items), cost, harm.spend(game, char, cost, roller))


def lack_of_weakness(game: Game, target: Character) -> int:
    """His Lack Of Weakness: -1 a point to a Find Weakness roll against him (HERO 5E revised)."""
    return sum(max(i.levels, 0) for i in get_hero(game, target).items if i.xmlid == "LACKOFWEAKNESS" and not i.parent)
