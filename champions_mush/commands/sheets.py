"""Character sheets: +sheet (and /import), +stat, +stat/set, +approve and NPCs (+npc).

Players set their own values until staff approve the sheet; staff can always set anyone's
(``+stat/set name/char=value``). The play sheet lives in :mod:`champions_mush.game.sheets`,
the points-built HERO sheet in :mod:`champions_mush.game.hero` (docs/player-guide.md,
"Building your character").
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING, Any

import attrs

from ..game.approval import approve, problems, queue, submit, unapprove
from ..game.genre import genre_defenses, needs_no_breath
from ..game.hero import CHARACTERISTIC_ORDER, MAX_HDC_BYTES, HeroSheet, Section, get_hero, has_hero, save_hero
from ..game.lasting import lasting_of
from ..game.objects import valid_name
from ..game.sheets import (
    CHARACTERISTICS,
    COMBAT_VALUES,
    Sheet,
    SheetError,
    get_sheet,
    normalise_stat,
    save_sheet,
    sheet_defenses,
)
from ..rules.champions.costs import CHARACTERISTIC_COSTS
from ..rules.champions.defenses import Against, Defenses
from ..rules.champions.rolls import characteristic_target
from ..rules.errors import RulesError
from ..store.base import StoreError
from ..text.aloud import aloud
from ..text.format import DEFAULT_WIDTH, MIN_WIDTH, table, when, wrap
from ..text.markup import escape
from ..text.numbers import is_number
from .base import Command, CommandError, ParsedCommand, Role, Subcommand, UsageError
from .context import Context
from .dice import find_target
from .multiline import LineCollector, resumable, start_collecting
from .paging import more, place, remember

if TYPE_CHECKING:
    from ..game.hdc import Imported

__all__ = ["COMMANDS", "defense_text", "import_text", "points_line", "render_hero", "render_sheet", "vitals_line"]

#: +stat/set keys that switch a kept condition on or off.
_FLAGS = {"breath": "holding_breath", "holding": "holding_breath", "stunned": "stunned",
          "stabilized": "stabilized", "stabilised": "stabilized"}
_YES = {"yes", "on", "1", "true", "y"}
_NO = {"no", "off", "0", "false", "n", ""}


# --- display ----------------------------------------------------------------------------------
def defense_text(defenses: Defenses) -> str:
    """The defenses attacks meet: ``PD 20 (8 resistant), ED 15 (5 resistant); Damage Reduction:
    50% physical (resistant)`` (RULES TAKING DAMAGE; HERO 5E revised, Damage Reduction)."""
    text = ", ".join(f"{a.value} {defenses.total(a)} ({defenses.resistant(a)} resistant)" for a in Against)
    kinds = [(defenses.rpd_dr, "physical", True), (defenses.pd_dr, "physical", False),
             (defenses.red_dr, "energy", True), (defenses.ed_dr, "energy", False)]
    reductions = [f"{n}% {what}{' (resistant)' if resistant else ''}" for n, what, resistant in kinds if n]
    return text + ("; Damage Reduction: " + ", ".join(reductions) if reductions else "")


def vitals_line(sheet: Sheet) -> str:
    """``STUN 25/30  BODY 10/10  END 40/40`` with colour when hurt."""
    parts = []
    for label, now, top in (("STUN", sheet.current_stun, sheet.max_stun),
                            ("BODY", sheet.current_body, sheet.max_body),
                            ("END", sheet.current_end, sheet.max_end)):
        colour = "|g" if now >= top else "|y" if now > 0 else "|r"
        parts.append(f"{label} {colour}{now}|n/{top}")
    return "  ".join(parts)


def points_line(hero: HeroSheet) -> str:
    """``Points: 156 spent of 200 base + 20 disadvantages + 0 XP = 220: 64 left.``"""
    left = hero.balance
    state = f"{left} left" if left >= 0 else f"|r{-left} over|n"
    return (f"Points: {hero.spent} spent of {hero.base_points} base + {min(hero.disads, hero.disad_points)} "
            f"disadvantages + {hero.experience} XP = {hero.available}: {state}.")


#: Wider than this, a sheet's tables would spread too thin to read.
_MAX_SHEET_WIDTH = 120


def _sheet_width(width: int | None) -> int:
    """The width a sheet is laid out in: the client's, else the default, within readable bounds."""
    return max(MIN_WIDTH, min(width or DEFAULT_WIDTH, _MAX_SHEET_WIDTH))


#: The movement on the characteristics list, as the sheet labels it.
_MOVES = {"RUNNING": "Run", "SWIMMING": "Swim", "LEAPING": "Leap"}


def _characteristic_rows(hero: HeroSheet, width: int) -> str:
    cells = []
    for name in CHARACTERISTIC_ORDER:
        value, points = hero.value(name), hero.points(name)
        roll = _roll(name, value)
        label = _MOVES.get(name)
        if label is None:
            cells.append((name, str(value), str(points), roll))
        else:  # inches, with movement Powers of the kind bought (+power Legs=running 6)
            cells.append((label, f"{hero.movement(name)}\"", str(points), roll))
    per_row = 3 if width >= DEFAULT_WIDTH else 2 if width >= 52 else 1
    rows = []
    for start in range(0, len(cells), per_row):
        row: list[str] = []
        for cell in cells[start:start + per_row]:
            row.extend(cell)
        rows.append(row)
    headers = ("Char", "Val", "Pts", "Roll") * per_row
    return table(rows, width, headers=headers)


def _roll(name: str, value: int) -> str:
    """A primary characteristic's roll (``13-``); none for the figured ones, and none below 0
    (HERO 5E: 9 + CHAR/5 is for a characteristic a character has; COM -10 has no roll)."""
    return f"{characteristic_target(value)}-" if name in CHARACTERISTICS[:8] and value >= 0 else ""


def _hanging(text: str, width: int) -> str:
    """``text`` wrapped with its later lines indented: a file's words never start a line
    (docs/reliability.md, "Every door")."""
    first, _, rest = wrap(text, width).partition("\n")
    return first + ("\n" + wrap("  " + rest.replace("\n", " "), width) if rest else "")


def render_hero(hero: HeroSheet, width: int) -> list[str]:
    """The HERO sheet's lines: characteristics with their cost, each section's items with
    number, Real Cost and END, the points line, and items the engine could not price."""
    width = _sheet_width(width)
    lines = [_hanging(f"Built {hero.source}.", width), _characteristic_rows(hero, width)]
    page, end = _item_page(hero, width, 0)
    lines.extend(page)
    lines.extend(more("+sheet", end if end < len(hero.items) else 0))
    lines.append("-" * width)
    lines.append(points_line(hero))
    if hero.unknown:
        count = len(hero.unknown)
        lines.append(f"(?) {count} item{'s' if count != 1 else ''} priced from the file's own figures, for staff to check.")
    return lines


#: Item text one +sheet page holds (the biggest real sheets have about 5,000 characters of it):
#: a longer sheet is read a page at a time with +sheet/next, so no +sheet costs more than a few
#: milliseconds whatever it holds (docs/reliability.md, "Every door").
SHEET_PAGE_CHARS = 12_000


def _page_end(hero: HeroSheet, start: int) -> int:
    """Where the page of items that begins at ``start`` ends (at least one item a page)."""
    used = 0
    for n in range(start, len(hero.items)):
        used += len(hero.items[n].text)
        if used > SHEET_PAGE_CHARS and n > start:
            return n
    return len(hero.items)


def _item_page(hero: HeroSheet, width: int, start: int) -> tuple[list[str], int]:
    """The lines of the items from ``start`` to the page's end, by section, and that end."""
    end = _page_end(hero, start)
    numbers = {item.id: n for n, item in enumerate(hero.items, 1)}
    shown = hero.items[start:end]
    lines = []
    for section in Section:
        items = [i for i in shown if i.section is section]
        if not items:
            continue
        title = f" {section.title} ({hero.section_points(section)} points) "
        lines.append("-" * 2 + title + "-" * max(0, width - len(title) - 2))
        rows = []
        for item in items:
            indent = "  " if item.parent else ""
            flag = " (?)" if not item.known else ""
            rows.append((f"#{numbers[item.id]}", str(item.real), indent + escape(item.text) + flag,
                         str(item.end) if item.end else ""))
        lines.append(table(rows, width, headers=("#", "Cost", section.title, "END")))
    return lines, end


def render_sheet(sheet: Sheet, width: int, hero: HeroSheet | None = None) -> str:
    """The whole sheet, laid out to fit ``width`` columns (with the HERO sheet when given);
    for a screen reader, :func:`sheet_aloud`."""
    if aloud():
        return "\n".join(sheet_aloud(sheet, hero))
    width = _sheet_width(width)
    status = "NPC" if sheet.npc else ("approved" if sheet.approved else "not approved")
    title = f" {sheet.name} ({status}) "
    pad = max(0, width - len(title))
    lines = ["=" * (pad // 2) + f"|h{title}|n" + "=" * (pad - pad // 2)]
    if hero is not None:
        return _with_hero(lines, sheet, hero, width)
    cells = []
    for name in CHARACTERISTICS + COMBAT_VALUES:
        mark = "" if sheet.is_set(name) or name not in ("PD", "ED", "SPD", "REC", "END", "STUN", "OCV", "DCV") else "*"
        value = sheet.base(name)
        roll = f" ({_roll(name, value)})" if _roll(name, value) else ""
        cells.append(f"{name:<4} {value:>3}{mark}{roll}")
    per_row = max(1, (width + 2) // (max(len(c) for c in cells) + 2))
    rows = [cells[i:i + per_row] for i in range(0, len(cells), per_row)]
    lines.append(table(rows, width))
    lines.append("(* figured from the characteristics)")
    lines.append("-" * width)
    lines.append(vitals_line(sheet))
    conditions = sheet.conditions()
    lines.append("Conditions: " + (", ".join(conditions) if conditions else "none"))
    if sheet.skills:
        skills = ", ".join(f"{escape(k)} {v}" for k, v in sorted(sheet.skills.items()))
        lines.append(f"Skills: {skills}")
    if sheet.approved and sheet.approved_by:
        lines.append(f"Approved by {sheet.approved_by}.")
    return wrap("\n".join(lines), width)


def sheet_aloud(sheet: Sheet, hero: HeroSheet | None = None) -> list[str]:
    """The sheet in the order a listener wants it: who, how hurt, then characteristics and
    powers one per line as ``label: value`` (docs/player-guide.md, "Screen readers")."""
    status = "NPC" if sheet.npc else ("approved" if sheet.approved else "not approved")
    conditions = ", ".join(sheet.conditions()) or "none"
    lines = [f"{sheet.name}, {status}.",
             (f"STUN {sheet.current_stun} of {sheet.max_stun}, BODY {sheet.current_body} of {sheet.max_body}, "
             f"END {sheet.current_end} of {sheet.max_end}."), f"Conditions: {conditions}."]
    if hero is None:
        for name in CHARACTERISTICS + COMBAT_VALUES:
            roll = f", roll {characteristic_target(sheet.base(name))}-" if name in CHARACTERISTICS[:8] else ""
            lines.append(f"{name}: {sheet.base(name)}{roll}")
        if sheet.skills:
            lines.append("Skills: " + ", ".join(f"{escape(k)} {v}" for k, v in sorted(sheet.skills.items())))
    else:
        lines.append(f"Built {hero.source}.")
        for name in CHARACTERISTIC_ORDER:
            value = hero.value(name)
            roll = f", roll {characteristic_target(value)}-" if name in CHARACTERISTICS[:8] else ""
            lines.append(f"{name.capitalize() if len(name) > 4 else name}: {value}, {hero.points(name)} points{roll}")
        lines.append(f"Defenses: {defense_text(sheet_defenses(sheet))}.")
        lines.append(f"OCV: {sheet.base('OCV')}, DCV: {sheet.base('DCV')}")
        numbers = {item.id: n for n, item in enumerate(hero.items, 1)}
        for section in Section:
            items = [i for i in hero.items if i.section is section]
            if items:
                lines.append(f"{section.title}, {hero.section_points(section)} points:")
            for item in items:
                end = f", {item.end} END" if item.end else ""
                unknown = ", not priced yet" if not item.known else ""
                lines.append(f"#{numbers[item.id]} {escape(item.text)}: {item.real} points{end}{unknown}")
        lines.append(points_line(hero))
    if sheet.approved and sheet.approved_by:
        lines.append(f"Approved by {sheet.approved_by}.")
    return lines


def _with_hero(lines: list[str], sheet: Sheet, hero: HeroSheet, width: int) -> str:
    lines.extend(render_hero(hero, width))
    lines.append(f"Defenses: {defense_text(sheet_defenses(sheet))}.")
    lines.append(f"OCV {sheet.base('OCV')}  DCV {sheet.base('DCV')}")
    lines.append(vitals_line(sheet))
    conditions = sheet.conditions()
    lines.append("Conditions: " + (", ".join(conditions) if conditions else "none"))
    bought = {i.name.lower() for i in hero.items}
    rolls = {k: v for k, v in sheet.skills.items() if k.lower() not in bought}
    if rolls:
        lines.append("Skill rolls set by hand: " + ", ".join(f"{escape(k)} {v}" for k, v in sorted(rolls.items())))
    if sheet.approved and sheet.approved_by:
        lines.append(f"Approved by {sheet.approved_by}.")
    return wrap("\n".join(lines), width)


# --- commands ---------------------------------------------------------------------------------
def cmd_sheet(ctx: Context, parsed: ParsedCommand) -> None:
    """+sheet [name]: a character's sheet (NPCs' are for staff); +sheet/import pastes a file."""
    char = find_target(ctx, parsed.args) if parsed.args.strip() else ctx.actor
    if char.npc and not ctx.is_staff:
        raise CommandError(f"{char.name}'s sheet is kept by staff.")
    effects = lasting_of(ctx.game, char)  # first: the time since he was last looked at counts
    sheet = get_sheet(ctx.game, char)
    hero = get_hero(ctx.game, char) if not char.npc or has_hero(ctx.game, char) else None
    shown = render_sheet(sheet, ctx.width, hero)
    against = genre_defenses(ctx.game, char)  # RULES DEFENSES OF THE GENRE
    if against:
        shown += "\n" + wrap("Against powers: " + ", ".join(against) + ".", ctx.width)
    if effects:  # who is under what, with when it ends (game/lasting.py)
        shown += "\n" + wrap("Lasting: " + "; ".join(e.text for e in effects) + ".", ctx.width)
    ctx.reply(shown)
    end = _page_end(hero, 0) if hero is not None else 0
    remember(ctx, "+sheet", str(char.id), end if hero is not None and end < len(hero.items) else 0)


def _next(ctx: Context, parsed: ParsedCommand) -> None:
    """+sheet/next: the next page of items of the sheet last read (a sheet too long for one)."""
    what, start = place(ctx, "+sheet", "+sheet <name> reads one")
    char = ctx.game.characters.get(int(what)) if what.isdigit() else None
    if char is None or (char.npc and not ctx.is_staff):
        raise CommandError("That sheet is no longer there to read on.")
    hero = get_hero(ctx.game, char)
    width = _sheet_width(ctx.width)
    lines, end = _item_page(hero, width, min(start, len(hero.items)))
    end = end if end < len(hero.items) else 0
    remember(ctx, "+sheet", what, end)
    ctx.reply(wrap("\n".join([f"{char.name}'s sheet, from item #{start + 1}:", *lines, *more("+sheet", end)]), width))


def _submit(ctx: Context, parsed: ParsedCommand) -> None:
    """+sheet/submit: ask staff to look at the sheet for approval (RULES EXPERIENCE 3)."""
    char = ctx.actor
    if get_sheet(ctx.game, char).approved:
        raise CommandError("Your sheet is already approved.")
    found = problems(get_hero(ctx.game, char))  # first: a sheet that cannot be read is never queued
    if not submit(ctx.game, char):
        raise CommandError("Your sheet is already waiting for staff.")
    ctx.reply("Your sheet is in the approval queue; staff will look at it." +
              (" Before they do, note: " + " ".join(found) if found else ""))
    ctx.emit_staff(f"[Approval] {char.name} asks for approval (+sheet {char.name}, +approve {char.name}).")


_LOG = logging.getLogger("champions_mush.commands")

#: Said when a paste is over the limit.
TOO_BIG = (f"That paste is over {MAX_HDC_BYTES // (1024 * 1024)} MB, so it was thrown away: nothing was changed. "
           "Hero Designer files are far smaller.")


def _start_import(ctx: Context, parsed: ParsedCommand) -> None:
    """+sheet/import: the next lines, up to a line holding only '.', are a Hero Designer file
    (as it is, or in base64 between marker lines). An approved sheet's new version waits for
    approval (game/hero_import.py)."""
    _collect_file(ctx, (ctx.actor.id, "", 0))


def _npc_import(ctx: Context, parsed: ParsedCommand) -> None:
    """+npc/import <name> (staff): a pasted Hero Designer file makes the NPC here, or replaces an
    NPC's sheet."""
    name = parsed.args.strip()
    problem = valid_name(name)
    if problem:
        raise UsageError(problem)
    char = ctx.game.find_character(name)
    if char is not None and not char.npc:
        raise CommandError(f"{char.name} is a player's character, not an NPC: they import their own file "
                           "with +sheet/import.")
    room = ctx.actor.location
    target = char.id if char is not None else 0
    _collect_file(ctx, (target, name, room))


#: The kind of paste a Hero Designer file is (a reload makes its collector again).
_FILE = "hdc"


def _file_collector(game, session, target: tuple) -> LineCollector:  # Game, Session
    """The paste of a Hero Designer file for ``target`` (character id, NPC name, room: see
    :func:`_imported`). The file is read on the game's file worker, never the password-hashing
    threads; until it is read its characters still count against ``paste_max_total``."""
    return LineCollector(MAX_HDC_BYTES, lambda text: _read_file(game, session, text, target), session.send, TOO_BIG,
                         game=game, kind=_FILE, params=tuple(target))


def _read_file(game, session, text: str, target: tuple, then=None) -> None:  # Game, Session
    """Read a pasted file on the game's file worker and place it on ``target``; ``then()`` after."""
    char_id, npc_name, room = target
    after = then or (lambda: None)
    if not text.strip():
        session.send(_EMPTY_PASTE if text.count("\n") < 2 else _EMPTY_LINES)
        after()
        return
    session.send("Reading your Hero Designer file ...")
    game.services.paste_chars += len(text)

    def read(step):  # the count is released, then ``step`` runs
        def done(result) -> None:
            game.services.paste_chars -= len(text)
            step(result)
            after()
        return done

    game.run_parse(lambda: _read_hdc(text, 0),
                   read(lambda imported: _imported(game, session, imported, char_id, npc_name, room)),
                   read(lambda exc: _import_failed(session, exc)))


def import_text(game, session, char_id: int, text: str, then=None) -> None:  # Game, Session
    """A Hero Designer file uploaded on the web portal (net/portal.py) onto ``char_id``'s sheet,
    read and placed exactly as a ``+sheet/import`` paste; ``session`` is told, then ``then()``."""
    _read_file(game, session, text, (char_id, "", 0), then)


resumable(_FILE, _file_collector)


def _collect_file(ctx: Context, target: tuple) -> None:
    start_collecting(ctx.session, _file_collector(ctx.game, ctx.session, target))
    ctx.reply("Paste your Hero Designer .hdc file now, then a line holding only a period (.) to finish. "
              "Type .abort to give up.")


_EMPTY_PASTE = "Nothing was pasted, so nothing was changed."
#: Said when only empty lines came: what a UTF-16 file sent as it is looks like over telnet.
_EMPTY_LINES = ("Only empty lines arrived, so nothing was changed. A file as Hero Designer saves it (UTF-16) "
                "cannot cross telnet as it is: send it as base64 between -----BEGIN HDC----- and -----END HDC----- "
                "lines (+help +sheet/import shows how).")


def _read_hdc(text: str, char_id: int) -> Imported:
    """The paste read (on a worker thread): the Hero Designer reader and its XML parser load at
    the first import, not at startup (docs/architecture.md, "Loaded at first use")."""
    from ..game.hdc import read_hdc

    return read_hdc(text, char_id)


def _import_failed(session, exc: BaseException) -> None:  # a Session
    """The engine's own sentence (``That is too many dice: 200 at most.``); anything else is a bug."""
    if isinstance(exc, RulesError):
        session.send(str(exc))
        return
    _LOG.error("import failed: %r", exc)
    session.send("Something went wrong reading that file. It has been logged for staff; nothing was changed.")


def _imported(game, session, imported, char_id: int, npc_name: str, room: int = 0) -> None:
    """Save the imported sheet and tell the player; a failure is told, never lost in a callback."""
    try:
        with game.held(session):  # its writes off the loop on PostgreSQL, its lines once durable
            _save_imported(game, session, imported, char_id, npc_name, room)
    except Exception:  # noqa: BLE001 - outside the dispatcher's guard (a thread's callback): told and logged
        _LOG.exception("saving an imported sheet failed")
        session.send("The game could not save that file, so your sheet may be unchanged. It has been logged for staff.")


def _target(game, session, char_id: int, npc_name: str, room: int):
    """The character the file goes on: the importer, an NPC, or a new NPC made here."""
    if char_id:
        return game.characters.get(char_id)
    if game.find_character(npc_name) is not None:
        session.send(f"There is already a character called {npc_name} now, so the file was not used.")
        return None
    char = game.new_character(npc_name, npc=True)
    if room in game.rooms:
        char.location = char.home = room
        game.save_character(char)
    return char


def _save_imported(game, session, imported, char_id: int, npc_name: str, room: int) -> None:
    from ..game.hero_import import place_import

    char = _target(game, session, char_id, npc_name, room)
    if char is None:
        return
    try:
        placed = place_import(game, char, imported)
    except StoreError as exc:
        game.reload_from_store()
        session.send("The game could not save that, so nothing changed. Staff have been told.")
        game.msg_staff(f"|R[Storage]|n {exc}")
        return
    hero = placed.hero
    name = f" '{escape(imported.name)}'" if imported.name else ""
    whose = f" onto NPC {char.name}" if char.npc else ""
    tell = partial(game.deliver, session.send)  # once the sheet is durable (Game.held)
    tell(f"Imported{name} from Hero Designer{whose}: {len(hero.items)} items. {points_line(hero)}")
    if placed.pending:
        tell("Your sheet is approved, so this new version waits for staff approval; your current sheet stays "
             "in play until then (+sheet/changes shows what it changes).")
        game.msg_staff(f"[Approval] {char.name} imported a new version of their Hero Designer file "
                       f"(+sheet/changes {char.name}, +approve {char.name}): " + " ".join(placed.changes))
    unknown = [i.text for i in hero.unknown]
    if unknown:
        count = len(unknown)
        tell(f"{count} item{'s' if count != 1 else ''} the engine cannot price yet {'are' if count != 1 else 'is'} "
             "priced from the file's own figures and marked (?) on your sheet; staff have been told.")
        listed = "; ".join(escape(t[:60]) for t in unknown[:10])
        more = f" and {count - 10} more" if count > 10 else ""
        game.msg_staff(f"[Sheet] {char.name} imported a Hero Designer file with {count} item(s) "
                       f"the engine does not price: {listed}{more}.")


def _export(ctx: Context, parsed: ParsedCommand) -> None:
    """+sheet/export [name]: the sheet as a Hero Designer 5E file, in base64 between marker lines
    (staff: anyone's, NPCs too)."""
    from ..game.hdc_export import export_text

    if parsed.args.strip() and not ctx.is_staff:
        raise CommandError("You can export only your own sheet: type +sheet/export.")
    char = find_target(ctx, parsed.args) if parsed.args.strip() else ctx.actor
    hero = get_hero(ctx.game, char)
    text = export_text(hero, char.name)
    lines = text.count("\n") + 1
    ctx.reply(f"{char.name} as a Hero Designer 5E file (UTF-16, as Hero Designer saves it), in base64: "
              "keep the lines from the BEGIN marker to the END marker and decode them (+help +sheet/export). "
              f"+sheet/import reads them back as they are.\n{text}\nEnd of the file ({lines} lines; "
              f"{len(hero.items)} items, {hero.spent} points spent).")


def _changes(ctx: Context, parsed: ParsedCommand) -> None:
    """+sheet/changes [name]: what a new version waiting for approval changes (staff: anyone's)."""
    from ..game.hero_import import changes, pending_hero

    char = find_target(ctx, parsed.args) if parsed.args.strip() and ctx.is_staff else ctx.actor
    pending = pending_hero(ctx.game, char)
    if pending is None:
        raise CommandError(f"{'Your' if char is ctx.actor else char.name + chr(39) + 's'} sheet has no new version "
                           "waiting for approval.")
    lines = [f"{char.name}'s new version from Hero Designer, waiting for approval:"]
    lines.extend(escape(line) for line in changes(get_hero(ctx.game, char), pending))
    ctx.reply(wrap("\n".join(lines), ctx.width))


def _apply(sheet: Sheet, key: str, value: str, staff: bool) -> tuple[Sheet, str]:
    """The sheet with one value set, and a sentence saying what changed."""
    key = key.strip()
    value = value.strip()
    stat = normalise_stat(key)
    if stat is not None:
        if value == "":
            new = sheet.without_stat(stat)
            return new, f"{stat} is back to {new.base(stat)}."
        if len(value) > 4 or not is_number(value.removeprefix("-")):
            raise SheetError(f"{stat} needs a whole number, not '{escape(value[:10])}'.")
        new = sheet.with_stat(stat, int(value))
        return new, f"{stat} is now {new.base(stat)}."
    flag = _FLAGS.get(key.lower())
    if flag and staff:
        if value.lower() not in _YES | _NO:
            raise SheetError(f"{key} is yes or no.")
        on = value.lower() in _YES
        changes: dict[str, Any] = {flag: on}
        return attrs.evolve(sheet, **changes), f"{flag.replace('_', ' ').capitalize()}: {'yes' if on else 'no'}."
    if value == "":
        if sheet.find_skill(key) is None:
            raise SheetError(f"There is no skill '{escape(key[:30])}' to clear.")
        return sheet.with_skill(key, None), f"Skill {escape(key)} removed."
    new = sheet.with_skill(key, value)
    found = new.find_skill(key)
    assert found is not None  # the skill just set
    name, stored = found
    return new, f"{escape(key)} is not a characteristic, so it is kept as a skill: {escape(name)} {stored}."


def cmd_stat(ctx: Context, parsed: ParsedCommand) -> None:
    """+stat <char>=<value> on your own sheet before approval; +stat/set for staff on anyone's."""
    if parsed.rhs is None or not parsed.lhs.strip():
        raise UsageError()
    sheet = get_sheet(ctx.game, ctx.actor)
    if sheet.approved:
        raise CommandError("Your sheet is approved: ask staff to change it (or to unapprove it for a rebuild).")
    new, said = _apply(sheet, parsed.lhs, parsed.rhs, staff=False)
    ctx.reply(_save(ctx, ctx.actor, new, parsed.lhs, said))


def _stat_set(ctx: Context, parsed: ParsedCommand) -> None:
    name, slash, key = parsed.lhs.partition("/")
    if not slash or not name.strip() or not key.strip() or parsed.rhs is None:
        raise UsageError()
    char = find_target(ctx, name)
    sheet = get_sheet(ctx.game, char)
    new, said = _apply(sheet, key, parsed.rhs, staff=True)
    breathes = needs_no_breath(ctx.game, char) if new.holding_breath and not sheet.holding_breath else ""
    if breathes:  # HERO 5E revised, Life Support (Self-Contained Breathing)
        raise CommandError(f"{char.name} has {breathes}, Life Support: no breath to hold.")
    _save(ctx, char, new, key, said)
    ctx.reply(f"{char.name}: {said}")


def _save(ctx: Context, char, new: Sheet, key: str, said: str) -> str:  # a Character
    """Save a changed play sheet; a characteristic is bought on the HERO sheet too, and the
    sentence gets its cost: ``STR is now 20 (10 points).``"""
    stat = normalise_stat(key)
    if stat is None or stat.upper() not in CHARACTERISTIC_COSTS or char.npc:
        save_sheet(ctx.game, new)
        return said
    save_sheet(ctx.game, new)
    hero = get_hero(ctx.game, char).with_value(stat, new.base(stat))
    save_hero(ctx.game, hero)
    return f"{said[:-1]} ({hero.points(stat)} points; {hero.balance} left)."


def cmd_approve(ctx: Context, parsed: ParsedCommand) -> None:
    """+approve (staff): the queue; +approve <name> approves a balanced sheet (/force one that is
    not, with a reason kept in the approval log); /revoke is +unapprove without a reason."""
    if not parsed.args.strip():
        _queue(ctx)
        return
    from ..game.hero_import import apply_pending, pending_hero

    forced = "force" in parsed.switches
    reason = " ".join((parsed.rhs or "").split()) if forced else ""
    if parsed.rhs is not None and not forced:
        raise UsageError()
    char = find_target(ctx, parsed.lhs if parsed.rhs is not None else parsed.args)
    sheet = get_sheet(ctx.game, char)
    pending = pending_hero(ctx.game, char)
    if sheet.approved and pending is None:
        raise CommandError(f"{char.name}'s sheet is already approved.")
    found = problems(pending or get_hero(ctx.game, char)) if not char.npc else []
    if found and not forced:
        raise CommandError(f"{char.name}'s sheet: " + " ".join(found) +
                           f" Fix it with the player, or +approve/force {char.name}.")
    if pending is not None:
        apply_pending(ctx.game, char)
    approve(ctx.game, ctx.actor, char, reason=reason if found else "")
    why = f" anyway ({reason})" if found and reason else ""
    ctx.reply(f"{char.name}'s {'new version' if pending is not None else 'sheet'} is approved{why}.")
    if char.id != ctx.actor.id:
        ctx.game.msg(char, f"{ctx.actor.name} has approved your sheet.")


def _queue(ctx: Context) -> None:
    waiting = queue(ctx.game)
    if not waiting:
        ctx.reply("No sheets are waiting for approval.")
        return
    rows = []
    for char_id, since in sorted(waiting.items(), key=lambda kv: kv[1]):
        char = ctx.game.characters.get(char_id)
        if char is None:
            continue
        found = problems(_pending_or_hero(ctx, char))
        rows.append((char.name, when(since),
                     " ".join(found) if found else "balances"))
    ctx.reply(table(rows, ctx.width, headers=("Character", "Asked (UTC)", "Check")))


def _pending_or_hero(ctx: Context, char) -> HeroSheet:  # a Character
    from ..game.hero_import import pending_hero

    return pending_hero(ctx.game, char) or get_hero(ctx.game, char)


def _revoke(ctx: Context, parsed: ParsedCommand) -> None:
    """+approve/revoke <name>: +unapprove without a reason (with no name, the queue)."""
    if not parsed.args.strip():
        _queue(ctx)
        return
    _unapprove(ctx, find_target(ctx, parsed.args), "")


def _unapprove(ctx: Context, char, reason: str) -> None:  # a Character
    unapprove(ctx.game, ctx.actor, char, reason)
    ctx.reply(f"{char.name}'s sheet is no longer approved; they may change it again.")
    why = f": {escape(reason)}" if reason else ""
    ctx.game.msg(char, f"{ctx.actor.name} has unapproved your sheet{why}. You may change it (and SPEND XP in the "
                       "Character Finishing Room), then +sheet/submit.")


def cmd_unapprove(ctx: Context, parsed: ParsedCommand) -> None:
    """+unapprove <name>=<reason> (staff): set a sheet unapproved, for a powerup or a fix."""
    if parsed.rhs is None or not parsed.lhs.strip() or not parsed.rhs.strip():
        raise UsageError()
    char = find_target(ctx, parsed.lhs)
    if not get_sheet(ctx.game, char).approved:
        raise CommandError(f"{char.name}'s sheet is not approved.")
    _unapprove(ctx, char, parsed.rhs.strip()[:200])


def cmd_npc(ctx: Context, parsed: ParsedCommand) -> None:
    """+npc (or +npc/list) lists the NPCs; +npc/create <name> makes one here; +npc/destroy removes one."""
    npcs = sorted((c for c in ctx.game.characters.values() if c.npc), key=lambda c: c.name.lower())
    if not npcs:
        ctx.reply("There are no NPCs. Make one with +npc/create <name>.")
        return
    rows = [(c.name, ctx.game.rooms[c.location].name if c.location in ctx.game.rooms else "?",
             _short_vitals(get_sheet(ctx.game, c))) for c in npcs]
    ctx.reply(table(rows, ctx.width, headers=("NPC", "Where", "STUN/BODY/END")))


def _npc_destroy(ctx: Context, parsed: ParsedCommand) -> None:
    char = find_target(ctx, parsed.args)
    if not char.npc:
        raise CommandError(f"{char.name} is not an NPC.")
    ctx.game.store.delete("sheet", str(char.id))
    ctx.game.delete_character(char)
    ctx.reply(f"NPC {char.name} is gone.")


def _short_vitals(sheet: Sheet) -> str:
    return f"{sheet.current_stun}/{sheet.current_body}/{sheet.current_end}"


def _npc_create(ctx: Context, parsed: ParsedCommand) -> None:
    name = parsed.args.strip()
    problem = valid_name(name)
    if problem:
        raise UsageError(problem)
    if ctx.game.find_character(name) is not None:
        raise CommandError(f"There is already a character called {name}.")
    char = ctx.game.new_character(name, npc=True)
    char.location = ctx.actor.location
    char.home = ctx.actor.location
    ctx.game.save_character(char)
    save_sheet(ctx.game, get_sheet(ctx.game, char))
    ctx.reply(f"NPC {name} is here, with a sheet of 10s: set it with +stat/set {name}/STR=20 and so on.")


def _npc_copy(ctx: Context, parsed: ParsedCommand) -> None:
    """+npc/copy <NPC>=<new name>: another NPC here with the same sheet and powers, at full STUN,
    BODY and END (a squad of agents from one)."""
    if parsed.rhs is None or not parsed.lhs.strip():
        raise UsageError()
    source = find_target(ctx, parsed.lhs)
    if not source.npc:
        raise CommandError(f"{source.name} is not an NPC.")
    name = parsed.rhs.strip()
    problem = valid_name(name)
    if problem:
        raise UsageError(problem)
    if ctx.game.find_character(name) is not None:
        raise CommandError(f"There is already a character called {name}.")
    char = ctx.game.new_character(name, npc=True)
    char.location = char.home = ctx.actor.location
    ctx.game.save_character(char)
    save_sheet(ctx.game, attrs.evolve(get_sheet(ctx.game, source), char_id=char.id, name=name).healed())
    if has_hero(ctx.game, source):
        save_hero(ctx.game, attrs.evolve(get_hero(ctx.game, source), char_id=char.id))
    ctx.reply(f"NPC {name} is here: a copy of {source.name}'s sheet and powers, at full STUN, BODY and END.")


COMMANDS = (
    Command("+sheet", cmd_sheet, ruleset="champions",
            subcommands={"import": _start_import, "submit": _submit, "changes": _changes, "next": _next,
                         "export": _export},
            summary="show a character sheet; /import a Hero Designer file; /submit it for approval"),
    Command("+stat", cmd_stat, ruleset="champions", subcommands={"set": Subcommand(_stat_set, Role.STAFF)},
            summary="set a value on a sheet"),
    Command("+approve", cmd_approve, ruleset="champions", role=Role.STAFF, subcommands={"revoke": _revoke},
            switches=("force",),
            summary="the approval queue; approve a sheet"),
    Command("+unapprove", cmd_unapprove, ruleset="champions", role=Role.STAFF, summary="set a sheet unapproved, with a reason"),
    Command("+npc", cmd_npc, ruleset="champions", role=Role.STAFF,
            subcommands={"create": _npc_create, "list": cmd_npc, "destroy": _npc_destroy, "import": _npc_import,
                         "copy": _npc_copy},
            summary="make and list NPCs"),
)
