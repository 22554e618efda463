"""The game's colour markup (text/markup.py) as HTML: each colour a ``<span>`` with a class
the stylesheet colours for the light and dark themes, bold and underline as ``<b>``-like
spans; the text escaped. Colours beyond the 16 named ones are shown as plain text."""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markupsafe import Markup, escape

from ..text.markup import CODE, strip

__all__ = ["markdown", "to_html"]

_TOKEN = re.compile(r"\|(\||" + CODE + ")")
_NAMES = dict(zip("xrgybmcw", ("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white")))


def _classes(code: str) -> str:
    """The span's class for one code: ``c-red``, ``c-red-bright``, ``bg-blue``, ``hl``, ``ul``."""
    if code == "h":
        return "hl"
    if code == "u":
        return "ul"
    background = code.startswith("[")
    letter = code.lstrip("[")
    if len(letter) != 1 or letter.lower() not in _NAMES:
        return ""
    name = _NAMES[letter.lower()] + ("-bright" if letter.isupper() else "")
    return ("bg-" if background else "c-") + name


def to_html(text: str) -> Markup:
    """``|rRed|n text`` -> ``<span class="c-red">Red</span> text``."""
    out, open_spans, pos = [], 0, 0
    for match in _TOKEN.finditer(text or ""):
        out.append(str(escape(text[pos:match.start()])))
        pos = match.end()
        code = match.group(1)
        if code == "|":
            out.append("|")
        elif code == "n":
            out.append("</span>" * open_spans)
            open_spans = 0
        elif _classes(code):
            out.append(f'<span class="{_classes(code)}">')
            open_spans += 1
    out.append(str(escape(text[pos:])))
    out.append("</span>" * open_spans)
    return Markup("".join(out))


#: Markdown with raw HTML off and only safe links (markdown-it-py's ``js-default`` preset).
_MARKDOWN = MarkdownIt("js-default")


def markdown(text: str) -> Markup:
    """A player's Markdown (a scene's summary) as HTML: any HTML in it is shown as text, and a
    ``javascript:`` link stays text; colour markup is dropped first."""
    return Markup(_MARKDOWN.render(strip(text or "")))
