"""The Champions (HERO System 5E / CM 2.0) rules engine: pure functions and frozen values.

Every function takes its dice from an injected :class:`~champions_mush.rules.dice.Roller` and
returns an ``attrs`` value that keeps the faces it rolled. The rules file
(``seeds/000_...``, "CM 2.0 Rules") governs; HERO 5E fills its gaps (docs/rules-engine.md).
See ``docs/rules-engine.md`` for the table of every rule and where it lives.
"""

from __future__ import annotations

from . import adding, adjustment, advantages, catalog, characteristics, costs, damage, dcs, defenses, effects
from . import endurance, entangle, explosion, grappling, knockback, levels, locations, maneuvers, martial, mental
from . import modifiers, movement, powers, presence, recovery, rolls, rounding, skills, speed

#: Every rule module's public names (its own ``__all__``), offered here as one package. Taken
#: before the names come in: ``recovery`` is both a module and the function it offers.
__all__ = sorted(
    name
    for module in (
        adding, adjustment, advantages, catalog, characteristics, costs, damage, dcs, defenses, effects,
        endurance, entangle, explosion, grappling, knockback, levels, locations, maneuvers, martial, mental,
        modifiers, movement, powers, presence, recovery, rolls, rounding, skills, speed,
    )
    for name in module.__all__
)

from .adding import *  # noqa: E402, F403
from .adjustment import *  # noqa: E402, F403
from .advantages import *  # noqa: E402, F403
from .catalog import *  # noqa: E402, F403
from .characteristics import *  # noqa: E402, F403
from .costs import *  # noqa: E402, F403
from .damage import *  # noqa: E402, F403
from .dcs import *  # noqa: E402, F403
from .defenses import *  # noqa: E402, F403
from .effects import *  # noqa: E402, F403
from .entangle import *  # noqa: E402, F403
from .grappling import *  # noqa: E402, F403
from .endurance import *  # noqa: E402, F403
from .explosion import *  # noqa: E402, F403
from .knockback import *  # noqa: E402, F403
from .levels import *  # noqa: E402, F403
from .locations import *  # noqa: E402, F403
from .maneuvers import *  # noqa: E402, F403
from .martial import *  # noqa: E402, F403
from .mental import *  # noqa: E402, F403
from .modifiers import *  # noqa: E402, F403
from .movement import *  # noqa: E402, F403
from .powers import *  # noqa: E402, F403
from .presence import *  # noqa: E402, F403
from .recovery import *  # noqa: E402, F403
from .rolls import *  # noqa: E402, F403
from .rounding import *  # noqa: E402, F403
from .skills import *  # noqa: E402, F403
from .speed import *  # noqa: E402, F403
