"""Cross-references in help text: "RULES X", "+HELP X" and "NEWS X"."""

from __future__ import annotations

import re

from ..values import frozen

__all__ = ["Reference", "find_references", "parse_reference"]

HELP = "help"
NEWS = "news"

# An upper-case word (possessive: "RULES/search" is not the word "RULES"); words are joined by
# one space or a line break, so a topic name may run onto the next line.
_TOKEN = r"[A-Z0-9+@][A-Z0-9+@'/_-]*+(?![a-z])"
_GAP = r"(?: |[ \t]*\n[ \t]*)"
_REF = re.compile(rf"(?<![\w+@/-])(RULES|\+HELP|NEWS){_GAP}({_TOKEN}(?:{_GAP}{_TOKEN})*)")
_KIND = {"RULES": "rules", "+HELP": HELP, "NEWS": NEWS}
_COMMAND = {"rules": "RULES", HELP: "+HELP", NEWS: "NEWS"}


@frozen
class Reference:
    """A pointer from one topic to another: ``kind`` is ``rules``, ``help`` or ``news``."""

    kind: str
    target: str

    def __str__(self) -> str:
        return f"{_COMMAND[self.kind]} {self.target}"


def find_references(text: str) -> list[Reference]:
    """Every "RULES X", "+HELP X", "NEWS X" in ``text`` (upper-case words, across a line break)."""
    refs = []
    for match in _REF.finditer(text):
        target = " ".join(match[2].split()).rstrip("'/-_")
        if target:
            refs.append(Reference(_KIND[match[1]], target))
    return refs


def parse_reference(text: str) -> Reference | None:
    """``"+HELP +KD6"`` -> a Reference; None for a plain topic name.

    In a ``see_also`` list a name of the topic's own catalog wins: check that first.
    """
    word, _, rest = text.strip().partition(" ")
    kind = _KIND.get(word.upper())
    return Reference(kind, " ".join(rest.split())) if kind and rest.strip() else None


