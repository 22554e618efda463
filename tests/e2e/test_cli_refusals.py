"""The command line refuses what it cannot use in one line naming the setting and the file (or
the data directory), never a traceback (docs/reliability.md, "Config and command line")."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess

import pytest

from .helpers import champions_mush_command


def _serve(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*champions_mush_command(), "serve", "--host", "127.0.0.1", *args],
                          check=False, capture_output=True, text=True, timeout=20)


def _refused(result: subprocess.CompletedProcess) -> str:
    assert "Traceback" not in result.stderr, result.stderr
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    return result.stderr


@pytest.mark.parametrize(("text", "problem"), [
    (b"password_cost: 3\n", "'password_cost' must be a power of two from 8 to 65,536, not 3"),
    (b"command_rate: .nan\n", "'command_rate' must be a number from 0 to 100,000, not nan"),
    (b"port: 4810.7\n", "'port' must be a whole number from 0 to 65,535, not 4810.7"),
    (b"idle_timeout: .inf\n", "'idle_timeout' must be a number from 0 to 31,536,000, not inf"),
    (b"log_level: LOUD\n", "'log_level' must be one of DEBUG, INFO, WARNING, ERROR, not 'LOUD'"),
])
def test_a_bad_setting_in_the_file(tmp_path, text, problem):
    config = tmp_path / "bad.yaml"
    config.write_bytes(text)
    result = _serve("--data-dir", str(tmp_path / "data"), "--config", str(config))
    assert (result.returncode, _refused(result)) == (2, f"champions-mush: {config}: {problem}\n")


def test_a_config_that_is_not_utf8(tmp_path):
    config = tmp_path / "bad.yaml"
    config.write_bytes(b"name: Caf\xe9 City\n")
    result = _serve("--port", "0", "--data-dir", str(tmp_path / "data"), "--config", str(config))
    assert _refused(result) == f"champions-mush: {config} is not UTF-8 text (byte 0xe9 at offset 9)\n"


def test_a_negative_port_on_the_command_line(tmp_path):
    result = _serve("--port", "-5", "--data-dir", str(tmp_path))
    assert _refused(result) == "champions-mush: --port must be a whole number from 0 to 65,535, not -5\n"


def test_a_data_directory_that_is_a_file(tmp_path):
    (tmp_path / "file").write_text("not a directory")
    result = _serve("--port", "0", "--data-dir", str(tmp_path / "file"))
    assert _refused(result) == f"champions-mush: the data directory {tmp_path / 'file'} is a file, not a directory\n"
    result = _serve("--port", "0", "--data-dir", str(tmp_path / "file" / "below"))
    assert _refused(result) == f"champions-mush: cannot make the data directory {tmp_path / 'file' / 'below'}: Not a directory\n"


@contextlib.contextmanager
def _read_only_file(path):
    """The file made read-only for this process: chmod for a plain user, the immutable flag
    (``chattr +i``) for root, whom permissions do not stop."""
    if os.geteuid() != 0:
        path.chmod(0o444)
        path.parent.chmod(0o555)
        try:
            yield
        finally:
            path.parent.chmod(0o700)
        return
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(path)], check=False, capture_output=True).returncode:
        pytest.skip("running as root and cannot set the immutable flag here (chattr +i)")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_a_read_only_database_is_refused_at_start_saying_why(tmp_path):
    made = subprocess.run([*champions_mush_command(), "create-admin", "Root", "--password", "adminpw1",
                           "--data-dir", str(tmp_path)], check=False, capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    db = tmp_path / "game.sqlite3"
    with _read_only_file(db):
        result = _serve("--port", "0", "--data-dir", str(tmp_path))
    line = _refused(result)
    assert result.returncode == 1
    if os.geteuid() == 0:
        assert line == (f"champions-mush: Cannot write the database {db}: attempt to write a readonly database "
                        "(check its owner, permissions and free disk space)\n")
    else:
        assert line == f"champions-mush: cannot write in the data directory {tmp_path}: check its owner and permissions\n"


def test_a_new_data_directory_and_its_database_are_private(tmp_path):
    data = tmp_path / "game"
    made = subprocess.run([*champions_mush_command(), "create-admin", "Root", "--password", "adminpw1",
                           "--data-dir", str(data)], check=False, capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    modes = {p.name: p.stat().st_mode & 0o777 for p in [data, *data.iterdir()]}
    assert modes["game"] == 0o700
    assert {name: mode for name, mode in modes.items() if name != "game"} == dict.fromkeys(
        ("config.example.yaml", "connect.txt", "game.sqlite3", "server.lock"), 0o600)
