"""What the AnimOuch! commands do (their table entry is :mod:`.animouch`): loaded at an
AnimOuch! game's first ``+ao`` (RULES ANIMOUCH in an AnimOuch! game).

Rolls follow the dice conventions of :mod:`.dice`: shown to the room (``/private``: the roller
and staff), with the roller's name and the faces, and kept in the roll log under an id. Every
number comes from :mod:`champions_mush.rules.animouch`; this module reads the line and writes the result.
"""

from __future__ import annotations

import re

from ..rules import animouch as ao
from ..text.markup import escape
from ..text.numbers import is_number
from .base import CommandError, ParsedCommand, UsageError
from .context import Context
from .dice import log_and_announce, split_versus

__all__ = ["HANDLERS", "check_text"]

TAG = "AO"
_INT = re.compile(r"[+-]?[0-9]{1,3}")
#: Largest distance in inches the commands accept.
MAX_INCHES = 10_000




def _log(ctx: Context, parsed: ParsedCommand, kind: str, what: str, result: str, data: dict) -> None:
    log_and_announce(ctx, parsed, f"ao-{kind}", what, result, data, tag=TAG)


def _faces(faces: tuple[int, ...]) -> str:
    return " ".join(map(str, faces))


def check_text(result: ao.Check) -> str:
    """``5 (1 4): skill shot`` with automatic results said so."""
    verdict = result.outcome.value
    if result.automatic:
        verdict = "a 2 always succeeds" if result.roll == 2 else (
            "a 12 always fails" if result.roll == 12 else "an unskilled 10-12 always fails")
    return f"|h{result.roll}|n ({_faces(result.faces)}): {verdict}"


class _Words:
    """Option words read one at a time: flags, ``name <n>`` pairs and ``+n`` modifiers."""

    def __init__(self, words: list[str], action: str) -> None:
        self.words = [w.lower() for w in words]
        self.action = action
        self.flags: set[str] = set()
        self.values: dict[str, list[int]] = {}
        self.modifier = 0

    def read(self, flags: tuple[str, ...] = (), valued: dict[str, int] | None = None) -> _Words:
        valued = valued or {}
        i = 0
        while i < len(self.words):
            word = self.words[i]
            if word in flags:
                self.flags.add(word)
            elif word in valued:
                count = valued[word]
                numbers = self.words[i + 1:i + 1 + count]
                if len(numbers) < count or not all(_INT.fullmatch(n) for n in numbers):
                    raise CommandError(f"Give {count} number{'s' if count > 1 else ''} after '{word}'.")
                self.values[word] = [int(n) for n in numbers]
                i += count
            elif re.fullmatch(r"[+-][0-9]{1,2}", word):
                self.modifier += int(word)
            else:
                raise UsageError(f"I don't understand '{word[:20]}'.")
            i += 1
        return self

    def value(self, name: str, default: int = 0) -> int:
        return self.values.get(name, [default])[0]


def _number(text: str, action: str, low: int = 0, high: int = MAX_INCHES) -> int:
    if not _INT.fullmatch(text.strip()) and not is_number(text.strip(), 5):
        raise UsageError()
    value = int(text)
    if not low <= value <= high:
        raise CommandError(f"Give a number from {low} to {high}.")
    return value


def _split_vs(text: str, action: str) -> tuple[str, list[str]]:
    found = split_versus(text)
    if found is None or not found[0] or not found[1]:
        raise UsageError()
    return found[0], found[1].split()


# --- attempts -------------------------------------------------------------------------------------
def _check(ctx: Context, parsed: ParsedCommand) -> None:
    words = parsed.lhs.lower().split()
    if not words:
        raise UsageError()
    text = " ".join(words)
    base_words = next((k for k in sorted(ao.DIFFICULTY_LADDER, key=len, reverse=True) if text.startswith(k)), None)
    if base_words is not None:
        base, rest = ao.DIFFICULTY_LADDER[base_words], text[len(base_words):].split()
        label = f"{base_words} ({base})"
    elif _INT.fullmatch(words[0]):
        base, rest, label = int(words[0]), words[1:], words[0].lstrip("+")
    else:
        raise UsageError()
    opts = _Words(rest, "check").read(flags=("unskilled",))
    target = ao.target_number(modifier=opts.modifier, base=base)
    result = ao.check(target, ctx.roller, skilled="unskilled" not in opts.flags)
    what = f"2D6 vs {label} {opts.modifier:+d} = {target}" if opts.modifier else f"2D6 vs {label}"
    if "unskilled" in opts.flags:
        what += ", unskilled"
    _log(ctx, parsed, "check", what, check_text(result),
         {"target": target, "faces": list(result.faces), "outcome": result.outcome.value})


def _opposed(ctx: Context, parsed: ParsedCommand) -> None:
    left, right = _split_vs(parsed.lhs, "opposed")
    if not _INT.fullmatch(left) or not _INT.fullmatch(right[-1]) or len(right) > 3:
        raise UsageError()
    name = escape(" ".join(right[:-1])[:30]) or "the other side"
    result = ao.opposed(int(left), int(right[-1]), ctx.roller)
    mine, theirs = result.totals
    me = ctx.actor.name
    verdict = {0: f"{me} wins", 1: f"{name} wins", None: "a tie (the GM decides; roll again?)"}[result.winner]
    text = (f"|h{mine}|n ({_faces(result.faces[0])} {int(left):+d}) vs |h{theirs}|n "
            f"({_faces(result.faces[1])} {int(right[-1]):+d}): {verdict}")
    _log(ctx, parsed, "opposed", f"an opposed attempt against {name}", text,
         {"faces": [list(f) for f in result.faces], "totals": list(result.totals), "winner": result.winner})


# --- combat ---------------------------------------------------------------------------------------
_HIT_FLAGS = ("short", "medium", "long", "extreme", "cover", "hurt", "flying", "moving", "again", "blind",
              "unexpected", "cone", "edge", "stun", "charged", "airborne")
_DAMAGE_FLAGS = ("glancing", "skillshot", "extreme", "flying", "charged", "stun")


def _damage_text(damage: ao.DamageRoll) -> str:
    mods = damage.modifiers
    parts = [_faces(damage.faces) or "no dice"]
    if mods.per_die:
        parts.append(f"{mods.per_die:+d} a die")
    if mods.halvings:
        parts.append("halved" if mods.halvings == 1 else "quartered")
    return f"|h{damage.total} damage|n ({', '.join(parts)})"


def _wounds_text(damage: int, toughness: int, stun: bool) -> str:
    wounds = ao.inflict(damage, toughness, stun)
    kind = " stun" if stun else ""
    return f"; toughness {toughness}: |h{wounds.count}{kind} wound{'s' if wounds.count != 1 else ''}|n"


def _hit(ctx: Context, parsed: ParsedCommand) -> None:
    left, right = _split_vs(parsed.lhs, "hit")
    if not _INT.fullmatch(left) or not _INT.fullmatch(right[0]):
        raise UsageError()
    opts = _Words(right[1:], "hit").read(flags=_HIT_FLAGS, valued={"impact": 1, "tough": 1})
    bands = [b for b in ("short", "medium", "long", "extreme") if b in opts.flags]
    if len(bands) > 1 or ("cone" in opts.flags and "edge" in opts.flags):
        raise CommandError("Give one range band, and cone or edge, not both.")
    cone = ao.ConePosition.IN_CONE if "cone" in opts.flags else (
        ao.ConePosition.EDGE_OF_CONE if "edge" in opts.flags else None)
    mods = ao.HitModifiers(
        accuracy=int(left), avoidance=int(right[0]),
        avoidance_counts=not ({"blind", "unexpected"} & opts.flags), repeated_target="again" in opts.flags,
        range=ao.RangeBand[bands[0].upper()] if bands else None, solid_cover="cover" in opts.flags,
        attacker_half_wounds="hurt" in opts.flags, flying_ranged="flying" in opts.flags,
        during_move="moving" in opts.flags, cone=cone, gm=opts.modifier,
    )
    result = ao.roll_to_hit(mods, ctx.roller)
    text = f"|h{result.roll}|n ({_faces(result.faces)}): {_hit_word(result)}"
    data = {"target": mods.target, "faces": list(result.faces), "outcome": result.outcome.value}
    if result.succeeded and "impact" in opts.values:
        impact = _bounded(opts.value("impact"), "Impact", 0, 200)
        damage = ao.roll_damage(impact, ctx.roller, ao.DamageModifiers.from_hit(
            result, extreme_range=mods.range is ao.RangeBand.EXTREME, moved_over_10="charged" in opts.flags,
            flying_hand_to_hand="airborne" in opts.flags))
        text += f"; {_damage_text(damage)}"
        data["damage"] = damage.total
        if "tough" in opts.values:
            text += _wounds_text(damage.total, _bounded(opts.value("tough"), "Toughness", 1, 999), "stun" in opts.flags)
    listed = ", ".join(f"{name} {value:+d}" for name, value in mods.items())
    _log(ctx, parsed, "hit", f"to hit, {mods.target} or less" + (f" ({listed})" if listed else ""), text, data)


def _hit_word(result: ao.Check) -> str:
    if result.automatic:
        return "a 2 always hits" if result.roll == 2 else "a 12 always misses"
    return {ao.Outcome.SKILL_SHOT: "hits, a skill shot (+1 a die)", ao.Outcome.SUCCESS: "hits",
            ao.Outcome.PARTIAL: "a glancing blow (half damage)", ao.Outcome.FAILURE: "misses"}[result.outcome]


def _bounded(value: int, what: str, low: int, high: int) -> int:
    if not low <= value <= high:
        raise CommandError(f"{what} must be from {low} to {high}.")
    return value


def _damage(ctx: Context, parsed: ParsedCommand) -> None:
    words = parsed.lhs.split()
    if not words:
        raise UsageError()
    impact = _bounded(_number(words[0], "damage"), "Impact", 0, 200)
    opts = _Words(words[1:], "damage").read(flags=_DAMAGE_FLAGS, valued={"tough": 1})
    mods = ao.DamageModifiers(
        glancing="glancing" in opts.flags, skill_shot="skillshot" in opts.flags,
        extreme_range="extreme" in opts.flags, flying_hand_to_hand="flying" in opts.flags,
        moved_over_10="charged" in opts.flags,
    )
    damage = ao.roll_damage(impact, ctx.roller, mods)
    text = _damage_text(damage)
    if "tough" in opts.values:
        text += _wounds_text(damage.total, _bounded(opts.value("tough"), "Toughness", 1, 999), "stun" in opts.flags)
    _log(ctx, parsed, "damage", f"{impact} impact", text, {"faces": list(damage.faces), "total": damage.total})


def _init(ctx: Context, parsed: ParsedCommand) -> None:
    entries = []
    for part in parsed.lhs.split(","):
        words = part.split()
        hurt = bool(words) and words[-1].lower() == "hurt"
        words = words[:-1] if hurt else words
        if len(words) < 2 or not _INT.fullmatch(words[-1]):
            raise UsageError()
        entries.append(ao.InitiativeEntry(escape(" ".join(words[:-1])[:30]), int(words[-1]), hurt))
    if len(entries) > 50:
        raise CommandError("At most 50 characters or groups at once.")
    order = ao.roll_initiative(entries, ctx.roller)
    shown = ", ".join(f"{r.name} |h{r.total}|n ({r.face}{_ties(r)})" for r in order)
    _log(ctx, parsed, "init", "initiative", shown,
         {"order": [[r.name, r.total, r.face, list(r.tie_breaks)] for r in order]})


def _ties(entry: ao.InitiativeRoll) -> str:
    return f"; tie: {' '.join(map(str, entry.tie_breaks))}" if entry.tie_breaks else ""


# --- motion ---------------------------------------------------------------------------------------
def _kb(ctx: Context, parsed: ParsedCommand) -> None:
    words = parsed.lhs.split()
    if not words:
        raise UsageError()
    points = _bounded(_number(words[0], "kb"), "Knockback", 0, 200)
    opts = _Words(words[1:], "kb").read(valued={"into": 1, "carry": 1})
    kb = ao.roll_knockback(points, ctx.roller)
    distance = kb.distance
    text = f"|h{distance}\"|n ({_faces(kb.faces) or 'no dice'})"
    if "carry" in opts.values:
        distance = ao.scale_knockback(distance, _bounded(opts.value("carry"), "Carry", 1, 10_000))
        text += f", {distance}\" for its size"
    if "into" in opts.values:
        before = _bounded(opts.value("into"), "Distance", 0, MAX_INCHES)
        if before < distance:
            dice = ao.knockback_impact(distance, before)
            text += f"; hits something after {before}\": {dice} dice to each"
    _log(ctx, parsed, "kb", f"{points} knockback", text, {"faces": list(kb.faces), "inches": distance})


def _fall(ctx: Context, parsed: ParsedCommand) -> None:
    words = parsed.lhs.split()
    if not words:
        raise UsageError()
    distance = _number(words[0], "fall")
    opts = _Words(words[1:], "fall").read(flags=("kb",), valued={"leap": 1})
    leap = _bounded(opts.value("leap"), "Leap", 0, MAX_INCHES)
    result = ao.fall(distance, leap, ctx.roller, from_knockback="kb" in opts.flags)
    text = ""
    if result.roll is not None:
        made = "made" if not result.full_distance else "failed"
        text = f"|h{result.roll.roll}|n ({_faces(result.roll.faces)}) on 7 or less: {made}; "
    impact = _bounded(result.impact, "Falling damage", 0, 200)
    damage = ao.roll_damage(impact, ctx.roller)
    text += f"{impact} dice" + (" (the full distance)" if result.full_distance else "") + f": {_damage_text(damage)}"
    _log(ctx, parsed, "fall", f"a fall of {distance}\" (leap {leap})", text,
         {"impact": impact, "faces": list(damage.faces), "total": damage.total})


def _collide(ctx: Context, parsed: ParsedCommand) -> None:
    words = parsed.lhs.lower().split()
    if len(words) < 3 or words[1] != "after":
        raise UsageError()
    speed, moved = _number(words[0], "collide"), _number(words[2], "collide")
    opts = _Words(words[3:], "collide").read(valued={"init": 1, "avoid": 1, "obstacle": 2})
    result = ao.collision(speed, moved, opts.value("init"), opts.value("avoid"), ctx.roller, opts.modifier)
    outcome = result.outcome
    text = f"|h{result.roll.roll}|n ({_faces(result.roll.faces)}) vs {result.roll.target}: {outcome.value}"
    data = {"target": result.roll.target, "faces": list(result.roll.faces), "outcome": outcome.value}
    if outcome is ao.CollisionOutcome.HIT:
        damage = ao.roll_damage(_bounded(result.impact, "Collision damage", 0, 200), ctx.roller)
        taken = damage.total
        if "obstacle" in opts.values:
            taken = min(taken, ao.damage_cap(*opts.values["obstacle"]))
        text += f"; {result.impact} dice each: {_damage_text(damage)}"
        if taken != damage.total:
            text += f", the mover takes only {taken} (the obstacle breaks)"
        data["damage"] = damage.total
    text += f"; {result.move_left}\" of movement left"
    _log(ctx, parsed, "collide", f"to avoid a collision at {speed}\"", text, data)


def _scatter(ctx: Context, parsed: ParsedCommand) -> None:
    distance = _number(parsed.lhs, "scatter")
    scatter = ao.roll_scatter(distance, ctx.roller)
    text = (f"direction die {scatter.direction}, distance {scatter.dice_text} ({_faces(scatter.faces)}): "
            f"|h{scatter.distance}\"|n")
    _log(ctx, parsed, "scatter", f"scatter from {distance}\"", text,
         {"direction": scatter.direction, "faces": list(scatter.faces)})


# --- figures without dice -------------------------------------------------------------------------
def _spray(ctx: Context, parsed: ParsedCommand) -> None:
    words = parsed.lhs.split()
    if len(words) != 2:
        raise UsageError()
    spray = ao.spray_fire(_number(words[0], "spray", 1, 200), _number(words[1], "spray", 1, 200))
    lost = f" ({spray.lost} impact lost)" if spray.lost else ""
    ctx.emit_room(f"|c[{TAG}]|n {ctx.actor.name} sprays {spray.impact} impact as {spray.attacks} "
                  f"attack{'s' if spray.attacks != 1 else ''} of {spray.impact_each}{lost}.")


def _nerve(ctx: Context, parsed: ParsedCommand) -> None:
    words = parsed.lhs.split()
    if not words or not _INT.fullmatch(words[0]):
        raise UsageError()
    opts = _Words(words[1:], "nerve").read()
    result = ao.run_away_check(int(words[0]), ctx.roller, opts.modifier)
    verdict = "stands firm" if result.holds else "runs away!"
    text = f"|h{result.roll.roll}|n ({_faces(result.roll.faces)}) vs under {result.roll.target}: {verdict}"
    _log(ctx, parsed, "nerve", "nerve", text, {"faces": list(result.roll.faces), "holds": result.holds})


def _terrain(ctx: Context, parsed: ParsedCommand) -> None:
    words = parsed.lhs.split()
    if len(words) != 2:
        raise UsageError()
    distance, side = _number(words[0], "terrain"), _number(words[1], "terrain", 1)
    shot = ao.terrain_shot(distance, side)
    said = "an automatic hit" if shot.automatic else f"{shot.modifier:+d} to hit"
    ctx.reply(f"Against terrain {side}\" across at {distance}\": {said} (automatic up to {10 * side}\").")


def cmd_ao(ctx: Context, parsed: ParsedCommand) -> None:
    """+ao <target>: a 2D6 attempt; +ao/<action> for the combat rolls (see +HELP +AO)."""
    _check(ctx, parsed)


#: The handlers of +ao (commands/animouch.py) by switch, "" for +ao alone: loaded at an AnimOuch! game's first +ao.
HANDLERS = {"": cmd_ao, "opposed": _opposed, "hit": _hit, "damage": _damage, "init": _init, "kb": _kb,
            "fall": _fall, "collide": _collide, "scatter": _scatter, "spray": _spray, "nerve": _nerve,
            "terrain": _terrain}
