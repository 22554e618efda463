"""An attack from the sheet, rolled and applied: the maneuvers, the dice, OCV, and the outcome as a value.

:func:`resolve` makes the attack roll with the sheet's OCV and the maneuver's against the
target's DCV with every condition the tracker keeps (:func:`combat.target_dcv`). A hit does the
maneuver's damage from STR or a power (RULES MANEUVER STRIKE, MOVE BY, MOVE THROUGH, PULL PUNCH;
RULES ADDING DAMAGE: Haymaker +4 DC, Pushing added last) against the target's defenses;
Knockback is rolled once and applied (RULES KNOCKBACK); the attacker pays END for the power, the
STR used, the Push and the movement (RULES END USE) and keeps the maneuver's DCV until his next
Phase. Everything comes back as an :class:`AttackOutcome`, which commands/fight_text.py renders.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..rules.champions.adding import HAYMAKER_DC, killing_attack_dice, strength_attack_dice
from ..rules.champions.advantages import ModifierOn, PowerEffects, power_effects
from ..rules.champions.battlefield import resisted
from ..rules.champions.damage import (
    KillingDamage,
    NormalDamage,
    StunMultiplier,
    roll_killing,
    roll_normal,
    stated_damage,
)
from ..rules.champions.dcs import AttackKind, add_dcs
from ..rules.champions.defenses import Against, Delivery
from ..rules.champions.endurance import end_cost, movement_end
from ..rules.champions.knockback import KBModifier, KBResult, Knockback, roll_knockback
from ..rules.champions.maneuvers import (
    MOVE_BY_OCV,
    move_by_attacker_share,
    move_by_dice,
    move_through_attacker_share,
    move_through_dice,
    move_through_ocv,
    pull_punch,
    pull_punch_ocv,
)
from ..rules.champions.rolls import AttackRoll, SkillRoll, attack_roll, range_modifier, skill_roll
from ..rules.champions.senses import unperceived_ocv
from ..rules.dice import DiceAmount, Roller
from ..rules.errors import RulesError
from ..values import evolve, frozen
from . import battlefield, harm, skill_levels
from . import combat as fights
from .hero import AttackPower, Modifier, get_hero
from .sheets import get_sheet, save_sheet

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["MANEUVERS", "STRIKE", "AttackOrder", "AttackOutcome", "AttackRolled", "DamageRolled", "Maneuver",
           "AREA_DCV", "AreaHit", "AreaOutcome", "AutofireOutcome", "PowerFailed", "PowerRoll", "Share", "effects_of", "resolve_area", "resolve_autofire", "WindingUp", "WindupLands", "WindupLost", "land_windups", "maneuver_named", "moved_away",
           "resolve", "wind_up"]


@frozen
class Maneuver:
    """A STR maneuver: its name and verb, OCV, the attacker's DCV until his next Phase, and dice."""

    name: str
    verb: str
    ocv: Callable[[int, DiceAmount], int]  #: from velocity and dice
    dcv: int
    dice: Callable[[int, int], DiceAmount]  #: from STR used and velocity
    moves: bool = False
    extra_dcs: int = 0  #: DCs it adds to STR (a Martial Strike's 2: game/grappling.py)


#: The maneuvers +attack knows (HERO 5E; RULES MANEUVER ...).
MANEUVERS = (
    Maneuver("Strike", "Strikes", lambda v, d: 0, 0, lambda s, v: strength_attack_dice(s)),
    Maneuver("Haymaker", "Haymakers", lambda v, d: 0, -5, lambda s, v: strength_attack_dice(s, extra_dcs=4)),
    Maneuver("Move By", "Moves By", lambda v, d: MOVE_BY_OCV, -2, move_by_dice, moves=True),
    Maneuver("Move Through", "Moves Through", lambda v, d: move_through_ocv(v), -3, move_through_dice, moves=True),
    Maneuver("Pull Punch", "Pulls a Punch on", lambda v, d: pull_punch_ocv(d), 0,
             lambda s, v: strength_attack_dice(s)),
)
STRIKE = MANEUVERS[0]


def maneuver_named(name: str) -> Maneuver | None:
    """``move through``, ``movethrough`` or ``Move Through`` -> that maneuver."""
    return _SPELLINGS.get(name.lower().replace("-", " "))


#: Each maneuver by the ways :func:`maneuver_named` takes its name (the first maneuver of a spelling).
_SPELLINGS = {spelling: m for m in reversed(MANEUVERS) for spelling in (m.name.lower(), m.name.lower().replace(" ", ""))}


@frozen
class AttackOrder:
    """What one attack asks for: the maneuver, a power of the attacker's, the options."""

    maneuver: Maneuver
    power: AttackPower | None = None
    velocity: int = 0
    strength: int | None = None
    push: int = 0
    range: int | None = None
    kb: harm.KnockbackOptions = harm.KnockbackOptions(body=0)
    #: a No Normal Defense attack: the target has the defense it names
    defended: bool = False
    #: an Attack Versus Limited Defense: the target's points of the defense it names
    limited: int = 0
    #: Autofire: the shots fired (0: the most the power fires)
    shots: int = 0
    #: Explosion: each target's inches from the centre, in the targets' order
    distances: tuple[int, ...] = ()
    #: Combat Skill Levels asked for DCV, and the DCs asked of them (two levels a DC; game/skill_levels.py)
    dcv_levels: int = 0
    dc_levels: int = 0
    #: Deadly Blow's DCs when its circumstances apply (3 a level), and Find Weakness's roll (0: none)
    deadly_dcs: int = 0
    weakness: int = 0

    @property
    def name(self) -> str:
        if self.power is None:
            return self.maneuver.name
        same = self.maneuver is STRIKE or self.power.name == self.maneuver.name  # a Killing Strike is its own power
        return self.power.name + ("" if same else f" {self.maneuver.name}")


# --- outcomes ----------------------------------------------------------------------------------
@frozen
class AttackRolled:
    """The attack roll with its numbers: OCV and what made it, the DCV and why, the dice."""

    attacker: str
    target: str
    verb: str
    name: str
    velocity: int | None  #: for a maneuver that moves
    base_ocv: int
    ocv_parts: tuple[tuple[int, str], ...]
    dcv: fights.TargetDCV
    roll: AttackRoll

    @property
    def ocv(self) -> int:
        return self.base_ocv + sum(n for n, _ in self.ocv_parts)


@frozen
class DamageRolled:
    """The damage dice of a hit (and a Pulled Punch's BODY), and what they did to the target."""

    amount: DiceAmount
    rolled: NormalDamage | KillingDamage
    hurt: harm.Hurt
    pulled: bool = False


@frozen
class Share:
    """The attacker's own share of a Move By or Move Through (RULES MANEUVER MOVE BY, MOVE THROUGH)."""

    what: str
    stun: int
    body: int
    hurt: harm.Hurt


@frozen
class PowerRoll:
    """A roll a power needs before it works: its Activation Roll, or the Skill it Requires."""

    what: str  #: ``Activation Roll 11-``, ``Breakfall roll -3 (1 per 10 Active Points)``
    roll: SkillRoll


@frozen
class AttackOutcome:
    """One attack, rolled and applied. ``blocked``: a No Normal Defense attack against one who
    has the defense it names; ``kb_doubled``: Double Knockback doubled the Knockback rolled."""

    rolled: AttackRolled
    damage: DamageRolled | None
    knockback: Knockback | None
    kb_steps: tuple[harm.KBStep, ...]
    share: Share | None
    spent: harm.Spent
    end_parts: tuple[tuple[int, str], ...]
    power_rolls: tuple[PowerRoll, ...] = ()
    charges_left: int | None = None
    blocked: str = ""
    kb_doubled: bool = False

    @property
    def hit(self) -> bool:
        return bool(self.rolled.roll.hit)


@frozen
class PowerFailed:
    """A power whose Activation Roll or Skill Roll missed: it fails; the Phase and END are spent."""

    attacker: str
    target: str
    name: str
    power_rolls: tuple[PowerRoll, ...]
    spent: harm.Spent
    end_parts: tuple[tuple[int, str], ...]
    charges_left: int | None = None
    #: its Side Effects, which a failed roll sets off (``""``: none)
    side_effect: str = ""
    hit = False


# --- resolving ---------------------------------------------------------------------------------
def effects_of(power: AttackPower | None) -> PowerEffects:
    """What the power's Advantages and Limitations do to the roll (rules/champions/advantages.py)."""
    return _NO_EFFECTS if power is None else _effects(power.modifiers)


#: What a maneuver from STR has: no Advantages, no Limitations.
_NO_EFFECTS = PowerEffects()


@functools.lru_cache(maxsize=1024)
def _effects(modifiers: tuple[Modifier, ...]) -> PowerEffects:
    """:func:`effects_of` worked out once per set of modifiers (an attack asks it several times)."""
    return power_effects(ModifierOn(m.xmlid, m.option, m.value, m.name, m.text) for m in modifiers)


def side_effect(power: AttackPower | None, effects: PowerEffects) -> str:
    """What a power's Side Effects do when its roll fails: ``Side Effects (burns its user), 15 Active
    Points of effect`` (HERO 5E revised: the greater of 15, 30 or 60 Active Points and 1/4, 1/2
    or all of the power's, by the Limitation's -1/4, -1/2 or -1)."""
    if power is None or not effects.side_effects:
        return ""
    return f"{effects.side_effects}: {effects.side_effect_points(power.active)} Active Points of effect"


def _power_rolls(game: Game, attacker: Character, power: AttackPower, effects: PowerEffects,
                 roller: Roller) -> tuple[PowerRoll, ...]:
    """The Activation Roll, then the Skill Roll, the power needs; rolling stops at a miss."""
    sheet = get_sheet(game, attacker)
    rolls: list[PowerRoll] = []
    if effects.activation is not None:
        rolls.append(PowerRoll(f"Activation Roll {effects.activation}-", skill_roll(effects.activation, roller)))
        if not rolls[-1].roll.success:
            return tuple(rolls)
    if effects.skill is not None:
        found = sheet.find_skill(effects.skill)
        assert found is not None  # :func:`_check_power` refused it before
        modifier = effects.skill_modifier(power.active)
        per = f" ({modifier} for {power.active} Active Points)" if modifier else ""
        rolls.append(PowerRoll(f"{found[0]} roll{per}", skill_roll(sheet.skill_target(found[1]), roller,
                                                                   modifier=modifier)))
    return tuple(rolls)


def _check_power(game: Game, attacker: Character, power: AttackPower | None, effects: PowerEffects) -> None:
    """Refuse, before any die, a power out of Charges or needing a Skill its user lacks."""
    if power is None:
        return
    sheet = get_sheet(game, attacker)
    if effects.skill == "":
        raise RulesError(f"{power.name} Requires A Skill Roll but names no Skill: import it from Hero Designer "
                         "with the Skill named, or the GM rolls it.")
    if effects.skill is not None and sheet.find_skill(effects.skill) is None:
        raise RulesError(f"{power.name} Requires A {effects.skill} Roll: {attacker.name} has no "
                         f"{effects.skill} on the sheet.")
    used = sheet.charges_used.get(power.item_id, 0)
    if effects.charges is not None and used >= effects.charges:
        raise RulesError(f"{power.name} has no Charges left (all {effects.charges} used): staff's +heal "
                         f"{attacker.name} gives them back.")


def _use_charge(game: Game, attacker: Character, power: AttackPower | None, effects: PowerEffects) -> int | None:
    """Count one use of a power with Charges: the Charges left."""
    if power is None or effects.charges is None:
        return None
    sheet = get_sheet(game, attacker)
    used = sheet.charges_used.get(power.item_id, 0) + 1
    save_sheet(game, evolve(sheet, charges_used={**sheet.charges_used, power.item_id: used}))
    return effects.charges - used

def _dice(order: AttackOrder, strength: int) -> tuple[DiceAmount, AttackKind, bool]:
    """The attack's dice, normal or killing, and whether STR is used (RULES ADDING DAMAGE: STR adds
    1 DC per 5 points to a HKA, a Move By or Through's dice add 1 DC each, Pushing comes last;
    Combat Skill Levels' DCs too; RULES DC 2: each DC added to an Advantaged power buys 5 Active
    Points of it, so fewer dice)."""
    m, power, v, push = order.maneuver, order.power, order.velocity, order.push
    extra = (HAYMAKER_DC if m.name == "Haymaker" else m.extra_dcs) + order.dc_levels
    if power is None:
        if m.moves:
            amount = m.dice(strength, v)
            return (add_dcs(amount, push // 5) if push else amount), AttackKind.NORMAL, True
        return strength_attack_dice(strength, extra_dcs=extra, pushed=push), AttackKind.NORMAL, True
    if power.kind is AttackKind.KILLING and not power.ranged:
        move = m.dice(strength, v) if m.moves else None
        amount = killing_attack_dice(power.dice, strength=0 if m.moves else strength, move_dice=move,
                                     extra_dcs=extra, pushed=push, advantages=effects_of(power).advantages)
        return amount, AttackKind.KILLING, True
    if m.moves or (m.name == "Pull Punch" and power.kind is AttackKind.KILLING):
        raise RulesError(f"{m.name} goes with STR or a hand-to-hand Killing Attack, not {power.name}.")
    dcs = extra + push // 5 + (0 if power.ranged else strength // 5)  # a Hand-To-Hand Attack adds to STR
    added = add_dcs(power.dice, dcs, power.kind, effects_of(power).advantages) if dcs else power.dice
    return added, power.kind, not power.ranged


def dice_of(order: AttackOrder, strength: int) -> tuple[DiceAmount, AttackKind, bool]:
    """:func:`_dice` and Deadly Blow's DCs on top, after the doubling cap (HERO 5E revised, Talents)."""
    amount, kind, uses_str = _dice(order, strength)
    if order.deadly_dcs:
        amount = add_dcs(amount, order.deadly_dcs, kind, effects_of(order.power).advantages)
    return amount, kind, uses_str


def _ocv_parts(game: Game, attacker: Character, order: AttackOrder, amount: DiceAmount) -> tuple[tuple[int, str], ...]:
    """What adds to OCV: Combat Skill Levels (as given out, game/skill_levels.py), the maneuver,
    the Range Modifier, Set and Brace, and Penalty Skill Levels against the penalties (HERO 5E);
    then, Flashed, ½ of it hand-to-hand or all of it at range (RULES FLASH)."""
    fight = fights.fight_of(game, attacker)
    fighter = fight.member(attacker.id) if fight is not None else fights.Fighter(attacker.id, attacker.name)
    maneuver = order.maneuver.ocv(order.velocity, amount)
    modifier = range_modifier(order.range or 0) if order.power is not None and order.power.ranged else 0
    levels = skill_levels.use_for(game, attacker, order, modifier, min(maneuver, 0))
    parts = [(levels.ocv, "levels"), (maneuver, order.maneuver.name)]
    if order.power is not None and order.power.ranged:
        parts += [(modifier, f"range {order.range or 0}\""), (min(2, -modifier) if fighter.braced else 0, "Brace"),
                  (1 if fighter.set else 0, "Set")]
    parts.append((levels.offset, "Penalty Skill Levels"))
    if levels.dcv:
        fights.update_fighter(game, attacker, **_dcv_kept(order.maneuver, levels.dcv))
    if fighter.unseeing:  # RULES FLASH: he cannot see his target
        ocv = get_sheet(game, attacker).base("OCV") + sum(n for n, _ in parts)
        parts.append((unperceived_ocv(ocv, order.power is not None and order.power.ranged) - ocv, "Flashed"))
    return tuple((n, w) for n, w in parts if n)


def _dcv_kept(maneuver: Maneuver, levels: int) -> dict:
    """The attacker's DCV until his next Phase: the maneuver's and Combat Skill Levels put there."""
    note = " and ".join(w for w, n in ((maneuver.name, maneuver.dcv), (f"{levels} levels", levels)) if n)
    return {"dcv_mod": maneuver.dcv + levels, "dcv_note": note}


def resolve(game: Game, attacker: Character, target: Character, order: AttackOrder,
            roller: Roller) -> AttackOutcome | PowerFailed:
    """Roll and apply one attack; the attacker keeps the maneuver's DCV until his next Phase. A
    power's Charges are counted and its Activation or Skill Roll made first: a miss and it fails."""
    m = order.maneuver
    sheet = get_sheet(game, attacker)
    strength = sheet.base("STR") if order.strength is None else min(order.strength, sheet.base("STR"))
    amount, kind, uses_str = dice_of(order, strength)
    effects = effects_of(order.power)
    _check_power(game, attacker, order.power, effects)
    charges_left = _use_charge(game, attacker, order.power, effects)
    power_rolls = _power_rolls(game, attacker, order.power, effects, roller) if order.power is not None else ()
    if power_rolls and not power_rolls[-1].roll.success:
        spent, end_parts = _end(game, attacker, strength if uses_str else 0, order, roller)
        return PowerFailed(attacker.name, target.name, order.name, power_rolls, spent, end_parts, charges_left,
                           side_effect(order.power, effects))
    parts = _ocv_parts(game, attacker, order, amount)
    dcv = fights.target_dcv(game, target)
    parts, dcv = battlefield.sighted(game, attacker, target, order, sheet.base("OCV"), parts, dcv)
    roll = attack_roll(sheet.base("OCV") + sum(n for n, _ in parts), dcv.dcv, roller)
    verb = m.verb if order.power is None or m is not STRIKE else "attacks"
    rolled = AttackRolled(attacker.name, target.name, verb, order.name, order.velocity if m.moves else None,
                          sheet.base("OCV"), parts, dcv, roll)
    steps: tuple[harm.KBStep, ...] = ()
    damage, kb, share, blocked, doubled = None, None, None, "", False
    if roll.hit and effects.nnd and order.defended:
        blocked = f"{target.name} has the defense the No Normal Defense attack names: it does nothing."
    elif roll.hit:
        said, stopped = battlefield.stops(game, attacker, target, order, rolled.ocv, roller,
                                          lambda: _roll_damage(order, amount, kind, roller, effects)[0])
        blocked = " ".join(said)  # Desolidified, deflected, a Force Wall, Life Support (RULES BATTLEFIELD)
        if not stopped:
            damage, kb, steps, share = _damage(game, attacker, target, order, amount, kind, roller, effects)
        doubled = kb is not None and effects.knockback == 2 and kb.result is KBResult.KNOCKED_BACK
    fights.update_fighter(game, attacker, **_dcv_kept(m, skill_levels.use_for(game, attacker, order).dcv))
    spent, end_parts = _end(game, attacker, strength if uses_str else 0, order, roller)
    return AttackOutcome(rolled, damage, kb, steps, share, spent, end_parts, power_rolls, charges_left, blocked,
                         doubled)


def _delivery(order: AttackOrder, effects: PowerEffects) -> tuple[Delivery, str, tuple[str, ...]]:
    """How the attack meets the defenses, the defense named, and what the line says of it."""
    notes: tuple[str, ...] = ("STUN only",) if effects.stun_only else ()
    if effects.nnd:
        return Delivery(limited=0, body=not effects.stun_only), "No Normal Defense", notes
    if effects.avld:
        return Delivery(limited=order.limited, body=not effects.stun_only), "Limited Defense", notes
    if effects.armor_piercing:
        notes += (f"defenses halved by Armor Piercing{'' if effects.armor_piercing == 1 else f' x{effects.armor_piercing}'}",)
    if effects.reduced_penetration:
        notes += ("the BODY in two halves, each against the defense (Reduced Penetration)",)
    return Delivery(armor_piercing=effects.armor_piercing, penetrating=effects.penetrating,
                    halves=effects.reduced_penetration), "", notes


def _damage(game: Game, attacker: Character, target: Character, order: AttackOrder, amount: DiceAmount,
            kind: AttackKind, roller: Roller,
            effects: PowerEffects) -> tuple[DamageRolled, Knockback | None, tuple[harm.KBStep, ...], Share | None]:
    m = order.maneuver
    rolled, damage = _roll_damage(order, amount, kind, roller, effects)
    done, kb, steps = _apply(game, target, order, amount, rolled, damage, roller, effects)
    share = None
    if m.moves:
        moved = stated_damage(damage.stun, damage.body)
        if m.name == "Move By":
            part, what = move_by_attacker_share(moved), "1/3 of it"
        else:
            part = move_through_attacker_share(moved, kb if kb is not None else KBResult.NONE)
            what = "all of it (no Knockback)" if kb is None or kb.result is KBResult.NONE else "half of it"
        share = Share(what, part.stun, part.body, harm.hurt(game, attacker, stated_damage(part.stun, part.body)))
    return done, kb, steps, share


def _roll_damage(order: AttackOrder, amount: DiceAmount, kind: AttackKind, roller: Roller,
                 effects: PowerEffects) -> tuple[NormalDamage | KillingDamage, NormalDamage | KillingDamage]:
    """The damage dice rolled, and the damage done (a Pulled Punch's BODY halved)."""
    if kind is AttackKind.KILLING:
        rolled = roll_killing(amount, roller, StunMultiplier.standard(effects.stun_multiplier))
        return rolled, rolled
    normal = roll_normal(amount, roller)
    return normal, pull_punch(normal) if order.maneuver.name == "Pull Punch" else normal


def _apply(game: Game, target: Character, order: AttackOrder, amount: DiceAmount, rolled: NormalDamage | KillingDamage,
           damage: NormalDamage | KillingDamage, roller: Roller,
           effects: PowerEffects) -> tuple[DamageRolled, Knockback | None, tuple[harm.KBStep, ...]]:
    """Damage rolled, applied to one target against his defenses, and his Knockback."""
    was_out = get_sheet(game, target).knocked_out
    against = Against.ED if order.power is not None and order.power.versus == "ED" else Against.PD
    options = order.kb
    mods = options.mods + battlefield.clinging(game, target)
    if isinstance(rolled, KillingDamage):
        mods = mods + (KBModifier.KILLING_ATTACK,)
    mods = tuple(dict.fromkeys(mods))
    delivery, defense, notes = _delivery(order, effects)
    delivery, guarded = battlefield.guarded(game, target, delivery, against)  # Hardened, Impenetrable
    notes += guarded
    if order.weakness and delivery.limited is None:  # Find Weakness (HERO 5E revised): made, defenses halved
        lack = battlefield.lack_of_weakness(game, target)  # HERO 5E revised: -1 a point to the roll
        found = skill_roll(order.weakness, roller, modifier=-lack)
        less = f" - {lack} Lack Of Weakness" if lack else ""
        said = f"Find Weakness {order.weakness}-{less}: {found.total} ({' '.join(map(str, found.faces))})"
        delivery = evolve(delivery, armor_piercing=delivery.armor_piercing + int(found.success))
        notes += (f"{said}, defenses halved" if found.success else f"{said}, missed",)
    from .absorbing import absorbed  # it keeps what it takes with the Adjustment Powers, which use this module

    notes += absorbed(game, target, against, damage.body, roller)
    done = DamageRolled(amount, rolled, harm.hurt(game, target, damage, against, delivery=delivery, defense=defense,
                                                  notes=notes), pulled=damage is not rolled)
    kb: Knockback | None = None
    steps: tuple[harm.KBStep, ...] = ()
    if effects.knockback:  # none for No Knockback, NND and AVLD (RULES KNOCKBACK; HERO 5E)
        kb = roll_knockback(damage.body, roller, mods)
        if effects.knockback == 2 and kb.result is KBResult.KNOCKED_BACK:
            kb = evolve(kb, inches=kb.inches * 2)  # Double Knockback (HERO 5E revised)
        kb = resisted(kb, *battlefield.kb_inches(game, target))  # Knockback Resistance, size (RULES SIZE)
        steps = harm.apply_knockback(game, target, kb, roller, options, knocked_out=was_out)  # where it ends
    return done, kb, steps


# --- Area Of Effect (HERO 5E revised) ---------------------------------------------------------------
#: The DCV an Area Of Effect attack's roll is made against: the hex, not the target (HERO 5E revised).
AREA_DCV = 3


@frozen
class AreaHit:
    """One character in the area: the damage he took and his own Knockback."""

    damage: DamageRolled
    knockback: Knockback | None
    kb_steps: tuple[harm.KBStep, ...]
    kb_doubled: bool = False


@frozen
class AreaOutcome:
    """An Area Of Effect attack: one roll against DCV 3, one damage roll, each target hurt
    against his own defenses, each with his own Knockback."""

    rolled: AttackRolled
    hits: tuple[AreaHit, ...]
    spent: harm.Spent
    end_parts: tuple[tuple[int, str], ...]
    power_rolls: tuple[PowerRoll, ...] = ()
    charges_left: int | None = None

    @property
    def hit(self) -> bool:
        return bool(self.rolled.roll.hit)


def resolve_area(game: Game, attacker: Character, targets: list[Character], order: AttackOrder,
                 roller: Roller) -> AreaOutcome | PowerFailed:
    """An Area Of Effect power: the roll is made against DCV 3 (the area), the damage rolled once
    and applied to each target in it against his own defenses, Knockback rolled for each (HERO
    5E revised, Area Of Effect)."""
    if order.power is None or order.maneuver is not STRIKE:
        raise RulesError("An Area Of Effect attack is a power used as a Strike.")
    sheet = get_sheet(game, attacker)
    amount, kind, _ = dice_of(order, sheet.base("STR"))
    effects = effects_of(order.power)
    names = ", ".join(t.name for t in targets)
    _check_power(game, attacker, order.power, effects)
    charges_left = _use_charge(game, attacker, order.power, effects)
    power_rolls = _power_rolls(game, attacker, order.power, effects, roller)
    if power_rolls and not power_rolls[-1].roll.success:
        spent, end_parts = _end(game, attacker, 0, order, roller)
        return PowerFailed(attacker.name, names, order.name, power_rolls, spent, end_parts, charges_left,
                           side_effect(order.power, effects))
    parts = _ocv_parts(game, attacker, order, amount)
    roll = attack_roll(sheet.base("OCV") + sum(n for n, _ in parts), AREA_DCV, roller)
    rolled = AttackRolled(attacker.name, f"the area ({names})", "attacks", order.name, None, sheet.base("OCV"), parts,
                          fights.TargetDCV(AREA_DCV, (), AREA_DCV), roll)
    hits = []
    if roll.hit:
        rolled_damage, damage = _roll_damage(order, amount, kind, roller, effects)
        for target in targets:
            if effects.nnd and order.defended:
                continue
            done, kb, steps = _apply(game, target, order, amount, rolled_damage, damage, roller, effects)
            hits.append(AreaHit(done, kb, steps, kb is not None and effects.knockback == 2
                                and kb.result is KBResult.KNOCKED_BACK))
    spent, end_parts = _end(game, attacker, 0, order, roller)
    return AreaOutcome(rolled, tuple(hits), spent, end_parts, power_rolls, charges_left)


# --- Autofire (HERO 5E revised) -------------------------------------------------------------------
@frozen
class AutofireOutcome:
    """Autofire: ``shots`` fired, one roll; each hit (one, and one more per 2 points it was made
    by) rolled and applied apart, with its Knockback."""

    rolled: AttackRolled
    shots: int
    hits: tuple[AreaHit, ...]
    spent: harm.Spent
    end_parts: tuple[tuple[int, str], ...]
    power_rolls: tuple[PowerRoll, ...] = ()
    charges_left: int | None = None

    @property
    def hit(self) -> bool:
        return bool(self.rolled.roll.hit)


def resolve_autofire(game: Game, attacker: Character, target: Character, order: AttackOrder,
                     roller: Roller) -> AutofireOutcome | PowerFailed:
    """An Autofire power fired ``order.shots`` times (its most when 0): one attack roll; it hits
    once, and once more for every 2 points it is made by, up to the shots fired; each hit's damage
    rolled apart against the target's defenses; END for every shot (HERO 5E revised, Autofire)."""
    if order.power is None or order.maneuver is not STRIKE:
        raise RulesError("Autofire is a power used as a Strike.")
    effects = effects_of(order.power)
    shots = order.shots or effects.autofire
    if not 1 <= shots <= effects.autofire:
        raise RulesError(f"{order.power.name} fires 1 to {effects.autofire} shots.")
    sheet = get_sheet(game, attacker)
    amount, kind, _ = dice_of(order, sheet.base("STR"))
    _check_power(game, attacker, order.power, effects)
    charges_left = _use_charge(game, attacker, order.power, effects)
    power_rolls = _power_rolls(game, attacker, order.power, effects, roller)
    if power_rolls and not power_rolls[-1].roll.success:
        spent, end_parts = _end(game, attacker, 0, order, roller, shots)
        return PowerFailed(attacker.name, target.name, order.name, power_rolls, spent, end_parts, charges_left,
                           side_effect(order.power, effects))
    parts = _ocv_parts(game, attacker, order, amount)
    dcv = fights.target_dcv(game, target)
    parts, dcv = battlefield.sighted(game, attacker, target, order, sheet.base("OCV"), parts, dcv)
    roll = attack_roll(sheet.base("OCV") + sum(n for n, _ in parts), dcv.dcv, roller)
    rolled = AttackRolled(attacker.name, target.name, "attacks", order.name, None, sheet.base("OCV"), parts, dcv, roll)
    hits = []
    assert roll.target is not None  # rolled against the target's DCV
    for _ in range(effects.autofire_hits(shots, roll.target - roll.total) if roll.hit else 0):
        rolled_damage, damage = _roll_damage(order, amount, kind, roller, effects)
        done, kb, steps = _apply(game, target, order, amount, rolled_damage, damage, roller, effects)
        hits.append(AreaHit(done, kb, steps, kb is not None and effects.knockback == 2
                            and kb.result is KBResult.KNOCKED_BACK))
    spent, end_parts = _end(game, attacker, 0, order, roller, shots)
    return AutofireOutcome(rolled, shots, tuple(hits), spent, end_parts, power_rolls, charges_left)


def _end(game: Game, attacker: Character, strength: int, order: AttackOrder,
         roller: Roller, shots: int = 1) -> tuple[harm.Spent, tuple[tuple[int, str], ...]]:
    """END for the power (each of ``shots``: Autofire), the STR used, the Push and the movement
    (RULES END USE, ADDING DAMAGE)."""
    each = f" x {shots} shots" if shots > 1 else ""
    parts = [(order.power.end * shots, order.power.name + each)] if order.power is not None else []
    parts += [(end_cost(strength), f"STR {strength}")] if strength else []
    if order.push:
        parts.append((order.push, f"a {order.push}-point Push"))
    if order.maneuver.moves:
        parts.append((movement_end(order.velocity), f"{order.velocity}\" of movement"))
    return harm.spend(game, attacker, sum(c for c, _ in parts), roller), tuple(parts)


# --- the Haymaker's extra Segment (HERO 5E) -------------------------------------------------------
@frozen
class WindingUp:
    """A Haymaker begun: it lands at the end of Segment ``segment`` of Turn ``turn``."""

    attacker: str
    target: str
    name: str
    turn: int
    segment: int


@frozen
class WindupLands:
    """A Haymaker landing at the end of its Segment: the attack as any other, a Block meeting it
    first (game/grappling.py: ``block`` rolled; the outcome ``Blocked`` when it stopped it)."""

    outcome: AttackOutcome | PowerFailed | Any
    block: Any = None


@frozen
class WindupLost:
    """A Haymaker that never lands: the attacker was ``why`` (Stunned, Knocked Out) first, or
    ``moved`` the target moved away meanwhile."""

    attacker: str
    target: str
    why: str = ""

    @property
    def moved(self) -> bool:
        return not self.why


def wind_up(game: Game, attacker: Character, target: Character, order: AttackOrder) -> WindingUp:
    """Begin a Haymaker (HERO 5E: ½ Phase and an extra Segment, DCV -5 meanwhile): it lands at
    the end of the next Segment, rolled then (:func:`land_windups`)."""
    fight = fights.fight_of(game, attacker)
    if fight is None:
        raise RulesError(f"{attacker.name} is not in a fight.")
    due = fights.segment_count(fight.turn, fight.segment) + 1
    kb = order.kb
    windup = fights.Windup(target.id, due, order.power.name if order.power else "", order.strength, order.push,
                           tuple(m.name for m in kb.mods), kb.wall, kb.other.id if kb.other else None, kb.flight,
                           kb.strength, kb.flying, kb.high)
    fighter = evolve(fight.member(attacker.id), windup=windup, dcv_mod=order.maneuver.dcv,
                           dcv_note=order.maneuver.name)
    fights.save_fight(game, fight.with_fighter(fighter))
    turn, segment = divmod(due, fights.SEGMENTS)
    if segment == 0:
        turn, segment = turn - 1, fights.SEGMENTS
    return WindingUp(attacker.name, target.name, order.name, turn, segment)


def moved_away(game: Game, char: Character) -> None:
    """``char`` moved: a Haymaker on its way to him misses (HERO 5E)."""
    fight = fights.fight_of(game, char)
    if fight is None:
        return
    for fighter in fight.fighters:
        if fighter.windup is not None and fighter.windup.target == char.id and not fighter.windup.moved:
            fight = fight.with_fighter(evolve(fighter, windup=evolve(fighter.windup, moved=True)))
    fights.save_fight(game, fight)


def land_windups(game: Game, fight: fights.Fight, before: int, roller: Roller) -> tuple[fights.Fight, list]:
    """Haymakers due before Segment ``before`` (counted as :func:`combat.segment_count`) land now,
    in the order the attackers joined the fight: the fight after them and what happened."""
    events: list[WindupLands | WindupLost] = []
    for fighter in fight.fighters:
        windup = fighter.windup
        if windup is None or windup.due >= before:
            continue
        fight = fight.with_fighter(evolve(fight.member(fighter.char_id), windup=None))
        attacker, target = game.characters.get(fighter.char_id), game.characters.get(windup.target)
        if attacker is None:
            continue
        sheet = get_sheet(game, attacker)
        why = "Knocked Out" if sheet.knocked_out else "Stunned" if sheet.stunned else ""
        target_name = target.name if target is not None else "the target"
        if why:
            events.append(WindupLost(attacker.name, target_name, why))
            continue
        if target is None or windup.moved or fight.fighter(target.id) is None or target.location != fight.room:
            events.append(WindupLost(attacker.name, target_name))
            continue
        fights.save_fight(game, fight)  # the attack reads and changes the fight as saved
        from .grappling import resolve_guarded  # it uses this module: a Block meets the Haymaker first

        block, outcome = resolve_guarded(game, attacker, target, _order_of(game, attacker, windup), roller)
        fight = fights.get_fight(game, fight.room) or fight
        events.append(WindupLands(outcome, block))
    return fight, events


def _order_of(game: Game, attacker: Character, windup: fights.Windup) -> AttackOrder:
    """The Haymaker's order as it was given."""
    from .hero import attack_powers

    power = next((p for p in attack_powers(get_hero(game, attacker)) if p.name == windup.power), None)
    other = game.characters.get(windup.other) if windup.other is not None else None
    kb = harm.KnockbackOptions(body=0, mods=tuple(KBModifier[m] for m in windup.kb_mods), wall=windup.wall,
                               other=other, flight=windup.flight, strength=windup.rooted_str, flying=windup.flying,
                               high=windup.high)
    haymaker = maneuver_named("haymaker")
    assert haymaker is not None
    return AttackOrder(maneuver=haymaker, power=power, strength=windup.strength, push=windup.push, kb=kb)
