"""The fight's commands: the combat tracker (+combat, +recover, +paramedics), +attack, +levels,
+use and +area, and the GM's rolls (+damage, +kb, +pre, +heal, +end, +push, the maneuvers)
(RULES COMBAT; Champions games only).

This is the table's entry: names, switches, roles, ``ruleset=``, which the dispatcher and
``check-help`` read. What each does is in :mod:`.combat`, :mod:`.attack`, :mod:`.levels`,
:mod:`.battlefield` and :mod:`.gm`, which load with the fight engine at the process's first
fight command (docs/architecture.md, "Loaded at first use").
"""

from __future__ import annotations

from .base import Command, Later, Role, Subcommand

__all__ = ["COMMANDS"]

RULESET = "champions"
_STAFF = Role.STAFF
_Q = ("quiet",)
_COMBAT, _ATTACK, _GM = f"{__package__}.combat", f"{__package__}.attack", f"{__package__}.gm"
_LEVELS, _FIELD = f"{__package__}.levels", f"{__package__}.battlefield"


def _gm(key: str, summary: str, *subcommands: str) -> Command:
    """A GM's roll: staff only, ``/quiet`` to say it to staff alone."""
    return Command(key, Later(_GM, key), ruleset=RULESET, role=_STAFF, switches=_Q, summary=summary,
                   subcommands={switch: Later(_GM, f"{key}/{switch}") for switch in subcommands})


COMMANDS = (
    _gm("+damage", "apply damage to a character"),
    _gm("+kb", "roll Knockback and its impact"),
    _gm("+pre", "roll a PRE attack"),
    _gm("+heal", "restore STUN, BODY and END"),
    _gm("+end", "spend END (STUN at 0 END)"),
    _gm("+push", "Push STR or a Power"),
    Command("+maneuver", Later(_GM, "+maneuver"), ruleset=RULESET, summary="the combat maneuver table"),
    _gm("+moveby", "roll a Move By", "multiple"),
    _gm("+movethrough", "roll a Move Through"),
    _gm("+haymaker", "roll a Haymaker"),
    _gm("+pullpunch", "roll a Pulled Punch"),
    Command("+combat", Later(_COMBAT, "+combat"), ruleset=RULESET, summary="the combat tracker",
            subcommands={switch: Subcommand(Later(_COMBAT, f"+combat/{switch}"), role) for switch, role in (
                ("start", _STAFF), ("join", None), ("leave", None), ("next", _STAFF), ("hold", None),
                ("abort", None), ("move", None), ("stand", None), ("brace", None), ("set", None), ("pass", None),
                ("wake", None), ("status", None), ("log", None), ("block", None), ("dodge", None),
                ("escape", None), ("release", None), ("mode", _STAFF), ("confirm", _STAFF), ("undo", _STAFF),
                ("adjust", _STAFF), ("end", _STAFF))}),
    Command("+recover", Later(_COMBAT, "+recover"), ruleset=RULESET,
            summary="take a Recovery (in a fight: on your Phase)"),
    Command("+paramedics", Later(_COMBAT, "+paramedics"), ruleset=RULESET, summary="stabilize a dying character"),
    Command("+attack", Later(_ATTACK, "+attack"), ruleset=RULESET,
            summary="attack on your Phase with a maneuver or a power",
            subcommands={"stop": Later(_ATTACK, "+attack/stop")}),
    Command("+levels", Later(_LEVELS, "+levels"), ruleset=RULESET, summary="your Combat Skill Levels and what they fit"),
    Command("+use", Later(_FIELD, "+use"), ruleset=RULESET, summary="switch on a power, or make an area, in a fight",
            subcommands={"stop": Later(_FIELD, "+use/stop")}),
    Command("+area", Later(_FIELD, "+area"), ruleset=RULESET, summary="the areas of a fight and who is inside",
            subcommands={"end": Later(_FIELD, "+area/end")}),
)
