"""Secret identities: one character, several names (docs/player-guide.md, "Secret identities").

A hero changes costume and name: a character keeps identities in its settings (``identities``:
a key -> the identity's name, description and +finger fields) and wears at most one
(``identity``: its key); without one it is seen as itself. Others see the identity's name in the
room, in WHO, in says and poses (and so in scene logs) and its description; staff always see who
is behind it, as ``Nightshade(Alice)``. The sheet, XP and mail stay the character's. Each
identity (the character's own, key ``""``, too) may keep several outfits: descriptions saved
under a name and put on with one command (``outfits``: identity key -> outfit name -> text).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from .speech import clean, name_key, name_problem

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["IdentityError", "MAX_IDENTITIES", "MAX_OUTFITS", "add_identity", "current", "describe",
           "description", "find_shown", "identities", "outfits", "remove_identity", "save_outfit",
           "set_identity_finger", "shown_name", "switch", "tell_room", "wear_outfit"]

#: identities one character may keep (besides itself), and outfits per identity
MAX_IDENTITIES, MAX_OUTFITS = 5, 10
#: the longest description and outfit name
MAX_DESC, MAX_OUTFIT_NAME = 4000, 30


class IdentityError(ValueError):
    """A mistake with identities: the message says what to do."""


def identities(char: Character) -> dict[str, dict[str, Any]]:
    """The character's identities by key (its own is not among them)."""
    return {k: dict(v) for k, v in char.settings.get("identities", {}).items()}


def current(char: Character) -> dict[str, Any] | None:
    """The identity ``char`` wears now, or None when it is seen as itself (a copy of that one
    alone)."""
    worn = _worn(char)
    return None if worn is None else dict(worn)


def _worn(char: Character) -> dict[str, Any] | None:
    """The identity ``char`` wears, as kept (not to be changed), or None: a room's ``look`` asks
    for each name in it, so a character with no identities is told at the first question."""
    kept = char.settings.get("identities")
    return kept.get(str(char.settings.get("identity", ""))) if kept else None


def shown_name(game: Game, char: Character, viewer: Character | None = None) -> str:
    """The name ``viewer`` sees for ``char``: the identity's, with the character's after it for
    staff (and for the character itself)."""
    worn = _worn(char)
    if worn is None:
        return char.name
    if viewer is not None and (viewer.id == char.id or game.is_staff(viewer)):
        return f"{worn['name']}({char.name})"
    return str(worn["name"])


def description(char: Character) -> str:
    worn = current(char)
    return char.desc if worn is None else str(worn.get("desc", ""))


def find_shown(game: Game, name: str, among: Iterable[Character]) -> Character | None:
    """The one of ``among`` seen as ``name`` (exact, any case), by identity or by its own name
    when it wears none."""
    key = name.strip().lower()
    for char in among:
        worn = current(char)
        if (worn["name"] if worn else char.name).lower() == key:
            return char
    return None


def _taken(game: Game, name: str, owner: Character) -> bool:
    wanted = name_key(name)
    for char in game.characters.values():
        if name_key(char.name) == wanted and char.id != owner.id:
            return True
        if any(name_key(i["name"]) == wanted for k, i in identities(char).items() if char.id != owner.id):
            return True
    return False


def _save(game: Game, char: Character, **settings: Any) -> None:
    char.settings = {**char.settings, **settings}
    game.save_character(char)


def _find(char: Character, name: str) -> str:
    key = name_key(name)
    for ident, record in identities(char).items():
        if name_key(record["name"]) == key:
            return ident
    raise IdentityError(f"You have no identity called '{name.strip()}'. +identity lists yours.")


def add_identity(game: Game, char: Character, name: str) -> dict[str, Any]:
    name = name.strip()
    problem = name_problem(name)
    if problem:
        raise IdentityError(problem)
    found = identities(char)
    if any(name_key(r["name"]) == name_key(name) for r in found.values()) or name_key(name) == name_key(char.name):
        raise IdentityError(f"You already have the identity {name}.")
    if _taken(game, name, char):
        raise IdentityError(f"The name {name} is taken.")
    if len(found) >= MAX_IDENTITIES:
        raise IdentityError(f"A character may keep at most {MAX_IDENTITIES} identities.")
    key = str(max((int(k) for k in found), default=0) + 1)
    found[key] = {"name": name, "desc": "", "finger": {}}
    _save(game, char, identities=found)
    return found[key]


def remove_identity(game: Game, char: Character, name: str) -> str:
    key = _find(char, name)
    found = identities(char)
    gone = found.pop(key)["name"]
    settings = {k: v for k, v in char.settings.items() if not (k == "identity" and v == key)}
    settings["outfits"] = {k: v for k, v in settings.get("outfits", {}).items() if k != key}
    char.settings = {**settings, "identities": found}
    game.save_character(char)
    return str(gone)


def switch(game: Game, char: Character, name: str) -> dict[str, Any] | None:
    """Wear the identity named (None: be seen as oneself again, ``name`` the character's own)."""
    if name_key(name) == name_key(char.name):
        _save(game, char, identity="")
        return None
    key = _find(char, name)
    _save(game, char, identity=key)
    return identities(char)[key]


def describe(game: Game, char: Character, text: str) -> None:
    """Set the description of the identity worn now (or the character's own)."""
    if len(text) > MAX_DESC:
        raise IdentityError(f"Descriptions may be at most {MAX_DESC} characters.")
    worn = str(char.settings.get("identity", ""))
    if current(char) is None:
        char.desc = text
        game.save_character(char)
        return
    found = identities(char)
    found[worn] = {**found[worn], "desc": text}
    _save(game, char, identities=found)


def set_identity_finger(game: Game, char: Character, fields: dict[str, str]) -> None:
    """Replace the +finger fields of the identity worn now (game/people.py checks them)."""
    worn = str(char.settings.get("identity", ""))
    found = identities(char)
    found[worn] = {**found[worn], "finger": fields}
    _save(game, char, identities=found)


def outfits(char: Character) -> dict[str, str]:
    """The outfits of the identity worn now, by name."""
    worn = str(char.settings.get("identity", "")) if current(char) else ""
    return dict(char.settings.get("outfits", {}).get(worn, {}))


def save_outfit(game: Game, char: Character, name: str) -> str:
    """Keep the description worn now as an outfit of the identity worn now."""
    name = clean(name).strip()
    if not name or len(name) > MAX_OUTFIT_NAME:
        raise IdentityError(f"An outfit's name is 1 to {MAX_OUTFIT_NAME} characters.")
    worn = str(char.settings.get("identity", "")) if current(char) else ""
    every = {k: dict(v) for k, v in char.settings.get("outfits", {}).items()}
    mine = every.setdefault(worn, {})
    if name.lower() not in (n.lower() for n in mine) and len(mine) >= MAX_OUTFITS:
        raise IdentityError(f"An identity keeps at most {MAX_OUTFITS} outfits.")
    mine = {n: d for n, d in mine.items() if n.lower() != name.lower()}
    mine[name] = description(char)
    every[worn] = mine
    _save(game, char, outfits=every)
    return name


def wear_outfit(game: Game, char: Character, name: str) -> str:
    found = {n.lower(): n for n in outfits(char)}
    if name.strip().lower() not in found:
        listed = ", ".join(sorted(outfits(char))) or "none yet (+outfit/save <name>)"
        raise IdentityError(f"No outfit called '{name.strip()}'. Yours: {listed}.")
    real = found[name.strip().lower()]
    describe(game, char, outfits(char)[real])
    return real


def tell_room(game: Game, speaker: Character, make: Callable[[str], str],
              exclude: Iterable[Character] = (), form: str = "") -> None:
    """Tell the speaker's room ``make(name)``: with the name others see, and for staff with
    the character behind an identity (``Nightshade(Alice)``). A running scene logs what the
    room heard, as ``form`` (game/scenes.py ``FORMS``)."""
    exclude = tuple(exclude)
    public = make(shown_name(game, speaker))
    worn = current(speaker)
    if worn is None:
        game.msg_room(speaker.location, public, exclude=exclude, speaker=speaker, form=form)
        return
    staff = [c for c in game.connected_characters() if c.location == speaker.location
             and game.is_staff(c) and c not in exclude and c.id != speaker.id]
    game.msg_room(speaker.location, public, exclude=(*exclude, *staff), speaker=speaker, form=form)
    game.msg_characters(staff, make(f"{worn['name']}({speaker.name})"))
