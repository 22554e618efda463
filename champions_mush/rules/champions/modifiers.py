"""Power Advantages and Limitations (HERO 5E revised): the common ones and their values.

An Advantage has a positive value (Armor Piercing +1/2), a Limitation a negative one
(Focus (OAF) -1). :data:`MODIFIERS` lists the ones a player may pick by hand, keyed by a short
name; each knows the ``XMLID`` and ``OPTIONID`` Hero Designer writes for it. An imported file
states its own values, so the list does not limit what a file may hold.
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from ...values import frozen
from ..errors import RulesError
from .adjustment import RETURN_RATES
from .costs import as_fraction

__all__ = ["MODIFIERS", "ModifierSpec", "find_modifier", "modifier_value_text"]


@frozen
class ModifierSpec:
    """One Advantage or Limitation: its short ``key``, the name printed, its value, and how
    Hero Designer names it (``xmlid``, ``option``)."""

    key: str
    name: str
    value: Fraction = attrs.field(converter=as_fraction)
    xmlid: str = ""
    option: str = ""

    @property
    def is_advantage(self) -> bool:
        """True for an Advantage (value above 0), False for a Limitation."""
        return self.value > 0


def _m(key: str, name: str, value: str, xmlid: str, option: str = "") -> ModifierSpec:
    return ModifierSpec(key, name, Fraction(value), xmlid, option)


#: HERO 5E revised values (Advantages, then Limitations), by the short name a player types.
MODIFIERS: dict[str, ModifierSpec] = {m.key: m for m in (
    _m("affectsdesolid", "Affects Desolidified", "1/2", "AFFECTSDESOLIDIFIED"),
    _m("aoe", "Area Of Effect (Radius)", "1", "AOE", "RADIUS"),
    _m("armorpiercing", "Armor Piercing", "1/2", "ARMORPIERCING"),
    _m("autofire", "Autofire (5 shots)", "1/2", "AUTOFIRE"),
    _m("avld", "Attack Versus Limited Defense", "3/2", "AVLD"),
    _m("continuous", "Continuous", "1", "CONTINUOUS"),
    _m("damageshield", "Damage Shield", "1/2", "DAMAGESHIELD"),
    _m("doesbody", "Does BODY", "1", "DOESBODY"),
    _m("doublekb", "Double Knockback", "3/4", "DOUBLEKB"),
    _m("explosion", "Explosion", "1/2", "EXPLOSION"),
    _m("explosion2", "Explosion (-1 DC per 2\")", "3/4", "EXPLOSION"),
    _m("explosion3", "Explosion (-1 DC per 3\")", "1", "EXPLOSION"),
    _m("hardened", "Hardened", "1/4", "HARDENED"),
    _m("impenetrable", "Impenetrable", "1/4", "IMPENETRABLE"),
    _m("indirect", "Indirect", "1/4", "INDIRECT"),
    _m("invisible", "Invisible Power Effects", "1/2", "INVISIBLE"),
    _m("megascale", "MegaScale", "1/4", "MEGASCALE"),
    _m("nnd", "No Normal Defense", "1", "NND"),
    _m("penetrating", "Penetrating", "1/2", "PENETRATING"),
    _m("persistent", "Persistent", "1/2", "PERSISTENT"),
    _m("ranged", "Ranged", "1/2", "RANGED"),
    _m("halfend", "Reduced Endurance (1/2 END)", "1/4", "REDUCEDEND", "HALFEND"),
    _m("zeroend", "Reduced Endurance (0 END)", "1/2", "REDUCEDEND", "ZERO"),
    _m("sticky", "Sticky", "1/2", "STICKY"),
    _m("nodamage", "Takes No Damage From Attacks", "1/4", "TAKESNODAMAGE"),  # an Entangle's
    _m("stunx", "Increased STUN Multiplier", "1/4", "STUNMULTIPLIER"),
    _m("trigger", "Trigger", "1/4", "TRIGGER"),
    _m("uoo", "Usable On Others", "1/4", "UOO"),
    _m("act14", "Activation Roll 14-", "-1/2", "ACTIVATIONROLL", "14"),
    _m("act11", "Activation Roll 11-", "-1", "ACTIVATIONROLL", "11"),
    _m("act8", "Activation Roll 8-", "-3/2", "ACTIVATIONROLL", "8"),
    _m("backlash", "Backlash", "-1/2", "BACKLASH"),  # an Entangle's
    _m("beam", "Beam", "-1/4", "BEAM"),
    _m("charges8", "8 Charges", "-1/2", "CHARGES", "EIGHT"),
    _m("charges4", "4 Charges", "-1", "CHARGES", "FOUR"),
    _m("concentration", "Concentration (1/2 DCV)", "-1/4", "CONCENTRATION", "HALF"),
    _m("costsend", "Costs Endurance", "-1/2", "COSTSEND"),
    _m("extratime", "Extra Time (Full Phase)", "-1/2", "EXTRATIME", "FULL"),
    _m("oaf", "Focus (OAF)", "-1", "FOCUS", "OAF"),
    _m("iaf", "Focus (IAF)", "-1/2", "FOCUS", "IAF"),
    _m("oif", "Focus (OIF)", "-1/2", "FOCUS", "OIF"),
    _m("iif", "Focus (IIF)", "-1/4", "FOCUS", "IIF"),
    _m("gestures", "Gestures", "-1/4", "GESTURES"),
    _m("incantations", "Incantations", "-1/4", "INCANTATIONS"),
    _m("doubleend", "Increased Endurance Cost (x2 END)", "-1/2", "INCREASEDEND", "2X"),
    _m("limitedrange", "Limited Range", "-1/4", "LIMITEDRANGE"),
    _m("linked", "Linked", "-1/2", "LINKED"),
    _m("nokb", "No Knockback", "-1/4", "NOKB"),
    _m("norange", "No Range", "-1/2", "NORANGE"),
    _m("nonpersistent", "Nonpersistent", "-1/4", "NONPERSISTENT"),
    _m("oihid", "Only In Heroic Identity", "-1/4", "OIHID"),
    _m("reducedbyrange", "Reduced By Range", "-1/4", "REDUCEDBYRANGE"),
    _m("skillroll", "Requires A Skill Roll", "-1/2", "REQUIRESASKILLROLL"),
    _m("reducedpen", "Reduced Penetration", "-1/4", "REDUCEDPENETRATION"),
    _m("sideeffects", "Side Effects", "-1/2", "SIDEEFFECTS"),
    _m("visible", "Visible", "-1/4", "VISIBLE"),
)}
#: Delayed Return Rate, one step of the Time Chart each (HERO 5E revised): ``+return5minutes``.
MODIFIERS.update({f"return{r.name.lower().replace(' ', '')}": ModifierSpec(
    f"return{r.name.lower().replace(' ', '')}", f"Delayed Return Rate (5 per {r.name})", r.advantage,
    "DELAYEDRETURNRATE", r.name.upper().replace(" ", "")) for r in RETURN_RATES[1:]})


def find_modifier(text: str) -> ModifierSpec:
    """An Advantage or Limitation by its short name (any case, a leading ``+``/``-`` ignored)
    or a unique start of it.

    Raises:
        RulesError: no modifier, or more than one, has that name.
    """
    key = text.strip().lstrip("+-").lower().replace(" ", "")
    if key in MODIFIERS:
        return MODIFIERS[key]
    found = [m for k, m in MODIFIERS.items() if key and k.startswith(key)]
    if len(found) == 1:
        return found[0]
    if found:
        names = ", ".join(m.key for m in found[:6])
        raise RulesError(f"'{text.strip()[:20]}' could be {names}: say which.")
    raise RulesError(f"There is no Advantage or Limitation called '{text.strip()[:20]}' (see +HELP +POWER MODIFIERS).")


def modifier_value_text(value: object) -> str:
    """A modifier's value as Hero Designer prints it: ``+1/2``, ``-1``, ``+1 1/4``, ``-1/4``."""
    number = as_fraction(value)
    sign = "-" if number < 0 else "+"
    size = abs(number)
    whole, part = int(size), size - int(size)
    if part == 0:
        return f"{sign}{whole}"
    fraction = f"{part.numerator}/{part.denominator}"
    return f"{sign}{whole} {fraction}" if whole else f"{sign}{fraction}"
