"""The help file schema, checked when a file is read (docs/help-files.md describes it).

A file is a mapping with an optional default ``category`` and a list of ``topics``; each topic
has ``name`` and ``text`` and may have ``aliases``, ``see_also``, ``category``, ``staff_only``,
``next``, ``external_refs`` and ``usage`` (a command's synopsis lines). Every problem names the file, the entry and the field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import yaml

from .topic import Problem, Severity, Topic

__all__ = ["FILE_KEYS", "TOPIC_KEYS", "parse_document", "parse_yaml"]

#: keys a file may have at its top level
FILE_KEYS = frozenset({"category", "topics"})
#: keys a topic may have; ``name`` and ``text`` are required
TOPIC_KEYS = frozenset({"name", "aliases", "see_also", "staff_only", "category", "text", "next", "external_refs",
                        "usage"})
#: longest topic name or alias accepted (a name is something players type)
MAX_NAME = 60
DEFAULT_CATEGORY = "general"

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_yaml(source_text: str, file: str) -> tuple[list[Topic], list[Problem]]:
    """Read one help file's text. A YAML syntax error is one problem with its line number."""
    try:
        document = yaml.load(source_text, Loader=_Loader)  # a safe loader
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        return [], [Problem(Severity.ERROR, f"not valid YAML: {reason}", file=file, line=line)]
    return parse_document(document, file)


def parse_document(document: Any, file: str) -> tuple[list[Topic], list[Problem]]:
    """Check a loaded YAML document against the schema and build its topics."""
    problems: list[Problem] = []
    if document is None:
        return [], [Problem(Severity.ERROR, "the file is empty (expected 'category' and 'topics')", file=file)]
    if not isinstance(document, dict):
        return [], [Problem(Severity.ERROR, "expected a mapping with 'category' and 'topics'", file=file)]
    for key in sorted(set(map(str, document)) - FILE_KEYS):
        problems.append(Problem(Severity.WARNING, "unknown key, ignored", file=file, field=key))
    category = document.get("category", DEFAULT_CATEGORY)
    if not _is_text(category):
        problems.append(Problem(Severity.ERROR, "must be a word or short phrase", file=file, field="category"))
        category = DEFAULT_CATEGORY
    entries = document.get("topics")
    if not isinstance(entries, list):
        problems.append(Problem(Severity.ERROR, "missing or not a list of topics", file=file, field="topics"))
        return [], problems
    topics = []
    for number, entry in enumerate(entries, start=1):
        topic = _topic(entry, number, file, str(category).strip(), problems)
        if topic is not None:
            topics.append(topic)
    return topics, problems


def _is_text(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip()) and "\n" not in value.strip()


def _topic(entry: Any, number: int, file: str, category: str, problems: list[Problem]) -> Topic | None:
    name = entry.get("name") if isinstance(entry, dict) else None
    label = name if isinstance(name, str) else None

    def problem(field: str | None, message: str, severity: Severity = Severity.ERROR) -> None:
        problems.append(Problem(severity, message, file=file, entry=number, topic=label, field=field))

    if not isinstance(entry, dict):
        problem(None, "expected a mapping with at least 'name' and 'text'")
        return None
    before = len([p for p in problems if p.is_error])
    for key in sorted(set(map(str, entry)) - TOPIC_KEYS):
        problem(key, "unknown key, ignored", Severity.WARNING)
    name = _name(entry.get("name"), "name", problem)
    text = entry.get("text")
    if not isinstance(text, str) or not text.strip():
        problem("text", "missing or empty (the entry's text is required)")
        text = ""
    aliases = _names(entry, "aliases", problem)
    see_also = _names(entry, "see_also", problem)
    external = _names(entry, "external_refs", problem)
    usage = _usage(entry, problem)
    nxt = entry.get("next")
    if nxt is not None:
        nxt = _name(nxt, "next", problem)
    staff_only = entry.get("staff_only", False)
    if not isinstance(staff_only, bool):
        problem("staff_only", "must be true or false")
    own_category = entry.get("category", category)
    if not _is_text(own_category):
        problem("category", "must be a word or short phrase")
    if len([p for p in problems if p.is_error]) > before:
        return None
    return Topic(
        name=" ".join(name.split()), text=text.rstrip("\n"), aliases=aliases, see_also=see_also,
        category=own_category.strip(), staff_only=staff_only, next=nxt, external_refs=external,
        usage=usage, source=file, entry=number,
    )


def _name(value: Any, field: str, problem: Callable[..., None]) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if not _is_text(value):
        problem(field, "missing or not a one-line name")
        return ""
    if len(value.strip()) > MAX_NAME:
        problem(field, f"longer than {MAX_NAME} characters")
    if value.strip().startswith("/"):
        problem(field, "cannot start with '/' (that reads as a switch)")
    return value.strip()


def _names(entry: dict, field: str, problem: Callable[..., None]) -> tuple[str, ...]:
    value = entry.get(field)
    if value is None:
        return ()
    if not isinstance(value, list):
        problem(field, "must be a list of names, e.g. [KNOCKBACK 2]")
        return ()
    names = []
    for item in value:
        name = _name(item, field, problem)
        if name:
            names.append(" ".join(name.split()))
    return tuple(names)


def _usage(entry: dict, problem: Callable[..., None]) -> tuple[str, ...]:
    """``usage:``: a list of one-line texts, each the form, two spaces and what it does."""
    value = entry.get("usage")
    if value is None:
        return ()
    if not isinstance(value, list) or not value or not all(_is_text(item) for item in value):
        problem("usage", "must be a list of one-line texts, e.g. ['+D6 <n>[=<note>]  roll n dice']")
        return ()
    return tuple(item.strip() for item in value)
