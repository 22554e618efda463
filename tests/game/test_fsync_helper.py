"""The WAL's fsync process (store/fsync_helper.py), its loop run here on a thread: each ask is
answered with one line, after an fsync of the WAL file (the database's when there is none)."""

from __future__ import annotations

import os
import threading

from champions_mush.store import fsync_helper


def _serving(files: tuple[str, ...]):
    asks_read, asks = os.pipe()
    answers, answers_write = os.pipe()
    thread = threading.Thread(target=fsync_helper.serve, args=(asks_read, answers_write, files))
    thread.start()
    return asks, answers, thread, (asks_read, answers_write)


def _answer(asks: int, answers: int) -> str:
    os.write(asks, b"s")
    return os.read(answers, 200).decode()


def test_each_ask_fsyncs_the_wal_and_says_how_long_it_took(tmp_path, monkeypatch):
    wal, database = tmp_path / "game.sqlite3-wal", tmp_path / "game.sqlite3"
    database.write_bytes(b"")
    synced: list[str] = []
    real = os.fdatasync
    monkeypatch.setattr(os, "fdatasync", lambda fd: synced.append(os.readlink(f"/proc/self/fd/{fd}")) or real(fd))
    asks, answers, thread, theirs = _serving((str(wal), str(database)))
    said = _answer(asks, answers)
    assert said.startswith("ok ") and said.endswith("\n") and float(said[3:]) >= 0
    wal.write_bytes(b"")  # the WAL appears: from now it is the one fsynced, and kept open
    assert _answer(asks, answers).startswith("ok ")
    assert _answer(asks, answers).startswith("ok ")
    assert synced == [str(database), str(wal), str(wal)]
    os.close(asks)  # the game's end closed: it ends
    thread.join(10)
    assert not thread.is_alive()
    for fd in (answers, *theirs):
        os.close(fd)


def test_a_failed_fsync_is_answered_with_its_reason_and_the_file_opened_afresh(tmp_path, monkeypatch):
    wal = tmp_path / "game.sqlite3-wal"
    wal.write_bytes(b"")
    failing = [True]
    real = os.fdatasync

    def fdatasync(fd: int) -> None:
        if failing.pop(0) if failing else False:
            raise OSError(5, "Input/output error")
        real(fd)

    monkeypatch.setattr(os, "fdatasync", fdatasync)
    asks, answers, thread, theirs = _serving((str(wal), str(tmp_path / "game.sqlite3")))
    assert _answer(asks, answers) == "error [Errno 5] Input/output error\n"
    assert _answer(asks, answers).startswith("ok ")
    os.close(asks)
    thread.join(10)
    for fd in (answers, *theirs):
        os.close(fd)
