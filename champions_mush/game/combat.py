"""The combat tracker: one fight per room, its Turn and Segment, whose Phase it is, and conditions.

A :class:`Fight` is a frozen value kept in the store (kind ``"combat"``, keyed by room id), so a
fight survives a server restart. Phases run one at a time in DEX order (HERO 5E Speed Chart;
combat starts in Segment 12): :func:`next_phase` ends the current Phase and starts the next,
running Post-Segment 12 on the way past the end of a Turn (RULES RECOVERING, DYING).

When a character's Phase comes, on his DEX (RULES DAMAGE EFFECTS 1-3, RULES RECOVERING):

* one holding breath spends 1 END, whatever else happens (RULES HOLDING BREATH);
* what lasted "until his next Phase" ends: a Recovery's ½ DCV, a maneuver's DCV, Brace;
* an aborted Phase is lost; Awed and Cowed hesitate that Phase (RULES PRE ATTACKS 2);
* a Stunned character spends it recovering and is no longer Stunned right after it;
* a Knocked Out one takes a Recovery when the chart allows it every Phase and no STUN or BODY
  got through earlier in that Segment; faster characters find him still unconscious.

Conditions the sheet does not keep live on the :class:`Fighter`: prone (after Knockback or a
knockdown, until he stands), recovering, Awed or Cowed, a maneuver's DCV, Brace and Set.
:func:`target_dcv` reads them all for every attack roll.
"""

from __future__ import annotations

import functools
import importlib
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from ..rules.champions.battlefield import Area
from ..rules.champions.effects import LifeState, RecoveryFrequency, post_segment_12_body, recovery_frequency
from ..rules.champions.entangle import ENTANGLED_DCV
from ..rules.champions.grappling import blockers_first
from ..rules.champions.mental import level_text
from ..rules.champions.recovery import can_recover, hold_breath_phase, recovery
from ..rules.champions.rolls import effective_dcv
from ..rules.champions.senses import SENSE_GROUPS
from ..rules.champions.speed import FIRST_SEGMENT, SEGMENTS, acting_in, next_acting_segment, speed_phases
from ..rules.dice import Roller
from ..values import evolve, frozen
from . import gmcp
from .batch import for_room
from .documents import fields_of
from .lasting import COMBAT_KIND
from .sheets import SHEET_KIND, Sheet, get_sheet, save_sheet
from .unit import NOT_MADE, keep, load, made_value, preload, worked_out

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = [
    "AUTO",
    "COMBAT_KIND",
    "CONFIRM",
    "AbortedPhaseLost",
    "Acts",
    "BodyLost",
    "BreathHeld",
    "Fight",
    "Fighter",
    "Windup",
    "HeldActionLost",
    "HeldActionWaits",
    "Hesitates",
    "KnockedOutPhase",
    "LostRecovery",
    "NoRecovery",
    "PhaseBegins",
    "PhaseEvent",
    "PhaseNote",
    "PostSegment12",
    "RecoveryOutcome",
    "Recovered",
    "SegmentBegins",
    "StunShaken",
    "TargetDCV",
    "current_fighter",
    "damaged_this_segment",
    "end_fight",
    "end_phase",
    "fight_of",
    "get_fight",
    "next_phase",
    "note_damage",
    "phases_of",
    "post_segment_12",
    "save_fight",
    "segment_count",
    "send_phase",
    "take_recovery",
    "target_dcv",
    "update_fighter",
]

#: Fight modes: actions apply at once, or the fight waits for the GM's +combat/confirm.
AUTO, CONFIRM = "auto", "confirm"
#: Presence Attack results that change a target's combat (RULES PRE ATTACKS 2).
AWED, COWED = "awed", "cowed"


@frozen
class Windup:
    """A Haymaker on its way: it lands at the end of the Segment after the attacker's Phase
    (HERO 5E: ½ Phase and an extra Segment), unless he is Stunned or Knocked Out first or the
    target moves away. ``due``: that Segment counted from the start of the fight (turn x 12 +
    segment). The attack's options are kept to roll it then."""

    target: int
    due: int
    power: str = ""
    strength: int | None = None
    push: int = 0
    kb_mods: tuple[str, ...] = ()  #: KBModifier names
    wall: tuple[int, int, int] | None = None
    other: int | None = None  #: a character in the way of the Knockback
    flight: int = 0
    rooted_str: int = 0
    flying: bool = False
    high: bool = False
    moved: bool = False  #: the target moved away meanwhile

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> Windup:
        known = {k: v for k, v in doc.items() if k in _WINDUP_FIELDS}
        known["kb_mods"] = tuple(known.get("kb_mods", ()))
        known["wall"] = tuple(known["wall"]) if known.get("wall") else None
        return cls(**known)


_WINDUP_FIELDS = {f.name for f in attrs.fields(Windup)}


def segment_count(turn: int, segment: int) -> int:
    """A Segment counted from the start of the fight, so Segments of different Turns compare."""
    return turn * SEGMENTS + segment


def turn_and_segment(count: int) -> tuple[int, int]:
    """The Turn and Segment of a :func:`segment_count`."""
    turn, segment = divmod(count, SEGMENTS)
    return (turn - 1, SEGMENTS) if segment == 0 else (turn, segment)


@frozen
class Fighter:
    """Someone in a fight, with the conditions the tracker keeps for him."""

    char_id: int
    name: str
    holding: bool = False
    aborted: bool = False  #: aborted to a defensive action: loses his next Phase
    prone: bool = False  #: lying on the ground, ½ DCV until he stands (RULES KNOCKBACK 2, 5)
    recovering: bool = False  #: took a Recovery: ½ DCV until his next Phase (RULES RECOVERING)
    presence: str = ""  #: AWED or COWED (RULES PRE ATTACKS 2)
    dcv_mod: int = 0  #: a maneuver's DCV modifier until his next Phase (Haymaker -5, Dodge +3)
    dcv_note: str = ""  #: the maneuver that set ``dcv_mod``
    braced: bool = False  #: Brace: +2 OCV against the Range Modifier, ½ DCV
    set: bool = False  #: Set: +1 OCV with ranged attacks
    half_used: bool = False  #: half of the current Phase is used (a move, standing up)
    #: the last blow knocked him out: Knockback from it lands without 2x STUN (RULES DAMAGE EFFECTS 2)
    fresh_ko: bool = False
    #: the character he spends his Phases helping wake up, and whether someone helps him
    helping: int | None = None
    helped: bool = False
    #: STUN and END a Recovery gave this Segment (taken back if damage gets through)
    recovered: tuple[int, int] | None = None
    #: holding: someone else has had a Phase to act in since he began to (the tracker waits
    #: for a holder at the end of a Segment whose Phases all passed by themselves)
    hold_seen: bool = False
    #: a Haymaker on its way
    windup: Windup | None = None
    #: an Entangle on him: (DEF, BODY left); DCV 0 until it is destroyed (RULES ENTANGLE)
    entangle: tuple[int, int] | None = None
    #: who made it and how it was bought: (maker's id, maker's name, Takes No Damage From Attacks, Backlash)
    entangle_by: tuple[int, str, bool, bool] | None = None
    #: Blocking until his next Phase: the maneuver (Block, Martial Block), its OCV, the Blocks made (game/grappling.py)
    blocking: str = ""
    block_ocv: int = 0
    blocks: int = 0
    #: those whose attack he Blocked: he acts before them in the next Segment both act in
    first_over: tuple[int, ...] = attrs.field(default=(), converter=tuple)
    #: a Grab: who holds him (½ DCV), whom he holds and the STR he holds on with beyond his own
    grabbed_by: int | None = None
    grabbing: int | None = None
    hold_str: int = 0
    #: a Sweep or Rapid Fire: ½ DCV until his next Phase
    half_dcv: str = ""
    #: Lightning Reflexes with all actions: DEX added for the Phase order only (HERO 5E revised, Talents)
    lightning: int = 0
    #: his Continuous attacks going on: (target's id, target's name, power) (game/continuing.py)
    continuing: tuple[tuple[int, str, str], ...] = attrs.field(
        default=(), converter=lambda v: tuple(tuple(c) for c in v))
    #: powers he has switched on (+use): (item id, XMLID, levels, name) (RULES BATTLEFIELD, SIZE)
    using: tuple[tuple[str, str, int, str], ...] = ()
    #: Flashes on him: (Sense Group, the last Segment it is lost, counted as :func:`segment_count`) (RULES FLASH)
    flashed: tuple[tuple[str, int], ...] = ()
    #: lasting Mental Powers on him: (power, by whom, level reached, breakout modifier, the command)
    #: (RULES MENTAL POWERS)
    minds: tuple[tuple[str, str, int, int, str], ...] = ()
    #: minds his Mental Powers reach without sight: (char id, name, Mind Link or Mind Scan, level)
    links: tuple[tuple[int, str, str, int], ...] = ()

    @property
    def unseeing(self) -> bool:
        """A Flash took a Targeting Sense Group: ½ DCV, ½ OCV hand-to-hand, 0 at range (RULES FLASH)."""
        return any(SENSE_GROUPS[g].targeting for g, _ in self.flashed)

    def mind_conditions(self) -> list[str]:
        """Mental Powers on him and the minds he reaches: no DCV of his changes (RULES MENTAL POWERS)."""
        found = [f"{kind} by {by} ({level_text(level)}){': ' + said if said else ''}"
                 for kind, by, level, _, said in self.minds]
        return found + [f"Mind Linked with {name}" if how == "Mind Link" else f"{how} found {name} ({level_text(level)})"
                        for _, name, how, level in self.links]

    def conditions(self) -> list[str]:
        """The tracker's conditions to show, in a fixed order."""
        found = [self.presence.capitalize()] if self.presence else []
        found += ["Prone"] if self.prone else []
        found += [f"Entangled (DEF {self.entangle[0]}, BODY {self.entangle[1]})"] if self.entangle else []
        found += ["Grabbed"] if self.grabbed_by is not None else []
        found += ["Grabbing"] if self.grabbing is not None else []
        found += ["Blocking"] if self.blocking else []
        found += [f"{self.half_dcv} 1/2 DCV"] if self.half_dcv else []
        found += [f"{power} on {name} (Continuous)" for _, name, power in self.continuing]
        found += [f"Flashed ({SENSE_GROUPS[g].name}, to Turn {t} Segment {s})"
                  for g, (t, s) in ((g, turn_and_segment(last)) for g, last in self.flashed)]
        found += self.mind_conditions()
        found += ["Recovering"] if self.recovering else []
        found += ["Helped"] if self.helped else []
        found += [f"{self.dcv_note} DCV {self.dcv_mod:+d}"] if self.dcv_mod else []
        found += ["Braced"] if self.braced else []
        found += ["Set"] if self.set else []
        found += ["holding"] if self.holding else []
        found += ["aborted"] if self.aborted else []
        return found


@frozen
class Fight:
    """A fight in one room. ``segment`` 0 means not begun: the first step goes to Segment 12."""

    #: :meth:`to_doc` gives JSON's own types (kept as written: game/unit.py ``Kept.wrote``)
    PLAIN_DOC: ClassVar[bool] = True
    room: int
    gm: str
    turn: int = 1
    segment: int = 0
    fighters: tuple[Fighter, ...] = ()
    #: ids of characters damage got through to this Segment (no Recovery for them)
    damaged: tuple[int, ...] = ()
    #: the fight's number: its records in the combat log carry it
    id: int = 0
    mode: str = AUTO
    #: whose Phase it is now (a character id), None between Phases
    current: int | None = None
    #: ids whose Phase in this Segment is over
    done: tuple[int, ...] = ()
    #: confirm mode: an action waits for the GM
    waiting: bool = False
    #: log ids of the records +combat/undo can take back, newest last
    undo: tuple[int, ...] = ()
    #: areas made by powers (Darkness, Force Wall ...: RULES BATTLEFIELD)
    areas: tuple[Area, ...] = ()

    def fighter(self, char_id: int) -> Fighter | None:
        for fighter in self.fighters:  # a loop: every rule asks, many times an action
            if fighter.char_id == char_id:
                return fighter
        return None

    def member(self, char_id: int) -> Fighter:
        """The record of one known to be in this fight (``fight_of`` found it for him)."""
        found = self.fighter(char_id)
        if found is None:
            raise LookupError(f"#{char_id} is not in fight #{self.id}")
        return found

    def with_fighter(self, fighter: Fighter) -> Fight:
        """Add or replace one fighter (the join order is kept)."""
        found = self.fighter(fighter.char_id)
        if found is None:
            return evolve(self, fighters=self.fighters + (fighter,))
        if found is fighter:
            return self  # the same record: the fight as it is
        return evolve(self, fighters=tuple(fighter if f.char_id == fighter.char_id else f for f in self.fighters))

    def without(self, char_id: int) -> Fight:
        """The fight without him: the areas he made end, and he is in none."""
        areas = tuple(evolve(a, inside=tuple(i for i in a.inside if i != char_id))
                      for a in self.areas if a.by != char_id)
        return evolve(self, fighters=tuple(f for f in self.fighters if f.char_id != char_id),
                            current=None if self.current == char_id else self.current, areas=areas)

    def to_doc(self) -> dict[str, Any]:
        """The store document, built field by field (attrs.asdict's recursive walk cost a third
        of an attack's time: docs/performance.md, "Fights")."""
        doc = fields_of(self)
        doc["fighters"] = _fighters_doc(self.fighters)
        for name in ("damaged", "done", "undo"):
            doc[name] = list(doc[name])
        doc["areas"] = [a.to_doc() for a in self.areas]
        return doc

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> Fight:
        fighters = []
        for f in doc.get("fighters", ()):
            known = {k: v for k, v in f.items() if k in _FIGHTER_FIELDS}
            if known.get("recovered") is not None:  # a list in the document
                known["recovered"] = tuple(known["recovered"])
            if known.get("windup") is not None:
                known["windup"] = Windup.from_doc(known["windup"])
            if known.get("entangle") is not None:
                known["entangle"] = tuple(known["entangle"])
            known["using"] = tuple(tuple(u) for u in known.get("using", ()))
            if known.get("entangle_by") is not None:
                known["entangle_by"] = tuple(known["entangle_by"])
            known["flashed"] = tuple(tuple(a) for a in known.get("flashed", ()))
            known["minds"] = tuple(tuple(a) for a in known.get("minds", ()))
            known["links"] = tuple(tuple(a) for a in known.get("links", ()))
            fighters.append(Fighter(**known))
        return cls(room=int(doc["room"]), gm=doc.get("gm", ""), turn=int(doc.get("turn", 1)),
                   segment=int(doc.get("segment", 0)), fighters=tuple(fighters),
                   damaged=tuple(doc.get("damaged", ())), id=int(doc.get("id", 0)), mode=doc.get("mode", AUTO),
                   current=doc.get("current"), done=tuple(doc.get("done", ())),
                   waiting=bool(doc.get("waiting", False)), undo=tuple(doc.get("undo", ())),
                   areas=tuple(Area(**a) for a in doc.get("areas", ())))


_FIGHTER_FIELDS = {f.name for f in attrs.fields(Fighter)}


def _fighters_doc(fighters: tuple[Fighter, ...]) -> list[dict[str, Any]]:
    """The fighters' documents; the same list again for the same fighters as the last call (an
    action's fight is written again with its undo list only: game/journal.py). Documents are
    never changed once made (the unit of work hands out copies: game/unit.py)."""
    last, docs = _LAST_FIGHTERS
    if fighters is not last:
        docs = [_fighter_doc_of(f) for f in fighters]
        _LAST_FIGHTERS[:] = fighters, docs
    return docs


#: The fighters last written and their documents (held, so the tuple's id is not used again).
_LAST_FIGHTERS: list[Any] = [None, []]
#: Fighters' records written lately and their documents, by the record's id (each held, so its
#: id is not used again): an action changes one or two of a fight's records, not all.
_FIGHTER_DOCS: dict[int, tuple[Fighter, dict[str, Any]]] = {}
#: Most records :data:`_FIGHTER_DOCS` holds (20 fights of 4 write 80).
_FIGHTER_DOCS_MOST = 512


def _fighter_doc_of(fighter: Fighter) -> dict[str, Any]:
    """:func:`_fighter_doc`, made once for the same record (a record is a frozen value)."""
    found = _FIGHTER_DOCS.get(id(fighter))
    if found is not None and found[0] is fighter:
        return found[1]
    if len(_FIGHTER_DOCS) >= _FIGHTER_DOCS_MOST:
        _FIGHTER_DOCS.clear()
    doc = _FIGHTER_DOCS[id(fighter)] = (fighter, _fighter_doc(fighter))
    return doc[1]


def _fighter_doc(fighter: Fighter) -> dict[str, Any]:
    """A fighter's document: his id, his name and only the fields not at their default (most of
    them in a plain fight), lists for tuples; :meth:`Fight.from_doc` fills in the rest, and reads
    the older documents that listed every field (docs/performance.md, "Fights")."""
    doc: dict[str, Any] = {"char_id": fighter.char_id, "name": fighter.name}
    for name, default in _FIGHTER_DEFAULTS:
        value = getattr(fighter, name)
        if value is default or (value == default and type(value) is type(default)):
            continue
        if name == "windup":
            doc[name] = {key: list(v) if isinstance(v, tuple) else v for key, v in fields_of(value).items()}
        elif isinstance(value, tuple):
            doc[name] = [list(v) if isinstance(v, tuple) else v for v in value]
        else:
            doc[name] = value
    return doc


#: Each field of a fighter's record with a default, and that default (what a document leaves out).
_FIGHTER_DEFAULTS = tuple((f.name, f.default) for f in attrs.fields(Fighter) if f.default is not attrs.NOTHING)


# --- the store -------------------------------------------------------------------------------
def get_fight(game: Game, room: int) -> Fight | None:
    """The fight in ``room``; inside a command it is read once, with its fighters' sheets in one
    more read, and kept as a value for the rest of the command (game/unit.py)."""
    key, unit = str(room), game.unit
    store = game.store if unit is None else unit
    fight = made_value(store, COMBAT_KIND, key)  # every rule asks (20 times an attack): made once
    if fight is not NOT_MADE:
        return fight
    fight = load(store, COMBAT_KIND, key, Fight.from_doc)
    if fight is not None:  # the first time: its fighters' sheets are read with it
        preload(store, SHEET_KIND, [str(f.char_id) for f in fight.fighters])
    return fight


def save_fight(game: Game, fight: Fight) -> None:
    keep(game.store, COMBAT_KIND, str(fight.room), fight, Fight.to_doc)


def end_fight(game: Game, room: int) -> list[str]:
    """End the fight; out of combat nobody stays Stunned (his Phase comes within seconds), and
    what Adjustment Powers left on each keeps returning by real time (game/adjusting.py). Returns
    the names that stop being Stunned."""
    fight = get_fight(game, room)
    freed = []
    from .adjusting import out_of_fight  # Drains and Aids go on returning by real time

    for fighter, sheet in _combatants(game, fight) if fight else ():
        char = game.characters.get(fighter.char_id)
        if char is not None:
            out_of_fight(game, char)
            sheet = get_sheet(game, char)
        if sheet.stunned:
            save_sheet(game, evolve(sheet, stunned=False))
            freed.append(fighter.name)
    keep(game.store, COMBAT_KIND, str(room), None, Fight.to_doc)
    return freed


def fight_of(game: Game, char: Character) -> Fight | None:
    """The fight ``char`` is in (the one in their room), or None."""
    fight = get_fight(game, char.location)
    return None if fight is None or fight.fighter(char.id) is None else fight


def _in_fight(game: Game, char: Character) -> tuple[Fight, Fighter] | None:
    """The fight ``char`` is in and his record there, or None: :func:`fight_of` and
    :meth:`Fight.member` in one look (the rules ask many times an action)."""
    fight = get_fight(game, char.location)
    if fight is None:
        return None
    fighter = fight.fighter(char.id)
    return None if fighter is None else (fight, fighter)


def update_fighter(game: Game, char: Character, **changes: Any) -> Fighter | None:
    """Change the tracker's record of ``char`` (when he is in a fight); the new record or None."""
    found = _in_fight(game, char)
    if found is None:
        return None
    fight, was = found
    fighter = _with(was, **changes)
    if fighter is not was:  # nothing changes (a Strike's DCV +0, no new Knock Out): the fight stays as it is
        save_fight(game, fight.with_fighter(fighter))
    return fighter


def _with(fighter: Fighter, **changes: Any) -> Fighter:
    """The fighter with ``changes``: the same record when it has them already (most Phases
    begin with nothing to end; a Strike keeps DCV +0)."""
    if all(getattr(fighter, name) == value for name, value in changes.items()):
        return fighter
    return evolve(fighter, **changes)


def current_fighter(fight: Fight) -> Fighter | None:
    return None if fight.current is None else fight.fighter(fight.current)


@frozen
class LostRecovery:
    """A Recovery taken earlier this Segment, lost because damage got through (RULES RECOVERING)."""

    name: str
    stun: int
    end: int


def note_damage(game: Game, char: Character, got_through: bool) -> LostRecovery | None:
    """Remember that damage got through to ``char`` this Segment (RULES RECOVERING): no Recovery
    for him now, and one he took earlier this Segment is lost (returned)."""
    found = _in_fight(game, char) if got_through else None
    if found is None:
        return None
    fight, fighter = found
    lost = None
    if fighter.recovered is not None:
        stun, end = fighter.recovered
        sheet = get_sheet(game, char)
        save_sheet(game, sheet.with_vitals(stun=sheet.current_stun - stun, end=sheet.current_end - end))
        fight = fight.with_fighter(evolve(fighter, recovered=None))
        lost = LostRecovery(char.name, stun, end)
    if char.id not in fight.damaged:
        fight = evolve(fight, damaged=fight.damaged + (char.id,))
    save_fight(game, fight)
    return lost


def damaged_this_segment(game: Game, char: Character) -> bool:
    fight = fight_of(game, char)
    return fight is not None and char.id in fight.damaged


@frozen
class TargetDCV:
    """The DCV an attack roll is made against: the sheet's, what changes it, and the result."""

    base: int
    why: tuple[str, ...]
    dcv: int


def target_dcv(game: Game, char: Character) -> TargetDCV:
    """The DCV an attack roll is made against, with every condition on it.

    RULES DAMAGE EFFECTS (Stunned ½, Knocked Out 0), RULES KNOCKBACK 2 and 5 (prone ½), RULES
    RECOVERING (½), RULES PRE ATTACKS 2 (Awed ½, Cowed 0), RULES ENTANGLE (Entangled 0), RULES
    FLASH (his Sight Group lost: ½); a
    maneuver's DCV adds first.
    """
    sheet = get_sheet(game, char)
    found = _in_fight(game, char)
    fighter = Fighter(char.id, char.name) if found is None else found[1]
    why, size, halved = _fighter_dcv(fighter)
    stunned, knocked_out = sheet.stunned, sheet.knocked_out
    if stunned or knocked_out:  # the sheet's conditions that change DCV, in its order
        why = (*(c for c, on in (("Stunned", stunned), ("Knocked Out", knocked_out)) if on), *why)
    base = sheet.base("DCV")
    dcv = effective_dcv(max(base + fighter.dcv_mod + size, 0), stunned=stunned, knocked_out=knocked_out,
                        prone=fighter.prone, recovering=fighter.recovering, braced=fighter.braced,
                        awed=fighter.presence == AWED, cowed=fighter.presence == COWED, halved=halved)
    if fighter.entangle is not None:
        dcv = ENTANGLED_DCV
    return TargetDCV(base, why, dcv)


def _fighter_dcv(fighter: Fighter) -> tuple[tuple[str, ...], int, bool]:
    """What the tracker's conditions on him do to his DCV: those to show, Shrinking's or Growth's
    DCV, and whether another ½ DCV applies (Grabbed, a Sweep or Rapid Fire, Flashed); worked out
    once for the same record (a frozen value), as :func:`_fighter_doc_of`."""
    found = _FIGHTER_DCVS.get(id(fighter))
    if found is not None and found[0] is fighter:
        return found[1]
    unchanged = ("holding", "aborted", "Set", "Grabbing", "Blocking", *fighter.mind_conditions())  # no DCV of his
    why = [c for c in fighter.conditions() if c not in unchanged and not c.endswith("(Continuous)")]
    size, said = _size_dcv(fighter) if fighter.using else (0, "")
    why += [said] if said else []
    halved = fighter.grabbed_by is not None or bool(fighter.half_dcv) or fighter.unseeing
    if len(_FIGHTER_DCVS) >= _FIGHTER_DOCS_MOST:
        _FIGHTER_DCVS.clear()
    _FIGHTER_DCVS[id(fighter)] = fighter, (tuple(why), size, halved)
    return tuple(why), size, halved


#: :func:`_fighter_dcv` of fighters' records asked lately, by the record's id (each held, so its id is not used again).
_FIGHTER_DCVS: dict[int, tuple[Fighter, tuple[tuple[str, ...], int, bool]]] = {}


def _size_dcv(fighter: Fighter) -> tuple[int, str]:
    """Shrinking's and Growth's DCV, for one with powers switched on (RULES SIZE)."""
    return _late("battlefield", "size_dcv")(fighter)  # it uses the tracker


@functools.cache
def _late(module: str, name: str) -> Any:
    """A function of a game module that uses the tracker (so is not imported with it), imported
    at its first use: an import statement in a function costs about 0.6 us at every call, and the
    tracker makes a few each Phase."""
    return getattr(importlib.import_module(f"{__package__}.{module}"), name)


# --- Recovery (RULES RECOVERING, RECOVERING CHART) -------------------------------------------
@frozen
class Recovered:
    """A Recovery taken: the REC added and STUN and END after it; ``woke``: out of a Knock Out."""

    name: str
    rec: int
    stun: int
    end: int
    woke: bool = False


@frozen
class NoRecovery:
    """No Recovery now, and why (empty for the dead)."""

    name: str
    why: str = ""


#: What taking a Recovery came to.
RecoveryOutcome = Recovered | NoRecovery


def take_recovery(game: Game, sheet: Sheet, needed: RecoveryFrequency, *, damaged: bool = False,
                  helped: bool = False) -> tuple[Sheet, RecoveryOutcome]:
    """One Recovery if the rules allow it: the sheet after it and what happened. ``needed``: how
    often one must be able to recover now (every Phase in a fight, Post-Segment 12, once a
    minute out of combat)."""
    if sheet.dead:
        return sheet, NoRecovery(sheet.name)
    if not can_recover(stunned=sheet.stunned, holding_breath=sheet.holding_breath, damaged_this_segment=damaged):
        why = "Stunned" if sheet.stunned else "holding breath" if sheet.holding_breath else "damage got through this Segment"
        return sheet, NoRecovery(sheet.name, why)
    if recovery_frequency(sheet.current_stun, helped=helped) < needed:
        return sheet, NoRecovery(sheet.name, f"STUN {sheet.current_stun}, too far out")
    rec = recovery(sheet.current_stun, sheet.current_end, sheet.base("REC"), sheet.max_stun, sheet.max_end)
    new = save_sheet(game, sheet.with_vitals(stun=rec.stun, end=rec.end))
    return new, Recovered(sheet.name, sheet.base("REC"), rec.stun, rec.end, rec.woke_up)


# --- moving on -------------------------------------------------------------------------------
def _combatants(game: Game, fight: Fight) -> list[tuple[Fighter, Sheet]]:
    found = []
    for fighter in fight.fighters:
        char = game.characters.get(fighter.char_id)
        if char is not None:
            found.append((fighter, get_sheet(game, char)))
    return found


#: Who still acts in a fight (:func:`_live`): by id, his record and sheet, in the join order; each
#: one's (id, SPD, DEX with Lightning Reflexes) for the Speed Chart; whom those who won a Block act before.
_Chart = tuple[dict[int, tuple[Fighter, Sheet]], tuple[tuple[int, int, int], ...], dict[int, tuple[int, ...]]]


def _live(game: Game, fight: Fight) -> _Chart:
    """Those in the fight who still act (the dead act no more), with what the Speed Chart reads of
    them: worked out once while the fighters and the command's writes stay as they are (game/unit.py)."""
    return worked_out(game.store, "live", fight.fighters, lambda: _chart(game, fight))


def _chart(game: Game, fight: Fight) -> _Chart:
    pairs, speeds = {}, []
    for fighter, sheet in _combatants(game, fight):
        if not sheet.dead:
            pairs[fighter.char_id] = (fighter, sheet)
            speeds.append((fighter.char_id, sheet.base("SPD"), sheet.base("DEX") + fighter.lightning))
    first = {f.char_id: f.first_over for f, _ in pairs.values() if f.first_over}  # a Block won (HERO 5E revised)
    return pairs, tuple(speeds), first


def _acting(game: Game, fight: Fight, segment: int) -> list[tuple[Fighter, Sheet]]:
    """Who has a Phase in ``segment``, highest DEX (with Lightning Reflexes) first (engine Speed Chart);
    the dead act no more."""
    pairs, speeds, first = _live(game, fight)
    ids = acting_in(speeds, segment)
    return [pairs[i] for i in (blockers_first(ids, first) if first else ids)]


def _next_segment(game: Game, fight: Fight, after: int) -> int:
    """The first Segment after ``after`` in which someone acts, or 12 when nobody does."""
    return next_acting_segment(tuple(spd for _, spd, _ in _live(game, fight)[1]), after)


def end_phase(fight: Fight) -> Fight:
    """The current Phase is over."""
    if fight.current is None:
        return fight
    return evolve(fight, current=None, done=fight.done + (fight.current,), waiting=False)


def next_phase(game: Game, fight: Fight, roller: Roller) -> tuple[Fight, list[PhaseEvent]]:
    """End the current Phase and start the next one in DEX order (a new Segment, and Post-Segment
    12, when this one is over). Phases a condition uses up pass by themselves; a Haymaker lands
    at the end of its Segment; the tracker waits for a held action before the holder's own next
    Phase would lose it unused. Saves everything; returns what happened, in order."""
    breakouts = _late("minding", "breakouts")  # a Mental Power's breakout roll opens his Phase
    fight, events = end_phase(fight), []
    while True:
        waiting = [(f, s) for f, s in _acting(game, fight, fight.segment) if f.char_id not in fight.done] \
            if fight.segment else []
        if not waiting:
            fight, begun = _new_segment(game, fight, roller)
            events.extend(begun)
            waiting = [(f, s) for f, s in _acting(game, fight, fight.segment)]
            if not waiting:
                break
        fighter, sheet = waiting[0]
        if fighter.holding and not fighter.hold_seen:  # his held action would be lost unused: wait for him
            fight = evolve(fight.with_fighter(evolve(fighter, hold_seen=True)), current=None)
            events.append(HeldActionWaits(fight.segment, fighter.name))
            break
        fight, fighter = _stop_helping(fight, fighter)
        fight, fighter, tried = breakouts(game, fight, fighter, sheet, roller)
        events.extend(tried)
        fighter, begins = _phase_start(game, fight, fighter, sheet, roller)
        fight = fight.with_fighter(fighter)
        events.append(begins)
        if fighter.continuing:  # his Continuous attacks go on, or stop (game/continuing.py)
            from .continuing import go_on

            fight, went = go_on(game, fight, fighter.char_id, begins.acts, roller)
            events.extend(went)
        if begins.acts:
            fight = _holders_see(fight, fighter.char_id)
            fight = evolve(fight, current=fighter.char_id)
            break
        fight = evolve(fight, done=fight.done + (fighter.char_id,))
    save_fight(game, fight)
    send_phase(game, fight)
    return fight, events


@frozen
class HeldActionWaits:
    """His next Phase comes and nobody's Phase since he began holding stopped for anyone to act
    (they all passed by themselves): the tracker waits for his held action (HERO 5E: it lasts
    until used or his next Phase; he may act at the start of a Segment)."""

    segment: int
    name: str


def _holders_see(fight: Fight, acting: int) -> Fight:
    """Someone's Phase stopped for him to act: those holding could act in it too."""
    for held in [f for f in fight.fighters if f.holding and not f.hold_seen and f.char_id != acting]:
        fight = fight.with_fighter(evolve(held, hold_seen=True))
    return fight


def _stop_helping(fight: Fight, fighter: Fighter) -> tuple[Fight, Fighter]:
    """A new Phase of the helper: the help lasts only while he keeps at it (RULES RECOVERING CHART)."""
    if fighter.helping is None:
        return fight, fighter
    helped = fight.fighter(fighter.helping)
    if helped is not None:
        fight = fight.with_fighter(evolve(helped, helped=False))
    fighter = evolve(fighter, helping=None)
    return fight.with_fighter(fighter), fighter


@frozen
class SegmentBegins:
    """A new Segment and who has a Phase in it, in DEX order: (name, DEX)."""

    turn: int
    segment: int
    order: tuple[tuple[str, int], ...]


@frozen
class BodyLost:
    """A dying character loses 1 BODY in Post-Segment 12 (RULES DYING)."""

    name: str
    body: int
    life: LifeState


@frozen
class PostSegment12:
    """Post-Segment 12 of a Turn: BODY lost by the dying, then everyone's free Recovery."""

    turn: int
    events: tuple[BodyLost | RecoveryOutcome, ...]


#: What happens at the start of a Phase, in the order it is told (RULES DAMAGE EFFECTS 1-3,
#: RECOVERING, HOLDING BREATH, PRE ATTACKS 2).
@frozen
class HeldActionLost:
    """A held action not used before his next Phase is lost."""


@frozen
class BreathHeld:
    """Holding breath costs 1 END a Phase (RULES HOLDING BREATH): END, STUN and BODY after."""

    end: int
    stun: int
    body: int


@frozen
class AbortedPhaseLost:
    """An Abort earlier used up this Phase."""


@frozen
class Hesitates:
    """Awed or Cowed: hesitates the whole Phase (RULES PRE ATTACKS 2)."""

    presence: str


@frozen
class StunShaken:
    """A Stunned character spends the Phase recovering from it (RULES DAMAGE EFFECTS 1)."""


@frozen
class KnockedOutPhase:
    """A Knocked Out character's Phase: a Recovery when the chart allows it (RULES RECOVERING CHART)."""

    recovery: RecoveryOutcome


@frozen
class Acts:
    """He acts this Phase."""


PhaseNote = HeldActionLost | BreathHeld | AbortedPhaseLost | Hesitates | StunShaken | KnockedOutPhase | Acts


@frozen
class PhaseBegins:
    """A character's Phase begins on his DEX: what happens first, and whether he acts."""

    name: str
    dex: int
    notes: tuple[PhaseNote, ...]

    @property
    def acts(self) -> bool:
        return isinstance(self.notes[-1], Acts)


#: What moving a fight on tells (and game/attacks.py: a Haymaker landing, lost or missing).
PhaseEvent = Any


def _new_segment(game: Game, fight: Fight, roller: Roller) -> tuple[Fight, list[PhaseEvent]]:
    """Move to the next Segment with a Phase in it, through Post-Segment 12 after Segment 12;
    Haymakers due by then land on the way (game/attacks.py)."""
    return_points = _late("adjusting", "return_points")  # Drains and Aids return in Post-Segment 12
    land_windups = _late("attacks", "land_windups")  # the tracker calls the attack engine, which uses the tracker
    senses_return = _late("flashing", "senses_return")  # Flashes end Segment by Segment
    events: list[PhaseEvent] = []
    turn = fight.turn
    if fight.segment == 0:
        segment = FIRST_SEGMENT
    else:
        fight, landed = land_windups(game, fight, segment_count(turn, fight.segment) + 1, roller)
        events.extend(landed)
        if fight.segment >= SEGMENTS:
            fight, post = post_segment_12(game, fight)
            events.append(post)
            fight, back = return_points(game, fight)
            events.extend(back)
            turn += 1
            segment = _next_segment(game, fight, 0)
        else:
            segment = _next_segment(game, fight, fight.segment)
        fight, landed = land_windups(game, fight, segment_count(turn, segment), roller)
        events.extend(landed)
    fighters = fight.fighters if all(f.recovered is None for f in fight.fighters) else \
        tuple(f if f.recovered is None else evolve(f, recovered=None) for f in fight.fighters)
    fight = evolve(fight, turn=turn, segment=segment, damaged=(), done=(), current=None, fighters=fighters)
    order = tuple((f.name, s.base("DEX") + f.lightning) for f, s in _acting(game, fight, segment))
    events.append(SegmentBegins(turn, segment, order))
    fight, seen = senses_return(fight, segment_count(turn, segment))
    events.extend(seen)
    return fight, events


#: What lasts until his next Phase and ends as it begins: a held action, a Recovery's ½ DCV, a
#: maneuver's DCV, Brace, half a Phase used, a Block, a Sweep's or Rapid Fire's ½ DCV.
_UNTIL_NEXT_PHASE: dict[str, Any] = {
    "holding": False, "hold_seen": False, "recovering": False, "dcv_mod": 0, "dcv_note": "", "braced": False,
    "half_used": False, "recovered": None, "blocking": "", "block_ocv": 0, "blocks": 0, "first_over": (),
    "half_dcv": ""}
_UNTIL_NEXT_PHASE_ITEMS = tuple(_UNTIL_NEXT_PHASE.items())


def _until_next_phase_ends(fighter: Fighter) -> Fighter:
    """:func:`_with` ``_UNTIL_NEXT_PHASE``, without making the changes' dict for each Phase."""
    for name, value in _UNTIL_NEXT_PHASE_ITEMS:
        if getattr(fighter, name) != value:
            return evolve(fighter, **_UNTIL_NEXT_PHASE)
    return fighter


def _phase_start(game: Game, fight: Fight, fighter: Fighter, sheet: Sheet,
                 roller: Roller) -> tuple[Fighter, PhaseBegins]:
    """A Phase begins on the character's DEX: the fighter afterwards and what happened."""
    notes: list[PhaseNote] = []
    if fighter.holding:
        notes.append(HeldActionLost())
    fighter = _until_next_phase_ends(fighter)
    if sheet.holding_breath:
        breath = hold_breath_phase(sheet.current_end, sheet.current_stun, sheet.current_body, roller)
        sheet = save_sheet(game, sheet.with_vitals(stun=breath.stun, body=breath.body, end=breath.end))
        notes.append(BreathHeld(breath.end, breath.stun, breath.body))
    # powers kept up cost END each Phase: none for one with no power on and no area in the fight
    kept = _late("battlefield", "upkeep")(game, fight, fighter, roller) if fighter.using or fight.areas else None
    if kept is not None:  # a note of game/battlefield.py, which imports the tracker
        notes.append(kept)
        sheet = get_sheet(game, game.characters[fighter.char_id])
    begins = functools.partial(PhaseBegins, fighter.name, sheet.base("DEX"))
    if fighter.aborted:
        return evolve(fighter, aborted=False), begins((*notes, AbortedPhaseLost()))
    if fighter.presence:
        return evolve(fighter, presence=""), begins((*notes, Hesitates(fighter.presence)))
    if sheet.stunned:
        save_sheet(game, evolve(sheet, stunned=False))
        return fighter, begins((*notes, StunShaken()))
    if sheet.knocked_out:
        damaged = fighter.char_id in fight.damaged
        sheet, outcome = take_recovery(game, sheet, RecoveryFrequency.EVERY_PHASE, damaged=damaged,
                                       helped=fighter.helped)
        return fighter, begins((*notes, KnockedOutPhase(outcome)))
    return fighter, begins((*notes, Acts()))


def post_segment_12(game: Game, fight: Fight) -> tuple[Fight, PostSegment12]:
    """Post-Segment 12 for everyone in the fight: dying characters lose BODY, then free Recoveries.

    RULES RECOVERING: the free Recovery "occurs outside of the Turn", so damage taken during
    Segment 12 does not spoil it; Stunned and holding breath still do. The fight is returned
    as it goes on (nothing here changes it).
    """
    events: list[BodyLost | RecoveryOutcome] = []
    for fighter, sheet in _combatants(game, fight):
        if sheet.dead:
            continue
        if sheet.dying:
            body = post_segment_12_body(sheet.current_body, stabilised=sheet.stabilized)
            if body != sheet.current_body:
                sheet = save_sheet(game, sheet.with_vitals(body=body))
                events.append(BodyLost(fighter.name, body, sheet.life))
                if sheet.dead:
                    continue
        events.append(take_recovery(game, sheet, RecoveryFrequency.POST_SEGMENT_12, helped=fighter.helped)[1])
    return fight, PostSegment12(fight.turn, tuple(events))


def phases_of(sheet: Sheet) -> tuple[int, ...]:
    """The Segments a sheet's SPD acts in (engine Speed Chart)."""
    return speed_phases(sheet.base("SPD"))


def send_phase(game: Game, fight: Fight) -> None:
    """GMCP ``Combat.Phase`` to everyone connected in the fight's room."""
    gmcp.send_made(game.batch.listeners.sessions(for_room(fight.room)), "Combat.Phase",
                   lambda: gmcp.phase_body(game, fight))
