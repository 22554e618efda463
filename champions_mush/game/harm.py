"""What hurts in a fight, applied to sheets and the tracker, each result a value the commands render.

Beside the tracker (game/combat.py): damage taken (:func:`hurt`, RULES TAKING DAMAGE, DAMAGE
EFFECTS), END spent (:func:`spend`, RULES END USE) and Knockback applied (:func:`apply_knockback`,
RULES KNOCKBACK 2-6). Each returns frozen outcome values (:class:`Hurt`, :class:`Spent`, and a
tuple of Knockback steps) that say what happened with every number; commands/fight_text.py
turns each kind into the sentence players read. A new effect is one function here, one outcome
kind, one renderer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.champions.damage import KillingDamage, NormalDamage
from ..rules.champions.defenses import Against, DamageTaken, Delivery
from ..rules.champions.endurance import EndSpent, spend_end
from ..rules.champions.knockback import (
    KBModifier,
    KBResult,
    Knockback,
    airborne_dex_modifier,
    breakfall_modifier,
    knockback_into_character,
    knockback_into_wall,
    knockback_onto_ground,
)
from ..rules.champions.rolls import SkillRoll, characteristic_target, skill_roll
from ..rules.dice import Roller
from ..rules.errors import RulesError
from ..values import frozen
from . import combat as fights
from .sheets import Sheet, get_sheet, save_sheet, take_damage

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = [
    "Aloft",
    "Breakfall",
    "CharacterHit",
    "FliesBack",
    "Hurt",
    "ImpactDamage",
    "IntoCharacter",
    "KBStep",
    "KnockbackOptions",
    "KnockedDown",
    "Spent",
    "WallHit",
    "apply_knockback",
    "hurt",
    "spend",
]


# --- damage (RULES TAKING DAMAGE, DAMAGE EFFECTS) ----------------------------------------------
@frozen
class Hurt:
    """Damage applied to one character: what got through, the sheet after it, and a Recovery
    it spoiled (RULES RECOVERING: damage through in the Segment of a Recovery loses it)."""

    name: str
    damage: NormalDamage | KillingDamage
    taken: DamageTaken
    sheet: Sheet
    against: Against
    lost_recovery: fights.LostRecovery | None = None
    #: what met the damage when not PD or ED: ``No Normal Defense``, ``Flash Defense`` (AVLD)
    defense: str = ""
    #: what the attack's Advantages did, said after the defenses (``defenses halved by Armor Piercing``)
    notes: tuple[str, ...] = ()


def hurt(game: Game, char: Character, damage: NormalDamage | KillingDamage, against: Against = Against.PD, *,
         knocked_out: bool | None = None, delivery: Delivery = Delivery(), defense: str = "",
         notes: tuple[str, ...] = ()) -> Hurt:
    """Apply damage to a sheet and tell the tracker when any got through and whether this blow
    knocked him out. ``knocked_out``, ``delivery``: as :func:`~champions_mush.game.sheets.take_damage`;
    ``defense`` names the defense a No Normal Defense or Limited Defense attack met."""
    was_out = get_sheet(game, char).knocked_out if knocked_out is None else knocked_out
    taken, sheet = take_damage(game, char, damage, against, knocked_out=knocked_out, delivery=delivery)
    lost = fights.note_damage(game, char, taken.stun > 0 or taken.body > 0)
    fights.update_fighter(game, char, fresh_ko=sheet.knocked_out and not was_out)
    return Hurt(char.name, damage, taken, sheet, against, lost, defense, notes)


# --- END (RULES END USE) -----------------------------------------------------------------------
@frozen
class Spent:
    """END spent by one character, and the STUN it cost at 0 END."""

    name: str
    cost: int
    end: EndSpent


def spend(game: Game, char: Character, cost: int, roller: Roller) -> Spent:
    """Spend ``cost`` END from ``char``'s sheet; at 0 END each END costs 1D6 STUN (RULES END USE)."""
    sheet = get_sheet(game, char)
    spent = spend_end(max(sheet.current_end, 0), sheet.current_stun, cost, roller)
    save_sheet(game, sheet.with_vitals(stun=spent.stun, end=spent.end))
    return Spent(char.name, cost, spent)


# --- Knockback (RULES KNOCKBACK 2-6) ------------------------------------------------------------
@frozen
class KnockbackOptions:
    """How one Knockback is rolled and where it ends."""

    body: int
    mods: tuple[KBModifier, ...] = ()
    wall: tuple[int, int, int] | None = None  #: DEF, BODY, inches before it
    other: Character | None = None  #: a character in the way
    flight: int = 0  #: inches of Flight used to root
    strength: int = 0  #: STR used to root
    flying: bool = False  #: in the air under their own power: the DEX roll to stay aloft
    high: bool = False  #: high up: failing that roll is a fall (Falling damage), not a landing


@frozen
class KnockedDown:
    """No Knockback but knocked down: prone (RULES KNOCKBACK 2)."""

    name: str
    #: Knocked Out by the blow: already lying at 0 DCV (RULES DAMAGE EFFECTS 2)
    out: bool = False


@frozen
class ImpactDamage:
    """The dice of a wall or the ground, and the damage they did."""

    hurt: Hurt
    landing: bool = False  #: the ground, after flying back


@frozen
class WallHit:
    """Knocked back into a wall after ``after``"; it may shatter (RULES KNOCKBACK 4-5)."""

    name: str
    after: int
    wall_def: int
    wall_body: int


@frozen
class WallShatters:
    name: str
    continues: int


@frozen
class IntoCharacter:
    """Knocked back into another character: both take 1D6 per 1" (RULES KNOCKBACK 4)."""

    name: str
    other: str
    inches: int


@frozen
class CharacterHit:
    """One of the two in a Knockback collision and what it did to him."""

    hurt: Hurt


@frozen
class Aloft:
    """A flyer's roll to stay in the air (RULES KNOCKBACK 6), and how it ended: ``aloft``,
    ``falls`` (high up) or ``lands``."""

    name: str
    inches: int
    skill: str
    modifier: int
    roll: SkillRoll
    ending: str


@frozen
class FliesBack:
    name: str
    inches: int
    #: Knocked Out by the blow: lies at 0 DCV and can roll no Breakfall (RULES DAMAGE EFFECTS 2)
    out: bool = False


@frozen
class Breakfall:
    """A Breakfall roll at -1 per 2" to land on one's feet (RULES KNOCKBACK 5)."""

    name: str
    modifier: int
    roll: SkillRoll


#: One step of what a Knockback did, in order.
KBStep = KnockedDown | ImpactDamage | WallHit | WallShatters | IntoCharacter | CharacterHit | Aloft | FliesBack | Breakfall


def apply_knockback(game: Game, target: Character, kb: Knockback, roller: Roller,
                    options: KnockbackOptions | None = None, *, knocked_out: bool | None = None) -> tuple[KBStep, ...]:
    """What a rolled Knockback does to ``target``: knocked down, or thrown into a wall, a
    character or the ground (RULES KNOCKBACK 2-6); he is then lying on the ground (tracked as
    prone) unless he lands on his feet or stays aloft. ``knocked_out``: as :func:`hurt`."""
    options = options or KnockbackOptions(body=kb.body)
    if kb.result is KBResult.KNOCKED_DOWN:
        fights.update_fighter(game, target, prone=True)
        return (KnockedDown(target.name, get_sheet(game, target).knocked_out),)
    if kb.result is not KBResult.KNOCKED_BACK:
        return ()
    steps, prone = _impact(game, target, kb.inches, options, roller, knocked_out)
    if prone:
        fights.update_fighter(game, target, prone=True)
    return tuple(steps)


def _impact(game: Game, target: Character, inches: int, options: KnockbackOptions, roller: Roller,
            knocked_out: bool | None) -> tuple[list[KBStep], bool]:
    """The steps of a Knockback of ``inches``, and whether the target ends lying on the ground."""
    if options.wall is not None:
        return _into_wall(game, target, inches, options.wall, roller, knocked_out), True
    if options.other is not None:
        impact = knockback_into_character(inches, roller)
        steps: list[KBStep] = [IntoCharacter(target.name, options.other.name, inches)]
        for who, damage, out in ((target, impact.target, knocked_out), (options.other, impact.other, None)):
            steps.append(CharacterHit(hurt(game, who, damage, knocked_out=out)))
        return steps, True
    if options.flying:
        aloft = _stay_aloft(game, target, inches, options.high, roller)
        steps = [aloft]
        if aloft.ending != "lands":
            return steps, aloft.ending == "falls"
    else:
        out = get_sheet(game, target).knocked_out  # the unconscious do nothing but recover
        steps = [FliesBack(target.name, inches, out)]
        breakfall = None if out else _breakfall(game, target, inches, roller)
        if breakfall is not None:
            steps.append(breakfall)
            if breakfall.roll.success:
                return steps, False
    landing = knockback_onto_ground(inches, roller)
    if landing is not None:
        steps.append(ImpactDamage(hurt(game, target, landing, knocked_out=knocked_out), landing=True))
    return steps, True


def _into_wall(game: Game, target: Character, inches: int, wall: tuple[int, int, int], roller: Roller,
               knocked_out: bool | None) -> list[KBStep]:
    wall_def, wall_body, after = wall
    if after > inches:
        raise RulesError(f"The wall is {after}\" away but the Knockback is only {inches}\".")
    impact = knockback_into_wall(inches, wall_def, wall_body, roller, travelled=after)
    steps: list[KBStep] = [WallHit(target.name, after, wall_def, wall_body)]
    if impact.damage is not None:
        steps.append(ImpactDamage(hurt(game, target, impact.damage, knocked_out=knocked_out)))
    if impact.shattered:
        steps.append(WallShatters(target.name, impact.continues))
    return steps


def _breakfall(game: Game, target: Character, inches: int, roller: Roller) -> Breakfall | None:
    """A Breakfall skill on the sheet, rolled at -1 per 2" to land unhurt (RULES KNOCKBACK 5)."""
    sheet = get_sheet(game, target)
    found = sheet.find_skill("Breakfall")
    if found is None:
        return None
    modifier = breakfall_modifier(inches)
    return Breakfall(target.name, modifier, skill_roll(sheet.skill_target(found[1]), roller, modifier=modifier))


def _stay_aloft(game: Game, target: Character, inches: int, high: bool, roller: Roller) -> Aloft:
    """RULES KNOCKBACK 6: a flyer who hits nothing rolls DEX (or Breakfall, if better) at -1 per
    2" to stay in the air at full DCV; failing, he falls when high up, else lands."""
    sheet = get_sheet(game, target)
    modifier = airborne_dex_modifier(inches)
    name, base = "DEX", characteristic_target(sheet.base("DEX"))
    found = sheet.find_skill("Breakfall")
    if found is not None and sheet.skill_target(found[1]) > base:
        name, base = "Breakfall", sheet.skill_target(found[1])
    result = skill_roll(base, roller, modifier=modifier)
    ending = "aloft" if result.success else "falls" if high else "lands"
    return Aloft(target.name, inches, name, modifier, result, ending)
