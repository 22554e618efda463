"""What a command handler gets: the game, the connection, the actor, and ways to answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import ParsedCommand, Role
from .brief import wants_brief

if TYPE_CHECKING:
    from ..game.objects import Character, Room
    from ..game.session import Session
    from ..game.world import Game
    from ..rules.dice import Roller

__all__ = ["Context"]


class Context:
    """One command's view of the world. Handlers answer through :meth:`reply` and :meth:`emit_room`."""

    def __init__(self, game: Game, session: Session, parsed: ParsedCommand | None = None) -> None:
        self.game = game
        self.session = session
        self.parsed = parsed

    @property
    def actor(self) -> Character | None:
        cid = self.session.character_id
        return None if cid is None else self.game.characters.get(cid)

    @property
    def role(self) -> Role:
        actor = self.actor
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

    @property
    def room(self) -> Room:
        assert self.actor is not None
        return self.game.room_of(self.actor)

    def reply(self, text: str) -> None:
        """To the actor (all their connections), or this connection before login."""
        actor = self.actor
        if actor is None:
            self.session.send(text)
        else:
            self.game.msg(actor, text)

    def emit_room(self, text: str, exclude_actor: bool = False, brief: str | None = None, form: str = "") -> None:
        """To everyone in the actor's room, the actor included unless ``exclude_actor``; with
        ``brief``, those who chose brief combat get it instead of ``text`` (commands/brief.py);
        ``form`` is what the actor sent, for a scene's log (game/scenes.py ``FORMS``)."""
        actor = self.actor
        if actor is None:
            return
        exclude = [actor] if exclude_actor else []
        short = [] if brief is None else [c for c in self.game.connected_characters()
                                          if c.location == actor.location and wants_brief(c) and c not in exclude]
        self.game.msg_room(actor.location, text, exclude=exclude + short, speaker=actor, form=form)
        if short:
            self.game.msg_characters(short, brief)

    def emit_staff(self, text: str) -> None:
        """To every connected staff member."""
        self.game.msg_staff(text)
