"""How many terminal columns text takes, by Unicode's rules (UAX #11 East Asian Width, UTS #51 emoji).

A CJK ideograph or an emoji takes two columns, a combining accent, a zero-width joiner or a
variation selector none, everything else printable one. The tables are Python's own
``unicodedata`` (the Unicode database of the running Python, already loaded by the game): the
``wcwidth`` package gives the same answers for the text players type but costs about 1 MB of
the game's memory (docs/performance.md, "Memory"), so the few rules are written here.
"""

from __future__ import annotations

import unicodedata

__all__ = ["char_width", "display_width"]

#: General categories that take no column: combining marks (Mn, Me) and format characters (Cf:
#: the zero-width joiner, soft hyphen, bidirectional marks).
_ZERO_CATEGORIES = frozenset({"Mn", "Me", "Cf"})
#: U+FE0F VARIATION SELECTOR-16 asks for the emoji (two-column) form of the character before it.
_EMOJI_PRESENTATION = "\ufe0f"
_ZWJ = "\u200d"
#: Hangul jamo vowels and finals join the syllable before them, and skin-tone modifiers the emoji
#: before them (UTS #51): no column of their own.
_JOINING = (range(0x1160, 0x1200), range(0x1F3FB, 0x1F400))


def char_width(char: str) -> int:
    """Columns one code point takes: 0, 1 or 2 (a control character counts 0)."""
    if char < "\u0300":
        return 1 if char >= " " and not "\x7f" <= char < "\xa0" else 0
    category = unicodedata.category(char)
    if category in _ZERO_CATEGORIES or any(ord(char) in r for r in _JOINING):
        return 0
    if category == "Cn":  # not assigned in this Python's Unicode: one column, as a terminal draws it
        return 1
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def display_width(text: str) -> int:
    """Columns ``text`` takes on a terminal (no markup here: see text/format.py ``visible_len``).

    Emoji sequences count as the one picture a terminal draws: what follows a zero-width joiner
    adds nothing, and VS16 widens the character before it to two columns.
    """
    if text.isascii():
        return len(text)
    total, last, joined = 0, 0, False
    for char in text:
        if joined:
            joined = char == _ZWJ
            continue
        if char == _ZWJ:
            joined = True
            continue
        if char == _EMOJI_PRESENTATION:
            total += 2 - last if last == 1 else 0
            last = 2 if last else 0
            continue
        last = char_width(char)
        total += last
    return total
