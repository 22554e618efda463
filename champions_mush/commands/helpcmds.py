"""RULES, +HELP and NEWS (docs/help-files.md), and the staff's @reload-help.

The help library hangs off the Game as ``game.services.help`` (a
:class:`~champions_mush.help.HelpLibrary`); it is loaded from ``rules_data/`` the first time a
command needs it, unless the server (or a test) attached one already.
All three readers use the same lookup ladder (see ``help/catalog.py``) and never page: long
entries continue in numbered topics, and ``/next`` reads on.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from functools import partial

from ..help import Catalog, HelpLibrary, ReloadReport, Rung, Topic
from ..help.render import escape, render_ambiguous, render_index, render_missing, render_search, render_topic, see_also
from ..help.search import MAX_SEARCH_WORDS
from ..help.usage import parse_usage
from ..text.format import DEFAULT_WIDTH, wrap
from ..values import frozen
from .base import Command, CommandError, Handler, ParsedCommand, Role, UsageError
from .context import SessionContext

__all__ = ["COMMANDS", "describe_reload", "help_library"]

log = logging.getLogger("champions_mush.help")

#: the key of the help library in ``game.services``
_SWITCH = re.compile(r"[a-z][a-z0-9_-]*")


def help_library(game) -> HelpLibrary:  # the Game
    """The game's help library, loaded from rules_data/ on first use (errors go to the log)."""
    library = game.services.help
    if library is None:
        library = game.services.help = HelpLibrary.load()
        for problem in library.report.errors:
            log.error("help file problem: %s", problem)
    return library


@frozen
class _Reader:
    """One of RULES, +HELP, NEWS: what it is called and what it says."""

    command: str
    noun: str
    title: str


def _staff(ctx: SessionContext) -> bool:
    return ctx.role >= Role.STAFF


#: Where a reader's topics come from: (catalog, reader) for the line; True for /NEXT.
_Source = Callable[[SessionContext, ParsedCommand, bool], tuple[Catalog, _Reader]]


def _topic_or_index(ctx: SessionContext, parsed: ParsedCommand, catalog: Catalog, reader: _Reader, intro: str = "") -> None:
    """``RULES`` alone: the index; ``RULES <topic>``: the topic, or the near ones, or what to try."""
    staff, width = _staff(ctx), ctx.width
    if not parsed.args.strip():
        footer = (f"Type {reader.command} <topic> to read one, {reader.command}/SEARCH <words> to search. "
                  f"Long topics continue in numbered pages: {reader.command}/NEXT reads on.")
        index = render_index(catalog, reader.title, width, staff=staff, footer=footer)
        ctx.reply(f"{intro}\n{index}" if intro else index)
        return
    match = catalog.lookup(parsed.args, staff=staff)
    if match.topic is not None:
        _show(ctx, catalog, reader, match.topic)
    elif match.candidates:
        ctx.reply(render_ambiguous(match, reader.noun, width))
    else:
        hint = f"Type {reader.command} for the list of topics."
        elsewhere = _command_help(ctx, parsed.args) if reader.command == "RULES" else None
        if elsewhere is not None:
            hint = f"It is a command: +HELP {elsewhere.name} explains it."
        ctx.reply(render_missing(match, reader.noun, width, hint=hint))


def _command_help(ctx: SessionContext, query: str) -> Topic | None:
    """The +HELP topic for the command ``query`` names (``haymaker`` or ``+haymaker``): the one
    whose usage lines give it, else the first that mentions it (a player reads +HAYMAKER's
    family in +MANEUVER). Where a RULES lookup that found nothing points."""
    words = query.split()
    if len(words) != 1 or len(words[0]) > 30:
        return None
    name = "+" + words[0].casefold().lstrip("+")
    catalog, staff = help_library(ctx.game).help, _staff(ctx)
    for topic in catalog.visible(staff):
        if any(parse_usage(line).word.split("/", 1)[0].split("[", 1)[0] in (name, name[1:]) for line in topic.usage):
            return topic
    hits = [hit for hit in catalog.search(name, staff=staff, limit=5) if name.upper() in hit.topic.text.upper()]
    return hits[0].topic if hits else None


def _search(ctx: SessionContext, parsed: ParsedCommand, source: _Source) -> None:
    """``<reader>/SEARCH <words>``: the topics that mention them."""
    catalog, reader = source(ctx, parsed, False)
    if not parsed.args.strip():
        raise UsageError()
    if len(parsed.args.split()) > MAX_SEARCH_WORDS:
        raise CommandError(f"Search for at most {MAX_SEARCH_WORDS} words at a time.")
    hits = catalog.search(parsed.args, staff=_staff(ctx))
    ctx.reply(render_search(hits, parsed.args, reader.noun, ctx.width))


def _read_on(ctx: SessionContext, parsed: ParsedCommand, source: _Source) -> None:
    """``<reader>/NEXT``: the page after the one last read."""
    _next_page(ctx, *source(ctx, parsed, True))


def _subcommands(source: _Source) -> dict[str, Handler]:
    return {"search": partial(_search, source=source), "next": partial(_read_on, source=source)}


def _show(ctx: SessionContext, catalog: Catalog, reader: _Reader, topic: Topic) -> None:
    links = see_also(topic, catalog, staff=_staff(ctx))
    if links:  # just before the topic: the client links these names in its see-also line, nothing else
        ctx.session.send_gmcp("Help.SeeAlso", {"command": reader.command, "topics": links})
    ctx.reply(render_topic(topic, catalog, ctx.width, staff=_staff(ctx)))
    ctx.session.reading[reader.command] = (catalog.kind, topic.key)


def _next_page(ctx: SessionContext, catalog: Catalog, reader: _Reader) -> None:
    place = ctx.session.reading.get(reader.command)
    if place is None or place[0] != catalog.kind:
        raise CommandError(f"Read a topic first: {reader.command} <topic>, then {reader.command}/NEXT reads on.")
    current = catalog.get(place[1])
    following = catalog.next_of(current) if current is not None else None
    if following is not None and following.staff_only and not _staff(ctx):
        following = None
    if following is None:
        name = current.name if current is not None else place[1].upper()
        raise CommandError(f"{name} has no next page.")
    _show(ctx, catalog, reader, following)


def _last_ruleset(ctx: SessionContext) -> str | None:
    """For RULES/NEXT: the ruleset of the page last read, which may be another than the game's."""
    place = ctx.session.reading.get("RULES")
    return place[0].split("/", 1)[1] if place else None


def _rules(ctx: SessionContext, parsed: ParsedCommand, reading_on: bool) -> tuple[Catalog, _Reader]:
    """What RULES reads: the game's ruleset, RULES/<ruleset>'s, or for /NEXT the one last read."""
    library = help_library(ctx.game)
    chosen = [s for s in parsed.switches if s not in ("search", "next")]
    if len(chosen) > 1:
        raise CommandError("Read one ruleset at a time: RULES/<ruleset> <topic>.")
    ruleset = chosen[0] if chosen else (_last_ruleset(ctx) if reading_on else None) or ctx.game.config.ruleset
    catalog = library.rules(ruleset)
    if catalog is None:
        known = ", ".join(library.rulesets) or "none loaded"
        if chosen:
            raise CommandError(f"RULES has no /{ruleset} switch: use /search, /next or a ruleset ({known}).")
        raise CommandError(f"The {ruleset} rules are not loaded (rulesets: {known}). Staff have been told.")
    return catalog, _Reader("RULES", "rules", f"RULES: {ruleset}")


def _help(ctx: SessionContext, parsed: ParsedCommand, reading_on: bool) -> tuple[Catalog, _Reader]:
    return help_library(ctx.game).help, _Reader("+HELP", "help", "+HELP")


def _news(ctx: SessionContext, parsed: ParsedCommand, reading_on: bool) -> tuple[Catalog, _Reader]:
    return help_library(ctx.game).news, _Reader("NEWS", "news", "NEWS")


def cmd_rules(ctx: SessionContext, parsed: ParsedCommand) -> None:
    """RULES [<topic>]; RULES/<ruleset> reads another ruleset (/SEARCH and /NEXT are subcommands)."""
    _topic_or_index(ctx, parsed, *_rules(ctx, parsed, False))


def cmd_help(ctx: SessionContext, parsed: ParsedCommand) -> None:
    """+HELP [<command or topic>] (/SEARCH and /NEXT are subcommands)."""
    catalog, reader = _help(ctx, parsed, False)
    intro = ""
    if not parsed.args.strip():
        index = catalog.lookup("index", staff=_staff(ctx))
        exact = index.topic if index.rung is Rung.EXACT else None
        intro = wrap(escape(exact.text), ctx.width) if exact is not None else ""
    _topic_or_index(ctx, parsed, catalog, reader, intro=intro)


def cmd_index(ctx: SessionContext, parsed: ParsedCommand) -> None:
    """INDEX: the +HELP, RULES and NEWS indexes, one after the other."""
    if parsed.args.strip():
        raise UsageError()
    staff = _staff(ctx)
    parts = []
    for source in (_help, _rules, _news):
        catalog, reader = source(ctx, parsed, False)
        footer = f"Type {reader.command} <topic> to read one."
        parts.append(render_index(catalog, reader.title, ctx.width, staff=staff, footer=footer))
    ctx.reply("\n".join(parts))


def cmd_news(ctx: SessionContext, parsed: ParsedCommand) -> None:
    """NEWS [<topic>] (/SEARCH and /NEXT are subcommands)."""
    _topic_or_index(ctx, parsed, *_news(ctx, parsed, False))


def _label(kind: str) -> str:
    return f"RULES/{kind.split('/', 1)[1]}" if kind.startswith("rules/") else {"help": "+HELP", "news": "NEWS"}.get(kind, kind)


def describe_reload(report: ReloadReport, width: int = DEFAULT_WIDTH) -> str:
    """What a reload changed and what went wrong, for the staff member who asked."""
    lines = [f"Help reloaded: {report.topics} topics from {report.files} files."]
    for change in report.changes:
        parts = [f"{what} {', '.join(names)}" for what, names in
                 (("added", change.added), ("changed", change.changed), ("removed", change.removed)) if names]
        lines.append(escape(f"{_label(change.kind)}: {'; '.join(parts)}."))
    if not report.changes:
        lines.append("Nothing changed.")
    for path in report.kept:
        lines.append(f"{path} has errors: still serving its last good version.")
    for path in report.refused:
        lines.append(f"{path} has errors: not loaded.")
    errors = report.errors
    for problem in errors:
        lines.append(f"|rError|n {escape(str(problem))}")
    warnings = len(report.problems) - len(errors)
    if warnings:
        lines.append(f"{warnings} warning(s): run champions-mush check-help for the list.")
    return wrap("\n".join(lines), width)


def cmd_reload_help(ctx: SessionContext, parsed: ParsedCommand) -> None:
    """@reload-help: read every help file again, without a restart; report changes and errors."""
    report = help_library(ctx.game).reload()
    ctx.reply(describe_reload(report, ctx.width))


def _ruleset_switch(switch: str) -> bool:
    """RULES/<ruleset>: any word is let through; cmd_rules names the rulesets when it is not one."""
    return _SWITCH.fullmatch(switch) is not None


COMMANDS = (
    Command("rules", cmd_rules, role=Role.GUEST, subcommands=_subcommands(_rules), extra_switch=_ruleset_switch,
            before_login=True, summary="read the game's rules"),
    Command("+help", cmd_help, role=Role.GUEST, subcommands=_subcommands(_help), before_login=True,
            summary="help on commands"),
    Command("news", cmd_news, role=Role.GUEST, subcommands=_subcommands(_news), before_login=True,
            summary="the game's news"),
    Command("index", cmd_index, role=Role.GUEST, before_login=True,
            summary="the indexes of +HELP, RULES and NEWS"),
    Command("@reload-help", cmd_reload_help, role=Role.STAFF, summary="reload every help file without a restart"),
)
