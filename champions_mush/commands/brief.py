"""Brief combat (``+client/brief on``): one short line per attack, for anyone who wants it.

``Brute hits Quill: 19 STUN, 6 BODY, Stunned. [r6z]`` instead of the whole block with every die;
the block stays in the fight's log (``+combat/log``) and the roll log (``+dice/verify r6z``).
A fight command hands both texts to ``Context.emit_room(full, brief=...)``, which gives each
listener in the room the one they chose (:func:`wants_brief`); :func:`brief_line` writes the
short one from what changed on the target's sheet (docs/player-guide.md, "Brief combat").
"""

from __future__ import annotations

from collections.abc import Mapping

from ..game.objects import Character
from ..game.sheets import get_sheet
from ..game.world import Game
from ..values import frozen

__all__ = ["Vitals", "brief_line", "vitals_of", "wants_brief"]


@frozen
class Vitals:
    """What a brief line compares: STUN, BODY and conditions before and after an action."""

    stun: int
    body: int
    conditions: tuple[str, ...]


def vitals_of(game: Game, char: Character) -> Vitals:
    sheet = get_sheet(game, char)
    return Vitals(sheet.current_stun, sheet.current_body, tuple(sheet.conditions()))


def brief_line(attacker: str, target: str, hit: bool, before: Vitals, after: Vitals) -> str:
    """``Brute hits Quill: 19 STUN, 6 BODY, Stunned.``, ``Brute misses Quill.``, or
    ``Brute hits Quill: no damage.``: the STUN and BODY the target lost (Knockback's included)
    and the conditions it gained."""
    if not hit:
        return f"{attacker} misses {target}."
    lost = [f"{n} {what}" for n, what in ((before.stun - after.stun, "STUN"), (before.body - after.body, "BODY")) if n]
    gained = [c for c in after.conditions if c not in before.conditions]
    return f"{attacker} hits {target}: {', '.join(lost + gained) or 'no damage'}."


def wants_brief(char: Character) -> bool:
    """True when ``char`` chose brief combat (``+client/brief on``, saved by commands/client.py)."""
    settings = char.settings.get("client")
    return settings is not None and isinstance(settings, Mapping) and settings.get("brief") is True
