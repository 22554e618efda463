"""Senses in a fight and Flash (HERO System 5th Edition revised: Sense Groups; Flash; Combat
Modifiers, unable to perceive the target; RULES FLASH).

A Flash hits with an ordinary attack roll and does no STUN and no BODY: the BODY of its dice,
counted as normal damage, less the target's Flash Defense for that Sense Group, is the number of
Segments the group is lost, counted from the Segment the Flash is used in. A character who has
lost his Targeting Sense Group (Sight, for a normal character) cannot perceive his foes: ½ DCV,
½ OCV in hand-to-hand combat and 0 OCV at range (:data:`UNPERCEIVED`).
"""

from __future__ import annotations

from fractions import Fraction

from ...values import frozen
from .rounding import hero_round

__all__ = ["DEFAULT_GROUP", "SENSE_GROUPS", "SenseGroup", "UNPERCEIVED", "Unperceived", "flash_segments",
           "flashed_through", "group_named", "unperceived_dcv", "unperceived_ocv"]


@frozen
class SenseGroup:
    """A Sense Group: its name, whether it targets (5E: Sight does for a normal character), and
    the words a player may call it by."""

    key: str  #: Hero Designer's OPTIONID
    name: str
    targeting: bool
    words: tuple[str, ...]


#: The Sense Groups (HERO 5E revised, Senses), keyed by Hero Designer's OPTIONID.
SENSE_GROUPS: dict[str, SenseGroup] = {g.key: g for g in (
    SenseGroup("SIGHTGROUP", "Sight Group", True, ("sight", "vision", "eyes")),
    SenseGroup("HEARINGGROUP", "Hearing Group", False, ("hearing", "sound", "ears")),
    SenseGroup("MENTALGROUP", "Mental Group", False, ("mental",)),
    SenseGroup("RADIOGROUP", "Radio Group", False, ("radio",)),
    SenseGroup("SMELLGROUP", "Smell/Taste Group", False, ("smell", "taste")),
    SenseGroup("TOUCHGROUP", "Touch Group", False, ("touch",)),
    SenseGroup("UNUSUALGROUP", "Unusual Senses", False, ("unusual",)),
)}
#: A Flash affects the Sight Group unless built otherwise (HERO 5E revised: "usually Sight").
DEFAULT_GROUP = "SIGHTGROUP"


def group_named(word: str) -> SenseGroup | None:
    """``hearing``, ``Hearing Group`` or ``HEARINGGROUP`` -> that group; None for no group."""
    key = "".join(word.upper().split()).replace("/TASTE", "")
    key = key if key.endswith("GROUP") else key + "GROUP"
    found = SENSE_GROUPS.get(key)
    return found or next((g for g in SENSE_GROUPS.values() if word.strip().lower() in g.words), None)


@frozen
class Unperceived:
    """What not perceiving one's foes with a Targeting Sense does: multipliers of OCV in
    hand-to-hand combat, OCV at range, and DCV."""

    hth_ocv: Fraction
    ranged_ocv: Fraction
    dcv: Fraction


#: HERO 5E revised, Combat Modifiers: a character who cannot perceive his target with a
#: Targeting Sense is at ½ OCV in hand-to-hand combat, 0 OCV at range, and ½ DCV.
UNPERCEIVED = Unperceived(hth_ocv=Fraction(1, 2), ranged_ocv=Fraction(0), dcv=Fraction(1, 2))


def unperceived_ocv(ocv: int, ranged: bool) -> int:
    """OCV of one who cannot see his target: ½ in HTH (.5 up, in his favour), 0 at range
    (HERO 5E: OCV 8 -> 4 hand-to-hand, 0 at range)."""
    factor = UNPERCEIVED.ranged_ocv if ranged else UNPERCEIVED.hth_ocv
    return max(hero_round(ocv * factor), 0)


def unperceived_dcv(dcv: int) -> int:
    """DCV of one who cannot see his attacker: ½, .5 up (HERO 5E: DCV 5 -> 3)."""
    return hero_round(dcv * UNPERCEIVED.dcv)


def flash_segments(body: int, flash_defense: int) -> int:
    """Segments a Sense Group is lost: the Flash's BODY less Flash Defense (HERO 5E: 4d6 rolling
    2 3 5 6 is 5 BODY; against Flash Defense 2, 3 Segments)."""
    return max(body - flash_defense, 0)


def flashed_through(segment: int, segments: int) -> int:
    """The last Segment a Flash used in Segment ``segment`` lasts (Segments counted from the
    fight's start, so Turns follow on): counting begins in the Segment it was used (HERO 5E:
    3 Segments from Segment 12 are 12, 1 and 2; sight is back in Segment 3)."""
    return segment + segments - 1
