"""One unit of work per fight command (game/unit.py): the store calls and durable writes of
+attack, +recover, +combat/next and +combat/undo in a fight of 8 are counted, so a change that
reads the fight or a sheet again, or writes twice, fails here."""

from contextlib import contextmanager

import pytest

from champions_mush.commands.base import Role
from champions_mush.rules.dice import FixedRoller
from champions_mush.store.memory import MemoryStore

from ..harness import World


class CountingStore(MemoryStore):
    """A memory store that counts reads, writes, and durable writes as SqliteStore makes them:
    a transaction that wrote commits once (an fsync); a document write or a counter outside
    any transaction is durable on its own; a log append outside one is a commit without an
    fsync (``SqliteStore.append``), counted apart in ``log_commits``."""

    READS = ("get", "get_many", "all", "tail", "entry")
    WRITES = ("put", "delete", "append", "next_id")

    def __init__(self) -> None:
        super().__init__()
        self.reads: list[str] = []
        self.writes: list[str] = []
        self.durable = self.log_commits = 0
        self._depth = 0
        self._wrote = False
        for name in self.READS + self.WRITES:
            setattr(self, name, self._counted(name, getattr(self, name)))

    def _counted(self, name, call):
        def counted(*args, **kwargs):
            if name in self.READS:
                self.reads.append(f"{name} {args[0]}")
            else:
                self.writes.append(f"{name} {args[0]}")
                if self._depth:
                    self._wrote = True
                elif name == "append":
                    self.log_commits += 1
                else:
                    self.durable += 1
            return call(*args, **kwargs)

        return counted

    @contextmanager
    def transaction(self):
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
        if not self._depth and self._wrote:
            self.durable += 1
            self._wrote = False

    def reset(self) -> None:
        self.reads, self.writes, self.durable, self.log_commits = [], [], 0, 0


@pytest.fixture
def fight_of_8():
    """Four players and four NPCs in one fight; Ann (DEX 23) acts first in Segment 12."""
    store = CountingStore()
    world = World(roller=FixedRoller([]), store=store)
    gm = world.login("Gina", role=Role.STAFF)
    players = [world.login(name) for name in ("Ann", "Bea", "Cal", "Dot")]
    for session, dex in zip(players, (23, 20, 17, 14), strict=True):
        session.do(f"+stat DEX={dex}")
    gm.do("+combat/start")
    for name in ("Ann", "Bea", "Cal", "Dot"):
        gm.do(f"+combat/join {name}")
    for name in ("Eel", "Fox", "Gnu", "Hog"):
        gm.do(f"+npc/create {name}")
        gm.do(f"+combat/join {name}")
    gm.do("+combat/next")
    store.reset()
    return world, store, gm, players


def test_an_attack_in_a_fight_of_8_reads_3_times_and_writes_once(fight_of_8):
    world, store, _gm, (ann, *_) = fight_of_8
    world.set_dice(3, 3, 3, 1, 1, 1, 1)  # hits; 2d6 from STR 10: 2 STUN 0 BODY; KB 0 - 2d6 (1 1): none
    assert [line.replace(" [rg]", "") for line in ann.do("+attack Eel=strike")] == [
        "[Combat] Ann Strikes Eel (Strike): OCV 8 vs DCV 3: 16 or less, rolls 9 (3 3 3): hits; hits DCV 10 or less.",
        ("  2d6 normal: 2 STUN, 0 BODY (1 1). Eel takes 0 STUN and 0 BODY (2 STUN - 2 PD, 0 BODY - 2 PD). "
        "Now STUN 20, BODY 10."),
        "  KB 0 BODY - 2 (1 1): no knockback.",
        "  Ann spends 1 END (1 for STR 10): END 19.",
        "[Combat] Bea's Phase (DEX 20): acts.",
    ]
    assert store.reads == ["get combat", "get_many sheet", "get_many hero"]
    assert (store.durable, store.log_commits) == (1, 0)
    # Ann's sheet (END 19) is written; Eel's is as it was (no STUN or BODY got through), so it is not
    assert sorted(store.writes) == ["append combat", "append rolls", "put combat", "put sheet"]


def test_an_attack_that_hurts_writes_both_sheets_once(fight_of_8):
    world, store, _gm, (ann, *_) = fight_of_8
    world.set_dice(3, 3, 3, 6, 6, 1, 1, 1)  # hits; 2d6 (6 6): 12 STUN 4 BODY; KB 4 - 2d6 (1 1): 2"; landing 1d6 (1)
    assert [line.replace(" [rg]", "") for line in ann.do("+attack Eel=strike")] == [
        "[Combat] Ann Strikes Eel (Strike): OCV 8 vs DCV 3: 16 or less, rolls 9 (3 3 3): hits; hits DCV 10 or less.",
        ("  2d6 normal: 12 STUN, 4 BODY (6 6). Eel takes 10 STUN and 2 BODY (12 STUN - 2 PD, 4 BODY - 2 PD). "
         "Now STUN 10, BODY 8."),
        ('  KB 4 BODY - 2 (1 1) = 2" knockback. Eel flies back 2" and lands. Lying on the ground: 1/2 DCV; standing '
         "up takes a 1/2 Phase. Landing: 1d6 normal, 1 STUN, 0 BODY (1). Eel takes 0 STUN and 0 BODY (1 STUN - 2 PD, "
         "0 BODY - 2 PD). Now STUN 10, BODY 8."),
        "  Ann spends 1 END (1 for STR 10): END 19.",
        "[Combat] Bea's Phase (DEX 20): acts.",
    ]
    assert store.reads == ["get combat", "get_many sheet", "get_many hero"]
    assert (store.durable, store.log_commits) == (1, 0)
    assert sorted(store.writes) == ["append combat", "append rolls", "put combat", "put sheet", "put sheet"]


def test_recover_next_and_undo_each_read_the_fight_and_its_sheets_once_and_write_once(fight_of_8):
    """The staff log line of a staff command is an append of its own before the command (kept even
    when the command fails), committed without an fsync (store/sqlite.py): not a durable write."""
    world, store, gm, (ann, bea, *_) = fight_of_8
    world.set_dice(6, 6, 6, 1, 1, 1, 1, 1, 1)  # 18: Ann misses
    ann.do("+attack Eel=strike")
    store.reset()
    world.set_dice(1, 1, 1, 1, 1, 1, 1, 1, 1)
    assert ann.do("+attack Eel=strike") == ["It is not Ann's Phase: it is Bea's."]
    assert (store.reads, store.writes, store.durable) == (["get combat", "get_many sheet", "get_many hero"], [], 0)

    store.reset()
    assert bea.do("+recover") == ["[Combat] Bea recovers 4: STUN 20, END 20; 1/2 DCV until their next Phase.",
                                  "[Combat] Cal's Phase (DEX 17): acts."]
    assert (store.reads, store.durable) == (["get combat", "get_many sheet"], 1)
    assert sorted(store.writes) == ["append combat", "put combat"]  # her sheet is full as it was: not written

    store.reset()
    assert gm.do("+combat/next") == ["[Combat] Gina ends Cal's Phase.", "[Combat] Dot's Phase (DEX 14): acts."]
    assert (store.reads, store.durable, store.log_commits) == (["get combat", "get_many sheet"], 1, 1)
    assert sorted(store.writes) == ["append combat", "append staff", "put combat"]

    store.reset()
    assert gm.do("+combat/undo") == [("[Combat] Gina undoes #20 (Gina: +combat/next); everything it changed is as "
                                     "it was.")]
    assert (store.reads, store.durable, store.log_commits) == (["get combat", "get_many sheet", "entry 20"], 1, 1)
    assert sorted(store.writes) == ["append combat", "append staff", "put combat"]
