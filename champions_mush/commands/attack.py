"""+attack <target>=<maneuver>[ options]: an attack on one's Phase, from the sheet, applied.

The attack roll uses the sheet's OCV with the maneuver's OCV against the target's DCV with every
condition the tracker keeps (:func:`champions_mush.game.combat.target_dcv`). A hit does the
maneuver's damage from STR (RULES MANEUVER STRIKE, MOVE BY, MOVE THROUGH, PULL PUNCH, RULES
ADDING DAMAGE: Haymaker +4 DC, Pushing added last) against the target's defenses; Knockback is
rolled once and applied (RULES KNOCKBACK); the attacker pays END for the STR used, the Push and
the movement (RULES END USE; STUN at 0 END) and keeps the maneuver's DCV until his next Phase.
The room sees one block with every die and the roll id; the Phase is used.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import attrs

from ..game import combat as fights
from ..game import rolls
from ..game.sheets import get_sheet
from ..rules.champions.adding import strength_attack_dice
from ..rules.champions.damage import NormalDamage, roll_normal, stated_damage
from ..rules.champions.dcs import add_dcs
from ..rules.champions.endurance import MAX_PUSH, end_cost, movement_end
from ..rules.champions.knockback import KBResult, roll_knockback
from ..rules.champions.maneuvers import (
    MOVE_BY_OCV,
    move_by_attacker_share,
    move_by_dice,
    move_through_attacker_share,
    move_through_dice,
    move_through_ocv,
    pull_punch,
    pull_punch_ocv,
)
from ..rules.champions.rolls import attack_roll
from ..rules.dice import DiceAmount
from ..text.markup import strip
from .base import Command, CommandError, ParsedCommand
from .combat import TAG, acting, finish
from .context import Context
from .dice import find_target, hit_text, kb_text, normal_text
from .gm import apply_knockback, hurt, parse_kb_options, spend
from .recording import journaled

__all__ = ["COMMANDS"]

_USAGE = ("Usage: +attack <target>=<strike|haymaker|move by|move through|pull punch>"
          " [v <velocity>] [str <STR used>] [push <points>] [wall <DEF> <BODY> [after <inches>]] [into <name>]"
          " [air] [by <attacker>]  (see +HELP +ATTACK)")


@attrs.frozen
class _Maneuver:
    """A STR maneuver: its name and verb, OCV, the attacker's DCV until his next Phase, and dice."""

    name: str
    verb: str
    ocv: Callable[[int, DiceAmount], int]  #: from velocity and dice
    dcv: int
    dice: Callable[[int, int], DiceAmount]  #: from STR used and velocity
    moves: bool = False


_MANEUVERS = (
    _Maneuver("Strike", "Strikes", lambda v, d: 0, 0, lambda s, v: strength_attack_dice(s)),
    _Maneuver("Haymaker", "Haymakers", lambda v, d: 0, -5, lambda s, v: strength_attack_dice(s, extra_dcs=4)),
    _Maneuver("Move By", "Moves By", lambda v, d: MOVE_BY_OCV, -2, move_by_dice, moves=True),
    _Maneuver("Move Through", "Moves Through", lambda v, d: move_through_ocv(v), -3, move_through_dice, moves=True),
    _Maneuver("Pull Punch", "Pulls a Punch on", lambda v, d: pull_punch_ocv(d), 0,
              lambda s, v: strength_attack_dice(s)),
)


@attrs.frozen
class _Order:
    """What one +attack line asks for."""

    maneuver: _Maneuver
    velocity: int = 0
    strength: int | None = None
    push: int = 0
    attacker: object = None
    kb_words: str = ""


def _find_maneuver(words: list[str]) -> tuple[_Maneuver, list[str]]:
    for length in (2, 1):
        name = " ".join(words[:length]).replace("-", " ")
        for m in _MANEUVERS:
            if name in (m.name.lower(), m.name.lower().replace(" ", "")):
                return m, words[length:]
    raise CommandError(f"'{' '.join(words[:2])[:30]}' is not a maneuver +attack knows. {_USAGE}")


def _number(words: list[str], word: str, top: int) -> int:
    if not words or not re.fullmatch(r"[0-9]{1,4}", words[0]) or int(words[0]) > top:
        raise CommandError(f"'{word}' takes a number from 0 to {top}. {_USAGE}")
    return int(words.pop(0))


def _parse(ctx: Context, text: str) -> _Order:
    words = text.lower().split()
    if not words:
        raise CommandError(_USAGE)
    maneuver, rest = _find_maneuver(words)
    found: dict = {"maneuver": maneuver}
    kb: list[str] = []
    while rest:
        word = rest.pop(0)
        if word in ("v", "velocity"):
            found["velocity"] = _number(rest, word, 999)
        elif word == "str":
            found["strength"] = _number(rest, word, 999)
        elif word == "push":
            found["push"] = _number(rest, word, MAX_PUSH)
        elif word == "by":
            found["attacker"] = find_target(ctx, " ".join(rest))
            rest = []
        elif word == "into":
            kb.extend([word, *rest])
            rest = []
        else:
            kb.append(word)
    if maneuver.moves and not found.get("velocity"):
        raise CommandError(f"A {maneuver.name} needs the velocity: ... v <inches>.")
    found["kb_words"] = " ".join(kb)
    parse_kb_options(ctx, f"0 {found['kb_words']}")  # refuse bad Knockback words before any die
    return _Order(**found)


def _attacker(ctx: Context, order: _Order):  # noqa: ANN202 - a Character
    if order.attacker is not None:
        if order.attacker.id != ctx.actor.id and not ctx.is_staff:
            raise CommandError("Only staff can attack for someone else.")
        return order.attacker
    fight = fights.get_fight(ctx.game, ctx.actor.location)
    if fight is None:
        raise CommandError("There is no fight here. Staff start one with +combat/start.")
    if fight.fighter(ctx.actor.id) is None and ctx.is_staff and fight.current is not None:
        return ctx.game.characters[fight.current]
    return ctx.actor


@journaled
def cmd_attack(ctx: Context, parsed: ParsedCommand) -> None:
    """+attack <target>=<maneuver>[ options]: attack on one's Phase, everything applied."""
    if parsed.rhs is None or not parsed.lhs.strip():
        raise CommandError(_USAGE)
    target = find_target(ctx, parsed.lhs)
    order = _parse(ctx, parsed.rhs)
    attacker = _attacker(ctx, order)
    acting(ctx, attacker, full=order.maneuver.moves)
    if target.id == attacker.id:
        raise CommandError("Attack someone else.")
    if fights.fight_of(ctx.game, target) is None:
        raise CommandError(f"{target.name} is not in the fight.")
    lines = _resolve(ctx, attacker, target, order)
    roll_id = rolls.log_roll(ctx.game, ctx.actor, "attack", strip(" ".join(lines)),
                             {"attacker": attacker.name, "target": target.name}, private=False)
    lines[-1] += f" |x[{roll_id}]|n"
    after = finish(ctx, attacker)
    ctx.emit_room("\n".join([f"{TAG} {lines[0]}"] + [f"  {line}" for line in lines[1:]] + [f"{TAG} {a}" for a in after]))


def _resolve(ctx: Context, attacker, target, order: _Order) -> list[str]:  # noqa: ANN001
    """Roll and apply one attack: the lines of its block."""
    m, v = order.maneuver, order.velocity
    sheet = get_sheet(ctx.game, attacker)
    strength = sheet.base("STR") if order.strength is None else min(order.strength, sheet.base("STR"))
    amount = m.dice(strength, v)
    if order.push:
        amount = strength_attack_dice(strength, extra_dcs=4 if m.name == "Haymaker" else 0, pushed=order.push) \
            if not m.moves else add_dcs(amount, order.push // 5)
    ocv_mod = m.ocv(v, amount)
    ocv = sheet.base("OCV") + ocv_mod
    dcv, dcv_text = fights.target_dcv(ctx.game, target)
    result = attack_roll(ocv, dcv, ctx.roller)
    speed = f" at {v}\"" if m.moves else ""
    ocv_text = f"OCV {sheet.base('OCV')} {ocv_mod:+d} = {ocv}" if ocv_mod else f"OCV {ocv}"
    lines = [f"{attacker.name} {m.verb} {target.name}{speed} ({m.name}): {ocv_text} vs {dcv_text}: "
             f"{result.target} or less, rolls {hit_text(result)}."]
    if result.hit:
        lines.extend(_damage(ctx, attacker, target, order, amount))
    fights.update_fighter(ctx.game, attacker, dcv_mod=m.dcv, dcv_note=m.name if m.dcv else "")
    lines.append(_end(ctx, attacker, strength, order))
    return lines


def _damage(ctx: Context, attacker, target, order: _Order, amount: DiceAmount) -> list[str]:  # noqa: ANN001
    m = order.maneuver
    was_out = get_sheet(ctx.game, target).knocked_out
    rolled = roll_normal(amount, ctx.roller)
    damage: NormalDamage = pull_punch(rolled) if m.name == "Pull Punch" else rolled
    pulled = f", pulled to {damage.body} BODY" if damage is not rolled else ""
    lines = [f"{amount} normal: {normal_text(rolled)}{pulled}. {hurt(ctx, target, damage)}"]
    options = parse_kb_options(ctx, f"{damage.body} {order.kb_words}")
    kb = roll_knockback(damage.body, ctx.roller, options.mods)
    lines.append(f"{kb_text(kb)}." + "".join(f" {line}" for line in
                                               apply_knockback(ctx, target, kb, options, knocked_out=was_out)))
    if m.moves:
        if m.name == "Move By":
            share, what = move_by_attacker_share(damage), "1/3 of it"
        else:
            share = move_through_attacker_share(damage, kb)
            what = "all of it (no Knockback)" if kb.result is KBResult.NONE else "half of it"
        lines.append(f"{attacker.name} takes {what}, {share.stun} STUN {share.body} BODY: "
                     + hurt(ctx, attacker, stated_damage(share.stun, share.body)))
    return lines


def _end(ctx: Context, attacker, strength: int, order: _Order) -> str:  # noqa: ANN001
    """END for the STR used, the Push and the movement (RULES END USE, ADDING DAMAGE)."""
    parts = [(end_cost(strength), f"STR {strength}")]
    if order.push:
        parts.append((order.push, f"a {order.push}-point Push"))
    if order.maneuver.moves:
        parts.append((movement_end(order.velocity), f"{order.velocity}\" of movement"))
    cost = sum(c for c, _ in parts)
    return spend(ctx, attacker, cost, f" ({', '.join(f'{c} for {w}' for c, w in parts)})")


COMMANDS = (
    Command("+attack", cmd_attack, ruleset="champions", summary="attack on your Phase with a maneuver"),
)
