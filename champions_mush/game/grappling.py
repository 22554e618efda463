"""Block, Dodge, Grab, Squeeze, Throw, Escape, Disarm and the Martial Arts maneuvers in a fight
(HERO 5E revised: rules/champions/grappling.py, rules/champions/martial.py).

A Block or Dodge is kept on the tracker's :class:`~.combat.Fighter` until the character's next
Phase; every hand-to-hand attack at a blocker meets his Block roll first (:func:`resolve_guarded`).
A Grab is kept on both fighters (``grabbing``, ``grabbed_by``) until an Escape, a Throw or a
release. A Martial Arts maneuver that does damage is an attack like any other
(:func:`~.attacks.resolve`) with its OCV, DCV and Damage Classes (:func:`martial_order`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.champions.adding import strength_attack_dice
from ..rules.champions.damage import NormalDamage, roll_normal
from ..rules.champions.dcs import POINTS_PER_DC, AttackKind, dice_for_points
from ..rules.champions.defenses import Against
from ..rules.champions.endurance import end_cost, movement_end
from ..rules.champions.grappling import (
    CHOKE,
    DISARM,
    GRAB,
    GRAB_BY,
    StrengthContest,
    block_ocv,
    block_roll,
    str_contest,
)
from ..rules.champions.knockback import KBModifier
from ..rules.champions.martial import STR_PER_DC, MartialEffect, MartialManeuver, damage_dcs, nnd_dice
from ..rules.champions.rolls import AttackRoll, attack_roll
from ..rules.dice import DiceAmount, Roller
from ..rules.errors import RulesError
from ..values import evolve, frozen
from . import attacks, harm
from . import combat as fights
from .hero import AttackPower, Modifier, get_hero
from .martial import extra_dcs
from .sheets import get_sheet

if TYPE_CHECKING:
    from collections.abc import Callable

    from .objects import Character
    from .world import Game

__all__ = ["BlockRolled", "Blocked", "Contest", "Disarmed", "Escaped", "Grabbed", "Held", "Who", "attack_ocv", "block",
           "disarm", "dodge", "escape", "grab", "held_attack", "knock_down", "martial_order", "release",
           "resolve_guarded", "without_holds"]


# --- Block and Dodge -------------------------------------------------------------------------
@frozen
class BlockRolled:
    """A Block roll: the blocker's OCV (and what made it) against the attacker's OCV."""

    blocker: str
    attacker: str
    maneuver: str
    ocv: int
    earlier: int  #: Blocks he made before this one since his Phase (-2 OCV each)
    roll: AttackRoll

    @property
    def stopped(self) -> bool:
        return bool(self.roll.hit)


@frozen
class Who:
    """Who attacked whom (for the roll log)."""

    attacker: str
    target: str


@frozen
class Blocked:
    """A hand-to-hand attack a Block stopped: the Phase and the END are spent all the same."""

    block: BlockRolled
    name: str
    spent: harm.Spent
    end_parts: tuple[tuple[int, str], ...]
    hit = False

    @property
    def rolled(self) -> Who:
        return Who(self.block.attacker, self.block.blocker)


def block(game: Game, char: Character, maneuver: str = "Block", ocv: int = 0, dcv: int = 0) -> fights.Fighter:
    """``char`` Blocks until his next Phase (HERO 5E revised: ½ Phase or an Abort): every
    hand-to-hand attack at him meets his Block roll first; Martial Block adds its OCV to the roll
    and its DCV."""
    changes = {"blocking": maneuver, "block_ocv": ocv, "blocks": 0}
    if dcv:
        changes |= {"dcv_mod": dcv, "dcv_note": maneuver}
    fighter = fights.update_fighter(game, char, **changes)
    if fighter is None:
        raise RulesError(f"{char.name} is not in the fight.")
    return fighter


def dodge(game: Game, char: Character, maneuver: str = "Dodge", dcv: int = 3) -> fights.Fighter:
    """``char`` Dodges: +3 DCV (Martial Dodge +5) against every attack until his next Phase
    (HERO 5E revised)."""
    fighter = fights.update_fighter(game, char, dcv_mod=dcv, dcv_note=maneuver)
    if fighter is None:
        raise RulesError(f"{char.name} is not in the fight.")
    return fighter


def _try_block(game: Game, attacker: Character, target: Character, attacker_ocv: Callable[[], int],
               roller: Roller) -> BlockRolled | None:
    """The target's Block roll against a hand-to-hand attack, when he is Blocking; a Block made
    lets him act before the attacker in the next Segment both act in (HERO 5E revised).
    ``attacker_ocv`` works out the attack's OCV, only when he Blocks."""
    fight = fights.fight_of(game, target)
    fighter = fight.fighter(target.id) if fight is not None else None
    if fighter is None or not fighter.blocking:
        return None
    ocv = block_ocv(get_sheet(game, target).base("OCV"), fighter.block_ocv, fighter.blocks)
    roll = block_roll(ocv, attacker_ocv(), roller)
    first = fighter.first_over + ((attacker.id,) if roll.hit and attacker.id not in fighter.first_over else ())
    fights.update_fighter(game, target, blocks=fighter.blocks + 1, first_over=first)
    return BlockRolled(target.name, attacker.name, fighter.blocking, ocv, fighter.blocks, roll)


def _strength(game: Game, char: Character, order: attacks.AttackOrder) -> int:
    top = get_sheet(game, char).base("STR")
    return top if order.strength is None else min(order.strength, top)


def attack_ocv(game: Game, attacker: Character, order: attacks.AttackOrder) -> tuple[int, tuple[tuple[int, str], ...]]:
    """The attack's OCV and what made it (:func:`~.attacks.resolve`'s own)."""
    amount, _, _ = attacks.dice_of(order, _strength(game, attacker, order))
    parts = attacks._ocv_parts(game, attacker, order, amount)  # the attack's own OCV
    return get_sheet(game, attacker).base("OCV") + sum(n for n, _ in parts), parts


def _stopped(game: Game, attacker: Character, order: attacks.AttackOrder, rolled: BlockRolled,
             roller: Roller) -> Blocked:
    strength = _strength(game, attacker, order)
    _, _, uses_str = attacks.dice_of(order, strength)
    fights.update_fighter(game, attacker, dcv_mod=order.maneuver.dcv,
                          dcv_note=order.maneuver.name if order.maneuver.dcv else "")
    spent, parts = attacks._end(game, attacker, strength if uses_str and order.strength != 0 else 0, order,
                                roller)
    return Blocked(rolled, order.name, spent, parts)


def resolve_guarded(game: Game, attacker: Character, target: Character, order: attacks.AttackOrder,
                    roller: Roller) -> tuple[BlockRolled | None, attacks.AttackOutcome | attacks.PowerFailed | Blocked]:
    """One attack at ``target``: a hand-to-hand one meets his Block first (stopped: it misses);
    then :func:`~.attacks.resolve`."""
    hand_to_hand = order.power is None or not order.power.ranged
    rolled = _try_block(game, attacker, target, lambda: attack_ocv(game, attacker, order)[0], roller) if hand_to_hand else None
    if rolled is not None and rolled.stopped:
        return rolled, _stopped(game, attacker, order, rolled, roller)
    return rolled, attacks.resolve(game, attacker, target, order, roller)


# --- Martial Arts: the maneuvers that do damage ----------------------------------------------
_VERBS = {MartialEffect.STRIKE: "Strikes", MartialEffect.KILLING: "Strikes", MartialEffect.NND: "Strikes"}
_NND = Modifier(name="No Normal Defense", value=1, xmlid="NND")


def martial_order(game: Game, attacker: Character, maneuver: MartialManeuver, order: attacks.AttackOrder,
                  name: str = "") -> attacks.AttackOrder:
    """The attack a damaging Martial Arts maneuver makes (HERO 5E revised, rules/champions/martial.py):
    its OCV and DCV; STR + its DCs (and the sheet's Extra DCs) as normal damage; a Killing Attack
    of its DCs with STR added; or NND dice, 1D6 per 2 DCs, without STR. Martial Arts roll +1D6
    Knockback (RULES KNOCKBACK 3)."""
    if maneuver.effect not in _VERBS or maneuver.ranged:
        raise RulesError(f"{maneuver.name} is not a hand-to-hand attack +attack rolls: the GM applies it.")
    dcs = damage_dcs(maneuver, extra_dcs(get_hero(game, attacker)), order.velocity)
    ocv = maneuver.ocv or 0
    kb = evolve(order.kb, mods=tuple(dict.fromkeys(order.kb.mods + (KBModifier.MARTIAL_ARTS,))))
    label = name or maneuver.name
    if maneuver.effect is MartialEffect.STRIKE:
        made = attacks.Maneuver(label, "Throws" if "throw" in label.lower() else "Strikes", lambda v, d: ocv, maneuver.dcv,
                                lambda s, v: strength_attack_dice(s, extra_dcs=dcs), extra_dcs=dcs)
        return evolve(order, maneuver=made, power=None, kb=kb)
    made = attacks.Maneuver(label, "Strikes", lambda v, d: ocv, maneuver.dcv, lambda s, v: DiceAmount(1))
    if maneuver.effect is MartialEffect.KILLING:
        dice = dice_for_points(dcs * POINTS_PER_DC, AttackKind.KILLING)
        power = AttackPower(label, dice, AttackKind.KILLING, "PD", 0, 0, False, "")
        return evolve(order, maneuver=made, power=power, kb=kb)
    power = AttackPower(label, nnd_dice(dcs), AttackKind.NORMAL, "PD", 0, 0, False, "", modifiers=(_NND,))
    return evolve(order, maneuver=made, power=power, strength=0)


def knock_down(game: Game, target: Character) -> None:
    """Target Falls: he is prone (½ DCV) until he stands (HERO 5E revised)."""
    fights.update_fighter(game, target, prone=True)


# --- Grab, Squeeze, Throw, Escape -----------------------------------------------------------
@frozen
class Grabbed:
    """A Grab's roll; when it hit, the target is held (½ DCV) until he escapes or is let go. A
    Choke Hold's damage, when it does some, follows as an attack outcome."""

    rolled: attacks.AttackRolled
    hold_str: int
    spent: harm.Spent
    strength: int  #: the STR used, paid for
    velocity: int = 0  #: a Grab By's, paid for

    @property
    def hit(self) -> bool:
        return bool(self.rolled.roll.hit)


def _fighter(game: Game, char: Character) -> fights.Fighter:
    fight = fights.fight_of(game, char)
    fighter = fight.fighter(char.id) if fight is not None else None
    if fighter is None:
        raise RulesError(f"{char.name} is not in the fight.")
    return fighter


def _hold(game: Game, attacker: Character, target: Character, hold_str: int) -> None:
    fights.update_fighter(game, attacker, grabbing=target.id, hold_str=hold_str)
    fights.update_fighter(game, target, grabbed_by=attacker.id)


def _check_free(game: Game, attacker: Character, target: Character) -> None:
    if _fighter(game, attacker).grabbing is not None:
        raise RulesError(f"{attacker.name} already holds someone: let go first (+release).")
    if _fighter(game, target).grabbed_by is not None:
        raise RulesError(f"{target.name} is already held.")


def grab_maneuver(name: str, ocv: int, dcv: int) -> attacks.Maneuver:
    return attacks.Maneuver(name, "Grabs", lambda v, d: ocv, dcv, lambda s, v: DiceAmount(1))


def grab(game: Game, attacker: Character, target: Character, roller: Roller,
         maneuver: MartialManeuver | None = None, velocity: int = 0) -> tuple[BlockRolled | None, Grabbed | Blocked]:
    """A Grab (OCV -1, DCV -2), a Grab By at ``velocity`` (OCV -3, DCV -4, +v/5 STR to hold on,
    the movement's END) or a Martial Grab (its OCV and DCV, +5 STR a DC to hold on): hit, and the
    target's two limbs are held; he is at ½ DCV until free (HERO 5E revised). END for the STR."""
    _check_free(game, attacker, target)
    if velocity:
        made, hold = grab_maneuver(GRAB_BY.name, GRAB_BY.ocv, GRAB_BY.dcv), velocity // 5
        attacks.moved_away(game, attacker)
    elif maneuver is None:
        made, hold = grab_maneuver(GRAB.name, GRAB.ocv, GRAB.dcv), 0
    else:
        made = grab_maneuver(maneuver.name, maneuver.ocv or 0, maneuver.dcv)
        hold = STR_PER_DC * damage_dcs(maneuver, extra_dcs(get_hero(game, attacker)))
    order = attacks.AttackOrder(maneuver=made)
    rolled_block = _try_block(game, attacker, target, lambda: attack_ocv(game, attacker, order)[0], roller)
    if rolled_block is not None and rolled_block.stopped:
        return rolled_block, _stopped(game, attacker, order, rolled_block, roller)
    rolled = _roll(game, attacker, target, order, roller)
    if rolled.roll.hit:
        _hold(game, attacker, target, hold)
    fights.update_fighter(game, attacker, dcv_mod=made.dcv, dcv_note=made.name)
    strength = get_sheet(game, attacker).base("STR")
    cost = end_cost(strength) + movement_end(velocity)
    return rolled_block, Grabbed(rolled, hold, harm.spend(game, attacker, cost, roller), strength, velocity)


def _roll(game: Game, attacker: Character, target: Character, order: attacks.AttackOrder,
          roller: Roller) -> attacks.AttackRolled:
    ocv, parts = attack_ocv(game, attacker, order)
    dcv = fights.target_dcv(game, target)
    base = get_sheet(game, attacker).base("OCV")
    return attacks.AttackRolled(attacker.name, target.name, order.maneuver.verb, order.name, None, base, parts, dcv,
                                attack_roll(ocv, dcv.dcv, roller))


def choke(game: Game, attacker: Character, target: Character, order: attacks.AttackOrder, roller: Roller,
          maneuver: MartialManeuver | None = None) -> tuple[BlockRolled | None, attacks.AttackOutcome | attacks.PowerFailed | Blocked]:
    """A Choke Hold: Grab one limb and NND damage (HERO 5E revised: OCV -2, DCV -2, 1D6 NND; the
    Martial Choke Hold OCV -2, DCV +0, 2D6 NND); ``defended`` when the target has the defense (he
    need not breathe). The target is held as by a Grab."""
    _check_free(game, attacker, target)
    if maneuver is None:
        made = attacks.Maneuver(CHOKE.name, "Chokes", lambda v, d: CHOKE.ocv, CHOKE.dcv, lambda s, v: DiceAmount(1))
        power = AttackPower(CHOKE.name, DiceAmount(1), AttackKind.NORMAL, "PD", 0, 0, False, "", modifiers=(_NND,))
        choke_order = evolve(order, maneuver=made, power=power, strength=0)
    else:
        choke_order = martial_order(game, attacker, maneuver, order)
    blocked, outcome = resolve_guarded(game, attacker, target, choke_order, roller)
    if outcome.hit:
        _hold(game, attacker, target, 0)
    return blocked, outcome


@frozen
class Held:
    """A Squeeze, or a Throw of one held, Crush: damage with no roll (the target is held)."""

    attacker: str
    target: str
    name: str
    amount: DiceAmount
    damage: harm.Hurt
    thrown: bool
    spent: harm.Spent
    strength: int
    hit = True


def held_attack(game: Game, attacker: Character, target: Character, name: str, roller: Roller, *,
                extra: int = 0, thrown: bool = False, strength: int | None = None) -> Held:
    """Squeeze or Throw one you hold (HERO 5E revised): no Attack Roll; STR damage (+ ``extra``
    DCs: a maneuver that must follow a Grab) against his PD, no Knockback; a Throw leaves him
    prone and free."""
    if _fighter(game, attacker).grabbing != target.id:
        raise RulesError(f"{attacker.name} does not hold {target.name}: Grab first.")
    top = get_sheet(game, attacker).base("STR")
    used = top if strength is None else min(strength, top)
    amount = strength_attack_dice(used, extra_dcs=extra)
    damage: NormalDamage = roll_normal(amount, roller)
    done = harm.hurt(game, target, damage, Against.PD)
    if thrown:
        _let_go(game, attacker, target)
        knock_down(game, target)
    spent = harm.spend(game, attacker, end_cost(used), roller)
    return Held(attacker.name, target.name, name, amount, done, thrown, spent, used)


def without_holds(fight: fights.Fight, char_id: int) -> fights.Fight:
    """The fight with every Grab ``char_id`` is in let go (he leaves it)."""
    for fighter in fight.fighters:
        changes: dict = {}
        if fighter.char_id == char_id or fighter.grabbing == char_id:
            changes |= {"grabbing": None, "hold_str": 0} if fighter.grabbing is not None else {}
        if fighter.char_id == char_id or fighter.grabbed_by == char_id:
            changes |= {"grabbed_by": None} if fighter.grabbed_by is not None else {}
        if changes:
            fight = fight.with_fighter(evolve(fighter, **changes))
    return fight


def _let_go(game: Game, holder: Character, held: Character) -> None:
    fights.update_fighter(game, holder, grabbing=None, hold_str=0)
    fights.update_fighter(game, held, grabbed_by=None)


@frozen
class Contest:
    """A STR roll-off (Escape, Disarm) and whether it was won."""

    who: str
    other: str
    what: str  #: "Escape", "Martial Escape", "Disarm"
    contest: StrengthContest


@frozen
class Escaped:
    """An Escape: the STR roll-off against the one holding him."""

    contest: Contest
    spent: harm.Spent
    strength: int  #: his own STR, paid for


def holder_of(game: Game, char: Character) -> Character | None:
    """Who holds ``char`` in a Grab, if anyone."""
    holder_id = _fighter(game, char).grabbed_by
    return game.characters.get(holder_id) if holder_id is not None else None


def escape(game: Game, char: Character, roller: Roller, maneuver: MartialManeuver | None = None) -> Escaped:
    """Escape a Grab: STR against the holder's STR (and what his maneuver adds to hold on); more
    BODY and he is free (HERO 5E revised). Martial Escape adds +5 STR a DC."""
    holder = holder_of(game, char)
    if holder is None:
        raise RulesError(f"{char.name} is not held.")
    bonus = STR_PER_DC * damage_dcs(maneuver, extra_dcs(get_hero(game, char))) if maneuver is not None else 0
    strength = get_sheet(game, char).base("STR")
    holding = get_sheet(game, holder).base("STR") + _fighter(game, holder).hold_str
    contest = str_contest(strength + bonus, holding, roller)
    if contest.won:
        _let_go(game, holder, char)
    spent = harm.spend(game, char, end_cost(strength), roller)
    return Escaped(Contest(char.name, holder.name, maneuver.name if maneuver else "Escape", contest), spent, strength)


def release(game: Game, char: Character) -> str:
    """``char`` lets go of whom he holds (no time): that one's name."""
    held_id = _fighter(game, char).grabbing
    held = game.characters.get(held_id) if held_id is not None else None
    if held is None:
        raise RulesError(f"{char.name} holds nobody.")
    _let_go(game, char, held)
    return held.name


# --- Disarm ----------------------------------------------------------------------------------
@frozen
class Disarmed:
    """A Disarm: the roll, and when it hit the STR roll-off."""

    rolled: attacks.AttackRolled
    contest: Contest | None
    spent: harm.Spent

    @property
    def hit(self) -> bool:
        return bool(self.rolled.roll.hit)


def disarm(game: Game, attacker: Character, target: Character, roller: Roller,
           maneuver: MartialManeuver | None = None) -> tuple[BlockRolled | None, Disarmed | Blocked]:
    """Disarm (OCV -2, DCV +0; Martial Disarm its OCV and DCV, +5 STR a DC): a hit, then STR
    against STR; more BODY and what the target holds is knocked from his grasp (HERO 5E revised)."""
    if maneuver is None:
        made, bonus = attacks.Maneuver(DISARM.name, "Disarms", lambda v, d: DISARM.ocv, DISARM.dcv,
                                       lambda s, v: DiceAmount(1)), 0
    else:
        made = attacks.Maneuver(maneuver.name, "Disarms", lambda v, d: maneuver.ocv or 0, maneuver.dcv,
                                lambda s, v: DiceAmount(1))
        bonus = STR_PER_DC * damage_dcs(maneuver, extra_dcs(get_hero(game, attacker)))
    order = attacks.AttackOrder(maneuver=made)
    rolled_block = _try_block(game, attacker, target, lambda: attack_ocv(game, attacker, order)[0], roller)
    if rolled_block is not None and rolled_block.stopped:
        return rolled_block, _stopped(game, attacker, order, rolled_block, roller)
    rolled = _roll(game, attacker, target, order, roller)
    fights.update_fighter(game, attacker, dcv_mod=made.dcv, dcv_note=made.name if made.dcv else "")
    strength = get_sheet(game, attacker).base("STR")
    contest = None
    if rolled.roll.hit:
        contest = Contest(attacker.name, target.name, made.name,
                          str_contest(strength + bonus, get_sheet(game, target).base("STR"), roller))
    return rolled_block, Disarmed(rolled, contest, harm.spend(game, attacker, end_cost(strength), roller))
