"""Text for a screen reader: what is read aloud, in the order a listener can follow.

Two halves, both used for a connection in screen-reader mode (MTTS bit 64 or ``+client/reader
on``; docs/player-guide.md, "Screen readers"):

* :func:`reading_aloud` is in force while a command runs for such a connection, so the layout
  helpers in text/format.py (``table``, ``columns``) write lines of ``label: value`` instead of
  padded columns, and commands that lay out by hand (the sheet, ``+combat/status``) can ask
  :func:`aloud` for a linear order.
* :func:`linear` is the last pass over everything sent to such a connection, whoever wrote it
  (help files, another player's broadcast): banner rules become their label alone, rules,
  underlines and box drawing go, columns laid out by hand are read with commas between them,
  and a roll's dice move after its result.
"""

from __future__ import annotations

import re
from contextvars import ContextVar, Token

from .markup import strip

__all__ = ["aloud", "linear", "reading_aloud"]

_ALOUD: ContextVar[bool] = ContextVar("aloud", default=False)

#: What rules and banners are drawn with (text/format.py draws its rules with these too).
_FILLS = "-=_~*#"
#: Box drawing and block elements (U+2500-U+259F): read aloud as "box drawings light horizontal".
_BOX = re.compile("[\u2500-\u259f]+")
#: A roll's dice in parentheses: ``(5 3 4)``, ``(4 3 3; multiplier die 3)``, ``(2 6 ½:2 +1)``.
#: One face needs its "; ..." part to count (a lone ``(3)`` may be anything).
_FACE = r"(?:[0-9]+|½:[0-9]+|[+-][0-9]+)"
_DICE = re.compile(rf" ?\(({_FACE}(?: {_FACE})+|{_FACE}(?=;))((?:; [^()]*)?)\)")
#: Columns laid out by hand (``Hero Plaza (#1)             Alice``): three or more spaces between
#: words, not after a full stop, are read as a comma.
_GAP = re.compile(r"(?<=[^\s.!?]) {3,}(?=\S)")
#: A roll id at the end of a line, ``[r6z]``: the dice go before it.
_ROLL_ID = re.compile(r"\s*(?:\|x)?\[[A-Za-z0-9]{1,12}\](?:\|n)?\s*\Z")


def aloud() -> bool:
    """True while a command runs for a screen reader (see :func:`reading_aloud`)."""
    return _ALOUD.get()


class reading_aloud:
    """Lay text out for a screen reader (``on``) while the block runs (every command runs in one:
    a plain class, and nothing set when the block reads as the code around it already does)."""

    __slots__ = ("_on", "_token")

    def __init__(self, on: bool) -> None:
        self._on = on
        self._token: Token[bool] | None = None

    def __enter__(self) -> None:
        if _ALOUD.get() != self._on:
            self._token = _ALOUD.set(self._on)

    def __exit__(self, *exc: object) -> None:
        if self._token is not None:
            _ALOUD.reset(self._token)


def _banner(bare: str) -> str | None:
    """A rule's label ("" for a bare rule), or None if ``bare`` is not a rule.

    A rule is two or more of one fill character on each side of an optional label
    (``----- [CM 2.0 Rules] -----``, ``== Bob ==``), or fill characters and spaces alone
    (a table's underline ``---  ----``).
    """
    body = bare.strip()
    if len(body) >= 3 and not body.strip(_FILLS + " "):
        return ""
    fill = body[:1]
    if not fill or fill not in _FILLS:
        return None
    left = len(body) - len(body.lstrip(fill))
    right = len(body) - len(body.rstrip(fill))
    if left < 2 or right < 2 or left == len(body):
        return None
    label = body[left:len(body) - right].strip()
    if label.startswith("[") and label.endswith("]"):
        label = label[1:-1].strip()
    return label


def _dice_last(line: str) -> str:
    """Move a line's dice after its result: ``rolls 7 (2 3 2): hits`` -> ``rolls 7: hits. Dice 2 3 2.``"""
    found = [m.group(1) + m.group(2) for m in _DICE.finditer(line)]
    if not found:
        return line
    rest = _DICE.sub("", line)
    tail = _ROLL_ID.search(rest)
    cut = tail.start() if tail else len(rest)
    body = rest[:cut].rstrip()
    dice = "; ".join(found)
    return f"{body}{'' if body.endswith(('.', ':')) else '.'} Dice {dice}.{rest[cut:].rstrip() and ' ' + rest[cut:].strip()}"


def linear(text: str) -> str:
    """``text`` as a screen reader should get it: no rules, underlines or box drawing, and each
    roll's result before its dice. Lines that are only decoration are dropped."""
    out: list[str] = []
    for line in text.split("\n"):
        bare = strip(line)
        if not bare.strip():
            out.append(line)
            continue
        unboxed = _BOX.sub("", bare)
        label = _banner(unboxed) if unboxed.strip() else ""
        if label is not None:
            if label:
                out.append(label)
            continue
        if _BOX.search(line):
            line = " ".join(_BOX.sub(" ", line).split())
        if "   " in line:
            line = _GAP.sub(", ", line)
        out.append(_dice_last(line) if "(" in line else line)
    return "\n".join(out)
