"""Adjustment Powers: Drain, Aid, Transfer, Healing, Suppress and Absorption (HERO System 5th
Edition revised, Adjustment Powers; RULES DRAIN AND AID, ADJUSTMENT POWERS, RETURN RATE).

The effect roll is the total of the dice, in Character Points; a Drain, Transfer or Suppress
loses the target's Power Defense from it. A characteristic moves by those points bought at its
cost (Drain STR 3d6 rolling 12 takes 12 Character Points: 12 STR; against DEX, 3 points each: 4
DEX); a power loses (or gains) that many Active Points, and its dice follow. Aid, and what a
Transfer or Absorption gains, adds no more to one thing than the most its dice can roll.
Drained points return, and Aided ones fade, at 5 Character Points per Turn, or per a slower step
of the Time Chart with the Delayed Return Rate Advantage (:data:`RETURN_RATES`); Healing restores
lost STUN or BODY for good, never above the maximum; a Suppress holds while its user keeps it
up and its points come back at once when he stops.
"""

from __future__ import annotations

import re
from fractions import Fraction

import attrs

from ...values import frozen
from ..dice import DiceAmount
from .costs import CHARACTERISTIC_COSTS
from .powers import DIE_PARTS, POWERS

__all__ = ["ADJUSTABLE", "ADJUSTMENT_POWERS", "Adjusted", "RETURN_PER_TURN", "RETURN_RATES", "ReturnRate",
           "TURN_SECONDS", "adjusted_dice", "aid_points", "change_of", "characteristic_named", "dice_top",
           "drain_points", "elapsed", "healed", "power_named", "rate_named", "returned", "subject_named"]

#: HERO 5E revised: adjusted points return (Drain) or fade (Aid) at 5 Character Points per step.
RETURN_PER_TURN = 5
#: A Turn is 12 seconds (HERO 5E revised, the Time Chart).
TURN_SECONDS = 12
#: Characteristics an adjustment power can aim at here (Character Points per point: costs.py).
ADJUSTABLE = ("STR", "DEX", "CON", "BODY", "INT", "EGO", "PRE", "COM", "PD", "ED", "SPD", "REC", "END", "STUN")
#: The adjustment powers (XMLIDs), each working on the characteristic or power its text names,
#: as Hero Designer writes it: ``Drain STR 3d6``, ``Transfer STR to CON 2d6``.
ADJUSTMENT_POWERS = frozenset({"ABSORPTION", "AID", "DRAIN", "HEALING", "SUPPRESS", "TRANSFER"})


def characteristic_named(text: str) -> str | None:
    """The first characteristic named in a power's name or text (``Weaken STR`` -> STR)."""
    return next((w for w in re.findall(r"[A-Za-z]+", text.upper()) if w in ADJUSTABLE), None)


def _key(text: str) -> str:
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text.lower()).split())


def power_named(text: str) -> str | None:
    """The power a power's name or text names (``Drain Energy Blast`` -> ENERGYBLAST), longest first."""
    key = f" {_key(text)} "
    found = [spec for spec in POWERS.values() if spec.unit == "d6" and f" {_key(spec.name)} " in key]
    return max(found, key=lambda s: len(s.name)).xmlid if found else None


def subject_named(text: str) -> str | None:
    """What an adjustment power works on, written as Hero Designer does, or None if ``text``
    names no characteristic and no power: ``str`` -> STR, ``str to con`` -> STR to CON,
    ``energy blast`` -> Energy Blast."""
    named = [w for w in re.findall(r"[A-Za-z]+", text.upper()) if w in ADJUSTABLE]
    if named:  # only what it names: a Transfer's two, from one to the other
        return " to ".join(named[:2])
    xmlid = power_named(text)
    return POWERS[xmlid].name if xmlid is not None else None


@frozen
class ReturnRate:
    """A step of the Time Chart 5 adjusted Character Points return over, and the Delayed Return
    Rate Advantage that buys it (HERO 5E revised)."""

    name: str
    seconds: int
    advantage: Fraction


_DAY = 86400
#: HERO 5E revised, Delayed Return Rate: 5 Character Points per Turn, and each step down the
#: Time Chart +1/4 more.
RETURN_RATES: tuple[ReturnRate, ...] = tuple(
    ReturnRate(name, seconds, Fraction(step, 4)) for step, (name, seconds) in enumerate((
        ("Turn", TURN_SECONDS), ("Minute", 60), ("5 Minutes", 300), ("20 Minutes", 1200), ("Hour", 3600),
        ("6 Hours", 6 * 3600), ("Day", _DAY), ("Week", 7 * _DAY), ("Month", 30 * _DAY), ("Season", 91 * _DAY),
        ("Year", 365 * _DAY), ("5 Years", 5 * 365 * _DAY))))


def rate_named(text: str) -> ReturnRate:
    """The step a Delayed Return Rate's words name (``5 per Minute``, ``5 MINUTES``, ``6HOURS``),
    the longest name found first; 5 per Turn when none is named."""
    key = "".join(text.upper().split())
    for rate in sorted(RETURN_RATES[1:], key=lambda r: -len(r.name)):
        if "".join(rate.name.upper().split()) in key or rate.name.upper().replace("5 ", "FIVE").replace(" ", "") in key:
            return rate
    return RETURN_RATES[0]


def drain_points(rolled: int, power_defense: int) -> int:
    """A Drain's Character Points: the dice's total less Power Defense (HERO 5E: 12 against 0: 12)."""
    return max(rolled - power_defense, 0)


def dice_top(dice: DiceAmount) -> int:
    """The most ``dice`` can roll (3d6: 18; 2½d6: 15)."""
    return dice.whole * 6 + (3 if dice.half else 0) + dice.pips


def aid_points(rolled: int, dice: DiceAmount, already: int) -> int:
    """An Aid's new Character Points on a characteristic already Aided by ``already``: no more in
    all than the most the dice can roll (HERO 5E: 3d6, at most 18)."""
    return max(min(already + rolled, dice_top(dice)) - already, 0)


def change_of(characteristic: str, points: int) -> int:
    """Points of a characteristic for ``points`` Character Points at its cost, whole points only
    (HERO 5E: 12 CP of STR is 12 STR; 12 of DEX is 4 DEX; 5 of DEX is 1)."""
    cost = CHARACTERISTIC_COSTS[characteristic]
    whole = int(Fraction(abs(points)) / cost)
    return whole if points >= 0 else -whole


def healed(characteristic: str, rolled: int, current: int, maximum: int) -> int:
    """The value after Healing: ``rolled`` Character Points at the characteristic's cost, never
    above its maximum (HERO 5E revised: Healing 3d6 rolling 12 restores 12 STUN, or 6 BODY)."""
    return max(current, min(current + change_of(characteristic, rolled), maximum))


def adjusted_dice(dice: DiceAmount, per_die: int, active: int, base: int, change: int) -> DiceAmount | None:
    """A power's dice after ``change`` Active Points (less for a Drain): its base points for the
    Active Points left, bought back as whole dice, then a ½d6 or a pip (HERO 5E revised: Energy
    Blast 8d6, 40 Active Points, Drained by 12 is 28: 5½d6). None: nothing left."""
    ratio = Fraction(active, base) if base > 0 else Fraction(1)
    points = Fraction(max(active + change, 0)) / ratio
    whole = int(points // per_die)
    rest = points - whole * per_die
    pip, half = DIE_PARTS.get(per_die, (per_die, per_die))
    if whole == 0 and rest < pip:
        return None
    return DiceAmount(whole=whole, half=rest >= half, pips=1 if pip <= rest < half else 0)


@frozen
class Adjusted:
    """An adjustment on one characteristic or power: the Character Points still on it, the step
    they return over, and the seconds of game time counted toward the next return."""

    kind: str  #: "Drain", "Aid", "Suppress"
    characteristic: str  #: a characteristic, or a power's name
    points: int
    rate: int = 0  #: index in :data:`RETURN_RATES`
    clock: int = 0  #: seconds toward the next 5 points back
    power: str = ""  #: the power's item id, when it is a power
    by: int = 0  #: a Suppress: who keeps it up (a character's id)

    @property
    def signed(self) -> int:
        return self.points if self.kind == "Aid" else -self.points

    @property
    def every(self) -> ReturnRate:
        return RETURN_RATES[self.rate]


def elapsed(adjusted: Adjusted, seconds: int) -> Adjusted:
    """``seconds`` of game time later: 5 Character Points back (Drain) or faded (Aid) for each
    whole step of its rate; 0 is over; a Suppress does not return by time."""
    if adjusted.kind == "Suppress":
        return adjusted
    total = adjusted.clock + max(seconds, 0)
    steps, clock = divmod(total, adjusted.every.seconds)
    return attrs.evolve(adjusted, points=max(adjusted.points - RETURN_PER_TURN * steps, 0), clock=clock)


def returned(adjusted: Adjusted) -> Adjusted:
    """One Turn later (:func:`elapsed` by 12 seconds)."""
    return elapsed(adjusted, TURN_SECONDS)
