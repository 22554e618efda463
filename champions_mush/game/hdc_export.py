"""A HERO sheet written back as a Hero Designer 5E ``.hdc`` file (docs/player-guide.md,
"Taking your character to Hero Designer").

An item that came from Hero Designer is written as it came (:attr:`~.hero.Item.hdc`: its
element with its Adders, Modifiers, notes and parts), so the file imports back to the same
figures item for item; an item built by hand (``+power``, ``+skill``, ``+disad``) is written
as Hero Designer writes that item, priced the same way on the way back. Characteristics are
written as the levels bought over their start. The file is UTF-16 with a byte-order mark, as
Hero Designer saves it; :func:`export_text` gives it in base64 between the marker lines that
``+sheet/import`` reads, for a telnet client to log.
"""

from __future__ import annotations

import base64
from fractions import Fraction
from xml.etree.ElementTree import Element, SubElement, tostring

from ..rules.champions.costs import CHARACTERISTIC_COSTS, characteristic_start
from ..rules.champions.powers import DIE_PARTS, POWERS, PowerKind, dice_cost, power_base_cost
from ..rules.champions.skills import BACKGROUND_SKILLS
from ..rules.dice import DiceAmount
from .hdc import BASE64_BEGIN, BASE64_END, ENHANCERS
from .hero import CHARACTERISTIC_ORDER, HeroSheet, Item, Modifier, Section

__all__ = ["export_text", "hdc_bytes", "hdc_xml"]

#: The element Hero Designer writes for an item of each section.
_ITEM_TAG = {Section.SKILLS: "SKILL", Section.PERKS: "PERK", Section.TALENTS: "TALENT",
             Section.MARTIALARTS: "MANEUVER", Section.POWERS: "POWER", Section.DISADVANTAGES: "DISAD",
             Section.EQUIPMENT: "POWER"}
#: Items whose parts sit inside their element (not beside it with a PARENTID).
_HOLDERS = ("COMPOUNDPOWER", "ENDURANCERESERVE")
#: Base64 line length (as ``base64`` writes it).
_LINE = 76


def _number(value: Fraction | int) -> str:
    """A number as Hero Designer writes it: ``3.0``, ``-0.25``, ``0.333333333``."""
    value = Fraction(value)
    if value.denominator == 1:
        return f"{value.numerator}.0"
    text = f"{float(value):.9f}".rstrip("0")
    return text


def _modifier(parent: Element, modifier: Modifier, index: int) -> None:
    SubElement(parent, "MODIFIER", XMLID=modifier.xmlid or "GENERIC", ID=f"{parent.get('ID')}m{index}",
               BASECOST=_number(modifier.value), LEVELS="0", ALIAS=modifier.name, OPTIONID=modifier.option,
               OPTION_ALIAS=modifier.text)


def _power(item: Item, element: Element) -> None:
    """A Power built by hand: dice as LEVELS with +1/2 d6 or +1 pip Adders, defenses as PD/ED
    levels, the rest as LEVELS; what the base holds beyond that as one Adder."""
    spec = POWERS.get(item.xmlid)
    if spec is None:
        element.set("BASECOST", _number(item.base))
        return
    if spec.unit == "d6":
        dice = DiceAmount.parse(item.dice) if item.dice else DiceAmount(whole=item.levels)
        element.set("LEVELS", str(dice.whole))
        pip, half = DIE_PARTS.get(int(spec.per_level), (0, 0))
        if dice.half:
            SubElement(element, "ADDER", XMLID="PLUSONEHALFDIE", ID=f"{item.id}h", BASECOST=_number(half),
                       LEVELS="0", ALIAS="+1/2 d6")
        if dice.pips:
            SubElement(element, "ADDER", XMLID="PLUSONEPIP", ID=f"{item.id}p", BASECOST=_number(pip * dice.pips),
                       LEVELS="0", ALIAS="+1 pip")
        rest: Fraction | int = item.base - dice_cost(spec.per_level, dice)
    elif spec.kind is PowerKind.DEFENSE and spec.xmlid in ("ARMOR", "FORCEFIELD", "DAMAGERESISTANCE"):
        element.set("PDLEVELS", str(item.pd))
        element.set("EDLEVELS", str(item.ed))
        rest = 0
    else:
        element.set("LEVELS", str(item.levels))
        rest = item.base - power_base_cost(spec, max(item.levels, 0))
    if rest:
        SubElement(element, "ADDER", XMLID="ADDER", ID=f"{item.id}a", BASECOST=_number(rest), LEVELS="0",
                   ALIAS="Adders")


#: The custom item of each section: what an item with nothing else to go on is written as,
#: its base as the file's BASECOST (priced the same way back: docs/rules-engine.md).
_CUSTOM = {Section.SKILLS: "CUSTOMSKILL", Section.PERKS: "CUSTOMPERK", Section.TALENTS: "CUSTOMTALENT",
           Section.MARTIALARTS: "CUSTOMMANEUVER", Section.POWERS: "CUSTOMPOWER",
           Section.DISADVANTAGES: "GENERICDISADVANTAGE", Section.EQUIPMENT: "CUSTOMPOWER"}


def _by_hand(item: Item) -> Element:
    """An item built by hand, as Hero Designer writes one of its kind; an item with no kind the
    game builds (one stored before items kept their element) as its section's custom item at
    its base cost, so its Active Points and Real Cost come back the same."""
    element = Element(_ITEM_TAG.get(item.section, "POWER"), XMLID=item.xmlid, ID=item.id, BASECOST="0.0",
                      LEVELS=str(item.levels), ALIAS=item.name, NAME="")
    if item.parent:
        element.set("PARENTID", item.parent)
    if item.section is Section.SKILLS and item.characteristic:
        general = item.characteristic == "GENERAL" and item.xmlid in BACKGROUND_SKILLS
        element.set("CHARACTERISTIC", item.characteristic)
        element.set("BASECOST", _number(2 if general else 3))
    elif item.section in (Section.POWERS, Section.EQUIPMENT) and item.xmlid in POWERS:
        alias = POWERS[item.xmlid].name
        element.set("ALIAS", alias)
        element.set("NAME", item.name if item.name != alias else "")
        _power(item, element)
    else:
        name, _, detail = item.text.partition(": ")
        kind = item.xmlid if item.xmlid in ENHANCERS else _CUSTOM.get(item.section, "CUSTOMPOWER")
        element.attrib.update(XMLID=kind, LEVELS="0", ALIAS=name, INPUT=detail, BASECOST=_number(item.base))
        if item.section is Section.SKILLS:
            element.set("CHARACTERISTIC", "GENERAL")
    for index, modifier in enumerate(item.modifiers):
        _modifier(element, modifier, index)
    return element


def _characteristics(hero: HeroSheet) -> str:
    """The CHARACTERISTICS section: levels over each start; one bought with Adders or
    Modifiers, and a Base's DEF or Size, as the file had them."""
    primaries = hero.primaries()
    written = {i.xmlid: i.hdc for i in hero.items if i.section is Section.CHARACTERISTICS and i.hdc}
    parts = []
    for key in CHARACTERISTIC_ORDER:
        levels = hero.value(key) - characteristic_start(key, primaries)
        if key in written and f' LEVELS="{levels}"' in written[key]:
            parts.append(written.pop(key))
            continue
        written.pop(key, None)
        parts.append(tostring(Element(key, XMLID=key, ID=f"c{CHARACTERISTIC_ORDER.index(key) + 1}", BASECOST="0.0",
                                      LEVELS=str(levels), ALIAS=key.capitalize() if key in (
                                          "RUNNING", "SWIMMING", "LEAPING") else key), encoding="unicode"))
    parts.extend(text for key, text in written.items() if key not in CHARACTERISTIC_COSTS)
    return "<CHARACTERISTICS>" + "".join(parts) + "</CHARACTERISTICS>"


def _section(hero: HeroSheet, section: Section) -> str:
    holders = {i.id for i in hero.items if i.xmlid in _HOLDERS and i.hdc}
    parts = [item.hdc or tostring(_by_hand(item), encoding="unicode")
             for item in hero.items if item.section is section and item.parent not in holders]
    if not parts:
        return f"<{section.value} />"
    return f"<{section.value}>" + "".join(parts) + f"</{section.value}>"


def hdc_xml(hero: HeroSheet, name: str) -> str:
    """The character as Hero Designer 5E XML (the text of a ``.hdc`` file)."""
    head = Element("CHARACTER_INFO", CHARACTER_NAME=name)
    config = Element("BASIC_CONFIGURATION", BASE_POINTS=str(hero.base_points), DISAD_POINTS=str(hero.disad_points),
                     EXPERIENCE=str(hero.experience))
    body = "".join(_section(hero, s) for s in Section if s is not Section.CHARACTERISTICS)
    return ('<?xml version="1.0" encoding="UTF-16"?>\n<CHARACTER version="6.0" TEMPLATE="builtIn.Superheroic.hdt">'
            + tostring(config, encoding="unicode") + tostring(head, encoding="unicode")
            + _characteristics(hero) + body + "</CHARACTER>\n")


def hdc_bytes(hero: HeroSheet, name: str) -> bytes:
    """The ``.hdc`` file as Hero Designer saves it: UTF-16 with a byte-order mark."""
    return hdc_xml(hero, name).encode("utf-16")


def export_text(hero: HeroSheet, name: str) -> str:
    """The file in base64 lines between the marker lines, as ``+sheet/import`` reads it back."""
    encoded = base64.b64encode(hdc_bytes(hero, name)).decode("ascii")
    lines = [encoded[i:i + _LINE] for i in range(0, len(encoded), _LINE)]
    return "\n".join([BASE64_BEGIN, *lines, BASE64_END])
