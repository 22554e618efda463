"""Making HERO sheet items: the engine's prices put together with the text Hero Designer prints.

Used by the Hero Designer import (:mod:`.hdc`) and by building by hand (``+power``, ``+skill``,
``+disad``). Costs follow HERO 5E revised (:mod:`~champions_mush.rules.champions.costs`):
Active Points from the base and Advantages, Real Cost from the Limitations, END 1 per 10
Active Points (Reduced Endurance left out of the Active Points it is figured from).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

import attrs

from ..rules.champions.catalog import PER_LEVEL_BY_OPTION
from ..rules.champions.costs import active_points, real_cost, round_cost, total_advantages, total_limitations
from ..rules.champions.endurance import end_cost
from ..rules.champions.modifiers import ModifierSpec
from ..rules.champions.powers import PowerKind, PowerSpec, dice_cost, power_base_cost
from ..rules.champions.senses import DEFAULT_GROUP, SENSE_GROUPS, SenseGroup, group_named
from ..rules.champions.skills import skill_cost, skill_target
from ..rules.dice import DiceAmount
from ..rules.errors import RulesError
from .hero import Item, Modifier, Section

__all__ = [
    "disad_item",
    "flash_group",
    "flash_spec_for",
    "item_text",
    "modifier_from_spec",
    "power_item",
    "price",
    "renamed_item",
    "skill_item",
]

#: Reduced Endurance options and what they do to END (HERO 5E: 1/2 END, 0 END).
_REDUCED = {"HALFEND": Fraction(1, 2), "HALF": Fraction(1, 2), "ZERO": Fraction(0)}


def modifier_from_spec(spec: ModifierSpec) -> Modifier:
    """The sheet's :class:`Modifier` for one of the engine's Advantages or Limitations:
    ``Focus (OAF)`` becomes name ``Focus``, text ``OAF``, printed ``Focus (OAF; -1)``."""
    name, _, detail = spec.name.partition(" (")
    return Modifier(name=name, value=spec.value, xmlid=spec.xmlid, text=detail.rstrip(")"), option=spec.option)


def _end_factor(modifiers: Sequence[Modifier]) -> tuple[Fraction, Fraction]:
    """(factor on END, Advantage left out of the Active Points END is figured from)."""
    factor, left_out = Fraction(1), Fraction(0)
    for m in modifiers:
        if m.xmlid == "REDUCEDEND":
            option = (m.option or "HALFEND").upper()
            factor *= _REDUCED.get(option, Fraction(1, 2))
            left_out += max(m.value, Fraction(0))
        elif m.xmlid == "INCREASEDEND":  # Hero Designer's options 2X ... 10X: that many times the END
            times = (m.option or "2X").upper().rstrip("X")
            factor *= int(times) if times.isdigit() and 2 <= int(times) <= 10 else 2
    return factor, left_out


def price(base: int | Fraction, modifiers: Sequence[Modifier], costs_end: bool) -> tuple[int, int, int]:
    """(Active Points, Real Cost, END) for a base cost with Advantages and Limitations; an item
    with any Active Points costs at least 1 (5E revised; Hero Designer).

    A power that costs END uses 1 per 10 Active Points (RULES END USE), figured without the
    Reduced Endurance Advantage and then halved or zeroed; "Costs Endurance" makes one cost END.
    """
    values = [m.value for m in modifiers]
    active = active_points(base, total_advantages(values))
    if base > 0 and active < 1:
        active = 1  # 5E revised, as Hero Designer: anything bought costs at least 1 Active Point
    real = real_cost(active, total_limitations(values))
    if active > 0 and real < 1:
        real = 1  # ... and at least 1 Character Point, however Limited
    costs_end = costs_end or any(m.xmlid == "COSTSEND" for m in modifiers)
    if not costs_end or active <= 0:
        return active, real, 0
    factor, left_out = _end_factor(modifiers)
    for_end = active_points(base, total_advantages(values) - left_out)
    end = end_cost(for_end)
    if factor != 1:
        end = round_cost(end * factor) if factor else 0
    return active, real, end


def item_text(name: str, what: str, modifiers: Sequence[Modifier], active: int) -> str:
    """Hero Designer's one line: ``Fire Blast: Energy Blast 12d6, Armor Piercing (+1/2)
    (90 Active Points); Focus (OAF; -1)``. The name is left off when it is the power's own."""
    advantages = [m.label for m in modifiers if m.value > 0]
    limitations = [m.label for m in modifiers if m.value < 0]
    text = what if not name or name == what or what.startswith(name) else f"{name}: {what}"
    if advantages:
        text += ", " + ", ".join(advantages)
    if modifiers:
        text += f" ({active} Active Points)"
    if limitations:
        text += "; " + ", ".join(limitations)
    return text


def _level_text(spec: PowerSpec, levels: int, dice: DiceAmount | None, pd: int, ed: int) -> str:
    if dice is not None:
        return str(dice)
    if spec.kind is PowerKind.DEFENSE and (pd or ed):
        return f"({pd} PD/{ed} ED)"
    if spec.unit == "inch":
        return f'{levels}"'
    if spec.unit and levels:
        return f"{levels} {spec.unit}"
    return ""


def power_item(item_id: str, spec: PowerSpec, *, name: str = "", levels: int = 0, dice: DiceAmount | None = None,
               pd: int = 0, ed: int = 0, modifiers: Sequence[Modifier] = (), adders: int = 0,
               section: Section = Section.POWERS, parent: str = "") -> Item:
    """A power priced by the engine: ``dice`` for an attack (Energy Blast 12d6), ``pd``/``ed``
    for a defense (Armor 8 PD/8 ED), ``levels`` otherwise (Flight 10")."""
    if spec.unit == "d6" and dice is None:
        dice = DiceAmount(whole=levels) if levels > 0 else None
        if dice is None:
            raise RulesError(f"{spec.name} needs dice: say how many, like 12d6.")
    if dice is not None:
        base = dice_cost(spec.per_level, dice) + adders
        levels = dice.whole
    elif spec.kind is PowerKind.DEFENSE and spec.xmlid in ("ARMOR", "FORCEFIELD", "DAMAGERESISTANCE"):
        if pd < 0 or ed < 0 or pd + ed == 0:
            raise RulesError(f"{spec.name} needs some PD or ED, like 8 PD/8 ED.")
        base = power_base_cost(spec, pd + ed) + adders
        levels = pd + ed
    else:
        base = power_base_cost(spec, levels) + adders
    active, real, end = price(base, modifiers, spec.costs_end)
    what = f"{spec.name} {_level_text(spec, levels, dice, pd, ed)}".strip()
    return Item(
        id=item_id, section=section, xmlid=spec.xmlid, name=name or spec.name,
        text=item_text(name, what, modifiers, active), levels=levels, base=base, active=active, real=real,
        end=end, modifiers=tuple(modifiers), parent=parent,
        dice=str(dice) if dice is not None and spec.kind is PowerKind.ATTACK else "",
        killing=spec.killing, versus=spec.versus, ranged=spec.ranged and not any(m.xmlid == "NORANGE" for m in modifiers),
        pd=pd, ed=ed, resistant=spec.xmlid in ("ARMOR", "FORCEFIELD"),
        inches=levels if spec.kind is PowerKind.MOVEMENT else 0,
    )


def skill_item(item_id: str, xmlid: str, name: str, characteristic: str, value: int | None, levels: int = 0,
               familiarity: bool = False, base: int | None = None, parent: str = "") -> Item:
    """A Skill priced by the engine, with its roll: Climbing (DEX 15) 12-, 3 points."""
    cost = skill_cost(xmlid, levels, characteristic, familiarity=familiarity, base=base)
    target = skill_target(characteristic, value, levels, familiarity)
    return Item(id=item_id, section=Section.SKILLS, xmlid=xmlid, name=name, text=f"{name} {target}-",
                levels=levels, base=cost, active=cost, real=cost, roll=f"{target}-", parent=parent,
                characteristic=characteristic.upper())


def disad_item(item_id: str, name: str, value: int, xmlid: str = "GENERICDISADVANTAGE", detail: str = "") -> Item:
    """A Disadvantage worth ``value`` points: ``Hunted: VIPER (Mo Pow, NCI, 8-) (15 points)``."""
    if not 0 < value <= 150:
        raise RulesError("A Disadvantage is worth 1 to 150 points.")
    text = f"{name}: {detail}" if detail else name
    return Item(id=item_id, section=Section.DISADVANTAGES, xmlid=xmlid, name=name, text=text,
                base=value, active=value, real=value)


#: The opening tag of an item as Hero Designer wrote it, and its NAME attribute.
_OPEN_TAG = re.compile(r"<[A-Za-z_]+\b[^>]*?(/?>)")
_NAME_ATTR = re.compile(r'\sNAME="[^"]*"')
#: What an XML attribute value escapes (no xml or html module: they load more at startup).
_XML_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}
_XML_SPECIAL = re.compile('[&<>"]')


def renamed_item(item: Item, name: str) -> Item:
    """The item under another name, its build unchanged: the line Hero Designer prints
    (``Arrows: Killing Attack - Ranged 2d6``) and the file's NAME, so an export keeps it."""
    own = f"{item.name}: "
    text = name + ": " + (item.text.removeprefix(own))
    return attrs.evolve(item, name=name, text=text, hdc=_with_name(item.hdc, name) if item.hdc else "")


def _with_name(hdc: str, name: str) -> str:
    """Hero Designer's element with ``NAME`` set to ``name`` in its opening tag."""
    tag = _OPEN_TAG.search(hdc)
    if tag is None:
        return hdc
    value = ' NAME="' + _XML_SPECIAL.sub(lambda m: _XML_ESCAPES[m[0]], name) + '"'
    opening = tag[0]
    if _NAME_ATTR.search(opening):
        opening = _NAME_ATTR.sub(lambda _: value, opening, count=1)
    else:
        opening = opening[: -len(tag[1])] + value + tag[1]
    return hdc[: tag.start()] + opening + hdc[tag.end():]


def flash_group(word: str) -> SenseGroup:
    """The Sense Group a player names (the Sight Group when none), or a clear refusal."""
    group = group_named(word) if word.strip() else SENSE_GROUPS[DEFAULT_GROUP]
    if group is None:
        names = ", ".join(g.name for g in SENSE_GROUPS.values())
        raise RulesError(f"A Flash works against a Sense Group: {names}.")
    return group


def flash_spec_for(spec: PowerSpec, group_word: str) -> tuple[PowerSpec, SenseGroup]:
    """The typed ``flash 4d6 hearing``: Flash priced for that group by the catalogue (HERO 5E
    revised, Flash: the Sight Group costs twice another) with the group kept as ``versus``."""
    group = flash_group(group_word)
    return attrs.evolve(spec, per_level=PER_LEVEL_BY_OPTION["FLASH"][group.key][0], versus=group.key), group
