"""Block, Grab, Escape, Disarm, Sweep and Rapid Fire: the rolls of HERO 5E revised's maneuvers.

The rules file is silent on these (it covers Move By, Move Through, Strike, Dive For Cover and
Pull Punch), so HERO 5E revised governs:

* **Block** (½ Phase, Abort): against a hand-to-hand attack the blocker rolls first, his OCV
  against the attacker's OCV (11 + OCV - OCV or less); made, the attack is stopped. Each Block
  after the first until his next Phase is at -2 OCV more. A blocker who stopped an attack acts
  first in the next Segment in which both have a Phase, whatever their DEX.
* **Grab** (OCV -1, DCV -2): two limbs held; the one held is at ½ DCV until he is free. The
  grabber may Squeeze (his STR damage, no roll) or Throw him (STR damage, no roll; he falls and is
  free).
* **Escape** and **Disarm** are STR against STR: each rolls his STR's normal damage dice and
  counts the BODY; the one escaping (or disarming) must roll more BODY than the other.
* **Sweep** (several hand-to-hand attacks) and **Rapid Fire** (several ranged ones): a Full
  Phase, -2 OCV for each attack on every roll, ½ DCV; one roll per attack in order, and after the
  first miss every later one misses too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ...values import frozen
from ..dice import Roller
from ..errors import RulesError
from .adding import strength_attack_dice
from .damage import NormalDamage, roll_normal
from .rolls import AttackRoll, attack_roll

__all__ = ["BLOCK_PENALTY", "CHOKE", "CLUB", "DISARM", "GRAB", "GRAB_BY", "MULTIPLE_ATTACK_OCV", "STANDARD", "StandardManeuver",
           "StrengthContest", "block_ocv", "block_roll", "blockers_first", "multiple_attack_ocv", "standard_named",
           "str_contest"]

#: Each Block after the first until the blocker's next Phase: -2 OCV (HERO 5E revised).
BLOCK_PENALTY = -2
#: Sweep and Rapid Fire: -2 OCV for each attack made, on every roll (HERO 5E revised).
MULTIPLE_ATTACK_OCV = -2


@frozen
class StandardManeuver:
    """A row of HERO 5E revised's maneuver table that +attack uses: phase, OCV, DCV, effect."""

    name: str
    phase: str
    ocv: int
    dcv: int
    effect: str


GRAB = StandardManeuver("Grab", "½", -1, -2, "Grab two limbs; the one held is at ½ DCV; Squeeze or Throw him after")
GRAB_BY = StandardManeuver("Grab By", "½ and a Full Move", -3, -4, "Move and Grab; +(v/5) STR to hold on")
DISARM = StandardManeuver("Disarm", "½", -2, 0, "Knock a weapon away: STR against STR")
#: HERO 5E revised optional maneuver: Grab one limb, 1D6 NND (the defense: not breathing).
CHOKE = StandardManeuver("Choke Hold", "½", -2, -2, "Grab one limb; 1d6 NND")
CLUB = StandardManeuver("Club Weapon", "½", 0, 0, "A killing weapon does Normal Damage of its DCs")
#: The maneuvers +attack takes besides Strike, Haymaker, Move By, Move Through and Pull Punch.
STANDARD: tuple[StandardManeuver, ...] = (
    GRAB, GRAB_BY, DISARM, CHOKE, CLUB,
    StandardManeuver("Squeeze", "½", 0, 0, "Only on one you Grabbed: STR damage, no roll"),
    StandardManeuver("Throw", "½", 0, 0, "Only on one you Grabbed: STR damage, no roll; he falls and is free"),
    StandardManeuver("Sweep", "Full", MULTIPLE_ATTACK_OCV, 0, "Several HTH attacks: -2 OCV per attack, ½ DCV"),
    StandardManeuver("Rapid Fire", "Full", MULTIPLE_ATTACK_OCV, 0, "Several ranged attacks: -2 OCV per attack, ½ DCV"),
    StandardManeuver("Multiple-Power Attack", "½", 0, 0, "Several powers in one roll; each does its damage"),
)


def standard_named(name: str) -> StandardManeuver | None:
    """``grab by``, ``choke`` (Choke Hold), ``mpa`` (Multiple-Power Attack), ``club`` -> the row."""
    key = " ".join(name.lower().replace("-", " ").split())
    key = {"choke": "choke hold", "mpa": "multiple power attack", "club": "club weapon"}.get(key, key)
    return next((m for m in STANDARD if m.name.lower().replace("-", " ") == key), None)


def block_ocv(ocv: int, maneuver_ocv: int, earlier_blocks: int) -> int:
    """The blocker's OCV: his own, the Block's (Martial Block +2), -2 a Block before it."""
    if earlier_blocks < 0:
        raise RulesError("Blocks made cannot be negative.")
    return ocv + maneuver_ocv + BLOCK_PENALTY * earlier_blocks


def block_roll(blocker_ocv: int, attacker_ocv: int, roller: Roller) -> AttackRoll:
    """The Block roll: the blocker's OCV against the attacker's OCV as if it were a DCV
    (HERO 5E revised): OCV 6 against OCV 8 is 9 or less."""
    return attack_roll(blocker_ocv, attacker_ocv, roller)


def blockers_first(order: Sequence[int], first_over: Mapping[int, Iterable[int]]) -> list[int]:
    """The Phase order of a Segment (ids, highest DEX first) with each blocker moved before those
    whose attack he stopped (HERO 5E revised, Block)."""
    result = list(order)
    for blocker, others in first_over.items():
        if blocker not in result:
            continue
        ahead = [i for i in others if i in result and result.index(i) < result.index(blocker)]
        if ahead:
            result.remove(blocker)
            result.insert(min(result.index(i) for i in ahead), blocker)
    return result


@frozen
class StrengthContest:
    """STR against STR: each side's STR, dice and roll; ``won`` when ours has more BODY."""

    strength: int
    their_strength: int
    ours: NormalDamage
    theirs: NormalDamage

    @property
    def won(self) -> bool:
        return self.ours.body > self.theirs.body


def str_contest(strength: int, their_strength: int, roller: Roller) -> StrengthContest:
    """A STR roll-off (Escape, Disarm; HERO 5E revised): ours first, then theirs; ties to them."""
    ours = roll_normal(strength_attack_dice(max(strength, 0)), roller) if strength > 0 else _nothing()
    theirs = roll_normal(strength_attack_dice(max(their_strength, 0)), roller) if their_strength > 0 else _nothing()
    return StrengthContest(strength, their_strength, ours, theirs)


def _nothing() -> NormalDamage:
    """No STR: no dice, no BODY."""
    return NormalDamage(roll=None, stun=0, body=0)


def multiple_attack_ocv(attacks: int) -> int:
    """Sweep and Rapid Fire: -2 OCV for each attack, on every roll (3 attacks: -6)."""
    if attacks < 2:
        raise RulesError("A Sweep or Rapid Fire makes at least two attacks.")
    return MULTIPLE_ATTACK_OCV * attacks
