"""Hero Designer ``.hdc`` files: read a 5E character into a :class:`~.hero.HeroSheet`.

Hero Designer saves a character as XML (docs/player-guide.md, "Building your character"):
``BASIC_CONFIGURATION`` gives the points, ``CHARACTERISTICS`` the levels bought, and the
sections (``SKILLS``, ``PERKS``, ``TALENTS``, ``MARTIALARTS``, ``POWERS``, ``DISADVANTAGES``,
``EQUIPMENT``) what else was bought, with ``ADDER`` and ``MODIFIER`` children. The file holds
no costs: every figure comes from the engine (HERO 5E revised). An item the engine cannot
price is kept at the points the file states and marked unknown, for staff to check.

The parser is :mod:`defusedxml` with DTDs forbidden, so entity bombs and external entities
are refused; input over :data:`MAX_HDC_BYTES` is refused before parsing. Every problem is one
:class:`HdcError` with a sentence a player can read.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import math
import re
from collections.abc import Iterator
from fractions import Fraction
from functools import partial
from xml.etree.ElementTree import Element, ParseError, TreeBuilder

import attrs
import defusedxml
import defusedxml.ElementTree as safe_xml

from ..rules.champions.adjustment import ADJUSTMENT_POWERS
from ..rules.champions.catalog import (
    CHARACTERISTIC_POWERS,
    COSTS_END,
    MIN_COST,
    MODIFIER_LEVELS,
    SKILL_MIN_COST,
    explosion_value,
    formula_base,
    per_level,
)
from ..rules.champions.costs import (
    CHARACTERISTIC_COSTS,
    as_fraction,
    characteristic_cost,
    characteristic_start,
    level_points,
    real_cost,
    round_cost,
    total_advantages,
    total_limitations,
)
from ..rules.champions.powers import POWERS, PowerKind
from ..rules.champions.rounding import Half, hero_round
from ..rules.champions.skills import BACKGROUND_SKILLS, skill_cost, skill_level_cost, skill_target
from ..rules.dice import DiceAmount
from ..rules.errors import RulesError
from ..values import frozen
from .hero import MAX_DETAIL, MAX_HDC_BYTES, MAX_ITEM_NAME, MAX_ITEMS, HeroSheet, Item, Modifier, Section
from .hero_items import item_text, power_item, price
from .speech import one_line

__all__ = ["BASE64_BEGIN", "BASE64_END", "MAX_ADDER_DEPTH", "MAX_FILE_NUMBER", "MAX_HDC_BYTES", "HdcError", "Imported", "read_hdc", "total_active_points"]

#: Frameworks and lists, by the element Hero Designer writes for them.
FRAMEWORKS = ("MULTIPOWER", "ELEMENTAL_CONTROL", "VPP", "LIST")
#: Skills that make others cheaper (-1 each, at least 1): Jack of All Trades, Scholar ...
ENHANCERS = ("JACK_OF_ALL_TRADES", "LINGUIST", "SCHOLAR", "SCIENTIST", "TRAVELER", "WELL_CONNECTED")
#: Largest number (LEVELS, BASECOST, BASE_POINTS ...) a file may hold, either sign: no 5E
#: character comes near it, and bounded numbers keep every figure on the sheet small.
MAX_FILE_NUMBER = 10_000
#: Longest value of an attribute kept from the file (Hero Designer's longest, option texts, are
#: under 100 characters); names are cut as a typed name is. Each is cleaned as typed text is
#: (:func:`~.speech.one_line`) before use.
MAX_FILE_FIELD = MAX_DETAIL
_FIELD_CAPS = {"NAME": MAX_ITEM_NAME, "CHARACTER_NAME": MAX_ITEM_NAME}
#: Deepest nesting of Adders: Hero Designer nests them two deep.
MAX_ADDER_DEPTH = 5
_CHARACTERISTIC_SKILLS = ("STR", "DEX", "CON", "BODY", "INT", "EGO", "PRE", "COM")
#: Bytes handed to the XML parser at a time: the parser holds Python's lock while it reads, so a
#: file read on the worker thread in pieces never holds the game's thread up for long.
_FEED = 64 * 1024
_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>")


class HdcError(RulesError):
    """A file that cannot be imported; the message says why in one sentence."""


@frozen
class Imported:
    """What an import made: the sheet, the character's name in the file, and the texts of
    items the engine could not price (kept at the file's points)."""

    hero: HeroSheet
    name: str
    unknown: tuple[str, ...]


# --- reading the bytes ------------------------------------------------------------------------
#: The lines a pasted file in base64 sits between (docs/player-guide.md, "Bringing in a Hero
#: Designer file"): telnet carries only text, and a UTF-16 file's bytes are not text to it.
BASE64_BEGIN = "-----BEGIN HDC-----"
BASE64_END = "-----END HDC-----"
#: Bare base64 (no marker lines): base64 letters on lines, no spaces, some length.
_BASE64 = re.compile(r"[A-Za-z0-9+/=\r\n]{16,}", re.ASCII)
_AS_BASE64 = (f"send it as base64 between a line {BASE64_BEGIN} and a line {BASE64_END} "
              "(+help +sheet/import shows how)")


def _too_big(size: int) -> None:
    if size > MAX_HDC_BYTES:
        raise HdcError(f"That file is over {MAX_HDC_BYTES // (1024 * 1024)} MB: Hero Designer files are far smaller.")


def _unwrapped(text: str) -> bytes | None:
    """The file's bytes when ``text`` is base64 (between the marker lines, or bare), else None."""
    body = text.strip()
    if body.startswith(BASE64_BEGIN):
        end = body.find(BASE64_END)
        if end < 0:
            raise HdcError(f"The paste has the line {BASE64_BEGIN} but no line {BASE64_END}: paste the whole "
                           "file. Nothing was changed.")
        body = body[len(BASE64_BEGIN):end]
    elif not body or body.startswith("<") or not _BASE64.fullmatch(body):
        return None
    try:
        return base64.b64decode("".join(body.split()), validate=True)
    except binascii.Error:
        raise HdcError("That base64 is damaged (a line is missing or changed): make it again from the .hdc file "
                       "and paste all of it. Nothing was changed.") from None


def _text_of(data: bytes | str) -> str:
    """The file as text: UTF-16 with a byte-order mark (as Hero Designer saves it), UTF-8
    (with or without a mark, whatever the declaration says), either one in base64 (a paste).
    A wrong encoding is named in the error."""
    _too_big(len(data))
    if isinstance(data, str):
        raw = _unwrapped(data)
        if raw is None:
            if "\x00" in data:
                raise HdcError("That paste looks like a UTF-16 file sent as it is, which telnet cannot carry: "
                               f"{_AS_BASE64}. Nothing was changed.")
            return data.lstrip("\ufeff")
        data = raw
        _too_big(len(data))
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or data[:2] in (b"<\x00", b"\x00<"):
        encoding = "utf-16" if data[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE) else (
            "utf-16-le" if data[0] else "utf-16-be")
        try:
            return data.decode(encoding).lstrip("\ufeff")
        except UnicodeDecodeError as exc:
            raise HdcError(f"That file starts as UTF-16 (Hero Designer's own encoding) but is not valid UTF-16 at "
                           f"byte {exc.start}: it was cut or changed on the way. Save it again, or {_AS_BASE64}.") from None
    try:
        return data.decode("utf-8").lstrip("\ufeff")
    except UnicodeDecodeError as exc:
        raise HdcError(f"That file is neither UTF-16 (Hero Designer's own encoding, with a byte-order mark) nor "
                       f"UTF-8: byte 0x{data[exc.start]:02X} at {exc.start} is not UTF-8, so it is not a Hero "
                       "Designer file as saved. Nothing was changed.") from None


def _parse(text: str) -> Element:
    body = _DECLARATION.sub("", text, count=1).encode("utf-8")
    try:
        parser = safe_xml.DefusedXMLParser(target=TreeBuilder(), forbid_dtd=True)  # as defusedxml's fromstring
        for start in range(0, len(body), _FEED):  # a piece at a time: the game's thread gets turns
            parser.feed(body[start:start + _FEED])
        root = parser.close()
    except ParseError as exc:
        line = getattr(exc, "position", (0, 0))[0]
        where = f" (line {line})" if line else ""
        raise HdcError(f"That is not a complete XML file{where}: nothing was changed. Paste the whole .hdc file.") from None
    except defusedxml.DefusedXmlException:
        raise HdcError("That file declares a DTD or entities, which Hero Designer files never do: refused.") from None
    _tidy(root)
    if root.tag != "CHARACTER":
        raise HdcError(f"That XML is not a Hero Designer character (its root is <{root.tag[:30]}>, not <CHARACTER>).")
    template = root.get("TEMPLATE", "")
    if "6E" in template.upper():
        raise HdcError(f"That is a 6th Edition character (template {template[:60]}): this game uses 5th Edition. "
                       "Save it with a 5E template in Hero Designer.")
    return root


def _tidy(root: Element) -> None:
    """Every attribute cleaned and cut as typed text is (``&#10;``, U+2028, zero-width, bidi and
    ESC gone; names at most :data:`~.hero.MAX_ITEM_NAME` characters, others :data:`MAX_FILE_FIELD`),
    and element text dropped (the reader
    keeps none): nothing from the file reaches a screen uncleaned (docs/reliability.md, "Every door")."""
    for element in root.iter():
        element.text = element.tail = None
        for key, value in list(element.attrib.items()):
            if len(value) > MAX_ITEM_NAME or not value.isascii() or not value.isprintable():
                element.set(key, one_line(value, _FIELD_CAPS.get(key, MAX_FILE_FIELD)))


# --- numbers in the file ----------------------------------------------------------------------
def _where(element: Element) -> str:
    """The item as a player finds it in the file: ``Energy Blast (ID 12)``."""
    alias = (element.get("ALIAS") or element.get("XMLID") or element.tag).strip()[:40]
    ident = element.get("ID")
    return f"{alias} (ID {ident[:20]})" if ident else alias


def _num(element: Element, attr: str, default: str = "0") -> Fraction:
    """A number in the file: a plain decimal of at most :data:`MAX_FILE_NUMBER`, else one HdcError."""
    text = element.get(attr, default) or default
    try:
        value = as_fraction(text)
    except RulesError:
        value = None
    if value is None or abs(value) > MAX_FILE_NUMBER:
        raise HdcError(f'{_where(element)}: {attr}="{text[:20]}" is not a number of points from {-MAX_FILE_NUMBER} '
                       f"to {MAX_FILE_NUMBER}, so the file was refused and nothing was changed.")
    return value


def _int(element: Element, attr: str) -> int:
    return int(_num(element, attr))


def _adder_value(adder: Element, depth: int = 1) -> Fraction:
    """An Adder's (or a Modifier's) points, at most :data:`MAX_ADDER_DEPTH` deep, as Hero
    Designer figures them: the base, the levels at LVLCOST per LVLVAL (an Adder pays a part
    block whole), the Adders inside it added (Gestures "throughout", Jammed); a Modifier's own
    Modifiers multiply it by (1 + their Advantages) and divide it by (1 + their Limitations), and
    a Modifier is kept to the quarter; Explosion's fade counts by its shape (5E revised)."""
    if depth > MAX_ADDER_DEPTH:
        raise HdcError(f"{_where(adder)}: Adders nested over {MAX_ADDER_DEPTH} deep, which Hero Designer never "
                       "writes, so the file was refused and nothing was changed.")
    modifier = adder.tag == "MODIFIER"
    value = _num(adder, "BASECOST")
    if modifier and adder.get("XMLID") == "EXPLOSION":
        value = explosion_value(value, _int(adder, "LEVELS"), adder.get("OPTIONID", "NORMAL"))
    per, step = _num(adder, "LVLCOST"), _num(adder, "LVLVAL", "1")
    if modifier and adder.get("LVLCOST") is None:
        per = MODIFIER_LEVELS.get(adder.get("XMLID", ""), per)  # a level's value from the 5E template
    if per and step:
        levels = _num(adder, "LEVELS")
        blocks = not modifier and step.denominator == 1 and step >= 1
        value += level_points(levels, per, int(step)) if blocks else per * levels / step
    value += sum((_adder_value(a, depth + 1) for a in adder if a.tag == "ADDER"), Fraction(0))
    inner = [_adder_value(m, depth + 1) for m in adder if m.tag == "MODIFIER"]
    if not modifier:
        return value + sum(inner, Fraction(0))
    value = value * (1 + total_advantages(inner)) / (1 + total_limitations(inner))
    quarters = hero_round(abs(value) * 4, Half.UP)  # Hero Designer keeps a Modifier to the quarter
    return Fraction(quarters, 4) * (-1 if value < 0 else 1)


def _adders(element: Element) -> tuple[Fraction, list[str]]:
    found = element.findall("ADDER")
    names = [(a.get("OPTION_ALIAS") or a.get("ALIAS") or "").strip() for a in found]
    return sum((_adder_value(a) for a in found), Fraction(0)), [n for n in names if n]


def _modifiers(element: Element) -> list[Modifier]:
    mods = []
    for m in element.findall("MODIFIER"):
        value = _adder_value(m)
        detail = [m.get("OPTION_ALIAS", "")] + [a.get("ALIAS", "") for a in m if a.tag in ("ADDER", "MODIFIER")]
        detail = [d for d in detail if d.strip() and d.strip() != m.get("ALIAS", "").strip()]
        mods.append(Modifier(name=m.get("ALIAS", m.get("XMLID", "?")), value=value, text=", ".join(detail),
                             xmlid=m.get("XMLID", ""), option=m.get("OPTIONID", "")))
    return mods


# --- items ------------------------------------------------------------------------------------
@frozen
class _Context:
    section: Section
    primaries: dict[str, int]


def _title(element: Element) -> tuple[str, str]:
    """(what it is, the player's name for it)."""
    alias = (element.get("ALIAS") or element.get("XMLID") or element.tag).strip()
    return alias, (element.get("NAME") or "").strip()


def _stated(element: Element, ctx: _Context, known: bool, per_level: Fraction = Fraction(0),
            base: Fraction | None = None, costs_end: bool = False, minimum: int = 0) -> Item:
    """An item at its stated base plus Adders (and a per-level price where the engine has
    one, or a ``base`` it figured), at least ``minimum``; an unknown one keeps the file's figures."""
    alias, name = _title(element)
    adders, adder_names = _adders(element)
    levels = _int(element, "LEVELS")
    base = max((_num(element, "BASECOST") + per_level * levels if base is None else base) + adders, Fraction(minimum))
    mods = _modifiers(element)
    active, real, end = price(round_cost(base), mods, costs_end=costs_end)
    option = element.get("OPTION_ALIAS", "")
    what = " ".join(p for p in (alias, option, f"({', '.join(adder_names)})" if adder_names else "",
                                str(levels) if levels and not per_level else "") if p)
    return Item(id=element.get("ID", ""), section=ctx.section, xmlid=element.get("XMLID", element.tag), name=name or alias,
                text=item_text(name, what, mods, active), levels=levels, base=round_cost(base), active=active,
                real=real, end=end, modifiers=tuple(mods), known=known, parent=element.get("PARENTID", ""))


def _power(element: Element, ctx: _Context) -> Item:
    xmlid = element.get("XMLID", element.tag)
    # a price by option (Flash by Sense Group) is the catalogue's
    spec = POWERS.get(xmlid) if per_level(xmlid, element.get("OPTIONID", "")) is None else None
    if xmlid == "NAKEDMODIFIER":
        return _naked(element, ctx)
    if spec is None:
        return _catalogued(element, ctx) or _stated(element, ctx, known=False)
    alias, name = _title(element)
    adders, _adder_names = _adders(element)
    mods = _modifiers(element)
    levels = _int(element, "LEVELS")
    names = {a.get("XMLID") for a in element.findall("ADDER")}
    priced = partial(power_item, element.get("ID", ""), spec, name=name, modifiers=mods, section=ctx.section,
                     parent=element.get("PARENTID", ""))
    if spec.unit == "d6":
        dice = DiceAmount(whole=levels, half="PLUSONEHALFDIE" in names, pips=1 if "PLUSONEPIP" in names else 0) \
            if levels or names & {"PLUSONEHALFDIE", "PLUSONEPIP"} else None
        if dice is None:
            return _stated(element, ctx, known=False)
        extra = adders - sum((_adder_value(a) for a in element.findall("ADDER")
                              if a.get("XMLID") in ("PLUSONEHALFDIE", "PLUSONEPIP")), Fraction(0))
        item = priced(dice=dice, adders=round_cost(extra))
    elif spec.kind is PowerKind.DEFENSE and spec.xmlid in ("ARMOR", "FORCEFIELD", "DAMAGERESISTANCE"):
        pd, ed = _int(element, "PDLEVELS"), _int(element, "EDLEVELS")
        others = _int(element, "MDLEVELS") + _int(element, "POWDLEVELS")
        if pd + ed + others == 0:
            return _stated(element, ctx, known=True)  # nothing bought yet: 0 points
        item = priced(pd=pd, ed=ed, adders=round_cost(adders + spec.per_level * others))
    else:
        item = priced(levels=levels, adders=round_cost(adders))
    if alias != spec.name:
        item = attrs.evolve(item, text=item.text.replace(spec.name, alias, 1))
    versus = element.get("INPUT", "").upper()
    if item.dice and versus in ("PD", "ED") and item.versus in ("PD", "ED"):
        item = attrs.evolve(item, versus=versus)  # Energy Blast or a Killing Attack against PD or ED as built
    subject = " ".join(versus.replace("->", " ").split())
    if xmlid in ADJUSTMENT_POWERS and subject:  # what it works on, as Hero Designer shows it: Drain BODY 1d6
        head, sep, what = item.text.partition(": ") if name else ("", "", item.text)
        item = attrs.evolve(item, text=head + sep + what.replace(alias, f"{alias} {subject}", 1))
    return item


#: Numbers an item may hold that :func:`~..rules.champions.catalog.formula_base` prices by.
_FORMULA_NUMBERS = ("POINTS", "NUMBER", "BASEPOINTS", "PDLEVELS", "EDLEVELS", "MDLEVELS", "POWDLEVELS",
                    "LENGTHLEVELS", "HEIGHTLEVELS")


def _catalogued(element: Element, ctx: _Context) -> Item | None:
    """An item priced by the catalogue (docs/rules-engine.md, "Pricing Hero Designer items"),
    or None when it has no price for it: a characteristic bought as a Power at the
    characteristic's cost, a formula (Duplication, Followers ...), or a cost a level by option."""
    xmlid = element.get("XMLID", element.tag)
    levels = _int(element, "LEVELS")
    stated = _num(element, "BASECOST")
    numbers = {k: _num(element, k) for k in _FORMULA_NUMBERS if element.get(k) is not None}
    base = formula_base(xmlid, numbers, levels, stated)
    if base is None:
        rate: tuple[Fraction, int] | None
        if xmlid in CHARACTERISTIC_POWERS:
            cost = CHARACTERISTIC_COSTS[xmlid]
            rate = (Fraction(cost.numerator), cost.denominator)
        else:
            rate = per_level(xmlid, element.get("OPTIONID", ""))
        if rate is None:
            return None
        base = stated + level_points(levels, *rate)
    item = _stated(element, ctx, known=True, base=base, costs_end=xmlid in COSTS_END, minimum=_minimum(element, ctx))
    return _reduction(item, element) if xmlid == "DAMAGEREDUCTION" else item


#: Hero Designer's Damage Reduction options: LVL25NORMAL ... LVL75RESISTANT.
_REDUCTION = re.compile(r"LVL(25|50|75)(NORMAL|RESISTANT)")


def _reduction(item: Item, element: Element) -> Item:
    """Damage Reduction as play uses it: ``levels`` the %, ``versus`` PD (Physical) or ED
    (Energy), ``resistant`` (HERO 5E revised; Mental is left to the GM)."""
    found = _REDUCTION.fullmatch(element.get("OPTIONID", "").upper())
    versus = {"PHYSICAL": "PD", "ENERGY": "ED"}.get(element.get("INPUT", "").strip().upper(), "")
    if found is None or not versus:
        return item
    return attrs.evolve(item, levels=int(found[1]), versus=versus, resistant=found[2] == "RESISTANT")


def _naked(element: Element, ctx: _Context) -> Item:
    """A Naked Advantage: the Advantages on ``LEVELS`` Active Points of another power."""
    alias, name = _title(element)
    levels = _int(element, "LEVELS")
    mods = _modifiers(element)
    values = [m.value for m in mods]
    active = round_cost(levels * total_advantages(values))
    real = real_cost(active, total_limitations(values))
    end = 0 if any(m.xmlid == "REDUCEDEND" for m in mods) else price(active, (), True)[2]
    what = f"{alias} for up to {levels} Active Points"
    return Item(id=element.get("ID", ""), section=ctx.section, xmlid="NAKEDMODIFIER", name=name or alias,
                text=item_text(name, what, mods, active), levels=levels, base=active, active=active, real=real,
                end=end, modifiers=tuple(mods), parent=element.get("PARENTID", ""))


def _minimum(element: Element, ctx: _Context) -> int:
    """The least an item costs before its Modifiers (Hero Designer's 5E template MINCOST): a
    Reputation Perk 1, a Skill bought by category 2 (catalog.SKILL_MIN_COST); not an Everyman or
    Familiarity Skill."""
    xmlid = element.get("XMLID", element.tag)
    if ctx.section is Section.PERKS:
        return MIN_COST.get(xmlid, 0)
    if ctx.section is Section.SKILLS and "Yes" not in (element.get("EVERYMAN"), element.get("FAMILIARITY")):
        return SKILL_MIN_COST.get(xmlid, 0)
    return 0


def _skill(element: Element, ctx: _Context) -> Item:
    xmlid = element.get("XMLID", element.tag)
    levels = _int(element, "LEVELS")
    option = element.get("OPTIONID", "")
    if xmlid in ("COMBAT_LEVELS", "MENTAL_COMBAT_LEVELS", "PENALTY_SKILL_LEVELS", "SKILL_LEVELS"):
        cost = skill_level_cost(xmlid, option, levels)
        if cost is None:
            return _stated(element, ctx, known=False)
        item = _stated(element, ctx, known=True)
        mods = list(item.modifiers)
        active, real, end = price(cost, mods, costs_end=False)
        alias, name = _title(element)
        what = f"{alias}: +{levels} {element.get('OPTION_ALIAS', '')}".strip()
        return attrs.evolve(item, base=cost, active=active, real=real, text=item_text(name, what, mods, active))
    characteristic = element.get("CHARACTERISTIC", "GENERAL").upper()
    if characteristic not in _CHARACTERISTIC_SKILLS and xmlid not in BACKGROUND_SKILLS:
        return _catalogued(element, ctx) or _stated(element, ctx, known=levels == 0, minimum=_minimum(element, ctx))
    familiar = element.get("FAMILIARITY") == "Yes"
    everyman = element.get("EVERYMAN") == "Yes"
    stated = _num(element, "BASECOST")
    only_levels = element.get("LEVELSONLY") == "Yes"
    adders, adder_names = _adders(element)
    cost = skill_cost(xmlid, levels, characteristic, familiarity=familiar, proficiency=element.get("PROFICIENCY") == "Yes",
                      everyman=everyman, base=0 if only_levels else stated) + round_cost(adders)
    cost = max(cost, _minimum(element, ctx))
    mods = _modifiers(element)
    active, real, end = price(cost, mods, costs_end=False)
    value = ctx.primaries.get(characteristic)
    target = skill_target(characteristic, value, levels, familiar)
    alias, name = _title(element)
    subject = element.get("INPUT", "")
    what = " ".join(p for p in (alias + (f": {subject}" if subject else ""),
                                f"({', '.join(adder_names)})" if adder_names else "", f"{target}-") if p)
    return Item(id=element.get("ID", ""), section=ctx.section, xmlid=xmlid, name=name or alias,
                text=item_text(name, what, mods, active), levels=levels, base=cost, active=active, real=real,
                end=end, modifiers=tuple(mods), parent=element.get("PARENTID", ""), roll=f"{target}-")


def _other(element: Element, ctx: _Context) -> Item:
    """Perks, Talents, maneuvers, Disadvantages: the stated base and Adders, levels priced by the catalogue."""
    return _catalogued(element, ctx) or _stated(element, ctx, known=_int(element, "LEVELS") == 0)


def _framework(element: Element, ctx: _Context) -> Item:
    """A Multipower (its reserve), an Elemental Control (its base cost), a Variable Power Pool
    (HERO 5E revised: the pool, 1 point a point, plus the Control Cost, half the pool unless the
    file states it, with the VPP's Advantages and Limitations on the Control Cost), a list."""
    item = _stated(element, ctx, known=True)
    if element.tag == "VPP":
        pool, stated = _int(element, "LEVELS"), _num(element, "BASECOST")
        adder = any(a.get("XMLID") == "CONTROLCOST" for a in element.findall("ADDER"))  # the Control Cost written out
        control = _stated(element, ctx, known=True, base=stated if stated or adder else Fraction(pool, 2))
        item = attrs.evolve(control, active=pool + control.active, real=pool + control.real)
    if element.tag == "LIST":
        return attrs.evolve(item, framework="LIST", base=0, active=0, real=0, end=0, known=True,
                            text=item.name if item.name.strip() else "(list)")
    alias, name = _title(element)
    what = {"MULTIPOWER": f"{alias}, {item.base}-point reserve",
            "ELEMENTAL_CONTROL": f"{alias}, {item.base * 2}-point powers",
            "VPP": f"{alias}, {item.levels} base + {item.base} control cost"}[element.tag]
    return attrs.evolve(item, framework=element.tag, text=item_text(name, what, item.modifiers, item.active))


def _item(element: Element, ctx: _Context) -> Item:
    if element.tag in FRAMEWORKS:
        return _framework(element, ctx)
    if ctx.section in (Section.POWERS, Section.EQUIPMENT) or element.tag == "POWER":
        return _power(element, ctx)
    if ctx.section is Section.SKILLS or element.tag == "SKILL":
        return _skill(element, ctx)
    return _other(element, ctx)


def _in_frameworks(items: list[Item], passed: dict[str, tuple[Modifier, ...]]) -> list[Item]:
    """Slots priced inside their frameworks (HERO 5E, as Hero Designer prices them): the
    framework's Modifiers not marked private (``passed``) reach each slot that has none of the
    same kind, a list's Advantages and Limitations, a Multipower's and an Elemental Control's
    Limitations (a Multipower's Charges stay its own); a Multipower slot costs its Real Cost /
    10 when fixed, / 5 when variable, at least 1; an Elemental Control slot its Active Points
    less the control's base, at least the base (a slot is meant to have twice it), over its
    Limitations; a VPP's slots come from its pool; a skill enhancer takes 1 point off each
    Skill in it (at least 1)."""
    by_id = {i.id: i for i in items}
    done = []
    for item in items:
        parent = by_id.get(item.parent)
        if parent is None:
            done.append(item)
            continue
        own = {m.xmlid for m in item.modifiers}
        shared = [m for m in passed.get(parent.id, ()) if m.xmlid not in own]
        if parent.framework == "LIST" and shared:
            active, real, end = price(item.base, (*item.modifiers, *shared), costs_end=item.end > 0)
            item = attrs.evolve(item, active=active, real=real, end=end)
        lims = total_limitations([m.value for m in (*item.modifiers, *shared)])
        if parent.framework == "MULTIPOWER":
            fixed = item.slot == "fixed"
            whole = real_cost(item.active, lims)
            slot = round_cost(Fraction(whole, 10 if fixed else 5))
            item = attrs.evolve(item, real=max(slot, 1) if whole > 0 else slot)
        elif parent.framework == "ELEMENTAL_CONTROL":
            item = attrs.evolve(item, real=real_cost(max(parent.base, item.active - parent.base), lims))
        elif parent.framework == "VPP":
            item = attrs.evolve(item, real=0)
        elif parent.xmlid in ENHANCERS:
            item = attrs.evolve(item, real=max(1, item.real - 1))
        done.append(item)
    return done


def _passed(listed: list[tuple[Section, Element]]) -> dict[str, tuple[Modifier, ...]]:
    """Each framework's Modifiers its slots share: not PRIVATE, and a Multipower's Charges kept
    to the reserve (Hero Designer)."""
    passed = {}
    for _, element in listed:
        if element.tag in FRAMEWORKS and element.get("ID"):
            keep = [m for m, e in zip(_modifiers(element), element.findall("MODIFIER"), strict=True)
                    if e.get("PRIVATE", "No") != "Yes" and not (element.tag == "MULTIPOWER" and m.xmlid == "CHARGES")]
            passed[element.get("ID", "")] = tuple(keep)
    return passed


#: Items that hold others inside them (not through PARENTID): a Compound Power's parts, an
#: Endurance Reserve's Recovery.
_HOLDERS = ("COMPOUNDPOWER", "ENDURANCERESERVE")


def _elements(section: Element) -> Iterator[Element]:
    """A section's items, compound powers' parts following their compound power."""
    for element in section:
        if element.tag in ("NOTES", "ADDER", "MODIFIER"):
            continue
        yield element
        if element.get("XMLID") in _HOLDERS:
            for part in element:
                if part.tag not in ("NOTES", "ADDER", "MODIFIER"):
                    part.set("PARENTID", element.get("ID", ""))
                    yield part


# --- the whole file ---------------------------------------------------------------------------
def _characteristics(root: Element) -> tuple[dict[str, int], list[Item]]:
    """The characteristics bought, and items for what plain levels do not say: a
    characteristic bought with Adders or Modifiers (its extra points), one a Base or Vehicle
    has (DEF, Size: priced by the catalogue), one the engine does not know (flagged)."""
    found = root.find("CHARACTERISTICS")
    levels, extras, items = {}, [], []
    ctx = _Context(Section.CHARACTERISTICS, {})
    for element in found if found is not None else ():
        key = element.get("XMLID", element.tag).upper()
        if key in CHARACTERISTIC_COSTS:
            levels[key] = _int(element, "LEVELS")
            if levels[key] and any(c.tag in ("ADDER", "MODIFIER") for c in element):
                extras.append((key, element))
        elif _int(element, "LEVELS"):
            item = _catalogued(element, ctx) or _stated(element, ctx, known=False)
            what = "" if item.known else " (a characteristic the engine does not know)"
            items.append(attrs.evolve(item, text=f"{item.name} +{item.levels}{what}", hdc=_written(element)))
    primaries = {k: 10 + levels.get(k, 0) for k in _CHARACTERISTIC_SKILLS}
    values = {}
    for key, bought in levels.items():
        value = characteristic_start(key, primaries) + bought
        if bought:
            values[key] = value
    items.extend(_with_modifiers(key, element, characteristic_cost(key, values[key], primaries))
                 for key, element in extras)
    return values, items


def _with_modifiers(key: str, element: Element, plain: int) -> Item:
    """A characteristic bought with Adders or Modifiers (Leaping x4 Noncombat, Usable As ...):
    its plain cost plus Adders, times its Advantages, over its Limitations (5E revised, as
    any Power); the item holds the points beyond the plain cost the characteristics row shows."""
    adders, names = _adders(element)
    mods = _modifiers(element)
    active, real, _ = price(plain + round_cost(adders), mods, costs_end=False)
    alias = (element.get("ALIAS") or key).strip()
    what = f"{alias} +{_int(element, 'LEVELS')}" + (f" ({', '.join(names)})" if names else "")
    text = item_text("", what, mods, active) + f": {real} points in all, {real - plain:+d} beyond the plain cost"
    return Item(id=element.get("ID", key), section=Section.CHARACTERISTICS, xmlid=key, name=alias, text=text,
                levels=_int(element, "LEVELS"), base=plain + round_cost(adders), active=active, real=real - plain,
                modifiers=tuple(mods), hdc=_written(element))


def _listed(root: Element) -> list[tuple[Section, Element]]:
    """Every item element with its section, at most :data:`~.hero.MAX_ITEMS` of them."""
    holders: list[tuple[Section, Element | None]] = [(section, root.find(section.value)) for section in Section
                                                     if section is not Section.CHARACTERISTICS]
    listed = [(section, element) for section, holder in holders if holder is not None for element in _elements(holder)]
    _check_count(len(listed))
    return listed


def _check_count(count: int) -> None:
    if count > MAX_ITEMS:
        raise HdcError(f"That file has {count} items; a sheet holds at most {MAX_ITEMS}: nothing was changed.")


def _priced(element: Element, ctx: _Context) -> Item:
    """One item, an engine refusal (``That is too many dice``) told as the file's own fault."""
    try:
        item = _item(element, ctx)
    except HdcError:
        raise
    except (RulesError, ValueError) as exc:
        raise HdcError(f"{_where(element)}: {exc} The file was refused and nothing was changed.") from None
    if element.get("PARENTID"):
        item = attrs.evolve(item, slot="fixed" if element.get("ULTRA_SLOT") == "Yes" else "variable")
    quantity = _int(element, "QUANTITY") if element.get("QUANTITY") else 1
    if quantity > 1:  # 5E revised, Focus: +5 points for each doubling of the number of items
        item = attrs.evolve(item, real=item.real + 5 * math.ceil(math.log2(quantity)))
    return attrs.evolve(item, hdc=_written(element))


def _written(element: Element) -> str:
    """The element as Hero Designer wrote it (its Adders, Modifiers, notes and parts), for an
    export to write back (:mod:`.hdc_export`): XML as ``ElementTree.tostring`` writes it, in a
    third of the time (the import's budget, docs/performance.md)."""
    attributes = "".join(f' {k}="{_escaped(v, _ATTRIBUTE)}"' for k, v in element.attrib.items())
    inside = (_escaped(element.text, _TEXT) if element.text else "") + "".join(
        _written(child) + (_escaped(child.tail, _TEXT) if child.tail else "") for child in element)
    return f"<{element.tag}{attributes}>{inside}</{element.tag}>" if inside else f"<{element.tag}{attributes} />"


#: What XML escapes in text and in an attribute's value.
_TEXT = re.compile(r"[&<>]")
_ATTRIBUTE = re.compile(r'[&<>"\n\r\t]')
_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#09;"}


def _escaped(text: str, special: re.Pattern[str]) -> str:
    return special.sub(lambda m: _ENTITIES[m.group()], text) if special.search(text) else text


def read_hdc(data: bytes | str, char_id: int) -> Imported:
    """Read a Hero Designer 5E file into a HERO sheet for ``char_id``.

    Raises:
        HdcError: not text, not XML, truncated, too big, a DTD or entities, not a character,
            a 6th Edition template, no BASIC_CONFIGURATION, over :data:`~.hero.MAX_ITEMS` items,
            a number that is not a plain bounded decimal, or an item the engine refuses.
    """
    root = _parse(_text_of(data))
    config = root.find("BASIC_CONFIGURATION")
    if config is None:
        raise HdcError("That file has no BASIC_CONFIGURATION, so it is not a Hero Designer character file: "
                       "nothing was changed.")
    listed = _listed(root)
    values, items = _characteristics(root)
    primaries = {k: values.get(k, 10) for k in _CHARACTERISTIC_SKILLS}
    contexts = {section: _Context(section, primaries) for section in Section}
    items.extend(_priced(element, contexts[section]) for section, element in listed)
    _check_count(len(items))
    items = _in_frameworks(items, _passed(listed))
    info = root.find("CHARACTER_INFO")
    name = one_line(info.get("CHARACTER_NAME", "") if info is not None else "", MAX_ITEM_NAME)
    try:
        hero = HeroSheet(char_id=char_id, base_points=_int(config, "BASE_POINTS"),
                         disad_points=_int(config, "DISAD_POINTS"), experience=_int(config, "EXPERIENCE"),
                         values=values, items=tuple(items),
                         source=f"from Hero Designer ({name[:60]})" if name else "from Hero Designer")
    except HdcError:
        raise
    except (RulesError, ValueError) as exc:
        raise HdcError(f"{exc} The file was refused and nothing was changed.") from None
    return Imported(hero=hero, name=name, unknown=tuple(i.text for i in items if not i.known))


def total_active_points(hero: HeroSheet) -> int:
    """Characteristics' points plus every item's Active Points (Hero Designer's "Active" total)."""
    return hero.characteristic_points() + sum(i.active for i in hero.items if not i.is_disadvantage)
