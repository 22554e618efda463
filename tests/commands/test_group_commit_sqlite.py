"""On SQLite with ``synchronous=FULL`` the turn's fight commands commit together. On a fast disk
the commit fsyncs at once, on the game's thread; once commits are slow (store/wal_sync.py
``DiskPace``) they are committed without an fsync and a process of its own fsyncs the WAL: the
game's loop goes on, and what the commands said is sent, and their players' next lines read,
only once the WAL is on the disk (game/unit.py, ``Group``). The game's loop here is the test's:
:class:`Loop` runs the callback of a watched descriptor once it can be read."""

import json
import os
import select
import signal
import sqlite3

import pytest

from champions_mush.commands.base import Role
from champions_mush.store import wal_sync
from champions_mush.store.sqlite import SqliteStore

from .test_group_commit import ANN_MISSES, BEA_RECOVERS, MISS, _seen, ann_and_bea_fight_eel

UNSURE = ["The game could not confirm that was saved: look before you do it again. Staff have been told.",
          ("[Storage] The game cannot save right now: you can log in, look around and read, but nothing you "
           "change will be kept. Staff have been told.")]


class Synced(SqliteStore):
    """A SQLite store that counts the commits it makes with each ``synchronous`` setting."""

    def __init__(self, *args, **kwargs) -> None:
        self.commits: list[str] = []
        super().__init__(*args, **kwargs)

    def _control(self, sql: str) -> None:
        if sql == "COMMIT":
            self.commits.append(self._db.execute("PRAGMA synchronous").fetchone()[0])
        super()._control(sql)


class Loop:
    """The store's ``add_reader`` as the server's reactor gives it."""

    def __init__(self) -> None:
        self.watched: dict = {}

    def add_reader(self, fd: int, on_readable):
        self.watched[fd] = on_readable
        return lambda: self.watched.pop(fd)

    def run_once(self, timeout: float = 20.0) -> None:
        """Wait for a watched descriptor to be readable and run its callback."""
        ready, _, _ = select.select(list(self.watched), [], [], timeout)
        assert ready, "the fsync process did not answer"
        for fd in ready:
            self.watched[fd]()


@pytest.fixture
def turn(tmp_path):
    """Ann (DEX 23) and Bea (DEX 20) fight Eel on SQLite (FULL), with the server's ``add_reader``;
    Ann's Phase; commits per turn."""
    store = Synced(tmp_path / "game.sqlite3")
    world, ann, bea = ann_and_bea_fight_eel(store)
    loop = Loop()
    store.add_reader = loop.add_reader
    world.game.group_commits(lambda: None)
    store.commits.clear()
    yield world, store, ann, bea, loop
    store.close()


@pytest.fixture
def slow(monkeypatch):
    """Every commit counts as slow: the first sends the fsync off the loop."""
    monkeypatch.setattr(wal_sync, "SLOW_COMMIT", -1.0)
    monkeypatch.setattr(wal_sync, "SLOW_OF", 1)


def _fight_elsewhere(store: SqliteStore, room: int) -> dict:
    """The fight as another connection reads it: what a server killed now would find."""
    with sqlite3.connect(store.path) as other:
        (data,) = other.execute("SELECT data FROM docs WHERE kind='combat' AND key=?", (str(room),)).fetchone()
    return json.loads(data)


def _ann_misses_then_bea_recovers(world, ann, bea, loop) -> None:
    """Ann's turn is committed slowly (fsync and all, on the game's thread); Bea's, the next, is
    made durable off the loop and told once the fsync process answers."""
    world.set_dice(*MISS, 1, 1, 1)
    ann.do("+attack Eel=strike")
    world.game.end_turn()
    assert store_commits(world) == [2]  # 2: FULL, SQLite's own fsync
    assert _seen(ann.lines[-3:]) == ANN_MISSES  # told at once
    ann.clear()
    bea.clear()
    assert bea.do("+recover") == []
    assert bea.busy  # her next lines wait (answers in order)
    world.game.end_turn()  # committed without an fsync (NORMAL), not waited for: nothing said yet
    assert store_commits(world) == [2, 1]  # 1: NORMAL
    assert (ann.lines, bea.lines) == ([], [])
    room = ann.character.location
    assert _fight_elsewhere(world.game.store, room)["current"] == world.game.find_character("Eel").id  # kill -9 keeps it


def store_commits(world) -> list[int]:
    return world.game.store.commits


def _files_open(pid: int) -> set[str]:
    return {os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")}


def test_on_a_fast_disk_the_turn_fsyncs_at_once_and_is_told_at_once(turn):
    world, store, ann, bea, loop = turn
    world.set_dice(*MISS, 1, 1, 1)
    ann.clear()
    bea.clear()
    assert ann.do("+attack Eel=strike") == []
    assert bea.do("+recover") == []
    world.game.end_turn()
    assert store.commits == [2]  # 2: FULL, SQLite's own fsync, on the game's thread
    assert _seen(ann.lines[-5:]) == ANN_MISSES + BEA_RECOVERS
    assert not (ann.busy or bea.busy)
    assert store._syncer is None and loop.watched == {}  # no fsync process


def test_once_commits_are_slow_the_turn_is_told_once_its_wal_is_on_the_disk(turn, slow):
    world, store, ann, bea, loop = turn
    _ann_misses_then_bea_recovers(world, ann, bea, loop)
    loop.run_once()  # its answer: the fsync is done
    assert _files_open(store._syncer._pid) - {"/dev/null"} == {  # it keeps the WAL open, and nothing else of ours
        f"{store.path}-wal", *(os.readlink(f"/proc/self/fd/{fd}") for fd in (2, store._syncer._asks, store._syncer._answers))}
    assert _seen(ann.lines) == BEA_RECOVERS
    assert _seen(bea.lines) == BEA_RECOVERS
    assert not bea.busy
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL again for every other write


def test_when_the_fsync_process_dies_each_player_is_told_it_is_not_known_to_be_kept(turn, slow):
    """The commit was made (other readers see it) but is not on the disk for sure: the player
    is told to look, not that nothing changed."""
    world, store, ann, bea, loop = turn
    _ann_misses_then_bea_recovers(world, ann, bea, loop)
    pid = store._syncer._pid
    os.kill(pid, signal.SIGKILL)
    loop.run_once()  # the end of its answers
    assert bea.lines == UNSURE
    assert ann.lines == UNSURE[1:]  # the whole game heard the notice with Bea's
    assert not bea.busy
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # reaped


def test_fast_fsyncs_bring_the_fsync_back_to_the_game_s_thread(turn, slow, monkeypatch):
    world, store, ann, bea, loop = turn
    monkeypatch.setattr(wal_sync, "FAST_RUN", 1)
    monkeypatch.setattr(wal_sync, "FAST_FSYNC", 60.0)  # any fsync is fast
    _ann_misses_then_bea_recovers(world, ann, bea, loop)
    monkeypatch.setattr(wal_sync, "SLOW_COMMIT", 60.0)  # and any commit from now
    loop.run_once()  # one fast fsync: back on the game's thread
    assert _seen(bea.lines) == BEA_RECOVERS
    gm = world.login("Gina", role=Role.STAFF)
    gm.do("+combat/next")  # Eel's Phase passed: the next turn's commit
    world.game.end_turn()
    assert store.commits == [2, 1, 2]  # FULL again
    assert gm.lines[-1:] == ["[Combat] Ann's Phase (DEX 23): acts."]  # told at once


def test_without_the_game_s_loop_each_turn_commits_durably_at_once(turn, slow):
    """A shell tool (no ``add_reader``) commits as before, however slow."""
    world, store, ann, bea, _ = turn
    store.add_reader = None
    world.set_dice(*MISS, 1, 1, 1)
    ann.do("+attack Eel=strike")
    world.game.end_turn()
    bea.clear()
    bea.do("+recover")
    world.game.end_turn()
    assert _seen(bea.lines) == BEA_RECOVERS
    assert store.commits == [2, 2] and store._syncer is None  # 2: FULL, SQLite's own fsync


def test_the_fsync_process_says_why_it_failed(tmp_path):
    """Its files gone: the commits waiting are failed with its reason."""
    loop = Loop()
    syncer = wal_sync.WalSyncer(tmp_path / "gone" / "game.sqlite3", loop.add_reader, wal_sync.DiskPace())
    said: list[str] = []
    syncer.add(lambda: said.append("durable"), lambda exc: said.append(str(exc)))
    loop.run_once()
    assert said == ["The database could not be made durable: [Errno 2] its files are gone"]
    assert syncer.close()


def test_closing_waits_for_the_answers_and_tells_each_in_order(tmp_path):
    database = tmp_path / "game.sqlite3"
    sqlite3.connect(database).close()
    loop = Loop()
    syncer = wal_sync.WalSyncer(database, loop.add_reader, wal_sync.DiskPace())
    said: list[str] = []

    def broken() -> None:
        raise RuntimeError("a bug in what waited")

    syncer.add(lambda: said.append("first"), lambda exc: said.append(f"first lost: {exc}"))
    syncer.add(broken, lambda exc: None)
    syncer.add(lambda: said.append("third"), lambda exc: said.append(f"third lost: {exc}"))
    pid = syncer._pid
    assert syncer.close()  # the bug in one does not keep the others from being told
    assert said == ["first", "third"] and loop.watched == {}
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # it ended at the end of its input, and was reaped
