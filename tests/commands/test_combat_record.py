"""A fight's record keeps, for a document changed in place, the whole after and only what its
changed fields were before (game/journal.py); +combat/undo takes back records of either form,
those written before this one too."""

import json

import attrs

from champions_mush.game import combat
from champions_mush.game.journal import COMBAT_LOG

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
