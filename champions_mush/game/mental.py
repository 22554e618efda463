"""Ego Attack in a fight: ECV against ECV, STUN only against Mental Defense (RULES EGO ATTACK).

Beside game/harm.py: :func:`ego_attack` rolls a Mental Power's attack roll with the attacker's
ECV against the target's, and a hit takes the STUN of the dice less his Mental Defense off his
STUN, with no BODY and no Knockback; it Stuns when more than his CON gets through and Knocks Out
at 0 STUN as any STUN does (RULES DAMAGE EFFECTS). The outcome is a value
commands/power_text.py renders. The engine's rules: rules/champions/mental.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..rules.champions.damage import NormalDamage, roll_normal
from ..rules.champions.mental import EgoStun, ecv, ego_attack_stun
from ..rules.champions.rolls import AttackRoll, attack_roll
from ..rules.dice import DiceAmount, Roller
from ..values import frozen
from . import combat as fights
from . import harm, skill_levels
from .attacks import AttackOrder, _end
from .genre import mental_defense_of
from .sheets import Sheet, get_sheet, save_sheet

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["MENTAL", "EgoAttacked", "ego_attack"]

#: What a Mental Power works against, as AttackPower.versus says it.
MENTAL = "MD"


@frozen
class EgoAttacked:
    """An Ego Attack: the ECVs and the roll, the dice, the STUN against MD, the sheet after."""

    attacker: str
    target: str
    name: str
    amount: DiceAmount
    ecv: int
    target_ecv: int
    roll: AttackRoll
    damage: NormalDamage | None
    stun: EgoStun | None
    sheet: Sheet | None
    stunned: bool
    spent: harm.Spent
    end_parts: tuple[tuple[int, str], ...]
    levels: int = 0  #: Combat Skill Levels with Mental Combat added to ECV

    @property
    def hit(self) -> bool:
        return bool(self.roll.hit)


def ego_attack(game: Game, attacker: Character, target: Character, order: AttackOrder, roller: Roller) -> EgoAttacked:
    """Roll ECV against ECV; a hit does the dice's STUN less Mental Defense, STUN only (HERO 5E)."""
    power = order.power
    assert power is not None
    mine, theirs = ecv(get_sheet(game, attacker).base("EGO")), ecv(get_sheet(game, target).base("EGO"))
    levels = skill_levels.use_for(game, attacker, order).ocv  # levels with Mental Combat (game/skill_levels.py)
    roll = attack_roll(mine + levels, theirs, roller)
    damage = stun = after = None
    stunned = False
    if roll.hit:
        damage = roll_normal(power.dice, roller)
        stun = ego_attack_stun(damage.stun, mental_defense_of(game, target))
        sheet = get_sheet(game, target)
        was_out = sheet.knocked_out
        stunned = stun.through > sheet.base("CON")
        after = sheet.with_vitals(stun=sheet.current_stun - stun.through)
        after = save_sheet(game, attrs.evolve(after, stunned=True) if stunned else after)
        fights.note_damage(game, target, stun.through > 0)
        fights.update_fighter(game, target, fresh_ko=after.knocked_out and not was_out)
    spent, parts = _end(game, attacker, 0, order, roller)
    return EgoAttacked(attacker.name, target.name, power.name, power.dice, mine, theirs, roll, damage, stun, after,
                       stunned, spent, parts, levels)
