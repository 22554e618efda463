"""What a player may show to others, and as whom: the one home of the rules against impersonation
(docs/reliability.md, "Impersonation"; PennMUSH's NOSPOOF for the @emit rules).

* :func:`clean`: the text of say, pose, @emit, page, +ooc and channels as others will see it:
  no control, format (zero-width, bidi), line or paragraph separator or invisible filler
  characters, at most two combining marks on a letter, no colour that hides text (a background,
  black on black), every run of spaces one space.
* :func:`one_line`: a field others will read (a title, ``@doing``, a ``+finger`` field, every
  string a Hero Designer file brings in): :func:`clean`, then at most a given length, whatever
  door it came by (docs/reliability.md, "Every door").
* :func:`fold`: the text as the checks read it: markup stripped, NFKC, then the ASCII that
  clients without UTF-8 are shown (``Ａｄａ`` and ``Ádá`` are both ``ada``), case folded.
* :func:`name_problem` and :func:`name_key`: the rule for new character names and the key that
  must be unique (``Star-Killer``, ``starkiller`` and ``StarKi1ler`` are one name).
* :func:`emit_problem` and :func:`emit_names_another`: an @emit may not start like a game line
  or with a character's name; one that names another player is shown with its sender.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from ..text.markup import FILLERS, drop_hiding_colours, strip, to_ascii

__all__ = [
    "GAME_WORDS",
    "clean",
    "emit_names_another",
    "emit_problem",
    "fold",
    "name_key",
    "name_problem",
    "one_line",
    "starts_like_the_game",
]

#: Unicode categories removed from shown text: controls, format characters (zero-width, bidi,
#: soft hyphen, BOM), line and paragraph separators, unassigned and private-use code points
_REMOVED_CATEGORIES = {"Cc", "Cf", "Zl", "Zp", "Cn", "Co", "Cs"}
#: letters and marks that draw nothing (text/markup.py ``FILLERS``)
_INVISIBLE = frozenset(FILLERS)
#: more combining marks than this on one character are dropped (stacked marks draw over other lines)
MAX_MARKS = 2
_SPACES = re.compile(r"\s+")
#: controls shown as a space (they break or indent a line); every other control is removed
_BREAKS = "\t\n\r\x0b\x0c\x85"
_ASCII_CONTROLS = {c: (" " if chr(c) in _BREAKS else None) for c in (*range(32), 127)}

#: Words the game writes right after a name at the start of its own lines (``Ada says,``,
#: ``Ada pages:``, ``Ada has connected.``, ``From afar, ...``, ``You paged ...``): no name may
#: hold one as a word, so no pose or semipose can pass for those lines.
GAME_WORDS = frozenset({
    "says", "say", "said", "pages", "page", "paged", "poses", "pose", "whispers", "whisper",
    "emits", "emit", "tells", "shouts", "asks", "has", "is", "arrives", "leaves", "goes", "rolls",
    "from", "afar", "long", "distance", "you", "your",
})
#: names the game itself speaks as (``Game:``, ``[GM]``, ``<OOC>``...) or that commands read specially
_RESERVED_NAMES = frozenset({
    "me", "here", "home", "all", "staff", "admin", "guest", "game", "server", "system", "gm",
    "ooc", "dice", "combat", "storage", "announcement", "jobs", "mail", "boards", "sheet", "ptb",
    "ao", "nobody", "someone",
})
#: a new name: a letter, then letters and digits, words joined by one space or one hyphen
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[ -][A-Za-z0-9]+)*")
MIN_NAME, MAX_NAME = 2, 30
#: ASCII look-alikes folded together in :func:`name_key`, after case folding (UTS #39
#: confusables, ASCII part: I, l and 1 are one letter, as are O and 0, rn and m, vv and w)
_CONFUSABLE = (("rn", "m"), ("vv", "w"), ("1", "l"), ("i", "l"), ("0", "o"))

#: a line start only the game writes: a bracketed tag (``[GM]``, ``<OOC>``, ``[Public]``,
#: ``(staff only)``), ``***``, ``Word:`` (``Game:``), the page formats, or ``FugueEdit >`` (a
#: client trigger puts the rest of that line in the input line: commands/fugue.py)
_GAME_START = re.compile(r"[\[<({][^\]>)}]{0,24}[\]>)}]|\*\*|[a-z+@]{1,20}:|from afar\b|long distance\b|you page"
                         r"|fugueedit\b")
#: what may stand before such a start and still leave it looking like one (``. [GM]``)
_LEAD = " .,'`-_~^\""


def clean(text: str, keep_leading_space: bool = False) -> str:
    """``text`` as it may be shown to others (see the module docstring); ``keep_leading_space``
    for a semipose, whose text follows the name directly."""
    text = drop_hiding_colours(text)
    text = text.translate(_ASCII_CONTROLS) if text.isascii() else _visible(text)
    shown = _SPACES.sub(" ", text).rstrip()
    lead = keep_leading_space and shown.startswith(" ")
    return (" " if lead else "") + shown.lstrip()


def one_line(text: str, limit: int) -> str:
    """``text`` cleaned as :func:`clean` (line breaks, ``&#10;`` from a file included, become
    spaces) and cut to at most ``limit`` characters. Only the first ``limit * 8`` characters are
    read, so a field of megabytes costs no more than a short one."""
    if len(text) <= limit and text.isascii() and text.isprintable() and "|" not in text and "  " not in text:
        return text.strip()  # already as clean shows it (most of a stored sheet: read fast)
    return clean(text[:limit * 8])[:limit].rstrip()


def clean_lines(text: str) -> str:
    """:func:`clean` for text kept with its own line breaks (a mail or a board post): each line
    cleaned, the breaks the game itself put there kept."""
    return "\n".join(clean(line) for line in text.split("\n"))


def _visible(text: str) -> str:
    kept = []
    marks = 0
    for ch in text:
        category = unicodedata.category(ch)
        if category in _REMOVED_CATEGORIES or ch in _INVISIBLE:
            if category in ("Zl", "Zp") or ch in _BREAKS:
                kept.append(" ")
            continue
        marks = marks + 1 if category.startswith("M") else 0
        if marks <= MAX_MARKS:
            kept.append(ch)
    return "".join(kept)


def fold(text: str) -> str:
    """``text`` as the checks read it: plain, NFKC, in the ASCII a non-UTF-8 client sees, case folded."""
    return to_ascii(unicodedata.normalize("NFKC", strip(clean(text)))).casefold()


def starts_like_the_game(text: str) -> bool:
    """True when ``text`` would begin a line the way only the game's own lines begin."""
    return _GAME_START.match(fold(text).lstrip(_LEAD)) is not None


# --- names ----------------------------------------------------------------------------------------
def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a new character's name, or None (names already in use keep working)."""
    if not (MIN_NAME <= len(name) <= MAX_NAME and _NAME.fullmatch(name)):
        return (f"Names are {MIN_NAME}-{MAX_NAME} letters and digits, starting with a letter; "
                "words are joined by one space or one hyphen.")
    words = set(re.split(r"[ -]", name.casefold()))
    if name.casefold() in _RESERVED_NAMES:
        return f"'{name}' is reserved."
    clash = sorted(words & GAME_WORDS)
    if clash:
        return f"Names cannot hold '{clash[0]}': the game uses it in its own lines."
    return None


def name_key(name: str) -> str:
    """The key two names may not share: NFKC, spaces, hyphens and apostrophes dropped, ASCII
    look-alikes joined (``I``/``l``/``1``, ``0``/``O``, ``rn``/``m``), case folded."""
    key = to_ascii(unicodedata.normalize("NFKC", name))
    key = "".join(ch for ch in key if ch.isalnum()).casefold()
    for seen, same in _CONFUSABLE:
        key = key.replace(seen, same)
    return key


# --- @emit ------------------------------------------------------------------------------------------
def emit_problem(text: str, names: Iterable[str]) -> str | None:
    """Why an @emit would pass for the game or for a character (one of ``names``), or None."""
    if starts_like_the_game(text):
        return "An @emit cannot start like a game message ([Dice], <OOC>, ***, Name: ...)."
    plain = fold(text).lstrip(_LEAD)
    for name in names:
        key = fold(name)
        if key and plain.startswith(key) and not plain[len(key):len(key) + 1].isalnum():
            return f"An @emit cannot start with another character's name ({name})."
    return None


def emit_names_another(text: str, names: Iterable[str]) -> str | None:
    """The first of ``names`` that ``text`` holds as a whole word (folded), or None."""
    plain = fold(text)
    for name in names:
        key = fold(name)
        start = plain.find(key) if key else -1
        while start >= 0:
            end = start + len(key)
            if not plain[start - 1:start].isalnum() and not plain[end:end + 1].isalnum():
                return name
            start = plain.find(key, start + 1)
    return None
