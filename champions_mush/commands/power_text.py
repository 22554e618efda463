"""The lines players read for the powers of the genre in a fight: Entangle (RULES ENTANGLE),
Flash (RULES FLASH), Ego Attack (RULES EGO ATTACK), Drain and Aid (RULES DRAIN AND AID).

Each outcome value of game/entangling.py becomes one block, as commands/fight_text.py does for an
attack: the roll, what the dice made or broke, and the END spent.
"""

from __future__ import annotations

from ..game import adjusting, entangling, flashing, mental, minding
from ..rules.champions.damage import KillingDamage
from ..rules.champions.mental import level_text
from ..text.numbers import character_points
from .dice import dice_of, hit_text, killing_text, normal_text
from .fight_text import roll_line, spent_text

__all__ = ["adjustment_lines", "ego_lines", "entangle_lines", "flash_lines", "mind_lines", "struck_lines"]


def _end(outcome: entangling.Entangled | entangling.EntangleStruck | mental.EgoAttacked | adjusting.Adjustment
         | flashing.Flashed | minding.MindUsed) -> str:
    return spent_text(outcome.spent, f" ({', '.join(f'{c} for {w}' for c, w in outcome.end_parts)})")


def entangle_lines(outcome: entangling.Entangled) -> list[str]:
    """``Starfire attacks Viper (Glue): ...`` then the Entangle made and the END."""
    lines = [roll_line(outcome.rolled)]
    made, damage = outcome.made, outcome.damage
    if damage is not None and made is not None:
        faces = damage.roll.faces_text() if damage.roll is not None else ""
        lines.append(f"{outcome.amount} Entangle: {damage.body} BODY ({faces}). "
                     f"{outcome.rolled.target} is Entangled: DEF {made.defense}, BODY {made.body}; DCV 0, "
                     "and can only break out or use a Mental Power.")
    lines.append(_end(outcome))
    return lines


def struck_lines(outcome: entangling.EntangleStruck) -> list[str]:
    """A breakout or an attack on an Entangle: the dice, BODY less DEF, what is left."""
    if outcome.rolled is None:
        lines = [f"{outcome.attacker} tries to break out of the Entangle ({outcome.name})."]
    else:
        lines = [roll_line(outcome.rolled, f"the Entangle on {outcome.holder}")]
    hit, damage = outcome.hit, outcome.damage
    if hit is not None and damage is not None:
        text = killing_text(damage) if isinstance(damage, KillingDamage) else normal_text(damage)
        kind = "killing" if isinstance(damage, KillingDamage) else "normal"
        after = (f"the Entangle is destroyed: {outcome.holder} is free." if hit.after.destroyed
                 else f"the Entangle has BODY {hit.after.body} left.")
        lines.append(f"{outcome.amount} {kind}: {text}. {hit.body} BODY - {hit.after.defense} DEF = {hit.through} "
                     f"off its BODY: {after}")
    if outcome.backlash is not None:
        maker, body, now = outcome.backlash
        lines.append(f"Backlash: {maker} takes the {body} BODY too. Now BODY {now}.")
    lines.append(_end(outcome))
    return lines


def ego_lines(outcome: mental.EgoAttacked) -> list[str]:
    """``Starfire Ego Attacks Psiana (Mindbolt): ECV 3 vs ECV 3: 11 or less ...``, the STUN, END."""
    o = outcome
    ecv = f"ECV {o.ecv} +{o.levels} levels = {o.ecv + o.levels}" if o.levels else f"ECV {o.ecv}"
    lines = [(f"{o.attacker} Ego Attacks {o.target} ({o.name}): {ecv} vs ECV {o.target_ecv}: "
              f"{o.roll.target} or less, rolls {hit_text(o.roll).replace('DCV', 'ECV')}.")]
    if o.damage is not None and o.stun is not None and o.sheet is not None:
        state = ", Stunned" if o.stunned else ""
        state += ", Knocked Out" if o.sheet.knocked_out else ""
        lines.append(f"{o.amount} Ego Attack: {o.damage.stun} STUN "
                     f"({dice_of(o.damage).faces_text()}). {o.target} takes {o.stun.through} STUN ({o.stun.rolled} STUN - "
                     f"{o.stun.defense} Mental Defense), no BODY{state}. Now STUN {o.sheet.current_stun}.")
    lines.append(_end(o))
    return lines


def adjustment_lines(outcome: adjusting.Adjustment) -> list[str]:
    """An Adjustment Power: the roll (none on oneself), the effect roll in Character Points, what
    it works on after, and when the points return (RULES ADJUSTMENT POWERS)."""
    o = outcome
    lines = [roll_line(o.rolled) if o.rolled is not None else f"{o.user} uses {o.name} on {o.target}: no attack "
             "roll on oneself."]
    if o.dice is not None and o.value is not None:
        rolled = f"{character_points(o.dice.total)} ({o.dice.faces_text()})"
        less = f" - {o.defense} Power Defense" if o.kind in adjusting.AGAINST_POWER_DEFENSE else ""
        head = f"{o.amount} {o.kind} {o.characteristic}: {rolled}{less}: {character_points(o.points)}."
        if o.kind == "Healing":
            lines.append(f"{head} {o.target}'s {o.characteristic} is now {o.value} (never above its most).")
        elif o.kind == "Suppress":
            lines.append(f"{head} {o.target}'s {o.characteristic} is now {o.value} while {o.user} keeps it up.")
        else:
            back = "fade" if o.kind == "Aid" else "return"
            lines.append(f"{head} {o.target}'s {o.characteristic} is now {o.value}; 5 Character Points {back} "
                         f"each {o.rate}.")
        if o.gained_to:
            lines.append(f"{o.user} gains {character_points(o.gained)} of {o.gained_to}: {o.gained_to} "
                         f"{o.gained_value}; 5 fade each {o.rate}.")
    lines.append(_end(o))
    return lines


def flash_lines(outcome: flashing.Flashed) -> list[str]:
    """A Flash: the roll, its BODY less Flash Defense in Segments, and until when."""
    o = outcome
    lines = [roll_line(o.rolled)]
    if o.damage is not None:
        faces = o.damage.roll.faces_text() if o.damage.roll is not None else ""
        head = (f"{o.amount} Flash ({o.group.name}): {o.damage.body} BODY ({faces}) - {o.defense} Flash Defense = "
                f"{o.segments} Segment{'' if o.segments == 1 else 's'}.")
        if not o.segments:
            lines.append(f"{head} {o.rolled.target} is not Flashed.")
        else:
            worse = "; ½ DCV, ½ OCV hand-to-hand, 0 OCV at range" if o.group.targeting else ""
            lines.append(f"{head} {o.rolled.target} has lost the {o.group.name} through Segment {o.segment} of Turn "
                         f"{o.turn}{worse}.")
    lines.append(_end(o))
    return lines



def mind_lines(outcome: minding.MindUsed) -> list[str]:
    """A Mental Power: ECV against ECV, the effect roll against his EGO table, the command and the
    breakout roll, END (a Mind Link: no roll)."""
    o = outcome
    if o.roll is None:
        return [(f"{o.attacker} opens a Mind Link with {o.target} ({o.name}): no roll for a willing mind; "
                 f"{o.attacker}'s Mental Powers reach {o.target} without sight."), _end(o)]
    lines = [(f"{o.attacker} uses {o.kind} on {o.target} ({o.name}): ECV {o.ecv} vs ECV {o.target_ecv}: "
              f"{o.roll.target} or less, rolls {hit_text(o.roll).replace('DCV', 'ECV')}.")]
    if o.dice is not None:
        head = (f"{o.amount} {o.kind}: {o.dice.total} ({o.dice.faces_text()}) - {o.defense} Mental Defense = "
                f"{o.total} against EGO {o.ego}: ")
        if not o.level:
            lines.append(head + "short of EGO, no effect.")
        else:
            said = f' Command: "{o.command}".' if o.command and o.lasting else ""
            why = (f" ({o.breakout - o.modifier}- {o.modifier}: {o.past} past {level_text(o.level)})"
                   if o.modifier else "")
            breaks = f" Breakout: EGO {o.breakout}-{why} at the start of each of {o.target}'s Phases." \
                if o.lasting else ""
            lines.append(f"{head}{level_text(o.level)} reached: {o.reached}.{said}{breaks}")
    lines.append(_end(o))
    return lines
