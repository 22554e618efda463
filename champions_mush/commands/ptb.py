"""Powers That Be commands: +ptb/attack, /knockout, /lethal, /wrestle, /roll, /init, /serpentine,
/dedicated and /score (RULES POWERS THAT BE in a PTB game).

Only a game whose ruleset is ``ptb`` answers them. This is the table's entry; what each does
is in :mod:`.ptb_actions`, loaded at the game's first ``+ptb`` (docs/architecture.md, "Loaded
at first use").
"""

from __future__ import annotations

from .base import Command, Later

__all__ = ["COMMANDS"]

RULESET = "ptb"
_ACTIONS = f"{__package__}.ptb_actions"

COMMANDS = (
    Command("+ptb", Later(_ACTIONS), ruleset=RULESET, switches=("private",),
            subcommands={switch: Later(_ACTIONS, switch) for switch in (
                "attack", "knockout", "lethal", "wrestle", "roll", "init", "serpentine", "dedicated", "score")},
            one_at_a_time="One action at a time: {given}.",
            summary="Powers That Be attacks, maneuvers and rolls"),
)
