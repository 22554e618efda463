"""A fight's record keeps, for a document changed in place, the whole after and only what its
changed fields were before (game/journal.py); +combat/undo takes back records of either form,
those written before this one too."""

import json

import attrs
import pytest

from champions_mush.commands.base import Role
from champions_mush.game import combat, journal
from champions_mush.game.journal import COMBAT_LOG
from champions_mush.rules.dice import RandomRoller
from champions_mush.store.memory import MemoryStore
from champions_mush.store.sqlite import SqliteStore

from ..harness import World

UNDONE = "[Combat] Gina undoes #{} (Starfire: +attack Viper=strike); everything it changed is as it was."


def _attack(world, g, s):
    g.do("+combat/next")
    room = str(g.character.location)
    fight_before = world.store.get("combat", room)
    sheets_before = world.store.all("sheet")
    world.set_dice(6, 6, 6)  # Starfire misses: the fight moves on, his END is spent
    s.do("+attack Viper=strike")
    (entry,) = world.store.tail(COMBAT_LOG, 1)
    return room, fight_before, sheets_before, entry


def test_the_record_keeps_the_fields_that_changed_and_undo_puts_back_the_whole_document(fight):
    world, g, s, _ = fight
    room, fight_before, sheets_before, entry = _attack(world, g, s)
    fight_after = world.store.get("combat", room)
    recorded = {(kind, key): rest for kind, key, *rest in entry.data["docs"]}
    none, after, changed = recorded[("combat", room)]
    assert none is None and after == {k: v for k, v in fight_after.items() if k != "undo"}
    was = {k: v for k, v in fight_before.items() if k != "undo" and fight_after[k] != v}
    assert changed == {"was": was} and "fighters" not in was  # the fighters did not change: not kept twice
    assert g.do("+combat/undo") == [UNDONE.format(entry.id)]
    assert world.store.get("combat", room) == fight_before
    assert world.store.all("sheet") == sheets_before


def test_a_record_written_whole_before_is_undone_as_it_was(fight):
    world, g, s, _ = fight
    room, fight_before, sheets_before, entry = _attack(world, g, s)
    wholes = {("combat", room): {k: v for k, v in fight_before.items() if k != "undo"},
              **{("sheet", key): doc for key, doc in sheets_before.items()}}
    old = [[kind, key, wholes.get((kind, key)), rest[1]] for kind, key, *rest in entry.data["docs"]]
    old_id = world.store.append(COMBAT_LOG, {**entry.data, "docs": old}, entry.time)  # as the game wrote it before
    now = world.store.get("combat", room)
    world.store.put("combat", room, {**now, "undo": [*now["undo"][:-1], old_id]})
    assert g.do("+combat/undo") == [UNDONE.format(old_id)]
    assert world.store.get("combat", room) == {**fight_before, "undo": fight_before["undo"]}
    assert world.store.all("sheet") == sheets_before


def _every_field(fighters):
    """Fighters' documents as the game wrote them before their defaults were left out."""
    return [json.loads(json.dumps(attrs.asdict(f))) for f in fighters]


def test_a_fight_written_with_every_fighter_field_is_undone_across_the_change(fight, monkeypatch):
    """A fight played on an older version (every field of every fighter written) and then on this
    one: +combat/undo takes back the new record, then the old one, and the fight is as it was."""
    world, g, s, p = fight
    room = str(g.character.location)
    monkeypatch.setattr(combat, "_fighters_doc", _every_field)
    g.do("+combat/next")
    start, sheets_before = world.store.get("combat", room), world.store.all("sheet")
    assert len(start["fighters"][0]) == len(attrs.fields(combat.Fighter))  # the older form
    world.set_dice(6, 6, 6)
    s.do("+attack Viper=strike")  # Starfire misses; recorded in the older form
    (old,) = world.store.tail(COMBAT_LOG, 1)
    monkeypatch.undo()
    world.set_dice(6, 6, 6)
    p.do("+attack Viper=strike")  # Psiana misses; recorded now, the fight as it was before in the older form
    (new,) = world.store.tail(COMBAT_LOG, 1)
    assert world.store.get("combat", room)["fighters"][0] == {"char_id": s.character_id, "name": "Starfire"}
    assert g.do("+combat/undo") == [UNDONE.format(new.id).replace("Starfire", "Psiana")]
    assert g.do("+combat/undo") == [UNDONE.format(old.id)]
    assert combat.Fight.from_doc(world.store.get("combat", room)) == combat.Fight.from_doc(start)
    assert world.store.all("sheet") == sheets_before


class _Encoded:
    """A store keeping each JSON text the game made itself (``text=``) beside what encoding the
    document or record whole gives."""

    made: list[tuple[str, str, str, str]]

    def put(self, kind, key, data, text=None):
        if text is not None:
            self.made.append(("doc", kind, text, json.dumps(data)))
        return super().put(kind, key, data, text)

    def append(self, log, data, time, text=None):
        if text is not None:
            self.made.append(("log", log, text, json.dumps(data)))
        return super().append(log, data, time, text)


class _EncodedMemory(_Encoded, MemoryStore):
    pass


class _EncodedSqlite(_Encoded, SqliteStore):
    pass


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
def test_the_record_and_the_documents_are_encoded_once_as_encoding_each_whole_would(kind, tmp_path, monkeypatch):
    """A record's JSON is made of its documents' texts, which are then written as they are, the
    fight's with its undo list put in (game/journal.py): every text is byte for byte what
    json.dumps gives for the whole, through hits, Knockouts, Recoveries, undos and an undo list
    trimmed at its most (on SQLite the fight is kept between commands, its list's text with it)."""
    monkeypatch.setattr(journal, "MAX_UNDO", 3)
    store = _EncodedMemory() if kind == "memory" else _EncodedSqlite(tmp_path / "game.sqlite3", synchronous="OFF")
    store.made = []
    world = World(roller=RandomRoller(11), store=store)
    gm = world.login("Gina", role=Role.STAFF)
    people = {name: world.login(name) for name in ("Ann", "Bea", "Cal")}
    for session in people.values():
        session.do("+stat PD=1")
    gm.do("+combat/start")
    for name in people:
        gm.do(f"+combat/join {name}")
    gm.do("+combat/next")
    room = str(gm.character.location)
    by_id = {session.character_id: name for name, session in people.items()}
    names = list(people)
    for turn in range(60):
        current = store.get("combat", room)["current"]
        if current is None:
            gm.do("+combat/next")
        elif turn % 9 == 8:
            assert gm.do("+combat/undo")[0].startswith("[Combat] Gina undoes #")
        else:
            target = names[(names.index(by_id[current]) + 1) % 3]
            people[by_id[current]].do(f"+attack {target}=strike")
    fight = store.get("combat", room)
    gm.do("+combat/end")
    assert store.get("combat", room) is None
    assert [made for made in store.made if made[2] != made[3]] == []
    kinds = {(where, kind) for where, kind, *_ in store.made}
    assert kinds == {("doc", "combat"), ("doc", "sheet"), ("log", COMBAT_LOG)}
    assert len(fight["undo"]) == 3 and fight["undo"] == sorted(fight["undo"])
    assert any(kind == COMBAT_LOG and '"stun": ' in text and '"was": {"stun"' in text for _, kind, text, _ in store.made)
