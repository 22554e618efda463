"""The combat log: every action in a fight kept as a record that ``+combat/undo`` takes back exactly.

A :class:`Journal` is opened before an action in a room with a fight: until the action ends it
stands between the game and the store and keeps, for every document the action writes (a sheet,
this fight or any other), the document as it was before the first write. After the action, :meth:`Journal.commit` appends one record to the store log ``"combat"``: the fight's
number, who acted, what everyone saw (roll ids included) and, for every document that changed,
the document before and after. :func:`undo_last` puts the documents back as they were, byte for
byte, refusing when one was changed since by something outside the fight. Rolls stay in the roll
log: an undone attack's dice were still rolled.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

import attrs

from .combat import COMBAT_KIND, get_fight, save_fight
from .sheets import SHEET_KIND

if TYPE_CHECKING:
    from .world import Game

__all__ = ["COMBAT_LOG", "Journal", "LogLine", "fight_log", "undo_last"]

#: Store log of fight records.
COMBAT_LOG = "combat"
#: Most records +combat/log reads back.
MAX_RECORDS = 500


@attrs.frozen
class LogLine:
    """One record of a fight as read back."""

    id: int
    actor: str
    text: str
    undone: bool


class _Recorder:
    """The store, keeping the first state of each document written through it."""

    def __init__(self, store: Any, before: dict[tuple[str, str], Any]) -> None:
        self.inner, self._before = store, before

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def _note(self, kind: str, key: str) -> None:
        if (kind, key) not in self._before:
            self._before[(kind, key)] = copy.deepcopy(self.inner.get(kind, key))

    def put(self, kind: str, key: str, data: dict[str, Any]) -> None:
        self._note(kind, key)
        self.inner.put(kind, key, data)

    def delete(self, kind: str, key: str) -> None:
        self._note(kind, key)
        self.inner.delete(kind, key)


class Journal:
    """Every document an action changes, as it was before it."""

    def __init__(self, game: Game, room: int) -> None:
        self.game, self.room = game, room
        fight = get_fight(game, room)
        self.fight_id = fight.id if fight else 0
        self.before: dict[tuple[str, str], Any] = {}
        self.recorder = _Recorder(game.store, self.before)
        game.store = self.recorder

    @classmethod
    def open(cls, game: Game, room: int) -> Journal | None:
        """A journal for an action in ``room``, or None when no fight runs there."""
        return cls(game, room) if get_fight(game, room) is not None else None

    def _close(self) -> None:
        if self.game.store is self.recorder:
            self.game.store = self.recorder.inner

    def commit(self, actor: str, text: str) -> int | None:
        """Log the action when it changed anything; the record's id (None when nothing changed)."""
        self._close()
        docs = []
        for key, before in self.before.items():
            after = self.game.store.get(*key)
            if after != before:
                docs.append([key[0], key[1], before, after])
        if not docs:
            return None
        fighters = sorted({int(k) for kind, k, *_ in docs if kind == SHEET_KIND} | self._fighter_ids())
        data = {"fight": self.fight_id, "room": self.room, "actor": actor, "text": text, "docs": docs,
                "fighters": fighters}
        entry_id = self.game.store.append(COMBAT_LOG, data, self.game.clock())
        fight = get_fight(self.game, self.room)
        if fight is not None:
            save_fight(self.game, attrs.evolve(fight, undo=fight.undo + (entry_id,)))
        return entry_id

    def rollback(self) -> None:
        """Put every document back as it was before the action (it failed half way)."""
        self._close()
        for key, before in self.before.items():
            if before is None:
                self.game.store.delete(*key)
            else:
                self.game.store.put(*key, before)

    def _fighter_ids(self) -> set[int]:
        fight = get_fight(self.game, self.room)
        return {f.char_id for f in fight.fighters} if fight else set()


def _same(kind: str, current: dict[str, Any] | None, recorded: dict[str, Any] | None) -> bool:
    """Whether a document is as the record left it (a fight's undo list moves on by itself)."""
    if kind == COMBAT_KIND and current is not None and recorded is not None:
        return {**current, "undo": None} == {**recorded, "undo": None}
    return current == recorded


def undo_last(game: Game, room: int, actor: str) -> str:
    """Take back the newest record of the fight in ``room``: the sentence saying what happened."""
    fight = get_fight(game, room)
    if fight is None or not fight.undo:
        return "There is nothing to undo in this fight."
    entry = game.store.entry(fight.undo[-1])
    if entry is None:
        return "That record is missing from the log; nothing was undone."
    for kind, key, _, after in entry.data["docs"]:
        if not _same(kind, game.store.get(kind, key), after):
            what = "the fight" if kind == COMBAT_KIND else f"sheet #{key}"
            return f"{what.capitalize()} changed outside the fight since; undo it by hand (nothing was undone)."
    for kind, key, before, _ in entry.data["docs"]:
        if kind == COMBAT_KIND and key != str(room) and before is not None:  # another fight keeps its own undo list
            before = {**before, "undo": (game.store.get(kind, key) or {}).get("undo", before.get("undo"))}
        if before is None:
            game.store.delete(kind, key)
        else:
            game.store.put(kind, key, before)
    _forget(game, room, entry.id)
    game.store.append(COMBAT_LOG, {"fight": fight.id, "room": room, "actor": actor, "undoes": entry.id,
                                   "text": f"undoes #{entry.id}", "fighters": entry.data.get("fighters", [])},
                      game.clock())
    typed = entry.data["text"].split("\n")[0].removeprefix("> ")
    return f"{actor} undoes #{entry.id} ({entry.data['actor']}: {typed}); everything it changed is as it was."


def _forget(game: Game, room: int, entry_id: int) -> None:
    """Take an undone record off the fight's undo list (also when the action left the fight as it was)."""
    fight = get_fight(game, room)
    if fight is not None and entry_id in fight.undo:
        save_fight(game, attrs.evolve(fight, undo=tuple(u for u in fight.undo if u != entry_id)))


def fight_log(game: Game, fight_id: int) -> list[LogLine]:
    """The records of fight ``fight_id``, oldest first; undone ones marked."""
    entries = game.store.tail(COMBAT_LOG, MAX_RECORDS, {"fight": fight_id})
    undone = {e.data["undoes"] for e in entries if "undoes" in e.data}
    return [LogLine(e.id, e.data.get("actor", ""), e.data.get("text", ""), e.id in undone) for e in entries]


def may_read(game: Game, fight_id: int, char_id: int) -> bool:
    """Whether a player was in fight ``fight_id`` (staff read every fight)."""
    return any(char_id in e.data.get("fighters", ()) for e in game.store.tail(COMBAT_LOG, MAX_RECORDS, {"fight": fight_id}))
