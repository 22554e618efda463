"""An Explosion in play: one roll against the area, the damage falling off with each target's distance.

HERO 5E revised, Explosion (an Area Of Effect, Radius): the attack roll is made against DCV 3
(the hex at the centre, :data:`~.attacks.AREA_DCV`); the dice are rolled once; each target takes
them less 1 DC for each 1" (or 2", 3" ... as bought) between him and the centre, the highest
dice off first (rules/champions/explosion.py), against his own defenses, with his own Knockback.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.champions.damage import (
    KillingDamage,
    MultiplierRoll,
    NormalDamage,
    count_killing,
    count_normal,
)
from ..rules.champions.dcs import AttackKind
from ..rules.champions.explosion import dcs_lost, faded
from ..rules.champions.knockback import KBResult, Knockback
from ..rules.champions.rolls import attack_roll
from ..rules.dice import DiceAmount, Roller
from ..rules.errors import RulesError
from ..values import frozen
from . import attacks, harm
from . import combat as fights
from .sheets import get_sheet

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["ExplosionHit", "ExplosionOutcome", "resolve_explosion"]


@frozen
class ExplosionHit:
    """One character in the blast: his distance, the DCs lost, the damage that reached him (None:
    the blast had nothing left for him) and his Knockback."""

    name: str
    distance: int
    lost: int
    damage: attacks.DamageRolled | None
    knockback: Knockback | None = None
    kb_steps: tuple[harm.KBStep, ...] = ()
    kb_doubled: bool = False
    defended: bool = False  #: a No Normal Defense Explosion and he has the defense it names


@frozen
class ExplosionOutcome:
    """An Explosion: the roll against DCV 3, the dice rolled once, each target's share."""

    rolled: attacks.AttackRolled
    inches_per_dc: int
    amount: DiceAmount
    full: NormalDamage | KillingDamage | None  #: the dice as rolled, at the centre
    hits: tuple[ExplosionHit, ...]
    spent: harm.Spent
    end_parts: tuple[tuple[int, str], ...]
    power_rolls: tuple[attacks.PowerRoll, ...] = ()
    charges_left: int | None = None

    @property
    def hit(self) -> bool:
        return bool(self.rolled.roll.hit)


def resolve_explosion(game: Game, attacker: Character, targets: list[Character], order: attacks.AttackOrder,
                      roller: Roller) -> ExplosionOutcome | attacks.PowerFailed:
    """Roll an Explosion at the centre (DCV 3) and hurt each target by his distance from it
    (``order.distances``, in the targets' order; none given: all at the centre)."""
    if order.power is None or order.maneuver is not attacks.STRIKE:
        raise RulesError("An Explosion is a power used as a Strike.")
    distances = order.distances or (0,) * len(targets)
    if len(distances) != len(targets):
        raise RulesError(f"Give one distance from the centre for each of the {len(targets)} targets "
                         f"('at 0 2 3'), not {len(distances)}.")
    effects = attacks.effects_of(order.power)
    sheet = get_sheet(game, attacker)
    amount, kind, _ = attacks.dice_of(order, sheet.base("STR"))
    names = ", ".join(t.name for t in targets)
    attacks._check_power(game, attacker, order.power, effects)
    charges_left = attacks._use_charge(game, attacker, order.power, effects)
    power_rolls = attacks._power_rolls(game, attacker, order.power, effects, roller)
    if power_rolls and not power_rolls[-1].roll.success:
        spent, end_parts = attacks._end(game, attacker, 0, order, roller)
        return attacks.PowerFailed(attacker.name, names, order.name, power_rolls, spent, end_parts, charges_left,
                                   attacks.side_effect(order.power, effects))
    parts = attacks._ocv_parts(game, attacker, order, amount)
    roll = attack_roll(sheet.base("OCV") + sum(n for n, _ in parts), attacks.AREA_DCV, roller)
    rolled = attacks.AttackRolled(attacker.name, f"the area ({names})", "attacks", order.name, None, sheet.base("OCV"),
                                  parts, fights.TargetDCV(attacks.AREA_DCV, (), attacks.AREA_DCV), roll)
    hits, full = [], None
    if roll.hit:
        rolled_damage, _ = attacks._roll_damage(order, amount, kind, roller, effects)
        full = rolled_damage
        for target, distance in zip(targets, distances):
            hits.append(_blast(game, target, distance, order, rolled_damage, kind, roller, effects))
    spent, end_parts = attacks._end(game, attacker, 0, order, roller)
    return ExplosionOutcome(rolled, effects.explosion, amount, full, tuple(hits), spent, end_parts, power_rolls, charges_left)


def _blast(game: Game, target: Character, distance: int, order: attacks.AttackOrder, rolled, kind: AttackKind,
           roller: Roller, effects) -> ExplosionHit:
    """What reaches one target ``distance`` inches from the centre, applied."""
    lost = dcs_lost(distance, effects.explosion)
    if effects.nnd and order.defended:
        return ExplosionHit(target.name, distance, lost, None, defended=True)
    dice = faded(rolled.roll, kind, lost)
    if dice is None:
        return ExplosionHit(target.name, distance, lost, None)
    damage: NormalDamage | KillingDamage
    if isinstance(rolled, KillingDamage):
        damage = count_killing(dice, MultiplierRoll(rolled.multiplier_faces, rolled.multiplier))
    else:
        damage = count_normal(dice)
    done, kb, steps = attacks._apply(game, target, order, dice.amount, damage, damage, roller, effects)
    doubled = kb is not None and effects.knockback == 2 and kb.result is KBResult.KNOCKED_BACK
    return ExplosionHit(target.name, distance, lost, done, kb, steps, doubled)
