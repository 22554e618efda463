"""Continuous attacks: once one hits it goes on each of the attacker's Phases until stopped.

HERO 5E revised, Continuous (+1): after the attack roll hits, the power does its damage again at
the start of each of the attacker's later Phases, with no roll, for as long as he keeps paying
its END; it ends when he stops it (``+attack/stop``, a zero-Phase action), when he is Knocked
Out, or when the target is no longer in the fight with him. The tracker keeps what goes on in
:attr:`~.combat.Fighter.continuing` (so ``+combat/undo`` and a restart keep it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..rules.champions.knockback import KBResult, Knockback
from ..rules.dice import Roller
from ..values import frozen
from . import attacks, harm
from . import combat as fights
from .hero import attack_powers, get_hero
from .sheets import get_sheet

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["ContinuousGoesOn", "ContinuousStops", "go_on", "keep", "stop"]


@frozen
class ContinuousGoesOn:
    """A Continuous attack's damage at the start of its user's Phase: no roll, END paid."""

    attacker: str
    target: str
    power: str
    damage: attacks.DamageRolled
    knockback: Knockback | None
    kb_steps: tuple[harm.KBStep, ...]
    spent: harm.Spent
    kb_doubled: bool = False


@frozen
class ContinuousStops:
    """A Continuous attack that ends: ``why`` (stopped, Knocked Out, the target gone)."""

    attacker: str
    target: str
    power: str
    why: str


def keep(game: Game, attacker: Character, target: Character, order: attacks.AttackOrder, hit: bool) -> str:
    """After ``order`` hit with a Continuous power, remember it on the attacker; the line to say."""
    power = order.power
    if power is None or not hit or not attacks.effects_of(power).continuous:
        return ""
    fight = fights.fight_of(game, attacker)
    fighter = fight.fighter(attacker.id) if fight is not None else None
    if fighter is None:
        return ""
    going = tuple(c for c in fighter.continuing if c[0] != target.id or c[2] != power.name)
    fights.update_fighter(game, attacker, continuing=going + ((target.id, target.name, power.name),))
    return (f"{power.name} is Continuous: it hits {target.name} again at the start of each of {attacker.name}'s "
            f"Phases, {power.end} END each, until +attack/stop.")


def stop(game: Game, attacker: Character, power: str = "") -> list[ContinuousStops]:
    """``attacker`` stops his Continuous attacks (those of ``power``, any case, when named)."""
    fight = fights.fight_of(game, attacker)
    fighter = fight.fighter(attacker.id) if fight is not None else None
    if fighter is None:
        return []
    ended = [c for c in fighter.continuing if not power or c[2].lower() == power.lower()]
    fights.update_fighter(game, attacker, continuing=tuple(c for c in fighter.continuing if c not in ended))
    return [ContinuousStops(attacker.name, name, what, "stopped") for _, name, what in ended]


def go_on(game: Game, fight: fights.Fight, char_id: int, acts: bool,
          roller: Roller) -> tuple[fights.Fight, list[ContinuousGoesOn | ContinuousStops]]:
    """The start of ``char_id``'s Phase: each of his Continuous attacks does its damage again (he
    pays its END), or ends when he is Knocked Out or its target has left the fight."""
    attacker = game.characters.get(char_id)
    fighter = fight.fighter(char_id)
    if attacker is None or fighter is None:
        return fight, []
    events: list[ContinuousGoesOn | ContinuousStops] = []
    out = get_sheet(game, attacker).knocked_out
    powers = {p.name: p for p in attack_powers(get_hero(game, attacker))}
    kept = []
    for target_id, name, power_name in fighter.continuing:
        target, power = game.characters.get(target_id), powers.get(power_name)
        why = ("Knocked Out" if out else "no longer on the sheet" if power is None else
               f"{name} is not in the fight" if target is None or fight.fighter(target_id) is None
               or target.location != fight.room else "")
        if why:
            events.append(ContinuousStops(attacker.name, name, power_name, why))
        elif acts and target is not None and power is not None:
            kept.append((target_id, name, power_name))
            fights.save_fight(game, fight.with_fighter(attrs.evolve(fighter, continuing=tuple(kept))))
            events.append(_again(game, attacker, target, power, roller))
            fight = fights.get_fight(game, fight.room) or fight
            fighter = fight.fighter(char_id) or fighter
        else:
            kept.append((target_id, name, power_name))
    fighter = fight.fighter(char_id) or fighter
    return fight.with_fighter(attrs.evolve(fighter, continuing=tuple(kept))), events


def _again(game: Game, attacker: Character, target: Character, power, roller: Roller) -> ContinuousGoesOn:
    """One more Phase of a Continuous attack: its dice rolled and applied, its END paid."""
    order = attacks.AttackOrder(maneuver=attacks.STRIKE, power=power)
    effects = attacks.effects_of(power)
    amount, kind, _ = attacks.dice_of(order, get_sheet(game, attacker).base("STR"))
    rolled, damage = attacks._roll_damage(order, amount, kind, roller, effects)
    done, kb, steps = attacks._apply(game, target, order, amount, rolled, damage, roller, effects)
    spent, _ = attacks._end(game, attacker, 0, order, roller)
    doubled = kb is not None and effects.knockback == 2 and kb.result is KBResult.KNOCKED_BACK
    return ContinuousGoesOn(attacker.name, target.name, power.name, done, kb, steps, spent, doubled)
