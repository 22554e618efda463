"""Block, Dodge, Grab and the Martial Arts in a fight: +attack's maneuvers beyond Strike, and
+combat/block, /dodge, /escape, /release (HERO 5E revised; game/grappling.py).

``+attack Viper=grab``, ``=squeeze``, ``=throw``, ``=disarm``, ``=choke``; a Martial Arts
maneuver on the sheet by its name (``=martial strike``), or ``ma`` with a name, a start or its
#number (``=ma nerve``); ``ma`` alone lists the sheet's maneuvers. The +combat switches are
loaded at their first use (commands/base.py ``Later``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from ..game import attacks, entangling, grappling, multiple, rolls
from ..game import combat as fights
from ..game.hero import get_hero
from ..game.martial import SheetManeuver, sheet_maneuvers
from ..rules.champions.martial import MartialEffect
from ..text.markup import strip
from ..values import frozen
from .base import CommandError, ParsedCommand
from .brief import vitals_of
from .combat import TAG, acting, finish, who_acts
from .context import Context
from .dice import find_target
from .grapple_text import (
    disarm_lines,
    escape_lines,
    grab_lines,
    guarded_lines,
    held_lines,
    multiple_lines,
    several_lines,
)

if TYPE_CHECKING:
    from ..game.objects import Character

__all__ = ["HANDLERS", "Move", "attack", "chosen"]

#: The standard maneuvers this module runs through +attack (HERO 5E revised), by the words typed.
STANDARD_WORDS = {"grab": "Grab", "grab by": "Grab By", "squeeze": "Squeeze", "throw": "Throw", "disarm": "Disarm", "choke": "Choke Hold",
                  "choke hold": "Choke Hold", "chokehold": "Choke Hold"}
#: Those followed by the attack they make (``sweep martial strike``, ``rapid fire eb``, ``mpa eb + rka``).
LEADING_WORDS = {"sweep": "Sweep", "rapid fire": "Rapid Fire", "rapidfire": "Rapid Fire", "mpa": "Multiple-Power Attack",
                 "multiple power attack": "Multiple-Power Attack", "multiple-power attack": "Multiple-Power Attack",
                 "club": "Club Weapon", "club weapon": "Club Weapon"}


@frozen
class Move:
    """A maneuver +attack hands here: a standard one's name, or a sheet's Martial Arts maneuver."""

    name: str
    martial: SheetManeuver | None
    rest: list[str]


def _key(text: str) -> str:
    return " ".join(re.sub(r"[^0-9a-z#]+", " ", text.lower()).split())


def _martial_choice(char, found: list[SheetManeuver], text: str) -> SheetManeuver:  # a Character
    """``ma <name, start, #n>``: the one maneuver it names, or the list of them."""
    key = _key(text)
    number = re.fullmatch(r"#?([0-9]{1,3})", key)
    for pick in ((lambda m: number is not None and m.number == int(number[1])), (lambda m: _key(m.name) == key),
                 (lambda m: _key(m.name).startswith(key)), (lambda m: f" {key}" in f" {_key(m.name)}")):
        matched = [m for m in found if key and pick(m)]
        if len(matched) == 1:
            return matched[0]
        if len(matched) > 1:
            raise CommandError(f"'{text[:30]}' could be {' or '.join(m.name for m in matched[:6])}: say which.")
    raise CommandError(_listing(char, found))


def _listing(char, found: list[SheetManeuver]) -> str:  # a Character
    if not found:
        return f"{char.name} has no Martial Arts maneuvers on the sheet."
    shown = "; ".join(f"#{m.number} {m.name} ({_numbers(m)})" for m in found)
    return f"Martial Arts on {char.name}'s sheet: {shown}. Use one: +attack <target>=ma <name or #number>."


def _numbers(m: SheetManeuver) -> str:
    ocv = "--" if m.maneuver.ocv is None else f"{m.maneuver.ocv:+d}"
    return f"OCV {ocv}, DCV {m.maneuver.dcv:+d}, {m.maneuver.text}"


def chosen(ctx: Context, attacker, words: list[str], options: set[str], *,  # a Character
           bought: bool = False) -> Move | None:
    """The maneuver of this module a +attack line names, with the option words after it; None
    when it names none of them (a Strike, a power ...). ``bought``: look at the Martial Arts on
    the sheet by name too (+attack tries them after its maneuvers and powers)."""
    if not words:
        return None
    for cut in (3, 2, 1):
        if " ".join(words[:cut]) in LEADING_WORDS:
            return Move(LEADING_WORDS[" ".join(words[:cut])], None, words[cut:])
    if words[0] == "ma":
        found = sheet_maneuvers(get_hero(ctx.game, attacker))
        cuts = [cut for cut in range(len(words), 1, -1) if cut == len(words) or words[cut] in options]
        for cut in cuts:  # the longest name that fits, then the options ('ma martial strike v 10')
            try:
                picked = _martial_choice(attacker, found, " ".join(words[1:cut]))
            except CommandError:
                if cut == cuts[-1]:
                    raise
                continue
            return Move(picked.name, picked, words[cut:])
        raise CommandError(_listing(attacker, found))
    for cut in range(len(words), 0, -1):
        if cut < len(words) and words[cut] not in options:
            continue
        said = " ".join(words[:cut])
        if said in STANDARD_WORDS:
            return Move(STANDARD_WORDS[said], None, words[cut:])
        if not bought:
            continue
        mine = [m for m in sheet_maneuvers(get_hero(ctx.game, attacker)) if _key(m.name) == _key(said)]
        if mine:
            return Move(mine[0].name, mine[0], words[cut:])
    return None


Tell = Callable[[Context, object, list, list, list[str], bool], None]


def _check(ctx: Context, attacker, targets: list, several: bool = False) -> Character:
    """The one target (``several``: two or more), in this fight, not the attacker; the attacker
    not Entangled."""
    if several and len(targets) < 2:
        raise CommandError("A Sweep or Rapid Fire attacks two or more: +attack Ox, Viper=sweep.")
    if not several and len(targets) != 1:
        raise CommandError("That maneuver takes one target.")
    fight = fights.fight_of(ctx.game, attacker)
    for target in targets:
        if target.id == attacker.id:
            raise CommandError("Attack someone else.")
        if fight is None or target.location != attacker.location or fight.fighter(target.id) is None:
            raise CommandError(f"{target.name} is not in this fight.")
    if entangling.entangle_of(ctx.game, attacker) is not None:
        raise CommandError(f"{attacker.name} is Entangled and can only break out: "
                           f"{entangling.break_out(attacker.name, attacker.id == ctx.actor.id)}.")
    return targets[0]


OrderOf = Callable[[list[str]], attacks.AttackOrder]


def _made(ctx: Context, attacker, words: list[str], order_of: OrderOf, options: set[str]) -> attacks.AttackOrder:
    """The attack a Sweep, Rapid Fire or Club Weapon makes: a Martial Arts maneuver on the sheet,
    else a maneuver or power as +attack reads it (a Strike when none is named)."""
    martial = chosen(ctx, attacker, words, options, bought=True) if words and words[0] not in options else None
    if martial is not None and martial.martial is not None:
        return grappling.martial_order(ctx.game, attacker, martial.martial.maneuver,
                                       order_of(["strike", *martial.rest]), martial.name)
    if martial is not None:
        raise CommandError(f"A {martial.name} cannot go in that: Strikes, powers and Martial Arts can.")
    return order_of(words if words and words[0] not in options else ["strike", *words])


def _several(ctx: Context, attacker, targets: list, move: Move, order_of: OrderOf,
             render: Callable[[object], list[str]], tell: Tell, options: set[str]) -> None:
    """Sweep (hand-to-hand) or Rapid Fire (a ranged power) at everyone named, in order."""
    _check(ctx, attacker, targets, several=True)
    order = _made(ctx, attacker, move.rest, order_of, options)
    ranged = order.power is not None and order.power.ranged
    if ranged != (move.name == "Rapid Fire"):
        raise CommandError("Rapid Fire is for a ranged power; a Sweep for hand-to-hand attacks.")
    acting(ctx, attacker, full=True)
    before = [vitals_of(ctx.game, t) for t in targets]
    done = multiple.several_attacks(ctx.game, attacker, targets, order, ctx.roller)
    tell(ctx, attacker, targets, before, several_lines(done, render), done.hit)


def _multiple_power(ctx: Context, attacker, target, move: Move, order_of: OrderOf, tell: Tell) -> None:
    """A Multiple-Power Attack: ``mpa <power> + <power> [+ ...]``."""
    parts = [part.split() for part in " ".join(move.rest).split("+")]
    if len(parts) < 2 or not all(parts):
        raise CommandError("Name the powers with + between them: +attack Ox=mpa blast + claws.")
    orders = [order_of(part) for part in parts]
    acting(ctx, attacker)
    before = [vitals_of(ctx.game, target)]
    done = multiple.multiple_power_attack(ctx.game, attacker, target, orders, ctx.roller)
    tell(ctx, attacker, [target], before, multiple_lines(done), done.hit)


def attack(ctx: Context, attacker, targets: list, move: Move, order_of: OrderOf,
           render: Callable[[object], list[str]], tell: Tell, options: set[str]) -> None:
    """Run one of this module's maneuvers as +attack does, and tell the room (``tell``).
    ``order_of``: +attack's reading of a maneuver or power and its options."""
    if move.name in ("Sweep", "Rapid Fire"):
        _several(ctx, attacker, targets, move, order_of, render, tell, options)
        return
    target = _check(ctx, attacker, targets)
    if move.name == "Multiple-Power Attack":
        _multiple_power(ctx, attacker, target, move, order_of, tell)
        return
    if move.name == "Club Weapon":
        order = _made(ctx, attacker, move.rest, order_of, options)
        if order.power is None:
            raise CommandError("Club Weapon goes with a hand-to-hand Killing Attack: +attack Ox=club <its name>.")
        order = attrs.evolve(order, power=multiple.club(order.power))
    else:
        order = order_of(["strike", *move.rest])
    martial = move.martial.maneuver if move.martial is not None else None
    if martial is not None and martial.effect in (MartialEffect.BLOCK, MartialEffect.DODGE, MartialEffect.ESCAPE):
        switch = {MartialEffect.BLOCK: "block", MartialEffect.DODGE: "dodge", MartialEffect.ESCAPE: "escape"}[martial.effect]
        raise CommandError(f"{move.name} is not an attack: +combat/{switch} {move.name.lower()}.")
    if martial is not None and (martial.effect is MartialEffect.OTHER or martial.ranged):
        raise CommandError(f"+attack does not roll {move.name} ({martial.text}): the GM applies it (+damage, +kb).")
    if move.name == "Grab By" and not order.velocity:
        raise CommandError("A Grab By needs the velocity: ... v <inches>.")
    acting(ctx, attacker, full=move.name == "Grab By")
    before = [vitals_of(ctx.game, target)]
    game, roller = ctx.game, ctx.roller
    if move.name in ("Squeeze", "Throw") and martial is None:
        done = grappling.held_attack(game, attacker, target, move.name, roller, thrown=move.name == "Throw",
                                     strength=order.strength)
        lines, hit = held_lines(done), True
    elif martial is not None and martial.follows == "Grab":
        extra = martial.dcs
        done = grappling.held_attack(game, attacker, target, move.name, roller, extra=extra, thrown=martial.falls,
                                     strength=order.strength)
        lines, hit = held_lines(done), True
    elif move.name in ("Grab", "Grab By") or (martial is not None and martial.effect is MartialEffect.GRAB):
        velocity = order.velocity if move.name == "Grab By" else 0
        block, grabbed = grappling.grab(game, attacker, target, roller, martial, velocity)
        lines = guarded_lines(block, grabbed, lambda g: grab_lines(g))
        hit = grabbed.hit
    elif move.name == "Disarm" or (martial is not None and martial.effect is MartialEffect.DISARM):
        block, disarmed = grappling.disarm(game, attacker, target, roller, martial)
        lines = guarded_lines(block, disarmed, lambda d: disarm_lines(d))
        hit = disarmed.hit
    elif move.name == "Choke Hold" or (martial is not None and "grab one limb" in martial.text.lower()):
        block, outcome = grappling.choke(game, attacker, target, order, roller, martial)
        lines = guarded_lines(block, outcome, render)
        if outcome.hit:
            lines.append(f"{attacker.name} holds {target.name} by the throat: 1/2 DCV until free (+combat/escape).")
        hit = outcome.hit
    else:
        made = grappling.martial_order(game, attacker, martial, order, move.name) if martial is not None else order
        block, outcome = grappling.resolve_guarded(game, attacker, target, made, roller)
        lines = guarded_lines(block, outcome, render)
        if outcome.hit and martial is not None and martial.falls:
            grappling.knock_down(game, target)
            lines.append(f"{target.name} falls: prone (1/2 DCV) until he stands.")
        hit = outcome.hit
    tell(ctx, attacker, [target], before, lines, hit)


# --- +combat/block, /dodge, /escape, /release --------------------------------------------------
def _named(ctx: Context, parsed: ParsedCommand) -> tuple[Character, str]:
    """``[<name>=][<maneuver>]``: who acts and the maneuver's words."""
    if parsed.rhs is not None:
        return who_acts(ctx, find_target(ctx, parsed.lhs)), parsed.rhs.strip()
    return who_acts(ctx), parsed.args.strip()


def _sheet_move(ctx: Context, char, words: str, effect: MartialEffect) -> SheetManeuver | None:
    """The Martial Arts maneuver of that effect named (None for the standard one)."""
    if not words or words.lower() == effect.value:
        return None
    found = [m for m in sheet_maneuvers(get_hero(ctx.game, char)) if m.maneuver.effect is effect]
    if not found:
        raise CommandError(f"{char.name} has no Martial Arts {effect.value} maneuver on the sheet.")
    return _martial_choice(char, found, words.removeprefix("ma ").strip())


def _say(ctx: Context, head: str, after: list[str]) -> None:
    ctx.emit_room("\n".join(f"{TAG} {line}" for line in [head, *after]))


def block_text(ctx: Context, char, words: str) -> str:
    """Start a Block (or the Martial Block named): what to say of it."""
    chosen_move = _sheet_move(ctx, char, words, MartialEffect.BLOCK)
    if chosen_move is None:
        grappling.block(ctx.game, char)
        return (f"{char.name} Blocks: each hand-to-hand attack at {char.name} until their next Phase meets a Block "
                "roll first (OCV against the attacker's OCV; -2 for each after the first)")
    m = chosen_move.maneuver
    grappling.block(ctx.game, char, chosen_move.name, m.ocv or 0, m.dcv)
    return (f"{char.name} Blocks with {chosen_move.name} (OCV {m.ocv or 0:+d} to the Block roll, DCV {m.dcv:+d}) "
            "until their next Phase")


def dodge_text(ctx: Context, char, words: str) -> str:
    """Start a Dodge (or the Martial Dodge named): what to say of it."""
    chosen_move = _sheet_move(ctx, char, words, MartialEffect.DODGE)
    name, dcv = ("Dodge", 3) if chosen_move is None else (chosen_move.name, chosen_move.maneuver.dcv)
    grappling.dodge(ctx.game, char, name, dcv)
    return f"{char.name} Dodges ({name}): DCV {dcv:+d} against every attack until their next Phase"


def _block(ctx: Context, parsed: ParsedCommand) -> None:
    char, words = _named(ctx, parsed)
    acting(ctx, char)
    _say(ctx, f"{block_text(ctx, char, words)}.", finish(ctx, char))


def _dodge(ctx: Context, parsed: ParsedCommand) -> None:
    char, words = _named(ctx, parsed)
    acting(ctx, char)
    _say(ctx, f"{dodge_text(ctx, char, words)}.", finish(ctx, char))


def _escape(ctx: Context, parsed: ParsedCommand) -> None:
    """Escape a Grab: STR against STR, ½ Phase (HERO 5E revised)."""
    char, words = _named(ctx, parsed)
    acting(ctx, char)
    if grappling.holder_of(ctx.game, char) is None:  # before a maneuver named: say why first
        raise CommandError(f"{char.name} is not held.")
    chosen_move = _sheet_move(ctx, char, words, MartialEffect.ESCAPE)
    done = grappling.escape(ctx.game, char, ctx.roller, chosen_move.maneuver if chosen_move else None)
    lines = escape_lines(done)
    roll_id = rolls.log_roll(ctx.game, ctx.actor, "escape", strip(" ".join(lines)),
                             {"attacker": char.name, "target": done.contest.other}, private=False)
    lines[-1] += f" |x[{roll_id}]|n"
    after = finish(ctx, char, half=True)
    ctx.emit_room("\n".join([f"{TAG} {lines[0]}", *[f"  {line}" for line in lines[1:]], *[f"{TAG} {a}" for a in after]]))


def _release(ctx: Context, parsed: ParsedCommand) -> None:
    """Let go of whom one holds: no time (HERO 5E revised)."""
    char = who_acts(ctx, find_target(ctx, parsed.args) if parsed.args.strip() else None)
    held = grappling.release(ctx.game, char)
    ctx.emit_room(f"{TAG} {char.name} lets go of {held}.")


#: The +combat switches this module runs (commands/combat.py names them with ``Later``).
HANDLERS = {"block": _block, "dodge": _dodge, "escape": _escape, "release": _release}
