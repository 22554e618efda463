"""The Martial Arts on a character's sheet: each maneuver bought, as a fight uses it, and the
Extra DCs (HERO 5E revised, Martial Arts; rules/champions/martial.py).

A maneuver imported from Hero Designer is read from the words the file gives it (``OCV``,
``DCV``, ``DC``, ``EFFECT``, ``ADDSTR``, ``CATEGORY`` of its ``MANEUVER`` element, kept on the
item), so a renamed or custom maneuver does what its file says; one built by hand is found in the
5E table by its name.
"""

from __future__ import annotations

import re

import attrs

from ..rules.champions.catalog import per_level
from ..rules.champions.martial import MartialManeuver, martial_from, martial_named
from ..rules.errors import RulesError
from ..values import frozen
from .hero import HeroSheet, Item, Section

__all__ = ["SheetManeuver", "bought_maneuver", "extra_dc_item", "extra_dcs", "sheet_maneuvers"]


@frozen
class SheetManeuver:
    """A maneuver bought: its number on +sheet, its name there, and what it does."""

    number: int
    name: str
    maneuver: MartialManeuver


_TAG = re.compile(r"\s*<(\w+)((?:\s+[\w.:-]+=\"[^\"]*\")*)\s*/?>")
_ATTRIBUTE = re.compile(r"([\w.:-]+)=\"([^\"]*)\"")
_ENTITIES = (("&quot;", '"'), ("&lt;", "<"), ("&gt;", ">"), ("&#10;", " "), ("&#13;", " "), ("&#09;", " "),
             ("&amp;", "&"))


def _attributes(hdc: str) -> dict[str, str]:
    """The attributes of the element an item was imported from ({} when built by hand)."""
    found = _TAG.match(hdc[:4000])
    if found is None:
        return {}
    values = {}
    for key, value in _ATTRIBUTE.findall(found[2]):
        for entity, char in _ENTITIES:
            value = value.replace(entity, char)
        values[key] = value
    return values


def _maneuver(item: Item) -> MartialManeuver | None:
    found = _attributes(item.hdc)
    if "OCV" in found and "EFFECT" in found:
        try:
            made = martial_from(item.name, found["OCV"], found.get("DCV", "+0"), found.get("DC", "0"),
                                found["EFFECT"], found.get("ADDSTR", "Yes"), found.get("CATEGORY", "Hand To Hand"))
        except RulesError:
            return None
        return made
    table = martial_named(found.get("DISPLAY", "")) or martial_named(item.name)
    return attrs.evolve(table, name=item.name) if table is not None else None


def sheet_maneuvers(hero: HeroSheet) -> list[SheetManeuver]:
    """Every Martial Arts maneuver on the sheet, in sheet order, with its +sheet number."""
    found = []
    for number, item in enumerate(hero.items, 1):
        if item.section is Section.MARTIALARTS and item.xmlid.upper() in ("MANEUVER", "CUSTOMMANEUVER"):
            maneuver = _maneuver(item)
            if maneuver is not None:
                found.append(SheetManeuver(number, item.name, maneuver))
    return found


def extra_dcs(hero: HeroSheet, ranged: bool = False) -> int:
    """The Extra DCs bought with Martial Arts: hand-to-hand (EXTRADC) or ranged (RANGEDDC)."""
    xmlid = "RANGEDDC" if ranged else "EXTRADC"
    return sum(max(item.levels, 0) for item in hero.items if item.xmlid.upper() == xmlid)


def bought_maneuver(item_id: str, name: str, maneuver: MartialManeuver) -> Item:
    """A 5E table maneuver bought by hand under ``name``, at its points, written as Hero Designer
    writes a MANEUVER (so a fight reads it as an imported one, and an export writes it back)."""
    ocv = "--" if maneuver.ocv is None else f"{maneuver.ocv:+d}"
    renamed = "" if name.lower() == maneuver.name.lower() else name
    element = (f'<MANEUVER XMLID="MANEUVER" ID="{item_id}" BASECOST="{maneuver.points}.0" LEVELS="0" '
               f'ALIAS="{maneuver.name}" NAME="{renamed}" CATEGORY="Hand To Hand" DISPLAY="{maneuver.name}" '
               f'OCV="{ocv}" DCV="{maneuver.dcv:+d}" DC="{maneuver.dcs}" PHASE="1/2" EFFECT="{maneuver.written}" '
               f'ADDSTR="{"Yes" if maneuver.adds_str else "No"}" />')
    what = f"{maneuver.name} (OCV {ocv}, DCV {maneuver.dcv:+d}, {maneuver.text})"
    return Item(id=item_id, section=Section.MARTIALARTS, xmlid="MANEUVER", name=name,
                text=f"{renamed}: {what}" if renamed else what, base=maneuver.points, active=maneuver.points,
                real=maneuver.points, hdc=element)


def extra_dc_item(item_id: str, levels: int) -> Item:
    """Extra hand-to-hand Damage Classes bought with Martial Arts (HERO 5E revised: 4 points each)."""
    rate = per_level("EXTRADC", "")
    if rate is None or not 1 <= levels <= 20:
        raise RulesError("Extra DCs are bought 1 to 20 at a time.")
    points = int(rate[0] * levels)
    element = (f'<EXTRADC XMLID="EXTRADC" ID="{item_id}" BASECOST="0.0" LEVELS="{levels}" '
               f'ALIAS="+{levels} HTH Damage Class(es)" NAME="" />')
    return Item(id=item_id, section=Section.MARTIALARTS, xmlid="EXTRADC", name="Extra DCs",
                text=f"+{levels} HTH Damage Class(es)", levels=levels, base=points, active=points, real=points,
                hdc=element)
