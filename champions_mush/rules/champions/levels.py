"""Combat and Penalty Skill Levels by their option: which attacks each applies to, and its uses.

HERO 5E revised, Skills (Combat Skill Levels, Penalty Skill Levels); the rules file is silent:

* A level adds +1 OCV with an attack it applies to; a 2-point (or 1-point) level does nothing
  else. A level of 3 points or more may instead add +1 DCV until the character's next Phase,
  or two such levels +1 DC to the attack. Levels bought "with DCV" add only to DCV.
* What a level applies to comes from its option (Hero Designer's ``OPTIONID``): one attack, a
  tight group or a broad one (those the level names), Strikes, Martial Maneuvers, HTH,
  Ranged, Mental, two of those, or all combat (HTH and Ranged; Mental only when named).
* A Penalty Skill Level only offsets an OCV penalty (the Range Modifier when it says so, else
  any) with the attacks it applies to, never more than the penalty.
* Levels are given out on the character's Phase, with the attack: each to OCV unless he asks
  for DCV or DCs; DCV-only levels go to DCV.
"""

from __future__ import annotations

from ...values import frozen
from ..errors import RulesError

__all__ = ["AttackUse", "CATEGORIES", "LEVEL_OPTIONS", "Level", "LevelOption", "LevelUse", "give_levels",
           "usable_levels"]

#: The kinds of attack a level can name (HERO 5E revised): hand-to-hand, ranged, mental.
CATEGORIES = ("HTH", "RANGED", "MENTAL")


@frozen
class LevelOption:
    """What a level option applies to (``NAMED``: the attacks the level names; ``STRIKE``:
    Strikes; ``ALIAS``: the categories its detail names; else categories) and its uses."""

    applies: tuple[str, ...]
    ocv: bool = True
    dcv: bool = True  #: +1 DCV instead (levels of 3 points or more)
    damage: bool = True  #: two for +1 DC (levels of 3 points or more)


#: "All combat" is hand-to-hand and ranged: mental attacks take levels that name Mental (HERO 5E revised)
_PHYSICAL = ("HTH", "RANGED")
_NAMED_OCV = LevelOption(("NAMED",), dcv=False, damage=False)
_NAMED = LevelOption(("NAMED",))
#: Hero Designer's options (HERO 5E revised, Combat Skill Levels; catalog.COMBAT_LEVELS prices them).
LEVEL_OPTIONS: dict[str, LevelOption] = {
    "SINGLESINGLE": _NAMED_OCV, "SINGLE": _NAMED_OCV,
    "SINGLESTRIKE": LevelOption(("STRIKE",), dcv=False, damage=False), "STRIKE": LevelOption(("STRIKE",)),
    "TIGHT": _NAMED, "MAGIC": _NAMED, "BROAD": _NAMED, "MARTIAL": LevelOption(("MARTIAL",)),
    "HTHDCV": LevelOption(("HTH", "RANGED"), ocv=False, damage=False),
    "HTH": LevelOption(("HTH",)), "RANGED": LevelOption(("RANGED",)), "MENTAL": LevelOption(("MENTAL",)),
    "DCV": LevelOption(_PHYSICAL, ocv=False, damage=False),
    "DECV": LevelOption(("MENTAL",), ocv=False, damage=False),
    "TWOOCV": LevelOption(("ALIAS",), dcv=False, damage=False),
    "TWODCV": LevelOption(("ALIAS",), ocv=False, damage=False),
    "HTHRANGED": LevelOption(("HTH", "RANGED")), "HTHMENTAL": LevelOption(("HTH", "MENTAL")),
    "MENTALRANGED": LevelOption(("MENTAL", "RANGED")), "ALL": LevelOption(_PHYSICAL),
}
#: Penalty Skill Levels (HERO 5E revised): one attack, a group of three, or all.
_PENALTY = {"SINGLE": ("NAMED",), "THREE": ("NAMED",), "TIGHT": ("NAMED",), "ALL": _PHYSICAL}


@frozen
class Level:
    """Levels on a sheet: how many, Hero Designer's ``xmlid`` and ``option``, and the words that
    say what they apply to (its name and detail)."""

    name: str
    count: int
    xmlid: str
    option: str
    words: str = ""

    @property
    def penalty(self) -> bool:
        return self.xmlid == "PENALTY_SKILL_LEVELS"


@frozen
class AttackUse:
    """The attack levels are given out with: its name, its category (``HTH``, ``RANGED``,
    ``MENTAL``), whether it is a Strike or a Martial Arts maneuver, and its OCV penalties (the
    Range Modifier apart)."""

    name: str
    category: str
    strike: bool = False
    range_penalty: int = 0
    other_penalty: int = 0
    martial: bool = False


@frozen
class LevelUse:
    """Levels given out for one attack: to OCV, to DCV, DCs, and Penalty Skill Levels' offset."""

    ocv: int = 0
    dcv: int = 0
    dcs: int = 0
    offset: int = 0


def _applies(level: Level, attack: AttackUse) -> bool:
    if level.penalty:
        kinds = _PENALTY.get(level.option.upper(), ("NAMED",))
    else:
        option = LEVEL_OPTIONS.get(level.option.upper())
        if option is None:
            return False
        kinds = option.applies
    words = level.words.lower()
    if "ALIAS" in kinds:  # "OCV with HTH and Ranged": the categories its detail names
        kinds = tuple(c for c in CATEGORIES if c.lower() in words.replace("hand-to-hand", "hth"))
    if "NAMED" in kinds:
        return bool(attack.name) and attack.name.lower() in words
    if "STRIKE" in kinds:
        return attack.strike
    if "MARTIAL" in kinds:
        return attack.martial
    return attack.category in kinds


def usable_levels(levels: list[Level], attack: AttackUse) -> list[Level]:
    """The levels that apply to ``attack``."""
    return [lv for lv in levels if lv.count > 0 and _applies(lv, attack)]


def give_levels(levels: list[Level], attack: AttackUse, dcv: int = 0, dcs: int = 0) -> LevelUse:
    """Give out the levels that apply to ``attack``: ``dcv`` to DCV and two a DC for ``dcs``
    from those that may, DCV-only levels to DCV, the rest to OCV; Penalty Skill Levels offset
    the OCV penalties they apply to, never more than them.

    Raises:
        RulesError: more asked for DCV or DCs than the levels that may give them.
    """
    found = usable_levels(levels, attack)
    options = [(lv, LEVEL_OPTIONS[lv.option.upper()]) for lv in found if not lv.penalty]
    flexible = sum(lv.count for lv, o in options if o.ocv and (o.dcv or o.damage))
    if dcv < 0 or dcs < 0 or dcv + 2 * dcs > flexible:
        raise RulesError(f"{attack.name}: {flexible} Combat Skill Level{'' if flexible == 1 else 's'} of 3 points or "
                         "more to give, each +1 DCV or two a DC (2-point levels add to OCV only).")
    ocv = sum(lv.count for lv, o in options if o.ocv) - dcv - 2 * dcs
    dcv_only = sum(lv.count for lv, o in options if not o.ocv and o.dcv)
    offset = 0
    for lv in (lv for lv in found if lv.penalty):
        penalty = attack.range_penalty + (0 if "range" in lv.words.lower() else attack.other_penalty)
        offset = max(offset, min(lv.count + offset, -penalty))
    return LevelUse(ocv, dcv + dcv_only, dcs, max(offset, 0))
