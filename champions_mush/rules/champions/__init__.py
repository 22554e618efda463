"""The Champions (HERO System 5E / CM 2.0) rules engine: pure functions and frozen values.

Every function takes its dice from an injected :class:`~champions_mush.rules.dice.Roller` and
returns an ``attrs`` value that keeps the faces it rolled. The rules file
(``seeds/000_...``, "CM 2.0 Rules") governs; HERO 5E fills its gaps (docs/rules-engine.md).
See ``docs/rules-engine.md`` for the table of every rule and where it lives.

The package offers every rule module's public names as one (``from champions_mush.rules.champions
import roll_normal``): the first name asked of it loads every module (PEP 562). The game imports
the modules themselves, so a rule loads with what uses it: the fight's with the fight
(docs/architecture.md, "Loaded at first use").
"""

from __future__ import annotations

import importlib
from typing import Any

#: Every rule module, whose ``__all__`` the package offers. ``recovery`` is both a module and the
#: function it offers: the package gives the function.
MODULES = (
    "adding",
    "adjustment",
    "advantages",
    "battlefield",
    "catalog",
    "characteristics",
    "costs",
    "damage",
    "dcs",
    "defenses",
    "effects",
    "endurance",
    "entangle",
    "explosion",
    "grappling",
    "knockback",
    "levels",
    "locations",
    "maneuvers",
    "martial",
    "mental",
    "modifiers",
    "movement",
    "powers",
    "presence",
    "recovery",
    "rolls",
    "rounding",
    "senses",
    "skills",
    "speed",
)


def __getattr__(name: str) -> Any:
    """A rule module's public name (or ``__all__``, all of them), once every module is loaded."""
    if name.startswith("__") and name != "__all__":
        raise AttributeError(name)
    found = globals()
    if "__all__" not in found:
        for module in (importlib.import_module(f"{__name__}.{m}") for m in MODULES):
            found.update((each, getattr(module, each)) for each in module.__all__)
        found["__all__"] = sorted(each for m in MODULES for each in importlib.import_module(f"{__name__}.{m}").__all__)
    try:
        return found[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
