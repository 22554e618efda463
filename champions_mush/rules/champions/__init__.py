"""The Champions (HERO System 5E / CM 2.0) rules engine: pure functions and frozen values.

Every function takes its dice from an injected :class:`~champions_mush.rules.dice.Roller` and
returns an ``attrs`` value that keeps the faces it rolled. The rules file
(``seeds/000_...``, "CM 2.0 Rules") governs; HERO 5E fills its gaps (docs/rules-engine.md).
See ``docs/rules-engine.md`` for the table of every rule and where it lives.
"""

from __future__ import annotations

from . import (
    adding,
    adjustment,
    advantages,
    battlefield,
    catalog,
    characteristics,
    costs,
    damage,
    dcs,
    defenses,
    effects,
    endurance,
    entangle,
    explosion,
    grappling,
    knockback,
    levels,
    locations,
    maneuvers,
    martial,
    mental,
    modifiers,
    movement,
    powers,
    presence,
    rolls,
    rounding,
    senses,
    skills,
    speed,
)
from . import recovery as _recovery_rules

#: Every rule module's public names (its own ``__all__``), offered here as one package. Taken
#: before the names come in: ``recovery`` is both a module and the function it offers (the one kept).
__all__ = sorted(  # noqa: PLE0605 - each rule module's own __all__, gathered
    name
    for module in (
        adding, adjustment, advantages, battlefield, catalog, characteristics, costs, damage, dcs, defenses,
        effects, endurance, entangle, explosion, grappling, knockback, levels, locations, maneuvers, martial,
        mental, modifiers, movement, powers, presence, _recovery_rules, rolls, rounding, senses, skills, speed,
    )
    for name in module.__all__
)

from .adding import *
from .adjustment import *
from .advantages import *
from .battlefield import *
from .catalog import *
from .characteristics import *
from .costs import *
from .damage import *
from .dcs import *
from .defenses import *
from .effects import *
from .endurance import *
from .entangle import *
from .explosion import *
from .grappling import *
from .knockback import *
from .levels import *
from .locations import *
from .maneuvers import *
from .martial import *
from .mental import *
from .modifiers import *
from .movement import *
from .powers import *
from .presence import *
from .recovery import *
from .rolls import *
from .rounding import *
from .senses import *
from .skills import *
from .speed import *
