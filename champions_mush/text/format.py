"""Fitting text to a client's width: wrapping, columns and simple tables, in one place.

Everything here measures *visible* width: colour markup (``|r``, ``|h``, ``|n``, ``|[b``,
``|500``, ``|#ff0000``; ``||`` is one literal pipe) takes no room on the screen.
Widths come from the client (NAWS); :data:`DEFAULT_WIDTH` is used when it is unknown.

``wrap`` keeps the author's line breaks and never breaks a line that is laid out by hand:
table rows (two or more spaces between cells, or tabs) are left whole, and banner rules
(``----- [CM 2.0 Rules] -----``) are redrawn to the width with their label centred.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Sequence

from . import markup
from .aloud import aloud
from .width import display_width

__all__ = [
    "DEFAULT_HEIGHT",
    "DEFAULT_WIDTH",
    "MIN_WIDTH",
    "cell",
    "columns",
    "fit_rule",
    "is_rule",
    "is_table_row",
    "table",
    "visible_len",
    "when",
    "wrap",
]

#: The window assumed until the client reports its size (NAWS, RFC 1073): 78 columns, the
#: MUSH convention (docs/player-guide.md), and a terminal's 24 rows.
DEFAULT_WIDTH, DEFAULT_HEIGHT = 78, 24
#: Narrower than this is treated as this: a client reporting 0 or 5 columns still gets readable lines.
MIN_WIDTH = 20

# One markup code (same set as text/markup.py), or a literal pipe written ``||``.
_TOKEN = re.compile(r"\|\||\|" + markup.CODE + "|.", re.DOTALL)
_CODE = re.compile(r"\|" + markup.CODE)
#: what a banner rule is drawn with (see :func:`_rule`)
_FILLS = "-=_~*#"
# Hand-laid columns: a run of two or more spaces after some text, or a tab.
_TABLE_GAP = re.compile(r"\S(?: {2,}|\t)\S")


def _clamp(width: int | None) -> int:
    if not width or width <= 0:
        return DEFAULT_WIDTH
    return max(MIN_WIDTH, width)


def visible_len(text: str) -> int:
    """How many columns ``text`` takes on screen: markup codes take none, ``||`` takes one, and
    each character what Unicode says (text/width.py: a CJK ideograph or an emoji two)."""
    if "|" not in text:
        return display_width(text)
    return display_width(_CODE.sub("", text.replace("||", "\0")).replace("\0", "|"))


def _rule(line: str) -> tuple[str, str] | None:
    """A banner rule's fill character and label: 4+ of one fill, optionally a label and 3+ more.

    Read by counting, not by a pattern: ``fill{4,}\\s*(label.*?)\\s*fill{3,}`` backtracks
    cubically on a player's ``----    x`` (docs/reliability.md).
    """
    body = line.strip()
    fill = body[:1]
    if not fill or fill not in _FILLS:
        return None
    left = len(body) - len(body.lstrip(fill))
    if left < 4:
        return None
    if left == len(body):
        return fill, ""
    right = len(body) - len(body.rstrip(fill))
    label = body[left : len(body) - right].strip()
    return (fill, label) if right >= 3 and label else None


def is_rule(line: str) -> bool:
    """True for a banner or separator line such as ``----- [CM 2.0 Rules] -----``."""
    return _rule(line) is not None


def is_table_row(line: str) -> bool:
    """True for a line laid out in columns by hand (two or more spaces between cells, or a tab)."""
    return _TABLE_GAP.search(line) is not None


def fit_rule(line: str, width: int) -> str:
    """Redraw a banner rule ``width`` columns wide, keeping its fill character and centred label."""
    width = _clamp(width)
    found = _rule(line)
    if found is None:
        return line
    fill, label = found
    if not label:
        return fill * width
    label = f" {label} "
    room = width - visible_len(label)
    if room < 2:
        return label.strip()
    left = room // 2
    return fill * left + label + fill * (room - left)


def wrap(text: str, width: int | None = DEFAULT_WIDTH) -> str:
    """Fit ``text`` to ``width`` columns, keeping every line break of the original.

    A line that fits is left exactly as written. A longer line is word-wrapped, its
    continuation lines indented like the line itself; a banner rule is redrawn to the width;
    a hand-laid table row is left whole (the client may fold it, but we never re-flow a table).
    """
    width = _clamp(width)
    out: list[str] = []
    for line in text.split("\n"):
        if visible_len(line) <= width:
            out.append(line)
        elif is_rule(line):
            out.append(fit_rule(line, width))
        elif is_table_row(line):
            out.append(line)
        else:
            out.extend(_wrap_line(line, width))
    return "\n".join(out)


def _wrap_line(line: str, width: int) -> list[str]:
    body = line.lstrip(" ")
    indent = " " * (len(line) - len(body)) if len(line) - len(body) < width // 2 else ""
    lines: list[str] = []
    current, used = indent, len(indent)
    fresh = True  # nothing but the indent on the current line yet
    for word in body.split(" "):
        size = visible_len(word)
        if not fresh and used + 1 + size <= width:
            current, used = f"{current} {word}", used + 1 + size
            continue
        if not fresh:
            lines.append(current)
            current, used = indent, len(indent)
        while used + size > width:  # a word longer than the line: cut it
            head, word = _split_visible(word, width - used)
            lines.append(current + head)
            current, used = indent, len(indent)
            size = visible_len(word)
        current, used, fresh = current + word, used + size, False
    lines.append(current)
    return [x.rstrip(" ") if x.strip() else x for x in lines]


def _split_visible(word: str, room: int) -> tuple[str, str]:
    """Cut ``word`` after ``room`` columns, never inside a markup code or a wide character
    (at least one character goes first, so a two-column character in a one-column room moves on)."""
    room = max(1, room)
    seen, cut = 0, len(word)
    for match in _TOKEN.finditer(word):
        token = match.group()
        if _CODE.fullmatch(token):
            continue
        size = display_width(token[-1])
        if seen + size > room and seen:
            cut = match.start()
            break
        seen += size
    return word[:cut], word[cut:]


def _pad(text: str, size: int) -> str:
    return text + " " * max(0, size - visible_len(text))


def cell(text: str, size: int, cut: int | None = None) -> str:
    """A hand-laid column: ``text`` cut to ``cut`` columns when longer, then padded to ``size``,
    measured as the screen shows it (``f"{title[:33]:<34}"`` counts an ideograph as one column
    and misaligns the row; ``cell(title, 34, 33)`` counts two)."""
    if cut is not None and visible_len(text) > cut:
        text = _split_visible(text, cut)[0]
    return _pad(text, size)


def columns(items: Iterable[str], width: int | None = DEFAULT_WIDTH, gap: int = 2) -> str:
    """Lay ``items`` out in as many columns as fit ``width``, filled top to bottom like ``ls``.

    An item wider than the line gets a line of its own. Returns lines joined by ``\\n``
    ("" for no items). Read aloud (text/aloud.py), one line of items between commas.
    """
    width = _clamp(width)
    items = list(items)
    if not items:
        return ""
    if aloud():
        return ", ".join(item.strip() for item in items)
    cell = max(visible_len(item) for item in items) + gap
    ncols = max(1, (width + gap) // cell)
    nrows = -(-len(items) // ncols)
    ncols = -(-len(items) // nrows)
    lines = []
    for row in range(nrows):
        cells = [items[col * nrows + row] for col in range(ncols) if col * nrows + row < len(items)]
        lines.append("".join(_pad(c, cell) for c in cells[:-1]) + cells[-1])
    return "\n".join(lines)


def table(
    rows: Sequence[Sequence[str]],
    width: int | None = DEFAULT_WIDTH,
    headers: Sequence[str] | None = None,
    gap: int = 2,
) -> str:
    """A simple table: columns sized to their contents, shrunk (widest first) to fit ``width``.

    Cells that no longer fit are word-wrapped inside their column. ``headers`` adds a header
    row underlined with dashes. Returns lines joined by ``\\n``. Read aloud (text/aloud.py),
    each row is one line of ``header: cell`` pairs (without headers, ``first cell: the rest``).
    """
    width = _clamp(width)
    body = [[str(cell) for cell in row] for row in rows]
    if aloud():
        return "\n".join(_row_aloud(row, headers) for row in body)
    all_rows = ([list(headers)] if headers else []) + body
    if not all_rows:
        return ""
    ncols = max(len(row) for row in all_rows)
    all_rows = [row + [""] * (ncols - len(row)) for row in all_rows]
    sizes = [max(visible_len(row[i]) for row in all_rows) for i in range(ncols)]
    _shrink(sizes, width - gap * (ncols - 1))
    lines: list[str] = []
    for index, row in enumerate(all_rows):
        lines.extend(_table_row(row, sizes, gap))
        if headers and index == 0:
            lines.append((" " * gap).join("-" * size for size in sizes))
    return "\n".join(lines)


def _row_aloud(row: Sequence[str], headers: Sequence[str] | None) -> str:
    cells = [" ".join(cell.split()) for cell in row]
    if headers:
        return ", ".join(f"{head}: {cell}" for head, cell in zip(headers, cells) if cell and head)
    cells = [cell for cell in cells if cell]
    return f"{cells[0]}: {', '.join(cells[1:])}" if len(cells) > 1 else "".join(cells)


def _shrink(sizes: list[int], room: int, floor: int = 4) -> None:
    while sum(sizes) > room:
        widest = max(range(len(sizes)), key=lambda i: sizes[i])
        if sizes[widest] <= floor:
            return
        sizes[widest] -= 1


def _table_row(row: Sequence[str], sizes: Sequence[int], gap: int) -> list[str]:
    cells = [
        [piece for line in cell.split("\n") for piece in (_wrap_line(line, size) if visible_len(line) > size else [line])]
        for cell, size in zip(row, sizes)
    ]
    height = max(len(cell) for cell in cells)
    out = []
    for i in range(height):
        parts = [_pad(cell[i] if i < len(cell) else "", size) for cell, size in zip(cells, sizes)]
        out.append((" " * gap).join(parts).rstrip())
    return out


def when(seconds: float, date: bool = True) -> str:
    """A stored time for players, in UTC: ``2026-12-01 08:40`` (``08:40`` without the date)."""
    return time.strftime("%Y-%m-%d %H:%M" if date else "%H:%M", time.gmtime(seconds))
