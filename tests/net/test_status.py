"""The status file: a write that fails (a full disk) is logged once and never raised, so the
timer that rewrites it lives on; the next write that works clears it."""

import logging

from champions_mush.net.status import StatusFile, read_status


def test_a_failing_write_is_said_once_and_the_next_good_one_recovers(tmp_path, caplog):
    status = StatusFile(tmp_path / "gone", lambda: {"players": 3})
    with caplog.at_level(logging.WARNING, logger="champions_mush.server"):
        status.write()
        status.write()
    assert [r.getMessage() for r in caplog.records] == [
        f"cannot write {tmp_path / 'gone' / 'status.json'}: No such file or directory"]
    (tmp_path / "gone").mkdir()
    status.write()
    assert status.failing is False and read_status(tmp_path / "gone")["players"] == 3
