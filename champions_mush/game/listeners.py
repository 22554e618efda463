"""Who hears what, kept up to date: the connected sessions by character, by room, the staff's
and everyone's.

This turn's broadcasts (game/batch.py) go to the sessions listed here for each audience, so a
turn touches only the sessions that hear something: a crowd idling in another room costs
nothing (docs/performance.md, "Fan-out per turn"). The Game keeps the index right as sessions
log in and out or change character (:meth:`add`, :meth:`remove`), and as a character moves,
changes role or is deleted (:meth:`update`, from ``Game.save_character``); after a reload from
the store it is built again (:meth:`rebuild`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .session import Session
    from .world import Game

__all__ = ["Listeners"]

_NOBODY: dict[int, Session] = {}


class Listeners:
    """The game's connected sessions, indexed for delivery.

    A session is *placed* (heard by its room, the staff and everyone) while its character
    exists; ``by_char`` lists every session logged in to a character id.
    """

    __slots__ = ("_game", "_placed", "_rooms", "_staff", "by_char")

    def __init__(self, game: Game) -> None:
        self._game = game
        #: character id -> its connected sessions, in the order they logged in (a tuple: most
        #: characters have one, and a tuple of one is half a list's size)
        self.by_char: dict[int, tuple[Session, ...]] = {}
        self._rooms: dict[int, dict[int, Session]] = {}
        self._staff: dict[int, Session] = {}
        #: every placed session -> the room it was placed in; its keys are everyone, in the
        #: order they were placed (one table for both: docs/performance.md, "Memory")
        self._placed: dict[Session, int] = {}

    # --- keeping it right ---------------------------------------------------------------------
    def add(self, session: Session) -> None:
        """``session`` logged in (or changed) to its character: listed and placed."""
        cid = session.character_id
        if cid is None:
            return
        self.by_char[cid] = (*self.by_char.get(cid, ()), session)
        self._put(session)

    def remove(self, session: Session) -> None:
        """``session`` is leaving its character (logging out, switching, disconnecting)."""
        cid = session.character_id
        listed = () if cid is None else self.by_char.get(cid, ())
        if cid is not None and session in listed:
            rest = tuple(s for s in listed if s is not session)
            if rest:
                self.by_char[cid] = rest
            else:
                del self.by_char[cid]
        self._take(session)

    def update(self, char_id: int) -> None:
        """The character moved, changed role or was deleted: its sessions are placed again."""
        for session in self.by_char.get(char_id, ()):
            self._take(session)
            self._put(session)

    def rebuild(self, sessions: Iterable[Session]) -> None:
        """Start again from ``sessions`` (the characters were read afresh from the store)."""
        for table in (self.by_char, self._rooms, self._staff, self._placed):
            table.clear()
        for session in sessions:
            self.add(session)

    def _put(self, session: Session) -> None:
        cid = session.character_id
        char = None if cid is None else self._game.characters.get(cid)
        if char is None:
            return
        sid = session.id
        self._placed[session] = char.location
        self._rooms.setdefault(char.location, {})[sid] = session
        if self._game.is_staff(char):
            self._staff[sid] = session

    def _take(self, session: Session) -> None:
        place = self._placed.pop(session, None)
        if place is None:
            return
        sid = session.id
        room = self._rooms.get(place)
        if room is not None:
            room.pop(sid, None)
            if not room:
                del self._rooms[place]
        self._staff.pop(sid, None)

    # --- asking ---------------------------------------------------------------------------------
    def sessions(self, audience: tuple) -> Collection[Session]:
        """The sessions that hear ``audience`` (game/batch.py's Audience)."""
        kind = audience[0]
        if kind == "room":
            return self._rooms.get(audience[1], _NOBODY).values()
        if kind == "chars":
            by_char, placed = self.by_char, self._placed
            return [s for cid in audience[1] for s in by_char.get(cid, ()) if s in placed]
        if kind == "staff":
            return self._staff.values()
        return self._placed.keys()

    def hears(self, audience: tuple, session: Session) -> bool:
        """Is ``session`` among :meth:`sessions` of ``audience``?"""
        place = self._placed.get(session)
        if place is None:
            return False
        kind = audience[0]
        if kind == "room":
            return place == audience[1]
        if kind == "chars":
            return session.character_id in audience[1]
        if kind == "staff":
            return session.id in self._staff
        return True
