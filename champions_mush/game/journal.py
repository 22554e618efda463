"""The combat log: every action in a fight kept as a record that ``+combat/undo`` takes back exactly.

An action in a room with a fight runs all or nothing (:func:`begin`): its command's unit of work
(game/unit.py) keeps every document it changes, with the document as it was before. When the
action ends, :func:`commit` appends one record to the store log ``"combat"`` from that list of
changes: the fight's number, who acted, what everyone saw (roll ids included) and, for every
document that changed (a sheet, this fight or any other), the document after and, before, what
its changed fields were (the whole document when it was made or deleted); it is written in the
same transaction as the changes. :func:`undo_last` puts the documents back as
they were, byte for byte, refusing when one was changed since by something outside the fight.
Rolls stay in the roll log: an undone attack's dice were still rolled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..store.base import encode
from ..values import evolve, frozen
from .combat import COMBAT_KIND, Fight, get_fight, save_fight
from .sheets import SHEET_KIND

if TYPE_CHECKING:
    from .world import Game

__all__ = ["COMBAT_LOG", "LogLine", "begin", "commit", "fight_log", "undo_last"]

#: Store log of fight records.
COMBAT_LOG = "combat"
#: Most records +combat/log reads back.
MAX_RECORDS = 500
#: Most actions +combat/undo can take back, newest first (the fight's list of them stays small:
#: it is written with every action; docs/performance.md, "Fights").
MAX_UNDO = 100


@frozen
class LogLine:
    """One record of a fight as read back."""

    id: int
    actor: str
    text: str
    undone: bool


def begin(game: Game, room: int) -> int | None:
    """An action starts in ``room``: with a fight there, it applies whole or not at all, and
    its changes are recorded. The fight's number, or None when no fight runs there."""
    unit = game.unit
    if unit is None:
        return None
    was, unit.all_or_nothing = unit.all_or_nothing, True  # from its first read: in the turn's group (game/unit.py)
    fight = get_fight(game, room)
    if fight is None:
        unit.all_or_nothing = was
        return None
    return fight.id


def commit(game: Game, room: int, fight_id: int, actor: str, text: str) -> int | None:
    """Log the action when it changed anything; the record's id (None when nothing changed).

    Each document changed is encoded once: the record's JSON is made of the documents' texts,
    which the command's end then writes as they are (the fight's with its new undo list put in),
    the same bytes as encoding each again (docs/performance.md, "Fights")."""
    unit = game.unit
    assert unit is not None, "an action is recorded inside its command's unit of work"
    changes = unit.changes()
    if not changes:
        return None
    docs, entries, fight_parts = [], [], None
    for kind, key, before, after in changes:
        recorded = _recorded(kind, key, before, after)
        parts, undo_at = _parts(kind, after)
        if undo_at is not None and after is not None:
            fight_parts = (key, after, parts, undo_at)
        elif after is not None:
            unit.written_as(kind, key, after, parts[0])
        docs.append(recorded)
        entries.append(_entry_text(recorded, _joined(*parts)))
    fight = get_fight(game, room)
    fighters = {f.char_id for f in fight.fighters} if fight else set()
    fighters |= {int(key) for kind, key, *_ in changes if kind == SHEET_KIND}
    head = {"fight": fight_id, "room": room, "actor": actor, "text": text}
    data = {**head, "docs": docs, "fighters": sorted(fighters)}
    record = f'{encode(head)[:-1]}, "docs": [{", ".join(entries)}], "fighters": {encode(data["fighters"])}}}'
    entry_id = game.store.append(COMBAT_LOG, data, game.clock(), record)
    if fight is not None:
        undo = (fight.undo + (entry_id,))[-MAX_UNDO:]
        save_fight(game, evolve(fight, undo=undo))
        if fight_parts is not None and fight_parts[0] == str(room):
            _fight_written_as(unit, fight_parts, _undo_text(fight_parts[0], fight.undo, undo))
    return entry_id


def _parts(kind: str, after: dict[str, Any] | None) -> tuple[list[str], int | None]:
    """A changed document's JSON as the record keeps it, in parts to join (:func:`_joined`), and
    where among them a fight's undo list goes (the record leaves it out; None: not a fight with
    one). A fight's fighters are a part of their own, each fighter's text made once for the same
    document (game/combat.py makes a fighter's document once for the same record)."""
    if kind != COMBAT_KIND or after is None or "undo" not in after:
        return [encode(after)], None
    parts: list[str] = []
    run: dict[str, Any] = {}
    undo_at = 0
    for name, value in after.items():
        if name == "undo" or (name == "fighters" and type(value) is list):
            parts.append(encode(run))
            run = {}
        if name == "undo":
            undo_at = len(parts)
        elif name == "fighters" and type(value) is list:
            parts.append(f'{{"fighters": [{", ".join(map(_fighter_text, value))}]}}')
        else:
            run[name] = value
    parts.append(encode(run))
    return parts, undo_at


def _fighter_text(doc: Any) -> str:
    """A fighter's document's JSON, made once for the same document (never changed once made)."""
    found = _FIGHTER_TEXTS.get(id(doc))
    if found is not None and found[0] is doc:
        return found[1]
    if len(_FIGHTER_TEXTS) >= _FIGHTER_TEXTS_MOST:
        _FIGHTER_TEXTS.clear()
    text = encode(doc)
    _FIGHTER_TEXTS[id(doc)] = (doc, text)
    return text


#: Fighters' documents lately written and their JSON, by the document's id (each held, so its id
#: is not used again).
_FIGHTER_TEXTS: dict[int, tuple[Any, str]] = {}
#: Most documents :data:`_FIGHTER_TEXTS` holds (as many as game/combat.py keeps).
_FIGHTER_TEXTS_MOST = 512


def _joined(*objects: str) -> str:
    """JSON objects' texts as one object's (their fields in order); any other text as it is."""
    if len(objects) == 1:
        return objects[0]
    return "{" + ", ".join(text[1:-1] for text in objects if text != "{}") + "}"


def _entry_text(recorded: list[Any], after: str) -> str:
    """The JSON of one of the record's documents (:func:`_recorded`), its after's text given."""
    head = encode(recorded[:3])[:-1]
    return f"{head}, {after}]" if len(recorded) == 4 else f"{head}, {after}, {encode(recorded[4])}]"


def _fight_written_as(unit: Any, fight_parts: tuple[str, dict[str, Any], list[str], int], undo: str) -> None:
    """The fight written with its new undo list: its text is the record's with the list put in,
    while the fight is the one recorded (its fields but the list the same, in the same order)."""
    key, recorded, parts, at = fight_parts
    doc = unit.document(COMBAT_KIND, key)
    if doc is not None and list(doc) == list(recorded) and {**doc, "undo": None} == {**recorded, "undo": None}:
        unit.written_as(COMBAT_KIND, key, doc, _joined(*parts[:at], f'{{"undo": {undo}}}', *parts[at:]))


def _undo_text(key: str, was: tuple[int, ...], now: tuple[int, ...]) -> str:
    """The JSON of the undo list ``now`` of the fight ``key``, one record on from ``was``: made
    from the text of ``was`` when that was made here (the list is 100 numbers, its encoding as
    costly as the rest of the fight's: docs/performance.md, "Fights")."""
    found = _UNDO_TEXTS.get(key)
    gone = len(was) + 1 - len(now)
    if found is None or found[0] is not was or not was or gone not in (0, 1) or now[:-1] != was[gone:]:
        text = encode(now)
    else:
        text = found[1]
        if gone:
            text = "[" + text[text.index(", ") + 2:] if len(was) > 1 else "[]"
        text = f"{text[:-1]}, {now[-1]}]" if text != "[]" else f"[{now[-1]}]"
    if len(_UNDO_TEXTS) >= _UNDO_TEXTS_MOST:
        _UNDO_TEXTS.clear()
    _UNDO_TEXTS[key] = (now, text)
    return text


#: Each fight's undo list last written and its JSON, by the fight's key (its room).
_UNDO_TEXTS: dict[str, tuple[tuple[int, ...], str]] = {}
#: Most fights :data:`_UNDO_TEXTS` holds (a game runs a few dozen at most).
_UNDO_TEXTS_MOST = 256


def _recorded(kind: str, key: str, before: dict[str, Any] | None, after: dict[str, Any] | None) -> list[Any]:
    """One document's change as a record keeps it: ``[kind, key, before, after]``; a document
    changed in place (the same fields in the same order, as a fight's or a sheet's always are)
    keeps, beside the whole after, only what the fields that changed were before:
    ``[kind, key, None, after, {"was": {field: value}}]``, so a fight's fighters are not written
    twice with every action (docs/performance.md, "Fights")."""
    if before is None or after is None or list(before) != list(after):
        return [kind, key, _without_undo(kind, before), _without_undo(kind, after)]
    was = {name: value for name, value in before.items() if after[name] != value and _differs(after[name], value)}
    if kind == COMBAT_KIND:
        was.pop("undo", None)
    return [kind, key, None, _without_undo(kind, after), {"was": was}]


def _differs(new: Any, old: Any) -> bool:
    """Whether a field's value changed, as JSON sees it (a tuple the same as a list)."""
    if new == old:
        return False
    if isinstance(new, (list, tuple)) and isinstance(old, (list, tuple)):
        return len(new) != len(old) or any(map(_differs, new, old))
    if isinstance(new, dict) and isinstance(old, dict):
        return new.keys() != old.keys() or any(_differs(value, old[name]) for name, value in new.items())
    return True


def _as_changed(recorded: list[Any]) -> tuple[str, str, dict[str, Any] | None, dict[str, Any] | None]:
    """A record's document change as (kind, key, before, after), in either form :func:`_recorded` writes."""
    if len(recorded) == 4:
        kind, key, before, after = recorded
        return kind, key, before, after
    kind, key, _, after, changed = recorded
    was = changed["was"]
    return kind, key, {name: was.get(name, value) for name, value in after.items()}, after


def _without_undo(kind: str, doc: dict[str, Any] | None) -> dict[str, Any] | None:
    """A fight's document as a record keeps it: without its undo list, which moves on by itself
    (undoing puts back the list as it is then, less the record undone)."""
    if kind != COMBAT_KIND or doc is None or "undo" not in doc:
        return doc
    return {name: value for name, value in doc.items() if name != "undo"}


def _same(kind: str, current: dict[str, Any] | None, recorded: dict[str, Any] | None) -> bool:
    """Whether a document is as the record left it (a fight's undo list moves on by itself). A
    fight is compared as a fight: one written before its fighters' defaults were left out
    (game/combat.py ``_fighter_doc``) is the same fight written now."""
    if kind == COMBAT_KIND and current is not None and recorded is not None:
        return {**current, "undo": None} == {**recorded, "undo": None} or \
            Fight.from_doc({**current, "undo": ()}) == Fight.from_doc({**recorded, "undo": ()})
    return current == recorded


def undo_last(game: Game, room: int, actor: str) -> str:
    """Take back the newest record of the fight in ``room``: the sentence saying what happened."""
    fight = get_fight(game, room)
    if fight is None or not fight.undo:
        return "There is nothing to undo in this fight."
    entry = game.store.entry(fight.undo[-1])
    if entry is None:
        return "That record is missing from the log; nothing was undone."
    changed = [_as_changed(recorded) for recorded in entry.data["docs"]]
    for kind, key, _, after in changed:
        if not _same(kind, game.store.get(kind, key), after):
            what = "the fight" if kind == COMBAT_KIND else f"sheet #{key}"
            return f"{what.capitalize()} changed outside the fight since; undo it by hand (nothing was undone)."
    for kind, key, before, _ in changed:
        if kind == COMBAT_KIND and before is not None:  # a fight keeps its own undo list (this one's less
            # this record: _forget)
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
