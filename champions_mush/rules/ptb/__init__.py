"""Powers That Be (PTB 2C Combat): an action-point system of scores, Dodge Resists and multipliers.

Pure: every roll comes from an injected :class:`~champions_mush.rules.dice.Roller`.

The names below load with their module at first use (PEP 562): the game's settings read only
:mod:`.scores` (``ptb_roll_method``), so a game of another ruleset loads none of the rest.
"""

import importlib

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
