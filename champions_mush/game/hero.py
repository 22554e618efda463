"""The HERO sheet: a character built with Character Points (HERO 5E revised).

A :class:`HeroSheet` holds the characteristics bought (value and points paid) and every
:class:`Item` (Skills, Perks, Talents, Martial Arts, Powers, Disadvantages, Equipment), each
with its Active Points, Real Cost, END and the one-line text Hero Designer prints for it.
The totals compare the points spent with ``BASE + DISADS + XP`` (docs/player-guide.md,
"Building your character"). It is kept as a store document of kind ``"hero"`` keyed by the
character's id, beside the play sheet (:mod:`.sheets`), whose characteristics and resistant
defenses :func:`sync_sheet` keeps in step.

For fights: :func:`attack_powers` lists the attacks (dice, normal or killing, the defense
they work against, END per use) and :func:`defenses` totals PD/ED with the resistant part.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from ..rules.champions.characteristics import FIGURED, PRIMARY, PRIMARY_BASE
from ..rules.champions.costs import (
    CHARACTERISTIC_COSTS,
    as_fraction,
    characteristic_cost,
    characteristic_start,
)
from ..rules.champions.dcs import AttackKind
from ..rules.champions.defenses import REDUCTIONS, Defenses
from ..rules.champions.modifiers import modifier_value_text
from ..rules.dice import DiceAmount
from ..rules.errors import RulesError
from ..values import evolve, frozen
from .documents import Document
from .speech import one_line
from .unit import load, preload

if TYPE_CHECKING:
    from .objects import Character
    from .sheets import Sheet
    from .world import Game

__all__ = [
    "AttackPower",
    "CHARACTERISTIC_ORDER",
    "HERO_KIND",
    "HeroSheet",
    "Item",
    "MAX_DETAIL",
    "MAX_FIGURE",
    "MAX_HDC_BYTES",
    "MAX_ITEMS",
    "MAX_ITEM_NAME",
    "MAX_ITEM_TEXT",
    "Modifier",
    "Section",
    "attack_powers",
    "bought_characteristic",
    "defenses",
    "get_hero",
    "has_hero",
    "save_hero",
    "sync_sheet",
]

#: Store document kind for HERO sheets.
HERO_KIND = "hero"
#: The characteristics of a 5E sheet, in Hero Designer's order.
CHARACTERISTIC_ORDER = tuple(CHARACTERISTIC_COSTS)
#: Most items on one sheet: Hero Designer's biggest characters have a few hundred.
MAX_ITEMS = 500
#: Largest Hero Designer file accepted (:mod:`.hdc`, ``+sheet/import``): its biggest characters
#: are a few hundred KB. Here, not in hdc.py, so the paste's limit costs no XML parser at startup.
MAX_HDC_BYTES = 2 * 1024 * 1024
#: Longest name of an item or modifier: the cap on one typed with ``+power`` (commands/herobuild.py).
MAX_ITEM_NAME = 40
#: Longest detail of a modifier (Hero Designer's longest option texts are under 100 characters)
#: and longest whole line of an item (its name, what it is and every modifier's label).
MAX_DETAIL, MAX_ITEM_TEXT = 100, 400
#: Largest figure (points, levels, Active Points, PD ...) a sheet may hold, either sign: far
#: beyond any 5E character, small enough that every total stays a short number.
MAX_FIGURE = 1_000_000


class Section(enum.Enum):
    """The parts of a sheet, as Hero Designer names them."""

    #: characteristics the engine does not know (a base's DEF, a vehicle's SIZE): kept, flagged
    CHARACTERISTICS = "CHARACTERISTICS"
    #: Skills, Skill Levels and Combat Skill Levels
    SKILLS = "SKILLS"
    #: Perks (Contacts, Money, Reputation ...)
    PERKS = "PERKS"
    #: Talents
    TALENTS = "TALENTS"
    #: Martial Arts maneuvers and extra DCs
    MARTIALARTS = "MARTIALARTS"
    #: Powers and power frameworks
    POWERS = "POWERS"
    #: Disadvantages: points the character gets back
    DISADVANTAGES = "DISADVANTAGES"
    #: Equipment
    EQUIPMENT = "EQUIPMENT"

    @property
    def title(self) -> str:
        return {"MARTIALARTS": "Martial Arts"}.get(self.value, self.value.capitalize())


def _frac(value: object) -> Fraction:
    return as_fraction(value)


def _bounded(instance: object, attribute: attrs.Attribute, value: int) -> None:
    """A figure of at most :data:`MAX_FIGURE` either way (a sheet's numbers stay short)."""
    if not isinstance(value, int) or abs(value) > MAX_FIGURE:
        what = getattr(instance, "name", "") or "the sheet"
        raise RulesError(f"{what}: {attribute.name} is not a whole number from {-MAX_FIGURE} to {MAX_FIGURE}.")


def _bounded_values(instance: object, attribute: attrs.Attribute, value: Mapping[str, int]) -> None:
    for key, number in value.items():
        if not isinstance(number, int) or abs(number) > MAX_FIGURE:
            raise RulesError(f"{str(key)[:10]} is not a whole number from {-MAX_FIGURE} to {MAX_FIGURE}.")


# Converters: the text as :func:`~.speech.one_line` shows it, whatever door it came by (a file, a
# hand-built item, a document stored before the caps): every sheet renders in a few milliseconds
# (docs/reliability.md, "Every door").
def _shown_name(text: object) -> str:
    return one_line(str(text), MAX_ITEM_NAME)


def _shown_detail(text: object) -> str:
    return one_line(str(text), MAX_DETAIL)


def _shown_text(text: object) -> str:
    return one_line(str(text), MAX_ITEM_TEXT)


def _shown_source(text: object) -> str:
    return one_line(str(text), MAX_ITEM_NAME * 2)


def _few(instance: object, attribute: attrs.Attribute, value: tuple) -> None:
    if len(value) > MAX_ITEMS:
        raise RulesError(f"A sheet holds at most {MAX_ITEMS} items, not {len(value)}.")


@frozen
class Modifier:
    """An Advantage (``value`` > 0) or Limitation (< 0) on an item; ``text`` is its detail."""

    name: str = attrs.field(converter=_shown_name)
    value: Fraction = attrs.field(converter=_frac)
    text: str = attrs.field(default="", converter=_shown_detail)
    xmlid: str = ""
    #: Hero Designer's OPTIONID (``HALFEND``, ``ZERO``, ``OAF`` ...)
    option: str = ""

    @property
    def label(self) -> str:
        """``Armor Piercing (+1/2)``, ``Focus (OAF; -1)`` as Hero Designer prints it."""
        detail = f"{self.text}; " if self.text else ""
        return f"{self.name} ({detail}{modifier_value_text(self.value)})"

    def to_doc(self) -> dict[str, Any]:
        return {"name": self.name, "value": str(self.value), "text": self.text, "xmlid": self.xmlid,
                "option": self.option}


def _modifiers(value: Iterable[Any]) -> tuple[Modifier, ...]:
    return tuple(m if isinstance(m, Modifier) else Modifier(**m) for m in value)


@frozen
class Item(Document):
    """One thing bought: its costs, its text, and what a fight needs from it.

    ``parent`` is the id of the framework or list holding it (``""`` at the top); a
    ``framework`` item (MULTIPOWER, ELEMENTAL_CONTROL, VPP, LIST, COMPOUNDPOWER) holds others.
    ``known`` is False when the engine has no price for it: its points are as the file stated
    them, and staff are told. ``dice``/``killing``/``versus`` describe an attack; ``pd``/``ed``
    and ``resistant`` a defense; ``inches`` a movement power; ``roll`` a Skill's roll.
    """

    id: str
    section: Section = attrs.field(converter=Section)
    xmlid: str = attrs.field(converter=_shown_name)
    name: str = attrs.field(converter=_shown_name)
    text: str = attrs.field(converter=_shown_text)
    levels: int = attrs.field(default=0, validator=_bounded)
    base: int = attrs.field(default=0, validator=_bounded)
    active: int = attrs.field(default=0, validator=_bounded)
    real: int = attrs.field(default=0, validator=_bounded)
    end: int = attrs.field(default=0, validator=_bounded)
    modifiers: tuple[Modifier, ...] = attrs.field(default=(), converter=_modifiers)
    known: bool = True
    parent: str = ""
    framework: str = ""
    slot: str = ""
    dice: str = ""
    killing: bool = False
    versus: str = ""
    ranged: bool = False
    pd: int = attrs.field(default=0, validator=_bounded)
    ed: int = attrs.field(default=0, validator=_bounded)
    resistant: bool = False
    inches: int = attrs.field(default=0, validator=_bounded)
    roll: str = ""
    #: the characteristic a Skill is based on (``DEX``; ``GENERAL`` for a Background Skill)
    characteristic: str = ""
    #: the item as Hero Designer wrote it (its XML element, Adders, Modifiers and parts), kept
    #: so that an export writes it back as it came (:mod:`.hdc_export`); "" when built by hand
    hdc: str = attrs.field(default="", repr=False)

    @property
    def is_disadvantage(self) -> bool:
        return self.section is Section.DISADVANTAGES

    def to_doc(self) -> dict[str, Any]:
        doc = attrs.asdict(self, recurse=False)
        doc["section"] = self.section.value
        doc["modifiers"] = [m.to_doc() for m in self.modifiers]
        return doc



@frozen
class HeroSheet(Document):
    """A character built with points: characteristics bought and items, against
    ``base_points + disad_points + experience`` (Hero Designer's BASIC_CONFIGURATION)."""

    char_id: int
    base_points: int = attrs.field(default=200, validator=_bounded)
    disad_points: int = attrs.field(default=150, validator=_bounded)
    experience: int = attrs.field(default=0, validator=_bounded)
    #: characteristic -> value (only those bought up or down from their start)
    values: dict[str, int] = attrs.field(factory=dict, hash=False, validator=_bounded_values)
    items: tuple[Item, ...] = attrs.field(default=(), validator=_few, converter=lambda v: tuple(
        i if isinstance(i, Item) else Item.from_doc(i) for i in v))
    #: where it came from: "by hand" or "from Hero Designer (<the file's character name>)"
    source: str = attrs.field(default="by hand", converter=_shown_source)

    # --- characteristics ----------------------------------------------------------------
    def primaries(self) -> dict[str, int]:
        return {name: self.values.get(name, PRIMARY_BASE) for name in PRIMARY}

    def value(self, name: str) -> int:
        """A characteristic's value: bought, or its start (10, figured, free inches)."""
        key = name.upper()
        if key in self.values:
            return self.values[key]
        return characteristic_start(key, self.primaries())

    def movement(self, name: str) -> int:
        """Inches of Running, Swimming or Leaping: the characteristic (free inches and those
        bought on the list) and the movement Powers of that kind outside frameworks (HERO 5E)."""
        key = name.upper()
        return self.value(key) + sum(i.inches for i in self.items if i.xmlid == key and not i.parent)

    def points(self, name: str) -> int:
        """Points paid for a characteristic (0 at its start; negative when sold down)."""
        key = name.upper()
        return characteristic_cost(key, self.value(key), self.primaries())

    def characteristic_points(self) -> int:
        return sum(self.points(name) for name in CHARACTERISTIC_ORDER)

    # --- items --------------------------------------------------------------------------
    def top_items(self, section: Section) -> list[Item]:
        return [i for i in self.items if i.section is section and not i.parent]

    def children(self, item: Item) -> list[Item]:
        return [i for i in self.items if i.parent == item.id]

    def find(self, item_id: str) -> Item | None:
        return next((i for i in self.items if i.id == item_id), None)

    def section_points(self, section: Section) -> int:
        """Real Cost of a section: every item's own Real Cost (a framework's pool and each of
        its slots counted once; a list costs nothing itself)."""
        return sum(i.real for i in self.items if i.section is section)

    @property
    def unknown(self) -> list[Item]:
        """Items the engine could not price: kept at the file's points, flagged to staff."""
        return [i for i in self.items if not i.known]

    # --- totals -------------------------------------------------------------------------
    @property
    def spent(self) -> int:
        """Points spent: characteristics plus every section but Disadvantages."""
        return self.characteristic_points() + sum(
            self.section_points(s) for s in Section if s is not Section.DISADVANTAGES)

    @property
    def disads(self) -> int:
        """Points from Disadvantages taken."""
        return self.section_points(Section.DISADVANTAGES)

    @property
    def available(self) -> int:
        """``BASE + DISADS + XP``: the Disadvantages taken, at most the campaign's maximum."""
        return self.base_points + min(self.disads, self.disad_points) + self.experience

    @property
    def balance(self) -> int:
        """Points left to spend (negative: overspent)."""
        return self.available - self.spent

    # --- changes ------------------------------------------------------------------------
    def with_value(self, name: str, value: int) -> HeroSheet:
        """The sheet with one characteristic bought to ``value`` (its start drops it)."""
        key = name.upper()
        if key not in CHARACTERISTIC_COSTS:
            raise RulesError(f"{name} is not a characteristic.")
        values = {k: v for k, v in self.values.items() if k != key}
        if value != characteristic_start(key, {**self.primaries(), **({key: value} if key in PRIMARY else {})}):
            values[key] = value
        return evolve(self, values=values)

    def with_item(self, item: Item) -> HeroSheet:
        """The sheet with ``item`` added, or replacing the item with its id."""
        items = list(self.items)
        for index, old in enumerate(items):
            if old.id == item.id:
                items[index] = item
                return evolve(self, items=tuple(items))
        return evolve(self, items=(*items, item))

    def without_item(self, item_id: str) -> HeroSheet:
        """The sheet without the item and anything it holds."""
        gone = {item_id}
        for item in self.items:
            if item.parent in gone:
                gone.add(item.id)
        return evolve(self, items=tuple(i for i in self.items if i.id not in gone))

    def next_id(self) -> str:
        """An id for a hand-built item: ``h1``, ``h2`` ..."""
        taken = {i.id for i in self.items}
        n = 1
        while f"h{n}" in taken:
            n += 1
        return f"h{n}"

    # --- documents ----------------------------------------------------------------------
    def to_doc(self) -> dict[str, Any]:
        return {"char_id": self.char_id, "base_points": self.base_points, "disad_points": self.disad_points,
                "experience": self.experience, "values": dict(self.values), "source": self.source,
                "items": [i.to_doc() for i in self.items]}


def bought_characteristic(hero: HeroSheet, name: str) -> tuple[int, int]:
    """(value, points paid) of one characteristic."""
    return hero.value(name), hero.points(name)


# --- fights ---------------------------------------------------------------------------------
@frozen
class AttackPower:
    """An attack on the sheet, as a fight uses it: its dice, normal or killing, the defense it
    works against (``PD``, ``ED`` or ``MD``), END per use and Active Points."""

    name: str
    dice: DiceAmount
    kind: AttackKind
    versus: str
    end: int
    active: int
    ranged: bool
    item_id: str
    #: its Advantages and Limitations (:func:`~champions_mush.game.attacks.effects_of` reads them)
    modifiers: tuple[Modifier, ...] = ()


def attack_powers(hero: HeroSheet) -> list[AttackPower]:
    """Every attack power on the sheet (Energy Blast, Killing Attacks, Hand-To-Hand Attack,
    Ego Attack), in sheet order; a framework's slots are listed like any other."""
    found = []
    for item in hero.items:
        if not item.dice or item.section is Section.DISADVANTAGES:
            continue
        found.append(AttackPower(
            name=item.name, dice=DiceAmount.parse(item.dice),
            kind=AttackKind.KILLING if item.killing else AttackKind.NORMAL,
            versus=item.versus or "PD", end=item.end, active=item.active, ranged=item.ranged,
            item_id=item.id, modifiers=item.modifiers))
    return found


#: Combat Luck's resistant PD and ED a level (HERO 5E revised, Talents).
COMBAT_LUCK_PER_LEVEL = 3


def defenses(hero: HeroSheet) -> Defenses:
    """PD and ED from the characteristics and defense powers: Armor, Force Field and Combat
    Luck (3 rPD/3 rED a level) add resistant defense; Damage Resistance makes that much of the
    ordinary defense resistant; Damage Reduction (``levels`` %, against ``versus``, Normal or
    ``resistant``) is kept at its largest of each kind (HERO 5E revised)."""
    pd, ed = hero.value("PD"), hero.value("ED")
    rpd = red = 0
    made_resistant_pd = made_resistant_ed = 0
    reductions = {"pd_dr": 0, "ed_dr": 0, "rpd_dr": 0, "red_dr": 0}
    for item in hero.items:
        if item.xmlid == "DAMAGERESISTANCE":
            made_resistant_pd += item.pd
            made_resistant_ed += item.ed
        elif item.xmlid == "COMBAT_LUCK":
            luck = COMBAT_LUCK_PER_LEVEL * max(item.levels, 0)
            rpd, red = rpd + luck, red + luck
        elif item.xmlid == "DAMAGEREDUCTION" and item.levels in REDUCTIONS and item.versus in ("PD", "ED"):
            key = ("r" if item.resistant else "") + item.versus.lower() + "_dr"
            reductions[key] = max(reductions[key], item.levels)
        elif item.pd or item.ed:
            if item.resistant:
                rpd, red = rpd + item.pd, red + item.ed
            else:
                pd, ed = pd + item.pd, ed + item.ed
    moved_pd, moved_ed = min(pd, made_resistant_pd), min(ed, made_resistant_ed)
    return Defenses(pd=pd - moved_pd, ed=ed - moved_ed, rpd=rpd + moved_pd, red=red + moved_ed, **reductions)


# --- the store -----------------------------------------------------------------------------
def get_hero(game: Game, char: Character) -> HeroSheet:
    """The character's HERO sheet, or an empty one (nothing bought) when it has none (read and
    made once per command, and kept between fight commands: game/unit.py)."""
    try:
        hero = load(game.store, HERO_KIND, str(char.id), HeroSheet.from_doc)
    except (RulesError, ValueError, TypeError) as exc:
        why = str(exc).rstrip(".") if isinstance(exc, RulesError) else "it cannot be read"
        raise RulesError(f"{char.name}'s HERO sheet is damaged ({why}): a new +sheet/import replaces it.") from None
    return _from_play_sheet(game, char) if hero is None else hero


def _from_play_sheet(game: Game, char: Character) -> HeroSheet:
    """A first HERO sheet for a character set up with ``+stat`` before points were counted:
    the characteristics it already has, primaries first (figured starts follow from them)."""
    from .sheets import get_sheet

    stats = get_sheet(game, char).stats
    return _hero_of(char.id, tuple((name, stats[name]) for name in CHARACTERISTIC_ORDER if name in stats))


@functools.lru_cache(maxsize=1024)
def _hero_of(char_id: int, stats: tuple[tuple[str, int], ...]) -> HeroSheet:
    """:func:`_from_play_sheet` from the sheet's characteristics, made once for each (an attack
    asks it several times: its levels, its powers, the defenses of the genre)."""
    hero = HeroSheet(char_id=char_id)
    for name, value in stats:
        if 0 <= value <= 999:
            hero = hero.with_value(name, value)
    return hero


def preload_heroes(game: Game, chars: Iterable[Character]) -> None:
    """Inside a command, read the HERO sheets of ``chars`` in one store call (an attack reads the
    attacker's powers and the defenses of the genre on the one it hits)."""
    preload(game.store, HERO_KIND, [str(c.id) for c in chars])


def has_hero(game: Game, char: Character) -> bool:
    return game.store.get(HERO_KIND, str(char.id)) is not None


def sync_sheet(sheet: Sheet, hero: HeroSheet) -> Sheet:
    """The play sheet with the HERO sheet's characteristics and defenses, Damage Reduction included (current STUN, BODY
    and END kept, capped at the new maxima; each value within the play sheet's +/-999)."""
    from .sheets import MAX_VALUE

    stats = {name: hero.value(name) for name in PRIMARY + FIGURED}
    total = defenses(hero)
    stats.update(PD=total.pd, ED=total.ed)
    if total.rpd or total.red:  # resistant defense from powers; otherwise as set by +stat
        stats.update(rPD=total.rpd, rED=total.red)
    stats = {k: max(-MAX_VALUE, min(MAX_VALUE, v)) for k, v in stats.items()}  # the play sheet's range, as +stat
    kept = {k: v for k, v in sheet.stats.items() if k in ("OCV", "DCV") or (k in ("rPD", "rED") and k not in stats)}
    bought = {i.name.lower() for i in hero.items}
    skills = {k: v for k, v in sheet.skills.items() if k.lower() not in bought}
    skills.update({i.name[:30]: i.roll.rstrip("-") for i in hero.items if i.roll and i.section is Section.SKILLS})
    reduction = {k: getattr(total, k) for k in ("pd_dr", "ed_dr", "rpd_dr", "red_dr") if getattr(total, k)}
    return evolve(sheet, stats={**stats, **kept}, skills=skills, reduction=reduction).capped()


def save_hero(game: Game, hero: HeroSheet) -> HeroSheet:
    """Write the HERO sheet and bring the play sheet's characteristics in step with it."""
    from .sheets import get_sheet, save_sheet

    game.store.put(HERO_KIND, str(hero.char_id), hero.to_doc())
    char = game.characters.get(hero.char_id)
    if char is not None:
        save_sheet(game, sync_sheet(get_sheet(game, char), hero))
    return hero
