"""Mind Control, Mental Illusions, Telepathy, Mind Scan and Mind Link in a fight (RULES MENTAL POWERS).

Beside game/mental.py (Ego Attack): :func:`use_mind` rolls a Mental Power with the attacker's
ECV against the target's; a hit rolls the effect (the dice's total, less Mental Defense) against
the target's EGO table (rules/champions/mental.py). Mind Control, Mental Illusions and
Telepathy stay on the target's :class:`~.combat.Fighter` with the command given, until his
breakout roll (EGO, -1 per 5 past the level reached) made at the start of one of his Phases
(:func:`breakouts`); a Mind Scan and a Mind Link stay on the user's, and let his Mental Powers
reach that mind without sight (:func:`check_reach`). Outcomes are values commands/power_text.py
renders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..rules.champions.dcs import AttackKind
from ..rules.champions.mental import (
    EFFECT_STEPS,
    MENTAL_TABLES,
    MIND_SCAN_REACHES,
    breakout_modifier,
    breakout_roll,
    ecv,
    effect_level,
)
from ..rules.champions.rolls import AttackRoll, SkillRoll, attack_roll, characteristic_target
from ..rules.dice import DiceAmount, DiceRoll, Roller, roll
from ..rules.errors import RulesError
from ..values import frozen
from . import combat as fights
from . import harm
from .attacks import AttackOrder, _end
from .genre import mental_defense_of
from .hero import AttackPower, HeroSheet
from .mental import MENTAL
from .sheets import Sheet, get_sheet

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["Breakout", "MIND_LINK", "MindUsed", "breakouts", "check_reach", "is_mental", "mind_powers",
           "use_mind"]

#: AttackPower.versus of a Mind Link; the others are their table's name (Mind Control ...).
MIND_LINK = "Mind Link"
_KINDS = {**{x: t.name for x, t in MENTAL_TABLES.items()}, "MINDLINK": MIND_LINK}
_TABLES = {t.name: t for t in MENTAL_TABLES.values()}


def mind_powers(hero: HeroSheet) -> list[AttackPower]:
    """The sheet's Mind Control, Mental Illusions, Telepathy, Mind Scan and Mind Link (which rolls
    no dice: its levels are doublings of the minds)."""
    return [AttackPower(name=item.name, dice=DiceAmount(whole=max(item.levels, 1)), kind=AttackKind.NORMAL,
                        versus=_KINDS[item.xmlid], end=item.end, active=item.active, ranged=True, item_id=item.id,
                        modifiers=item.modifiers)
            for item in hero.items if item.xmlid in _KINDS and (item.levels > 0 or item.xmlid == "MINDLINK")]


def is_mental(power: AttackPower | None) -> bool:
    """A Mental Power: Ego Attack or one of :func:`mind_powers` (RULES MENTAL POWERS)."""
    return power is not None and power.versus in (MENTAL, *_KINDS.values())


def _reaches(fighter: fights.Fighter, target: Character) -> bool:
    return any(cid == target.id and (how == MIND_LINK or level >= MIND_SCAN_REACHES)
               for cid, _, how, level in fighter.links)


def check_reach(game: Game, attacker: Character, target: Character, power: AttackPower | None) -> None:
    """A Mental Power needs its target in sight unless a Mind Link or a Mind Scan of EGO+10 found
    him (HERO 5E revised: Line Of Sight); refused when a Flash took the attacker's sight."""
    fight = fights.fight_of(game, attacker)
    fighter = fight.fighter(attacker.id) if fight is not None else None
    if not is_mental(power) or fighter is None or not fighter.unseeing or _reaches(fighter, target):
        return
    raise RulesError(f"{attacker.name} cannot see {target.name}: a Mental Power needs its target in Line Of Sight, "
                     "or a Mind Link or a Mind Scan (EGO+10) that found the mind.")


@frozen
class MindUsed:
    """A Mental Power used: the ECVs and the roll (None: a Mind Link, which needs none), the
    effect roll and Mental Defense, the level reached, the command, the breakout modifier."""

    attacker: str
    target: str
    name: str
    kind: str
    amount: DiceAmount
    ecv: int
    target_ecv: int
    roll: AttackRoll | None
    dice: DiceRoll | None
    defense: int
    ego: int
    level: int
    command: str
    modifier: int
    spent: harm.Spent
    end_parts: tuple[tuple[int, str], ...]

    @property
    def hit(self) -> bool:
        return self.roll is None or bool(self.roll.hit)

    @property
    def total(self) -> int:
        return max(self.dice.total - self.defense, 0) if self.dice is not None else 0

    @property
    def lasting(self) -> bool:
        """It stays on him until he breaks out (Mind Control, Mental Illusions, Telepathy)."""
        table = _TABLES.get(self.kind)
        return table is not None and table.lasting

    @property
    def past(self) -> int:
        """Points the effect went past the level it reached."""
        return self.total - self.ego - EFFECT_STEPS[self.level - 1] if self.level else 0

    @property
    def breakout(self) -> int:
        """His EGO roll to break out, the modifier in."""
        return characteristic_target(self.ego) + self.modifier

    @property
    def reached(self) -> str:
        """What the level reached does, from its table."""
        table = _TABLES.get(self.kind)
        return table.levels[self.level - 1] if table is not None and self.level else ""


def _link(game: Game, holder: Character, other: Character, how: str, level: int) -> None:
    fight = fights.fight_of(game, holder)
    if fight is None:
        return
    fighter = fight.fighter(holder.id)
    links = fighter.links if fighter is not None else ()
    kept = tuple(k for k in links if not (k[0] == other.id and k[2] == how))
    fights.update_fighter(game, holder, links=kept + ((other.id, other.name, how, level),))


def use_mind(game: Game, attacker: Character, target: Character, order: AttackOrder, roller: Roller,
             command: str = "") -> MindUsed:
    """Roll ECV against ECV, then the effect against his EGO table; a lasting effect is kept on
    him with the command given, a Mind Scan on the user (HERO 5E revised, Mental Powers)."""
    power = order.power
    assert power is not None
    sheet, theirs = get_sheet(game, attacker), get_sheet(game, target)
    mine, their_ecv, ego = ecv(sheet.base("EGO")), ecv(theirs.base("EGO")), theirs.base("EGO")
    made = attack_roll(mine, their_ecv, roller) if power.versus != MIND_LINK else None
    dice, defense, level, modifier = None, 0, 0, 0
    if made is None:
        _link(game, attacker, target, MIND_LINK, 0)
        _link(game, target, attacker, MIND_LINK, 0)
    elif made.hit:
        dice = roll(power.dice, roller)
        defense = mental_defense_of(game, target)
        total = max(dice.total - defense, 0)
        table = _TABLES[power.versus]
        level = effect_level(total, ego, len(table.levels))
        modifier = breakout_modifier(total, ego, level)
        if level and table.lasting:
            _put_on(game, target, (power.versus, attacker.name, level, modifier, command))
        elif level:
            _link(game, attacker, target, power.versus, level)
    spent, parts = _end(game, attacker, 0, order, roller)
    return MindUsed(attacker.name, target.name, power.name, power.versus, power.dice, mine, their_ecv, made, dice,
                    defense, ego, level, command, modifier, spent, parts)


def _put_on(game: Game, target: Character, entry: tuple[str, str, int, int, str]) -> None:
    """Keep a lasting effect on him; the same power from the same mind is replaced."""
    fight = fights.fight_of(game, target)
    if fight is None:
        return
    fighter = fight.fighter(target.id)
    kept = tuple(m for m in (fighter.minds if fighter is not None else ()) if m[:2] != entry[:2])
    fights.update_fighter(game, target, minds=kept + (entry,))


@frozen
class Breakout:
    """His Phase: the EGO roll to break out of a lasting Mental Power, and whether he is free."""

    name: str
    kind: str
    by: str
    modifier: int
    roll: SkillRoll
    command: str

    @property
    def free(self) -> bool:
        return self.roll.success


def breakouts(game: Game, fight: fights.Fight, fighter: fights.Fighter, sheet: Sheet,
              roller: Roller) -> tuple[fights.Fight, fights.Fighter, list[Breakout]]:
    """The start of his Phase: one breakout roll for each lasting Mental Power on him (HERO 5E
    revised: EGO roll, -1 per 5 past the level reached); those he makes end. A Knocked Out mind
    makes none."""
    if not fighter.minds or sheet.knocked_out:
        return fight, fighter, []
    tried, kept = [], []
    for kind, by, level, modifier, command in fighter.minds:
        made = breakout_roll(sheet.base("EGO"), modifier, roller)
        tried.append(Breakout(fighter.name, kind, by, modifier, made, command))
        if not made.success:
            kept.append((kind, by, level, modifier, command))
    fighter = attrs.evolve(fighter, minds=tuple(kept))
    return fight.with_fighter(fighter), fighter, tried

