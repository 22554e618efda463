"""Martial Arts maneuvers: what each does, read from the sheet or from the HERO 5E table.

The rules file is silent on Martial Arts beyond their Knockback (+1D6, RULES KNOCKBACK 3), so
HERO 5E revised governs. A maneuver is its OCV, its DCV, the Damage Classes it adds and its
effect, written the way Hero Designer writes them (``OCV="+0" DCV="+2" DC="2" EFFECT="[NORMALDC]
Strike" ADDSTR="Yes"``): :func:`martial_from` reads those words, and :data:`MARTIAL_5E` holds the
5E revised table in the same words for a sheet built by hand. What each effect does with its
Damage Classes (HERO 5E revised, Martial Arts):

* ``[NORMALDC]``: the character's STR damage + 1D6 a DC (Martial Strike: STR +2d6); ``+v/5``
  adds 1D6 per 5" of velocity (Martial Throw).
* ``[KILLINGDC]``: a hand-to-hand Killing Attack of that many DCs (4 DC: 1D6+1), STR adding
  1 DC per 5 as to any HKA, at most doubling it.
* ``[NNDDC]``: No Normal Defense damage, 1D6 per 2 DCs (the +1 Advantage: Nerve Strike 4 DC is
  2D6 NND); STR does not add.
* ``[STRDC]``: +5 STR a DC to a STR roll (Martial Grab +10 to hold on, Martial Escape +15
  against Grabs, Martial Disarm +10 to the Disarm roll).
* Block, Dodge: the maneuver's OCV on the Block roll, its DCV against every attack.

Extra DCs bought with Martial Arts add to each hand-to-hand maneuver's DCs as the maneuver uses
them (:func:`damage_dcs`).
"""

from __future__ import annotations

import enum
import re
from fractions import Fraction

from ...values import frozen
from ..dice import DiceAmount
from ..errors import RulesError
from .dcs import POINTS_PER_DC, AttackKind, dice_for_points

__all__ = ["MARTIAL_5E", "MartialEffect", "MartialManeuver", "STR_PER_DC", "damage_dcs", "martial_from",
           "martial_named", "nnd_dice"]

#: [STRDC]: +5 STR for each Damage Class (HERO 5E revised, Martial Arts).
STR_PER_DC = POINTS_PER_DC


class MartialEffect(enum.Enum):
    """What a maneuver does when it hits (or is used)."""

    #: STR damage + 1D6 a DC ([NORMALDC] Strike, Throw)
    STRIKE = "strike"
    #: a hand-to-hand Killing Attack of its DCs, STR adding ([KILLINGDC])
    KILLING = "killing"
    #: No Normal Defense damage, 1D6 per 2 DCs ([NNDDC])
    NND = "nnd"
    #: Grab two limbs, +5 STR a DC to hold on
    GRAB = "grab"
    #: +5 STR a DC against Grabs
    ESCAPE = "escape"
    #: Disarm, +5 STR a DC to the STR roll
    DISARM = "disarm"
    #: Block, Abort
    BLOCK = "block"
    #: Dodge all attacks, Abort
    DODGE = "dodge"
    #: anything else (Flash, Shove, Bind ...): the GM applies it
    OTHER = "other"


@frozen
class MartialManeuver:
    """One maneuver as a fight uses it: OCV (None: ``--``, no roll), DCV, DCs and effect."""

    name: str
    ocv: int | None
    dcv: int
    dcs: int
    effect: MartialEffect
    text: str  #: the effect as the table prints it
    adds_str: bool = True
    falls: bool = False  #: Target Falls
    velocity: bool = False  #: +v/5
    ranged: bool = False
    follows: str = ""  #: "Block" or "Grab": must follow one
    written: str = ""  #: the effect in Hero Designer's words (``[NORMALDC] Strike``)
    points: int = 0  #: what it costs (the 5E table's; 0 when read from a sheet)


def _modifier(text: str, what: str) -> int | None:
    text = text.strip()
    if text in ("--", "-", ""):
        return None
    if not re.fullmatch(r"[+-]?[0-9]{1,2}", text):
        raise RulesError(f"A maneuver's {what} is a number like +2 or -1, not '{text[:10]}'.")
    return int(text)


def _effect(text: str) -> MartialEffect:
    words = text.lower()
    for mark, effect in (("[nnddc]", MartialEffect.NND), ("[killingdc]", MartialEffect.KILLING),
                         ("vs. grabs", MartialEffect.ESCAPE), ("to escape", MartialEffect.ESCAPE),
                         ("[normaldc]", MartialEffect.STRIKE), ("dodge", MartialEffect.DODGE),
                         ("disarm", MartialEffect.DISARM), ("for holding on", MartialEffect.GRAB),
                         ("block", MartialEffect.BLOCK)):
        if mark in words:
            return effect
    return MartialEffect.OTHER


def martial_from(name: str, ocv: str, dcv: str, dc: str | int, effect: str, adds_str: str | bool = True,
                 category: str = "Hand To Hand", points: int = 0) -> MartialManeuver:
    """A maneuver from the words Hero Designer (or the 5E table) uses for it.

    Raises:
        RulesError: OCV, DCV or DC are not numbers.
    """
    dcs = str(dc).strip()
    if not re.fullmatch(r"[0-9]{1,2}", dcs):
        raise RulesError(f"{name}: its DC is a whole number, not '{dcs[:10]}'.")
    follows = re.search(r"must follow (block|grab)", effect, re.IGNORECASE)
    return MartialManeuver(
        name=name, ocv=_modifier(ocv, "OCV"), dcv=_modifier(dcv, "DCV") or 0, dcs=int(dcs), effect=_effect(effect),
        text=_shown(effect, int(dcs)), adds_str=adds_str is True or str(adds_str).lower() == "yes",
        falls="target falls" in effect.lower(), velocity="v/5" in effect.lower(),
        ranged=category.strip().lower() == "ranged", follows=follows[1].capitalize() if follows else "",
        written=effect, points=points)


def _shown(effect: str, dcs: int) -> str:
    """``[NORMALDC] Strike`` as players read it: ``STR +2 DC Strike``."""
    killing = dice_for_points(dcs * POINTS_PER_DC, AttackKind.KILLING) if dcs else "no"
    for mark, words in (("[NORMALDC]", f"STR +{dcs}d6" if dcs else "STR"), ("[KILLINGDC]", f"HKA {killing} (+STR)"),
                        ("[NNDDC]", f"{nnd_dice(dcs) if dcs else 'no'} NND"), ("[STRDC]", f"+{dcs * STR_PER_DC} STR"),
                        ("[FLASHDC]", f"Flash {dcs} DC"), ("[WEAPONDC]", "weapon")):
        effect = effect.replace(mark, words)
    return " ".join(effect.split())


def martial_named(name: str) -> MartialManeuver | None:
    """The 5E table's maneuver called ``name`` (any case), or None."""
    key = " ".join(name.lower().split())
    return next((m for m in MARTIAL_5E if m.name.lower() == key), None)


def damage_dcs(maneuver: MartialManeuver, extra_dcs: int = 0, velocity: int = 0) -> int:
    """The DCs a maneuver adds, with the sheet's Extra DCs and, for ``+v/5``, 1 DC per 5" of
    velocity (HERO 5E revised)."""
    if extra_dcs < 0 or velocity < 0:
        raise RulesError("Extra DCs and velocity cannot be negative.")
    return maneuver.dcs + extra_dcs + (velocity // 5 if maneuver.velocity else 0)


def nnd_dice(dcs: int) -> DiceAmount:
    """No Normal Defense dice for ``dcs`` Damage Classes: NND is a +1 Advantage, so each DC buys
    ½D6 (RULES DC 2; HERO 5E revised, Nerve Strike 4 DC: 2D6 NND)."""
    if dcs < 1:
        raise RulesError("An NND maneuver needs at least 1 DC.")
    return dice_for_points(Fraction(dcs * POINTS_PER_DC, 2), AttackKind.NORMAL)


#: HERO 5E revised, Martial Arts: name, OCV, DCV, DCs, effect (as Hero Designer writes them), STR
#: added, points (Hero Designer's 5E costs).
MARTIAL_5E: tuple[MartialManeuver, ...] = tuple(martial_from(*row[:6], points=row[6]) for row in (
    ("Choke Hold", "-2", "+0", 4, "Grab One Limb; [NNDDC]", "No", 4),
    ("Defensive Strike", "+1", "+3", 0, "[NORMALDC] Strike", "Yes", 5),
    ("Killing Strike", "-2", "+0", 4, "[KILLINGDC]", "Yes", 4),
    ("Legsweep", "+2", "-1", 1, "[NORMALDC] Strike, Target Falls", "Yes", 3),
    ("Martial Block", "+2", "+2", 0, "Block, Abort", "No", 4),
    ("Martial Disarm", "-1", "+1", 2, "Disarm; [STRDC] to Disarm", "Yes", 4),
    ("Martial Dodge", "--", "+5", 0, "Dodge, Affects All Attacks, Abort", "No", 4),
    ("Martial Escape", "+0", "+0", 3, "[STRDC] vs. Grabs", "Yes", 4),
    ("Martial Grab", "-1", "-1", 2, "Grab Two Limbs, [STRDC] for holding on", "Yes", 3),
    ("Martial Strike", "+0", "+2", 2, "[NORMALDC] Strike", "Yes", 4),
    ("Martial Throw", "+0", "+1", 0, "[NORMALDC] +v/5, Target Falls", "Yes", 3),
    ("Nerve Strike", "-1", "+1", 4, "[NNDDC]", "No", 4),
    ("Offensive Strike", "-2", "+1", 4, "[NORMALDC] Strike", "Yes", 5),
    ("Sacrifice Throw", "+2", "+1", 0, "[NORMALDC] Strike; You Fall, Target Falls", "Yes", 3),
    ("Flying Tackle", "+0", "-1", 0, "[NORMALDC] +v/5 Strike; You Fall, Target Falls; FMove", "Yes", 3),
    ("Passing Strike", "+1", "+0", 0, "[NORMALDC] +v/5; FMove", "Yes", 5),
))
