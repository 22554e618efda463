"""``champions-mush backup`` writes only a new file or one of its own backups, and ``restore``
checks what it puts back (docs/admin-guide.md, "Backups")."""

import os
import stat
import time

import pytest

from champions_mush.backups import backup_into, keep_recent, our_backups, restore, take_backup
from champions_mush.cli import main
from champions_mush.net.backup_schedule import due_in
from champions_mush.store.sqlite import SqliteStore

NOW = time.mktime((2026, 12, 1, 4, 15, 0, 0, 0, 0)) - time.timezone  # 2026-12-01 04:15:00 UTC


@pytest.fixture
def game(tmp_path):
    data = tmp_path / "game"
    data.mkdir()
    store = SqliteStore(data / "game.sqlite3")
    store.put("character", "2", {"name": "Alice"})
    store.append("rolls", {"who": "Alice"}, 1.0)
    store.close()
    return data


def _backup(capsys, *args):
    status = main(["backup", *map(str, args)])
    out = capsys.readouterr()
    return status, out.out, out.err


def _refused(capsys, dest, game, why):
    assert _backup(capsys, dest, "--data-dir", game) == (1, "", f"champions-mush: {why}\n")


def test_a_device_is_refused_and_left_alone(game, capsys):
    before = os.stat("/dev/null")
    _refused(capsys, "/dev/null", game, "/dev/null is a device: a backup writes only a new file or one of its own backups")
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)


def test_a_pipe_is_refused_without_opening_it(game, tmp_path, capsys):
    os.mkfifo(tmp_path / "pipe")
    _refused(capsys, tmp_path / "pipe", game,
             f"{tmp_path}/pipe is a pipe: a backup writes only a new file or one of its own backups")
    assert stat.S_ISFIFO(os.lstat(tmp_path / "pipe").st_mode)


def test_a_symbolic_link_is_never_followed(game, tmp_path, capsys):
    (tmp_path / "target").write_text("precious")
    (tmp_path / "link").symlink_to(tmp_path / "target")
    _refused(capsys, tmp_path / "link", game, f"{tmp_path}/link is a symbolic link: a backup never writes through one")
    assert (tmp_path / "target").read_text() == "precious" and (tmp_path / "link").is_symlink()


def test_a_symbolic_link_to_a_folder_is_not_taken_for_the_folder(game, tmp_path, capsys):
    (tmp_path / "real").mkdir()
    (tmp_path / "via").symlink_to(tmp_path / "real")
    _refused(capsys, tmp_path / "via", game, f"{tmp_path}/via is a symbolic link: a backup never writes through one")
    assert list((tmp_path / "real").iterdir()) == []


def test_a_file_it_did_not_make_is_refused(game, tmp_path, capsys):
    (tmp_path / "notes.sqlite3").write_text("my notes")
    _refused(capsys, tmp_path / "notes.sqlite3", game,
             f"{tmp_path}/notes.sqlite3 exists and is not a backup champions-mush made: give a new name")
    assert (tmp_path / "notes.sqlite3").read_text() == "my notes"


def test_a_plain_copy_of_the_game_is_not_one_of_its_backups(game, tmp_path, capsys):
    (tmp_path / "copy.sqlite3").write_bytes((game / "game.sqlite3").read_bytes())
    _refused(capsys, tmp_path / "copy.sqlite3", game,
             f"{tmp_path}/copy.sqlite3 exists and is not a backup champions-mush made: give a new name")


@pytest.mark.parametrize("inside", ["game.sqlite3", "game.sqlite3-wal", "new.sqlite3", "logs/server.log",
                                    "tls/key.pem"])
def test_the_games_own_files_are_refused(game, capsys, inside):
    (game / "logs").mkdir()
    (game / "tls").mkdir()
    before = sorted(p.name for p in game.rglob("*"))
    _refused(capsys, game / inside, game, f"{game / inside} is among the game's own files in {game}: write backups elsewhere")
    assert sorted(p.name for p in game.rglob("*")) == before


def test_a_missing_folder_is_named(game, tmp_path, capsys):
    _refused(capsys, f"{tmp_path}/none/", game, f"there is no directory {tmp_path}/none/")
    _refused(capsys, tmp_path / "none" / "b.sqlite3", game, f"there is no directory {tmp_path}/none")


def test_its_own_backup_is_replaced_and_no_partial_file_stays(game, tmp_path):
    first = take_backup(game, tmp_path / "b.sqlite3", now=NOW)
    second = take_backup(game, tmp_path / "b.sqlite3", now=NOW + 60)
    assert first.path == second.path == tmp_path / "b.sqlite3"
    assert (second.facts.taken_at, second.facts.characters, second.facts.log_entries) == (NOW + 60, 1, 1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.sqlite3", "game"]
    assert stat.S_IMODE(os.stat(tmp_path / "b.sqlite3").st_mode) == 0o600


def test_keep_n_keeps_the_newest_of_its_own_backups_and_nothing_else(game, tmp_path):
    folder = tmp_path / "nightly"
    for day in range(3):
        backup_into(game, folder, keep=10, now=NOW + day * 86400)
    (folder / "champions-20200101-000000.sqlite3").write_text("looks like one, is not")
    (folder / "README").write_text("mine")
    taken = backup_into(game, folder, keep=2, now=NOW + 3 * 86400)
    assert [p.name for p in taken.removed] == ["champions-20261202-041500.sqlite3", "champions-20261201-041500.sqlite3"]
    assert sorted(p.name for p in folder.iterdir()) == [
        "README", "champions-20200101-000000.sqlite3", "champions-20261203-041500.sqlite3",
        "champions-20261204-041500.sqlite3"]


def test_keep_never_removes_the_backup_just_taken_when_the_clock_went_back(game, tmp_path):
    folder = tmp_path / "nightly"
    for day in range(1, 3):
        backup_into(game, folder, keep=10, now=NOW + day * 86400)
    taken = backup_into(game, folder, keep=1, now=NOW)
    assert taken.path.exists()
    assert [p.name for p in taken.removed] == ["champions-20261202-041500.sqlite3"]


def test_keep_says_what_it_removed(game, tmp_path, capsys):
    folder = tmp_path / "nightly"
    backup_into(game, folder, keep=10, now=NOW - 86400)
    status, out, err = _backup(capsys, folder, "--keep", "1", "--data-dir", game)
    assert (status, err) == (0, "")
    assert out.splitlines()[1] == "Removed 1 older backup: champions-20261130-041500.sqlite3."


def test_keep_days_never_removes_the_newest(game, tmp_path):
    folder = tmp_path / "b"
    backup_into(game, folder, keep=5, now=NOW)
    backup_into(game, folder, keep=5, now=NOW + 86400)
    assert keep_recent(folder, 7, NOW + 30 * 86400) == (folder / "champions-20261201-041500.sqlite3",)
    assert [p.name for _, p in our_backups(folder)] == ["champions-20261202-041500.sqlite3"]


def test_the_next_scheduled_backup_is_due_after_the_newest(game, tmp_path):
    folder = tmp_path / "b"
    assert due_in(folder, 3600, NOW) == 0
    backup_into(game, folder, keep=5, now=NOW)
    assert due_in(folder, 3600, NOW + 600) == 3000
    assert due_in(folder, 3600, NOW + 7200) == 0


def _restore(capsys, *args):
    status = main(["restore", *map(str, args)])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_restore_refuses_what_is_not_a_sound_game(game, tmp_path, capsys):
    (tmp_path / "junk").write_bytes(b"SQLite format 3\x00" + b"\x07" * 4000)
    status, out, err = _restore(capsys, tmp_path / "junk", "--data-dir", game)
    assert (status, out) == (1, "")
    assert err.startswith(f"champions-mush: {tmp_path}/junk ") and err.count("\n") == 1
    assert _restore(capsys, "/dev/null", "--data-dir", game) == (1, "", "champions-mush: /dev/null is not a file\n")
    other = SqliteStore(tmp_path / "empty.sqlite3")
    other.close()
    import sqlite3

    plain = sqlite3.connect(tmp_path / "plain.sqlite3")
    plain.execute("CREATE TABLE t (x)")
    plain.close()
    assert _restore(capsys, tmp_path / "plain.sqlite3", "--data-dir", game) == (
        1, "", f"champions-mush: {tmp_path}/plain.sqlite3 is an SQLite database but not a champions-mush game\n")
    assert SqliteStore(game / "game.sqlite3").get("character", "2") == {"name": "Alice"}


def test_restore_makes_a_missing_data_directory_private(game, tmp_path):
    taken = take_backup(game, tmp_path / "b.sqlite3", now=NOW)
    facts, kept = restore(taken.path, tmp_path / "new" / "game")
    assert (facts.taken_at, facts.characters, kept) == (NOW, 1, None)
    assert stat.S_IMODE(os.stat(tmp_path / "new" / "game").st_mode) == 0o700
    assert stat.S_IMODE(os.stat(tmp_path / "new" / "game" / "game.sqlite3").st_mode) == 0o600
    store = SqliteStore(tmp_path / "new" / "game" / "game.sqlite3")
    assert store.get("character", "2") == {"name": "Alice"}
    store.close()
