"""What a power's Advantages and Limitations do to a roll in play (HERO 5E revised).

:func:`power_effects` reads the modifiers on an attack power (Hero Designer's ``XMLID``,
``OPTIONID`` and value, as the sheet keeps them) into a :class:`PowerEffects`; the fight
(game/attacks.py) and :func:`~.defenses.apply_damage` (through :class:`~.defenses.Delivery`) apply it:

* No Normal Defense (+1 and more): no defense applies unless the target has the defense the
  power names, and then it does nothing; STUN only, no Knockback (RULES KNOCKBACK).
* Attack Versus Limited Defense (+1 1/2 and more): only the named, limited defense applies;
  STUN only, no Knockback. Does BODY (+1) gives either its BODY back.
* Armor Piercing (+1/2 a level): the target's defenses are halved (each level halves again),
  .5 in the defender's favour.
* Penetrating (+1/2 a level): the target always takes STUN at least equal to the BODY rolled.
* Area Of Effect (any shape): the attack roll is made against DCV 3 (the area), the damage rolled
  once and applied to everyone in it against his own defenses (game/attacks.py ``resolve_area``).
* Autofire (5 shots and more): up to that many shots; one roll, one hit and one more for
  every 2 points it was made by; each hit's damage rolled apart; END for every shot.
* Double Knockback (+3/4): the Knockback rolled is doubled; No Knockback (-1/4): none is rolled.
* Increased STUN Multiplier (+1/4 a level): +1 to the killing attack's multiplier a level.
* Charges (-2 to -1/4): that many uses, counted; an empty power is refused.
* Activation Roll (14- to 8-): 3d6 at that or less before the attack; a miss and the power
  fails (the Phase and the END are spent).
* Requires A Skill Roll (-1/2): the Skill named, at -1 per 10 Active Points unless the power
  says otherwise (no penalty, -1 per 20, -1 per 5); a miss and the power fails.
* Explosion (+1/2): an Area Of Effect whose damage falls off, 1 DC for each 1" from the centre,
  1 DC for each 2", 3" ... for each +1/4 more (rules/champions/explosion.py).
* Continuous (+1): once it hits it goes on, without a roll, each of the attacker's Phases until
  he stops it, END each Phase (game/continuing.py).
* Reduced Penetration (-1/4): the BODY in two halves, each against the defenses.
* Side Effects: what the power's failed roll does to its user, as its detail says.
* The Advantages' total: each DC added to the power buys 5 Active Points (RULES DC 2).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction

from ...values import frozen

__all__ = ["ModifierOn", "PowerEffects", "charges_of", "explosion_inches", "power_effects"]

#: Hero Designer's Charges options and the uses each gives.
_CHARGES = {"ONE": 1, "TWO": 2, "THREE": 3, "FOUR": 4, "FIVE": 5, "SIX": 6, "SEVEN": 7, "EIGHT": 8,
            "NINE": 9, "TEN": 10, "ELEVEN": 11, "TWELVE": 12, "THIRTEEN": 13, "FOURTEEN": 14, "FIFTEEN": 15,
            "SIXTEEN": 16, "SEVENTEEN": 17, "EIGHTEEN": 18, "NINETEEN": 19, "TWENTY": 20, "THIRTY": 30,
            "SIXTY": 60, "ONETWENTYFIVE": 125, "TWOFIFTY": 250}
#: Active Points for each -1 to a Requires A Skill Roll, by what its detail says (HERO 5E: 10).
_RSR_PER = (("no active point penalty", 0), ("-1 per 20", 20), ("-1 per 5", 5))


@frozen
class ModifierOn:
    """One modifier as the sheet keeps it: Hero Designer's XMLID and OPTIONID, its value,
    its name and detail."""

    xmlid: str
    option: str
    value: Fraction
    name: str = ""
    text: str = ""


@frozen
class PowerEffects:
    """What a power's modifiers do to a roll."""

    nnd: bool = False
    avld: bool = False
    does_body: bool = False
    armor_piercing: int = 0  #: levels
    penetrating: int = 0  #: levels
    knockback: int = 1  #: the Knockback's multiple: 0 none, 1, 2 doubled
    stun_multiplier: int = 0  #: Increased STUN Multiplier levels
    charges: int | None = None
    activation: int | None = None  #: the roll to make, or less
    skill: str | None = None  #: Requires A Skill Roll: the Skill ("" when the power names none)
    skill_per: int = 10  #: Active Points for each -1 to it (0: none)
    area: str = ""  #: Area Of Effect: its shape (``RADIUS``, ``CONE``, ``LINE``, ``HEX``, ``ANY``)
    autofire: int = 0  #: Autofire: the most shots a Phase
    explosion: int = 0  #: Explosion: the inches for each DC it loses (0: not an Explosion)
    continuous: bool = False
    reduced_penetration: bool = False
    side_effects: str = ""  #: Side Effects: its name and detail
    side_effects_value: Fraction = Fraction(0)  #: the Limitation's value (-1/4, -1/2, -1)
    advantages: Fraction = Fraction(0)  #: the Advantages' total (RULES DC 2)

    def autofire_hits(self, shots: int, margin: int) -> int:
        """Autofire hits for a roll made by ``margin`` (HERO 5E revised): one, and one more for
        every 2 points the roll was made by, never more than the shots fired."""
        return 0 if margin < 0 else min(shots, 1 + margin // 2)

    @property
    def stun_only(self) -> bool:
        """NND and AVLD do STUN only unless they Do BODY."""
        return (self.nnd or self.avld) and not self.does_body

    def side_effect_points(self, active: int) -> int:
        """Active Points of a Side Effect (HERO 5E revised): -1/4 the greater of 15 and 1/4 of
        the power's Active Points, -1/2 of 30 and 1/2, -1 (or more) of 60 and all of them."""
        size = min(abs(self.side_effects_value), Fraction(1))
        floor = {Fraction(1, 4): 15, Fraction(1, 2): 30}.get(size, 60)
        return max(floor, int(active * size)) if size else 0

    def skill_modifier(self, active: int) -> int:
        """The Requires A Skill Roll penalty for a power of ``active`` Active Points."""
        return -(active // self.skill_per) if self.skill_per else 0


def charges_of(option: str, name: str = "") -> int | None:
    """The uses a Charges Limitation gives: Hero Designer's OPTIONID (``EIGHT``), or a number in
    its name (``8 Charges``)."""
    found = _CHARGES.get(option.upper())
    if found is None:
        number = re.search(r"([0-9]{1,3})", option + " " + name)
        found = int(number[1]) if number else None
    return found


def _levels(value: Fraction, each: Fraction) -> int:
    return max(1, int(value / each))


def explosion_inches(value: Fraction) -> int:
    """The inches for each DC an Explosion loses, from its value: +1/2 is 1", each +1/4 more
    adds 1" (HERO 5E revised: -1 DC per 2" +3/4, per 3" +1, ...)."""
    return 1 + max(0, int((value - Fraction(1, 2)) / Fraction(1, 4)))


def power_effects(modifiers: Iterable[ModifierOn]) -> PowerEffects:
    """What the modifiers of one power do to a roll (HERO 5E revised; see the module)."""
    found: dict = {"advantages": Fraction(0)}
    for m in modifiers:
        xmlid = m.xmlid.upper()
        if m.value > 0:
            found["advantages"] += m.value
        if xmlid == "EXPLOSION":
            found["explosion"] = explosion_inches(m.value)
            found["area"] = "EXPLOSION"
        elif xmlid == "CONTINUOUS":
            found["continuous"] = True
        elif xmlid == "REDUCEDPENETRATION":
            found["reduced_penetration"] = True
        elif xmlid == "SIDEEFFECTS":
            found["side_effects"] = ", ".join(t for t in (m.name, m.text) if t)
            found["side_effects_value"] = m.value
        elif xmlid == "NND":
            found["nnd"] = True
        elif xmlid == "AVLD":
            found["avld"] = True
        elif xmlid == "DOESBODY":
            found["does_body"] = True
        elif xmlid == "ARMORPIERCING":
            found["armor_piercing"] = _levels(m.value, Fraction(1, 2))
        elif xmlid == "PENETRATING":
            found["penetrating"] = _levels(m.value, Fraction(1, 2))
        elif xmlid == "AOE":
            found["area"] = (m.option or "AREA").upper()
        elif xmlid == "AUTOFIRE":
            found["autofire"] = charges_of(m.option, m.name) or 5
        elif xmlid == "DOUBLEKB":
            found["knockback"] = 2
        elif xmlid == "NOKB":
            found["knockback"] = 0
        elif xmlid in ("STUNMULTIPLIER", "INCREASEDSTUNMULTIPLIER"):
            found["stun_multiplier"] = _levels(m.value, Fraction(1, 4))
        elif xmlid == "CHARGES":
            found["charges"] = charges_of(m.option, m.name)
        elif xmlid == "ACTIVATIONROLL":
            number = re.fullmatch(r"([0-9]{1,2})", m.option.strip())
            found["activation"] = int(number[1]) if number else None
        elif xmlid == "REQUIRESASKILLROLL":
            skill = re.fullmatch(r"\s*Requires A (.+?) Roll\s*", m.name, re.IGNORECASE)
            named = skill[1].strip() if skill else ""
            found["skill"] = "" if named.lower() == "skill" else named  # "": the Skill is not named
            detail = m.text.lower()
            found["skill_per"] = next((per for words, per in _RSR_PER if words in detail), 10)
    if found.get("nnd") or found.get("avld"):
        found["knockback"] = 0  # RULES KNOCKBACK: NND (and AVLD, HERO 5E) do no Knockback
    return PowerEffects(**found)
