"""People: what a player says about themselves (+finger), whether +where shows them, and
whether a staff member is on duty (docs/player-guide.md, "People").

Everything is kept in the character's settings (``finger``, ``unfindable``, ``on_duty``) and
saved with the character before the player is told.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .speech import clean

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["FINGER_FIELDS", "PeopleError", "finger", "idle_seconds", "is_unfindable", "on_duty",
           "set_duty", "set_field", "set_unfindable"]

#: the +finger fields a player sets: key -> (label, longest value)
FINGER_FIELDS = {
    "alias": ("Alias", 30),
    "position": ("Position", 60),
    "timezone": ("Time zone", 30),
    "rp": ("RP preferences", 200),
    "quote": ("Quote", 200),
}


class PeopleError(ValueError):
    """A mistake setting one's details: the message says what to do."""


def finger(char: Character) -> dict[str, str]:
    """The +finger fields ``char`` has set, by key."""
    return dict(char.settings.get("finger", {}))


def set_field(game: Game, char: Character, field: str, value: str) -> str:
    """Set (or with an empty value clear) one field; returns its key."""
    key = field.strip().lower()
    matches = [k for k in FINGER_FIELDS if k.startswith(key)] if key else []
    if len(matches) != 1:
        raise PeopleError(f"The fields are {', '.join(FINGER_FIELDS)}: +finger/set <field>=<text>")
    key = matches[0]
    label, longest = FINGER_FIELDS[key]
    value = clean(value)  # as typed text is shown (docs/reliability.md, "Every door")
    if len(value) > longest:
        raise PeopleError(f"{label} may be at most {longest} characters.")
    fields = finger(char)
    if value:
        fields[key] = value
    else:
        fields.pop(key, None)
    char.settings = {**char.settings, "finger": fields}
    game.save_character(char)
    return key


def idle_seconds(game: Game, char: Character) -> float | None:
    """Seconds since ``char`` last typed on any connection, or None when offline."""
    sessions = game.sessions_of(char)
    if not sessions:
        return None
    return game.clock() - max(s.last_input for s in sessions)


def is_unfindable(char: Character) -> bool:
    return bool(char.settings.get("unfindable"))


def set_unfindable(game: Game, char: Character, hidden: bool) -> None:
    char.settings = {**char.settings, "unfindable": hidden}
    game.save_character(char)


def on_duty(char: Character) -> bool:
    """Staff are on duty unless they said otherwise."""
    return bool(char.settings.get("on_duty", True))


def set_duty(game: Game, char: Character, duty: bool) -> None:
    char.settings = {**char.settings, "on_duty": duty}
    game.save_character(char)
