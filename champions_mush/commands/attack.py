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

from ..game import (
    adjusting,
    attacks,
    continuing,
    entangling,
    explosions,
    flashing,
    grappling,
    mental,
    minding,
    rolls,
    skill_levels,
    talents,
)
from ..game import combat as fights
from ..game.attacks import STRIKE, AttackOrder, Maneuver, maneuver_named
from ..game.hero import AttackPower, HeroSheet, attack_powers, get_hero, preload_heroes
from ..rules.champions.endurance import MAX_PUSH
from ..rules.errors import RulesError
from ..text.markup import strip
from ..values import frozen
from . import grapple
from .advantage_text import explosion_lines, stopped_text
from .base import CommandError, ParsedCommand, UsageError
from .brief import brief_line, vitals_of
from .combat import TAG, acting, finish, who_acts
from .context import Context
from .dice import find_target
from .fight_record import journaled
from .fight_text import area_lines, attack_lines, autofire_lines, failed_lines, windup_text
from .gm import parse_kb_options
from .grapple_text import guarded_lines
from .power_text import adjustment_lines, ego_lines, entangle_lines, flash_lines, mind_lines, struck_lines

__all__ = ["HANDLERS"]

#: Words that begin the options of a +attack line.
_OPTIONS = {"v", "velocity", "str", "push", "range", "defended", "def", "shots", "into", "air", "flying", "high", "rolled", "underwater",
            "killing", "martial", "clinging", "root", "wall", "at", "dcv", "dc", "deadly", "weakness"}
#: Short forms players use for the attack powers (HERO 5E's abbreviations) and the power each names.
SHORT_FORMS = {"eb": "ENERGYBLAST", "rka": "RKA", "hka": "HKA", "hth": "HANDTOHANDATTACK", "ha": "HANDTOHANDATTACK"}
def _maneuver_words() -> str:
    """Every maneuver +attack takes, each by the first way it is typed (+HELP +MANEUVER)."""
    words = {m.name: m.name.lower() for m in attacks.MANEUVERS}
    for word, name in [*grapple.STANDARD_WORDS.items(), *grapple.LEADING_WORDS.items()]:
        words.setdefault(name, word)
    return ", ".join(words.values())


_MANEUVER_WORDS = _maneuver_words()


@frozen
class _Numbered:
    """An attack power with its number on +sheet and what it is (its XMLID)."""

    number: int
    power: AttackPower
    xmlid: str


def _numbered(hero: HeroSheet) -> list[_Numbered]:
    numbers = {item.id: (n, item.xmlid) for n, item in enumerate(hero.items, 1)}
    powers = attack_powers(hero) + entangling.entangle_powers(hero) + adjusting.adjustment_powers(hero) \
        + flashing.flash_powers(hero) + minding.mind_powers(hero)
    return [_Numbered(numbers[p.item_id][0], p, numbers[p.item_id][1]) for p in powers]


def _key(text: str) -> str:
    """A name as compared: any case, punctuation as spaces (``Killing Attack - Ranged`` is
    ``killing attack ranged``)."""
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text.lower()).split())


def _matching(powers: list[_Numbered], name: str, exact: bool) -> list[_Numbered]:
    """The powers ``name`` names: exactly (the name, ``#2`` or ``2``, a short form), or by a start."""
    key = _key(name)
    if not key:
        return []
    if exact:
        number = re.fullmatch(r"#?([0-9]{1,3})", name.strip())
        if number is not None:
            return [p for p in powers if p.number == int(number[1])]
        return [p for p in powers if _key(p.power.name) == key] or \
            [p for p in powers if SHORT_FORMS.get(key) == p.xmlid]
    return [p for p in powers if _key(p.power.name).startswith(key)]


def _tail(words: list[str]) -> tuple[Maneuver, list[str]] | None:
    """What may follow a power's name: a maneuver (else a Strike), then the options; None when
    ``words`` are not that."""
    if not words or words[0] in _OPTIONS:
        return STRIKE, words
    for cut in range(len(words), 0, -1):
        found = maneuver_named(" ".join(words[:cut]))
        if found is not None and (cut == len(words) or words[cut] in _OPTIONS):
            return found, words[cut:]
    return None


def _attack_list(char, powers: list[_Numbered]) -> str:  # a Character
    if not powers:
        return f"{char.name} has no attack powers on the sheet; maneuvers: {_MANEUVER_WORDS} (+HELP +MANEUVER)."
    listed = ", ".join(f"#{p.number} {p.power.name} (no dice)" if p.power.versus == minding.MIND_LINK
                       else f"#{p.number} {p.power.name} ({p.power.dice} {p.power.kind.value})" for p in powers)
    return f"Attacks on {char.name}'s sheet: {listed}; maneuvers: {_MANEUVER_WORDS} (+HELP +MANEUVER)."


def _choose(char, powers: list[_Numbered], quoted: str | None,  # a Character
            words: list[str]) -> tuple[Maneuver, AttackPower | None, list[str]]:
    """The maneuver, the power and the option words of a +attack line: ``move through v 20``;
    ``claws haymaker``; ``killing attack - ranged range 5`` (a power's name is read before any
    option, so ``killing`` there is not the Knockback option); ``"Killing Attack - Ranged"``."""
    if quoted is not None:
        tail = _tail(words)
        for exact in (True, False):
            found = _matching(powers, quoted, exact)
            if len(found) == 1 and tail is not None:
                return tail[0], found[0].power, tail[1]
            if len(found) > 1:
                break
        return _refused(char, powers, quoted, found)
    maneuver = _maneuver_first(words)
    if maneuver is not None:
        return maneuver
    several: list[_Numbered] = []
    for exact in (True, False):
        for cut in range(len(words), 0, -1):
            tail = _tail(words[cut:])
            found = _matching(powers, " ".join(words[:cut]), exact) if tail is not None else []
            if tail is not None and len(found) == 1:
                return tail[0], found[0].power, tail[1]
            several = several or found
    first_option = next((i for i, w in enumerate(words) if w in _OPTIONS and i), len(words))
    return _refused(char, powers, " ".join(words[:first_option]), several)


def _maneuver_first(words: list[str]) -> tuple[Maneuver, None, list[str]] | None:
    """A maneuver the words name, then its options (``move through v 20``): no power asked."""
    for cut in range(len(words), 0, -1):
        found = maneuver_named(" ".join(words[:cut]))
        if found is not None and (cut == len(words) or words[cut] in _OPTIONS):
            return found, None, words[cut:]
    return None


def _refused(char, powers: list[_Numbered], name: str, found: list[_Numbered]):
    if len(found) > 1:
        which = " or ".join(f"#{p.number} {p.power.name}" for p in found[:5])
        raise CommandError(f"'{name[:30]}' could be {which}: say which (its #number, or its name in quotes).")
    raise CommandError(f"'{name[:30]}' is neither a maneuver nor an attack power on the sheet. "
                       f"{_attack_list(char, powers)}")


def _number(words: list[str], word: str, top: int) -> int:
    if not words or not re.fullmatch(r"[0-9]{1,4}", words[0]) or int(words[0]) > top:
        raise UsageError(f"'{word}' takes a number from 0 to {top}.")
    return int(words.pop(0))


def _split(ctx: Context, text: str) -> tuple[str | None, list[str], str | None]:
    """The name in quotes (if any), the other words, and the attacker named by ``by <name>``."""
    quoted = None
    text = text.strip()
    if text[:1] in ('"', "'"):
        close = text.find(text[0], 1)
        if close < 0:
            raise UsageError(f"A name in quotes needs its closing {text[0]}.")
        quoted, text = text[1:close], text[close + 1:]
        if not quoted.strip():
            raise UsageError()
    words = text.lower().split()
    at = next((i for i, w in enumerate(words) if w == "by" and words[i - 1:i] not in (["move"], ["grab"])), None)
    by = None
    if at is not None:
        by, words = " ".join(text.split()[at + 1:]), words[:at]
    if quoted is None and not words:
        raise UsageError()
    return quoted, words, by


def _options(ctx: Context, rest: list[str]) -> dict:
    """The options after the attack: velocity, STR, Push, range and the Knockback words."""
    found: dict = {}
    kb: list[str] = []
    rest = list(rest)
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
        elif word == "defended":
            found["defended"] = True
        elif word == "def":
            found["limited"] = _number(rest, word, 999)
        elif word == "shots":
            found["shots"] = _number(rest, word, 999)
        elif word == "at":
            found["distances"] = _distances(rest)
        elif word in ("deadly", "weakness"):
            found[word] = True
        elif word == "dcv":
            found["dcv_levels"] = _number(rest, word, 99)
        elif word == "dc":
            found["dc_levels"] = _number(rest, word, 49)
        elif word in ("into", "root", "wall"):
            kb.extend([word, *rest])
            rest = []
        else:
            kb.append(word)
    if kb:  # else the order's own: no Knockback options (parse_kb_options of none)
        found["kb"] = parse_kb_options(ctx, f"0 {' '.join(kb)}")
    return found


def _distances(rest: list[str]) -> tuple[int, ...]:
    """``at 0 2, 3``: an Explosion's targets' inches from its centre, in their order."""
    found = []
    while rest and re.fullmatch(r"[0-9]{1,3},?", rest[0]):
        found.append(int(rest.pop(0).rstrip(",")))
    if not found:
        raise CommandError("'at' takes each target's inches from the centre: at 0 2 3.")
    return tuple(found)


def _order(ctx: Context, attacker, quoted: str | None, words: list[str]) -> AttackOrder:
    hero = get_hero(ctx.game, attacker)
    chosen = _maneuver_first(words) if quoted is None else None  # a maneuver from STR: the powers not listed
    maneuver, power, rest = chosen or _choose(attacker, _numbered(hero), quoted, words)
    power = adjusting.as_adjusted(ctx.game, attacker, power) if power is not None else None  # Drained, Aided
    options = _options(ctx, rest)
    try:
        options.update(talents.talent_options(hero, options.pop("deadly", False), options.pop("weakness", False)))
    except RulesError as exc:
        raise CommandError(f"{attacker.name} {exc}") from None
    order = AttackOrder(maneuver=maneuver, power=power, **options)
    if maneuver.moves and not order.velocity:
        raise CommandError(f"A {maneuver.name} needs the velocity: ... v <inches>.")
    effects = attacks.effects_of(power)
    if order.defended and not effects.nnd:
        raise CommandError("'defended' is for a No Normal Defense power: the target has the defense it names.")
    if "shots" in options and not effects.autofire:
        raise CommandError("'shots <n>' is for an Autofire power.")
    if "distances" in options and not effects.explosion:
        raise CommandError("'at <inches>' is for an Explosion: each target's distance from its centre.")
    if "limited" in options and not effects.avld:
        raise CommandError("'def <points>' is for an Attack Versus Limited Defense power: the target's points of it.")
    if power is not None and not minding.is_mental(power) and power.versus not in (
            "PD", "ED", entangling.ENTANGLE, flashing.FLASH, *adjusting.KINDS.values()):
        raise CommandError(f"{power.name} works against {power.versus}: the GM applies it (+damage).")
    skill_levels.use_for(ctx.game, attacker, order)  # refuses more DCV or DCs than his levels give
    ranged = power is not None and power.ranged
    if order.range is not None and not ranged and order.range > 1:
        raise CommandError(f"{order.name} is hand-to-hand: it reaches 1\" at most.")
    if ranged and power is not None and maneuver is not STRIKE:
        raise CommandError(f"{maneuver.name} goes with hand-to-hand attacks, not {power.name}.")
    return order


def _targets(ctx: Context, text: str) -> list:
    """``Ox`` or ``Ox, Viper, Agent 1`` (everyone in an Area Of Effect): the characters, once each."""
    found = []
    for name in text.split(","):
        char = find_target(ctx, name)
        if char not in found:
            found.append(char)
    return found


@journaled
def cmd_attack(ctx: Context, parsed: ParsedCommand) -> None:
    """+attack <target>[,<target>...]=<maneuver>[ options]: attack on one's Phase, everything applied."""
    if parsed.rhs is None or not parsed.lhs.strip():
        raise UsageError()
    targets = _targets(ctx, parsed.lhs)
    rhs, command = _command(parsed.rhs)
    quoted, words, by = _split(ctx, rhs)
    if command and by is None:
        command, by = _said_by(ctx, command)
    at_entangle = "entangle" in words[1:]  # ``strike entangle``: at the Entangle on him (RULES ENTANGLE)
    words = [w for i, w in enumerate(words) if not (i and w == "entangle")]
    if fights.get_fight(ctx.game, ctx.actor.location) is None:
        raise CommandError("There is no fight here. Staff start one with +combat/start.")
    attacker = who_acts(ctx, find_target(ctx, by) if by is not None else None, doing="attack")
    preload_heroes(ctx.game, [attacker, *targets])  # one store call: powers, and defenses of the genre
    move = grapple.chosen(ctx, attacker, words, _OPTIONS) if quoted is None else None
    try:
        order = _order(ctx, attacker, quoted, words) if move is None else None
    except CommandError:  # not a maneuver or power: a Martial Arts maneuver on the sheet?
        move = grapple.chosen(ctx, attacker, words, _OPTIONS, bought=True) if quoted is None else None
        if move is None:
            raise
    if move is not None:  # Grab, Disarm, Martial Arts ... (commands/grapple.py)
        grapple.attack(ctx, attacker, targets, move, lambda said: _order(ctx, attacker, None, said), _lines, _tell,
                       _OPTIONS)
        return
    assert order is not None
    area = bool(attacks.effects_of(order.power).area)
    if len(targets) > 1 and not area:
        raise CommandError(f"Only an Area Of Effect power hits several at once; {order.name} hits one.")
    held = entangling.entangle_of(ctx.game, attacker)
    if held is not None and not (at_entangle and targets == [attacker]) and not minding.is_mental(order.power):
        raise CommandError(f"{attacker.name} is Entangled and can only break out or use a Mental Power: "
                           f"{entangling.break_out(attacker.name, attacker.id == ctx.actor.id)}.")
    minding.check_reach(ctx.game, attacker, targets[0], order.power)
    acting(ctx, attacker, full=order.maneuver.moves)
    fight = fights.fight_of(ctx.game, attacker)
    for target in targets:
        helping = order.power is not None and order.power.versus in adjusting.HELPING  # an Aid on oneself
        if target.id == attacker.id and not (at_entangle and held is not None) and not helping:
            raise CommandError("Attack someone else.")
        if target.location != attacker.location or fight is None or fight.fighter(target.id) is None:
            raise CommandError(f"{target.name} is not in this fight.")
    target = targets[0]
    if order.maneuver.name == "Haymaker" and at_entangle:
        raise CommandError("Strike the Entangle: a Haymaker at it is not kept for a Segment.")
    if order.maneuver.name == "Haymaker":
        said = f"{TAG} {windup_text(attacks.wind_up(ctx.game, attacker, target, order))}"
        after = [f"{TAG} {a}" for a in finish(ctx, attacker)]
        ctx.emit_room("\n".join([said, *after]))
        return
    before = [vitals_of(ctx.game, t) for t in targets]
    if at_entangle or (order.power is not None and order.power.versus not in ("PD", "ED")):
        lines, hit = _powers(ctx, attacker, target, order, at_entangle, command)
        _tell(ctx, attacker, targets, before, lines, hit)
        return
    outcome: (explosions.ExplosionOutcome | attacks.AreaOutcome | attacks.AutofireOutcome | attacks.AttackOutcome
              | attacks.PowerFailed | grappling.Blocked)
    if attacks.effects_of(order.power).explosion:
        outcome = explosions.resolve_explosion(ctx.game, attacker, targets, order, ctx.roller)
    elif area:
        outcome = attacks.resolve_area(ctx.game, attacker, targets, order, ctx.roller)
    elif attacks.effects_of(order.power).autofire:
        outcome = attacks.resolve_autofire(ctx.game, attacker, target, order, ctx.roller)
    else:  # a hand-to-hand attack meets the target's Block first (game/grappling.py)
        block, outcome = grappling.resolve_guarded(ctx.game, attacker, target, order, ctx.roller)
        kept = continuing.keep(ctx.game, attacker, target, order, outcome.hit) \
            if isinstance(outcome, attacks.AttackOutcome) else ""  # a Continuous power goes on (game/continuing.py)
        _tell(ctx, attacker, targets, before, guarded_lines(block, outcome, lambda o: _kept(_lines(o), kept)),
              outcome.hit)
        return
    _tell(ctx, attacker, targets, before, _lines(outcome), outcome.hit)


def _kept(lines: list[str], kept: str) -> list[str]:
    """An attack's lines with what a Continuous power goes on doing, before the END."""
    return [*lines[:-1], kept, lines[-1]] if kept else lines


def _stop(ctx: Context, parsed: ParsedCommand) -> None:
    """+attack/stop [<power>] [by <name>]: end one's Continuous attacks (HERO 5E revised: turning a
    power off takes no time)."""
    words = parsed.args.split()
    at = next((i for i in range(len(words) - 1, -1, -1) if words[i].lower() == "by"), None)
    power = " ".join(words if at is None else words[:at]).strip("\"'")
    by = None if at is None else " ".join(words[at + 1:])
    attacker = who_acts(ctx, find_target(ctx, by) if by is not None else None, doing="stop an attack")
    ended = continuing.stop(ctx.game, attacker, power)
    if not ended:
        raise CommandError(f"{attacker.name} has no Continuous attack going on{' by that name' if power else ''}.")
    ctx.emit_room("\n".join(f"{TAG} {stopped_text(e)}" for e in ended))


def _tell(ctx: Context, attacker, targets: list, before: list,  # a Character
          lines: list[str], hit: bool) -> None:
    """The block to the room, logged as a roll with its id, and the brief line."""
    roll_id = rolls.log_roll(ctx.game, ctx.actor, "attack", strip(" ".join(lines)),
                             {"attacker": attacker.name, "target": ", ".join(t.name for t in targets)}, private=False)
    lines[-1] += f" |x[{roll_id}]|n"
    brief = None  # made only when someone here reads brief combat (the vitals before the fight moves on)
    if ctx.brief_readers():
        brief = " ".join(brief_line(attacker.name, t.name, hit, b, vitals_of(ctx.game, t) if hit else b)
                         for t, b in zip(targets, before)) + f" |x[{roll_id}]|n"  # a miss says no numbers
    after = [f"{TAG} {a}" for a in finish(ctx, attacker)]
    ctx.emit_room("\n".join([f"{TAG} {lines[0]}"] + [f"  {line}" for line in lines[1:]] + after),
                  brief=None if brief is None else "\n".join([f"{TAG} {brief}", *after]))


def _powers(ctx: Context, attacker, target, order: AttackOrder,  # Characters
            at_entangle: bool, said: str = "") -> tuple[list[str], bool]:
    """An Entangle, an attack on one, a Flash, an Ego Attack, a Drain or Aid (RULES ENTANGLE, FLASH,
    EGO ATTACK, DRAIN AND AID): its lines and whether it hit."""
    if at_entangle:
        if entangling.entangle_of(ctx.game, target) is None:
            raise CommandError(f"{target.name} is not Entangled.")
        struck = entangling.strike_entangle(ctx.game, attacker, target, order, ctx.roller)
        return struck_lines(struck), struck.hit is not None
    assert order.power is not None
    if order.power.versus in adjusting.KINDS.values():
        adjusted = adjusting.adjust(ctx.game, attacker, target, order, ctx.roller)
        return adjustment_lines(adjusted), adjusted.hit
    if order.power.versus == flashing.FLASH:
        flashed = flashing.flash(ctx.game, attacker, target, order, ctx.roller)
        return flash_lines(flashed), flashed.hit
    if minding.is_mental(order.power) and order.power.versus != mental.MENTAL:
        used = minding.use_mind(ctx.game, attacker, target, order, ctx.roller, said)
        return mind_lines(used), used.hit
    if order.power.versus == mental.MENTAL:
        ego = mental.ego_attack(ctx.game, attacker, target, order, ctx.roller)
        return ego_lines(ego), ego.hit
    made = entangling.entangle(ctx.game, attacker, target, order, ctx.roller)
    return entangle_lines(made), made.hit


#: ``... command <text>`` (Mind Control), ``illusion``, ``thought``: what the mind is given.
_SAID = ("command", "illusion", "thought")
_WORD = re.compile(r"\S+")


def _command(rhs: str) -> tuple[str, str]:
    """``dominate command Attack Psiana`` -> (``dominate``, ``Attack Psiana``): the Mental Power's
    command, illusion or thought, kept as typed (no markup, 120 characters); the words are read
    one by one, so a long line costs no more than its length."""
    for n, word in enumerate(_WORD.finditer(rhs)):
        if n and word[0].lower() in _SAID:
            said = " ".join(strip(rhs[word.end():]).split())[:120]
            return (rhs[:word.start()], said) if said else (rhs, "")
    return rhs, ""


def _said_by(ctx: Context, said: str) -> tuple[str, str | None]:
    """``Guard me by Mentalla``: staff acting for Mentalla after the command, when a character of
    that name is in the fight here; else the words are the command's own (``Stand by me``)."""
    found = re.fullmatch(r"(.*\S)\s+by\s+(\S.*)", said, re.IGNORECASE | re.DOTALL)
    fight = fights.get_fight(ctx.game, ctx.actor.location) if ctx.actor is not None else None
    if found is None or fight is None:
        return said, None
    char = ctx.game.match_character(found[2].strip())
    if char is None or fight.fighter(char.id) is None:
        return said, None
    return found[1], found[2]


def _lines(outcome) -> list[str]:  # any outcome of resolve or resolve_area
    if isinstance(outcome, attacks.PowerFailed):
        return failed_lines(outcome)
    if isinstance(outcome, explosions.ExplosionOutcome):
        return explosion_lines(outcome)
    if isinstance(outcome, attacks.AreaOutcome):
        return area_lines(outcome)
    if isinstance(outcome, attacks.AutofireOutcome):
        return autofire_lines(outcome)
    return attack_lines(outcome)


#: Each command's handler, loaded at its first use from the table's entry (commands/fight.py).
HANDLERS = {"+attack": cmd_attack, "+attack/stop": _stop}
