"""Usage lines: a +HELP topic's synopsis, written once (docs/help-files.md, "Usage lines").

A topic's ``usage:`` lists lines such as ``+ND6/KB <dice>  also roll Knockback``: the *form*
(what to type) and, after two or more spaces, what it does. +HELP shows them as the top of the
topic; a command's wrong arguments answer ``Usage: <form>`` with the forms that fit the
switches typed and the reader's role (see :func:`choose`). A form whose text begins ``staff:``
(``+XP/AWARD <name>=<amount> <reason>  staff: give XP``) is shown in a usage error only to staff.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..text.format import DEFAULT_WIDTH, visible_len, wrap
from ..values import frozen

__all__ = ["STAFF_MARK", "Usage", "choose", "names_form", "parse_usage", "render_usage", "usage_reply"]

_GAP = re.compile(r" {2,}")
#: the form column starts at least here (the layout the help files always had)
MIN_COLUMN = 24
#: forms longer than this do not widen the column; their text follows after three spaces
MAX_FORM = 32
#: what it does begins with this: the form is for staff only (docs/help-files.md, "Usage lines")
STAFF_MARK = "staff:"


@frozen
class Usage:
    """One usage line: ``form`` (``+ND6/KB <dice>``) and ``does`` (``also roll Knockback``).

    A line ending in ``:`` with no text beside it (``On your own Phase:``) is a heading.
    """

    form: str
    does: str = ""

    @property
    def heading(self) -> bool:
        return not self.does and self.form.endswith(":")

    @property
    def staff(self) -> bool:
        """A form only staff use: its text begins ``staff:``."""
        return self.does.casefold().startswith(STAFF_MARK)

    @property
    def word(self) -> str:
        """The command word with its switches, lower case: ``+nd6/kb``, ``+damage[/quiet]``."""
        return self.form.split(" ", 1)[0].casefold()

    def switches(self, name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """After the command name ``name``: the switches the form names, and the optional ones (``[/quiet]``)."""
        rest = self.word[len(name):]
        if not rest.startswith(("/", "[")):  # ``"<message>``: the prefix runs on into the arguments
            return (), ()
        optional = tuple(s for part in re.findall(r"\[([^\]]*)\]", rest) for s in part.split("/") if s)
        required = tuple(s for s in re.sub(r"\[[^\]]*\]", "", rest).split("/") if s)
        return required, optional


def parse_usage(line: str) -> Usage:
    """``"+ND6/KB <dice>    also roll Knockback"`` -> form and what it does."""
    form, *does = _GAP.split(line.strip(), maxsplit=1)
    return Usage(form, does[0] if does else "")


def names_form(name: str, usage: Usage) -> bool:
    """True when the form starts with the command name ``name`` (``+nd6`` in ``+ND6/KB <dice>``).

    A name ending in a letter or digit must be followed by a space, ``/``, ``[`` or nothing, so
    ``+bb`` never claims ``+bbread``; a one-character prefix such as ``"`` may run on (``"<message>``).
    """
    form, name = usage.form.casefold(), name.casefold()
    if usage.heading or not form.startswith(name):
        return False
    rest = form[len(name):]
    return not rest or rest[0] in " /[" or not name[-1:].isalnum()


def _mine(usages: Iterable[Usage], names: Sequence[str]) -> list[tuple[Usage, str]]:
    found = []
    for usage in usages:
        name = max((n for n in names if names_form(n, usage)), key=len, default=None)
        if name is not None:
            found.append((usage, name.casefold()))
    return found


def choose(usages: Iterable[Usage], names: Sequence[str], typed: Sequence[str] = (),
           switch: str | None = None, equals: bool = False, staff: bool = False) -> list[Usage]:
    """The forms a usage error shows, for a command called ``names`` typed with switches ``typed``.

    Forms marked ``staff:`` are left out unless ``staff``. With ``switch`` (the handler names
    the form) or switches typed: the forms naming one of them (``+nd6/kb x`` -> ``+ND6/KB
    <dice>``); else the forms without a switch; when neither exists, every form of the
    command. A form whose arguments are ``...`` (``+HIT/PRIVATE ...``) says the switch goes with
    the other forms: those are shown instead. ``equals`` (the line had an ``=``) keeps, of the
    forms of the switch typed or without one, those with an ``=`` when there are any.
    """
    own = [(u, n) for u, n in _mine(usages, names) if staff or not u.staff]
    mine = [(u, n) for u, n in own if u.form.split(" ", 1)[1:] != ["..."]] or own
    wanted = {switch} if switch else set(typed)
    naming = [u for u, n in mine if wanted & set(u.switches(n)[0])]
    plain = [u for u, n in mine if not u.switches(n)[0]]
    found = naming or plain
    if not found:  # a switch no form names, and no switchless form: all of them, whatever the =
        return [u for u, _ in mine]
    return [u for u in found if "=" in u.form] or found if equals else found


def usage_reply(forms: Sequence[Usage], reason: str = "", note: str = "") -> str:
    """``Usage: <form>``, one form a line, after the reason and before a note in brackets."""
    if not forms:
        return ""
    lines = [f"Usage: {forms[0].form}", *(f"       {u.form}" for u in forms[1:])]
    if note:
        lines[-1] += f"  ({note})"
    if reason:  # one form: on the reason's line; more: under it
        lines = [f"{reason} {lines[0]}"] if len(lines) == 1 else [reason, *lines]
    return "\n".join(lines)


#: continuation lines of a form too long for one line are indented this much (and, in a narrow
#: window, the text under each form)
FORM_INDENT = 4


def _hanging(form: str, width: int) -> list[str]:
    first, *rest = wrap(form, width).split("\n")
    if not rest:
        return [first]
    more = wrap(" ".join(line.strip() for line in rest), width - FORM_INDENT).split("\n")
    return [first, *(" " * FORM_INDENT + line for line in more)]


def render_usage(usages: Sequence[Usage], width: int = DEFAULT_WIDTH) -> list[str]:
    """The usage block of a +HELP topic: forms in a column, what each does wrapped beside it.

    Lengths are visible lengths, so the lines may already be escaped markup (``||`` is one column).
    """
    sizes = [visible_len(u.form) for u in usages if not u.heading]
    room = width * 3 // 5  # the text beside a form keeps at least two fifths of the line
    ranked = sorted(sizes)
    column = max(MIN_COLUMN, ranked[-(-len(ranked) * 2 // 3) - 1] + 2 if ranked else 0)  # two forms in three fit
    if column > room:
        column = max([MIN_COLUMN, *(n + 2 for n in sizes if n <= MAX_FORM)])
    if column > room:
        column = FORM_INDENT  # a narrow window: each text goes under its form
    lines = []
    for usage in usages:
        size = visible_len(usage.form)
        if usage.heading:
            lines.append(usage.form)
            continue
        if not usage.does or size > width:
            lines.extend(_hanging(usage.form, width))
            if usage.does:
                lines.extend(" " * column + line for line in wrap(usage.does, width - column).split("\n"))
            continue
        if size + 2 <= column:
            head = usage.form + " " * (column - size)
        elif column > FORM_INDENT and size + 3 + visible_len(usage.does) <= width:
            lines.append(f"{usage.form}   {usage.does}")
            continue
        else:
            lines.append(usage.form)
            head = " " * column
        body = wrap(usage.does, width - column).split("\n")
        lines.append(head + body[0])
        lines.extend(" " * column + line for line in body[1:])
    return lines
