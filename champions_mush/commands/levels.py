"""+levels [<name>]: the Combat and Penalty Skill Levels on a sheet, what each applies to and how.

Players give the levels out with +attack (``dcv <n>``, ``dc <n>``; the rest to OCV); this shows
which of the sheet's attacks and maneuvers each level works with and what it may do (HERO 5E
revised, rules/champions/levels.py).
"""

from __future__ import annotations

from ..game import attacks, skill_levels
from ..game.hero import attack_powers, get_hero
from ..rules.champions.levels import LEVEL_OPTIONS, usable_levels
from .base import CommandError, ParsedCommand
from .context import Context
from .dice import find_target

__all__ = ["HANDLERS"]


def _uses(level) -> str:
    """What a level may do: ``OCV``, ``OCV, or DCV, or two a DC``, ``DCV``, ``offsets penalties``."""
    if level.penalty:
        return "offsets the Range Modifier" if "range" in level.words.lower() else "offsets OCV penalties"
    option = LEVEL_OPTIONS.get(level.option.upper())
    if option is None:
        return "the GM applies it"
    if not option.ocv:
        return "DCV"
    return "OCV, or DCV, or two a DC" if option.dcv else "OCV"


def cmd_levels(ctx: Context, parsed: ParsedCommand) -> None:
    """+levels [<name>]: one's levels (staff: anyone's), each with its uses and the attacks it fits."""
    char = find_target(ctx, parsed.args) if parsed.args.strip() else ctx.actor
    if char.id != ctx.actor.id and not ctx.is_staff:
        raise CommandError("Only staff read someone else's levels.")
    hero = get_hero(ctx.game, char)
    levels = skill_levels.levels_of(hero)
    if not levels:
        raise CommandError(f"{char.name} has no Combat or Penalty Skill Levels on the sheet.")
    orders = [attacks.AttackOrder(maneuver=m) for m in attacks.MANEUVERS]
    orders += [attacks.AttackOrder(maneuver=attacks.STRIKE, power=p) for p in attack_powers(hero)]
    ctx.reply(f"Skill Levels on {char.name}'s sheet (+attack gives them out: dcv <n>, dc <n>, the rest to OCV):")
    for level in levels:
        fits = [o.name for o in orders if usable_levels([level], skill_levels.attack_use(o))]
        ctx.reply(f"  +{level.count} {level.name} ({level.option or 'no option'}): {_uses(level)}; with "
                  f"{', '.join(fits) if fits else 'none of the attacks on the sheet'}.")


#: Each command's handler, loaded at its first use from the table's entry (commands/fight.py).
HANDLERS = {"+levels": cmd_levels}
