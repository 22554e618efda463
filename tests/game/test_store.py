"""The store: the same behaviour from memory and SQLite, durability across a killed process."""

import json
import sqlite3
import subprocess
import sys

import pytest

from champions_mush.store import MemoryStore, SqliteStore, StoreError
from champions_mush.store.base import encode


def _open(kind, tmp_path, request, **kwargs):
    if kind == "memory":
        return MemoryStore(**kwargs)
    if kind == "sqlite":
        return SqliteStore(tmp_path / "g.sqlite3", **kwargs)
    from champions_mush.store.postgres import PostgresStore

    return PostgresStore(request.getfixturevalue("postgres_url"), **kwargs)


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def store(request, tmp_path):
    made = _open(request.param, tmp_path, request)
    yield made
    made.close()


def test_documents(store):
    assert store.get("character", "1") is None
    store.put("character", "1", {"name": "Alice", "settings": {"colour": False}})
    store.put("character", "1", {"name": "Alice", "settings": {"colour": True}})
    store.put("room", "1", {"name": "Plaza"})
    assert store.get("character", "1") == {"name": "Alice", "settings": {"colour": True}}
    assert store.all("character") == {"1": {"name": "Alice", "settings": {"colour": True}}}
    store.delete("character", "1")
    store.delete("character", "1")  # absent: no error
    assert store.all("character") == {} and store.get("room", "1") == {"name": "Plaza"}


def test_a_document_given_with_its_text_is_written_as_that_text(store):
    """``text`` (what :func:`encode` gave for the data, made by the caller) is written as it is."""
    doc = {"name": "Alice", "undo": [1, 2]}
    store.put("character", "1", doc, encode(doc))
    entry = store.append("rolls", {"kind": "d6", "faces": (3,)}, 5.0, '{"kind": "d6", "faces": [3]}')
    assert store.get("character", "1") == doc
    assert store.entry(entry).data == {"kind": "d6", "faces": [3]}


def test_encode_gives_what_json_dumps_gives():
    """The stores' one encoder (store/base.py) writes the bytes json.dumps wrote before it."""
    for value in ({"a": [1, 2.5, -0.0, 1e300, None, True, False], "é€\n\"": ("x", {"y": {}})}, [], {}, "Ann",
                  7, float("nan"), [float("inf")], {"deep": [[[{"k": "v\u0000"}]]]}):
        assert encode(value) == json.dumps(value)
    with pytest.raises(TypeError, match="Object of type set is not JSON serializable"):
        encode({"a": {1}})


def test_returned_documents_are_copies(store):
    store.put("k", "a", {"list": [1]})
    store.get("k", "a")["list"].append(2)
    assert store.get("k", "a") == {"list": [1]}


def test_logs_tail_and_match(store):
    ids = [store.append("channel", {"channel": c, "text": t}, 10.0 + i)
           for i, (c, t) in enumerate([("pub", "a"), ("ooc", "b"), ("pub", "c"), ("pub", "d")])]
    other = store.append("staff", {"line": "@wall"}, 20.0)
    assert len(set(ids + [other])) == 5
    assert [e.data["text"] for e in store.tail("channel", 2, match={"channel": "pub"})] == ["c", "d"]
    assert [e.data["text"] for e in store.tail("channel", 10)] == ["a", "b", "c", "d"]
    assert store.tail("channel", 0) == []
    entry = store.entry(ids[1])
    assert (entry.log, entry.time, entry.data) == ("channel", 11.0, {"channel": "ooc", "text": "b"})
    assert store.entry(9999) is None


def test_counters(store):
    assert [store.next_id("object") for _ in range(3)] == [1, 2, 3]
    assert store.next_id("roll") == 1


def test_sqlite_is_wal_and_survives_reopen(tmp_path):
    path = tmp_path / "g.sqlite3"
    store = SqliteStore(path)
    store.put("room", "1", {"name": "Plaza"})
    store.next_id("object")
    store.close()
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    again = SqliteStore(path)
    assert again.get("room", "1") == {"name": "Plaza"} and again.next_id("object") == 2
    again.close()


def test_every_write_is_on_disk_before_the_call_returns(tmp_path):
    """A process killed right after a write (no close, no cleanup) loses nothing."""
    path = tmp_path / "g.sqlite3"
    script = (
        "import os, sys\n"
        "from champions_mush.store import SqliteStore\n"
        f"s = SqliteStore({str(path)!r})\n"
        "for i in range(50):\n"
        "    s.put('character', str(i), {'n': i}); s.append('roll', {'i': i}, 1.0)\n"
        "os.kill(os.getpid(), 9)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], check=False, timeout=60)
    assert result.returncode == -9
    store = SqliteStore(path)
    assert len(store.all("character")) == 50 and len(store.tail("roll", 100)) == 50
    store.close()


def test_every_postgresql_write_is_committed_before_the_call_returns(postgres_url):
    """The game killed right after a write (no close, no cleanup) loses nothing."""
    script = (
        "import os, sys\n"
        "from champions_mush.store.postgres import PostgresStore\n"
        f"s = PostgresStore({postgres_url!r})\n"
        "for i in range(50):\n"
        "    s.put('character', str(i), {'n': i}); s.append('roll', {'i': i}, 1.0)\n"
        "with s.transaction():\n"
        "    s.put('fight', '1', {'round': 2}); s.add_row('scene_line', '1', 1, {'t': 'x'}, 1.0)\n"
        "os.kill(os.getpid(), 9)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], check=False, timeout=60)
    assert result.returncode == -9
    from champions_mush.store.postgres import PostgresStore

    store = PostgresStore(postgres_url)
    assert len(store.all("character")) == 50 and len(store.tail("roll", 100)) == 50
    assert store.get("fight", "1") == {"round": 2} and store.count_rows("scene_line", "1") == 1
    store.close()


def test_an_unreachable_postgresql_server_is_one_line_without_the_password(tmp_path):
    from champions_mush.store.postgres import PostgresStore

    with pytest.raises(StoreError) as raised:
        PostgresStore(f"postgresql://game:s3cret@/nowhere?host={tmp_path}&connect_timeout=2")
    assert str(raised.value).startswith("Cannot open the database ")
    assert "s3cret" not in str(raised.value) and "\n" not in str(raised.value)


def test_a_read_only_database_raises_store_error(tmp_path):
    store = SqliteStore(tmp_path / "g.sqlite3")
    store._db.execute("PRAGMA query_only=1")  # as a read-only file would (works as root too)
    with pytest.raises(StoreError, match="The database refused a write: attempt to write a readonly database"):
        store.put("k", "a", {})
    with pytest.raises(StoreError):
        store.next_id("object")
    store.close()


def test_an_unopenable_database_raises_store_error(tmp_path):
    with pytest.raises(StoreError, match="Cannot open the database"):
        SqliteStore(tmp_path / "no" / "such" / "dir" / "g.sqlite3")


def _retained(kind, tmp_path, rules, request):
    from champions_mush.store import Retention  # noqa: F401 - the public name

    return _open(kind, tmp_path, request, retention=rules)


@pytest.mark.parametrize("kind", ["memory", "sqlite", "postgresql"])
def test_a_capped_log_keeps_its_newest_entries_within_a_tenth_over_the_cap(kind, tmp_path, request):
    from champions_mush.store import Retention

    store = _retained(kind, tmp_path, {"channel": Retention(max_entries=50)}, request)
    for n in range(1, 201):
        store.append("channel", {"n": n}, 1000.0 + n)
        store.append("rolls", {"n": n}, 1000.0 + n)  # no rule: kept whole
    kept = [e.data["n"] for e in store.tail("channel", 1000)]
    assert 50 <= len(kept) <= 55 and kept[-1] == 200 and kept == list(range(201 - len(kept), 201))
    assert len(store.tail("rolls", 1000)) == 200
    assert store.prune("channel", Retention(max_entries=50), 2000.0) == len(kept) - 50
    assert [e.data["n"] for e in store.tail("channel", 1000)] == list(range(151, 201))


@pytest.mark.parametrize("kind", ["memory", "sqlite", "postgresql"])
def test_entries_older_than_the_age_limit_go(kind, tmp_path, request):
    from champions_mush.store import Retention

    store = _retained(kind, tmp_path, {}, request)
    day = 86400.0
    for n in range(10):
        store.append("staff", {"n": n}, n * day)
    assert store.prune("staff", Retention(max_days=3), 10 * day) == 7
    assert [e.data["n"] for e in store.tail("staff", 100)] == [7, 8, 9]
    first = min(e.id for e in store.tail("staff", 100)) - 7  # PostgreSQL's ids need not start at 1
    assert store.entry(first) is None and store.entry(first + 7).data == {"n": 7}


def test_an_opened_database_is_pruned_at_once(tmp_path):
    from champions_mush.store import Retention

    path = tmp_path / "g.sqlite3"
    store = SqliteStore(path)
    for n in range(30):
        store.append("channel", {"n": n}, 1000.0)
    store.close()
    again = SqliteStore(path, retention={"channel": Retention(max_entries=5)})
    assert [e.data["n"] for e in again.tail("channel", 100)] == [25, 26, 27, 28, 29]
    again.close()


def test_get_many_reads_the_documents_that_exist(store):
    store.put("sheet", "1", {"n": 1})
    store.put("sheet", "3", {"n": 3})
    store.put("hero", "2", {"n": 2})
    assert store.get_many("sheet", ["1", "2", "3"]) == {"1": {"n": 1}, "3": {"n": 3}}
    assert store.get_many("sheet", []) == {}


def test_a_transaction_keeps_everything_written_in_it(store):
    with store.transaction():
        store.put("sheet", "1", {"n": 1})
        with store.transaction():  # joined: only the outermost commits
            entry = store.append("rolls", {"r": 1}, 5.0)
        store.delete("sheet", "1")
        store.put("sheet", "2", {"n": 2})
    assert store.all("sheet") == {"2": {"n": 2}}
    assert store.entry(entry).data == {"r": 1}


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_transaction_is_rolled_back_whole_when_it_raises(kind, tmp_path, request):
    store = _open(kind, tmp_path, request)
    store.put("sheet", "1", {"n": 1})
    with pytest.raises(KeyError, match="half way"), store.transaction():
        store.put("sheet", "1", {"n": 2})
        store.append("rolls", {"r": 1}, 5.0)
        raise KeyError("half way")
    assert store.get("sheet", "1") == {"n": 1}
    assert store.tail("rolls", 5) == []
    with store.transaction():
        store.put("sheet", "1", {"n": 3})
    store.close()
    again = SqliteStore(tmp_path / "g.sqlite3") if kind == "sqlite" else _reopen(store)
    assert again.get("sheet", "1") == {"n": 3}
    again.close()


def _reopen(store):
    from champions_mush.store.postgres import PostgresStore

    return PostgresStore(store.url)

def test_rows_of_an_item_are_added_paged_counted_edited_and_deleted(store):
    ids = [store.add_row("job_comment", "7", author, {"text": f"c{n}"}, 100.0 + n)
           for n, author in enumerate([1, 2, 1, 1])]
    store.add_row("job_comment", "8", 1, {"text": "elsewhere"}, 200.0)
    store.add_row("board_post", "7", 1, {"text": "another kind"}, 200.0)
    assert ids == sorted(ids) and len(set(ids)) == 4
    assert [r.data["text"] for r in store.rows("job_comment", "7")] == ["c0", "c1", "c2", "c3"]
    assert [r.data["text"] for r in store.rows("job_comment", "7", offset=1, limit=2)] == ["c1", "c2"]
    assert store.rows("job_comment", "7", offset=4) == [] and store.rows("job_comment", "7", limit=0) == []
    assert store.count_rows("job_comment", "7") == 4
    assert store.count_rows("job_comment", "7", author=1) == 3
    assert store.count_rows("job_comment", author=1) == 4
    assert store.count_rows("job_comment", author=1, since=102.0) == 3
    row = store.get_row("job_comment", ids[1])
    assert (row.kind, row.owner, row.author, row.time, row.data) == ("job_comment", "7", 2, 101.0, {"text": "c1"})
    assert store.get_row("board_post", ids[1]) is None and store.get_row("job_comment", 10_000) is None
    store.set_row("job_comment", ids[1], {"text": "fixed"})
    assert store.get_row("job_comment", ids[1]).data == {"text": "fixed"}
    assert store.get_row("job_comment", ids[1]).time == 101.0
    assert store.delete_rows("job_comment", "7", [ids[0], ids[2]]) == 2
    assert [r.data["text"] for r in store.rows("job_comment", "7")] == ["fixed", "c3"]
    assert store.delete_rows("job_comment", "7") == 2
    assert store.count_rows("job_comment", "7") == 0 and store.count_rows("job_comment") == 1


@pytest.mark.parametrize("kind", ["memory", "sqlite", "postgresql"])
def test_rows_are_pruned_by_their_kinds_retention(kind, tmp_path, request):
    from champions_mush.store import Retention

    for made in (_open(kind, tmp_path, request, retention={"scene_line": Retention(max_entries=3)}),):
        for n in range(5):
            made.add_row("scene_line", "1", 1, {"n": n}, 10.0 + n)
        made.add_row("job_comment", "1", 1, {"n": 9}, 10.0)
        assert [r.data["n"] for r in made.rows("scene_line", "1")] == [2, 3, 4]  # the newest 3 as added
        assert made.prune("scene_line", Retention(max_days=1), 10.0 + 86400 + 3.5) == 2
        assert [r.data["n"] for r in made.rows("scene_line", "1")] == [4]
        assert made.count_rows("job_comment") == 1
        made.close()


def test_sqlite_data_version_sees_another_connections_commit_inside_a_transaction_too(tmp_path):
    path = tmp_path / "g.sqlite3"
    store = SqliteStore(path)
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    seen = store.data_version()
    other.execute("INSERT INTO counters (name, value) VALUES ('other', 1)")
    with store.transaction():
        inside = store.data_version()
        assert inside != seen  # committed before ours began: seen
        store.put("thing", "1", {"a": 1})
        assert store.data_version() == inside  # ours holds the write lock now: nobody else can commit
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            other.execute("INSERT INTO counters (name, value) VALUES ('other 2', 2)")
        assert store.data_version() == inside
    other.execute("INSERT INTO counters (name, value) VALUES ('other 3', 3)")
    assert store.data_version() != inside  # after ours ended, the next commit is seen again
    other.close()
    store.close()
