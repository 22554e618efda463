"""Entangles in a fight: made by a hit, kept on the tracker, broken by STR or by attacks.

Beside game/harm.py: :func:`entangle` rolls an Entangle power as an attack and puts the Entangle
it makes on the target's :class:`~.combat.Fighter` (its DEF and BODY left; DCV 0 meanwhile);
:func:`strike_entangle` is the entangled character breaking out with his STR damage (no attack
roll) or another attacking the Entangle (an attack roll against its DCV 0), which one that Takes
No Damage From Attacks refuses; with Backlash its maker takes the BODY it takes. Each returns a
value commands/power_text.py renders. RULES ENTANGLE (HERO 5E revised); rules/champions/entangle.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.champions.adding import strength_attack_dice
from ..rules.champions.damage import KillingDamage, NormalDamage, StunMultiplier, roll_killing, roll_normal
from ..rules.champions.dcs import AttackKind
from ..rules.champions.entangle import (
    BACKLASH,
    ENTANGLED_DCV,
    TAKES_NO_DAMAGE,
    Entangle,
    EntangleHit,
    entangle_from,
    hit_entangle,
)
from ..rules.champions.rolls import attack_roll
from ..rules.dice import DiceAmount, Roller
from ..rules.errors import RulesError
from ..values import frozen
from . import combat as fights
from . import harm
from .attacks import AttackOrder, AttackRolled, _end, _ocv_parts, dice_of
from .hero import AttackPower, HeroSheet
from .sheets import get_sheet, save_sheet

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["ENTANGLE", "Entangled", "EntangleStruck", "entangle", "entangle_of", "entangle_powers", "strike_entangle"]

#: What an Entangle power works against, as AttackPower.versus says it.
ENTANGLE = "Entangle"


def break_out(name: str, own: bool) -> str:
    """How the Entangled one breaks out (RULES ENTANGLE): ``+attack me=strike entangle`` typed by
    himself; staff acting for him name him twice (``+attack Viper=strike entangle by Viper``)."""
    return "+attack me=strike entangle" if own else f"+attack {name}=strike entangle by {name}"


def entangle_powers(hero: HeroSheet) -> list[AttackPower]:
    """The sheet's Entangles as powers +attack can use (1 DEF per d6)."""
    return [AttackPower(name=item.name, dice=DiceAmount(whole=item.levels), kind=AttackKind.NORMAL, versus=ENTANGLE,
                        end=item.end, active=item.active, ranged=item.ranged, item_id=item.id,
                        modifiers=item.modifiers)
            for item in hero.items if item.xmlid == "ENTANGLE" and item.levels > 0]


def entangle_of(game: Game, char: Character) -> Entangle | None:
    """The Entangle on ``char`` in his fight, or None."""
    fight = fights.fight_of(game, char)
    fighter = fight.fighter(char.id) if fight is not None else None
    if fighter is None or fighter.entangle is None:
        return None
    return Entangle(*fighter.entangle)


def _keep(game: Game, char: Character, made: Entangle | None, **by: object) -> None:
    if made is None or made.destroyed:
        fights.update_fighter(game, char, entangle=None, entangle_by=None)
    else:
        fights.update_fighter(game, char, entangle=(made.defense, made.body), **by)


def _terms(attacker: Character, power: AttackPower) -> tuple[int, str, bool, bool]:
    """Who made it, and its Takes No Damage From Attacks and Backlash (HERO 5E revised)."""
    xmlids = {m.xmlid for m in power.modifiers}
    return attacker.id, attacker.name, TAKES_NO_DAMAGE in xmlids, BACKLASH in xmlids


def _rolled(game: Game, attacker: Character, target: Character, order: AttackOrder, amount: DiceAmount,
            dcv: fights.TargetDCV, roller: Roller) -> AttackRolled:
    parts = _ocv_parts(game, attacker, order, amount)
    base = get_sheet(game, attacker).base("OCV")
    roll = attack_roll(base + sum(n for n, _ in parts), dcv.dcv, roller)
    verb = "attacks" if order.power is not None else order.maneuver.verb
    return AttackRolled(attacker.name, target.name, verb, order.name, None, base, parts, dcv, roll)


@frozen
class Entangled:
    """An Entangle power used: the attack roll, the dice and the Entangle made (None: a miss)."""

    rolled: AttackRolled
    amount: DiceAmount
    damage: NormalDamage | None
    made: Entangle | None
    spent: harm.Spent
    end_parts: tuple[tuple[int, str], ...]

    @property
    def hit(self) -> bool:
        return bool(self.rolled.roll.hit)


def entangle(game: Game, attacker: Character, target: Character, order: AttackOrder, roller: Roller) -> Entangled:
    """Roll an Entangle at ``target``: on a hit its BODY is the dice's normal BODY, its DEF 1 per
    d6 (RULES ENTANGLE); a new Entangle replaces a weaker one (the stronger stays)."""
    power = order.power
    assert power is not None
    rolled = _rolled(game, attacker, target, order, power.dice, fights.target_dcv(game, target), roller)
    damage = made = None
    if rolled.roll.hit:
        damage = roll_normal(power.dice, roller)
        made = entangle_from(power.dice, damage)
        old = entangle_of(game, target)
        if old is None or (made.defense, made.body) > (old.defense, old.body):
            _keep(game, target, made, entangle_by=_terms(attacker, power))
        else:
            made = old
    spent, parts = _end(game, attacker, 0, order, roller)
    return Entangled(rolled, power.dice, damage, made, spent, parts)


@frozen
class EntangleStruck:
    """BODY against the Entangle on ``holder``: a breakout (``rolled`` None) or another's attack."""

    attacker: str
    holder: str
    name: str
    rolled: AttackRolled | None
    amount: DiceAmount | None
    damage: NormalDamage | KillingDamage | None
    hit: EntangleHit | None
    spent: harm.Spent
    end_parts: tuple[tuple[int, str], ...]
    #: Backlash: its maker, the BODY he took and his BODY after
    backlash: tuple[str, int, int] | None = None

    @property
    def breakout(self) -> bool:
        return self.rolled is None

    @property
    def freed(self) -> bool:
        return self.hit is not None and self.hit.after.destroyed


def strike_entangle(game: Game, attacker: Character, holder: Character, order: AttackOrder,
                    roller: Roller) -> EntangleStruck:
    """Break out (``attacker`` is ``holder``: his STR damage, no attack roll) or attack the
    Entangle on ``holder`` (an attack roll against DCV 0); BODY less its DEF comes off its BODY
    and at 0 it is destroyed (RULES ENTANGLE)."""
    held = entangle_of(game, holder)
    if held is None:
        raise RulesError(f"{holder.name} is not Entangled.")
    fight = fights.fight_of(game, holder)
    fighter = fight.fighter(holder.id) if fight is not None else None
    by = fighter.entangle_by if fighter is not None else None
    if by is not None and by[2] and attacker.id != holder.id:
        raise RulesError(f"The Entangle on {holder.name} Takes No Damage From Attacks: only {holder.name}'s STR "
                         "breaks it.")
    sheet = get_sheet(game, attacker)
    strength = sheet.base("STR") if order.strength is None else min(order.strength, sheet.base("STR"))
    rolled = None
    if attacker.id == holder.id:
        if order.power is not None or order.maneuver.moves:
            raise RulesError(f"Breaking out of an Entangle is done with STR: {break_out(holder.name, True)} "
                            f"(staff: {break_out(holder.name, False)}).")
        amount, kind, uses_str = strength_attack_dice(strength, pushed=order.push), AttackKind.NORMAL, True
    else:
        amount, kind, uses_str = dice_of(order, strength)
        dcv = fights.TargetDCV(ENTANGLED_DCV, (), ENTANGLED_DCV)
        rolled = _rolled(game, attacker, holder, order, amount, dcv, roller)
    damage = hit = None
    if rolled is None or rolled.roll.hit:
        damage = (roll_killing(amount, roller, StunMultiplier.standard()) if kind is AttackKind.KILLING
                  else roll_normal(amount, roller))
        hit = hit_entangle(held, damage.body)
        _keep(game, holder, hit.after, entangle_by=by)
    backlash = _backlash(game, by, hit.through) if hit is not None and by is not None and by[3] else None
    spent, parts = _end(game, attacker, strength if uses_str else 0, order, roller)
    return EntangleStruck(attacker.name, holder.name, order.name, rolled, amount if damage else None, damage, hit,
                          spent, parts, backlash)


def _backlash(game: Game, by: tuple[int, str, bool, bool], body: int) -> tuple[str, int, int] | None:
    """Backlash: the maker takes the BODY his Entangle took (HERO 5E revised)."""
    maker = game.characters.get(by[0])
    if maker is None or body <= 0:
        return None
    sheet = get_sheet(game, maker)
    after = save_sheet(game, sheet.with_vitals(body=sheet.current_body - body))
    return maker.name, body, after.current_body
