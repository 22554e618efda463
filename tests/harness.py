"""Drive the game through the command layer without a socket.

    world = make_world(roller=FixedRoller([5, 3, 4]))
    alice = world.login("Alice")               # a connected player in the start room
    gm = world.login("Gina", role=Role.STAFF)
    alice.do("+nd6 3")
    assert alice.lines == [...]                # markup stripped, one entry per line
"""

from __future__ import annotations

from champions_mush.commands.base import Role
from champions_mush.commands.dispatch import CRASHED
from champions_mush.commands.table import build_dispatcher
from champions_mush.game.config import GameConfig
from champions_mush.game.session import Session
from champions_mush.game.world import Game
from champions_mush.rules.dice import FixedRoller, RandomRoller, Roller
from champions_mush.store.memory import MemoryStore
from champions_mush.text.aloud import linear
from champions_mush.text.markup import strip

__all__ = ["FakeClock", "FakeSession", "HandlerCrashed", "World", "answer_at_width", "make_world", "private_roll", "strip_markup"]

def strip_markup(text: str) -> str:
    """Colour markup removed, ``||`` read as one pipe."""
    return strip(text)


class HandlerCrashed(AssertionError):
    """A command's handler raised: the dispatcher's guard answered with its apology."""


class FakeClock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class FakeSession(Session):
    """A connection that records what it is sent."""

    def __init__(self, world: World, address: str = "127.0.0.1") -> None:
        super().__init__(address=address, now=world.clock())
        self.world = world
        self.output: list[str] = []
        self.gmcp: list[tuple[str, object]] = []
        self.closed: str | None = None
        self.input_hidden = False
        #: a screen reader's connection (+client/reader on, or MTTS bit 64 over telnet)
        self.aloud = False

    def reads_aloud(self) -> bool:
        return self.aloud

    def send(self, text: str) -> None:
        self.output.append(linear(text) if self.aloud else text)

    def send_gmcp(self, package: str, data: object) -> None:
        self.gmcp.append((package, data))

    def hide_input(self, hidden: bool) -> None:
        self.input_hidden = hidden

    def disconnect(self, reason: str = "") -> None:
        if reason:
            self.output.append(reason)
        self.closed = reason
        self.world.game.remove_session(self)

    def do(self, line: str) -> list[str]:
        """Run one line; returns the lines this session received for it.

        A handler that crashed (the guard's apology came back) fails the test at once, unless
        the test set ``world.crashes_allowed`` to look at the guard itself.
        """
        before = len(self.output)
        self.last_input = self.world.clock()
        self.world.dispatcher.run(self.world.game, self, line)
        out = _lines(self.output[before:])
        if CRASHED in out and not self.world.crashes_allowed:
            raise HandlerCrashed(f"{line!r} crashed its handler (the traceback is in the log)")
        return out

    @property
    def lines(self) -> list[str]:
        return _lines(self.output)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def character(self):
        return None if self.character_id is None else self.world.game.characters[self.character_id]

    def clear(self) -> None:
        self.output.clear()
        self.gmcp.clear()


def _lines(messages: list[str]) -> list[str]:
    return [line for message in messages for line in strip_markup(message).split("\n")]


class World:
    """A game on a memory store with a fake clock, and a dispatcher with the full command table."""

    def __init__(self, roller: Roller | None = None, config: GameConfig | None = None, store=None) -> None:
        self.clock = FakeClock()
        self.store = store if store is not None else MemoryStore()
        config = config or GameConfig(password_cost=16)
        self.game = Game(self.store, roller=roller or RandomRoller(1), config=config, clock=self.clock)
        self.dispatcher = build_dispatcher()
        #: True: a crashed handler's apology is returned like any output (tests of the guard)
        self.crashes_allowed = False

    @property
    def roller(self) -> Roller:
        return self.game.roller

    def set_dice(self, *faces: int) -> None:
        """Replace the game's roller with fixed dice."""
        self.game.roller = FixedRoller(faces)

    def guest(self, address: str = "127.0.0.1") -> FakeSession:
        """A new connection at the login screen."""
        session = FakeSession(self, address)
        self.game.add_session(session)
        return session

    def login(self, name: str, role: Role = Role.PLAYER) -> FakeSession:
        """A connected session for ``name``, creating the character if needed (no password)."""
        char = self.game.find_character(name) or self.game.new_character(name, role=int(role))
        if char.role != int(role):
            char.role = int(role)
            self.game.save_character(char)
        session = self.guest()
        session.character_id = char.id
        return session


def make_world(roller: Roller | None = None, config: GameConfig | None = None, **config_fields) -> World:
    """A fresh world; ``ruleset="ptb"`` and other GameConfig fields may be given directly."""
    if config_fields:
        config = GameConfig(**{"password_cost": 16, **config_fields})
    return World(roller=roller, config=config)


def answer_at_width(session: FakeSession, line: str, width: int) -> list[str]:
    """What ``session`` gets for ``line`` on a client ``width`` columns wide; every line must fit."""
    session.width = width
    out = session.do(line)
    assert max(len(text) for text in out) <= width, out
    return out


def private_roll(roller: FakeSession, line: str, staff: FakeSession, watcher: FakeSession) -> list[str]:
    """``roller`` makes the private roll ``line``: what the roller sees, after checking that it is
    all the roller and ``staff`` have seen and that ``watcher``, a player in the room, saw nothing."""
    out = roller.do(line)
    assert roller.lines == staff.lines == out
    assert watcher.lines == []
    return out
