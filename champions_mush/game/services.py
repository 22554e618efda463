"""What hangs off a Game besides its objects and sessions: one typed field each, with an owner.

A service is an object made the first time it is asked for (``game.services.accounts``), by the
module that owns it; ``forget`` drops one, made again at its next use (after a failed write the
channels go back to what the store holds). What waits is making the object (reading its
documents), not its module: the command table imports them all when the game starts
(``commands/login.py`` imports accounts, channels, boards, scenes and storage). On a server:

- ``storage`` is made with the Game, which watches the store for a refused write;
- ``accounts`` at the first connection (the doorway checks the address against the bans);
- ``boards`` and ``scenes`` at the first login (its notices: unread posts, running scenes), and
  ``scenes`` at the latest with the first line a room hears (a scene may be logging it);
- ``creation_limit`` and ``channels`` at the first ``create`` (a new character joins the
  default channels), ``channels`` otherwise at the first channel command;
- ``help``, the help library, when the server opens the game (``open_game`` in opening.py, so a
  broken help file shows in the log at boot); a Game made otherwise (the tests') loads it at the
  first command that shows help text (``help_library`` in commands/helpcmds.py), and the
  portal hands its own in (portal/view.py).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from .accounts import Accounts
    from .boards import Boards
    from .channels import Channels
    from .creation_limit import CreationLimit
    from .scenes import Scenes
    from .storage import StorageHealth
    from .world import Game

__all__ = ["Services"]

T = TypeVar("T")


class _Made(Generic[T]):
    """A field whose value ``make(game)`` builds on first read; it may also be set (tests)."""

    def __init__(self, make: Callable[[Game], T]) -> None:
        self.make = make

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_{name}"

    def __get__(self, services: Services | None, owner: type | None = None) -> T:
        if services is None:
            return self  # type: ignore[return-value]  # read on the class: the descriptor itself
        found = services.__dict__.get(self.slot)
        if found is None:
            found = services.__dict__[self.slot] = self.make(services.game)
        return found

    def __set__(self, services: Services, value: T) -> None:
        services.__dict__[self.slot] = value


def _accounts(game: Game) -> Accounts:
    from .accounts import Accounts

    return Accounts(game)


def _channels(game: Game) -> Channels:
    from .channels import Channels

    return Channels(game)


def _storage(game: Game) -> StorageHealth:
    from .storage import StorageHealth

    return StorageHealth(game)


def _creation_limit(game: Game) -> CreationLimit:
    from .creation_limit import CreationLimit

    return CreationLimit(game.config.creates_per_address_per_day, game.clock)


def _scenes(game: Game) -> Scenes:
    from .scenes import Scenes

    return Scenes(game)


def _boards(game: Game) -> Boards:
    from .boards import Boards

    return Boards(game)


class Services:
    """One game's services and per-game state, each a named field."""

    accounts = _Made(_accounts)
    channels = _Made(_channels)
    storage = _Made(_storage)
    boards = _Made(_boards)
    creation_limit = _Made(_creation_limit)
    scenes = _Made(_scenes)

    def __init__(self, game: Game) -> None:
        self.game = game
        #: the help library (``commands/helpcmds.py`` loads it; the help layer's HelpLibrary)
        self.help: Any = None
        #: per character id: (whom they paged last, who paged them last) (commands/social.py)
        self.pages: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        #: the login hooks of ``commands/client.py`` are installed
        self.client_hooks = False
        #: per character id: (room id, when they were last active there), oldest first (game/xp.py votes)
        self.presence: dict[int, tuple[tuple[int, float], ...]] = {}
        #: characters held by unfinished pastes, all connections together (commands/multiline.py)
        self.paste_chars = 0
        #: the connect screen as last read: (path, modification time, text)
        self.connect_screen: tuple[Path, float, str] | None = None

    def made(self, name: str) -> Any:  # whichever service is named
        """The service ``name`` if it has been made, else None (nothing is made)."""
        return self.__dict__.get(f"_{name}")

    def forget(self, name: str) -> None:
        """Drop a made service (``"channels"``): the next use makes it afresh."""
        self.__dict__.pop(f"_{name}", None)
