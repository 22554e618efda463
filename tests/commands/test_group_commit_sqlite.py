"""On SQLite with ``synchronous=FULL`` the server commits the turn's fight commands without an
fsync and fsyncs the WAL on a thread of its own (store/wal_sync.py): the game's loop goes on,
and what the commands said is sent, and their players' next lines read, only once the WAL is on
the disk (game/unit.py, ``Group``). The game's thread here is the test's, running what is
handed back."""

import json
import os
import queue
import sqlite3

import pytest

from champions_mush.store.sqlite import SqliteStore

from .test_group_commit import ANN_MISSES, BEA_RECOVERS, MISS, _seen, ann_and_bea_fight_eel


class Synced(SqliteStore):
    """A SQLite store that counts the commits it makes with each ``synchronous`` setting."""

    def __init__(self, *args, **kwargs) -> None:
        self.commits: list[str] = []
        super().__init__(*args, **kwargs)

    def _control(self, sql: str) -> None:
        if sql == "COMMIT":
            self.commits.append(self._db.execute("PRAGMA synchronous").fetchone()[0])
        super()._control(sql)


@pytest.fixture
def turn(tmp_path, monkeypatch):
    """Ann (DEX 23) and Bea (DEX 20) fight Eel on SQLite (FULL); Ann's Phase; commits per turn,
    made durable later: ``handed`` holds what the syncing thread hands back, ``synced`` the
    files it fsynced."""
    store = Synced(tmp_path / "game.sqlite3")
    world, ann, bea = ann_and_bea_fight_eel(store)
    handed: queue.Queue = queue.Queue()
    synced: list[str] = []
    real = os.fdatasync
    monkeypatch.setattr(os, "fdatasync", lambda fd: synced.append(os.readlink(f"/proc/self/fd/{fd}")) or real(fd))
    store.hand_back = handed.put
    world.game.group_commits(lambda: None)
    store.commits.clear()
    yield world, store, ann, bea, handed, synced
    store.close()


def _fight_elsewhere(store: SqliteStore, room: int) -> dict:
    """The fight as another connection reads it: what a server killed now would find."""
    with sqlite3.connect(store.path) as other:
        (data,) = other.execute("SELECT data FROM docs WHERE kind='combat' AND key=?", (str(room),)).fetchone()
    return json.loads(data)


def test_the_turn_is_told_once_its_wal_is_on_the_disk_and_its_players_wait_meanwhile(turn):
    world, store, ann, bea, handed, synced = turn
    room = ann.character.location
    world.set_dice(*MISS, 1, 1, 1)
    ann.clear()
    bea.clear()
    assert ann.do("+attack Eel=strike") == []
    assert bea.do("+recover") == []
    assert ann.busy and bea.busy  # their next lines wait (answers in order)
    world.game.end_turn()  # committed without an fsync (NORMAL), not waited for: nothing said yet
    assert store.commits == [1]  # 1: NORMAL
    assert (ann.lines, bea.lines) == ([], [])
    assert _fight_elsewhere(store, room)["current"] == world.game.find_character("Eel").id  # a kill -9 keeps it
    handed.get(timeout=20)()  # the fsync done, run on the game's thread
    assert synced == [f"{store.path}-wal"]
    assert _seen(ann.lines[-5:]) == ANN_MISSES + BEA_RECOVERS
    assert _seen(bea.lines[-5:]) == ANN_MISSES + BEA_RECOVERS
    assert not (ann.busy or bea.busy)
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL again for every other write


def test_a_failed_fsync_tells_each_player_it_is_not_known_to_be_kept(turn, monkeypatch):
    """The commit was made (other readers see it) but is not on the disk for sure: each player
    is told to look, not that nothing changed."""
    world, store, ann, bea, handed, _ = turn
    room = ann.character.location
    world.set_dice(*MISS, 1, 1, 1)
    ann.do("+attack Eel=strike")
    bea.do("+recover")

    def broken(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fdatasync", broken)
    world.game.end_turn()
    handed.get(timeout=20)()
    unsure = ["The game could not confirm that was saved: look before you do it again. Staff have been told.",
              ("[Storage] The game cannot save right now: you can log in, look around and read, but nothing you "
               "change will be kept. Staff have been told.")]
    assert ann.lines[-2:] == unsure
    assert bea.lines[-2:] == unsure[::-1]  # the whole game heard the notice with Ann's
    assert "Strikes" not in ann.text and "recovers" not in bea.text
    assert not (ann.busy or bea.busy)
    eel = world.game.find_character("Eel")
    assert _fight_elsewhere(store, room)["current"] == eel.id  # Ann's and Bea's Phases were taken


def test_without_the_game_s_thread_each_turn_commits_durably_at_once(turn):
    """A shell tool (no ``hand_back``), or a game on ``synchronous=NORMAL``, commits as before."""
    world, store, ann, _, _, synced = turn
    store.hand_back = None
    world.set_dice(*MISS)
    ann.clear()
    ann.do("+attack Eel=strike")
    world.game.end_turn()
    assert store.commits == [2] and synced == []  # 2: FULL, SQLite's own fsync
    assert _seen(ann.lines) == ANN_MISSES
