"""Places in a large room: tables, a booth, a rooftop corner (docs/player-guide.md, "Places").

A room's places are one document (kind ``places``, keyed by the room's id): their names and
short descriptions, made by staff. Where a character sits is in its settings (``place``: the
room and the place's name) and counts only while it is still in that room, so walking out or
going home leaves the place without any bookkeeping. Table talk (``tt``) reaches those at the
same place only (the MUSH "places" convention).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .identities import shown_name
from .speech import one_line

if TYPE_CHECKING:
    from .objects import Character, Room
    from .world import Game

__all__ = ["MAX_PLACES", "PLACES_KIND", "PlaceError", "add_place", "find_place", "join", "leave",
           "place_of", "places", "remove_place", "seated", "summary"]

PLACES_KIND = "places"
#: the most places one room holds
MAX_PLACES = 12
#: the longest place name and description
MAX_PLACE_NAME, MAX_PLACE_DESC = 30, 200


class PlaceError(ValueError):
    """A mistake with places: the message says what to do."""


def places(game: Game, room: Room) -> list[dict[str, Any]]:
    """The room's places, each ``{"name": ..., "desc": ...}``, in the order they were made."""
    doc = game.store.get(PLACES_KIND, str(room.id)) or {}
    return list(doc.get("places", []))


def _save(game: Game, room: Room, found: list[dict[str, Any]]) -> None:
    if found:
        game.store.put(PLACES_KIND, str(room.id), {"places": found})
    else:
        game.store.delete(PLACES_KIND, str(room.id))


def find_place(game: Game, room: Room, name: str) -> dict[str, Any]:
    """A place of the room by its name or a unique start of it."""
    key = name.strip().lower()
    found = places(game, room)
    exact = [p for p in found if p["name"].lower() == key]
    starts = [p for p in found if p["name"].lower().startswith(key)] if key else []
    match = exact or (starts if len(starts) == 1 else [])
    if not match:
        names = ", ".join(p["name"] for p in found) or "none"
        raise PlaceError(f"There is no place here called '{name.strip()}' (places here: {names}).")
    return match[0]


def add_place(game: Game, room: Room, name: str, desc: str = "") -> dict[str, Any]:
    name, desc = one_line(name, MAX_PLACE_NAME), one_line(desc, MAX_PLACE_DESC)
    if not name:
        raise PlaceError("A place needs a name.")
    found = places(game, room)
    if any(p["name"].lower() == name.lower() for p in found):
        raise PlaceError(f"There is already a place called {name} here.")
    if len(found) >= MAX_PLACES:
        raise PlaceError(f"A room holds at most {MAX_PLACES} places.")
    place = {"name": name, "desc": desc}
    _save(game, room, [*found, place])
    return place


def remove_place(game: Game, room: Room, name: str) -> dict[str, Any]:
    place = find_place(game, room, name)
    _save(game, room, [p for p in places(game, room) if p["name"] != place["name"]])
    return place


def place_of(game: Game, char: Character) -> str | None:
    """The name of the place ``char`` sits at in its room now, or None."""
    seat = char.settings.get("place")
    if not isinstance(seat, dict) or seat.get("room") != char.location:
        return None
    name = str(seat.get("name", ""))
    return name if any(p["name"] == name for p in places(game, game.room_of(char))) else None


def join(game: Game, char: Character, name: str) -> dict[str, Any]:
    place = find_place(game, game.room_of(char), name)
    if place_of(game, char) == place["name"]:
        raise PlaceError(f"You are already at the {place['name']}.")
    char.settings = {**char.settings, "place": {"room": char.location, "name": place["name"]}}
    game.save_character(char)
    return place


def leave(game: Game, char: Character) -> str:
    name = place_of(game, char)
    if name is None:
        raise PlaceError("You are not at any place here.")
    char.settings = {k: v for k, v in char.settings.items() if k != "place"}
    game.save_character(char)
    return name


def seated(game: Game, room: Room, name: str) -> list[Character]:
    """The connected characters (and NPCs) at a place of the room now."""
    online = {s.character_id for s in game.sessions.values()}
    return [c for c in game.characters_in(room.id)
            if (c.npc or c.id in online) and place_of(game, c) == name]


def summary(game: Game, room: Room, viewer: Character | None = None) -> list[tuple[str, str]]:
    """(place, ``Alice, Bob``) for each place of the room (``empty`` when no one is there), with
    the names ``viewer`` sees."""
    found = []
    for place in places(game, room):
        names = sorted((shown_name(game, c, viewer) for c in seated(game, room, place["name"])), key=str.lower)
        found.append((place["name"], ", ".join(names) if names else "empty"))
    return found
