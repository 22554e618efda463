"""Colour markup: one source text, rendered for what each client can show.

Markup (a ``|`` followed by a code; anything else after ``|`` is left as typed):

============  =============================================================
``|r |g |y``  foreground red, green, yellow
``|b |m |c``  foreground blue, magenta, cyan
``|w |x``     foreground white, black
``|R`` ...    upper case: the bright version of the colour
``|[r`` ...   background colour (``|[R`` bright background)
``|555``      xterm 256-colour cube, three digits 0-5 (red, green, blue)
``|[555``     the same as a background
``|#rrggbb``  truecolour foreground (``|[#rrggbb`` background)
``|h``        bold (highlight)
``|u``        underline
``|n``        back to normal: every colour and attribute off
``||``        a literal ``|``
============  =============================================================

:func:`render` turns markup into ANSI SGR escapes for a :class:`ColourLevel`,
downgrading colours the client cannot show (truecolour to the nearest xterm
colour, xterm colours to the nearest of the 16 ANSI ones); at
``ColourLevel.NONE`` (screen readers, clients that negotiated nothing) it
strips the markup.  :func:`escape` protects a player's literal text so it is
shown verbatim; :func:`to_ascii` gives ASCII stand-ins for box drawing and
typographic characters when the client cannot take UTF-8.
"""

from __future__ import annotations

import enum
import re
import unicodedata

__all__ = ["FILLERS", "INVISIBLE", "ColourLevel", "drop_hiding_colours", "escape", "render", "strip", "strip_controls", "to_ascii"]


class ColourLevel(enum.IntEnum):
    """How much colour a client can show, weakest first."""

    #: no colour at all: markup is stripped
    NONE = 0
    #: the 16 ANSI colours (SGR 30-37, 40-47, bold for bright)
    ANSI16 = 1
    #: the xterm 256-colour palette (SGR 38;5;n)
    XTERM256 = 2
    #: 24-bit colour (SGR 38;2;r;g;b)
    TRUECOLOUR = 3


_LETTERS = "xrgybmcw"  # ANSI order: black red green yellow blue magenta cyan white

#: One colour or attribute code after its ``|``: the markup's grammar, said once (text/format.py
#: measures widths with it).
CODE = r"(?:\[?(?:#[0-9a-fA-F]{6}|[0-5]{3}|[xrgybmcwXRGYBMCW])|[hun])"
_TOKEN = re.compile(
    r"\|(?:(?P<pipe>\|)"
    r"|(?P<bg>\[)?(?:#(?P<hex>[0-9a-fA-F]{6})|(?P<cube>[0-5]{3})|(?P<letter>[xrgybmcwXRGYBMCW]))"
    r"|(?P<attr>[hun]))"
)

#: one colour or attribute code with its ``|`` (:func:`strip`)
_CODE = re.compile(r"\|" + CODE)

# xterm's default RGB for the 16 ANSI colours, used to find the nearest one.
_ANSI_RGB = (
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
    (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
)
_CUBE_LEVELS = (0, 95, 135, 175, 215, 255)

# A colour is (kind, value): ("ansi", 0-15), ("xterm", 16-255) or ("rgb", (r, g, b)).
_Colour = tuple


def escape(text: str) -> str:
    """Return ``text`` with every ``|`` doubled, so markup in it is shown as typed."""
    return text.replace("|", "||")


def strip(text: str) -> str:
    """Return ``text`` without markup (``||`` becomes ``|``)."""
    if "||" not in text:  # (the common case: no function called for each code)
        return _CODE.sub("", text) if "|" in text else text
    # each ``||`` is a literal pipe, paired from the left as _TOKEN scans: a code never holds a ``|``
    return "|".join([_CODE.sub("", part) for part in text.split("||")])


#: markup that can hide text: any background, and a foreground whose every RGB component is at
#: most 0x30 (``|x``, ``|000``, ``|#303030``), which vanishes on the usual black screen; ``||``
#: is matched too, so the ``|x`` in ``||x`` stays a literal pipe and an x
_HIDING = re.compile(
    r"(?P<pipe>\|\|)"
    r"|\|\[(?:#[0-9a-fA-F]{6}|[0-5]{3}|[xrgybmcwXRGYBMCW])"
    r"|\|(?:x|000|#(?:[0-2][0-9a-fA-F]|30){3})"
)


def drop_hiding_colours(text: str) -> str:
    """``text`` without the markup that can hide characters: every background colour (red on
    red) and near-black foregrounds (``|x``, ``|000``, ``|#101010``: black on black)."""
    if "|" not in text:
        return text
    return _HIDING.sub(lambda m: m.group(0) if m.group("pipe") else "", text)


#: Letters and marks that draw nothing: Hangul fillers, the braille blank, the combining
#: grapheme joiner, Khmer inherent vowels (they make a "blank" name or tag prefix).
FILLERS = "\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5"
#: Characters that draw nothing but change what others see (a regex class): zero-width spaces
#: and joiners, bidi marks, isolates and overrides, the soft hyphen, word joiners and invisible
#: operators, the BOM, interlinear annotations, tag characters (Unicode's invisible format
#: characters, category Cf), and :data:`FILLERS`. game/speech.py removes these and more from talk.
INVISIBLE = (
    "\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
    "\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f" + FILLERS
)
_CONTROLS = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"  # CSI sequences (colours, cursor moves)
    r"|(?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"  # OSC (titles, palette)
    r"|\x1b[@-_]?"                      # any other ESC, with its next byte
    r"|[\x00-\x08\x0b-\x1f\x7f-\x9f]"   # C0 and C1 controls except \t and \n
    f"|[{INVISIBLE}]"                   # zero-width, bidi and other invisible characters
)
#: The ASCII characters no match of ``_CONTROLS`` starts with (every match in ASCII text starts
#: with ESC, a C0 control but ``\t`` and ``\n``, or DEL): ASCII text of these alone is left as it is.
_ASCII_SHOWN = b"\t\n" + bytes(range(0x20, 0x7F))
#: Line and paragraph separators: a line break to UTF-8 clients, so shown as a space.
_SEPARATORS = re.compile("[\u2028\u2029]")


def strip_controls(text: str) -> str:
    """Remove escape sequences, control and invisible characters, keeping ``\\t`` and ``\\n``;
    a line or paragraph separator becomes a space.

    Used on everything a player sends and everything we render, so no player can move
    another's cursor, recolour their screen, retitle their window, hide or reorder text, or
    start a line of their own inside another's (docs/reliability.md, "Every door").
    """
    if text.isascii() and not text.encode("ascii").translate(None, _ASCII_SHOWN):
        return text  # nothing _CONTROLS could find (a quick look: bytes' translate, not a scan)
    text = _CONTROLS.sub("", text)
    return text if text.isascii() else _SEPARATORS.sub(" ", text)


def render(text: str, level: ColourLevel) -> str:
    """Render markup in ``text`` as ANSI escapes for a client at ``level``.

    Colours the client cannot show are downgraded to the nearest it can.
    Text that changed colour ends with a reset, so nothing bleeds into the
    next message.  At ``ColourLevel.NONE`` the markup is stripped.
    """
    if level is ColourLevel.NONE:
        return strip(text)
    out: list[str] = []
    state = _State()
    shown = _State()
    pos = 0
    for match in _TOKEN.finditer(text):
        _emit_text(out, text[pos:match.start()], state, shown, level)
        pos = match.end()
        if match.group("pipe"):
            _emit_text(out, "|", state, shown, level)
        else:
            state = _apply(state, match)
    _emit_text(out, text[pos:], state, shown, level)
    if shown != _State():
        out.append("\x1b[0m")
    return "".join(out)


class _State:
    """The SGR state: colours and attributes."""

    __slots__ = ("bg", "bold", "fg", "underline")

    def __init__(self, fg=None, bg=None, bold=False, underline=False):
        self.fg, self.bg, self.bold, self.underline = fg, bg, bold, underline

    def _key(self):
        return (self.fg, self.bg, self.bold, self.underline)

    def __eq__(self, other):
        return isinstance(other, _State) and self._key() == other._key()

    def copy(self) -> _State:
        return _State(*self._key())


def _apply(state: _State, match: re.Match) -> _State:
    new = state.copy()
    attr = match.group("attr")
    if attr == "n":
        return _State()
    if attr == "h":
        new.bold = True
        return new
    if attr == "u":
        new.underline = True
        return new
    colour = _colour_of(match)
    if match.group("bg"):
        new.bg = colour
    else:
        new.fg = colour
    return new


def _colour_of(match: re.Match) -> _Colour:
    if match.group("hex"):
        h = match.group("hex")
        return ("rgb", (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)))
    if match.group("cube"):
        r, g, b = (int(d) for d in match.group("cube"))
        return ("xterm", 16 + 36 * r + 6 * g + b)
    letter = match.group("letter")
    index = _LETTERS.index(letter.lower())
    return ("ansi", index + 8 if letter.isupper() else index)


def _emit_text(out, chunk, state, shown, level) -> None:
    if not chunk:
        return
    if state != shown:
        out.append(_sgr(state, level))
        shown.fg, shown.bg, shown.bold, shown.underline = state._key()
    out.append(chunk)


def _sgr(state: _State, level: ColourLevel) -> str:
    codes = ["0"]
    fg = [] if state.fg is None else _colour_codes(state.fg, level, background=False)
    if state.bold and fg[:1] != ["1"]:  # a bright ANSI foreground is already bold
        codes.append("1")
    if state.underline:
        codes.append("4")
    codes.extend(fg)
    if state.bg is not None:
        codes.extend(_colour_codes(state.bg, level, background=True))
    return "\x1b[" + ";".join(codes) + "m"


def _colour_codes(colour: _Colour, level: ColourLevel, *, background: bool) -> list[str]:
    kind, value = colour
    if kind == "rgb" and level < ColourLevel.TRUECOLOUR:
        kind, value = "xterm", _rgb_to_xterm(value)
    if kind == "xterm" and level < ColourLevel.XTERM256:
        kind, value = "ansi", _nearest_ansi(_xterm_rgb(value))
    if kind == "rgb":
        return ["48" if background else "38", "2", *(str(v) for v in value)]
    if kind == "xterm":
        return ["48" if background else "38", "5", str(value)]
    base = 40 if background else 30
    if value >= 8:
        # Bright: bold for a foreground (every client knows it); a plain
        # background for a background (bright backgrounds are not ANSI).
        return [str(base + value - 8)] if background else ["1", str(base + value - 8)]
    return [str(base + value)]


def _xterm_rgb(index: int) -> tuple[int, int, int]:
    if index < 16:
        return _ANSI_RGB[index]
    if index >= 232:
        grey = 8 + 10 * (index - 232)
        return (grey, grey, grey)
    index -= 16
    return (_CUBE_LEVELS[index // 36], _CUBE_LEVELS[index // 6 % 6], _CUBE_LEVELS[index % 6])


def _distance(a, b) -> int:
    return sum((x - y) ** 2 for x, y in zip(a, b))


def _rgb_to_xterm(rgb: tuple[int, int, int]) -> int:
    cube = 16 + 36 * _nearest_level(rgb[0]) + 6 * _nearest_level(rgb[1]) + _nearest_level(rgb[2])
    grey_step = min(23, max(0, round((sum(rgb) / 3 - 8) / 10)))
    grey = 232 + grey_step
    return min((cube, grey), key=lambda i: _distance(_xterm_rgb(i), rgb))


def _nearest_level(v: int) -> int:
    return min(range(6), key=lambda n: abs(_CUBE_LEVELS[n] - v))


def _nearest_ansi(rgb: tuple[int, int, int]) -> int:
    return min(range(16), key=lambda i: _distance(_ANSI_RGB[i], rgb))


# ASCII stand-ins for characters a non-UTF-8 client cannot show.
_ASCII_FALLBACKS = {
    **dict.fromkeys("─━═┄┅┈┉╌╍", "-"),
    **dict.fromkeys("│┃║┆┇┊┋╎╏", "|"),
    # corners, tees and crosses: U+250C-U+254B and U+2552-U+2570
    **dict.fromkeys(map(chr, range(0x250C, 0x254C)), "+"),
    **dict.fromkeys(map(chr, range(0x2552, 0x2571)), "+"),
    **dict.fromkeys("█▓▒░■", "#"),
    **dict.fromkeys("‘’‚′", "'"),
    **dict.fromkeys("“”„″", '"'),
    **dict.fromkeys("–‒", "-"),
    "—": "--", "…": "...", "•": "*", "·": ".", "×": "x", "÷": "/",
    "←": "<-", "→": "->", "↑": "^", "↓": "v", "±": "+/-", "½": "1/2",
    "¼": "1/4", "¾": "3/4", "©": "(c)", "®": "(R)", "™": "(TM)", "°": " deg",
    "\u00a0": " ",
}


def to_ascii(text: str) -> str:
    """Return ``text`` in ASCII: box drawing and typography get stand-ins,
    accented letters lose their accents, anything else becomes ``?``."""
    if text.isascii():
        return text
    out = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
        elif ch in _ASCII_FALLBACKS:
            stand_in = _ASCII_FALLBACKS[ch]
            if stand_in[0].isdigit() and out and out[-1][-1:].isdigit():
                stand_in = " " + stand_in  # 4½ -> "4 1/2", never "41/2"
            out.append(stand_in)
        else:
            base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
            out.append(base or "?")
    return "".join(out)
