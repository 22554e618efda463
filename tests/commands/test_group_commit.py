"""The fight commands of one reactor turn commit together (game/unit.py, ``Group``): one durable
write for the turn, nothing said before it, and nothing lost that anyone was told. Run on a real
SQLite file, read back through a second connection as a restarted server would."""

import json
import re
import sqlite3

import pytest

from champions_mush.commands.base import Role
from champions_mush.rules.dice import FixedRoller
from champions_mush.store.sqlite import SqliteStore

from ..harness import World

MISS = (6, 6, 6)  # 18 always misses (HERO 5E): no damage dice
ANN_MISSES = ["[Combat] Ann Strikes Eel (Strike): OCV 8 vs DCV 3: 16 or less, rolls 18 (6 6 6): an 18 always misses.",
              "  Ann spends 1 END (1 for STR 10): END 19.",
              "[Combat] Bea's Phase (DEX 20): acts."]
BEA_RECOVERS = ["[Combat] Bea recovers 4: STUN 20, END 20; 1/2 DCV until their next Phase.",
                "[Combat] Eel's Phase (DEX 10): acts."]


def _seen(lines: list[str]) -> list[str]:
    """Lines as a player reads them, less the roll's log id (``[r8]``), which the count of rolls decides."""
    return [re.sub(r" \[r\w+\]$", "", line) for line in lines]


class Commits(SqliteStore):
    """A SQLite store that counts its durable commits."""

    commits = 0
    refuse = False  #: the disk refuses the next commit

    def _control(self, sql: str) -> None:
        if sql == "COMMIT" and self.refuse:
            sql = "COMMIT refused by a full disk"  # not SQL: the commit fails as a refused one does
        self.commits += sql == "COMMIT"
        super()._control(sql)


def ann_and_bea_fight_eel(store) -> tuple[World, object, object]:  # World, Ann's and Bea's players
    """Ann (DEX 23) and Bea (DEX 20) fight Eel, run by Gina, on ``store``; Ann's Phase."""
    world = World(roller=FixedRoller([]), store=store)
    gm = world.login("Gina", role=Role.STAFF)
    ann, bea = world.login("Ann"), world.login("Bea")
    ann.do("+stat DEX=23")
    bea.do("+stat DEX=20")
    gm.do("+combat/start")
    for name in ("Ann", "Bea"):
        gm.do(f"+combat/join {name}")
    gm.do("+npc/create Eel")
    gm.do("+combat/join Eel")
    gm.do("+combat/next")
    return world, ann, bea


@pytest.fixture
def turn(tmp_path):
    """Ann (DEX 23) and Bea (DEX 20) fight Eel; Ann's Phase; the game commits per turn, and the
    test ends each turn itself (the server's coalescer does: net/output.py)."""
    store = Commits(tmp_path / "game.sqlite3")
    world, ann, bea = ann_and_bea_fight_eel(store)
    woken = []
    world.game.group_commits(lambda: woken.append(True))
    store.commits = 0
    yield world, store, ann, bea, woken
    store.close()


def _durable_fight(store: SqliteStore, room: int) -> dict:
    """The fight as another connection reads it: what a server killed now would find."""
    with sqlite3.connect(store.path) as other:
        (data,) = other.execute("SELECT data FROM docs WHERE kind='combat' AND key=?", (str(room),)).fetchone()
    return json.loads(data)


def test_two_fighters_commands_in_one_turn_commit_once_and_are_told_only_after(turn):
    world, store, ann, bea, woken = turn
    room = ann.character.location
    world.set_dice(*MISS, 1, 1, 1)  # Ann misses; Bea's Recovery rolls no dice
    assert ann.do("+attack Eel=strike") == []
    assert bea.do("+recover") == []
    assert woken == [True]  # the turn's end was asked for once
    assert store.commits == 0
    killed_now = _durable_fight(store, room)
    assert killed_now["current"] == ann.character.id  # nothing durable, and nobody was told

    world.game.end_turn()
    assert store.commits == 1
    assert _seen(ann.lines[-5:]) == ANN_MISSES + BEA_RECOVERS
    assert _seen(bea.lines[-5:]) == ANN_MISSES + BEA_RECOVERS
    assert _durable_fight(store, room)["current"] == world.game.find_character("Eel").id


def test_what_the_turns_commit_releases_is_delivered_in_that_turn_asking_for_no_other(turn):
    """The room's text a fight command held goes out with the turn's batch at the same end of the
    turn (Game.end_turn): the batch does not ask the server for a turn of its own."""
    world, _store, ann, bea, woken = turn
    world.game.batch.defer(lambda: woken.append("batch"))
    world.set_dice(*MISS)
    assert ann.do("+attack Eel=strike") == []
    world.game.end_turn()
    assert _seen(ann.lines[-3:]) == _seen(bea.lines[-3:]) == ANN_MISSES
    assert woken == [True]  # the group's one ask, when the attack joined it


def test_a_second_command_from_the_same_connection_commits_the_turn_first(turn):
    world, store, ann, _, _ = turn
    world.set_dice(*MISS)
    assert ann.do("+attack Eel=strike") == []
    assert _seen(ann.do("+attack Eel=strike")) == ANN_MISSES + ["It is not Ann's Phase: it is Bea's."]
    assert store.commits == 1


def test_a_command_outside_the_fight_commits_the_turn_before_it_uses_the_store(turn):
    world, store, ann, bea, _ = turn
    world.set_dice(*MISS)
    assert ann.do("+attack Eel=strike") == []
    assert store.commits == 0
    shown = bea.do("+sheet")  # reads the store: what it shows is durable
    assert store.commits == 1
    assert _seen(shown[:3]) == ANN_MISSES  # told first
    assert shown[3] == "============================= Bea (not approved) ============================="


def test_a_refused_turn_commit_tells_each_player_nothing_was_kept(turn):
    world, store, ann, bea, _ = turn
    room = ann.character.location
    world.set_dice(*MISS, 1, 1, 1)
    ann.do("+attack Eel=strike")
    bea.do("+recover")
    store.refuse = True
    world.game.end_turn()
    store.refuse = False
    refused = "The game could not save that, so nothing changed. Staff have been told."
    assert (ann.lines[-1], bea.lines[-1]) == (refused, refused)
    assert "Strikes" not in ann.text and "recovers" not in bea.text
    assert _durable_fight(store, room)["current"] == ann.character.id
    world.set_dice(*MISS)  # the game goes on from what the store holds: Ann's Phase again
    assert ann.do("+attack Eel=strike") == []
    world.game.end_turn()
    assert _seen(ann.lines[-3:]) == ANN_MISSES


def test_the_next_fight_command_reads_nothing_the_last_one_wrote(turn):
    """Fights, sheets and HERO sheets are kept between commands (game/unit.py, Kept)."""
    world, store, ann, bea, _ = turn
    world.game.group_commits(None)
    world.set_dice(*MISS)
    ann.do("+attack Eel=strike")
    reads = []

    def counted(call, name):
        return lambda *a: reads.append(f"{name} {a[0]}") or call(*a)

    for name in ("get", "get_many"):
        setattr(store, name, counted(getattr(store, name), name))
    assert bea.do("+recover") == BEA_RECOVERS
    assert reads == []


def test_a_sheet_another_process_changed_is_read_again(turn):
    world, store, ann, bea, _ = turn
    world.game.group_commits(None)
    world.set_dice(*MISS)
    ann.do("+attack Eel=strike")  # Bea's sheet is kept
    with sqlite3.connect(store.path) as other:  # staff mend it with another tool meanwhile
        (data,) = other.execute("SELECT data FROM docs WHERE kind='sheet' AND key=?",
                                (str(bea.character.id),)).fetchone()
        other.execute("UPDATE docs SET data=? WHERE kind='sheet' AND key=?",
                      (json.dumps({**json.loads(data), "end": 5}), str(bea.character.id)))
    assert bea.do("+sheet")[-2] == "STUN 20/20  BODY 10/10  END 5/20"
