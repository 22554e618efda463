"""The world's objects: characters and rooms (with their exits), and how they become documents."""

from __future__ import annotations

from typing import Any

import attrs

from ..values import define, frozen
from .documents import Document
from .roles import Role
from .speech import name_problem

__all__ = ["Character", "Exit", "Room", "valid_name"]

def valid_name(name: str) -> str | None:
    """The reason a new character's name is not acceptable, or None (the rule: game/speech.py).

    Only new names are checked: a character whose name an older rule allowed still loads.
    """
    return name_problem(name or "")


@define
class Character(Document):
    """A player character or an NPC (``npc=True``, run by staff, never logs in)."""

    id: int
    name: str
    role: int = Role.PLAYER
    password_hash: str = ""
    location: int = 0
    home: int = 0
    desc: str = ""
    created: float = 0.0
    last_login: float = 0.0
    npc: bool = False
    #: per-player settings (colour, keepalive, client overrides, channel aliases ...)
    settings: dict[str, Any] = attrs.field(factory=dict)


@frozen
class Exit:
    """A way out of a room: its name, the aliases players type, and where it leads."""

    name: str
    dest: int
    aliases: tuple[str, ...] = ()

    def matches(self, word: str) -> bool:
        word = word.lower()
        return word == self.name.lower() or word in (a.lower() for a in self.aliases)


@define
class Room:
    """A place characters stand in."""

    id: int
    name: str
    desc: str = ""
    exits: list[Exit] = attrs.field(factory=list)

    def find_exit(self, word: str) -> Exit | None:
        return next((e for e in self.exits if e.matches(word)), None)

    def to_doc(self) -> dict[str, Any]:
        doc = attrs.asdict(self)
        doc["exits"] = [{"name": e.name, "dest": e.dest, "aliases": list(e.aliases)} for e in self.exits]
        return doc

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> Room:
        exits = [Exit(e["name"], int(e["dest"]), tuple(e.get("aliases", ()))) for e in doc.get("exits", [])]
        return cls(id=int(doc["id"]), name=doc["name"], desc=doc.get("desc", ""), exits=exits)
