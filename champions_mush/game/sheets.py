"""Character sheets: characteristics, defenses, current STUN/BODY/END, conditions and approval.

A sheet is a frozen :class:`Sheet` value kept in the store as a document of kind ``"sheet"``
keyed by the character's id. Read one with :func:`get_sheet`, change it with ``evolve``
(champions_mush/values.py) and write it back with :func:`save_sheet`, which also sends GMCP
``Char.Vitals`` to the character's connections when current STUN, BODY or END changed.

Characteristics (HERO 5E): STR DEX CON BODY INT EGO PRE COM start at 10; PD ED SPD REC END
STUN are figured from them (HERO 5E) unless set; OCV and DCV are DEX/3 unless set; resistant
PD and ED (``rPD``, ``rED``) start at 0. Skills are kept as a roll target (``12``) or a
characteristic roll with a bonus (``DEX+1``: 9 + DEX/5 + 1).

Conditions: Stunned, holding breath and stabilized are kept; Knocked Out (current STUN 0 or
less), Dying (current BODY 0 or less) and dead (BODY at or below minus the BODY characteristic;
a player character goes into a coma instead, RULES DYING) follow from the numbers.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from ..rules.champions.characteristics import FIGURED, MAX_SPD, PRIMARY, PRIMARY_BASE, figured_characteristics
from ..rules.champions.damage import KillingDamage, NormalDamage
from ..rules.champions.defenses import REDUCTIONS, Against, DamageTaken, Defenses, Delivery, Health, apply_damage
from ..rules.champions.effects import LifeState, is_knocked_out, life_state
from ..rules.champions.rolls import characteristic_target, cv
from ..rules.errors import RulesError
from ..values import evolve, frozen
from . import gmcp
from .documents import Document, fields_of
from .unit import keep, load

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = [
    "CHARACTERISTICS",
    "COMBAT_VALUES",
    "FIGURED",
    "MAX_VALUE",
    "PRIMARY",
    "SHEET_KIND",
    "Sheet",
    "SheetError",
    "figured_values",
    "get_sheet",
    "has_sheet",
    "normalise_stat",
    "parse_skill",
    "save_sheet",
    "send_vitals",
    "sheet_defenses",
    "take_damage",
    "vitals",
]

#: Store document kind for sheets.
SHEET_KIND = "sheet"
# PRIMARY (each 10 on a new sheet) and FIGURED (computed from them unless set) come from
# rules/champions/characteristics.py (HERO 5E).
#: Every characteristic of the sheet, in the order it is shown.
CHARACTERISTICS = PRIMARY + FIGURED
#: Combat values kept beside the characteristics: resistant defenses and combat values.
COMBAT_VALUES = ("rPD", "rED", "OCV", "DCV")
_ALL = CHARACTERISTICS + COMBAT_VALUES
_BY_UPPER = {name.upper(): name for name in _ALL}
#: the sheet's own spellings, which :meth:`Sheet.base` takes as they are (rules ask many times a command)
_SPELLED = frozenset(_ALL)
_BASE = PRIMARY_BASE
#: Largest value a characteristic may be set to: beyond any sane hero, and keeps dice capped.
MAX_VALUE = 999
_SKILL = re.compile(r"(?:(?P<number>[0-9]{1,2})-?|(?P<char>[A-Za-z]{3,4})\s*(?P<bonus>[+-]\s*[0-9]{1,2})?)")
_SKILL_NAME = re.compile(r"[A-Za-z][A-Za-z0-9 '/-]{0,29}")


#: Dead, or (a player character) in a coma: gone from the fight (RULES DYING)
_GONE = (LifeState.DEAD, LifeState.COMA)
#: The Damage Reduction a play sheet keeps (:class:`Sheet`.reduction).
_REDUCTION_KEYS = ("pd_dr", "ed_dr", "rpd_dr", "red_dr")


class SheetError(RulesError):
    """A sheet value a player cannot set (unknown characteristic, bad number)."""


def normalise_stat(name: str) -> str | None:
    """The sheet's spelling of a characteristic or combat value (``rpd`` -> ``rPD``), or None."""
    return _BY_UPPER.get(name.strip().upper())


def parse_skill(text: str) -> str:
    """A skill value as stored: ``12`` (or ``12-``) or ``DEX``/``DEX+1``. Raises :class:`SheetError`."""
    match = _SKILL.fullmatch(text.strip())
    if match is None:
        raise SheetError(f"'{text.strip()[:20]}' is not a skill roll: use a number like 12 or a characteristic like DEX+1.")
    if match["number"]:
        return str(int(match["number"]))
    char = normalise_stat(match["char"])
    if char not in CHARACTERISTICS:
        raise SheetError(f"'{match['char']}' is not a characteristic.")
    bonus = int(re.sub(r"\s", "", match["bonus"])) if match["bonus"] else 0
    return f"{char}{bonus:+d}" if bonus else char


def _int_map(value: Mapping[str, Any] | None) -> dict[str, int]:
    if not value:  # most sheets' Damage Reduction and Charges used (each copy of a sheet converts them)
        return {}
    return {str(k): int(v) for k, v in value.items()}


class _Worked:
    """Where a :class:`Sheet` keeps what it worked out once (:meth:`Sheet.base`, :attr:`Sheet.life`):
    slots, not fields, so never stored, compared, written nor copied (a changed copy works them
    out again)."""

    __slots__ = ("_bases", "_life")
    _bases: dict[str, int]
    _life: LifeState


@frozen
class Sheet(Document, _Worked):
    """One character's sheet. ``stats`` holds the values set by hand; everything else is figured."""

    #: :meth:`to_doc` gives JSON's own types (a fight keeps it as written: game/unit.py ``Kept.wrote``)
    PLAIN_DOC: ClassVar[bool] = True
    char_id: int
    name: str
    stats: dict[str, int] = attrs.field(factory=dict, converter=_int_map, hash=False)
    skills: dict[str, str] = attrs.field(factory=dict, hash=False)
    #: current STUN, BODY and END; None means at the maximum
    stun: int | None = None
    body: int | None = None
    end: int | None = None
    stunned: bool = False
    holding_breath: bool = False
    stabilized: bool = False
    npc: bool = False
    approved: bool = False
    approved_by: str = ""
    #: Damage Reduction in % from the HERO sheet (:func:`~.hero.sync_sheet`), by the
    #: :class:`~champions_mush.rules.champions.defenses.Defenses` field it fills (``rpd_dr`` ...)
    reduction: dict[str, int] = attrs.field(factory=dict, converter=_int_map, hash=False)
    #: Charges used, by the power's item id (refilled when healed to full: :meth:`healed`)
    charges_used: dict[str, int] = attrs.field(factory=dict, converter=_int_map, hash=False)

    # --- values -----------------------------------------------------------------------
    def base(self, name: str) -> int:
        """A characteristic as bought: set by hand, else 10 for primaries, else figured. Worked out
        once per sheet (the rules ask ~70 times an attack: docs/performance.md, "Fights")."""
        try:
            return self._bases[name]
        except (AttributeError, KeyError):
            return self._base(name)

    def _base(self, name: str) -> int:
        """:meth:`base` not yet worked out, or of a name not the sheet's own spelling."""
        try:
            self._bases  # noqa: B018
        except AttributeError:
            object.__setattr__(self, "_bases", self._worked_out())
            if name in self._bases:
                return self._bases[name]
        if name not in _SPELLED:
            name = normalise_stat(name) or name
        if name in self.stats:
            return self.stats[name]
        if name in PRIMARY:
            return _BASE
        if name in FIGURED:
            return self.figured()[name]
        if name in ("rPD", "rED"):
            return 0
        if name in ("OCV", "DCV"):
            return self.figured()[name]
        raise SheetError(f"'{name}' is not a characteristic.")

    def _worked_out(self) -> dict[str, int]:
        """Every characteristic and combat value by the sheet's own spelling, as :meth:`base` gives it."""
        get = self.stats.get
        found = dict(_unset(get("STR", _BASE), get("DEX", _BASE), get("CON", _BASE), get("BODY", _BASE)))
        stats = self.stats
        found.update(stats if stats.keys() <= _SPELLED else {k: v for k, v in stats.items() if k in _SPELLED})
        return found

    def figured(self) -> dict[str, int]:
        """Figured characteristics and combat values from the primaries (engine rules)."""
        get = self.stats.get
        return _figured(get("STR", _BASE), get("DEX", _BASE), get("CON", _BASE), get("BODY", _BASE))

    def to_doc(self) -> dict[str, Any]:
        """The store document (flat: one level, so no recursive walk; docs/performance.md)."""
        doc = fields_of(self)
        doc["stats"], doc["skills"] = dict(self.stats), dict(self.skills)
        doc["reduction"], doc["charges_used"] = dict(self.reduction), dict(self.charges_used)
        return doc

    def is_set(self, name: str) -> bool:
        return (normalise_stat(name) or name) in self.stats

    @property
    def max_stun(self) -> int:
        return self.base("STUN")

    @property
    def max_body(self) -> int:
        return self.base("BODY")

    @property
    def max_end(self) -> int:
        return self.base("END")

    @property
    def current_stun(self) -> int:
        return self.base("STUN") if self.stun is None else self.stun

    @property
    def current_body(self) -> int:
        return self.base("BODY") if self.body is None else self.body

    @property
    def current_end(self) -> int:
        return self.base("END") if self.end is None else self.end

    # --- conditions (RULES DAMAGE EFFECTS, DYING) ---------------------------------------
    @property
    def knocked_out(self) -> bool:
        """STUN 0 or lower: Knocked Out (RULES DAMAGE EFFECTS 2)."""
        return is_knocked_out(self.current_stun)

    @property
    def life(self) -> LifeState:
        """Alive, dying, dead or (player characters) in a coma (RULES DYING); worked out once."""
        try:
            return self._life
        except AttributeError:
            life = life_state(self.current_body, self.max_body, player_character=not self.npc)
            object.__setattr__(self, "_life", life)
            return life

    @property
    def dead(self) -> bool:
        """BODY at or below minus the BODY characteristic (RULES DYING): dead, or a coma."""
        return self.life in _GONE

    @property
    def dying(self) -> bool:
        """BODY 0 or lower and not yet dead (RULES DYING)."""
        return self.life is LifeState.DYING

    def conditions(self) -> list[str]:
        """The conditions to show, in a fixed order."""
        found = []
        if self.stunned:
            found.append("Stunned")
        if self.knocked_out:
            found.append("Knocked Out")
        life = self.life  # worked out once here (GMCP and the tracker ask often)
        if life is LifeState.DYING:
            found.append("Dying (stabilized)" if self.stabilized else "Dying")
        if life in _GONE:
            found.append("Dead" if self.npc else "Coma")
        if self.holding_breath:
            found.append("Holding breath")
        return found

    # --- changes ------------------------------------------------------------------------
    def with_stat(self, name: str, value: int) -> Sheet:
        """The sheet with one characteristic set (current values kept, capped at new maxima)."""
        key = normalise_stat(name)
        if key is None:
            raise SheetError(f"'{name.strip()[:20]}' is not a characteristic (try STR, DEX, PD, rPD, OCV ...).")
        if not -MAX_VALUE <= value <= MAX_VALUE:
            raise SheetError(f"{key} must be between -{MAX_VALUE} and {MAX_VALUE}.")
        if key == "SPD" and not 1 <= value <= MAX_SPD:
            raise SheetError(f"SPD must be between 1 and {MAX_SPD}.")
        if key in ("BODY", "STUN") and value < 1:
            raise SheetError(f"{key} must be at least 1.")
        if value < 0 and key not in ("OCV", "DCV"):
            raise SheetError(f"{key} cannot be negative.")
        new = evolve(self, stats={**self.stats, key: value})
        return new.capped()

    def without_stat(self, name: str) -> Sheet:
        """The sheet with a hand-set value removed (back to 10 or figured)."""
        key = normalise_stat(name) or name
        return evolve(self, stats={k: v for k, v in self.stats.items() if k != key}).capped()

    def with_skill(self, name: str, value: str | None) -> Sheet:
        """The sheet with a skill set (or removed when ``value`` is None)."""
        name = name.strip()
        if not _SKILL_NAME.fullmatch(name):
            raise SheetError("A skill name is 1-30 letters, digits, spaces, ' / or -.")
        skills = {k: v for k, v in self.skills.items() if k.lower() != name.lower()}
        if value is not None:
            skills[name] = parse_skill(value)
        return evolve(self, skills=skills)

    def find_skill(self, name: str) -> tuple[str, str] | None:
        """A skill by name, any case, or a unique prefix: (name, value)."""
        low = name.strip().lower()
        exact = [(k, v) for k, v in self.skills.items() if k.lower() == low]
        if exact:
            return exact[0]
        found = [(k, v) for k, v in self.skills.items() if k.lower().startswith(low)]
        return found[0] if len(found) == 1 else None

    def skill_target(self, value: str) -> int:
        """A stored skill value as a roll: ``12`` or ``DEX+1`` (9 + DEX/5 + 1, HERO 5E)."""
        match = re.fullmatch(r"([0-9]{1,3})|([A-Z]+)([+-][0-9]{1,3})?", value)
        if match is None:
            raise SheetError(f"That skill's value '{value}' cannot be read; ask staff to set it again.")
        if match.group(1):
            return int(match.group(1))
        return characteristic_target(self.base(match.group(2))) + int(match.group(3) or 0)

    def with_vitals(self, stun: int | None = None, body: int | None = None, end: int | None = None) -> Sheet:
        """The sheet with new current values (None leaves one as it is); at the maximum reads as full.
        The same sheet when nothing changes (a third of those an attack: no STUN through, already
        full), not a copy (docs/performance.md, "Fights")."""
        new = (self._current(stun, self.stun, self.max_stun), self._current(body, self.body, self.max_body),
               self._current(end, self.end, self.max_end))
        if new == (self.stun, self.body, self.end):
            return self
        made = evolve(self, stun=new[0], body=new[1], end=new[2])
        try:  # the characteristics are as they were: only the current values changed
            object.__setattr__(made, "_bases", self._bases)
        except AttributeError:
            pass
        return made

    @staticmethod
    def _current(new: int | None, old: int | None, maximum: int) -> int | None:
        if new is None:
            return old
        return None if new >= maximum else new

    def capped(self) -> Sheet:
        """Current values no higher than their maxima."""
        return self.with_vitals(self.current_stun, self.current_body, self.current_end)

    def healed(self) -> Sheet:
        """Back to full STUN, BODY and END with no conditions, every Charge back."""
        return evolve(self, stun=None, body=None, end=None, stunned=False, holding_breath=False, stabilized=False,
                            charges_used={})


@functools.lru_cache(maxsize=4096)
def _figured(strength: int, dex: int, con: int, body: int) -> dict[str, int]:
    """Figured from the four primaries they depend on, worked out once per set of them (every
    rule asks a sheet's SPD, DEX-figured DCV and the rest many times a command)."""
    return figured_values({"STR": strength, "DEX": dex, "CON": con, "BODY": body})


@functools.lru_cache(maxsize=4096)
def _unset(strength: int, dex: int, con: int, body: int) -> dict[str, int]:
    """What :meth:`Sheet.base` gives of each characteristic and combat value not set by hand, for
    those four primaries: 10 for a primary, 0 for rPD and rED, the rest figured."""
    return {**dict.fromkeys(PRIMARY, _BASE), **_figured(strength, dex, con, body), "rPD": 0, "rED": 0}


def figured_values(primaries: Mapping[str, int]) -> dict[str, int]:
    """PD ED SPD REC END STUN and OCV DCV from the primaries, by the engine (HERO 5E)."""
    f = figured_characteristics(primaries["STR"], primaries["DEX"], primaries["CON"], primaries["BODY"])
    combat_value = cv(primaries["DEX"])
    return {"PD": f.pd, "ED": f.ed, "SPD": f.spd, "REC": f.rec, "END": f.end, "STUN": f.stun,
            "OCV": combat_value, "DCV": combat_value}


def get_sheet(game: Game, char: Character) -> Sheet:
    """The character's sheet from the store (read once per command: game/unit.py), or a new one
    (all 10s) when it has none."""
    sheet = load(game.store, SHEET_KIND, str(char.id), Sheet.from_doc)
    if sheet is None:
        return Sheet(char_id=char.id, name=char.name, npc=char.npc)
    if sheet.name == char.name and sheet.npc == char.npc:
        return sheet
    return evolve(sheet, name=char.name, npc=char.npc)


def has_sheet(game: Game, char: Character) -> bool:
    return load(game.store, SHEET_KIND, str(char.id), Sheet.from_doc) is not None


def save_sheet(game: Game, sheet: Sheet) -> Sheet:
    """Write a sheet; when what the game's GMCP ``Char.Vitals`` shows changed, send it (and
    ``Char.Status`` when the conditions changed: game/gmcp.py)."""
    key = str(sheet.char_id)
    char = game.characters.get(sheet.char_id)
    if char is None or not gmcp.wanted(game, char, "Char.Vitals", "Char.Status"):
        keep(game.store, SHEET_KIND, key, sheet, Sheet.to_doc)
        return sheet  # no connection of his takes them: nothing to compare
    old = load(game.store, SHEET_KIND, key, Sheet.from_doc)
    keep(game.store, SHEET_KIND, key, sheet, Sheet.to_doc)
    ruleset = game.config.ruleset
    if old is None or gmcp.vitals_body(ruleset, sheet) != gmcp.vitals_body(ruleset, old):
        changed = (old.conditions() if old is not None else []) != sheet.conditions()
        gmcp.send_vitals_and_status(game, char, sheet, status=changed)
    return sheet


def vitals(sheet: Sheet) -> dict[str, Any]:
    """The Champions GMCP ``Char.Vitals`` body: current and maximum STUN, BODY and END, and conditions."""
    return gmcp.vitals_body("champions", sheet)


def send_vitals(game: Game, char: Character, sheet: Sheet | None = None) -> None:
    """Send ``Char.Vitals`` and ``Char.Status`` to every connection of ``char``."""
    gmcp.send_vitals_and_status(game, char, sheet or get_sheet(game, char))


def sheet_defenses(sheet: Sheet) -> Defenses:
    """The defenses an attack meets: PD, ED, rPD and rED as the play sheet has them (the HERO
    sheet's totals, or set by hand with +stat) and the HERO sheet's Damage Reduction."""
    reduction = tuple((k, v) for k, v in sheet.reduction.items() if k in _REDUCTION_KEYS and v in REDUCTIONS)
    return _defenses(max(sheet.base("PD"), 0), max(sheet.base("ED"), 0), max(sheet.base("rPD"), 0),
                     max(sheet.base("rED"), 0), reduction)


@functools.lru_cache(maxsize=1024)
def _defenses(pd: int, ed: int, rpd: int, red: int, reduction: tuple[tuple[str, int], ...]) -> Defenses:
    """:func:`sheet_defenses` made once for each set of numbers (checked as it is made: every hit asks)."""
    return Defenses(pd=pd, ed=ed, rpd=rpd, red=red, **dict(reduction))


def take_damage(
    game: Game, char: Character, damage: NormalDamage | KillingDamage, against: Against = Against.PD,
    *, knocked_out: bool | None = None, delivery: Delivery = Delivery(),
) -> tuple[DamageTaken, Sheet]:
    """Apply rolled damage to a character's sheet against its defenses, and save it.

    The engine does the arithmetic (RULES TAKING DAMAGE, DAMAGE EFFECTS): defenses from the
    sheet (PD/ED with rPD/rED) and Damage Reduction (:func:`sheet_defenses`), Stunned against CON, 2x STUN against the Knocked Out.
    A character Stunned by the blow keeps the Stunned condition until his next Phase.
    ``knocked_out``: whether he counts as Knocked Out (None: as the sheet says); the landing
    after the blow that knocked him out is part of that attack, not a new one. ``delivery``: the
    attack's Advantages against the defenses (:class:`~..rules.champions.defenses.Delivery`).
    """
    sheet = get_sheet(game, char)
    taken = apply_damage(
        damage, sheet_defenses(sheet), against=against, con=sheet.base("CON"),
        current=Health(stun=sheet.current_stun, body=sheet.current_body),
        target_knocked_out=sheet.knocked_out if knocked_out is None else knocked_out, delivery=delivery,
    )
    after = taken.after
    assert after is not None  # given the current STUN and BODY, apply_damage says what is left
    new = sheet.with_vitals(stun=after.stun, body=after.body)
    if taken.stunned:
        new = evolve(new, stunned=True)
    save_sheet(game, new)
    return taken, new
