"""The Game: characters, rooms and connected sessions, and how messages reach them.

Everything the game must remember goes through the store before a player is told it happened.
Subsystems (channels, sheets, the roll log, the combat tracker, help) hang off the Game as
attributes set up by their own modules; the Game itself knows only objects and sessions.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from ..rules.dice import RandomRoller, Roller
from ..store.base import NotConfirmed, Store, StoreError
from ..text.numbers import is_number
from . import gmcp, scenes
from .batch import EVERYONE, STAFF, Batch, for_characters, for_room
from .config import GameConfig
from .objects import Character, Room
from .roles import Role
from .services import Services
from .session import Session
from .unit import Group, Kept, Unit, unit_of_work

__all__ = ["NOT_CONFIRMED", "NOT_KEPT", "Game", "lost_text"]

log = logging.getLogger("champions_mush.game")

#: what a player hears when what they did could not be saved (a refused write or confirmation)
NOT_KEPT = "The game could not save that, so nothing changed. Staff have been told."
#: ... when it was saved but could not be made sure to last (store/base.py ``NotConfirmed``)
NOT_CONFIRMED = "The game could not confirm that was saved: look before you do it again. Staff have been told."


def lost_text(exc: StoreError) -> str:
    """What the player whose command could not be kept hears: nothing changed, or not known."""
    return NOT_CONFIRMED if isinstance(exc, NotConfirmed) else NOT_KEPT

#: the store log of staff commands
STAFF_LOG = "staff"
#: who the staff log names for changes made from the command line, not by a character
CONSOLE = "console"

#: ``run_blocking(func, callback, errback)``: run ``func`` somewhere, then call ``callback(result)``
#: (or ``errback(exception)``) on the game's thread.
RunBlocking = Callable[[Callable[[], Any], Callable[[Any], None], Callable[[BaseException], None]], None]


def _keep_memory() -> None:
    """The default ``Game.hold_memory`` and ``Game.release_memory``: nothing to do (tests, tools)."""


def run_inline(func: Callable[[], Any], callback: Callable[[Any], None],
               errback: Callable[[BaseException], None] | None = None) -> None:
    """The default :data:`RunBlocking`: run now, on this thread (tests, tools)."""
    try:
        result = func()
    except Exception as exc:  # handed to the errback
        if errback is None:
            raise
        errback(exc)
        return
    callback(result)


#: Command words whose value after ``=`` is a password: logs show ``***`` instead.
SECRET_AFTER_EQUALS = ("@newpassword", "@password")


def redact_secrets(line: str) -> str:
    """``@newpassword Bob=hunter2`` -> ``@newpassword Bob=***``: no password ever reaches a log."""
    word = line.strip().split(" ", 1)[0].split("/", 1)[0].lower()
    if word in SECRET_AFTER_EQUALS and "=" in line:
        return line.split("=", 1)[0] + "=***"
    if word in ("connect", "create"):
        return line.strip().rsplit(" ", 1)[0] + " ***" if line.strip().count(" ") >= 2 else word + " ***"
    return line


class Game:
    """The world's state and its delivery of messages."""

    def __init__(
        self,
        store: Store,
        roller: Roller | None = None,
        config: GameConfig | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._store = store
        #: the unit of work of the command running now (game/unit.py), None between commands
        self.unit: Unit | None = None
        #: the fight commands of this reactor turn, committed together (the server's; game/unit.py)
        self.group: Group | None = None
        #: fights and sheets kept between commands (SQLite only: game/unit.py)
        self.kept = Kept.of(store)
        #: what the running work says, held until its writes are durable (:meth:`held`), or None
        self.holding: list[tuple[Callable[..., None], tuple[Any, ...]]] | None = None
        self.roller = roller if roller is not None else RandomRoller()
        self.config = config or GameConfig()
        self.clock = clock
        self.started_at = clock()
        self.characters: dict[int, Character] = {
            int(k): Character.from_doc(v) for k, v in store.all("character").items()
        }
        self.rooms: dict[int, Room] = {int(k): Room.from_doc(v) for k, v in store.all("room").items()}
        self.sessions: dict[int, Session] = {}
        #: the number of the newest session (kept across a reload: net/reload.py)
        self.last_session_id = 0
        #: room, channel and staff text, batched per turn (game/batch.py); its listeners index
        #: the connected sessions by character, room and role (game/listeners.py)
        self.batch = Batch(self)
        self._by_name = {c.name.lower(): c.id for c in self.characters.values()}
        #: set when shutdown is asked for (the network layer watches it)
        self.on_shutdown: Callable[[str], None] | None = None
        #: set by the server: reload the code keeping every connection (@reboot; docs/reload.md)
        self.on_reboot: Callable[..., None] | None = None
        #: accounts, channels, help and the rest, each a typed field (game/services.py)
        self.services = Services(self)
        #: slow work (password hashing) goes through here; the server sets a thread pool
        self.run_blocking: RunBlocking = run_inline
        #: called when the last password hash queued is done (game/accounts.py): the server sets
        #: one that hands the burst's freed memory back to the OS at once (net/memory.py)
        self.release_memory: Callable[[], None] = _keep_memory
        #: called when a burst's first hash is queued: the server keeps the hashes' memory from
        #: one to the next until ``release_memory`` (net/memory.py)
        self.hold_memory: Callable[[], None] = _keep_memory
        #: reading a pasted file goes through here: the server sets a worker of its own, one file
        #: at a time, so a parse never holds a password check up (docs/reliability.md, "Every door")
        self.run_parse: RunBlocking = run_inline
        #: the server's data directory (connect screen, logs), None for games without one
        self.data_dir: Path | None = None
        #: called as ``hook(session, character)`` after a connection logs in (apply saved client
        #: settings, send GMCP Char.Vitals, ...); an error in one is logged and the rest still run
        self.login_hooks: list[Callable[[Session, Character], None]] = []
        if not self.rooms:
            self.start_room = self.new_room(self.config.start_room_name, "The heart of the city. Heroes gather here.")
        self.start_room = min(self.rooms)
        from .storage import StorageHealth

        StorageHealth.of(self)  # a full disk: players told once, staff alerted (game/storage.py)

    # --- objects --------------------------------------------------------------------------
    def new_room(self, name: str, desc: str = "") -> int:
        room = Room(id=self.store.next_id("object"), name=name, desc=desc)
        self.save_room(room)
        return room.id

    def new_character(self, name: str, password_hash: str = "", role: int = Role.PLAYER, npc: bool = False) -> Character:
        """Create and save a character in the starting room. The caller has checked the name."""
        char = Character(
            id=self.store.next_id("object"), name=name, role=role, password_hash=password_hash,
            location=self.start_room, home=self.start_room, created=self.clock(), npc=npc,
        )
        self.save_character(char)
        return char

    def save_character(self, char: Character) -> None:
        self.store.put("character", str(char.id), char.to_doc())
        old = self.characters.get(char.id)
        if old is not None and old.name.lower() != char.name.lower():
            self._by_name.pop(old.name.lower(), None)
        self.characters[char.id] = char
        self._by_name[char.name.lower()] = char.id
        self._heard_by(char.id)

    def delete_character(self, char: Character) -> None:
        self.store.delete("character", str(char.id))
        self.characters.pop(char.id, None)
        self._by_name.pop(char.name.lower(), None)
        self._heard_by(char.id)

    def save_room(self, room: Room) -> None:
        self.store.put("room", str(room.id), room.to_doc())
        self.rooms[room.id] = room

    def delete_room(self, room: Room) -> None:
        self.store.delete("room", str(room.id))
        self.rooms.pop(room.id, None)

    def move_character(self, char: Character, room_id: int) -> None:
        """Put ``char`` in another room, saved before anyone is told (its connections first
        take what the old room said this turn)."""
        for session in self.sessions_of(char):
            self.batch.catch_up(session)
        left, here = char.location, self.is_connected(char)
        char.location = room_id
        self.save_character(char)
        if here:  # GMCP clients' room panels and mappers (game/gmcp.py)
            gmcp.player_left(self, char, left)
            gmcp.send_room(self, char)
            gmcp.player_arrived(self, char)

    def find_character(self, name: str) -> Character | None:
        """A character by exact name (any case), or ``#id``."""
        name = name.strip()
        if name.startswith("#") and is_number(name[1:]):
            return self.characters.get(int(name[1:]))
        found = self._by_name.get(name.lower())
        return None if found is None else self.characters.get(found)

    def match_character(self, name: str, connected_only: bool = False) -> Character | None:
        """Exact name first, then a unique prefix among connected characters (MUSH ``page`` style)."""
        exact = self.find_character(name)
        if exact is not None and (not connected_only or self.is_connected(exact)):
            return exact
        prefix = name.strip().lower()
        if not prefix:
            return None
        found = [c for c in self.connected_characters() if c.name.lower().startswith(prefix)]
        return found[0] if len(found) == 1 else None

    def room_of(self, char: Character) -> Room:
        return self.rooms.get(char.location) or self.rooms[self.start_room]

    def characters_in(self, room_id: int) -> list[Character]:
        return [c for c in self.characters.values() if c.location == room_id]

    def is_staff(self, char: Character | None) -> bool:
        return char is not None and char.role >= Role.STAFF

    @property
    def store(self) -> Store:
        """The store, seen through the running command's unit of work when there is one; used
        between commands, it first commits the turn's group (game/unit.py)."""
        if self.unit is not None:
            return self.unit  # type: ignore[return-value]  # the unit answers as the Store does (game/unit.py)
        if self.group is not None and self.group.open:
            self.group.commit()
        return self._store

    @store.setter
    def store(self, store: Store) -> None:
        self._store = store
        self.kept = Kept.of(store)

    def work(self, owner: object = None) -> AbstractContextManager[Unit]:
        """One unit of work (game/unit.py): opened by the dispatcher around each command, joined
        when one is open, committed as one durable write when it ends (with the turn's other
        fight commands under :meth:`group_commits`). ``owner``: the connection typing it."""
        return unit_of_work(self.unit, self._store, self._opened, self.group, owner, self.kept)

    @property
    def holds_until_durable(self) -> bool:
        """True when the server confirms the turn's group commit durable off the game's loop and
        every write joins it (PostgreSQL: ``PostgresStore.groups_every_write``; docs/architecture.md,
        "Writes off the loop on PostgreSQL: every command")."""
        group = self.group
        return group is not None and group.confirms_later() and bool(getattr(self._store, "groups_every_write", False))

    @contextmanager
    def held(self, owner: Session | None = None) -> Iterator[None]:
        """Where :attr:`holds_until_durable`: the block's writes join the turn's group commit (the
        running command's unit, or one of its own: a password check's answer, a timer) and what
        it says to anyone (:meth:`deliver`) waits for their durable confirmation, ``owner``'s next
        lines too; what wrote nothing is said at once. Elsewhere the block runs as it is."""
        if not self.holds_until_durable:
            yield
            return
        with self.work(owner) as unit:
            if self.holding is not None:  # inside held work already: one list, one confirmation
                yield
                return
            if unit.lost is None:
                unit.lost = lambda exc: self._not_kept(owner, exc)
            unit.all_or_nothing = unit.hold_if_written = True
            said = self.holding = []
            try:
                yield
            finally:
                self.holding = None
                unit.after_commit(lambda: _say(said))

    def deliver(self, send: Callable[..., None], *args: Any) -> None:
        """``send(*args)``: at once, or once the held work's writes are durable (:meth:`held`)."""
        holding = self.holding
        if holding is None:
            send(*args)
        else:
            holding.append((send, args))

    @contextmanager
    def at_once(self) -> Iterator[None]:
        """What the block says goes out at once, even in held work (a storage alert)."""
        holding, self.holding = self.holding, None
        try:
            yield
        finally:
            self.holding = holding

    def _not_kept(self, owner: Session | None, exc: StoreError) -> None:
        """Held work's commit was refused or never confirmed: the game forgets it, staff are
        alerted, and whose it was is told (the world is as the store holds it)."""
        log.error("storage failure in held work: %s", exc)
        try:
            self.reload_from_store()
        except Exception:  # the store cannot even be read: keep what we have
            log.exception("could not reload the world after a storage failure")
        self.services.storage.failed(exc)
        if owner is not None and self.sessions.get(owner.id) is owner:
            owner.send(lost_text(exc))

    def group_commits(self, wake: Callable[[], None] | None) -> None:
        """Commit the fight commands of a turn together (game/unit.py): ``wake()`` must have
        :meth:`end_turn` run when the turn ends. None: each command commits on its own again."""
        if self.group is not None:
            self.group.commit()
        self.group = None if wake is None else Group(self._store, wake)

    def end_turn(self) -> None:
        """The reactor turn ends: commit its fight commands (sending what they said), then
        deliver the turn's batch of text."""
        group = self.group
        if group is None:
            self.batch.flush()
        else:
            self.batch.deliver_after(group.commit)

    def _opened(self, unit: Unit | None) -> None:
        self.unit = unit

    def reload_from_store(self) -> None:
        """Forget unsaved changes: characters, rooms and channels as the store has them.

        Called after a write failed (disk full, read-only database), so the game in memory
        never claims what the store does not hold (docs/reliability.md).
        """
        self.characters = {int(k): Character.from_doc(v) for k, v in self.store.all("character").items()}
        self.rooms = {int(k): Room.from_doc(v) for k, v in self.store.all("room").items()}
        self._by_name = {c.name.lower(): c.id for c in self.characters.values()}
        self.services.forget("channels")
        self.batch.listeners.rebuild(self.sessions.values())

    # --- sessions -------------------------------------------------------------------------
    def add_session(self, session: Session) -> None:
        """A new connection joins: it gets the next session number."""
        if not session.id:
            self.last_session_id += 1
            session.id = self.last_session_id
        self.sessions[session.id] = session
        session.watcher = self
        self.session_changed(session)

    def remove_session(self, session: Session) -> None:
        if self.sessions.pop(session.id, None) is None:
            return
        self.session_changing(session)
        session.watcher = None
        char = self.characters.get(session.character_id) if session.character_id is not None else None
        if char is not None and not self.is_connected(char):
            gmcp.player_left(self, char, char.location)

    def session_changing(self, session: Session) -> None:
        """Before ``session`` changes character or leaves: it takes its share of this turn's
        batch as who it was, and leaves the index."""
        self.batch.catch_up(session)
        self.batch.listeners.remove(session)
        self._channels_follow(session.character_id)

    def catch_up(self, session: Session) -> None:
        self.batch.catch_up(session)

    def session_changed(self, session: Session) -> None:
        if session.character_id is not None:
            self.batch.listeners.add(session)
            self._channels_follow(session.character_id)

    def _heard_by(self, char_id: int) -> None:
        """The character moved, changed role or channels, or was deleted: the indexes of who
        hears what follow (game/listeners.py)."""
        self.batch.listeners.update(char_id)
        self._channels_follow(char_id)

    def _channels_follow(self, char_id: int | None) -> None:
        """Channels, once made, keep their listeners (connected, tuned in) per character."""
        channels = self.services.made("channels")
        if channels is not None and char_id is not None:
            channels.follow(char_id)

    def sessions_of(self, char: Character) -> list[Session]:
        return list(self.batch.listeners.by_char.get(char.id, ()))

    def is_connected(self, char: Character) -> bool:
        return char.id in self.batch.listeners.by_char

    def connected_characters(self) -> list[Character]:
        ids = {s.character_id for s in self.sessions.values() if s.character_id is not None}
        return [self.characters[i] for i in sorted(ids) if i in self.characters]

    # --- delivery -------------------------------------------------------------------------
    def msg(self, char: Character, text: str) -> None:
        """Send text to every connection of one character."""
        self.deliver(self._to_character, char, text)

    def _to_character(self, char: Character, text: str) -> None:
        for session in self.sessions_of(char):
            session.send(text)

    def msg_room(self, room_id: int, text: str, exclude: Iterable[Character] = (),
                 speaker: Character | None = None, form: str = "") -> None:
        """Send text to everyone connected in a room (a running scene logs it first). The speaker
        is ``speaker``, else the one character excluded (``say``: they see "You say"); ``form``
        says what a player sent (game/scenes.py ``FORMS``; none for the game's own lines)."""
        exclude = tuple(exclude)
        self.overheard(room_id, text, speaker or (exclude[0] if len(exclude) == 1 else None), form)
        self.deliver(self._to_room, room_id, text, exclude)

    def _to_room(self, room_id: int, text: str, exclude: tuple[Character, ...]) -> None:
        self.batch.send(for_room(room_id), text, exclude)
        scenes.send_nudges(self)

    def overheard(self, room_id: int, text: str, speaker: Character | None = None, form: str = "") -> None:
        """A line the room hears, however it is delivered (``@emit`` sends its own)."""
        scenes.record(self, room_id, text, speaker, form)

    def msg_characters(self, chars: Iterable[Character], text: str) -> None:
        """Send text to every connection of each of ``chars`` (a channel's listeners)."""
        self.deliver(self.batch.send, for_characters(chars), text)

    def msg_staff(self, text: str) -> None:
        self.deliver(self.batch.send, STAFF, text)

    def msg_all(self, text: str) -> None:
        self.deliver(self.batch.send, EVERYONE, text)

    def run_login_hooks(self, session: Session, char: Character) -> None:
        for hook in list(self.login_hooks):
            try:
                hook(session, char)
            except Exception:  # one subsystem's bug must not stop a login
                log.exception("login hook %r failed for %s", hook, char.name)

    def log_staff_action(self, actor: Character | None, line: str) -> None:
        """Every staff command is recorded (docs/staff-guide.md): in the store and the log file, passwords
        replaced by ``***``. ``actor`` None is the server's own console (``champions-mush create-admin``)."""
        line = redact_secrets(line)
        name, ident = (actor.name, actor.id) if actor is not None else (CONSOLE, None)
        try:
            self.store.append(STAFF_LOG, {"actor": name, "id": ident, "line": line}, self.clock())
        except StoreError:  # a full disk must not keep staff from acting (the log file has it)
            pass
        who = f"{name}(#{ident})" if ident is not None else name
        logging.getLogger("champions_mush.staff").info("%s: %s", who, line)

    def set_role(self, char: Character, role: Role, by: Character | None) -> None:
        """Give ``char`` a role, saved, and record the grant in the staff log: every role change
        (``@set``, ``create-admin``) comes through here (docs/staff-guide.md)."""
        old = Role(char.role)
        char.role = int(role)
        self.save_character(char)
        if old is not role:
            self.log_staff_action(by, f"role of {char.name}(#{char.id}): {old.name.lower()} -> {role.name.lower()}")


def _say(said: list[tuple[Callable[..., None], tuple[Any, ...]]]) -> None:
    """Send what held work said (:meth:`Game.held`), in the order it was said."""
    for send, args in said:
        send(*args)
