"""Several attacks in one Phase: Sweep, Rapid Fire and the Multiple-Power Attack, and Club Weapon
(HERO 5E revised; the rules file is silent; rules/champions/grappling.py).

* **Sweep** (hand-to-hand) and **Rapid Fire** (ranged): a Full Phase; -2 OCV for each attack on
  every roll; one roll per attack, in the order the targets are named, and after the first miss
  (or Block) every later one misses unrolled; ½ DCV until the next Phase.
* **Multiple-Power Attack**: several attack powers at one target with one roll at the lowest
  OCV among them; a hit and each does its damage against his defenses, with its Knockback and
  its END.
* **Club Weapon**: a Killing Attack used to do Normal Damage of the same DCs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..rules.champions.dcs import AttackKind, dc_for_dice, dice_for_dc
from ..rules.champions.endurance import end_cost
from ..rules.champions.grappling import multiple_attack_ocv
from ..rules.champions.knockback import Knockback
from ..rules.champions.rolls import attack_roll
from ..rules.dice import Roller
from ..rules.errors import RulesError
from ..values import frozen
from . import attacks, harm
from . import combat as fights
from .grappling import Blocked, BlockRolled, attack_ocv, resolve_guarded
from .hero import AttackPower
from .sheets import get_sheet

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["MultipleOutcome", "PowerHit", "SeveralOutcome", "club", "multiple_power_attack", "several_attacks"]


@frozen
class SeveralOutcome:
    """A Sweep or Rapid Fire: each attack made, in order, and the names it never reached."""

    name: str
    attacks: tuple[tuple[BlockRolled | None, attacks.AttackOutcome | attacks.PowerFailed | Blocked], ...]
    unrolled: tuple[str, ...]

    @property
    def hit(self) -> bool:
        return any(outcome.hit for _, outcome in self.attacks)


def _with_ocv(order: attacks.AttackOrder, penalty: int, name: str) -> attacks.AttackOrder:
    """The order with ``penalty`` added to its maneuver's OCV, called ``name``."""
    m = order.maneuver
    label = name if m is attacks.STRIKE else f"{m.name} {name}"
    verb = "attacks" if order.power is not None and m is attacks.STRIKE else m.verb
    made = attrs.evolve(m, name=label, verb=verb, ocv=lambda v, d: m.ocv(v, d) + penalty)
    return attrs.evolve(order, maneuver=made)


def several_attacks(game: Game, attacker: Character, targets: list[Character], order: attacks.AttackOrder,
                    roller: Roller) -> SeveralOutcome:
    """A Sweep (hand-to-hand) or Rapid Fire (a ranged power) at ``targets`` in order: -2 OCV for
    each attack on every roll; the first miss ends it; ½ DCV until the next Phase (HERO 5E revised)."""
    ranged = order.power is not None and order.power.ranged
    name = "Rapid Fire" if ranged else "Sweep"
    effects = attacks.effects_of(order.power)
    if effects.area or effects.autofire:
        raise RulesError(f"{name} is for single attacks, not an Area Of Effect or Autofire power.")
    made = _with_ocv(order, multiple_attack_ocv(len(targets)), name)
    done = []
    for index, target in enumerate(targets):
        block, outcome = resolve_guarded(game, attacker, target, made, roller)
        done.append((block, outcome))
        if not outcome.hit:
            unrolled = tuple(t.name for t in targets[index + 1:])
            break
    else:
        unrolled = ()
    fights.update_fighter(game, attacker, half_dcv=name)
    return SeveralOutcome(name, tuple(done), unrolled)


@frozen
class PowerHit:
    """One power of a Multiple-Power Attack that hit: its damage and Knockback."""

    name: str
    damage: attacks.DamageRolled
    knockback: Knockback | None
    kb_steps: tuple[harm.KBStep, ...]


@frozen
class MultipleOutcome:
    """A Multiple-Power Attack: one roll, each power's damage, the END."""

    rolled: attacks.AttackRolled
    hits: tuple[PowerHit, ...]
    spent: harm.Spent
    end_parts: tuple[tuple[int, str], ...]

    @property
    def hit(self) -> bool:
        return bool(self.rolled.roll.hit)


def multiple_power_attack(game: Game, attacker: Character, target: Character, orders: list[attacks.AttackOrder],
                          roller: Roller) -> MultipleOutcome:
    """Several attack powers at once (HERO 5E revised): one roll at the lowest OCV of them; a hit
    and each power's damage is rolled and applied apart, with its Knockback; END for each."""
    if len(orders) < 2 or any(o.power is None for o in orders):
        raise RulesError("A Multiple-Power Attack uses two or more attack powers: mpa <power> + <power>.")
    if len({o.power.item_id for o in orders if o.power is not None}) != len(orders):
        raise RulesError("Each power goes in a Multiple-Power Attack once.")
    for o in orders:
        assert o.power is not None  # (refused above)
        effects = attacks.effects_of(o.power)
        if effects.area or effects.autofire or o.power.versus not in ("PD", "ED"):
            raise RulesError(f"{o.power.name} cannot go in a Multiple-Power Attack here: the GM applies it.")
    worst = min(orders, key=lambda o: attack_ocv(game, attacker, o)[0])
    ocv, parts = attack_ocv(game, attacker, worst)
    dcv = fights.target_dcv(game, target)
    names = " + ".join(o.power.name for o in orders if o.power is not None)
    rolled = attacks.AttackRolled(attacker.name, target.name, "attacks", names, None,
                                  get_sheet(game, attacker).base("OCV"), parts, dcv, attack_roll(ocv, dcv.dcv, roller))
    hits, uses_str = [], False
    strength = get_sheet(game, attacker).base("STR")
    for o in orders:
        amount, kind, uses = attacks.dice_of(o, strength)
        uses_str = uses_str or uses
        if not rolled.roll.hit or o.power is None:
            continue
        effects = attacks.effects_of(o.power)
        rolled_damage, damage = attacks._roll_damage(o, amount, kind, roller, effects)
        done, kb, steps = attacks._apply(game, target, o, amount, rolled_damage, damage, roller, effects)
        hits.append(PowerHit(o.power.name, done, kb, steps))
    end_parts = tuple((o.power.end, o.power.name) for o in orders if o.power is not None and o.power.end)
    end_parts += ((end_cost(strength), f"STR {strength}"),) if uses_str and strength else ()
    spent = harm.spend(game, attacker, sum(c for c, _ in end_parts), roller)
    return MultipleOutcome(rolled, tuple(hits), spent, end_parts)


def club(power: AttackPower) -> AttackPower:
    """Club Weapon: a hand-to-hand Killing Attack doing Normal Damage of its DCs (HERO 5E revised:
    HKA 1d6, 3 DC, clubs for 3d6), STR adding as to a Hand-To-Hand Attack."""
    if power.kind is not AttackKind.KILLING or power.ranged:
        raise RulesError(f"Club Weapon is for a hand-to-hand Killing Attack, not {power.name}.")
    dcs = dc_for_dice(power.dice, AttackKind.KILLING)
    return attrs.evolve(power, name=f"{power.name} (Club Weapon)", dice=dice_for_dc(dcs), kind=AttackKind.NORMAL)

