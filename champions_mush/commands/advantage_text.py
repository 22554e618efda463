"""The sentences players read for the Advantages with outcomes of their own: Explosion, Continuous.

The game layer (game/explosions.py, game/continuing.py) returns values; each kind becomes its
text here, with commands/fight_text.py's pieces for the roll, the damage, Knockback and END.
"""

from __future__ import annotations

from ..game import attacks, continuing, explosions
from ..rules.champions.damage import KillingDamage
from .dice import hit_text, killing_text, normal_text
from .fight_text import _damage_line, _kb_line, _ocv_text, _power_roll_lines, spent_text

__all__ = ["continuous_lines", "explosion_lines", "stopped_text"]


def _per(inches: int) -> str:
    return "1\"" if inches == 1 else f"{inches}\""


def explosion_lines(outcome: explosions.ExplosionOutcome) -> list[str]:
    """An Explosion: the roll against the area's DCV 3, the dice rolled once, then for each
    target his distance, the dice that reached him and what they did, his Knockback; the END."""
    r = outcome.rolled
    lines = [(f"{r.attacker} attacks {r.target} ({r.name}, Explosion): {_ocv_text(r)} vs DCV {attacks.AREA_DCV} "
             f"(the area): {r.roll.target} or less, rolls {hit_text(r.roll)}.")]
    lines += _power_roll_lines(outcome.power_rolls, outcome.charges_left)
    full = outcome.full
    if full is not None:
        said = killing_text(full) if isinstance(full, KillingDamage) else normal_text(full)
        lines.append(f"At the centre {outcome.amount} {'killing' if isinstance(full, KillingDamage) else 'normal'}: "
                     f"{said}; -1 DC per {_per(outcome.inches_per_dc)} from it, the highest dice first.")
    for hit in outcome.hits:
        where = f"{hit.name}, {hit.distance}\" out (-{hit.lost} DC)"
        if hit.damage is None:
            lines.append(f"{where}: he has the defense the No Normal Defense attack names: it does nothing."
                         if hit.defended else f"{where}: the blast has nothing left for him.")
            continue
        lines.append(f"{where}: {_damage_line(hit.damage)}")
        lines.append(_kb_line(hit.knockback, hit.kb_steps, hit.kb_doubled) if hit.knockback is not None
                     else "No Knockback.")
    lines.append(spent_text(outcome.spent, f" ({', '.join(f'{c} for {w}' for c, w in outcome.end_parts)})"))
    return lines


def stopped_text(event: continuing.ContinuousStops) -> str:
    """``Starfire's Acid on Ox stops (Knocked Out).``"""
    return f"{event.attacker}'s {event.power} on {event.target} stops ({event.why})."


def continuous_lines(event: continuing.ContinuousGoesOn | continuing.ContinuousStops) -> list[str]:
    """A Continuous attack going on at the start of its user's Phase (no roll), or ending."""
    if isinstance(event, continuing.ContinuousStops):
        return [stopped_text(event)]
    lines = [f"{event.attacker}'s {event.power} goes on at {event.target} (Continuous, no roll):",
             f"  {_damage_line(event.damage)}",
             "  " + (_kb_line(event.knockback, event.kb_steps, event.kb_doubled) if event.knockback is not None
                     else "No Knockback."),
             f"  {spent_text(event.spent, f' ({event.spent.cost} for {event.power})')}"]
    return lines
