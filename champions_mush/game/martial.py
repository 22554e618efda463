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

from ..rules.champions.martial import MartialManeuver, martial_from, martial_named
from ..rules.errors import RulesError
from .hero import HeroSheet, Item, Section

__all__ = ["SheetManeuver", "extra_dcs", "sheet_maneuvers"]


@attrs.frozen
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
