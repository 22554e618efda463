"""The cross-reference checker behind ``champions-mush check-help`` (docs/help-files.md).

Checked: every "RULES X", "+HELP X" and "NEWS X" in a topic's text and usage lines, every
``see_also`` and ``next``, alias collisions, topics no input can reach, and that every command
has a +HELP entry with its usage lines. Inside one ruleset's RULES files
these are errors; elsewhere (+HELP and NEWS, or +HELP topics of commands not written yet) they
are warnings unless ``strict``. A reference listed in the topic's ``external_refs`` knowingly
points outside our files and is reported as a note.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

import attrs

from .catalog import Catalog, Rung
from .library import HELP, NEWS, RULES_PREFIX, HelpLibrary
from .refs import Reference, find_references, parse_reference
from .topic import Problem, Severity, Topic, normalize
from .usage import STAFF_MARK, Usage, names_form, parse_usage

__all__ = ["check"]

#: What ``check`` is told of a command: its key, its help topic, then optionally its names and its
#: staff switches.
CommandFacts = tuple[str, str] | tuple[str, str, Sequence[str]] | tuple[str, str, Sequence[str], Sequence[str]]


def check(library: HelpLibrary, strict: bool = False,
          commands: Iterable[CommandFacts] = ()) -> list[Problem]:
    """Every problem in the library's files, errors first.

    Args:
        strict: warnings count as errors.
        commands: ``(command, help topic[, names[, staff switches]])`` of every command: each
            must have a +HELP entry with a usage line starting with one of its names (errors),
            every usage line must start with a name of a command whose topic it is, and a form
            of a staff switch outside a staff-only topic must be marked ``staff:`` (errors).
    """
    problems = list(library.report.problems)
    for catalog in library.catalogs.values():
        problems.extend(_collisions(catalog))
        problems.extend(_unreachable(catalog))
        for topic in catalog.topics:
            problems.extend(_topic_references(library, catalog, topic))
    problems.extend(_usage_problems(library.help, list(commands)))
    if strict:
        problems = [attrs.evolve(p, severity=Severity.ERROR) if p.severity is Severity.WARNING else p
                    for p in problems]
    return sorted(problems, key=lambda p: -p.severity)


def _usage_problems(catalog: Catalog, commands: list[tuple]) -> Iterator[Problem]:
    """Each command has a topic with a usage line of its own; each usage line is a form of a
    command whose topic it is, or of ``<command>/<switch>`` when that names the topic."""
    known: list[tuple[str, Sequence[str], Topic]] = []
    for command, topic_name, *more in commands:
        names = tuple(more[0]) if more else (command,)
        yield from _staff_unmarked(catalog, names, set(more[1]) if len(more) > 1 else set())
        topic = catalog.get(topic_name)
        if topic is None:
            yield Problem(Severity.ERROR, f"command {command!r} has no +HELP entry {topic_name.upper()!r}", file="help/")
            continue
        known.append((command, names, topic))
        if not any(names_form(n, parse_usage(line)) for n in names for line in topic.usage):
            yield _problem(Severity.ERROR, topic, f"no usage line for the command {command!r} "
                           f"(write one starting with {' or '.join(names)})", "usage")
    if not commands:
        return
    for topic in catalog.topics:
        for line in topic.usage:
            usage = parse_usage(line)
            if not usage.heading and not any(_owns(catalog, topic, usage, command, names, own)
                                              for command, names, own in known):
                yield _problem(Severity.ERROR, topic, f"usage line {line!r} is not a form of a command whose "
                               "+HELP topic this is", "usage")


def _staff_unmarked(catalog: Catalog, names: Sequence[str], staff_switches: set[str]) -> Iterator[Problem]:
    """A form of a switch only staff may use, outside a staff-only topic, must say ``staff:``
    (a usage error shows it only to staff)."""
    for topic in catalog.topics:
        if topic.staff_only:
            continue
        for line in topic.usage:
            usage = parse_usage(line)
            name = next((n for n in names if names_form(n, usage)), None)
            if name and not usage.staff and staff_switches & set(usage.switches(name.casefold())[0]):
                yield _problem(Severity.ERROR, topic, f"usage line {line!r} is a form of a staff-only switch: "
                               f"begin its text with {STAFF_MARK!r}", "usage")


def _owns(catalog: Catalog, topic: Topic, usage: Usage, command: str, names: Sequence[str], own: Topic) -> bool:
    """Does ``usage`` in ``topic`` belong to ``command`` (help topic ``own``), so its usage error finds it?"""
    for name in names:
        if names_form(name, usage):
            if own is topic:
                return True
            return any(catalog.get(f"{command}/{s}") is topic for s in usage.switches(name.casefold())[0])
    return False


def _severity(catalog: Catalog) -> Severity:
    return Severity.ERROR if catalog.kind.startswith(RULES_PREFIX) else Severity.WARNING


def _problem(severity: Severity, topic: Topic, message: str, field: str | None = None) -> Problem:
    return Problem(severity, message, file=topic.source, entry=topic.entry, topic=topic.name, field=field)


def _collisions(catalog: Catalog) -> Iterator[Problem]:
    severity = _severity(catalog)
    owners: dict[str, tuple[Topic, str]] = {}
    for topic in catalog.topics:  # names first: a name always wins over an alias
        if topic.key in owners:
            first = owners[topic.key][0]
            yield _problem(severity, topic, f"the name is already used by {first.where}; only the first is reachable", "name")
        else:
            owners[topic.key] = (topic, "name")
    for topic in catalog.topics:
        for alias in topic.aliases:
            key = normalize(alias)
            if key == topic.key:
                yield _problem(Severity.WARNING, topic, f"alias {alias!r} is the topic's own name", "aliases")
                continue
            owner = owners.get(key)
            if owner is None:
                owners[key] = (topic, "alias")
            elif owner[0] is not topic:
                yield _problem(severity, topic, f"alias {alias!r} collides with the {owner[1]} of {owner[0].where}", "aliases")


def _unreachable(catalog: Catalog) -> Iterator[Problem]:
    for topic in catalog.topics:
        if not any(catalog.lookup(key, staff=topic.staff_only).topic is topic for key in topic.keys):
            yield _problem(_severity(catalog), topic, "no input reaches this topic (its name and aliases lead elsewhere)", "name")


def _topic_references(library: HelpLibrary, catalog: Catalog, topic: Topic) -> Iterator[Problem]:
    severity = _severity(catalog)
    external = {normalize(r) for r in topic.external_refs}
    mentioned: set[str] = set()
    for ref in find_references(topic.body):
        mentioned.add(normalize(str(ref)))
        yield from _check_ref(library, catalog, topic, ref, external, "text")
    for item in topic.see_also:
        listed = None if catalog.get(item) is not None else parse_reference(item)
        if listed is not None:
            mentioned.add(normalize(str(listed)))
            yield from _check_ref(library, catalog, topic, listed, external, "see_also")
        elif catalog.get(item) is None:
            yield _problem(severity, topic, f"{item!r} is not a topic here", "see_also")
    if topic.next and catalog.get(topic.next) is None:
        yield _problem(severity, topic, f"{topic.next!r} is not a topic here", "next")
    for item in topic.external_refs:
        if parse_reference(item) is None:
            yield _problem(Severity.WARNING, topic, f"{item!r} should read 'RULES X', '+HELP X' or 'NEWS X'", "external_refs")
        elif normalize(item) not in mentioned:
            yield _problem(Severity.WARNING, topic, f"{item!r} is never mentioned in the text or see_also", "external_refs")


def _resolve(library: HelpLibrary, catalog: Catalog, ref: Reference) -> tuple[Catalog | None, Topic | None]:
    if ref.kind == HELP:
        return library.help, library.help.get(ref.target)
    if ref.kind == NEWS:
        return library.news, library.news.get(ref.target)
    if catalog.kind.startswith(RULES_PREFIX):
        return catalog, catalog.get(ref.target)
    for ruleset in library.rulesets:
        rules = library.rules(ruleset)
        found = rules.get(ref.target) if rules else None
        if found is not None:
            return rules, found
    return None, None


def _check_ref(library: HelpLibrary, catalog: Catalog, topic: Topic, ref: Reference, external: set[str],
               field: str) -> Iterator[Problem]:
    target_catalog, found = _resolve(library, catalog, ref)
    if found is not None:
        if found.staff_only and not topic.staff_only:
            yield _problem(Severity.WARNING, topic, f"{ref} is staff-only: players cannot read it", field)
        return
    if normalize(str(ref)) in external:
        yield _problem(Severity.NOTE, topic, f"{ref} points outside our files (listed in external_refs)", field)
        return
    inside_ruleset = ref.kind == "rules" and catalog.kind.startswith(RULES_PREFIX)
    if inside_ruleset and target_catalog is not None:
        match = target_catalog.lookup(ref.target, staff=True)
        if match.topic is not None and match.rung is not Rung.NONE:
            yield _problem(Severity.WARNING, topic, f"{ref} only abbreviates {match.topic.name!r}", field)
            return
        yield _problem(Severity.ERROR, topic, f"{ref} does not exist (dangling reference)", field)
        return
    if ref.kind == HELP:
        yield _problem(Severity.WARNING, topic, f"{ref} is not in our files (yet): write it or list it in external_refs", field)
        return
    yield _problem(Severity.WARNING, topic, f"{ref} does not exist", field)
