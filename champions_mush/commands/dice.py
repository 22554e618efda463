"""Dice: +d6, +nd6, +kd6, +roll, +hit, and +dice/verify and +dice/log for the roll log.

Every roll is shown to the room (or, with ``/private``, to the roller and staff) and kept in
the roll log (:mod:`champions_mush.game.rolls`) under a short id anyone can check. A note
after ``=`` labels a roll: ``+nd6 8=Energy Blast at Viper``. Every number comes from the
Champions engine (:mod:`champions_mush.rules.champions`); this module only reads the line and
writes the result.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..game import rolls
from ..game.sheets import CHARACTERISTICS, Sheet, get_sheet
from ..rules.champions.damage import KillingDamage, NormalDamage, StunMultiplier, roll_killing, roll_normal
from ..rules.champions.knockback import KBModifier, Knockback, roll_knockback
from ..rules.champions.rolls import (
    AttackRoll,
    SkillRoll,
    attack_roll,
    characteristic_target,
    effective_dcv,
    skill_roll,
)
from ..rules.dice import DiceAmount, DiceRoll, roll_d6
from ..rules.errors import RulesError
from ..text.format import wrap
from ..text.markup import escape, strip
from ..text.numbers import is_number
from .base import Command, CommandError, ParsedCommand, Role, UsageError
from .context import Context
from .dispatch import PERMISSION_DENIED, permit

if TYPE_CHECKING:
    from ..game.objects import Character

__all__ = [
    "COMMANDS",
    "announce",
    "dice_of",
    "find_target",
    "kb_text",
    "killing_text",
    "log_and_announce",
    "normal_text",
    "note_text",
    "parse_amount",
    "parse_kd6",
    "roll_line",
    "skill_target",
    "skill_text",
    "split_versus",
    "staff_switch_allowed",
]

#: Longest note kept with a roll.
MAX_NOTE = 80
#: Most plain dice +d6 rolls at once (the engine's cap on any dice amount).
_MAX_D6 = 200


# --- shared helpers (used by gm.py and combat.py too) ----------------------------------------
def staff_switch_allowed(ctx: Context, parsed: ParsedCommand) -> bool:
    """For a staff-only use of a command that depends on its arguments (``+ptb/score name/...``).

    Asks the dispatcher's one permission check, and answers "Permission denied." when refused.
    Staff-only *switches* are subcommands with a role on the Command head instead.
    """
    if not permit(ctx, Role.STAFF):
        ctx.reply(PERMISSION_DENIED)
        return False
    return True


def note_text(parsed: ParsedCommand) -> str:
    """The note after ``=``, trimmed and with markup shown as typed ("" when none)."""
    note = (parsed.rhs or "").strip()
    return escape(note[:MAX_NOTE])


def announce(ctx: Context, text: str, private: bool = False) -> None:
    """A roll's line to the room, or (private) to the actor and every other connected staff member."""
    if not private:
        ctx.emit_room(text)
        return
    ctx.reply(text)
    actor = ctx.actor
    for char in ctx.game.connected_characters():
        if ctx.game.is_staff(char) and (actor is None or char.id != actor.id):
            ctx.game.msg(char, text)


def roll_line(ctx: Context, what: str, result: str, note: str, roll_id: str, private: bool, tag: str = "Dice") -> str:
    """``[Dice] Starfire rolls 10d6 normal: 31 STUN, 9 BODY (5 3 ...) [r1]`` with the note and privacy."""
    label = f"|c[{tag}{'/private' if private else ''}]|n"
    noted = f' for "{note}"' if note else ""
    name = ctx.actor.name if ctx.actor else "Someone"
    return f"{label} {name} rolls {what}{noted}: {result} |x[{roll_id}]|n"


def parse_amount(text: str) -> DiceAmount:
    """A dice amount from player text, or a usage error (the command's own usage line)."""
    text = text.strip()
    if not text:
        raise UsageError()
    try:
        return DiceAmount.parse(text)
    except RulesError as exc:
        raise UsageError(str(exc)) from None


def find_target(ctx: Context, name: str):  # Character
    """A character by name (exact, ``#id``, or a unique prefix of someone connected), or a usage error."""
    name = name.strip()
    if not name:
        raise CommandError("Who? Give a character's name.")
    if name.lower() == "me" and ctx.actor is not None:
        return ctx.actor
    char = ctx.game.match_character(name)
    if char is None:
        raise CommandError(f"There is no character called '{name[:30]}'.")
    return char


def kb_text(kb: Knockback) -> str:
    """``KB 9 - 7 (4 3) = 2"`` in the words of RULES KNOCKBACK 2."""
    faces = " ".join(str(f) for f in kb.faces)
    sums = f'KB {kb.body} BODY - {sum(kb.faces)} ({faces or "no dice"})'
    if kb.less:
        sums += f' {"-" if kb.less > 0 else "+"} {abs(kb.less)}" ({kb.less_why})'
    if kb.resisted:
        return f"{sums} = {kb.margin}\": resisted by rooting"
    if kb.result.name == "KNOCKED_BACK":
        return f'{sums} = {kb.inches}" knockback'
    return f"{sums}: {kb.result.value}"


def _private(parsed: ParsedCommand) -> bool:
    return "private" in parsed.switches


# --- +d6 --------------------------------------------------------------------------------------
def cmd_d6(ctx: Context, parsed: ParsedCommand) -> None:
    """+d6 <n>: n plain six-sided dice, each face and the total (RULES NORMAL DAMAGE 2 uses it)."""
    text = parsed.lhs.strip()
    if not re.fullmatch(r"[0-9]{1,4}", text) or not 1 <= int(text) <= _MAX_D6:
        raise UsageError()
    faces = roll_d6(int(text), ctx.roller)
    shown = " + ".join(str(f) for f in faces)
    result = f"{shown} = {sum(faces)}"
    private = _private(parsed)
    note = note_text(parsed)
    summary = f"{len(faces)}d6: {result}"
    roll_id = rolls.log_roll(ctx.game, ctx.actor, "d6", summary, {"faces": list(faces), "note": note}, private)
    announce(ctx, roll_line(ctx, f"{len(faces)}d6", result, note, roll_id, private), private)


# --- +nd6 -------------------------------------------------------------------------------------
def dice_of(damage: NormalDamage | KillingDamage) -> DiceRoll:
    """The dice rolled for ``damage``; damage a GM states has none to show (RULES TAKING DAMAGE)."""
    if damage.roll is None:
        raise ValueError("stated damage has no dice")
    return damage.roll


def normal_text(damage: NormalDamage) -> str:
    """``31 STUN, 9 BODY (5 3 4 2 1 1 6 4 2 3)`` with a hit location when there is one."""
    text = f"|h{damage.stun} STUN, {damage.body} BODY|n ({dice_of(damage).faces_text()})"
    if damage.location is not None:
        text += f", {damage.location.name} (STUN x{damage.location.n_stun}, BODY x{damage.location.body_x} after defenses)"
    return text


def cmd_nd6(ctx: Context, parsed: ParsedCommand) -> None:
    """+nd6 <dice>: normal damage, STUN and BODY (RULES NORMAL DAMAGE); /kb and /loc add rolls."""
    amount = parse_amount(parsed.lhs)
    damage = roll_normal(amount, ctx.roller, hit_locations="loc" in parsed.switches)
    result = normal_text(damage)
    dice = dice_of(damage)
    data: dict[str, Any] = {"amount": str(amount), "faces": list(dice.faces), "half": dice.half_face,
            "stun": damage.stun, "body": damage.body}
    if damage.location is not None:
        data["location"] = damage.location.name
    if "kb" in parsed.switches:
        kb = roll_knockback(damage.body, ctx.roller)
        result += f"; {kb_text(kb)}"
        data["kb"] = {"faces": list(kb.faces), "inches": kb.inches, "result": kb.result.value}
    log_and_announce(ctx, parsed, "nd6", f"{amount} normal", result, data)


# --- +kd6 -------------------------------------------------------------------------------------
_KD6_OPTION = re.compile(r"(?:^|\s)(?:x\s*[0-9]{1,3}|isnm\s*[0-9]{1,3})(?=\s|$)", re.IGNORECASE)


def parse_kd6(text: str, switches: tuple[str, ...]) -> tuple[DiceAmount, StunMultiplier]:
    """The amount and the STUN multiplier rule of a +kd6 line (see +HELP +KD6)."""
    match = _KD6_OPTION.search(text)
    amount_text, options = (text[: match.start()], text[match.start():]) if match else (text, "")
    amount = parse_amount(amount_text)
    fixed = re.search(r"x\s*([0-9]{1,3})", options, re.IGNORECASE)
    isnm = re.search(r"isnm\s*([0-9]{1,3})", options, re.IGNORECASE)
    leftover = re.sub(r"x\s*[0-9]{1,3}|isnm\s*[0-9]{1,3}", "", options, flags=re.IGNORECASE).strip()
    if leftover:
        raise UsageError()
    chosen = [bool(fixed), "6e" in switches, "loc" in switches]
    if sum(chosen) > 1:
        raise CommandError("Choose one of a fixed multiplier (x3), /6e and /loc.")
    levels = int(isnm.group(1)) if isnm else 0
    if fixed:
        if levels:
            raise CommandError("A fixed multiplier already includes any Increased STUN Multiplier.")
        return amount, StunMultiplier.fixed(int(fixed.group(1)))
    if "loc" in switches:
        if levels:
            raise CommandError("Hit locations set the multiplier; leave out isnm.")
        return amount, StunMultiplier.hit_locations()
    if "6e" in switches:
        return amount, StunMultiplier.sixth_edition(levels)
    return amount, StunMultiplier.standard(levels)


def killing_text(damage: KillingDamage) -> str:
    """``10 BODY, x2, 20 STUN (4 3 3; multiplier die 3)``."""
    if damage.location is not None:
        how = f"; {damage.location.name} on {' '.join(map(str, damage.multiplier_faces))}, BODY x{damage.location.body_x} after defenses"
    elif damage.multiplier_faces:
        how = f"; multiplier die {damage.multiplier_faces[0]}"
    else:
        how = "; fixed multiplier"
    return f"|h{damage.body} BODY, x{damage.multiplier}, {damage.stun} STUN|n ({dice_of(damage).faces_text()}{how})"


def cmd_kd6(ctx: Context, parsed: ParsedCommand) -> None:
    """+kd6 <dice>: killing damage, BODY, the STUN multiplier and STUN (RULES KILLING DAMAGE)."""
    amount, multiplier = parse_kd6(parsed.lhs, parsed.switches)
    damage = roll_killing(amount, ctx.roller, multiplier)
    result = killing_text(damage)
    dice = dice_of(damage)
    data: dict[str, Any] = {"amount": str(amount), "faces": list(dice.faces), "half": dice.half_face,
            "multiplier_faces": list(damage.multiplier_faces), "multiplier": damage.multiplier,
            "body": damage.body, "stun": damage.stun, "rule": str(multiplier)}
    if "kb" in parsed.switches:
        kb = roll_knockback(damage.body, ctx.roller, (KBModifier.KILLING_ATTACK,))
        result += f"; {kb_text(kb)}"
        data["kb"] = {"faces": list(kb.faces), "inches": kb.inches, "result": kb.result.value}
    log_and_announce(ctx, parsed, "kd6", f"{amount} killing", result, data)


def log_and_announce(ctx: Context, parsed: ParsedCommand, kind: str, what: str, result: str, data: dict,
                     tag: str = "Dice") -> None:
    """Write a roll to the roll log (``/private``: seen by the roller and staff only, with its
    ``=note``), then show it with its id to the room (every ruleset's rolls come through here)."""
    private = _private(parsed)
    note = note_text(parsed)
    data["note"] = note
    summary = f"{what}: {result}"
    roll_id = rolls.log_roll(ctx.game, ctx.actor, kind, strip(summary), data, private)
    announce(ctx, roll_line(ctx, what, result, note, roll_id, private, tag=tag), private)


# --- +roll, +hit -----------------------------------------------------------------------------
#: what a +roll is made against; the modifier is split off first (:func:`_split_modifier`), so no
#: two parts of a pattern compete for the same spaces (that backtracked: docs/reliability.md)
_ROLL_WHAT = re.compile(r"[A-Za-z0-9][A-Za-z0-9 '/]*")
_MODIFIER = re.compile(r"([+-])\s*([0-9]{1,2})\Z")


def _split_modifier(text: str) -> tuple[str, int]:
    """``DEX +2`` -> ("DEX", 2); ``14`` -> ("14", 0): a trailing ``+n``/``-n`` (1-2 digits) split off."""
    match = _MODIFIER.search(text)
    if match is None:
        return text, 0
    return text[: match.start()].rstrip(), int(match[1] + match[2])


#: ``vs`` or ``vs.`` standing as a word; lookarounds, not ``\s+``, so a run of spaces is read once
_VERSUS = re.compile(r"(?i)(?<!\S)vs\.?(?!\S)")


def split_versus(text: str) -> tuple[str, str] | None:
    """``30 vs Bob active`` -> ("30", "Bob active"): the text around the first ``vs``; None without one."""
    match = _VERSUS.search(text)
    if match is None:
        return None
    return text[: match.start()].strip(), text[match.end():].strip()


def roll_target(ctx: Context, what: str, char: Character | None = None) -> tuple[str, int]:
    """The label and target number of a +roll: ``14``, a characteristic (9 + CHAR/5) or a skill
    (on ``char``'s sheet, the roller's when None)."""
    if what.isascii() and what.isdigit():
        value = int(what) if is_number(what) else 0
        if not 1 <= value <= 99:
            raise CommandError("A target number is 1 to 99.")
        return f"{value}-", value
    if ctx.game.config.ruleset != "champions":
        raise CommandError("Roll against a number here (+roll 14); sheets are for the Champions rules.")
    sheet = get_sheet(ctx.game, char or ctx.actor)
    stat = what.upper()
    if stat in CHARACTERISTICS:
        target = characteristic_target(sheet.base(stat))
        return f"{stat} ({target}-)", target
    found = sheet.find_skill(what)
    if found is None and char is not None:
        raise CommandError(f"{char.name} has no skill or characteristic '{what[:30]}' on the sheet.")
    if found is None:
        raise UsageError(f"You have no skill or characteristic '{what[:30]}' on your sheet.")
    name, stored = found
    target = skill_target(sheet, stored)
    return f"{name} ({target}-)", target


def skill_target(sheet: Sheet, value: str) -> int:
    """A stored skill value as a roll (:meth:`Sheet.skill_target`)."""
    return sheet.skill_target(value)


def _rolled_for(ctx: Context, what: str) -> tuple[Character | None, str]:
    """``Viper/Stealth``: staff roll a skill or characteristic of a character here (an NPC's);
    otherwise (None, ``what``) for the roller's own sheet."""
    name, slash, rest = what.partition("/")
    if not slash or not rest.strip() or ctx.game.config.ruleset != "champions":
        return None, what
    try:
        char = find_target(ctx, name)
    except CommandError:
        return None, what  # a skill with a slash in its name
    if char.id == ctx.actor.id:
        return None, rest.strip()
    if not ctx.is_staff:
        raise CommandError("Only staff roll for someone else.")
    return char, rest.strip()


def cmd_roll(ctx: Context, parsed: ParsedCommand) -> None:
    """+roll <target>: 3d6 roll-under, made or missed by how much (HERO 5E)."""
    what, modifier = _split_modifier(parsed.lhs.strip())
    if _ROLL_WHAT.fullmatch(what) is None:
        raise UsageError()
    char, what = _rolled_for(ctx, what)
    label, target = roll_target(ctx, what, char)
    result = skill_roll(target, ctx.roller, modifier=modifier)
    if modifier:
        label += f" at {modifier:+d}"
    whose = f" for {char.name}" if char is not None else ""
    log_and_announce(ctx, parsed, "roll", f"3d6{whose} vs {label}", skill_text(result),
                      {"target": result.target, "faces": list(result.faces), "margin": result.margin})


def skill_text(result: SkillRoll) -> str:
    """``10 (3 4 3): made by 3`` / ``missed by 2``, a 3 and an 18 said so."""
    faces = " ".join(map(str, result.faces))
    if result.total == 3:
        verdict = "a 3 always succeeds"
    elif result.total == 18:
        verdict = "an 18 always fails"
    elif result.success:
        verdict = f"made by {result.margin}"
    else:
        verdict = f"missed by {-result.margin}"
    return f"|h{result.total}|n ({faces}): {verdict}"


def cmd_hit(ctx: Context, parsed: ParsedCommand) -> None:
    """+hit <ocv> <dcv>: 3d6 <= 11 + OCV - DCV, and the highest DCV the roll hits (HERO 5E)."""
    words = parsed.lhs.split(None, 1)
    if not words:
        raise UsageError()
    if _is_int(words[0]):
        ocv, rest = int(words[0]), (words[1].strip() if len(words) > 1 else "")
    else:
        ocv, rest = get_sheet(ctx.game, ctx.actor).base("OCV"), parsed.lhs.strip()
    dcv, against = None, ""
    if rest and _is_int(rest):
        dcv = int(rest)
    elif rest:
        target = find_target(ctx, rest)
        sheet = get_sheet(ctx.game, target)
        dcv = effective_dcv(sheet.base("DCV"), stunned=sheet.stunned, knocked_out=sheet.knocked_out)
        why = "Knocked Out" if sheet.knocked_out else "Stunned" if sheet.stunned else ""
        against = f" {target.name}'s" + (f" ({why})" if why else "")
    if abs(ocv) > 99 or (dcv is not None and abs(dcv) > 99):
        raise CommandError("OCV and DCV are -99 to 99.")
    result = attack_roll(ocv, dcv, ctx.roller)
    what = f"to hit, OCV {ocv}" + (f" vs{against} DCV {dcv} ({result.target}-)" if dcv is not None else "")
    log_and_announce(ctx, parsed, "hit", what, hit_text(result),
                      {"ocv": ocv, "dcv": dcv, "faces": list(result.faces), "hit": result.hit})


def hit_text(result: AttackRoll) -> str:
    """``7 (2 3 2): hits; hits DCV 12 or less``."""
    faces = " ".join(map(str, result.faces))
    if result.total == 3:
        return f"|h3|n ({faces}): a 3 always hits"
    if result.total == 18:
        return f"|h18|n ({faces}): an 18 always misses"
    verdict = {True: "hits; ", False: "misses; ", None: ""}[result.hit]
    return f"|h{result.total}|n ({faces}): {verdict}hits DCV {result.hits_dcv} or less"


def _is_int(text: str) -> bool:
    return re.fullmatch(r"[+-]?[0-9]{1,3}", text.strip()) is not None


# --- +dice/verify, +dice/log ------------------------------------------------------------------
def cmd_dice(ctx: Context, parsed: ParsedCommand) -> None:
    """+dice/verify <id> checks a logged roll; +dice/log [name] lists recent ones (subcommands)."""
    raise UsageError()


def _verify(ctx: Context, parsed: ParsedCommand) -> None:
    text = parsed.args
    if not text.strip():
        raise UsageError(switch="verify")
    record = rolls.find_roll(ctx.game, text)
    if record is None or not rolls.visible_to(record, ctx.actor, ctx.is_staff):
        raise CommandError(f"There is no roll '{text.strip()[:20]}' in the roll log.")
    when = _when(ctx, record.time)
    private = " (private)" if record.private else ""
    ctx.reply(f"Roll {record.id}{private}: {record.actor} rolled {escape(record.summary)} {when}.")


def _when(ctx: Context, time: float) -> str:
    ago = max(0, int(ctx.game.clock() - time))
    if ago < 60:
        return f"{ago}s ago"
    if ago < 3600:
        return f"{ago // 60}m ago"
    if ago < 86400:
        return f"{ago // 3600}h ago"
    return f"{ago // 86400}d ago"


#: Rolls shown by +dice/log.
LOG_LENGTH = 15


def _log(ctx: Context, parsed: ParsedCommand) -> None:
    text = parsed.args
    who = find_target(ctx, text) if text.strip() else None
    # Staff see everything; a player sees the public rolls made in their room (and their own).
    if ctx.is_staff:
        found = rolls.recent_rolls(ctx.game, who, LOG_LENGTH)
    else:
        found = [
            r for r in rolls.recent_rolls(ctx.game, who, LOG_LENGTH * 4)
            if rolls.visible_to(r, ctx.actor, False) and (r.room == ctx.actor.location or r.actor_id == ctx.actor.id)
        ][-LOG_LENGTH:]
    title = f"Rolls of {who.name}" if who else "Recent rolls"
    if not found:
        ctx.reply(f"{title}: none.")
        return
    lines = [f"|h{title}|n (newest last):"]
    for r in found:
        mark = " (private)" if r.private else ""
        lines.append(f"{r.id:>6} {_when(ctx, r.time):>8}  {r.actor}{mark}: {escape(r.summary)}")
    ctx.reply(wrap("\n".join(lines), ctx.width))


COMMANDS = (
    Command("+d6", cmd_d6, switches=("private",), summary="roll plain d6"),
    Command("+nd6", cmd_nd6, ruleset="champions", switches=("private", "kb", "loc"), summary="roll normal damage"),
    Command("+kd6", cmd_kd6, ruleset="champions", switches=("private", "kb", "loc", "6e"), summary="roll killing damage"),
    Command("+roll", cmd_roll, switches=("private",), summary="3d6 roll-under against a number or your sheet"),
    Command("+hit", cmd_hit, ruleset="champions", switches=("private",), summary="attack roll: 11 + OCV - DCV"),
    Command("+dice", cmd_dice, subcommands={"verify": _verify, "log": _log}, summary="check and list logged rolls"),
)
