"""What players see: a topic, the index, an ambiguous or missing answer, search hits.

All output is fitted to the client's width with :mod:`champions_mush.text.format`; a topic's
text is never re-flowed where it fits, so the rules read exactly as written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.format import columns, fit_rule, is_rule, visible_len, wrap
from ..text.markup import escape
from .catalog import Catalog, Hit, Match
from .search import search_terms
from .topic import Topic
from .usage import parse_usage, render_usage

__all__ = ["escape", "render_ambiguous", "render_index", "render_missing", "render_search", "render_topic", "see_also"]


def render_topic(topic: Topic, catalog: Catalog, width: int, staff: bool = False) -> str:
    """The topic's usage lines and text fitted to ``width``, then its see-also line (staff-only
    targets hidden from players). Usage lines go under the text's banner rule, if it starts with one."""
    text = wrap(escape(topic.text), width)
    if topic.usage:
        banner, _, rest = text.partition("\n") if is_rule(text.split("\n", 1)[0]) else ("", "", text)
        block = render_usage([parse_usage(escape(line)) for line in topic.usage], width)
        text = "\n".join([*([banner] if banner else []), *block, rest])
    lines = [text]
    shown = see_also(topic, catalog, staff)
    if shown:
        lines.append(wrap(escape("See also: " + ", ".join(shown) + "."), width))
    return "\n".join(lines)


def see_also(topic: Topic, catalog: Catalog, staff: bool = False) -> list[str]:
    """The topics a topic's see-also line names, each once (staff-only ones hidden from players):
    what the line shows, and what a client may make links of (GMCP ``Help.SeeAlso``)."""
    shown: list[str] = []
    for item in topic.see_also:
        target = catalog.get(item)
        if target is not None and target.staff_only and not staff:
            continue
        name = target.name if target is not None else item
        if name not in shown:  # two entries may name one topic (an alias of it)
            shown.append(name)
    return shown


#: Family names written as the game writes them, where a capital first letter is not enough.
_TITLES = {"gm": "GM", "animouch": "AnimOuch!", "powers that be": "Powers That Be"}


def _category_title(category: str) -> str:
    return _TITLES.get(category, category[:1].upper() + category[1:])


def render_index(catalog: Catalog, title: str, width: int, staff: bool = False, footer: str = "") -> str:
    """First pages grouped by category, each group in columns that fit ``width``."""
    lines = [fit_rule(f"----- {title} -----", width)]
    groups = catalog.heads(staff)
    if not groups:
        lines.append("There are no topics yet.")
    marked = False
    for category, topics in groups.items():
        names = []
        for topic in topics:
            names.append(escape(topic.name) + ("*" if topic.staff_only else ""))
            marked = marked or topic.staff_only
        lines.append(f"{escape(_category_title(category))}:")
        lines.extend("  " + row for row in columns(names, width - 2).split("\n"))
    if marked:
        lines.append("* staff only")
    if footer:
        lines.append(wrap(footer, width))
    lines.append(fit_rule("-" * 10, width))
    return "\n".join(lines)


def _joined(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def render_ambiguous(match: Match, noun: str, width: int) -> str:
    """``'dam' could be several rules topics: A, B or C.``"""
    labels = match.labels or tuple(t.name for t in match.candidates)
    return wrap(escape(f"'{_shown(match.query)}' could be several {noun} topics: {_joined(labels)}."), width)


def render_missing(match: Match, noun: str, width: int, hint: str = "") -> str:
    """``No rules topic 'X'.`` and, when something is close, ``Did you mean: A, B or C?``"""
    lines = [f"No {noun} topic '{_shown(match.query)}'."]
    if match.suggestions:
        lines.append(f"Did you mean: {_joined(match.suggestions)}?")
    elif hint:
        lines.append(hint)
    return wrap(escape("\n".join(lines)), width)


#: a query is echoed back up to this many characters, then "..."
MAX_SHOWN = 60


def _shown(query: str) -> str:
    """The query as the player typed it, spaces collapsed, cut after :data:`MAX_SHOWN` characters."""
    shown = " ".join(query.split())
    return shown if len(shown) <= MAX_SHOWN else shown[: MAX_SHOWN - 3].rstrip() + "..."


def render_search(hits: Sequence[Hit], words: str, noun: str, width: int) -> str:
    """Ranked hits, one line each: ``NAME: the line that matched``, cut to the width."""
    words = _shown(words)
    if not hits:
        return escape(f"No {noun} topic mentions '{words}'.")
    lines = [f"{noun.capitalize()} topics mentioning '{words}' (best first):"]
    terms = search_terms(words)
    for hit in hits:
        head = f"  {hit.topic.name}: "
        lines.append(head + _around(hit.line, terms, max(10, width - len(head))))
    return escape("\n".join(lines))


def _around(line: str, terms: Sequence[str], room: int) -> str:
    """The part of ``line`` around the first matched word, at most ``room`` columns."""
    if len(line) <= room:
        return line
    spots = [m.start() for t in terms for m in [re.search(rf"\b{re.escape(t)}", line, re.IGNORECASE)] if m]
    start = min(spots) if spots else 0
    if start + len(terms[0] if terms else "") < room - 3:
        return _cut(line, room)
    start = line.rfind(" ", 0, max(0, start - room // 3)) + 1
    return _cut("..." + line[start:], room)


def _cut(line: str, width: int) -> str:
    if visible_len(line) <= width:
        return line
    cut = line[: max(1, width - 3)]
    if " " in cut[len(cut) // 2:]:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip() + "..."
