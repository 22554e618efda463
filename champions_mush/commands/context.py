"""What a command handler gets: the game, the connection, the actor, and ways to answer.

A command that runs before login (``connect``, ``WHO``, ``+help``) gets a :class:`SessionContext`,
whose ``actor`` may be None; every other command runs only for a logged-in character
(commands/dispatch.py) and gets a :class:`Context`, whose ``actor`` is that Character.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.batch import for_room
from .base import CommandError, ParsedCommand, Role
from .brief import wants_brief

if TYPE_CHECKING:
    from ..game.objects import Character, Room
    from ..game.session import Session
    from ..game.world import Game
    from ..rules.dice import Roller

__all__ = ["NOT_CONNECTED", "Context", "SessionContext"]

NOT_CONNECTED = "You are not connected to a character: use connect <name> <password> or create <name> <password>."


class SessionContext:
    """One command's view of the world from a connection, logged in or not. Handlers answer through
    :meth:`reply` and :meth:`emit_room`."""

    def __init__(self, game: Game, session: Session, parsed: ParsedCommand | None = None) -> None:
        self.game = game
        self.session = session
        self.parsed = parsed

    @property
    def actor(self) -> Character | None:
        return self._character()

    def _character(self) -> Character | None:
        cid = self.session.character_id
        return None if cid is None else self.game.characters.get(cid)

    @property
    def role(self) -> Role:
        actor = self._character()
        return Role.GUEST if actor is None else Role(actor.role)

    @property
    def is_staff(self) -> bool:
        return self.role >= Role.STAFF

    @property
    def roller(self) -> Roller:
        return self.game.roller

    @property
    def width(self) -> int:
        return self.session.width

    def reply(self, text: str) -> None:
        """To the actor (all their connections), or this connection before login."""
        actor = self._character()
        if actor is None:
            self.session.send(text)
        else:
            self.game.msg(actor, text)

    def emit_room(self, text: str, exclude_actor: bool = False, brief: str | None = None, form: str = "") -> None:
        """To everyone in the actor's room, the actor included unless ``exclude_actor``; with
        ``brief``, those who chose brief combat get it instead of ``text`` (commands/brief.py);
        ``form`` is what the actor sent, for a scene's log (game/scenes.py ``FORMS``)."""
        actor = self._character()
        if actor is None:
            return
        exclude = [actor] if exclude_actor else []
        short = [] if brief is None else self._wanting_brief(actor.location, exclude)
        self.game.msg_room(actor.location, text, exclude=exclude + short, speaker=actor, form=form)
        if short and brief is not None:
            self.game.msg_characters(short, brief)

    def brief_readers(self) -> bool:
        """True when someone in the actor's room chose brief combat (a brief text is worth making)."""
        actor = self._character()
        return actor is not None and bool(self._wanting_brief(actor.location, []))

    def _wanting_brief(self, room: int, exclude: list[Character]) -> list[Character]:
        """The characters connected in ``room`` who chose brief combat, but ``exclude``: from the
        room's connections (not everyone's: every attack asks)."""
        characters, found = self.game.characters, {}
        for session in self.game.batch.listeners.sessions(for_room(room)):
            cid = session.character_id
            char = None if cid is None else characters.get(cid)
            if char is not None and wants_brief(char) and char not in exclude:
                found[char.id] = char  # (a character on two connections: once)
        return list(found.values())

    def emit_staff(self, text: str) -> None:
        """To every connected staff member."""
        self.game.msg_staff(text)


class Context(SessionContext):
    """A command of a logged-in character: the dispatcher makes one only when the connection has
    a character, so ``actor`` is that Character."""

    @property
    def actor(self) -> Character:
        cid = self.session.character_id  # (asked a dozen times a command: no call of _character)
        actor = None if cid is None else self.game.characters.get(cid)
        if actor is None:  # the character was destroyed, or logged out, by this very command
            raise CommandError(NOT_CONNECTED)
        return actor

    @property
    def room(self) -> Room:
        return self.game.room_of(self.actor)
