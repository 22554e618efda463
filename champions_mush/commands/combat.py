"""The combat tracker and the Phase actions: +combat/<switch>, +recover, +paramedics.

Staff start, step and end a fight, set its mode, confirm, change and undo results; players act
on their own Phase in DEX order (or with a held action), staff for anyone (NPCs included). The
state and its timing live in :mod:`champions_mush.game.combat`; every change is a record in
the combat log (:mod:`champions_mush.game.journal`) that staff can take back.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import attrs

from ..game import adjusting, attacks, entangling, grappling, harm, journal, rolls
from ..game import combat as fights
from ..game.genre import genre_defenses
from ..game.hero import get_hero
from ..game.lasting import lasting_of
from ..game.martial import sheet_maneuvers
from ..game.sheets import get_sheet, save_sheet, sheet_defenses
from ..game.talents import lightning_reflexes
from ..rules.champions.effects import RecoveryFrequency, paramedic_modifier
from ..rules.champions.endurance import movement_end
from ..rules.champions.maneuvers import dive_for_cover
from ..rules.champions.martial import MartialEffect
from ..rules.champions.movement import forward_leap
from ..rules.champions.rolls import skill_roll
from ..text.format import table
from ..text.markup import strip
from .base import CommandError, Later, ParsedCommand, UsageError
from .context import Context
from .dice import find_target, skill_target, skill_text
from .fight_record import atomic, journaled
from .fight_text import phase_lines, recovery_said, recovery_sentence, spent_text
from .sheets import defense_text

__all__ = ["HANDLERS", "acting", "finish", "who_acts"]

TAG = "|r[Combat]|n"


# --- finding who acts ------------------------------------------------------------------------
def _fight(ctx: Context) -> fights.Fight:
    fight = fights.get_fight(ctx.game, ctx.actor.location)
    if fight is None:
        raise CommandError("There is no fight here. Staff start one with +combat/start.")
    return fight


def who_acts(ctx: Context, named=None, *, doing: str = "do that"):  # a Character
    """Who acts: the character named (staff may name anyone; players only themselves), else the
    actor, or for staff outside the fight the one whose Phase it is. ``doing``: for the refusal."""
    if named is not None:
        if named.id != ctx.actor.id and not ctx.is_staff:
            raise CommandError(f"Only staff can {doing} for someone else.")
        return named
    actor = ctx.actor
    fight = fights.get_fight(ctx.game, actor.location)
    if fight is not None and fight.current is not None and fight.fighter(actor.id) is None and ctx.is_staff:
        return ctx.game.characters[fight.current]  # (the role asked last: it is the costliest to ask)
    return actor


def _who(ctx: Context, name: str):  # a Character
    """:func:`who_acts` for a name typed (or none)."""
    return who_acts(ctx, find_target(ctx, name) if name.strip() else None)


def _in_fight(fight: fights.Fight, char) -> fights.Fighter:  # a Character
    fighter = fight.fighter(char.id)
    if fighter is None:
        raise CommandError(f"{char.name} is not in the fight.")
    return fighter


def acting(ctx: Context, char, *, full: bool = False, held: bool = True) -> fights.Fighter:
    """``char``'s record when he may act now: in his own Phase, or (``held``) with a held action.
    ``full``: the action needs a whole Phase (none of it used yet)."""
    fight = _fight(ctx)
    fighter = _in_fight(fight, char)
    if fight.waiting:
        raise CommandError("The last action waits for the GM (+combat/confirm or +combat/undo).")
    if fight.current != char.id and not (held and fighter.holding):
        now = fights.current_fighter(fight)
        raise CommandError(f"It is not {char.name}'s Phase" + (f": it is {now.name}'s." if now else "."))
    sheet = get_sheet(ctx.game, char)
    if sheet.stunned or sheet.knocked_out:
        why = "Knocked Out" if sheet.knocked_out else "Stunned"
        raise CommandError(f"{char.name} is {why} and can take no action (RULES DAMAGE EFFECTS).")
    if full and fight.current == char.id and fighter.half_used:
        raise CommandError(f"{char.name} has used half of this Phase; that takes a full Phase.")
    return fighter


def finish(ctx: Context, char, *, half: bool = False) -> list[str]:
    """After ``char``'s action: a held action is used, or half of his Phase, or all of it; then
    the next Phase starts (or, in confirm mode, the fight waits for the GM). The lines to show."""
    fight = _fight(ctx)
    fighter = fight.member(char.id)
    if fight.current != char.id:
        fight = fight.with_fighter(attrs.evolve(fighter, holding=False))
        fights.save_fight(ctx.game, fight)
        if fight.current is None and fight.segment and not any(f.holding for f in fight.fighters):
            return _moved_on(ctx, fight)  # the tracker waited for this held action at a Segment's end
        return []
    if half and not fighter.half_used:
        fights.save_fight(ctx.game, fight.with_fighter(attrs.evolve(fighter, half_used=True)))
        return [f"{char.name} has half a Phase left."]
    if fight.mode == fights.CONFIRM:
        fights.save_fight(ctx.game, attrs.evolve(fight, waiting=True))
        return ["Waiting for the GM: +combat/confirm (or +combat/undo)."]
    return _moved_on(ctx, fight)


def _moved_on(ctx: Context, fight: fights.Fight) -> list[str]:
    """The next Phase starts: the lines that tell it; a Haymaker landing on the way goes in the
    roll log like any attack (its id at the end of its block)."""
    lines = []
    for event in fights.next_phase(ctx.game, fight, ctx.roller)[1]:
        said = phase_lines([event])
        if isinstance(event, attacks.WindupLands):
            done = event.outcome
            rolled = done if isinstance(done, attacks.PowerFailed) else done.rolled
            roll_id = rolls.log_roll(ctx.game, ctx.actor, "attack", strip(" ".join(said)),
                                     {"attacker": rolled.attacker, "target": rolled.target}, private=False)
            said[-1] += f" |x[{roll_id}]|n"
        lines += said
    return lines


def _say(ctx: Context, text: str, lines: Sequence[str] = ()) -> None:
    ctx.emit_room("\n".join([f"{TAG} {text}"] + [f"{TAG} {line}" for line in lines]))


# --- staff: running the fight ----------------------------------------------------------------
def _start(ctx: Context, parsed: ParsedCommand) -> None:
    if fights.get_fight(ctx.game, ctx.actor.location) is not None:
        raise CommandError("A fight is already running here (+combat/status, or +combat/end it).")
    fight = fights.Fight(room=ctx.actor.location, gm=ctx.actor.name, id=ctx.game.store.next_id("fight"))
    fights.save_fight(ctx.game, fight)
    _say(ctx, f"{ctx.actor.name} starts fight #{fight.id} here. Join it with +combat/join; it begins in Segment 12 "
         "at the first +combat/next.")


def _next(ctx: Context, parsed: ParsedCommand) -> None:
    fight = _fight(ctx)
    if not fight.fighters:
        raise CommandError("Nobody has joined the fight yet (+combat/join <name>).")
    now = fights.current_fighter(fight)
    lines = _moved_on(ctx, fight)
    head = f"{ctx.actor.name} ends {now.name}'s Phase." if now and not fight.waiting else lines.pop(0)
    _say(ctx, head, lines)


def _mode(ctx: Context, parsed: ParsedCommand) -> None:
    fight = _fight(ctx)
    mode = parsed.args.strip().lower()
    if mode not in (fights.AUTO, fights.CONFIRM):
        raise UsageError()
    fights.save_fight(ctx.game, attrs.evolve(fight, mode=mode))
    what = "each action waits for the GM's +combat/confirm" if mode == fights.CONFIRM else "actions apply at once"
    _say(ctx, f"{ctx.actor.name} sets the fight to {mode}: {what}.")


def _confirm(ctx: Context, parsed: ParsedCommand) -> None:
    fight = _fight(ctx)
    if not fight.waiting:
        raise CommandError("No action is waiting for confirmation.")
    _say(ctx, f"{ctx.actor.name} confirms.", _moved_on(ctx, fight))


def _undo(ctx: Context, parsed: ParsedCommand) -> None:
    _fight(ctx)
    _say(ctx, journal.undo_last(ctx.game, ctx.actor.location, ctx.actor.name))


_ADJUST = re.compile(r"(stun|body|end)\s+(-?[0-9]{1,4})|(prone|stunned|recovering|awed|cowed|stabilized)\s+(on|off)", re.IGNORECASE)


def _adjust(ctx: Context, parsed: ParsedCommand) -> None:
    """The GM changes any result: a current value or a condition (logged, so it can be undone)."""
    if parsed.rhs is None:
        raise UsageError()
    char = find_target(ctx, parsed.lhs)
    match = _ADJUST.fullmatch(parsed.rhs.strip())
    if match is None:
        raise UsageError()
    sheet = get_sheet(ctx.game, char)
    if match.group(1):
        what, value = match.group(1).lower(), int(match.group(2))
        new = save_sheet(ctx.game, sheet.with_vitals(**{what: value}))
        now, top = {"stun": (new.current_stun, new.max_stun), "body": (new.current_body, new.max_body),
                    "end": (new.current_end, new.max_end)}[what]
        capped = f" ({value} is over the maximum of {top})" if now != value else ""
        _say(ctx, f"{ctx.actor.name} sets {char.name}'s {what.upper()} to {now}{capped}.")
        return
    what, on = match.group(3).lower(), match.group(4).lower() == "on"
    if what in ("stunned", "stabilized"):
        flag: dict[str, Any] = {what: on}
        save_sheet(ctx.game, attrs.evolve(sheet, **flag))
    elif fights.update_fighter(ctx.game, char, **({"presence": what if on else ""} if what in ("awed", "cowed")
                                                  else {what: on})) is None:
        raise CommandError(f"{char.name} is not in the fight.")
    _say(ctx, f"{ctx.actor.name} sets {char.name} {what} {'on' if on else 'off'}.")


def _end(ctx: Context, parsed: ParsedCommand) -> None:
    _fight(ctx)
    freed = fights.end_fight(ctx.game, ctx.actor.location)
    tail = f" Out of combat nobody stays Stunned: {', '.join(freed)} recovers." if freed else ""
    _say(ctx, f"{ctx.actor.name} ends the fight.{tail}")


# --- joining, reading ------------------------------------------------------------------------
def _join(ctx: Context, parsed: ParsedCommand) -> None:
    fight = _fight(ctx)
    char = _who(ctx, parsed.args) if parsed.args.strip() else ctx.actor
    if char.location != fight.room:
        raise CommandError(f"{char.name} is not here.")
    if fight.fighter(char.id) is not None:
        raise CommandError(f"{char.name} is already in the fight.")
    sheet = get_sheet(ctx.game, char)
    unapproved = not (sheet.approved or sheet.npc)
    if unapproved and not ctx.is_staff:
        raise CommandError("Your sheet is not approved yet (+sheet/submit); staff can add you with "
                           f"+combat/join {char.name}.")
    quick = lightning_reflexes(get_hero(ctx.game, char))
    fights.save_fight(ctx.game, fight.with_fighter(fights.Fighter(char.id, char.name, lightning=quick)))
    adjusting.catch_up(ctx.game, char)  # real time counted until now; Post-Segment 12 from here
    phases = " ".join(map(str, fights.phases_of(sheet)))
    reflexes = f" +{quick} Lightning Reflexes" if quick else ""
    _say(ctx, f"{char.name} joins the fight (DEX {sheet.base('DEX')}{reflexes}, SPD {sheet.base('SPD')}: "
              f"Segments {phases}).")
    if unapproved:
        ctx.emit_staff(f"[Combat] Note: {char.name}'s sheet is not approved; {ctx.actor.name} added them to "
                       f"fight #{fight.id} anyway.")


def _leave(ctx: Context, parsed: ParsedCommand) -> None:
    fight = _fight(ctx)
    char = _who(ctx, parsed.args) if parsed.args.strip() else ctx.actor
    _in_fight(fight, char)
    adjusting.restore(ctx.game, char, fight.member(char.id))
    fights.save_fight(ctx.game, grappling.without_holds(fight, char.id).without(char.id))
    _say(ctx, f"{char.name} leaves the fight.")


def _conditions(ctx: Context, char, sheet, fighter: fights.Fighter,
                full: bool = False) -> list[str]:
    """The sheet's and the tracker's conditions, then each lasting effect (game/lasting.py), with
    when it ends when ``full``; one the tracker already names is shown once, as it ends."""
    found = sheet.conditions() + fighter.conditions()
    effects = lasting_of(ctx.game, char)
    found = [next((e.text for e in effects if full and e.what == c), c) for c in found]
    return found + [e.text if full else e.what for e in effects if e.what not in found and e.text not in found]


def _one_status(ctx: Context, fight: fights.Fight, name: str) -> None:
    """+combat/status <name>: one fighter's numbers and the defenses attacks meet (RULES TAKING
    DAMAGE; HERO 5E revised, Damage Reduction)."""
    char = find_target(ctx, name)
    fighter = _in_fight(fight, char)
    sheet = get_sheet(ctx.game, char)
    conditions = ", ".join(_conditions(ctx, char, sheet, fighter, full=True)) or "none"
    against = genre_defenses(ctx.game, char)  # RULES DEFENSES OF THE GENRE
    ctx.reply("\n".join([
        (f"{TAG} {char.name}: DEX {sheet.base('DEX')}, SPD {sheet.base('SPD')}, OCV {sheet.base('OCV')}, "
        f"DCV {fights.target_dcv(ctx.game, char).dcv}; STUN {sheet.current_stun}/{sheet.max_stun}, "
        f"BODY {sheet.current_body}/{sheet.max_body}, END {sheet.current_end}/{sheet.max_end}."),
        f"  Defenses: {defense_text(sheet_defenses(sheet))}.", f"  Conditions: {conditions}.",
        *([f"  Against powers: {', '.join(against)}."] if against else [])]))


def _status(ctx: Context, parsed: ParsedCommand) -> None:
    fight = _fight(ctx)
    if parsed.args.strip():
        _one_status(ctx, fight, parsed.args)
        return
    when = "not begun (starts in Segment 12)" if fight.segment == 0 else f"Turn {fight.turn}, Segment {fight.segment}"
    now = fights.current_fighter(fight)
    when += f", {now.name}'s Phase" if now else ""
    when += " (waiting for the GM)" if fight.waiting else ""
    rows = []
    for fighter in fight.fighters:
        char = ctx.game.characters.get(fighter.char_id)
        if char is None:
            continue
        sheet = get_sheet(ctx.game, char)
        dcv = fights.target_dcv(ctx.game, char).dcv
        rows.append((char.name, str(sheet.base("DEX")), str(sheet.base("SPD")),
                     f"{sheet.current_stun}/{sheet.max_stun}", f"{sheet.current_body}/{sheet.max_body}",
                     f"{sheet.current_end}/{sheet.max_end}", str(dcv),
                     ", ".join(_conditions(ctx, char, sheet, fighter)) or "-"))
    rows.sort(key=lambda r: -int(r[1]))
    text = f"{TAG} Fight #{fight.id} run by {fight.gm} ({fight.mode}): {when}.\n"
    text += table(rows, ctx.width, headers=("Name", "DEX", "SPD", "STUN", "BODY", "END", "DCV", "Conditions")) \
        if rows else "Nobody has joined yet."
    ctx.reply(text)


def _log(ctx: Context, parsed: ParsedCommand) -> None:
    """+combat/log [fight number]: the fight's records with their roll ids (staff, and those in it)."""
    arg = parsed.args.strip().lstrip("#")
    if arg and not re.fullmatch(r"[0-9]{1,9}", arg):
        raise UsageError()
    if arg:
        fight_id = int(arg)
    else:
        here = fights.get_fight(ctx.game, ctx.actor.location)
        if here is None:
            raise CommandError("There is no fight here; +combat/log <number> reads one that has ended (#1, #2 ...).")
        fight_id = here.id
    if not ctx.is_staff and not journal.may_read(ctx.game, fight_id, ctx.actor.id):
        raise CommandError(f"You were not in fight #{fight_id}.")
    records = journal.fight_log(ctx.game, fight_id)
    if not records:
        ctx.reply(f"{TAG} Fight #{fight_id} has no records.")
        return
    lines = [f"{TAG} Fight #{fight_id}: {len(records)} records."]
    for record in records:
        mark = " (undone)" if record.undone else ""
        lines.append(f"#{record.id} {record.actor}{mark}:")
        lines.extend(f"  {line}" for line in record.text.split("\n"))
    ctx.reply("\n".join(lines))


# --- Phase actions -----------------------------------------------------------------------------
def _hold(ctx: Context, parsed: ParsedCommand) -> None:
    char = _who(ctx, parsed.args)
    fighter = acting(ctx, char, held=False)
    fight = _fight(ctx)
    fights.save_fight(ctx.game, fight.with_fighter(attrs.evolve(fighter, holding=True, hold_seen=False)))
    _say(ctx, f"{char.name} holds their action (to use at a lower DEX, until their next Phase).",
         _moved_on(ctx, _fight(ctx)))


def _pass(ctx: Context, parsed: ParsedCommand) -> None:
    char = _who(ctx, parsed.args)
    acting(ctx, char)
    _say(ctx, f"{char.name} does nothing more this Phase.", finish(ctx, char))


def _move(ctx: Context, parsed: ParsedCommand) -> None:
    """+combat/move [name=]<inches>: a ½ Phase move, 1 END per 5" (RULES END USE)."""
    name, inches = (parsed.lhs, parsed.rhs) if parsed.rhs is not None else ("", parsed.args)
    if not re.fullmatch(r"[0-9]{1,3}", inches.strip()):
        raise UsageError()
    char = _who(ctx, name)
    fighter = acting(ctx, char)
    if fighter.entangle is not None:
        raise CommandError(f"{char.name} is Entangled and can only break out: "
                           f"{entangling.break_out(char.name, char.id == ctx.actor.id)}.")
    if fighter.prone:
        raise CommandError(f"{char.name} is lying on the ground: +combat/stand first (1/2 Phase).")
    if fighter.grabbed_by is not None:
        raise CommandError(f"{char.name} is held and cannot move away: +combat/escape first.")
    fights.update_fighter(ctx.game, char, set=False)
    attacks.moved_away(ctx.game, char)
    inches_n = int(inches)
    said = spent_text(harm.spend(ctx.game, char, movement_end(inches_n), ctx.roller), f" moving {inches_n}\"")
    _say(ctx, f"{char.name} moves {inches_n}\" (1/2 Phase). {said}", finish(ctx, char, half=True))


def _stand(ctx: Context, parsed: ParsedCommand) -> None:
    char = _who(ctx, parsed.args)
    fighter = acting(ctx, char)
    if not fighter.prone:
        raise CommandError(f"{char.name} is not lying on the ground.")
    fights.update_fighter(ctx.game, char, prone=False)
    _say(ctx, f"{char.name} stands up (1/2 Phase): full DCV again.", finish(ctx, char, half=True))


def _brace(ctx: Context, parsed: ParsedCommand) -> None:
    """Brace: no time, +2 OCV only against the Range Modifier, ½ DCV until the next Phase (HERO 5E)."""
    char = _who(ctx, parsed.args)
    acting(ctx, char)
    fights.update_fighter(ctx.game, char, braced=True)
    _say(ctx, f"{char.name} braces: +2 OCV against the Range Modifier, 1/2 DCV until their next Phase.")


def _set(ctx: Context, parsed: ParsedCommand) -> None:
    """Set: a full Phase taking aim, then +1 OCV with ranged attacks until he moves (HERO 5E)."""
    char = _who(ctx, parsed.args)
    acting(ctx, char, full=True)
    fights.update_fighter(ctx.game, char, set=True)
    _say(ctx, f"{char.name} takes a full Phase to Set: +1 OCV with ranged attacks from now on.", finish(ctx, char))


def _wake(ctx: Context, parsed: ParsedCommand) -> None:
    """+combat/wake <name>: a full Phase helping someone Knocked Out come to: he recovers one row
    higher on the chart while the helper keeps at it (RULES RECOVERING CHART)."""
    if not parsed.args.strip():
        raise UsageError()
    fight = _fight(ctx)
    helper = _who(ctx, "")
    patient = find_target(ctx, parsed.args)
    patient_fighter = _in_fight(fight, patient)
    if not get_sheet(ctx.game, patient).knocked_out:
        raise CommandError(f"{patient.name} is not Knocked Out.")
    acting(ctx, helper, full=True)
    fight = _fight(ctx)
    fight = fight.with_fighter(attrs.evolve(patient_fighter, helped=True))
    fights.save_fight(ctx.game, fight.with_fighter(attrs.evolve(fight.member(helper.id), helping=patient.id)))
    _say(ctx, f"{helper.name} spends the Phase helping {patient.name} wake up: one row higher on the recovery "
         f"chart (RULES RECOVERING CHART) while {helper.name} keeps at it.", finish(ctx, helper))


def _abort(ctx: Context, parsed: ParsedCommand) -> None:
    """Abort to a defensive action before one's Phase: a held action is used, or the next Phase
    is lost. Dodge +3 DCV and Block until that Phase; Dive For Cover rolls DEX at -1 per 1"
    (RULES MANEUVER DIVE FOR COVER)."""
    fight = _fight(ctx)
    if parsed.rhs is not None:
        name, how = parsed.lhs, parsed.rhs.strip().lower().split()
    elif parsed.args.strip().lower().split()[:1] in (["dodge"], ["block"], ["dive"]) or \
            parsed.args.strip().lower().split()[-1:] in (["dodge"], ["block"]):  # Martial Dodge, Martial Block
        name, how = "", parsed.args.strip().lower().split()
    else:
        name, how = parsed.args, []
    char = _who(ctx, name)
    fighter = _in_fight(fight, char)
    if fight.current == char.id:
        raise CommandError(f"It is {char.name}'s Phase: act now (Abort is for before it).")
    if fighter.aborted:
        raise CommandError(f"{char.name} has already aborted their next Phase.")
    changes, said = _abort_action(ctx, char, how)
    lost = "uses the held action" if fighter.holding else "loses their next Phase"
    changes |= {"holding": False} if fighter.holding else {"aborted": True}
    fights.save_fight(ctx.game, fight.with_fighter(attrs.evolve(fighter, **changes)))
    _say(ctx, f"{char.name} aborts to {said} and {lost}.")


def _abort_action(ctx: Context, char, how: list[str]) -> tuple[dict, str]:
    if not how:
        return {}, "a defensive action"
    if how == ["dodge"]:
        return {"dcv_mod": 3, "dcv_note": "Dodge"}, "a Dodge (+3 DCV against all attacks until their next Phase)"
    if how == ["block"]:
        return ({"blocking": "Block", "block_ocv": 0, "blocks": 0},
                "a Block (each HTH attack at them until their next Phase meets a Block roll first)")
    bought = next((m for m in sheet_maneuvers(get_hero(ctx.game, char)) if m.name.lower() == " ".join(how)), None)
    if bought is not None and bought.maneuver.effect in (MartialEffect.BLOCK, MartialEffect.DODGE):
        m = bought.maneuver
        if m.effect is MartialEffect.DODGE:
            return {"dcv_mod": m.dcv, "dcv_note": bought.name}, f"a {bought.name} ({m.dcv:+d} DCV against all attacks)"
        return ({"blocking": bought.name, "block_ocv": m.ocv or 0, "blocks": 0, "dcv_mod": m.dcv, "dcv_note": bought.name},
                f"a {bought.name} (OCV {m.ocv or 0:+d} to the Block roll, DCV {m.dcv:+d})")
    if len(how) == 2 and how[0] == "dive" and re.fullmatch(r"[0-9]{1,2}", how[1]):
        sheet = get_sheet(ctx.game, char)
        result = dive_for_cover(sheet.base("DEX"), int(how[1]), forward_leap(sheet.base("STR")), ctx.roller)
        where = "lands in the hex" if result.success else "is in mid-air in the starting hex (airborne for Knockback)"
        return {}, f"Dive For Cover {how[1]}\" (DEX roll at -{how[1]}: {skill_text(result)}: {where})"
    raise UsageError()


def cmd_combat(ctx: Context, parsed: ParsedCommand) -> None:
    """+combat with no switch: how to run the fight in this room (each switch is a subcommand)."""
    raise UsageError()


# --- Recovery and Paramedics -------------------------------------------------------------------
def recover(ctx: Context, char) -> list[str]:
    """A Phase spent taking a Recovery (RULES RECOVERING): once per Phase, only in one's own Phase
    in a fight (½ DCV until the next Phase; damage that Segment spoils it). Out of combat, a Stunned
    character spends it no longer being Stunned. The lines to show."""
    sheet = get_sheet(ctx.game, char)
    if fights.fight_of(ctx.game, char) is None:
        if sheet.stunned:
            save_sheet(ctx.game, attrs.evolve(sheet, stunned=False))
            return [f"{char.name} spends a Phase recovering from being Stunned, and is no longer Stunned."]
        return [recovery_sentence(fights.take_recovery(ctx.game, sheet, RecoveryFrequency.ONCE_A_MINUTE)[1])]
    acting(ctx, char, full=True, held=False)
    damaged = fights.damaged_this_segment(ctx.game, char)
    new, outcome = fights.take_recovery(ctx.game, sheet, RecoveryFrequency.EVERY_PHASE, damaged=damaged)
    recovered = isinstance(outcome, fights.Recovered)
    gained = (new.current_stun - sheet.current_stun, new.current_end - sheet.current_end) if recovered else None
    fights.update_fighter(ctx.game, char, recovering=True, recovered=gained)
    text = f"{char.name} {recovery_said(outcome)}" if recovered else f"{char.name} takes a Recovery: {recovery_said(outcome)}"
    return [f"{text}; 1/2 DCV until their next Phase."] + finish(ctx, char)


@journaled
def cmd_recover(ctx: Context, parsed: ParsedCommand) -> None:
    """+recover [name]: take a Recovery (RULES RECOVERING)."""
    lines = recover(ctx, _who(ctx, parsed.args))
    _say(ctx, lines[0], lines[1:])


@journaled
def cmd_paramedics(ctx: Context, parsed: ParsedCommand) -> None:
    """+paramedics <patient>[=<medic>]: a Paramedics roll at -1 per 2 BODY below 0 stabilizes the
    dying (RULES DYING); staff roll it for any medic, an NPC's included."""
    if not parsed.lhs.strip():
        raise UsageError()
    patient = find_target(ctx, parsed.lhs)
    healer = who_acts(ctx, find_target(ctx, parsed.rhs) if parsed.rhs is not None else None,
                      doing="give first aid")
    if fights.fight_of(ctx.game, healer) is not None:
        acting(ctx, healer, full=True)
    p_sheet, h_sheet = get_sheet(ctx.game, patient), get_sheet(ctx.game, healer)
    if not p_sheet.dying:
        raise CommandError(f"{patient.name} is not dying.")
    found = h_sheet.find_skill("Paramedic")
    if found is None:
        raise CommandError(f"{healer.name} has no Paramedics skill on the sheet (+stat Paramedics=INT).")
    modifier = paramedic_modifier(p_sheet.current_body)
    result = skill_roll(skill_target(h_sheet, found[1]), ctx.roller, modifier=modifier)
    if result.success:
        save_sheet(ctx.game, attrs.evolve(p_sheet, stabilized=True))
    after = "stabilized: loses no more BODY on Post-Segment 12" if result.success else "still dying"
    lines = finish(ctx, healer) if fights.fight_of(ctx.game, healer) is not None else []
    _say(ctx, f"{healer.name} gives {patient.name} first aid: {found[0]} at {modifier:+d} (BODY "
         f"{p_sheet.current_body}): {skill_text(result)}. {patient.name} is {after}.", lines)


#: Block, Dodge, Escape and letting go (HERO 5E revised), loaded at their first use
_GRAPPLE = "champions_mush.commands.grapple"
#: Each command's and switch's handler, loaded at its first use from the table's entry
#: (commands/fight.py); all but the reading ones (and /start, /undo) go in the combat log.
HANDLERS = {
    "+combat": cmd_combat, "+combat/start": _start, "+combat/join": journaled(_join),
    "+combat/leave": journaled(_leave), "+combat/next": journaled(_next), "+combat/hold": journaled(_hold),
    "+combat/abort": journaled(_abort), "+combat/move": journaled(_move), "+combat/stand": journaled(_stand),
    "+combat/brace": journaled(_brace), "+combat/set": journaled(_set), "+combat/pass": journaled(_pass),
    "+combat/wake": journaled(_wake), "+combat/status": _status, "+combat/log": _log,
    **{f"+combat/{switch}": journaled(Later(_GRAPPLE, switch)) for switch in ("block", "dodge", "escape", "release")},
    "+combat/mode": journaled(_mode), "+combat/confirm": journaled(_confirm), "+combat/undo": atomic(_undo),
    "+combat/adjust": journaled(_adjust), "+combat/end": journaled(_end),
    "+recover": cmd_recover, "+paramedics": cmd_paramedics,
}
