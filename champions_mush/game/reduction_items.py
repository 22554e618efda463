"""Damage Reduction typed on +power: ``damage reduction 50% resistant physical`` (HERO 5E revised).

HERO 5E revised, Damage Reduction (no END): 25% costs 10 points, 50% 20, 75% 40 against one of
physical or energy; Resistant (it reduces killing damage too) 15, 30 and 60. The item is kept
as Hero Designer's is read (``levels`` the %, ``versus`` PD or ED, ``resistant``), so
:func:`~.hero.defenses` and play use a typed one and an imported one alike.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..rules.errors import RulesError
from .hero import Item, Modifier, Section
from .hero_items import item_text, price

__all__ = ["REDUCTION_COSTS", "is_reduction", "reduction_item"]

#: (%, resistant) -> points (HERO 5E revised, Damage Reduction).
REDUCTION_COSTS = {(25, False): 10, (50, False): 20, (75, False): 40, (25, True): 15, (50, True): 30, (75, True): 60}
_WORDS = re.compile(r"(?P<percent>25|50|75)\s*%?(?P<rest>(?:\s+[a-z]+){0,2})", re.IGNORECASE)
_KINDS = {"physical": "PD", "pd": "PD", "energy": "ED", "ed": "ED"}


def is_reduction(power: str) -> bool:
    """Whether the power typed is Damage Reduction (``damage reduction``, ``dr``)."""
    return " ".join(power.lower().split()) in ("damage reduction", "dr")


def reduction_item(item_id: str, name: str, amount: str, modifiers: Sequence[Modifier] = ()) -> Item:
    """``50% resistant physical`` (or ``75 normal energy``; Normal when not said) as an item.

    Raises:
        RulesError: not 25, 50 or 75 %, or neither physical nor energy.
    """
    found = _WORDS.fullmatch(amount.strip())
    words = found["rest"].lower().split() if found else []
    kinds = [_KINDS[w] for w in words if w in _KINDS]
    if found is None or len(kinds) != 1 or any(w not in (*_KINDS, "normal", "resistant") for w in words):
        raise RulesError("Damage Reduction is 25, 50 or 75%, normal or resistant, physical or energy: "
                         "damage reduction 50% resistant physical.")
    percent, resistant = int(found["percent"]), "resistant" in words
    active, real, _ = price(REDUCTION_COSTS[(percent, resistant)], modifiers, costs_end=False)
    what = f"Damage Reduction {percent}% {'Resistant' if resistant else 'Normal'} " \
           f"{'physical' if kinds[0] == 'PD' else 'energy'}"
    return Item(id=item_id, section=Section.POWERS, xmlid="DAMAGEREDUCTION", name=name or "Damage Reduction",
                text=item_text(name, what, modifiers, active), levels=percent, base=REDUCTION_COSTS[(percent, resistant)],
                active=active, real=real, modifiers=tuple(modifiers), versus=kinds[0], resistant=resistant)
