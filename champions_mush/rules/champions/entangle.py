"""Entangle (HERO System 5th Edition revised, Entangle; RULES ENTANGLE).

An Entangle hits with an ordinary attack roll. Its BODY is the BODY of its dice counted as normal
damage; its DEF is 1 per d6 (more with the Additional DEF adder). The character inside is at DCV
0 and can do nothing but try to break out. Breaking out he rolls his STR damage: its BODY less
the Entangle's DEF comes off the Entangle's BODY; others may attack the Entangle the same way.
It stays until its BODY is gone. Bought to Take No Damage From Attacks (+1/4), only its
victim's STR harms it; with Backlash (-1/2) the BODY it takes, its maker takes too.
"""

from __future__ import annotations

import attrs

from ...values import frozen
from ..dice import DiceAmount
from .damage import NormalDamage

__all__ = ["BACKLASH", "ENTANGLED_DCV", "Entangle", "EntangleHit", "TAKES_NO_DAMAGE", "entangle_from",
           "hit_entangle"]

#: HERO 5E revised: an Entangled character is at DCV 0.
ENTANGLED_DCV = 0
#: Hero Designer's XMLIDs of the Entangle's own Advantage and Limitation (HERO 5E revised): Takes
#: No Damage From Attacks (+1/4: no attack harms it, only its victim's STR), Backlash (-1/2: its
#: maker takes the BODY it takes).
TAKES_NO_DAMAGE, BACKLASH = "TAKESNODAMAGE", "BACKLASH"


@frozen
class Entangle:
    """An Entangle on someone: its DEF and the BODY it has left."""

    defense: int
    body: int

    @property
    def destroyed(self) -> bool:
        return self.body <= 0


def entangle_from(dice: DiceAmount, rolled: NormalDamage, extra_def: int = 0) -> Entangle:
    """The Entangle a hit makes: DEF 1 per whole d6 (+ Additional DEF), BODY of the dice as
    normal damage (HERO 5E: 3d6 Entangle rolling 2 4 6 has 4 BODY, 3 DEF)."""
    return Entangle(dice.whole + extra_def, rolled.body)


@frozen
class EntangleHit:
    """Damage against an Entangle: the BODY rolled, what got through its DEF, the Entangle after."""

    body: int
    through: int
    after: Entangle


def hit_entangle(entangle: Entangle, body: int) -> EntangleHit:
    """BODY against an Entangle: less its DEF, the rest off its BODY (HERO 5E: a STR 15 breakout
    rolling 4 BODY against DEF 3 does 1; an Entangle at 0 BODY is destroyed)."""
    through = max(body - entangle.defense, 0)
    return EntangleHit(body, through, attrs.evolve(entangle, body=max(entangle.body - through, 0)))
