"""The battlefield and the defenses of the genre (HERO System 5th Edition revised; RULES
BATTLEFIELD, SIZE, DEFENSES OF THE GENRE): who sees whom, size and density, Knockback
Resistance, Missile Deflection, Force Walls, Hardened and Impenetrable.

* Not perceived: an attacker who cannot perceive his target with a Targeting Sense (he is in
  Darkness, the target is, or the target is Invisible beyond his fringe) is at ½ OCV; a target
  who cannot perceive his attacker is at ½ DCV; halves round .5 in the character's favour.
* Invisibility's fringe: seen within 1", so a hand-to-hand attacker sees him, unless No Fringe.
* Size: Growth, each level (5 points), -1" Knockback and every 3 levels -2 DCV (others +2 to
  PER Rolls to see him); Shrinking, each level (10 points), +2 DCV and +3" Knockback (others -2
  to see him); Density Increase, each level, -1" Knockback.
* Knockback Resistance, each inch, comes off the Knockback rolled (0: knocked down).
* Missile Deflection: 11 + the deflector's OCV (+ its levels) - the attacker's OCV or less on
  3D6; what it can deflect by what was bought (thrown objects, arrows, bullets, any ranged).
* Force Wall: stands between; an attack at one behind it hits the Wall; BODY more than its
  DEF (PD or ED as the attack) brings it down; the attack stops there.
* Hardened defenses are not halved by Armor Piercing; Impenetrable ones stop Penetrating.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from ...values import frozen
from .knockback import KBResult, Knockback

__all__ = ["Area", "DEFLECTS", "FRINGE_INCHES", "Size", "deflects", "growth", "resisted", "shrinking",
           "wall_holds"]

#: Invisibility is seen within this many inches (its fringe) unless bought with No Fringe.
FRINGE_INCHES = 1
#: Missile Deflection by the points bought: what it deflects (HERO 5E revised).
DEFLECTS: tuple[tuple[int, str], ...] = ((20, "any ranged attack"), (15, "bullets, arrows and thrown objects"),
                                         (10, "arrows and thrown objects"), (5, "thrown objects"))


def _ids(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


@frozen
class Area:
    """An area made by a power in a fight: its number, kind, maker, the power's name, who is
    inside it (behind it, for a Force Wall) and its numbers: a Force Wall's PD and ED, a Change
    Environment's -OCV and -PER, Images' -PER; ``immune``: its maker sees through his Darkness
    (Personal Immunity)."""

    number: int
    kind: str
    by: int
    owner: str
    name: str
    inside: tuple[int, ...] = attrs.field(default=(), converter=_ids)
    pd: int = 0
    ed: int = 0
    ocv: int = 0
    per: int = 0
    immune: bool = False

    @property
    def numbers(self) -> str:
        """`` (8 PD/8 ED)``, `` (-2 OCV, -3 PER)`` or ""."""
        said = [f"{self.pd} PD/{self.ed} ED"] if self.kind == "Force Wall" else []
        said += [f"-{self.ocv} OCV"] if self.ocv else []
        said += [f"-{self.per} PER"] if self.per else []
        return f" ({', '.join(said)})" if said else ""

    def to_doc(self) -> dict:
        doc = attrs.asdict(self)
        doc["inside"] = list(self.inside)
        return doc


@frozen
class Size:
    """What a size power does: DCV, inches of Knockback (more: +), others' PER Rolls to see him."""

    dcv: int = 0
    kb: int = 0
    per: int = 0


def growth(levels: int) -> Size:
    """Growth (5 points a level): -1" Knockback a level; -2 DCV and +2 to be seen each 3 levels."""
    steps = max(levels, 0) // 3
    return Size(dcv=-2 * steps, kb=-max(levels, 0), per=2 * steps)


def shrinking(levels: int) -> Size:
    """Shrinking (10 points a level): +2 DCV, +3" Knockback and -2 to be seen a level."""
    levels = max(levels, 0)
    return Size(dcv=2 * levels, kb=3 * levels, per=-2 * levels)


def resisted(kb: Knockback, inches: int, why: str = "") -> Knockback:
    """Knockback less ``inches`` of resistance (Knockback Resistance, Density Increase, Growth;
    negative: Shrinking adds): what is left of BODY - dice, as rolled (below 0 none, 0 down).
    HERO 5E revised: 4\" less 2\" of Knockback Resistance is 2\"."""
    if not inches or kb.resisted:
        return kb
    kb = attrs.evolve(kb, less=inches, less_why=why)
    margin = kb.margin - inches
    if margin < 0:
        return attrs.evolve(kb, margin=margin, inches=0, result=KBResult.NONE)
    if margin == 0:
        return attrs.evolve(kb, margin=margin, inches=0, result=KBResult.KNOCKED_DOWN)
    return attrs.evolve(kb, margin=margin, inches=margin, result=KBResult.KNOCKED_BACK)


def deflects(points: int, physical: bool) -> bool:
    """Whether Missile Deflection of ``points`` can deflect a ranged attack: any ranged attack at
    20 points; below that only physical missiles (thrown, arrows, bullets)."""
    return points >= DEFLECTS[0][0] or (physical and points >= DEFLECTS[-1][0])


def wall_holds(body: int, defense: int) -> bool:
    """A Force Wall holds unless the attack's BODY is more than its DEF (HERO 5E revised)."""
    return body <= defense
