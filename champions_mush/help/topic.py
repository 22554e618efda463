"""The values help is made of: a :class:`Topic` (one entry of RULES, +HELP or NEWS) and a
:class:`Problem` (something wrong with a help file, naming file, entry and field)."""

from __future__ import annotations

import enum
import re

import attrs

from ..values import frozen

__all__ = ["Problem", "Severity", "Topic", "normalize"]

_SPACES = re.compile(r"\s+")


def normalize(name: str) -> str:
    """A topic name as the index keys it: case folded, spaces collapsed (``" Pre  Attacks"`` -> ``"pre attacks"``)."""
    return _SPACES.sub(" ", name).strip().casefold()


def _strings(value: object) -> tuple[str, ...]:
    return tuple(value)  # type: ignore[arg-type]  # the schema checked it is a list of text (help/schema.py)


@frozen
class Topic:
    """One entry: its name and aliases as players type them, and its text exactly as written.

    ``next`` names the page that continues this one (default: the same name numbered one
    higher, ``KNOCKBACK 2`` -> ``KNOCKBACK 3``); ``external_refs`` lists references in the text
    that knowingly point outside our files (``+HELP +KD6`` before that command exists);
    ``usage`` holds a command's synopsis, shown above the text (docs/help-files.md).
    """

    name: str
    text: str
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_strings)
    see_also: tuple[str, ...] = attrs.field(default=(), converter=_strings)
    category: str = "general"
    staff_only: bool = False
    next: str | None = None
    external_refs: tuple[str, ...] = attrs.field(default=(), converter=_strings)
    #: the synopsis lines (``+ND6/KB <dice>  also roll Knockback``): help/usage.py reads them
    usage: tuple[str, ...] = attrs.field(default=(), converter=_strings)
    #: the file it came from (relative to the rules_data folder) and its place in that file
    source: str = ""
    entry: int = 0

    @property
    def key(self) -> str:
        return normalize(self.name)

    @property
    def keys(self) -> tuple[str, ...]:
        """Its name and aliases, normalized."""
        return (self.key, *(normalize(a) for a in self.aliases))

    @property
    def body(self) -> str:
        """Usage lines and text together: what search and cross-references read."""
        return "\n".join([*self.usage, self.text])

    @property
    def where(self) -> str:
        """``file: topic 3 'NAME'`` for messages about this entry."""
        return f"{self.source}: topic {self.entry} {self.name!r}"


class Severity(enum.IntEnum):
    """How bad a :class:`Problem` is."""

    #: a reference knowingly pointing outside our files; shown, never a failure
    NOTE = 0
    #: worth fixing, but players are not harmed (or the missing piece is another team's)
    WARNING = 1
    #: a broken file or a reference/name players will trip over; check-help fails
    ERROR = 2


@frozen
class Problem:
    """Something wrong in a help file: ``file: topic N 'NAME': field 'x': message``."""

    severity: Severity
    message: str
    file: str = ""
    entry: int | None = None
    topic: str | None = None
    field: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        parts = []
        if self.file:
            parts.append(self.file + (f" line {self.line}" if self.line else ""))
        if self.entry is not None:
            parts.append(f"topic {self.entry}" + (f" {self.topic!r}" if self.topic else ""))
        elif self.topic:
            parts.append(repr(self.topic))
        if self.field:
            parts.append(f"field {self.field!r}")
        return ": ".join([*parts, self.message])

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR
