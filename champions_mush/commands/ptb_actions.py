"""What the Powers That Be commands do (their table entry is :mod:`.ptb`): loaded at a PTB
game's first ``+ptb`` (RULES POWERS THAT BE in a PTB game).

Rolls follow the dice conventions of :mod:`.dice`: shown to the room (``/private``: the roller
and staff), with the roller's name and the faces, and kept in the roll log under an id. Every
number comes from :mod:`champions_mush.rules.ptb`; this module reads the line and writes the result.

Scores on a sheet are kept as sheet skills named ``Attack``, ``Dodge Resist``,
``Physical Resist``, ``Boldness`` and ``Strength`` (set with ``+ptb/score``).
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import partial
from typing import Any

from ..game.sheets import SheetError, get_sheet, save_sheet
from ..rules import ptb
from ..rules.errors import RulesError
from ..rules.ptb.scores import check_score
from ..text.markup import escape
from ..text.numbers import is_number
from .base import CommandError, ParsedCommand, UsageError
from .context import Context
from .dice import find_target, log_and_announce, split_versus, staff_switch_allowed

__all__ = ["HANDLERS", "SCORE_NAMES", "multiplier_text"]

TAG = "PTB"
#: Sheet names of the scores the commands read, by what players may type.
SCORE_NAMES = {
    "attack": "Attack", "dodge": "Dodge Resist", "dodge resist": "Dodge Resist",
    "physical": "Physical Resist", "physical resist": "Physical Resist",
    "boldness": "Boldness", "strength": "Strength", "str": "Strength",
}
_INT = re.compile(r"[+-]?[0-9]{1,4}")


def _method(ctx: Context) -> str:
    return getattr(ctx.game.config, "ptb_roll_method", ptb.DEFAULT_ROLL_METHOD)


def multiplier_text(value: Fraction) -> str:
    """``x1/10``, ``x1``, ``x1 1/2``: a Damage Multiplier as the weapon table writes it."""
    whole, part = divmod(value, 1)
    if not part:
        return f"x{whole}"
    frac = f"{part.numerator}/{part.denominator}"
    return f"x{whole} {frac}" if whole else f"x{frac}"


# --- reading scores -----------------------------------------------------------------------------
def _sheet_score(ctx: Context, char, name: str) -> int:  # Character
    found = get_sheet(ctx.game, char).find_skill(name)
    if found is None or not is_number(found[1]):
        who = "You have" if ctx.actor is not None and char.id == ctx.actor.id else f"{char.name} has"
        raise CommandError(f"{who} no {name} score: give a number, or set it with +ptb/score {name}=<value>.")
    return int(found[1])


def _score(ctx: Context, token: str, name: str, default_self: bool = True) -> tuple[int, str]:
    """A score from a number, a character's sheet, or (empty) the actor's sheet: (value, label)."""
    token = token.strip()
    if not token:
        if not default_self:
            raise CommandError(f"Whose {name}? Give a name or a number.")
        return _sheet_score(ctx, ctx.actor, name), name
    if _INT.fullmatch(token):
        return check_score(int(token), name), name
    char = find_target(ctx, token)
    return _sheet_score(ctx, char, name), f"{char.name}'s {name}"


# --- the attack line ------------------------------------------------------------------------------
class _Options:
    """The words after the defender: defense kind, weapon, Strength, bonuses."""

    def __init__(self) -> None:
        self.active = False
        self.weapon_class = ptb.WeaponClass.MEDIUM
        self.kind = ptb.WeaponKind.MELEE
        self.two_handed = False
        self.strength: int | None = None
        self.bonus = 0
        self.defense_bonus = 0
        self.physical: int | None = None
        self.contact_margin = 0


_KINDS = {"gun": ptb.WeaponKind.GUN, "mech": ptb.WeaponKind.MECHANICAL,
          "mechanical": ptb.WeaponKind.MECHANICAL, "power": ptb.WeaponKind.OTHER}


def _number(words: list[str], i: int, what: str) -> int:
    if i >= len(words) or not _INT.fullmatch(words[i]):
        raise CommandError(f"Give a number after '{what}'.")
    return int(words[i])


def _options(words: list[str]) -> _Options:
    opts, i = _Options(), 0
    while i < len(words):
        word = words[i].lower()
        pair = " ".join(words[i:i + 2]).lower()
        if word in ("active", "passive"):
            opts.active = word == "active"
        elif word in ("2h", "two-handed", "twohanded"):
            opts.two_handed = True
        elif word in _KINDS:
            opts.kind = _KINDS[word]
        elif word in ("str", "strength"):
            i += 1
            opts.strength = check_score(_number(words, i, word), "Strength")
        elif word in ("def", "pr"):
            i += 1
            value = _number(words, i, word)
            if word == "def":
                opts.defense_bonus = check_score(value, "defense bonus")
            else:
                opts.physical = check_score(value, "Physical Resist")
        elif re.fullmatch(r"\+[0-9]{1,3}", word):
            opts.bonus = opts.contact_margin = int(word)
        elif pair.startswith("very ") and _is_class(pair):
            opts.weapon_class = ptb.WeaponClass.parse(pair)
            i += 1
        elif _is_class(word):
            opts.weapon_class = ptb.WeaponClass.parse(word)
        else:
            raise UsageError(f"I don't understand '{words[i][:20]}'.")
        i += 1
    return opts


def _is_class(text: str) -> bool:
    try:
        ptb.WeaponClass.parse(text)
    except RulesError:
        return False
    return True


def _split_vs(text: str) -> tuple[str, str, list[str]]:
    """``30 vs Bob active heavy`` -> ("30", "Bob", ["active", "heavy"])."""
    found = split_versus(text)
    words = found[1].split() if found else []
    if found is None or not words:
        raise UsageError()
    return found[0], words[0], words[1:]


def _defense(ctx: Context, token: str, opts: _Options, name: str = "Dodge Resist") -> tuple[ptb.Defense, str, object]:
    """The defender's declared defense, its label, and the character (None for a bare number)."""
    char = None if _INT.fullmatch(token) else find_target(ctx, token)
    score, label = _score(ctx, token, name, default_self=False)
    if opts.active:
        defense = ptb.active_defense(score, ctx.roller, _method(ctx), opts.defense_bonus)
    else:
        defense = ptb.passive_defense(score, opts.defense_bonus)
    return defense, label, char


def _defense_text(defense: ptb.Defense, label: str) -> str:
    extra = f" +{defense.bonus}" if defense.bonus else ""
    if defense.roll is not None:
        return f"{label} {defense.score}{extra} (active)"
    return f"{label} {defense.score}{extra} (passive {defense.value})"


def _contest_text(contest: ptb.Contest) -> str:
    attack = f"|h{contest.attack_value}|n"
    if contest.attack_bonus:
        attack += f" ({contest.attack.faces_text()}+{contest.attack_bonus})"
    elif len(contest.attack.faces) > 1:
        attack += f" ({contest.attack.faces_text()})"
    versus = f" vs {contest.defense.value}"
    verdict = f"hits by {contest.margin}" if contest.won else (
        "a tie: the defender wins" if contest.attack_value == contest.defense.value else "misses")
    return f"{attack}{versus}: {verdict}"


def _damage_text(result: ptb.AttackResult, weapon_class: ptb.WeaponClass | None) -> str:
    label = f"{weapon_class.label} " if weapon_class else ""
    return (f"{label}{multiplier_text(result.multiplier)} = {result.base_damage} + {result.bonus} = "
            f"|h{result.damage} damage|n")


def _log(ctx: Context, parsed: ParsedCommand, kind: str, what: str, result: str, data: dict) -> None:
    log_and_announce(ctx, parsed, f"ptb-{kind}", what, result, data, tag=TAG)


def _attack(ctx: Context, parsed: ParsedCommand, maneuver: ptb.Maneuver, action: str) -> None:
    left, target, words = _split_vs(parsed.lhs)
    opts = _options(words)
    full, _ = _score(ctx, left, "Attack")
    score = ptb.attack_score_for(full, maneuver)
    if score < 1:
        raise CommandError("An attack score of 0 cannot hit anything.")
    attack = ptb.roll_score(score, ctx.roller, _method(ctx))
    defense, label, char = _defense(ctx, target, opts)
    strength = opts.strength if opts.strength is not None else _own_strength(ctx)
    weapon = ptb.Weapon(opts.weapon_class, opts.kind, opts.two_handed, extra_bonus=opts.bonus)
    result = ptb.resolve_attack(attack, defense, weapon.multiplier, weapon.bonus(strength), maneuver)
    half = f" (half of {full})" if maneuver is not ptb.Maneuver.NORMAL else ""
    what = f"{'a ' + action if action != 'attack' else 'an attack'} of {score}{half} vs {_defense_text(defense, label)}"
    text = _contest_text(result.contest)
    if result.hit:
        text += f"; {_damage_text(result, opts.weapon_class)}"
        text += _after_hit(ctx, result, opts, char)
    data = {"score": score, "faces": list(attack.faces), "defense": defense.value, "active": defense.roll is not None,
            "hit": result.hit, "damage": result.damage, "maneuver": maneuver.value}
    _log(ctx, parsed, action, what, text, data)


def _own_strength(ctx: Context) -> int:
    found = get_sheet(ctx.game, ctx.actor).find_skill("Strength")
    return int(found[1]) if found and is_number(found[1]) else 10


def _after_hit(ctx: Context, result: ptb.AttackResult, opts: _Options, char) -> str:
    if result.maneuver is ptb.Maneuver.LETHAL:
        return ", to Vim (skipping Vigor)"
    if result.maneuver is not ptb.Maneuver.KNOCKOUT:
        return ""
    physical = opts.physical
    if physical is None and char is not None:
        found = get_sheet(ctx.game, char).find_skill("Physical Resist")
        physical = int(found[1]) if found and is_number(found[1]) else None
    if physical is None:
        return f"; the target must roll a Physical Resist of {result.damage} or be knocked out"
    ko = ptb.knockout_resist(result.damage, physical, ctx.roller, _method(ctx))
    rolled = f"Physical Resist {physical}: {ko.resist_value}"
    if ko.knocked_out:
        return f"; {rolled}, unconscious for |h{ko.rounds_unconscious} rounds|n"
    return f"; {rolled}, stays conscious"


# --- wrestling ------------------------------------------------------------------------------------
def _wrestle(ctx: Context, parsed: ParsedCommand) -> None:
    step, _, rest = parsed.lhs.strip().partition(" ")
    step = step.lower()
    if step == "restrain":
        move = ptb.wrestle_restrain()
        ctx.emit_room(f"|c[{TAG}]|n {ctx.actor.name} restrains their opponent ({move.ap_cost} AP, no damage).")
        return
    if step not in ("contact", "hold", "damage"):
        raise UsageError()
    left, target, words = _split_vs(rest)
    opts = _options(words)
    kind = "Attack" if step == "contact" else "Strength"
    score, _ = _score(ctx, left, kind)
    if score < 1:
        raise CommandError(f"A {kind} of 0 cannot be rolled.")
    roll = ptb.roll_score(score, ctx.roller, _method(ctx))
    defense, label, _char = _defense(ctx, target, opts, "Dodge Resist" if step == "contact" else "Strength")
    what = f"wrestling {step}, {score} vs {_defense_text(defense, label)}"
    if step == "damage":
        strength = opts.strength if opts.strength is not None else _own_strength(ctx)
        result = ptb.wrestle_damage(roll, defense, strength)
        text = _contest_text(result.contest)
        if result.hit:
            text += f"; {_damage_text(result, None)} (full Strength bonus)"
        data: dict[str, Any] = {"damage": result.damage}
    else:
        move = ptb.wrestle_contact(roll, defense) if step == "contact" else ptb.wrestle_hold(
            roll, defense, opts.contact_margin)
        assert move.contest is not None  # contact and hold are rolled (only restraint is not)
        text = f"{_contest_text(move.contest)} ({move.ap_cost} AP)"
        if step == "contact" and move.succeeded:
            text += f"; +{move.margin} toward the hold"
        elif step == "hold":
            text += "; the hold is on" if move.succeeded else "; no hold"
        data = {"margin": move.margin}
    data.update({"step": step, "faces": list(roll.faces), "defense": defense.value})
    _log(ctx, parsed, "wrestle", what, text, data)


# --- plain rolls and initiative -------------------------------------------------------------------
def _roll(ctx: Context, parsed: ParsedCommand) -> None:
    text = parsed.lhs.strip()
    if not text:
        raise UsageError()
    if _INT.fullmatch(text):
        score, label = check_score(int(text), "score", minimum=1), "a score"
    else:
        name = SCORE_NAMES.get(text.lower())
        if name is None:
            raise UsageError(f"'{text[:20]}' is not a score (try a number, attack, dodge, physical, "
                             "boldness or strength).")
        score, label = _sheet_score(ctx, ctx.actor, name), name
        if score < 1:
            raise CommandError(f"A {name} of 0 cannot be rolled.")
    rolled = ptb.roll_score(score, ctx.roller, _method(ctx))
    faces = f" ({rolled.faces_text()})" if len(rolled.faces) > 1 else ""
    _log(ctx, parsed, "roll", f"{label} of {score}", f"|h{rolled.total}|n{faces}",
         {"score": score, "faces": list(rolled.faces)})


def _init_entries(ctx: Context, text: str) -> list[ptb.InitiativeEntry]:
    if not text.strip():
        here = [c for c in ctx.game.characters_in(ctx.actor.location)
                if is_number((get_sheet(ctx.game, c).find_skill("Boldness") or ("", ""))[1])]
        if not here:
            raise UsageError("Nobody here has a Boldness score.")
        return [ptb.InitiativeEntry(c.name, _sheet_score(ctx, c, "Boldness")) for c in here]
    entries = []
    for part in text.split(","):
        words = part.split()
        passive = bool(words) and words[-1].lower() == "passive"
        words = words[:-1] if passive else words
        if not words:
            raise UsageError()
        if _INT.fullmatch(words[-1]) and len(words) > 1:
            name, boldness = " ".join(words[:-1]), check_score(int(words[-1]), "Boldness")
        else:
            char = find_target(ctx, " ".join(words))
            name, boldness = char.name, _sheet_score(ctx, char, "Boldness")
        entries.append(ptb.InitiativeEntry(escape(name[:30]), boldness, passive))
    if len(entries) > 50:
        raise CommandError("At most 50 combatants at once.")
    return entries


def _init(ctx: Context, parsed: ParsedCommand) -> None:
    order = ptb.roll_initiative(_init_entries(ctx, parsed.lhs), ctx.roller, _method(ctx))
    shown = ", ".join(
        f"{r.name} |h{r.value}|n" + (" (passive)" if r.passive or r.roll is None else f" ({r.roll.faces_text()} on {r.boldness})")
        for r in order)
    data = {"order": [[r.name, r.value, list(r.roll.faces) if r.roll else None] for r in order]}
    _log(ctx, parsed, "init", "initiative", shown, data)


# --- maneuvers without dice -----------------------------------------------------------------------
def _serpentine(ctx: Context, parsed: ParsedCommand) -> None:
    words = parsed.lhs.split()
    if not 1 <= len(words) <= 2 or not all(is_number(w, 4) for w in words):
        raise UsageError()
    feet, ap = int(words[0]), int(words[1]) if len(words) > 1 else 0
    move = ptb.serpentine(feet, ap)
    cost = f"{move.ap_cost} AP (double {ap})" if ap else "double AP"
    ctx.emit_room(f"|c[{TAG}]|n {ctx.actor.name} weaves {feet} ft for {cost}: +{move.ranged_dodge_bonus} "
                  f"Dodge Resist against ranged attacks until their next turn.")


def _dedicated(ctx: Context, parsed: ParsedCommand) -> None:
    words = parsed.lhs.lower().split()
    if not words or words[0] not in ("attack", "defense", "defence") or len(words) > 2 or (
            len(words) == 2 and not is_number(words[1], 4)):
        raise UsageError()
    ap = int(words[1]) if len(words) == 2 else 0
    action = ptb.dedicated_attack(ap) if words[0] == "attack" else ptb.dedicated_defense(ap)
    spent = f"all {ap} AP" if ap else "all their AP"
    gain = "one extra attack" if action.extra_attacks else "an active defense against every attack"
    ctx.emit_room(f"|c[{TAG}]|n {ctx.actor.name} makes a dedicated {words[0]}: {spent} for {gain}.")


# --- scores on the sheet --------------------------------------------------------------------------
def _set_score(ctx: Context, parsed: ParsedCommand) -> None:
    if parsed.rhs is None or not parsed.lhs.strip():
        raise UsageError()
    who, slash, key = parsed.lhs.rpartition("/")
    if slash:
        if not staff_switch_allowed(ctx, parsed):
            return
        char = find_target(ctx, who)
    else:
        char = ctx.actor
    name = SCORE_NAMES.get(key.strip().lower())
    if name is None:
        raise CommandError(f"'{key.strip()[:20]}' is not a PTB score: "
                           "attack, dodge, physical, boldness, strength.")
    value = parsed.rhs.strip()
    sheet = get_sheet(ctx.game, char)
    if sheet.approved and not slash:
        raise CommandError("Your sheet is approved: ask staff to change it.")
    if value and not re.fullmatch(r"[0-9]{1,2}", value):
        raise CommandError("A score is a whole number from 0 to 99 (an empty value clears it).")
    try:
        save_sheet(ctx.game, sheet.with_skill(name, value or None))
    except SheetError as exc:
        raise CommandError(str(exc)) from None
    owner = "your" if char.id == ctx.actor.id else f"{char.name}'s"
    ctx.reply(f"{name} cleared on {owner} sheet." if not value else f"{name} set to {value} on {owner} sheet.")


def _show_scores(ctx: Context) -> None:
    sheet = get_sheet(ctx.game, ctx.actor)
    names = ("Attack", "Dodge Resist", "Physical Resist", "Boldness", "Strength")
    parts = [f"{n} {(sheet.find_skill(n) or ('', '-'))[1]}" for n in names]
    ctx.reply(f"Your PTB scores: {', '.join(parts)}.  (+HELP +PTB for the commands)")


def cmd_ptb(ctx: Context, parsed: ParsedCommand) -> None:
    """+ptb: your scores; +ptb/<action> for the Powers That Be commands (subcommands, see +HELP +PTB)."""
    if parsed.args.strip():
        raise UsageError("+PTB takes an action as a switch (+HELP +PTB lists them).")
    _show_scores(ctx)


#: The handlers of +ptb (commands/ptb.py) by switch, "" for +ptb alone: loaded at a PTB game's first +ptb.
HANDLERS = {"": cmd_ptb, "attack": partial(_attack, maneuver=ptb.Maneuver.NORMAL, action="attack"),
            "knockout": partial(_attack, maneuver=ptb.Maneuver.KNOCKOUT, action="knockout"),
            "lethal": partial(_attack, maneuver=ptb.Maneuver.LETHAL, action="lethal"),
            "wrestle": _wrestle, "roll": _roll, "init": _init, "serpentine": _serpentine,
            "dedicated": _dedicated, "score": _set_score}
