"""Powers That Be (PTB 2C Combat): an action-point system of scores, Dodge Resists and multipliers.

Pure: every roll comes from an injected :class:`~champions_mush.rules.dice.Roller`.

The names below load with their module at first use (PEP 562): the game's settings read only
:mod:`.scores` (``ptb_roll_method``), so a game of another ruleset loads none of the rest.
"""

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the same names, for type checkers, which do not run __getattr__
    from .combat import (
        AttackResult,
        Contest,
        Defense,
        DefenseKind,
        KnockoutResult,
        Maneuver,
        active_defense,
        attack_score_for,
        knockout_resist,
        passive_defense,
        resolve_attack,
        round_damage,
    )
    from .initiative import InitiativeEntry, InitiativeResult, roll_initiative
    from .maneuvers import (
        SERPENTINE_FEET_PER_BONUS,
        SERPENTINE_MINIMUM_FEET,
        WRESTLE_CONTACT_AP,
        WRESTLE_HOLD_AP,
        WRESTLE_RESTRAIN_AP,
        DedicatedAction,
        SerpentineMove,
        dedicated_attack,
        dedicated_defense,
        serpentine,
    )
    from .scores import DEFAULT_ROLL_METHOD, MAX_SCORE, ROLL_METHODS, ScoreRoll, half_score, roll_score
    from .weapons import (
        WEAPON_EXAMPLES,
        Weapon,
        WeaponClass,
        WeaponKind,
        builtin_bonus,
        gun_bonus,
        mechanical_bonus,
        strength_bonus,
    )
    from .wrestling import (
        WRESTLE_MULTIPLIER,
        WrestleStep,
        wrestle_contact,
        wrestle_damage,
        wrestle_hold,
        wrestle_restrain,
    )

#: The modules the names below come from.
_MODULES = ("combat", "initiative", "maneuvers", "scores", "weapons", "wrestling")

__all__ = [
    "DEFAULT_ROLL_METHOD",
    "MAX_SCORE",
    "ROLL_METHODS",
    "SERPENTINE_FEET_PER_BONUS",
    "SERPENTINE_MINIMUM_FEET",
    "WEAPON_EXAMPLES",
    "WRESTLE_CONTACT_AP",
    "WRESTLE_HOLD_AP",
    "WRESTLE_MULTIPLIER",
    "WRESTLE_RESTRAIN_AP",
    "AttackResult",
    "Contest",
    "DedicatedAction",
    "Defense",
    "DefenseKind",
    "InitiativeEntry",
    "InitiativeResult",
    "KnockoutResult",
    "Maneuver",
    "ScoreRoll",
    "SerpentineMove",
    "Weapon",
    "WeaponClass",
    "WeaponKind",
    "WrestleStep",
    "active_defense",
    "attack_score_for",
    "builtin_bonus",
    "dedicated_attack",
    "dedicated_defense",
    "gun_bonus",
    "half_score",
    "knockout_resist",
    "mechanical_bonus",
    "passive_defense",
    "resolve_attack",
    "roll_initiative",
    "roll_score",
    "round_damage",
    "serpentine",
    "strength_bonus",
    "wrestle_contact",
    "wrestle_damage",
    "wrestle_hold",
    "wrestle_restrain",
]


def __getattr__(name: str) -> object:
    """A name of ``__all__`` from its module, imported now (PEP 562)."""
    if name in __all__:
        for part in _MODULES:
            found = vars(importlib.import_module(f".{part}", __name__))
            if name in found:
                globals()[name] = found[name]
                return found[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
