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

from ..game import attacks
from ..game import combat as fights
from ..game import rolls
from ..game.attacks import STRIKE, AttackOrder, Maneuver, maneuver_named
from ..game.hero import AttackPower, attack_powers, get_hero
from ..rules.champions.endurance import MAX_PUSH
from ..text.markup import strip
from .base import Command, CommandError, ParsedCommand, UsageError
from .brief import brief_line, vitals_of
from .combat import TAG, acting, finish, who_acts
from .context import Context
from .dice import find_target
from .fight_text import attack_lines, windup_text
from .gm import parse_kb_options
from .recording import journaled

__all__ = ["COMMANDS"]

#: Words that begin the options of a +attack line.
_OPTIONS = {"v", "velocity", "str", "push", "range", "by", "into", "air", "flying", "high", "rolled", "underwater",
            "killing", "martial", "clinging", "root", "wall"}


def _maneuver_named(words: list[str]) -> Maneuver | None:
    return maneuver_named(" ".join(words))


def _choose(hero_powers: list[AttackPower], words: list[str]) -> tuple[Maneuver, AttackPower | None]:
    """``move through`` -> the maneuver; ``claws haymaker`` -> a power and a maneuver with it."""
    found = _maneuver_named(words)
    if found is not None:
        return found, None
    for cut in range(len(words), 0, -1):
        name, rest = " ".join(words[:cut]), words[cut:]
        maneuver = _maneuver_named(rest) if rest else STRIKE
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


def _order(ctx: Context, attacker, what: list[str], options: dict) -> AttackOrder:  # noqa: ANN001
    maneuver, power = _choose(attack_powers(get_hero(ctx.game, attacker)), what)
    options = {k: v for k, v in options.items() if k != "attacker"}
    options["kb"] = parse_kb_options(ctx, f"0 {options.pop('kb_words')}")
    order = AttackOrder(maneuver=maneuver, power=power, **options)
    if maneuver.moves and not order.velocity:
        raise CommandError(f"A {maneuver.name} needs the velocity: ... v <inches>.")
    if power is not None and power.versus not in ("PD", "ED"):
        raise CommandError(f"{power.name} works against {power.versus}: the GM applies it (+damage).")
    ranged = power is not None and power.ranged
    if order.range is not None and not ranged and order.range > 1:
        raise CommandError(f"{order.name} is hand-to-hand: it reaches 1\" at most.")
    if ranged and maneuver is not STRIKE:
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
    if order.maneuver.name == "Haymaker":
        said = f"{TAG} {windup_text(attacks.wind_up(ctx.game, attacker, target, order))}"
        after = [f"{TAG} {a}" for a in finish(ctx, attacker)]
        ctx.emit_room("\n".join([said, *after]))
        return
    before = vitals_of(ctx.game, target)
    outcome = attacks.resolve(ctx.game, attacker, target, order, ctx.roller)
    lines, hit = attack_lines(outcome), outcome.hit
    roll_id = rolls.log_roll(ctx.game, ctx.actor, "attack", strip(" ".join(lines)),
                             {"attacker": attacker.name, "target": target.name}, private=False)
    lines[-1] += f" |x[{roll_id}]|n"
    brief = brief_line(attacker.name, target.name, hit, before, vitals_of(ctx.game, target)) + f" |x[{roll_id}]|n"
    after = [f"{TAG} {a}" for a in finish(ctx, attacker)]
    ctx.emit_room("\n".join([f"{TAG} {lines[0]}"] + [f"  {line}" for line in lines[1:]] + after),
                  brief="\n".join([f"{TAG} {brief}", *after]))


COMMANDS = (
    Command("+attack", cmd_attack, ruleset="champions", summary="attack on your Phase with a maneuver or a power"),
)
