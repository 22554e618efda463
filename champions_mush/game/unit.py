"""One unit of work per command: what the command read and wrote, kept as values, written at once.

The dispatcher opens a :class:`Unit` for each line it runs (:meth:`Game.work`); while it is
open, ``game.store`` is the unit. A document is read from the store at most once per command
and then kept: as the document, and as the value made from it (a :class:`Fight`, a
:class:`Sheet`) with :func:`load`, so a fight and its sheets are parsed once however many rules
look at them. Outside a fight a write goes to the store at once, durable when the call returns, as it always
has (docs/reliability.md): a refused write is seen where it is made, before anyone is told.

A command in a fight runs all or nothing (:attr:`Unit.all_or_nothing`, set by
game/journal.py): what it writes is kept as values and written when it ends, each document
once, in one store transaction with its log appends (rolls, its combat log record): one durable
write per command. What it says waits for that commit (:meth:`Unit.after_commit`). When it
fails half way its document changes are dropped whole; its rolls stay, as they were rolled. The list of changes
(:meth:`Unit.changes`) is the command's record in the combat log, which ``+combat/undo`` reverses
(game/journal.py).

The server commits the fight commands of one reactor turn together (:class:`Group`, a group
commit): their writes go in one store transaction, committed once (one fsync) when the turn
ends, and what each of them says is sent only after that commit, so a killed server has told
nobody of anything it lost. Anything else that uses the store meanwhile (a command outside a
fight, a timer) commits the group first and so stays durable when its call returns; so does a
second command from a connection whose earlier one is waiting, so each connection's answers
keep their order (docs/performance.md, "Fights"). On PostgreSQL every command that writes goes
the fights' way, and so does any other write made while serving players: a password check's
answer, a timer (``Game.held``, commands/recording.py ``held``; docs/architecture.md, "Writes
off the loop").

On SQLite the documents of a fight (:data:`KEPT_KINDS`) and the values made from them are also
kept between commands (:class:`Kept`): the next command takes them without reading or parsing
them again. Every document write forgets the one written (``SqliteStore.on_write``), a rollback
forgets them all, and so does a commit by another process (SQLite's ``data_version``).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any, TypeVar

from ..store.base import LogEntry, Row, Store, StoreError
from ..store.retention import Retention

__all__ = ["KEPT_KINDS", "NOT_MADE", "Change", "Group", "Kept", "Unit", "keep", "load", "made", "made_value", "preload"]

T = TypeVar("T")
Key = tuple[str, str]
Doc = dict[str, Any]
#: One document a command changed: kind, key, before, after (None: absent).
Change = tuple[str, str, "Doc | None", "Doc | None"]
#: What each command of a group says once committed, and whom to tell if the commit is refused.
Held = list[tuple[list[Callable[[], None]], Callable[[StoreError], None] | None]]
_ABSENT: Any = object()  # a sentinel: not kept, not made
#: The kinds of documents kept between commands: fights, sheets and HERO sheets (game/combat.py,
#: game/sheets.py, game/hero.py), what every fight command reads.
KEPT_KINDS = frozenset({"combat", "sheet", "hero"})
#: Most documents kept (a few fights' worth: 20 fights of 4 keep 180).
KEPT_MOST = 256


class Kept:
    """Documents of :data:`KEPT_KINDS` as last read or written by this game, with the values
    made from them (by parse function), on a store that says when they change (SQLite)."""

    def __init__(self, store: Any) -> None:
        self._store = store
        self._entries: dict[Key, tuple[Doc | None, dict[Any, Any]]] = {}
        self._version = store.data_version()
        store.on_write = self.forget

    @classmethod
    def of(cls, store: Store) -> Kept | None:
        """A cache for ``store``, or None when it cannot say that another process wrote."""
        return cls(store) if hasattr(store, "data_version") and hasattr(store, "on_write") else None

    def check(self) -> None:
        """Forget everything when another process committed since (once per command)."""
        version = self._store.data_version()
        if version != self._version:
            self._version = version
            self._entries.clear()

    def forget(self, kind: str | None, key: str | None) -> None:
        if kind is None:
            self._entries.clear()
        else:
            self._entries.pop((kind, key), None)  # type: ignore[arg-type]  # a None key matches no entry

    def doc(self, key: Key) -> Any:
        """The document kept (None: there is none), or ``_ABSENT`` when not kept."""
        found = self._entries.get(key)
        return _ABSENT if found is None else found[0]

    def value(self, key: Key, doc: Doc, parse: Callable[[Doc], Any]) -> Any:
        """The value made from exactly this document by ``parse``, or ``_ABSENT``."""
        found = self._entries.get(key)
        if found is None or found[0] is not doc:
            return _ABSENT
        return found[1].get(parse, _ABSENT)

    def put(self, key: Key, doc: Doc | None, value: Any = _ABSENT, parse: Any = None) -> None:
        """Keep a document as read (``doc``) and, when known, the value made from it."""
        if key[0] not in KEPT_KINDS:
            return
        found = self._entries.get(key)
        if found is None or found[0] is not doc:
            if len(self._entries) >= KEPT_MOST:
                del self._entries[next(iter(self._entries))]  # the oldest goes
            found = self._entries[key] = (doc, {})
        if value is not _ABSENT and value is not None:
            parse = parse or getattr(type(value), "from_doc", None)
            if parse is not None:
                found[1][parse] = value

    def wrote(self, key: Key, doc: Doc | None, value: Any = _ABSENT, text: str | None = None) -> Doc | None:
        """Keep a document as written, as the store gives it back (JSON's lists, not tuples:
        code comparing documents sees what a read from the store would give); returns it.
        ``text``: the JSON the store wrote, when it said (not encoded again). The document of a
        value whose class says ``PLAIN_DOC`` (its ``to_doc`` gives JSON's own types) is kept as it is."""
        if key[0] not in KEPT_KINDS:
            return doc
        if doc is None or getattr(value, "PLAIN_DOC", False):
            plain = doc
        else:
            plain = json.loads(json.dumps(doc) if text is None else text)
        self.put(key, plain, value)
        return plain


#: a unit's transaction when it is the turn's group's
_GROUPED = ExitStack()


class Group:
    """The fight commands of one reactor turn in one store transaction (a group commit).

    ``wake()`` must have :meth:`commit` run when the turn ends (the server's coalescer does:
    net/output.py). A unit joins the group for its writes and hands it what it says; the commit
    sends that text, or on a refused commit tells each command's player (``lost``)."""

    def __init__(self, store: Store, wake: Callable[[], None]) -> None:
        self.store = store
        self._wake = wake
        self._open: ExitStack | None = None
        #: what each command says once committed, and whom to tell if the commit is refused
        self._held: Held = []
        #: who is waiting for the commit (a connection's next command commits the group first)
        self.owners: set[object] = set()
        #: owners whose next lines wait for a commit confirmed later (:meth:`hold`)
        self._paused: list[Any] = []

    @property
    def open(self) -> bool:
        return self._open is not None

    def join(self) -> None:
        """Open the turn's transaction (once a turn)."""
        if self._open is None:
            stack = ExitStack()
            opener = getattr(self.store, "group_transaction", None) or self.store.transaction
            stack.enter_context(opener())
            self._open = stack
            self._wake()

    def confirms_later(self) -> bool:
        """True when the store confirms the commit durable later, off the game's loop (PostgreSQL)."""
        return bool(getattr(self.store, "confirms_later", False))

    def hold(self, owner: object, then: list[Callable[[], None]], lost: Callable[[StoreError], None] | None) -> None:
        """What a command says, sent after the commit (``lost(error)`` instead if it is refused).
        When the commit is confirmed later, the owner's next lines wait for it (answers in order)."""
        self._held.append((then, lost))
        if owner is not None:
            self.owners.add(owner)
            if self.confirms_later() and getattr(owner, "busy", True) is False:
                owner.busy = True  # type: ignore[attr-defined]  # a Session: its lines wait (commands/doorway.py)
                self._paused.append(owner)

    def commit(self) -> None:
        """Commit the turn's transaction (one durable write), then send what waited for it: at
        once, or when the store confirms it durable (:meth:`confirms_later`)."""
        stack, self._open = self._open, None
        held, paused = self._take()
        if stack is not None:
            try:
                stack.__exit__(None, None, None)
            except StoreError as exc:
                self._lost(held, paused, exc)
                return
        if stack is not None and self.confirms_later():
            self.store.when_durable(lambda: self._then_wake(self._durable, held, paused),  # type: ignore[attr-defined]
                                    lambda exc: self._then_wake(self._lost, held, paused, exc))
            return
        self._durable(held, paused)

    def _take(self) -> tuple[Held, list[Any]]:
        held, paused, self._held, self._paused, self.owners = self._held, self._paused, [], [], set()
        return held, paused

    def _durable(self, held: Held, paused: list[Any]) -> None:
        for waiting, _ in held:
            for then in waiting:
                then()
        self._resume(paused)

    def _lost(self, held: Held, paused: list[Any], exc: StoreError) -> None:
        _tell_lost(held, exc)
        self._resume(paused)

    def _then_wake(self, send: Callable[..., None], *args: Any) -> None:
        """A later confirmation (on the game's thread): send, then have the turn end (its
        batch of text goes out)."""
        send(*args)
        self._wake()

    @staticmethod
    def _resume(paused: list[Any]) -> None:
        """The owners held for a later confirmation read their next lines again."""
        for owner in paused:
            owner.busy = False
            owner.resume_input()

    def abandon(self, exc: StoreError) -> None:
        """Roll the turn's transaction back (a write of one of its commands was refused): each
        command in it is told nothing was kept."""
        stack, self._open = self._open, None
        held, paused = self._take()
        if stack is not None:
            stack.__exit__(type(exc), exc, exc.__traceback__)
        self._lost(held, paused, exc)


def _tell_lost(held: Held, exc: StoreError) -> None:
    for _, lost in held:
        if lost is not None:
            lost(exc)


class Unit:
    """The :class:`~champions_mush.store.base.Store` interface for one command, over the real store."""

    def __init__(self, store: Store, group: Group | None = None, owner: object = None,
                 kept: Kept | None = None) -> None:
        self._store = store
        #: the game's documents kept between commands (checked at the first use), or None
        self.kept = kept
        self._checked = False
        #: the turn's group commit (the server's), None: each command commits on its own
        self.group = group
        #: whose command this is (the connection), for the group
        self.owner = owner
        #: told when the group's commit is refused after this command ended (set by the dispatcher)
        self.lost: Callable[[StoreError], None] | None = None
        self._docs: dict[Key, Doc | None] = {}  #: as read or written (never handed out)
        self._before: dict[Key, Doc | None] = {}  #: as first read from the store
        self._values: dict[Key, Any] = {}  #: values made from documents, or kept by the command
        self._pending: dict[Key, Callable[[Any], Doc]] = {}  #: values newer than their document
        self._dirty: dict[Key, None] = {}  #: written, in order
        #: a document :meth:`changes` compared with its before, and whether it was the same
        #: (each document is compared once: docs/performance.md, "Fights")
        self._compared: dict[Key, tuple[Doc | None, bool]] = {}
        #: a document's JSON text made before the end (:meth:`written_as`), written as it is
        self._texts: dict[Key, tuple[Doc, str]] = {}
        #: values kept so far: what :func:`worked_out` made from them holds until the next
        self.writes = 0
        self._worked: dict[str, tuple[Any, int, Any]] = {}
        self._open: ExitStack | None = None
        self._after: list[Callable[[], None]] = []
        #: a fight command: a failure drops every document change (rolls stay)
        self.all_or_nothing = False
        #: held work (``Game.held``): what it says waits only when it wrote
        self.hold_if_written = False
        #: whether the command's writes joined the turn's group
        self.joined = False

    @property
    def store(self) -> Store:
        """The real store; a command outside a fight commits the turn's group before using it."""
        group = self.group
        if group is not None and not self.all_or_nothing and group.open:
            group.commit()
        return self._store

    # --- documents ------------------------------------------------------------------------
    def _kept(self) -> Kept | None:
        """The kept documents, once checked against other processes' commits this command."""
        kept = self.kept
        if kept is not None and not self._checked:
            self.store  # noqa: B018 - outside a fight, first commit the turn's group (what it shows is durable)
            kept.check()
            self._checked = True
        return kept

    def _doc(self, key: Key) -> Doc | None:
        pending = self._pending.pop(key, None)
        if pending is not None:
            value = self._values[key]
            self._docs[key] = None if value is None else pending(value)
        if key not in self._docs:
            kept = self._kept() if key[0] in KEPT_KINDS else None
            doc = _ABSENT if kept is None else kept.doc(key)
            if doc is _ABSENT:
                doc = self.store.get(*key)
                if kept is not None:
                    kept.put(key, doc)
            self._docs[key] = self._before[key] = doc
        return self._docs[key]

    def _note_before(self, key: Key) -> None:
        """Keep the document as the store has it before the first write (the journal needs it)."""
        if key not in self._docs and self.all_or_nothing:
            self._doc(key)

    def get(self, kind: str, key: str) -> Doc | None:
        doc = self._doc((kind, key))
        return None if doc is None else copy.deepcopy(doc)

    def document(self, kind: str, key: str) -> Doc | None:
        """The document as the command has it now, itself (not a copy: never to be changed)."""
        return self._doc((kind, key))

    def written_as(self, kind: str, key: str, doc: Doc, text: str) -> None:
        """``text`` is ``encode(doc)``, made already (a fight's record holds it: game/journal.py):
        the command's end writes it as it is while ``doc`` is still the document to write."""
        self._texts[(kind, key)] = (doc, text)

    def get_many(self, kind: str, keys: Iterable[str]) -> dict[str, Doc]:
        preload(self, kind, keys)
        found = {key: self.get(kind, key) for key in keys}
        return {key: doc for key, doc in found.items() if doc is not None}

    def put(self, kind: str, key: str, data: Doc) -> None:
        self._set((kind, key), copy.deepcopy(data))

    def delete(self, kind: str, key: str) -> None:
        self._set((kind, key), None)

    def _set(self, key: Key, doc: Doc | None) -> None:
        self.writes += 1
        self._values.pop(key, None)
        self._pending.pop(key, None)
        if not self.all_or_nothing:
            self._write(key, doc)
            return
        self._note_before(key)
        self._docs[key] = doc
        self._dirty[key] = None

    def _write(self, key: Key, doc: Doc | None, value: Any = _ABSENT) -> None:
        """Write through to the store, durable at once as outside any unit (a refusal is seen here)."""
        text = None
        if doc is None:
            self.store.delete(*key)
        else:
            text = self.store.put(*key, doc)
        self._docs[key] = doc
        if self.kept is not None:
            self.kept.wrote(key, doc, value, text)

    def all(self, kind: str) -> dict[str, Doc]:
        found = self.store.all(kind)
        for key in [k for k in self._dirty if k[0] == kind]:
            doc = self._doc(key)
            if doc is None:
                found.pop(key[1], None)
            else:
                found[key[1]] = copy.deepcopy(doc)
        return found

    # --- values ---------------------------------------------------------------------------
    def value(self, kind: str, key: str, parse: Callable[[Doc], T]) -> T | None:
        """The value of a document (made once per command), or None when there is none."""
        found = self._values.get((kind, key), _ABSENT)
        if found is _ABSENT:
            doc = self._doc((kind, key))
            kept = self.kept
            if doc is None:
                found = None
            elif kept is None or (found := kept.value((kind, key), doc, parse)) is _ABSENT:
                found = parse(doc)
                if kept is not None:
                    kept.put((kind, key), doc, found, parse)
            self._values[(kind, key)] = found
        return found

    def keep(self, kind: str, key: str, value: T | None, to_doc: Callable[[T], Doc]) -> None:
        """Write a value (None deletes): in a fight it becomes a document when the command ends,
        otherwise it is written now."""
        self.writes += 1
        if not self.all_or_nothing:
            self._write((kind, key), None if value is None else to_doc(value), value)
            self._values[(kind, key)] = value
            return
        self._note_before((kind, key))
        self._values[(kind, key)] = value
        self._pending[(kind, key)] = to_doc
        self._dirty[(kind, key)] = None

    def fetch(self, kind: str, keys: Iterable[str]) -> None:
        """Read the documents of ``keys`` not read yet, in one store call."""
        wanted = [k for k in dict.fromkeys(keys) if (kind, k) not in self._docs]
        kept = self._kept() if wanted and kind in KEPT_KINDS else None
        if kept is not None:
            missing = []
            for k in wanted:
                doc = kept.doc((kind, k))
                if doc is _ABSENT:
                    missing.append(k)
                else:
                    self._docs[(kind, k)] = self._before[(kind, k)] = doc
            wanted = missing
        if not wanted:
            return
        found = self.store.get_many(kind, wanted)
        for k in wanted:
            doc = self._docs[(kind, k)] = self._before[(kind, k)] = found.get(k)
            if kept is not None:
                kept.put((kind, k), doc)

    # --- logs pass through, inside the transaction -----------------------------------------
    def append(self, log: str, data: Doc, time: float, text: str | None = None) -> int:
        self._begin()
        return self.store.append(log, data, time, text)

    def next_id(self, counter: str) -> int:
        self._begin()
        return self.store.next_id(counter)

    def prune(self, log: str, rule: Retention, now: float) -> int:
        self._begin()
        return self.store.prune(log, rule, now)

    def entry(self, entry_id: int) -> LogEntry | None:
        return self.store.entry(entry_id)

    def tail(self, log: str, limit: int, match: Doc | None = None) -> list[LogEntry]:
        return self.store.tail(log, limit, match)

    # --- rows of items pass through as logs do (game/growing.py) ----------------------------
    def add_row(self, kind: str, owner: str, author: int, data: Doc, time: float) -> int:
        self._begin()
        return self.store.add_row(kind, owner, author, data, time)

    def set_row(self, kind: str, row_id: int, data: Doc) -> None:
        self._begin()
        self.store.set_row(kind, row_id, data)

    def delete_rows(self, kind: str, owner: str, ids: list[int] | None = None) -> int:
        self._begin()
        return self.store.delete_rows(kind, owner, ids)

    def rows(self, kind: str, owner: str, offset: int = 0, limit: int = 100) -> list[Row]:
        return self.store.rows(kind, owner, offset, limit)

    def count_rows(self, kind: str, owner: str | None = None, author: int | None = None,
                   since: float | None = None) -> int:
        return self.store.count_rows(kind, owner, author, since)

    def get_row(self, kind: str, row_id: int) -> Row | None:
        return self.store.get_row(kind, row_id)

    def watch(self, listener: Callable[[StoreError | None], None]) -> None:
        self.store.watch(listener)

    def transaction(self) -> ExitStack:
        return ExitStack()  # the unit is the transaction: it commits when the command ends

    def close(self) -> None:  # the game closes the real store
        pass

    # --- the end of the command ------------------------------------------------------------
    def changes(self) -> list[Change]:
        """Every document the command changed: (kind, key, before, after), in the order written."""
        found = []
        for key in self._dirty:
            after, before = self._doc(key), self._before.get(key)
            same = after == before
            self._compared[key] = (after, same)
            if not same:
                found.append((key[0], key[1], before, after))
        return found

    def _unchanged(self, key: Key, doc: Doc | None) -> bool:
        """Whether ``doc`` is the document as the store has it (compared once: :meth:`changes`
        may have compared this very document already)."""
        if key not in self._before:
            return False
        seen = self._compared.get(key)
        if seen is not None and seen[0] is doc:
            return seen[1]
        return doc == self._before[key]

    def _begin(self) -> None:
        """All or nothing: open the store transaction the command's writes go in (once): the
        turn's group's when there is one."""
        if self._open is None and self.all_or_nothing:
            if self.group is not None:
                self.group.join()
                self._open = _GROUPED
                self.joined = True
                return
            self._open = ExitStack()
            self._open.enter_context(self.store.transaction())

    def drop(self) -> None:
        """All or nothing: the command failed half way, so none of its document changes are kept
        (its appends, the rolls, stay) and nothing it said is sent."""
        for key in self._dirty:
            self._docs.pop(key, None)
            self._values.pop(key, None)
            self._pending.pop(key, None)
        self._dirty.clear()
        self._compared.clear()
        self._texts.clear()
        self._worked.clear()
        self._after.clear()

    def after_commit(self, then: Callable[[], None]) -> None:
        """Call ``then`` once the command's writes are durable (a fight's text to the room)."""
        if self.all_or_nothing:
            self._after.append(then)
        else:
            then()

    def finish(self, failed: bool) -> None:
        """Write what the command changed (none of it when it failed all or nothing) and commit;
        then what waited for the commit."""
        if failed and self.all_or_nothing:
            self.drop()
        try:
            for key in self._dirty:
                doc, text = self._doc(key), None
                if self._unchanged(key, doc):
                    continue  # as the store has it (a target no damage got through to): nothing to write
                self._begin()
                if doc is None:
                    self.store.delete(*key)
                else:
                    made = self._texts.get(key)
                    text = self.store.put(*key, doc, made[1] if made is not None and made[0] is doc else None)
                if self.kept is not None:  # kept for the next command (forgotten if the commit fails)
                    self.kept.wrote(key, doc, self._values.get(key, _ABSENT), text)
        except BaseException as exc:
            self._end(exc)
            raise
        self._end(None)
        waiting, self._after = self._after, []
        group = self.group
        if group is not None and self.all_or_nothing and group.open and (self.joined or not self.hold_if_written):
            group.hold(self.owner, waiting, self.lost)  # said once the turn's commit is durable
            return
        for then in waiting:
            then()

    def _end(self, exc: BaseException | None) -> None:
        stack, self._open = self._open, None
        if stack is _GROUPED:
            if exc is not None and self.group is not None:  # a refused write: the whole turn's is undone
                self.group.abandon(exc if isinstance(exc, StoreError) else StoreError(str(exc)))
            return
        if stack is not None:
            stack.__exit__(type(exc) if exc else None, exc, exc.__traceback__ if exc else None)

    def abandon(self) -> None:
        """Forget the command's document changes (a storage failure: nothing it did is kept)."""
        self._end(StoreError("abandoned"))  # what went through is rolled back
        self._docs.clear()
        self._before.clear()
        self._values.clear()
        self._pending.clear()
        self._dirty.clear()
        self._compared.clear()
        self._texts.clear()
        self._after.clear()


# --- reading and writing values, with or without a unit -------------------------------------
def load(store: Store | Unit, kind: str, key: str, parse: Callable[[Doc], T]) -> T | None:
    """The value of one document: kept for the command inside a unit, read afresh outside one."""
    if isinstance(store, Unit):
        return store.value(kind, key, parse)
    doc = store.get(kind, key)
    return None if doc is None else parse(doc)


def keep(store: Store | Unit, kind: str, key: str, value: T | None, to_doc: Callable[[T], Doc]) -> None:
    """Write one value: kept until the command ends inside a unit, written at once outside one."""
    if isinstance(store, Unit):
        store.keep(kind, key, value, to_doc)
    elif value is None:
        store.delete(kind, key)
    else:
        store.put(kind, key, to_doc(value))


#: What :func:`made_value` answers for a value not made in this command.
NOT_MADE: Any = _ABSENT


def made_value(store: Store | Unit, kind: str, key: str) -> Any:
    """The value of a document already made (or kept) in this command, else :data:`NOT_MADE`
    (always outside a unit): the quick answer to a value asked for many times a command."""
    return store._values.get((kind, key), NOT_MADE) if isinstance(store, Unit) else NOT_MADE


def worked_out(store: Store | Unit, name: str, basis: Any, make: Callable[[], T]) -> T:
    """``make()``, made once in a command while ``basis`` (the same object) and every value it
    kept stay as they are (a fight's live fighters, asked for up to 4 times a Segment's end:
    docs/performance.md, "Fights"); made afresh outside a unit."""
    if not isinstance(store, Unit):
        return make()
    was = store._worked.get(name)
    if was is not None and was[0] is basis and was[1] == store.writes:
        return was[2]
    value = make()
    store._worked[name] = (basis, store.writes, value)
    return value


def made(store: Store | Unit, kind: str, key: str) -> bool:
    """Whether the value of a document is already made (or kept) in this command: False outside a unit."""
    return isinstance(store, Unit) and (kind, key) in store._values


def preload(store: Store | Unit, kind: str, keys: Iterable[str]) -> None:
    """Inside a unit, read many documents of one kind in one store call (a fight's sheets)."""
    if isinstance(store, Unit):
        store.fetch(kind, keys)


@contextmanager
def unit_of_work(current: Unit | None, store: Store, opened: Callable[[Unit | None], None],
                 group: Group | None = None, owner: object = None, kept: Kept | None = None) -> Iterator[Unit]:
    """Open a unit (or join the one open), commit it at the end; ``opened`` tells the game.
    A connection with a command waiting in the turn's group commits it first (its order)."""
    if current is not None:
        yield current
        return
    if group is not None and owner is not None and owner in group.owners:
        group.commit()
    unit = Unit(store, group, owner, kept)
    opened(unit)
    try:
        yield unit
    except BaseException:
        opened(None)
        unit.finish(failed=True)
        raise
    opened(None)
    unit.finish(failed=False)
