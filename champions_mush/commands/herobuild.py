"""Building a HERO sheet by hand: +power, +skill, +disad (docs/player-guide.md, "Building your character").

Each adds (or, under the same name, changes) one item priced at once by the engine, and
``/remove`` takes one off by its ``#number`` on ``+sheet`` or its name. Only while the
character's sheet is not approved; characteristics are bought with ``+stat``.
"""

from __future__ import annotations

import re
from functools import partial
from typing import TYPE_CHECKING

import attrs

from ..game.hero import MAX_ITEMS, HeroSheet, Item, Section, get_hero, save_hero
from ..game.hero_items import (
    disad_item,
    flash_group,
    flash_spec_for,
    modifier_from_spec,
    power_item,
    renamed_item,
    skill_item,
)
from ..game.martial import bought_maneuver, extra_dc_item
from ..game.reduction_items import is_reduction, reduction_item
from ..game.sheets import get_sheet, normalise_stat
from ..rules.champions.adjustment import ADJUSTMENT_POWERS, subject_named
from ..rules.champions.characteristics import PRIMARY
from ..rules.champions.martial import martial_named
from ..rules.champions.modifiers import MODIFIERS, find_modifier, modifier_value_text
from ..rules.champions.powers import POWERS, TYPED_POWERS, PowerKind, PowerSpec, find_power
from ..rules.dice import DiceAmount
from ..rules.errors import RulesError
from ..text.format import columns
from ..text.markup import escape
from ..text.numbers import is_number
from .base import Command, CommandError, ParsedCommand, UsageError
from .context import Context
from .sheets import points_line

if TYPE_CHECKING:
    from ..game.objects import Character

__all__ = ["COMMANDS"]

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9 ':/,()-]{0,39}")
#: ``8/8``, ``8 PD / 8 ED``; ``(?:PD\s*)?``, not ``(?:PD)?\s*``, so a run of spaces is read once
_DEFENSE = re.compile(r"([0-9]{1,3})\s*(?:PD\s*)?/\s*([0-9]{1,3})\s*(?:ED)?", re.IGNORECASE)
_SKILL = re.compile(r"(?P<char>[A-Za-z]{2,4})\s*(?:\+\s*(?P<levels>[0-9]{1,2}))?")


def _whose(ctx: Context, text: str) -> tuple[Character, str]:
    """``Viper/Venom Blaster`` typed by staff: the NPC Viper and ``Venom Blaster``, so staff
    build a villain with the players' commands; otherwise one's own character and the text."""
    head, slash, rest = text.partition("/")
    if slash and ctx.is_staff:
        char = ctx.game.find_character(head)
        if char is not None:
            if not char.npc:
                raise CommandError(f"{char.name} is a player's character: its player builds it (staff name an NPC).")
            return char, rest.strip()
    return ctx.actor, text


def _hero_of(ctx: Context, char: Character) -> HeroSheet:
    """The HERO sheet to change: one's own while unapproved, or an NPC's (staff)."""
    return _own_unapproved(ctx) if char is ctx.actor else get_hero(ctx.game, char)


def _own_unapproved(ctx: Context) -> HeroSheet:
    if get_sheet(ctx.game, ctx.actor).approved:
        raise CommandError("Your sheet is approved: ask staff to unapprove it before changing it.")
    return get_hero(ctx.game, ctx.actor)


def _name(text: str) -> str:
    name = text.strip()
    if not _NAME.fullmatch(name):
        raise CommandError("A name is 1-40 letters, digits, spaces and ' : / , ( ) -, starting with a letter.")
    return name


def _item_id(hero: HeroSheet, name: str) -> str:
    """The id of the item called ``name`` in any case (to change it), or a new one."""
    found = next((i for i in hero.items if i.name.lower() == name.lower() and not i.parent), None)
    return found.id if found is not None else hero.next_id()


def _added(ctx: Context, hero: HeroSheet, item: Item) -> None:
    char = ctx.game.characters.get(hero.char_id)
    whose = f"{char.name}: " if char is not None and char is not ctx.actor else ""
    changed = hero.find(item.id) is not None
    if not changed and len(hero.items) >= MAX_ITEMS:
        raise CommandError(f"A sheet holds at most {MAX_ITEMS} items: remove one before adding another.")
    hero = save_hero(ctx.game, hero.with_item(item))
    number = [i.id for i in hero.items].index(item.id) + 1
    end = f", {item.end} END" if item.end else ""
    ctx.reply(f"{whose}{'Changed' if changed else 'Added'} #{number} {escape(item.text)}: {item.active} Active Points, "
              f"{item.real} Real Cost{end}.")
    ctx.reply(points_line(hero))


def _remove(ctx: Context, parsed: ParsedCommand, section: Section) -> None:
    """+power/remove, +skill/remove, +disad/remove <#n or name>: take an item of that section off."""
    char, what = _whose(ctx, parsed.args.strip())
    hero = _hero_of(ctx, char)
    numbered = list(enumerate(hero.items, 1))
    found = [i for n, i in numbered if (is_number(what.lstrip("#")) and n == int(what.lstrip("#")))
             or i.name.lower() == what.lower()]
    found = [i for i in found if i.section is section]
    if not what or not found:
        raise CommandError(f"You have no {section.title.lower()} '{what[:30]}' (see the #numbers on +sheet).")
    hero = save_hero(ctx.game, hero.without_item(found[0].id))
    ctx.reply(f"Removed {escape(found[0].text)}.")
    ctx.reply(points_line(hero))


# --- +power -----------------------------------------------------------------------------------
def _split_power(text: str) -> tuple[str, str, list[str]]:
    """``energy blast 12d6 +ap -oaf`` -> ("energy blast", "12d6", ["+ap", "-oaf"])."""
    words = text.split()
    mods = [w for w in words if w[:1] in "+-" and w[1:2].isalpha()]
    rest = [w for w in words if w not in mods]
    at = next((n for n, w in enumerate(rest) if w[:1].isdigit()), len(rest))
    return " ".join(rest[:at]), " ".join(rest[at:]), mods


#: ``... 8d6 vs PD``: an attack built against physical or energy defense (HERO 5E: the player says which).
_VERSUS = re.compile(r"(.*?)\s+(?:vs\.?|versus|against)\s+(\S+)", re.IGNORECASE)


def _versus(amount: str, spec) -> tuple[str, str]:  # a PowerSpec
    """``8d6 vs pd`` -> ("8d6", "PD"); only Energy Blast and the Killing Attacks choose."""
    match = _VERSUS.fullmatch(amount.strip())
    if match is None:
        return amount, ""
    versus = {"PHYSICAL": "PD", "ENERGY": "ED"}.get(match[2].upper(), match[2].upper())
    if versus not in ("PD", "ED"):
        raise CommandError(f"An attack is built against PD or ED (physical or energy), not {match[2][:10]}.")
    if spec.versus not in ("PD", "ED"):
        raise CommandError(f"{spec.name} works against {spec.versus}: it has no PD or ED to choose.")
    return match[1], versus


def _adjusting(power: str) -> tuple[str, str]:
    """``drain str`` -> ("drain", "STR"): an adjustment power and what it works on, written as
    Hero Designer does (RULES ADJUSTMENT POWERS); anything else is returned whole with no subject."""
    head, _, rest = power.partition(" ")
    try:
        spec = find_power(head) if rest else None
    except RulesError:
        return power, ""
    if spec is None or spec.xmlid not in ADJUSTMENT_POWERS:
        return power, ""
    subject = subject_named(rest)
    if subject is None:
        raise CommandError(f"{spec.name} works on a characteristic or a power, like "
                           f"{spec.name.lower()} str 3d6 or {spec.name.lower()} energy blast 2d6.")
    return head, subject


def _power_item(hero: HeroSheet, name: str, text: str) -> Item:
    power, amount, mod_words = _split_power(text)
    if not power or not amount:
        raise UsageError()
    power, subject = _adjusting(power)
    item = _built_item(hero, name, power, amount, mod_words)
    if not subject:
        return item
    spec = POWERS[item.xmlid]
    return attrs.evolve(item, text=item.text.replace(spec.name, f"{spec.name} {subject}", 1))


def _built_item(hero: HeroSheet, name: str, power: str, amount: str, mod_words: list[str]) -> Item:
    spec = None if is_reduction(power) else find_power(power)
    mods = tuple(modifier_from_spec(find_modifier(w)) for w in mod_words)
    labels = [m.label for m in mods]
    twice = next((label for n, label in enumerate(labels) if label in labels[:n]), None)
    if twice is not None:
        raise CommandError(f"{twice} is named twice: an Advantage or Limitation counts once on a power.")
    for word, mod in zip(mod_words, mods):
        if (word[0] == "+") != (mod.value > 0):
            kind = "an Advantage" if mod.value > 0 else "a Limitation"
            raise CommandError(f"{mod.name} is {kind}: write it {'+' if mod.value > 0 else '-'}{word[1:]}.")
    item_id = _item_id(hero, name)
    if spec is None:
        return reduction_item(item_id, name, amount, mods)
    if spec.xmlid == "FLASH":  # ``flash 4d6``, ``flash 4d6 vs hearing``: a Sense Group (RULES FLASH)
        dice_text, _, group_word = amount.strip().partition(" ")
        group_word = re.sub(r"^(?:vs\.?|versus|against)\s+", "", group_word.strip(), flags=re.IGNORECASE)
        spec, group = flash_spec_for(spec, group_word)
        dice = DiceAmount.parse(dice_text.lower().replace("d6", "").strip() or "0")
        item = power_item(item_id, spec, name=name, dice=dice, modifiers=mods)
        return attrs.evolve(item, text=item.text.replace(f"Flash {dice}", f"Flash {dice} ({group.name})", 1))
    if spec.xmlid == "FLASHDEFENSE" and not is_number(amount.strip(), 3):  # ``flash defense 5 vs hearing``
        number, _, group_word = amount.strip().partition(" ")
        group = flash_group(re.sub(r"^(?:vs\.?|versus|against)\s+", "", group_word.strip(), flags=re.IGNORECASE))
        if not is_number(number, 3):
            raise CommandError("Flash Defense needs a whole number of points, like flash defense 5 vs hearing.")
        item = power_item(item_id, spec, name=name, levels=int(number), modifiers=mods)
        return attrs.evolve(item, versus=group.key, text=f"{item.text} ({group.name})")
    if spec.unit == "d6":
        amount, versus = _versus(amount, spec)
        dice = DiceAmount.parse(amount.lower().replace("d6", "").strip() or "0")
        item = power_item(item_id, spec, name=name, dice=dice, modifiers=mods)
        if not versus or versus == spec.versus:
            return item
        what = f"{spec.name} {dice}"
        return attrs.evolve(item, versus=versus, text=item.text.replace(what, f"{what} vs {versus}", 1))
    if spec.kind is PowerKind.DEFENSE and spec.xmlid in ("ARMOR", "FORCEFIELD", "DAMAGERESISTANCE"):
        match = _DEFENSE.fullmatch(amount.strip())
        if match is None:
            raise CommandError(f"{spec.name} needs PD/ED, like {spec.name.lower()} 8/8.")
        return power_item(item_id, spec, name=name, pd=int(match[1]), ed=int(match[2]), modifiers=mods)
    number = amount.strip().rstrip('"').rstrip()
    if not is_number(number, 3):
        raise CommandError(f"{spec.name} needs a whole number of {spec.unit or 'levels'}, like {spec.name.lower()} 10.")
    return power_item(item_id, spec, name=name, levels=int(number), modifiers=mods)


def cmd_power(ctx: Context, parsed: ParsedCommand) -> None:
    """+power <name>=<power> <amount> [+adv] [-lim]; /remove <#n or name>; /list what can be bought."""
    if parsed.rhs is None or not parsed.lhs.strip():
        raise UsageError()
    char, name = _whose(ctx, parsed.lhs)
    hero = _hero_of(ctx, char)
    try:
        item = _power_item(hero, _name(name), parsed.rhs)
    except RulesError as exc:
        raise CommandError(str(exc)) from None
    _added(ctx, hero, item)


def _rename(ctx: Context, parsed: ParsedCommand) -> None:
    """+power/rename <#n or name>=<new name>: a power's name only, its build unchanged (approved
    sheets too: a name is not a build)."""
    if parsed.rhs is None or not parsed.lhs.strip():
        raise UsageError()
    char, what = _whose(ctx, parsed.lhs.strip())
    hero = get_hero(ctx.game, char)
    name = _name(parsed.rhs)
    numbered = list(enumerate(hero.items, 1))
    found = [(n, i) for n, i in numbered if i.section in (Section.POWERS, Section.EQUIPMENT) and (
        (is_number(what.lstrip("#")) and n == int(what.lstrip("#"))) or i.name.lower() == what.lower())]
    if not found:
        raise CommandError(f"You have no power '{what[:30]}' (see the #numbers on +sheet).")
    number, item = found[0]
    taken = next((n for n, i in numbered if i.name.lower() == name.lower() and i.id != item.id), None)
    if taken is not None:
        raise CommandError(f"#{taken} is already called {escape(hero.items[taken - 1].name)}: choose another name.")
    renamed = renamed_item(item, name)
    save_hero(ctx.game, hero.with_item(renamed))
    end = f", {item.end} END" if item.end else ""
    ctx.reply(f"Renamed #{number} {escape(renamed.text)} ({item.active} Active Points, {item.real} Real Cost{end}).")


def _power_list(ctx: Context, parsed: ParsedCommand) -> None:
    ctx.reply("Powers: " + ", ".join(f"{p.name} ({_per(p)})" for p in {**POWERS, **TYPED_POWERS}.values()))
    ctx.reply("Advantages and Limitations (type +key or -key):")
    ctx.reply(columns([f"{m.key} {modifier_value_text(m.value)}" for m in MODIFIERS.values()], ctx.width))


def _per(spec: PowerSpec) -> str:
    """A power's price as players read it: ``5/d6``, ``3 per 2 points`` (Armor), ``10 + 1 per
    3 STR`` (Clinging), ``40 points`` (Desolidification)."""
    per = spec.per_level
    if not per:
        return f"{spec.base} points"
    units = {"point": "points", "level": "levels", "inch": "inches"}.get(spec.unit, spec.unit)
    each = f"{per.numerator}/{spec.unit}" if per.denominator == 1 else f"{per.numerator} per {per.denominator} {units}"
    return f"{spec.base} + {each}" if spec.base else each


# --- +skill and +disad ------------------------------------------------------------------------
def cmd_skill(ctx: Context, parsed: ParsedCommand) -> None:
    """+skill <name>=<characteristic or KS>[+levels]: a Skill bought with points; /remove."""
    if parsed.rhs is None or not parsed.lhs.strip():
        raise UsageError()
    char, name = _whose(ctx, parsed.lhs)
    hero = _hero_of(ctx, char)
    name = _name(name)
    match = _SKILL.fullmatch(parsed.rhs.strip())
    if match is None:
        raise UsageError()
    base, levels = match["char"].upper(), int(match["levels"] or 0)
    if base in ("KS", "PS", "SS"):
        xmlid = {"KS": "KNOWLEDGE_SKILL", "PS": "PROFESSIONAL_SKILL", "SS": "SCIENCE_SKILL"}[base]
        item = skill_item(_item_id(hero, name), xmlid, name, "GENERAL", None, levels)
    else:
        stat = normalise_stat(base)
        if stat is None or stat not in PRIMARY:
            raise CommandError(f"'{base}' is not a characteristic a Skill is based on (DEX, INT, PRE ...) or KS.")
        item = skill_item(_item_id(hero, name), name.upper().replace(" ", "_"), name, stat, hero.value(stat), levels)
    _added(ctx, hero, item)


def cmd_disad(ctx: Context, parsed: ParsedCommand) -> None:
    """+disad <name>=<points> [what it is]: a Disadvantage worth that many points; /remove."""
    if parsed.rhs is None or not parsed.lhs.strip():
        raise UsageError()
    char, name = _whose(ctx, parsed.lhs)
    hero = _hero_of(ctx, char)
    name = _name(name)
    points, _, detail = parsed.rhs.strip().partition(" ")
    if not is_number(points, 3):
        raise UsageError()
    try:
        item = disad_item(_item_id(hero, name), name, int(points), detail=detail.strip()[:80])
    except RulesError as exc:
        raise CommandError(str(exc)) from None
    _added(ctx, hero, item)


def cmd_martial(ctx: Context, parsed: ParsedCommand) -> None:
    """+martial <name>=<5E maneuver> | Extra DCs=<n>: Martial Arts bought by hand (HERO 5E revised,
    game/martial.py); /remove."""
    if parsed.rhs is None or not parsed.lhs.strip():
        raise UsageError()
    char, name = _whose(ctx, parsed.lhs)
    hero = _hero_of(ctx, char)
    name, wanted = _name(name), parsed.rhs.strip()
    if name.lower() in ("extra dcs", "extra dc"):
        if not is_number(wanted, 2):
            raise UsageError()
        try:
            item = extra_dc_item(_item_id(hero, "Extra DCs"), int(wanted))
        except RulesError as exc:
            raise CommandError(str(exc)) from None
    else:
        maneuver = martial_named(wanted)
        if maneuver is None:
            raise CommandError(f"'{wanted[:30]}' is not a maneuver of the 5E Martial Arts table (+maneuver martial).")
        item = bought_maneuver(_item_id(hero, name), name, maneuver)
    _added(ctx, hero, item)


COMMANDS = (
    Command("+power", cmd_power, ruleset="champions", summary="buy a power for your sheet",
            subcommands={"remove": partial(_remove, section=Section.POWERS), "list": _power_list,
                         "rename": _rename}),
    Command("+skill", cmd_skill, ruleset="champions", summary="buy a Skill for your sheet",
            subcommands={"remove": partial(_remove, section=Section.SKILLS)}),
    Command("+disad", cmd_disad, ruleset="champions", summary="take a Disadvantage on your sheet",
            subcommands={"remove": partial(_remove, section=Section.DISADVANTAGES)}),
    Command("+martial", cmd_martial, ruleset="champions", summary="buy a Martial Arts maneuver for your sheet",
            subcommands={"remove": partial(_remove, section=Section.MARTIALARTS)}),
)
