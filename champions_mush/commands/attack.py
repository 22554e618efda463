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
from ..game import harm
from ..game import rolls
from ..game.sheets import get_sheet
from ..game.hero import AttackPower, HeroSheet, attack_powers, get_hero
from ..rules.champions.adding import HAYMAKER_DC, killing_attack_dice, strength_attack_dice
from ..rules.champions.damage import StunMultiplier, roll_killing, roll_normal, stated_damage
from ..rules.champions.dcs import AttackKind, add_dcs
from ..rules.champions.defenses import Against
from ..rules.champions.endurance import MAX_PUSH, end_cost, movement_end
from ..rules.champions.knockback import KBModifier, KBResult, roll_knockback
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
from ..rules.champions.rolls import attack_roll, range_modifier
from ..rules.dice import DiceAmount
from ..text.markup import strip
from .base import Command, CommandError, ParsedCommand, UsageError
from .brief import brief_line, vitals_of
from .combat import TAG, acting, finish, who_acts
from .context import Context
from .dice import find_target, hit_text, kb_text, killing_text, normal_text
from .fight_text import hurt_text, kb_lines, spent_text
from .gm import parse_kb_options
from .recording import journaled

__all__ = ["COMMANDS"]

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
    """What one +attack line asks for: the maneuver, a power of the attacker's, the options."""

    maneuver: _Maneuver
    power: AttackPower | None = None
    velocity: int = 0
    strength: int | None = None
    push: int = 0
    range: int | None = None
    attacker: object = None
    kb_words: str = ""

    @property
    def name(self) -> str:
        if self.power is None:
            return self.maneuver.name
        return self.power.name + ("" if self.maneuver is _STRIKE else f" {self.maneuver.name}")


_STRIKE = _MANEUVERS[0]
#: Words that begin the options of a +attack line.
_OPTIONS = {"v", "velocity", "str", "push", "range", "by", "into", "air", "flying", "high", "rolled", "underwater",
            "killing", "martial", "clinging", "root", "wall"}


def _maneuver_named(words: list[str]) -> _Maneuver | None:
    name = " ".join(words).replace("-", " ")
    return next((m for m in _MANEUVERS if name in (m.name.lower(), m.name.lower().replace(" ", ""))), None)


def _choose(hero_powers: list[AttackPower], words: list[str]) -> tuple[_Maneuver, AttackPower | None]:
    """``move through`` -> the maneuver; ``claws haymaker`` -> a power and a maneuver with it."""
    found = _maneuver_named(words)
    if found is not None:
        return found, None
    for cut in range(len(words), 0, -1):
        name, rest = " ".join(words[:cut]), words[cut:]
        maneuver = _maneuver_named(rest) if rest else _STRIKE
        if maneuver is None:
            continue
        exact = [p for p in hero_powers if p.name.lower() == name]
        found_powers = exact or [p for p in hero_powers if p.name.lower().startswith(name)]
        if len(found_powers) == 1:
            return maneuver, found_powers[0]
    raise UsageError(f"'{' '.join(words)[:30]}' is neither a maneuver nor an attack power on the sheet.")


def _number(words: list[str], word: str, top: int) -> int:
    if not words or not re.fullmatch(r"[0-9]{1,4}", words[0]) or int(words[0]) > top:
        raise UsageError(f"'{word}' takes a number from 0 to {top}.")
    return int(words.pop(0))


def _parse(ctx: Context, text: str) -> tuple[list[str], dict]:
    """The attack's words and its options (the attacker still to be found)."""
    words = text.lower().split()
    cut = next((i for i, w in enumerate(words) if w in _OPTIONS and not (w == "by" and words[i - 1:i] == ["move"])),
               len(words))
    what, rest = words[:cut], words[cut:]
    if not what:
        raise UsageError()
    found: dict = {}
    kb: list[str] = []
    while rest:
        word = rest.pop(0)
        if word in ("v", "velocity"):
            found["velocity"] = _number(rest, word, 999)
        elif word == "str":
            found["strength"] = _number(rest, word, 999)
        elif word == "push":
            found["push"] = _number(rest, word, MAX_PUSH)
        elif word == "range":
            found["range"] = _number(rest, word, 9999)
        elif word == "by":
            found["attacker"] = find_target(ctx, " ".join(rest))
            rest = []
        elif word in ("into", "root", "wall"):
            kb.extend([word, *rest])
            rest = []
        else:
            kb.append(word)
    found["kb_words"] = " ".join(kb)
    parse_kb_options(ctx, f"0 {found['kb_words']}")  # refuse bad Knockback words before any die
    return what, found


def _order(ctx: Context, attacker, what: list[str], options: dict) -> _Order:  # noqa: ANN001
    maneuver, power = _choose(attack_powers(get_hero(ctx.game, attacker)), what)
    order = _Order(maneuver=maneuver, power=power, **options)
    if maneuver.moves and not order.velocity:
        raise CommandError(f"A {maneuver.name} needs the velocity: ... v <inches>.")
    if power is not None and power.versus not in ("PD", "ED"):
        raise CommandError(f"{power.name} works against {power.versus}: the GM applies it (+damage).")
    ranged = power is not None and power.ranged
    if order.range is not None and not ranged and order.range > 1:
        raise CommandError(f"{order.name} is hand-to-hand: it reaches 1\" at most.")
    if ranged and maneuver is not _STRIKE:
        raise CommandError(f"{maneuver.name} goes with hand-to-hand attacks, not {power.name}.")
    return order


@journaled
def cmd_attack(ctx: Context, parsed: ParsedCommand) -> None:
    """+attack <target>=<maneuver>[ options]: attack on one's Phase, everything applied."""
    if parsed.rhs is None or not parsed.lhs.strip():
        raise UsageError()
    target = find_target(ctx, parsed.lhs)
    what, options = _parse(ctx, parsed.rhs)
    if fights.get_fight(ctx.game, ctx.actor.location) is None:
        raise CommandError("There is no fight here. Staff start one with +combat/start.")
    attacker = who_acts(ctx, options.get("attacker"), doing="attack")
    order = _order(ctx, attacker, what, options)
    acting(ctx, attacker, full=order.maneuver.moves)
    if target.id == attacker.id:
        raise CommandError("Attack someone else.")
    fight = fights.fight_of(ctx.game, attacker)
    if target.location != attacker.location or fight is None or fight.fighter(target.id) is None:
        raise CommandError(f"{target.name} is not in this fight.")
    before = vitals_of(ctx.game, target)
    lines, hit = _resolve(ctx, attacker, target, order)
    roll_id = rolls.log_roll(ctx.game, ctx.actor, "attack", strip(" ".join(lines)),
                             {"attacker": attacker.name, "target": target.name}, private=False)
    lines[-1] += f" |x[{roll_id}]|n"
    brief = brief_line(attacker.name, target.name, hit, before, vitals_of(ctx.game, target)) + f" |x[{roll_id}]|n"
    after = [f"{TAG} {a}" for a in finish(ctx, attacker)]
    ctx.emit_room("\n".join([f"{TAG} {lines[0]}"] + [f"  {line}" for line in lines[1:]] + after),
                  brief="\n".join([f"{TAG} {brief}", *after]))


def _dice(order: _Order, strength: int) -> tuple[DiceAmount, AttackKind, bool]:
    """The attack's dice, normal or killing, and whether STR is used (RULES ADDING DAMAGE: STR adds
    1 DC per 5 points to a HKA, a Move By or Through's dice add 1 DC each, Pushing comes last)."""
    m, power, v, push = order.maneuver, order.power, order.velocity, order.push
    extra = HAYMAKER_DC if m.name == "Haymaker" else 0
    if power is None:
        if m.moves:
            amount = m.dice(strength, v)
            return (add_dcs(amount, push // 5) if push else amount), AttackKind.NORMAL, True
        return strength_attack_dice(strength, extra_dcs=extra, pushed=push), AttackKind.NORMAL, True
    if power.kind is AttackKind.KILLING and not power.ranged:
        move = m.dice(strength, v) if m.moves else None
        amount = killing_attack_dice(power.dice, strength=0 if m.moves else strength, move_dice=move,
                                     extra_dcs=extra, pushed=push)
        return amount, AttackKind.KILLING, True
    if m.moves or (m.name == "Pull Punch" and power.kind is AttackKind.KILLING):
        raise CommandError(f"{m.name} goes with STR or a hand-to-hand Killing Attack, not {power.name}.")
    dcs = extra + push // 5 + (0 if power.ranged else strength // 5)  # a Hand-To-Hand Attack adds to STR
    return (add_dcs(power.dice, dcs, power.kind) if dcs else power.dice), power.kind, not power.ranged


def _combat_levels(hero: HeroSheet) -> int:
    """Combat Skill Levels on the sheet, all put on OCV (HERO 5E; Mental Combat Levels excluded)."""
    return sum(item.levels for item in hero.items if item.xmlid == "COMBAT_LEVELS")


def _ocv(ctx: Context, attacker, order: _Order, amount: DiceAmount) -> tuple[int, str]:  # noqa: ANN001
    """OCV with Combat Skill Levels, the maneuver, the Range Modifier, Set and Brace (HERO 5E)."""
    sheet = get_sheet(ctx.game, attacker)
    fighter = fights.fight_of(ctx.game, attacker).fighter(attacker.id)
    parts = [(_combat_levels(get_hero(ctx.game, attacker)), "levels"),
             (order.maneuver.ocv(order.velocity, amount), order.maneuver.name)]
    if order.power is not None and order.power.ranged:
        modifier = range_modifier(order.range or 0)
        parts += [(modifier, f"range {order.range or 0}\""), (min(2, -modifier) if fighter.braced else 0, "Brace"),
                  (1 if fighter.set else 0, "Set")]
    parts = [(n, w) for n, w in parts if n]
    ocv = sheet.base("OCV") + sum(n for n, _ in parts)
    if not parts:
        return ocv, f"OCV {ocv}"
    return ocv, f"OCV {sheet.base('OCV')} " + " ".join(f"{n:+d} {w}" for n, w in parts) + f" = {ocv}"


def _resolve(ctx: Context, attacker, target, order: _Order) -> tuple[list[str], bool]:  # noqa: ANN001
    """Roll and apply one attack: the lines of its block, and whether it hit."""
    m, v = order.maneuver, order.velocity
    sheet = get_sheet(ctx.game, attacker)
    strength = sheet.base("STR") if order.strength is None else min(order.strength, sheet.base("STR"))
    amount, kind, uses_str = _dice(order, strength)
    ocv, ocv_text = _ocv(ctx, attacker, order, amount)
    dcv, dcv_text = fights.target_dcv(ctx.game, target)
    result = attack_roll(ocv, dcv, ctx.roller)
    speed = f" at {v}\"" if m.moves else ""
    verb = m.verb if order.power is None or m is not _STRIKE else "attacks"
    lines = [f"{attacker.name} {verb} {target.name}{speed} ({order.name}): {ocv_text} vs {dcv_text}: "
             f"{result.target} or less, rolls {hit_text(result)}."]
    if result.hit:
        lines.extend(_damage(ctx, attacker, target, order, amount, kind))
    fights.update_fighter(ctx.game, attacker, dcv_mod=m.dcv, dcv_note=m.name if m.dcv else "")
    lines.append(_end(ctx, attacker, strength if uses_str else 0, order))
    return lines, bool(result.hit)


def _damage(ctx: Context, attacker, target, order: _Order, amount: DiceAmount,  # noqa: ANN001
            kind: AttackKind) -> list[str]:
    m = order.maneuver
    was_out = get_sheet(ctx.game, target).knocked_out
    against = Against.ED if order.power is not None and order.power.versus == "ED" else Against.PD
    options = parse_kb_options(ctx, f"0 {order.kb_words}")
    if kind is AttackKind.KILLING:
        damage = roll_killing(amount, ctx.roller, StunMultiplier.standard())
        lines = [f"{amount} killing: {killing_text(damage)}. {_hurt(ctx, target, damage, against)}"]
        mods = tuple(dict.fromkeys(options.mods + (KBModifier.KILLING_ATTACK,)))
    else:
        rolled = roll_normal(amount, ctx.roller)
        damage = pull_punch(rolled) if m.name == "Pull Punch" else rolled
        pulled = f", pulled to {damage.body} BODY" if damage is not rolled else ""
        lines = [f"{amount} normal: {normal_text(rolled)}{pulled}. {_hurt(ctx, target, damage, against)}"]
        mods = options.mods
    kb = roll_knockback(damage.body, ctx.roller, mods)
    options = attrs.evolve(options, body=damage.body, mods=mods)
    steps = harm.apply_knockback(ctx.game, target, kb, ctx.roller, options, knocked_out=was_out)
    lines.append(f"{kb_text(kb)}." + "".join(f" {line}" for line in kb_lines(steps)))
    if m.moves:
        moved = stated_damage(damage.stun, damage.body)
        if m.name == "Move By":
            share, what = move_by_attacker_share(moved), "1/3 of it"
        else:
            share = move_through_attacker_share(moved, kb)
            what = "all of it (no Knockback)" if kb.result is KBResult.NONE else "half of it"
        lines.append(f"{attacker.name} takes {what}, {share.stun} STUN {share.body} BODY: "
                     + _hurt(ctx, attacker, stated_damage(share.stun, share.body)))
    return lines


def _end(ctx: Context, attacker, strength: int, order: _Order) -> str:  # noqa: ANN001
    """END for the power, the STR used, the Push and the movement (RULES END USE, ADDING DAMAGE)."""
    parts = [(order.power.end, order.power.name)] if order.power is not None else []
    parts += [(end_cost(strength), f"STR {strength}")] if strength else []
    if order.push:
        parts.append((order.push, f"a {order.push}-point Push"))
    if order.maneuver.moves:
        parts.append((movement_end(order.velocity), f"{order.velocity}\" of movement"))
    cost = sum(c for c, _ in parts)
    spent = harm.spend(ctx.game, attacker, cost, ctx.roller)
    return spent_text(spent, f" ({', '.join(f'{c} for {w}' for c, w in parts)})")


def _hurt(ctx: Context, char, damage, against: Against = Against.PD) -> str:  # noqa: ANN001
    return hurt_text(harm.hurt(ctx.game, char, damage, against))


COMMANDS = (
    Command("+attack", cmd_attack, ruleset="champions", summary="attack on your Phase with a maneuver or a power"),
)
