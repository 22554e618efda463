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

    __slots__ = ("_game", "by_char", "_rooms", "_staff", "_everyone", "_place")

    def __init__(self, game: Game) -> None:
        self._game = game
        #: character id -> its connected sessions, in the order they logged in
        self.by_char: dict[int, list[Session]] = {}
        self._rooms: dict[int, dict[int, Session]] = {}
        self._staff: dict[int, Session] = {}
        self._everyone: dict[int, Session] = {}
        #: session id -> (room id, is staff) where it was placed
        self._place: dict[int, tuple[int, bool]] = {}

    # --- keeping it right ---------------------------------------------------------------------
    def add(self, session: Session) -> None:
        """``session`` logged in (or changed) to its character: listed and placed."""
        cid = session.character_id
        if cid is None:
            return
        self.by_char.setdefault(cid, []).append(session)
        self._put(session)

    def remove(self, session: Session) -> None:
        """``session`` is leaving its character (logging out, switching, disconnecting)."""
        listed = self.by_char.get(session.character_id)
        if listed is not None and session in listed:
            listed.remove(session)
            if not listed:
                del self.by_char[session.character_id]
        self._take(session)

    def update(self, char_id: int) -> None:
        """The character moved, changed role or was deleted: its sessions are placed again."""
        for session in self.by_char.get(char_id, ()):
            self._take(session)
            self._put(session)

    def rebuild(self, sessions: Iterable[Session]) -> None:
        """Start again from ``sessions`` (the characters were read afresh from the store)."""
        for table in (self.by_char, self._rooms, self._staff, self._everyone, self._place):
            table.clear()
        for session in sessions:
            self.add(session)

    def _put(self, session: Session) -> None:
        char = self._game.characters.get(session.character_id)
        if char is None:
            return
        sid, staff = session.id, self._game.is_staff(char)
        self._place[sid] = (char.location, staff)
        self._rooms.setdefault(char.location, {})[sid] = session
        if staff:
            self._staff[sid] = session
        self._everyone[sid] = session

    def _take(self, session: Session) -> None:
        sid = session.id
        place = self._place.pop(sid, None)
        if place is None:
            return
        room = self._rooms.get(place[0])
        if room is not None:
            room.pop(sid, None)
            if not room:
                del self._rooms[place[0]]
        self._staff.pop(sid, None)
        self._everyone.pop(sid, None)

    # --- asking ---------------------------------------------------------------------------------
    def sessions(self, audience: tuple) -> Collection[Session]:
        """The sessions that hear ``audience`` (game/batch.py's Audience)."""
        kind = audience[0]
        if kind == "room":
            return self._rooms.get(audience[1], _NOBODY).values()
        if kind == "chars":
            by_char, placed = self.by_char, self._place
            return [s for cid in audience[1] for s in by_char.get(cid, ()) if s.id in placed]
        if kind == "staff":
            return self._staff.values()
        return self._everyone.values()

    def hears(self, audience: tuple, session: Session) -> bool:
        """Is ``session`` among :meth:`sessions` of ``audience``?"""
        place = self._place.get(session.id)
        if place is None:
            return False
        kind = audience[0]
        if kind == "room":
            return place[0] == audience[1]
        if kind == "chars":
            return session.character_id in audience[1]
        if kind == "staff":
            return place[1]
        return True
