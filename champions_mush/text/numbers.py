"""Reading a number a player typed: ASCII digits only, and not too many of them.

``str.isdigit`` (and the regex ``\\d``) accept far more than ``0-9``: ``"²".isdigit()`` is true
but ``int("²")`` raises, and ``int()`` refuses more than 4,300 digits. Every check on player
input that is followed by ``int()`` uses :func:`is_number` (docs/reliability.md).
"""

from __future__ import annotations

import re

__all__ = ["NumberListError", "character_points", "is_number", "parse_numbers"]

_RANGE = re.compile(r"([0-9]{1,9})(?:-([0-9]{1,9}))?")  # bounded: int() refuses 4,300+ digits


def is_number(text: str, most_digits: int = 9) -> bool:
    """True when ``text`` is 1 to ``most_digits`` ASCII digits (no sign, no spaces)."""
    return 0 < len(text) <= most_digits and text.isascii() and text.isdigit()


def character_points(n: int) -> str:
    """``1 Character Point``, ``5 Character Points`` (and ``0 Character Points``)."""
    return f"{n} Character Point{'' if n == 1 else 's'}"


class NumberListError(ValueError):
    """One part of a number list is not a number or range (``out_of_range`` False) or names
    numbers past the list (True)."""

    def __init__(self, part: str, out_of_range: bool) -> None:
        super().__init__(part)
        self.part, self.out_of_range = part, out_of_range


def parse_numbers(spec: str, count: int) -> list[int]:
    """The numbers from 1 to ``count`` that ``3``, ``1-4``, ``2 5`` or ``1,3`` name, each once, in
    the order given (PennMUSH message lists, Myrddin board post lists)."""
    chosen: list[int] = []
    for part in re.split(r"[\s,]+", spec.strip()):
        match = _RANGE.fullmatch(part)
        if not match:
            raise NumberListError(part, out_of_range=False)
        first, last = int(match[1]), int(match[2] or match[1])
        if first < 1 or last < first or last > count:
            raise NumberListError(part, out_of_range=True)
        chosen.extend(n for n in range(first, last + 1) if n not in chosen)
    return chosen
