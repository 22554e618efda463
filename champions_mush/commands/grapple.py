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

import attrs

from ..game import attacks, entangling, grappling, rolls
from ..game import combat as fights
from ..game.hero import get_hero
from ..game.martial import SheetManeuver, sheet_maneuvers
from ..rules.champions.martial import MartialEffect
from ..text.markup import strip
from .base import CommandError, ParsedCommand
from .brief import vitals_of
from .combat import TAG, acting, finish, who_acts
from .context import Context
from .dice import find_target
from .grapple_text import disarm_lines, escape_lines, grab_lines, guarded_lines, held_lines

__all__ = ["HANDLERS", "Move", "attack", "chosen"]

#: The standard maneuvers this module runs through +attack (HERO 5E revised), by the words typed.
STANDARD_WORDS = {"grab": "Grab", "squeeze": "Squeeze", "throw": "Throw", "disarm": "Disarm", "choke": "Choke Hold",
                  "choke hold": "Choke Hold", "chokehold": "Choke Hold"}


@attrs.frozen
class Move:
    """A maneuver +attack hands here: a standard one's name, or a sheet's Martial Arts maneuver."""

    name: str
    martial: SheetManeuver | None
    rest: list[str]


def _key(text: str) -> str:
    return " ".join(re.sub(r"[^0-9a-z#]+", " ", text.lower()).split())


def _martial_choice(char, found: list[SheetManeuver], text: str) -> SheetManeuver:  # noqa: ANN001 - a Character
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


def _listing(char, found: list[SheetManeuver]) -> str:  # noqa: ANN001 - a Character
    if not found:
        return f"{char.name} has no Martial Arts maneuvers on the sheet."
    shown = "; ".join(f"#{m.number} {m.name} ({_numbers(m)})" for m in found)
    return f"Martial Arts on {char.name}'s sheet: {shown}. Use one: +attack <target>=ma <name or #number>."


def _numbers(m: SheetManeuver) -> str:
    ocv = "--" if m.maneuver.ocv is None else f"{m.maneuver.ocv:+d}"
    return f"OCV {ocv}, DCV {m.maneuver.dcv:+d}, {m.maneuver.text}"


def chosen(ctx: Context, attacker, words: list[str], options: set[str], *,  # noqa: ANN001 - a Character
           bought: bool = False) -> Move | None:
    """The maneuver of this module a +attack line names, with the option words after it; None
    when it names none of them (a Strike, a power ...). ``bought``: look at the Martial Arts on
    the sheet by name too (+attack tries them after its maneuvers and powers)."""
    if not words:
        return None
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


def _check(ctx: Context, attacker, targets: list) -> object:  # noqa: ANN001
    """The one target, in this fight, not the attacker; the attacker not Entangled."""
    if len(targets) != 1:
        raise CommandError("That maneuver takes one target.")
    target = targets[0]
    fight = fights.fight_of(ctx.game, attacker)
    if target.id == attacker.id:
        raise CommandError("Attack someone else.")
    if fight is None or target.location != attacker.location or fight.fighter(target.id) is None:
        raise CommandError(f"{target.name} is not in this fight.")
    if entangling.entangle_of(ctx.game, attacker) is not None:
        raise CommandError(f"{attacker.name} is Entangled and can only break out: +attack me=strike entangle.")
    return target


def attack(ctx: Context, attacker, targets: list, move: Move, order: attacks.AttackOrder,  # noqa: ANN001
           render: Callable[[object], list[str]], tell: Tell) -> None:
    """Run one of this module's maneuvers as +attack does, and tell the room (``tell``)."""
    target = _check(ctx, attacker, targets)
    martial = move.martial.maneuver if move.martial is not None else None
    if martial is not None and martial.effect in (MartialEffect.BLOCK, MartialEffect.DODGE, MartialEffect.ESCAPE):
        switch = {MartialEffect.BLOCK: "block", MartialEffect.DODGE: "dodge", MartialEffect.ESCAPE: "escape"}[martial.effect]
        raise CommandError(f"{move.name} is not an attack: +combat/{switch} {move.name.lower()}.")
    if martial is not None and (martial.effect is MartialEffect.OTHER or martial.ranged):
        raise CommandError(f"+attack does not roll {move.name} ({martial.text}): the GM applies it (+damage, +kb).")
    acting(ctx, attacker)
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
    elif move.name == "Grab" or (martial is not None and martial.effect is MartialEffect.GRAB):
        block, grabbed = grappling.grab(game, attacker, target, roller, martial)
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
        assert martial is not None
        made = grappling.martial_order(game, attacker, martial, order, move.name)
        block, outcome = grappling.resolve_guarded(game, attacker, target, made, roller)
        lines = guarded_lines(block, outcome, render)
        if outcome.hit and martial.falls:
            grappling.knock_down(game, target)
            lines.append(f"{target.name} falls: prone (1/2 DCV) until he stands.")
        hit = outcome.hit
    tell(ctx, attacker, [target], before, lines, hit)


# --- +combat/block, /dodge, /escape, /release --------------------------------------------------
def _named(ctx: Context, parsed: ParsedCommand) -> tuple[object, str]:
    """``[<name>=][<maneuver>]``: who acts and the maneuver's words."""
    if parsed.rhs is not None:
        return who_acts(ctx, find_target(ctx, parsed.lhs)), parsed.rhs.strip()
    return who_acts(ctx), parsed.args.strip()


def _sheet_move(ctx: Context, char, words: str, effect: MartialEffect) -> SheetManeuver | None:  # noqa: ANN001
    """The Martial Arts maneuver of that effect named (None for the standard one)."""
    if not words or words.lower() == effect.value:
        return None
    found = [m for m in sheet_maneuvers(get_hero(ctx.game, char)) if m.maneuver.effect is effect]
    if not found:
        raise CommandError(f"{char.name} has no Martial Arts {effect.value} maneuver on the sheet.")
    return _martial_choice(char, found, words.removeprefix("ma ").strip())


def _say(ctx: Context, head: str, after: list[str]) -> None:
    ctx.emit_room("\n".join(f"{TAG} {line}" for line in [head, *after]))


def block_text(ctx: Context, char, words: str) -> str:  # noqa: ANN001
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


def dodge_text(ctx: Context, char, words: str) -> str:  # noqa: ANN001
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
