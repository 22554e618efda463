"""The combat tracker: one fight per room, its Turn and Segment, who acts, holds and aborts.

A :class:`Fight` is a frozen value kept in the store (kind ``"combat"``, keyed by room id), so
a fight survives a server restart. :func:`advance` moves it on: to the next Segment in which
someone has a Phase (HERO 5E Speed Chart, highest DEX first; combat starts in Segment 12),
running Post-Segment 12 on the way past the end of a Turn:

* every eligible character takes a free Recovery (RULES RECOVERING; not while Stunned or
  holding breath, not when damage got through that Segment; the RECOVERING CHART says who
  is too far out);
* every dying character who is not stabilized loses 1 BODY (RULES DYING).

On a character's Phase: an aborted action costs the Phase; a Stunned character spends it
recovering from being Stunned; a Knocked Out one recovers if the chart allows it every Phase;
one holding breath spends 1 END (RULES HOLDING BREATH). Every number comes from the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..rules.champions.effects import LifeState, RecoveryFrequency, post_segment_12_body, recovery_frequency
from ..rules.champions.recovery import can_recover, hold_breath_phase, recovery
from ..rules.champions.speed import FIRST_SEGMENT, SEGMENTS, Combatant, phase_order, speed_phases
from ..rules.dice import Roller
from .sheets import Sheet, get_sheet, save_sheet

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = [
    "COMBAT_KIND",
    "Fight",
    "Fighter",
    "Step",
    "advance",
    "damaged_this_segment",
    "end_fight",
    "fight_of",
    "get_fight",
    "note_damage",
    "phases_of",
    "post_segment_12",
    "save_fight",
    "send_phase",
]

#: Store document kind of fights.
COMBAT_KIND = "combat"


@attrs.frozen
class Fighter:
    """Someone in a fight: holding an action, or having aborted (losing the next Phase)."""

    char_id: int
    name: str
    holding: bool = False
    aborted: bool = False


@attrs.frozen
class Fight:
    """A fight in one room. ``segment`` 0 means not begun: the first step goes to Segment 12."""

    room: int
    gm: str
    turn: int = 1
    segment: int = 0
    fighters: tuple[Fighter, ...] = ()
    #: ids of characters damage got through to this Segment (no Recovery for them)
    damaged: tuple[int, ...] = ()

    def fighter(self, char_id: int) -> Fighter | None:
        return next((f for f in self.fighters if f.char_id == char_id), None)

    def with_fighter(self, fighter: Fighter) -> Fight:
        """Add or replace one fighter."""
        others = tuple(f for f in self.fighters if f.char_id != fighter.char_id)
        return attrs.evolve(self, fighters=others + (fighter,))

    def without(self, char_id: int) -> Fight:
        return attrs.evolve(self, fighters=tuple(f for f in self.fighters if f.char_id != char_id))

    def to_doc(self) -> dict[str, Any]:
        return attrs.asdict(self)

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> Fight:
        fighters = tuple(Fighter(**f) for f in doc.get("fighters", ()))
        return cls(room=int(doc["room"]), gm=doc.get("gm", ""), turn=int(doc.get("turn", 1)),
                   segment=int(doc.get("segment", 0)), fighters=fighters, damaged=tuple(doc.get("damaged", ())))


# --- the store -------------------------------------------------------------------------------
def get_fight(game: Game, room: int) -> Fight | None:
    doc = game.store.get(COMBAT_KIND, str(room))
    return None if doc is None else Fight.from_doc(doc)


def save_fight(game: Game, fight: Fight) -> None:
    game.store.put(COMBAT_KIND, str(fight.room), fight.to_doc())


def end_fight(game: Game, room: int) -> None:
    game.store.delete(COMBAT_KIND, str(room))


def fight_of(game: Game, char: Character) -> Fight | None:
    """The fight ``char`` is in (the one in their room), or None."""
    fight = get_fight(game, char.location)
    return fight if fight is not None and fight.fighter(char.id) is not None else None


def note_damage(game: Game, char: Character, got_through: bool) -> None:
    """Remember that damage got through to ``char`` this Segment (RULES RECOVERING)."""
    fight = fight_of(game, char)
    if fight is not None and got_through and char.id not in fight.damaged:
        save_fight(game, attrs.evolve(fight, damaged=fight.damaged + (char.id,)))


def damaged_this_segment(game: Game, char: Character) -> bool:
    fight = fight_of(game, char)
    return fight is not None and char.id in fight.damaged


# --- moving on -------------------------------------------------------------------------------
@attrs.frozen
class Step:
    """What one :func:`advance` did: the new Segment, Post-Segment 12 lines, and who acts."""

    turn: int
    segment: int
    post_segment_12: tuple[str, ...]
    acting: tuple[str, ...]
    phases: tuple[str, ...]
    holding: tuple[str, ...]


def _combatants(game: Game, fight: Fight) -> list[tuple[Fighter, Sheet]]:
    found = []
    for fighter in fight.fighters:
        char = game.characters.get(fighter.char_id)
        if char is not None:
            found.append((fighter, get_sheet(game, char)))
    return found


def _acting(game: Game, fight: Fight, segment: int) -> list[tuple[Fighter, Sheet]]:
    """Who has a Phase in ``segment``, highest DEX first (engine Speed Chart); the dead act no more."""
    pairs = {f.name: (f, s) for f, s in _combatants(game, fight) if not s.dead}
    order = phase_order((Combatant(name, s.base("SPD"), s.base("DEX")) for name, (_, s) in pairs.items()), segment)
    return [pairs[c.name] for c in order]


def _next_segment(game: Game, fight: Fight, after: int) -> int:
    """The first Segment after ``after`` in which someone acts, or 12 when nobody does."""
    for segment in range(after + 1, SEGMENTS + 1):
        if _acting(game, fight, segment):
            return segment
    return SEGMENTS


def advance(game: Game, fight: Fight, roller: Roller) -> tuple[Fight, Step]:
    """Move the fight to the next Segment with a Phase in it; saves sheets and the fight."""
    post: list[str] = []
    turn = fight.turn
    if fight.segment == 0:
        segment = FIRST_SEGMENT
    elif fight.segment >= SEGMENTS:
        post = post_segment_12(game, fight)
        turn += 1
        segment = _next_segment(game, attrs.evolve(fight, damaged=()), 0)
    else:
        segment = _next_segment(game, fight, fight.segment)
    fight = attrs.evolve(fight, turn=turn, segment=segment, damaged=())
    acting, lines = [], []
    for fighter, sheet in _acting(game, fight, segment):
        line, fighter = _phase(game, fighter, sheet, roller)
        fight = fight.with_fighter(fighter)
        acting.append(fighter.name)
        lines.append(line)
    holding = tuple(f.name for f in fight.fighters if f.holding)
    save_fight(game, fight)
    send_phase(game, fight, acting)
    return fight, Step(turn, segment, tuple(post), tuple(acting), tuple(lines), holding)


def _phase(game: Game, fighter: Fighter, sheet: Sheet, roller: Roller) -> tuple[str, Fighter]:
    """One character's Phase: the line to show and the fighter afterwards."""
    head = f"{fighter.name} (DEX {sheet.base('DEX')}, SPD {sheet.base('SPD')})"
    notes = []
    if fighter.holding:
        notes.append("the held action is lost")
        fighter = attrs.evolve(fighter, holding=False)
    if fighter.aborted:
        return f"{head}: aborted earlier, so loses this Phase.", attrs.evolve(fighter, aborted=False)
    if sheet.holding_breath:
        breath = hold_breath_phase(sheet.current_end, sheet.current_stun, sheet.current_body, roller)
        sheet = sheet.with_vitals(stun=breath.stun, body=breath.body, end=breath.end)
        save_sheet(game, sheet)
        notes.append(f"holding breath: END {breath.end}, STUN {breath.stun}, BODY {breath.body}")
    if sheet.stunned:
        save_sheet(game, attrs.evolve(sheet, stunned=False))
        notes.append("Stunned: spends this Phase recovering from it")
    elif sheet.knocked_out:
        notes.append(_knocked_out_phase(game, fighter, sheet))
    else:
        notes.append("acts")
    return f"{head}: {'; '.join(notes)}.", fighter


def _knocked_out_phase(game: Game, fighter: Fighter, sheet: Sheet) -> str:
    if recovery_frequency(sheet.current_stun) < RecoveryFrequency.EVERY_PHASE or not can_recover(
        holding_breath=sheet.holding_breath
    ):
        return f"Knocked Out at STUN {sheet.current_stun}: too far out to recover this Phase"
    rec = recovery(sheet.current_stun, sheet.current_end, sheet.base("REC"), sheet.max_stun, sheet.max_end)
    save_sheet(game, sheet.with_vitals(stun=rec.stun, end=rec.end))
    woke = "wakes up" if rec.woke_up else "is still out"
    return f"Knocked Out: takes a Recovery, STUN {rec.stun}, END {rec.end}, {woke}"


def post_segment_12(game: Game, fight: Fight) -> list[str]:
    """Post-Segment 12 for everyone in the fight: dying characters lose BODY, then free Recoveries."""
    lines = []
    for fighter, sheet in _combatants(game, fight):
        if sheet.dead:
            continue
        if sheet.dying:
            body = post_segment_12_body(sheet.current_body, stabilised=sheet.stabilized)
            if body != sheet.current_body:
                sheet = sheet.with_vitals(body=body)
                save_sheet(game, sheet)
                state = {LifeState.DEAD: "dies", LifeState.COMA: "falls into a coma"}.get(sheet.life, "is dying")
                lines.append(f"{fighter.name} loses 1 BODY (now {body}) and {state}.")
        lines.append(_free_recovery(game, fighter, sheet, fight))
    return lines


def _free_recovery(game: Game, fighter: Fighter, sheet: Sheet, fight: Fight) -> str:
    """The free Post-Segment 12 Recovery. RULES RECOVERING: it "is free and occurs outside of the
    Turn", so damage taken during Segment 12 does not spoil it (that rule is for a Recovery taken
    as a Phase action); Stunned and holding breath still do."""
    if sheet.dead:
        return f"{fighter.name}: no Recovery."
    if not can_recover(stunned=sheet.stunned, holding_breath=sheet.holding_breath):
        why = "Stunned" if sheet.stunned else "holding breath"
        return f"{fighter.name}: no Recovery ({why})."
    if recovery_frequency(sheet.current_stun) < RecoveryFrequency.POST_SEGMENT_12:
        return f"{fighter.name}: no Recovery (STUN {sheet.current_stun}, too far out)."
    rec = recovery(sheet.current_stun, sheet.current_end, sheet.base("REC"), sheet.max_stun, sheet.max_end)
    save_sheet(game, sheet.with_vitals(stun=rec.stun, end=rec.end))
    woke = ", wakes up" if rec.woke_up else ""
    return f"{fighter.name} recovers {sheet.base('REC')}: STUN {rec.stun}, END {rec.end}{woke}."


def phases_of(sheet: Sheet) -> tuple[int, ...]:
    """The Segments a sheet's SPD acts in (engine Speed Chart)."""
    return speed_phases(sheet.base("SPD"))


def send_phase(game: Game, fight: Fight, acting: list[str]) -> None:
    """GMCP ``Combat.Phase`` to everyone connected in the fight's room."""
    body = {"turn": fight.turn, "segment": fight.segment, "acting": list(acting)}
    for char in game.characters_in(fight.room):
        for session in game.sessions_of(char):
            session.send_gmcp("Combat.Phase", body)
