"""People: what a player says about themselves (+finger), whether +where shows them, and
whether a staff member is on duty (docs/player-guide.md, "People").

Everything is kept in the character's settings (``finger``, ``unfindable``, ``on_duty``) and
saved with the character before the player is told.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .identities import current, set_identity_finger
from .speech import clean

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["FINGER_FIELDS", "PeopleError", "finger", "idle_seconds", "is_unfindable", "on_duty",
           "set_duty", "set_field", "set_unfindable", "timezone", "zone_problem"]

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


#: the +finger fields that stay the character's whatever identity it wears
_PLAYER_FIELDS = ("timezone",)


def finger(char: Character) -> dict[str, str]:
    """The +finger fields ``char`` has set, by key: the worn identity's (game/identities.py),
    with the player's own time zone."""
    own = dict(char.settings.get("finger", {}))
    worn = current(char)
    if worn is None:
        return own
    return {**dict(worn.get("finger", {})), **{k: v for k, v in own.items() if k in _PLAYER_FIELDS}}


def timezone(char: Character) -> str:
    """The player's time zone (an IANA name such as ``America/New_York``), UTC when unset."""
    return str(char.settings.get("finger", {}).get("timezone", "")) or "UTC"


def zone_problem(name: str) -> str | None:
    """Why ``name`` is not a time zone of the time zone database (Python's zoneinfo), or None."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return (f"'{name}' is not a time zone: give a name from the time zone database, "
                "such as America/New_York, Europe/London or UTC.")
    return None


def set_field(game: Game, char: Character, field: str, value: str) -> str:
    """Set (or with an empty value clear) one field; returns its key."""
    key = field.strip().lower()
    matches = [k for k in FINGER_FIELDS if k.startswith(key)] if key else []
    if len(matches) != 1:
        raise PeopleError(f"The fields are {', '.join(FINGER_FIELDS)}: +finger/set <field>=<text>")
    key = matches[0]
    label, longest = FINGER_FIELDS[key]
    value = clean(value).strip()  # as typed text is shown (docs/reliability.md, "Every door")
    if len(value) > longest:
        raise PeopleError(f"{label} may be at most {longest} characters.")
    if key == "timezone" and value:
        problem = zone_problem(value)
        if problem:
            raise PeopleError(problem)
    worn = current(char)
    if worn is not None and key not in _PLAYER_FIELDS:
        fields = dict(worn.get("finger", {}))
    else:
        fields = dict(char.settings.get("finger", {}))
    if value:
        fields[key] = value
    else:
        fields.pop(key, None)
    if worn is not None and key not in _PLAYER_FIELDS:
        set_identity_finger(game, char, fields)
    else:
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
