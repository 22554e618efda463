"""GM commands: damage, knockback, PRE attacks, recovery, healing, END and Pushing, maneuvers.

Staff only. Results go to the room, or to staff alone with ``/quiet``. Every number comes from
the Champions engine (:mod:`champions_mush.rules.champions`); sheets change through
:mod:`champions_mush.game.sheets`, which sends GMCP ``Char.Vitals`` as STUN, BODY and END move.
"""

from __future__ import annotations

import re

from ..game import combat as fights
from ..game import harm, rolls
from ..game.sheets import get_sheet, save_sheet
from ..rules.champions.adding import haymaker
from ..rules.champions.damage import KillingDamage, NormalDamage, roll_killing, roll_normal, stated_damage
from ..rules.champions.dcs import AttackKind, str_dice
from ..rules.champions.defenses import Against
from ..rules.champions.endurance import push
from ..rules.champions.knockback import KBModifier, KBResult, Knockback, roll_knockback, rooting_resistance
from ..rules.champions.maneuvers import (
    MANEUVERS,
    MOVE_BY_OCV,
    find_maneuver,
    move_by_attacker_share,
    move_by_dice,
    move_through_attacker_share,
    move_through_dice,
    move_through_ocv,
    multiple_move_by_hits,
    multiple_move_by_ocv,
    pull_punch,
    pull_punch_ocv,
    single_target_move_by_hits,
)
from ..rules.champions.martial import MARTIAL_5E, martial_named
from ..rules.champions.presence import PreModifier, PresenceLevel, presence_attack, presence_level
from ..rules.champions.rolls import attack_roll
from ..text.format import table
from ..text.markup import escape, strip
from ..text.numbers import is_number
from .base import CommandError, ParsedCommand, UsageError
from .context import Context
from .dice import (
    dice_of,
    find_target,
    hit_text,
    kb_text,
    killing_text,
    normal_text,
    parse_amount,
    parse_kd6,
)
from .fight_record import journaled
from .fight_text import hurt_text, kb_lines, spent_text

__all__ = ["HANDLERS", "parse_kb_options"]

_TAG = "|y[GM]|n"


def _out(ctx: Context, parsed: ParsedCommand, text: str) -> None:
    """To the room, or with /quiet to staff alone."""
    if "quiet" in parsed.switches:
        ctx.emit_staff(f"{_TAG} |x(quiet)|n {text}")
    else:
        ctx.emit_room(f"{_TAG} {text}")


def _target_and_rest(ctx: Context, parsed: ParsedCommand):
    if parsed.rhs is None or not parsed.lhs.strip():
        raise UsageError()
    return find_target(ctx, parsed.lhs), parsed.rhs.strip()


def _log(ctx: Context, kind: str, text: str, data: dict) -> str:
    return rolls.log_roll(ctx.game, ctx.actor, kind, strip(text), data, private=False)


# --- damage -----------------------------------------------------------------------------------
def _hurt(ctx: Context, char, damage, against: Against = Against.PD) -> str:
    return hurt_text(harm.hurt(ctx.game, char, damage, against))


_WORDS = {"normal", "killing", "physical", "energy", "pd", "ed", "loc"}


def _read_damage(ctx: Context, text: str) -> tuple[NormalDamage | KillingDamage, Against, str]:
    """Damage from ``32 9 normal physical`` or ``nd6 10 energy`` / ``kd6 2 1/2``, and how it was said."""
    words = text.split()
    energy = any(w.lower() in ("energy", "ed") for w in words)
    against = Against.ED if energy else Against.PD
    rest = [w for w in words if w.lower() not in _WORDS]
    killing = any(w.lower() == "killing" for w in words)
    located = any(w.lower() == "loc" for w in words)
    if rest and rest[0].lower() in ("nd6", "kd6"):
        dice_text = " ".join(rest[1:])
        damage: NormalDamage | KillingDamage
        if rest[0].lower() == "nd6":
            damage = normal = roll_normal(parse_amount(dice_text), ctx.roller, hit_locations=located)
            said = f"{normal.amount} normal: {normal_text(normal)}"
        else:
            amount, multiplier = parse_kd6(dice_text, ("loc",) if located else ())
            damage = rolled = roll_killing(amount, ctx.roller, multiplier)
            said = f"{rolled.amount} killing: {killing_text(rolled)}"
        return damage, against, said
    if len(rest) != 2 or not all(is_number(w, 4) for w in rest):
        raise UsageError()
    if located:
        raise CommandError("Hit locations (loc) go with rolled damage: +damage <target>=nd6 <dice> loc.")
    stun, body = int(rest[0]), int(rest[1])
    kind = "killing" if killing else "normal"
    return stated_damage(stun, body, AttackKind(kind)), against, f"{stun} STUN {body} BODY {kind}"


def cmd_damage(ctx: Context, parsed: ParsedCommand) -> None:
    """+damage <target>=<stun> <body> [normal|killing] [physical|energy] (RULES TAKING DAMAGE)."""
    target, rest = _target_and_rest(ctx, parsed)
    damage, against, said = _read_damage(ctx, rest)
    kind = "an energy" if against is Against.ED else "a physical"
    text = f"{target.name} is hit by {kind} attack: {said}. " + _hurt(ctx, target, damage, against)
    if damage.rolled:
        text += f" |x[{_log(ctx, 'damage', text, {'target': target.name})}]|n"
    _out(ctx, parsed, text)


# --- knockback --------------------------------------------------------------------------------
_KB_WORDS = {
    "air": KBModifier.IN_THE_AIR, "flying": KBModifier.IN_THE_AIR, "rolled": KBModifier.ROLLED_WITH_PUNCH,
    "underwater": KBModifier.UNDERWATER, "killing": KBModifier.KILLING_ATTACK,
    "martial": KBModifier.MARTIAL_ARTS, "clinging": KBModifier.CLINGING,
}


def _number(rest: list[str], reason: str) -> int:
    if not rest or not is_number(rest[0], 3):
        raise UsageError(reason)
    return int(rest.pop(0))


def parse_kb_options(ctx: Context, text: str) -> harm.KnockbackOptions:
    """``9 flying root str 10 wall 6 5 after 2`` -> the options of one Knockback roll."""
    words = text.split()
    if not words or not is_number(words[0], 3):
        raise UsageError()
    found: dict = {"body": int(words[0]), "mods": []}
    rest = words[1:]
    while rest:
        word = rest.pop(0).lower()
        if word in _KB_WORDS:
            found["mods"].append(_KB_WORDS[word])
            found["flying"] = found.get("flying", False) or word == "flying"
        elif word == "high":
            found["high"] = True
        elif word == "root":
            _parse_root(rest, found)
        elif word == "wall":
            why = "A wall takes its DEF and BODY."
            wall_def, wall_body = _number(rest, why), _number(rest, why)
            after = 0
            if rest and rest[0].lower() == "after":
                rest.pop(0)
                after = _number(rest, "'after' takes the inches to the wall.")
            found["wall"] = (wall_def, wall_body, after)
        elif word == "into" and rest:
            found["other"] = find_target(ctx, " ".join(rest))
            rest = []
        else:
            raise UsageError(f"I don't understand '{word[:20]}'.")
    if found.get("wall") and found.get("other"):
        raise CommandError("Either a wall or a character in the way, not both.")
    if found.get("high") and not found.get("flying"):
        raise CommandError("'high' goes with 'flying': a flyer high up falls when the DEX roll fails.")
    found["mods"] = tuple(dict.fromkeys(found["mods"]))  # "air flying" is one -1D6
    return harm.KnockbackOptions(**found)


def _parse_root(rest: list[str], found: dict) -> None:
    """``root flight 2`` / ``root str 10`` (RULES KNOCKBACK 6: 1" of Flight or 5 STR per inch)."""
    why = "Root with flight <inches>, str <STR> or both."
    if not rest or rest[0].lower() not in ("flight", "str"):
        raise UsageError(why)
    while rest and rest[0].lower() in ("flight", "str"):
        key = "flight" if rest.pop(0).lower() == "flight" else "strength"
        found[key] = found.get(key, 0) + _number(rest, why)


def cmd_kb(ctx: Context, parsed: ParsedCommand) -> None:
    """+kb <target>=<body> [modifiers]: Knockback, its impact or landing, and Breakfall (RULES KNOCKBACK);
    rooting and the airborne DEX roll (RULES KNOCKBACK 6). ``+kb <target>=<roll id>`` applies the
    Knockback a +nd6/kb or +kd6/kb roll made, once, without rolling it again."""
    target, rest = _target_and_rest(ctx, parsed)
    first, _, more = rest.partition(" ")
    rolled = _rolled_kb(ctx, first)
    options = parse_kb_options(ctx, f"{rolled[0].body} {more}" if rolled else rest)
    if rolled and (options.mods or options.flight or options.strength):
        raise CommandError(f"The Knockback of {rolled[1]} is already rolled: only a wall or a character in the way "
                           "can be added (air, rooting and the like change the dice: +kb <target>=<BODY> air).")
    resistance = rooting_resistance(flight_inches=options.flight, strength=options.strength)
    kb = rolled[0] if rolled else roll_knockback(options.body, ctx.roller, options.mods, resistance=resistance)
    said = [m.text for m in options.mods] + ([_root_text(options, resistance)] if resistance else [])
    said += [f"rolled with {rolled[1]}"] if rolled else []
    mod_text = f" ({', '.join(said)})" if said else ""
    lines = [f"{target.name}{mod_text}: {kb_text(kb)}."]
    if kb.result is KBResult.KNOCKED_BACK and resistance:
        lines.append(f"That is more than the {resistance}\" rooted: all of it takes effect.")
    fresh = fights.fight_of(ctx.game, target)
    fresh_ko = fresh is not None and fresh.member(target.id).fresh_ko
    lines.extend(kb_lines(harm.apply_knockback(ctx.game, target, kb, ctx.roller, options,
                                               knocked_out=False if fresh_ko else None)))
    if rolled:
        ctx.game.store.put(_KB_APPLIED, rolled[1], {"target": target.id})
    text = " ".join(lines)
    _out(ctx, parsed, f"{text} |x[{_log(ctx, 'kb', text, {'target': target.name})}]|n")


#: Store kind marking the rolls whose Knockback was applied (by roll id).
_KB_APPLIED = "kb-applied"
_ROLL_ID = re.compile(r"#?r[0-9a-z]{1,13}", re.IGNORECASE)


def _rolled_kb(ctx: Context, word: str) -> tuple[Knockback, str] | None:
    """The Knockback a +nd6/kb or +kd6/kb roll made, and its id; None when ``word`` is no roll id."""
    if not _ROLL_ID.fullmatch(word):
        return None
    record = rolls.find_roll(ctx.game, word)
    if record is None or not isinstance(record.data.get("kb"), dict):
        raise CommandError(f"{escape(word[:15])} is not a roll with Knockback (+nd6/kb or +kd6/kb).")
    if ctx.game.store.get(_KB_APPLIED, record.id) is not None:
        raise CommandError(f"The Knockback of {record.id} is already applied.")
    kb, body = record.data["kb"], int(record.data["body"])
    faces = tuple(int(f) for f in kb["faces"])
    return Knockback(body, faces, body - sum(faces), int(kb["inches"]), KBResult(kb["result"])), record.id


def _root_text(options: harm.KnockbackOptions, resistance: int) -> str:
    used = [f"{options.flight}\" of Flight"] if options.flight else []
    used += [f"{options.strength} STR"] if options.strength else []
    return f"rooted with {' and '.join(used)}: resists {resistance}\""


# --- PRE attacks ------------------------------------------------------------------------------


def _pre_modifier(word: str):
    word = " ".join(word.lower().split())
    if re.fullmatch(r"[+-][0-9]{1,2}", word):
        return int(word)
    found = [m for m in PreModifier if m.text.lower() == word] or [
        m for m in PreModifier if m.text.lower().startswith(word)
    ]
    if len(found) != 1:
        raise UsageError(f"'{word[:30]}' is not one PRE attack modifier.")
    return found[0]


def _onlooker(ctx: Context, char) -> bool:
    """NPCs and connected players who are not staff see a PRE attack (RULES PRE ATTACKS: all
    who can see and hear it); staff running the scene are left out."""
    return char.npc or (ctx.game.is_connected(char) and not ctx.game.is_staff(char))


def cmd_pre(ctx: Context, parsed: ParsedCommand) -> None:
    """+pre <attacker>=<target>[, modifiers]: the PRE attack from the sheet (RULES PRE ATTACKS)."""
    attacker, rest = _target_and_rest(ctx, parsed)
    pieces = [p.strip() for p in rest.split(",")]
    target = find_target(ctx, pieces[0])
    chosen = [_pre_modifier(p) for p in pieces[1:] if p]
    mods = tuple(m for m in chosen if isinstance(m, PreModifier))
    extra = sum(m for m in chosen if isinstance(m, int))
    a_sheet, t_sheet = get_sheet(ctx.game, attacker), get_sheet(ctx.game, target)
    result = presence_attack(a_sheet.base("PRE"), t_sheet.base("PRE"), t_sheet.base("EGO"), ctx.roller, mods,
                             dice_modifier=extra)
    dice = f"{result.roll.amount}: {result.total} ({result.roll.faces_text()})" if result.roll else "no dice left"
    mod_text = ", ".join([m.text for m in mods] + ([f"{extra:+d}D6"] if extra else []))
    lines = [(f"{attacker.name} makes a PRE attack on {target.name}{f' ({mod_text})' if mod_text else ''}: {dice}"
             f" against PRE/EGO {result.against}. {target.name}: {result.effect}")]
    _presence_effect(ctx, target, result.level)
    for other in ctx.game.characters_in(attacker.location):
        if other.id in (attacker.id, target.id) or not _onlooker(ctx, other):
            continue
        o_sheet = get_sheet(ctx.game, other)
        level = presence_level(result.total, o_sheet.base("PRE"), o_sheet.base("EGO"), aimed=False)
        lines.append(f"{other.name} (onlooker, one level less): {level.effect}")
        _presence_effect(ctx, other, level)
    text = "\n".join(lines)
    _out(ctx, parsed, f"{text} |x[{_log(ctx, 'pre', text, {'attacker': attacker.name, 'target': target.name})}]|n")


def _presence_effect(ctx: Context, char, level: PresenceLevel) -> None:
    """Awed (½ DCV) and Cowed (0 DCV) go on the tracker until his next Phase, which he spends
    hesitating (RULES PRE ATTACKS 2); a stronger result replaces a weaker one."""
    found = {PresenceLevel.AWED: fights.AWED, PresenceLevel.COWED: fights.COWED}.get(level)
    fight = fights.fight_of(ctx.game, char)
    if found is None or fight is None:
        return
    if fight.member(char.id).presence != fights.COWED:
        fights.update_fighter(ctx.game, char, presence=found)


# --- recovery, healing, END, Pushing ------------------------------------------------------------


def cmd_heal(ctx: Context, parsed: ParsedCommand) -> None:
    """+heal <name>: back to full; +heal <name>=body 3 gives back some of one value."""
    char = find_target(ctx, parsed.lhs)
    sheet = get_sheet(ctx.game, char)
    if parsed.rhs is None or not parsed.rhs.strip():
        save_sheet(ctx.game, sheet.healed())
        _out(ctx, parsed, f"{char.name} is fully healed: STUN {sheet.max_stun}, BODY {sheet.max_body}, END {sheet.max_end}.")
        return
    match = re.fullmatch(r"(stun|body|end)\s+([0-9]{1,4})", parsed.rhs.strip(), re.IGNORECASE)
    if match is None:
        raise UsageError()
    what, amount = match.group(1).lower(), int(match.group(2))
    current = {"stun": sheet.current_stun, "body": sheet.current_body, "end": sheet.current_end}[what]
    top = {"stun": sheet.max_stun, "body": sheet.max_body, "end": sheet.max_end}[what]
    new = sheet.with_vitals(**{what: min(current + amount, top)})
    save_sheet(ctx.game, new)
    _out(ctx, parsed, f"{char.name} regains {amount} {what.upper()}: now {min(current + amount, top)} of {top}.")


def cmd_end(ctx: Context, parsed: ParsedCommand) -> None:
    """+end <name>=<n>: spend END; at 0 END each END costs 1D6 STUN (RULES END USE)."""
    char, rest = _target_and_rest(ctx, parsed)
    if not is_number(rest, 3):
        raise UsageError()
    _out(ctx, parsed, _spend(ctx, char, int(rest)))


def _spend(ctx: Context, char, cost: int, what: str = "") -> str:
    return spent_text(harm.spend(ctx.game, char, cost, ctx.roller), what)


def cmd_push(ctx: Context, parsed: ParsedCommand) -> None:
    """+push <name>=<points>[ <active points>]: Push STR (or a Power) up to +10 (RULES END USE)."""
    char, rest = _target_and_rest(ctx, parsed)
    words = rest.split()
    if not 1 <= len(words) <= 2 or not all(is_number(w, 3) for w in words):
        raise UsageError()
    pushed = int(words[0])
    base = int(words[1]) if len(words) == 2 else get_sheet(ctx.game, char).base("STR")
    what = "STR" if len(words) == 1 else "the Power"
    result = push(base, pushed)
    said = f" to push {what} from {base} to {result.points}"
    _out(ctx, parsed, _spend(ctx, char, result.end, said))


# --- maneuvers --------------------------------------------------------------------------------
def cmd_maneuver(ctx: Context, parsed: ParsedCommand) -> None:
    """+maneuver [name|martial]: the maneuver table, or one row (HERO 5E; CM 2.0 rows from the rules
    file); ``martial``: HERO 5E revised's Martial Arts table (rules/champions/martial.py)."""
    wanted = parsed.args.strip()
    martial = MARTIAL_5E if wanted.lower() in ("martial", "martial arts", "ma") else (
        [m for m in [martial_named(wanted)] if m is not None] if wanted else [])
    if martial:
        body = [(m.name, "½", "--" if m.ocv is None else f"{m.ocv:+d}", f"{m.dcv:+d}", m.text) for m in martial]
    else:
        body = [(m.name, m.phase, m.ocv, m.dcv, m.effect)
                for m in ([find_maneuver(wanted)] if wanted else list(MANEUVERS))]
    ctx.reply(table(body, ctx.width, headers=("Maneuver", "Phase", "OCV", "DCV", "Effect")))


def _attacker_velocity_target(ctx: Context, parsed: ParsedCommand):
    attacker, rest = _target_and_rest(ctx, parsed)
    words = rest.split(None, 1)
    if not words or not is_number(words[0], 3):
        raise UsageError()
    target = find_target(ctx, words[1]) if len(words) > 1 else None
    return attacker, int(words[0]), target


def _hit_target(ctx: Context, target, damage) -> str:
    return "" if target is None else " " + _hurt(ctx, target, damage)


def _share(ctx: Context, attacker, stun: int, body: int, what: str) -> str:
    """The attacker's own share of a Move By or Move Through (RULES MANEUVER MOVE BY, MOVE THROUGH)."""
    return f" {attacker.name} takes {what}, {stun} STUN {body} BODY: " + _hurt(ctx, attacker, stated_damage(stun, body))


def cmd_moveby(ctx: Context, parsed: ParsedCommand) -> None:
    """+moveby <attacker>=<velocity> [target]: (STR/2 + v/5)d6, attacker takes 1/3 (RULES MANEUVER MOVE BY)."""
    attacker, velocity, target = _attacker_velocity_target(ctx, parsed)
    strength = get_sheet(ctx.game, attacker).base("STR")
    text = (f"{attacker.name} Moves By at {velocity}\" (OCV {MOVE_BY_OCV:+d}, DCV -2): "
            + _move_by_hit(ctx, attacker, target, move_by_dice(strength, velocity)))
    _out(ctx, parsed, f"{text} |x[{_log(ctx, 'moveby', text, {'attacker': attacker.name})}]|n")


#: Most attacks one Multiple Move By may make here (RULES MANEUVER MOVE BY 2 sets no limit).
MAX_MOVE_BY_TARGETS = 10


#: ``Ox:4`` or ``4``: a name (no ``:``, ending in a letter) before the colon, so a run of spaces is
#: read once (``.+?\s*:`` backtracked: docs/reliability.md)
_GIVEN_DCV = re.compile(r"(?:([^:]*[^\s:])\s*:)?\s*([+-]?[0-9]{1,2})")


def _move_by_targets(ctx: Context, text: str) -> list[tuple[str, object, int | None]]:
    """``Viper Ox:4 6`` -> (label, character or None, DCV given or None) in path order."""
    pieces = [p.strip() for p in text.split(",")] if "," in text else text.split()
    pieces = [p for p in pieces if p]
    if not pieces:
        raise UsageError()
    if len(pieces) > MAX_MOVE_BY_TARGETS:
        raise CommandError(f"At most {MAX_MOVE_BY_TARGETS} attacks in one Multiple Move By.")
    targets: list[tuple[str, object, int | None]] = []
    for number, piece in enumerate(pieces, 1):
        given = _GIVEN_DCV.fullmatch(piece)
        if given and given.group(1) is None:
            targets.append((f"target {number}", None, int(given.group(2))))
            continue
        char = find_target(ctx, given.group(1) if given else piece)
        targets.append((char.name, char, int(given.group(2)) if given else None))
    return targets


def _sheet_dcv(ctx: Context, char) -> int:
    """The DCV with every condition the tracker knows (RULES DAMAGE EFFECTS, KNOCKBACK 2)."""
    return fights.target_dcv(ctx.game, char).dcv


def _check_circling(targets: list, velocity: int) -> None:
    """RULES MANEUVER MOVE BY 2: circling one target hits him at most once per 6" moved."""
    allowed = single_target_move_by_hits(velocity)
    for _, char, _ in targets:
        if char is None:
            continue
        times = sum(1 for _, other, _ in targets if other is not None and other.id == char.id)
        if times > 1 and times > allowed:
            raise CommandError(f"Circling {char.name} hits at most once per 6\" moved: {allowed} at {velocity}\".")


def _multiple_move_by(ctx: Context, parsed: ParsedCommand) -> None:
    """+moveby/multiple: -2 OCV per attack on all, rolled in path order, every attack after the
    first miss misses (RULES MANEUVER MOVE BY 2); each hit does the Move By damage."""
    attacker, rest = _target_and_rest(ctx, parsed)
    words = rest.split(None, 1)
    if len(words) < 2 or not is_number(words[0], 3):
        raise UsageError()
    velocity, targets = int(words[0]), _move_by_targets(ctx, words[1])
    _check_circling(targets, velocity)
    sheet = get_sheet(ctx.game, attacker)
    penalty = multiple_move_by_ocv(len(targets))
    ocv = sheet.base("OCV") + penalty
    amount = move_by_dice(sheet.base("STR"), velocity)
    lines = [(f"{attacker.name} makes a Multiple Move By at {velocity}\" on {len(targets)} target{'s' if len(targets) > 1 else ''}: OCV "
             f"{sheet.base('OCV')} - {-penalty} = {ocv} on every attack, DCV -2; {amount} normal on each hit.")]
    rolled: list[bool] = []
    for number, (label, char, given) in enumerate(targets, 1):
        if rolled and not rolled[-1]:
            lines.append(f"{number}. {label}: missed, as every attack after the first miss.")
            continue
        # read the sheet at each attack: an earlier hit may have Stunned or Knocked Out the target
        dcv = given if given is not None else _sheet_dcv(ctx, char)
        result = attack_roll(ocv, dcv, ctx.roller)
        rolled.append(bool(result.hit))
        line = f"{number}. {label} (DCV {dcv}, {result.target}-): {hit_text(result)}."
        if result.hit:
            line += " " + _move_by_hit(ctx, attacker, char, amount)
        lines.append(line)
    hits = multiple_move_by_hits(rolled + [False] * (len(targets) - len(rolled)))
    hit_names = [t[0] for t, hit in zip(targets, hits, strict=True) if hit]
    lines.append(f"{len(hit_names)} of {len(targets)} hit" + (f": {', '.join(hit_names)}." if hit_names else "."))
    text = "\n".join(lines)
    _out(ctx, parsed, f"{text} |x[{_log(ctx, 'moveby', text, {'attacker': attacker.name})}]|n")


def _move_by_hit(ctx: Context, attacker, target, amount) -> str:
    """One hit of a Move By: the damage to the target and the attacker's 1/3 (RULES MANEUVER MOVE BY)."""
    damage = roll_normal(amount, ctx.roller)
    share = move_by_attacker_share(damage)
    text = f"{damage.amount} normal, {normal_text(damage)}.{_hit_target(ctx, target, damage)}"
    return text + _share(ctx, attacker, share.stun, share.body, "1/3 of it")


def cmd_movethrough(ctx: Context, parsed: ParsedCommand) -> None:
    """+movethrough <attacker>=<velocity> [target]: (STR + v/3)d6, KB, attacker takes 1/2 or all
    (RULES MANEUVER MOVE THROUGH)."""
    attacker, velocity, target = _attacker_velocity_target(ctx, parsed)
    strength = get_sheet(ctx.game, attacker).base("STR")
    damage = roll_normal(move_through_dice(strength, velocity), ctx.roller)
    was_out = target is not None and get_sheet(ctx.game, target).knocked_out
    text = (f"{attacker.name} Moves Through at {velocity}\" (OCV {move_through_ocv(velocity):+d}, DCV -3): "
            f"{damage.amount} normal, {normal_text(damage)}.{_hit_target(ctx, target, damage)}")
    kb = roll_knockback(damage.body, ctx.roller)
    text += f" {kb_text(kb)}."
    if target is not None:
        text += "".join(f" {line}" for line in kb_lines(harm.apply_knockback(ctx.game, target, kb, ctx.roller,
                                                                              knocked_out=was_out)))
    share = move_through_attacker_share(damage, kb)
    what = "all of it (no Knockback)" if kb.result is KBResult.NONE else "half of it"
    text += _share(ctx, attacker, share.stun, share.body, what)
    _out(ctx, parsed, f"{text} |x[{_log(ctx, 'movethrough', text, {'attacker': attacker.name})}]|n")


def cmd_haymaker(ctx: Context, parsed: ParsedCommand) -> None:
    """+haymaker <attacker>[=<target>]: STR damage +4 DC, DCV -5, an extra Segment (RULES ADDING DAMAGE)."""
    if not parsed.lhs.strip():
        raise UsageError()
    attacker = find_target(ctx, parsed.lhs)
    target = find_target(ctx, parsed.rhs) if parsed.rhs else None
    amount = haymaker(str_dice(get_sheet(ctx.game, attacker).base("STR")))
    damage = roll_normal(amount, ctx.roller)
    text = (f"{attacker.name} Haymakers (OCV +0, DCV -5, 1/2 Phase and an extra Segment): {amount} normal, "
            f"{normal_text(damage)}.{_hit_target(ctx, target, damage)}")
    _out(ctx, parsed, f"{text} |x[{_log(ctx, 'haymaker', text, {'attacker': attacker.name})}]|n")


def cmd_pullpunch(ctx: Context, parsed: ParsedCommand) -> None:
    """+pullpunch <attacker>[=<target>[, <dice>]]: 1/2 BODY, KB from it, -1 OCV per 3D6 (RULES MANEUVER PULL PUNCH)."""
    if not parsed.lhs.strip():
        raise UsageError()
    attacker = find_target(ctx, parsed.lhs)
    target_text, _, dice_text = (parsed.rhs or "").partition(",")
    target = find_target(ctx, target_text) if target_text.strip() else None
    amount = parse_amount(dice_text) if dice_text.strip() \
        else str_dice(get_sheet(ctx.game, attacker).base("STR"))
    rolled = roll_normal(amount, ctx.roller)
    pulled = pull_punch(rolled)
    was_out = target is not None and get_sheet(ctx.game, target).knocked_out
    text = (f"{attacker.name} Pulls a Punch (OCV {pull_punch_ocv(amount):+d}, DCV +0): {amount} normal, "
            f"{rolled.stun} STUN, {rolled.body} BODY pulled to {pulled.body} BODY ({dice_of(rolled).faces_text()}).")
    text += _hit_target(ctx, target, pulled)
    kb = roll_knockback(pulled.body, ctx.roller)
    text += f" {kb_text(kb)}."
    if target is not None:
        text += "".join(f" {line}" for line in kb_lines(harm.apply_knockback(ctx.game, target, kb, ctx.roller,
                                                                              knocked_out=was_out)))
    _out(ctx, parsed, f"{text} |x[{_log(ctx, 'pullpunch', text, {'attacker': attacker.name})}]|n")


#: Each command's handler, loaded at its first use from the table's entry (commands/fight.py).
HANDLERS = {
    "+damage": journaled(cmd_damage), "+kb": journaled(cmd_kb), "+pre": journaled(cmd_pre),
    "+heal": journaled(cmd_heal), "+end": journaled(cmd_end), "+push": journaled(cmd_push), "+maneuver": cmd_maneuver,
    "+moveby": journaled(cmd_moveby), "+moveby/multiple": journaled(_multiple_move_by),
    "+movethrough": journaled(cmd_movethrough), "+haymaker": journaled(cmd_haymaker),
    "+pullpunch": journaled(cmd_pullpunch),
}
