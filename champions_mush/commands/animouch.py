"""AnimOuch! commands: +ao (a 2D6 attempt) and +ao/opposed, /hit, /damage, /init, /kb, /fall,
/collide, /scatter, /spray, /nerve, /terrain (RULES ANIMOUCH in an AnimOuch! game).

Only a game whose ruleset is ``animouch`` answers them. This is the table's entry; what each
does is in :mod:`.animouch_actions`, loaded at the game's first ``+ao`` (docs/architecture.md,
"Loaded at first use").
"""

from __future__ import annotations

from .base import Command, Later

__all__ = ["COMMANDS"]

RULESET = "animouch"
_ACTIONS = f"{__package__}.animouch_actions"

COMMANDS = (
    Command("+ao", Later(_ACTIONS), aliases=("+animouch",), ruleset=RULESET, switches=("private",),
            subcommands={switch: Later(_ACTIONS, switch) for switch in (
                "opposed", "hit", "damage", "init", "kb", "fall", "collide", "scatter", "spray", "nerve", "terrain")},
            one_at_a_time="One action at a time: {given}.",
            summary="AnimOuch! attempts, attacks, damage and other rolls"),
)
