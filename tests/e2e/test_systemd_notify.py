"""The server under a fake systemd: READY=1, a watchdog its own loop feeds at the rate
WATCHDOG_USEC asks, RELOADING=1 and READY=1 around a reload, STOPPING=1 (man sd_notify); and
the unit in contrib/ passes ``systemd-analyze verify``."""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from champions_mush.net.sd_notify import notify, watchdog_interval

from .helpers import Server, champions_mush_command

ROOT = Path(__file__).resolve().parents[2]


class FakeSystemd:
    """The datagram socket systemd would listen on."""

    def __init__(self, path: Path) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        self.path = path

    def messages(self, seconds: float) -> list[dict[str, str]]:
        """Every message received within ``seconds``, each as its KEY=value lines."""
        got, deadline = [], time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(4096)
            except TimeoutError:
                break
            got.append(dict(line.split("=", 1) for line in data.decode().splitlines()))
        return got

    def wait_for(self, key: str, seconds: float = 15) -> tuple[dict[str, str], list[dict[str, str]]]:
        """The first message with ``key``, and those before it."""
        seen, deadline = [], time.monotonic() + seconds
        while time.monotonic() < deadline:
            for message in self.messages(0.2):
                if key in message:
                    return message, seen
                seen.append(message)
        raise AssertionError(f"no {key}; got {seen}")


def test_ready_watchdog_reload_and_stopping(tmp_path, monkeypatch):
    systemd = FakeSystemd(tmp_path / "notify")
    monkeypatch.setenv("NOTIFY_SOCKET", str(systemd.path))
    monkeypatch.setenv("WATCHDOG_USEC", "400000")  # pings every 0.2 s
    with Server(tmp_path / "game") as server:
        ready, _ = systemd.wait_for("READY")
        assert ready == {"READY": "1", "MAINPID": str(server.proc.pid), "STATUS": "0 players online, 0 connections"}
        server.login("Alice")
        pings = systemd.messages(1.2)
        assert 4 <= len(pings) <= 8, pings
        assert pings[-1] == {"WATCHDOG": "1", "STATUS": "1 players online, 1 connections"}

        server.proc.send_signal(signal.SIGSTOP)  # the loop stalls: nothing feeds the watchdog
        try:
            assert systemd.messages(1.0) == []
        finally:
            server.proc.send_signal(signal.SIGCONT)
        assert systemd.messages(0.5)[-1]["WATCHDOG"] == "1"

        reload = subprocess.Popen([*champions_mush_command(), "reload", "--data-dir", str(server.data_dir)],
                                  stdout=subprocess.PIPE, text=True)
        reloading, _ = systemd.wait_for("RELOADING")
        assert reloading["RELOADING"] == "1" and int(reloading["MONOTONIC_USEC"]) > 0
        ready, _ = systemd.wait_for("READY", 30)
        assert ready["MAINPID"] == str(server.proc.pid)  # the same process, new code
        assert reload.wait(60) == 0
        assert systemd.wait_for("WATCHDOG")[0]["STATUS"] == "1 players online, 1 connections"

        server.proc.send_signal(signal.SIGTERM)
        stopping, _ = systemd.wait_for("STOPPING")
        assert stopping == {"STOPPING": "1"}
        assert server.proc.wait(15) == 0


def test_without_notify_socket_nothing_is_sent(monkeypatch):
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert notify("READY=1") is False


@pytest.mark.parametrize(("usec", "pid", "expected"), [
    ("30000000", None, 15.0), ("30000000", "self", 15.0), ("30000000", "1", None), ("", None, None),
    ("0", None, None), ("abc", None, None)])
def test_the_watchdog_rate_is_half_of_what_systemd_asks(monkeypatch, usec, pid, expected):
    monkeypatch.setenv("WATCHDOG_USEC", usec)
    if pid is None:
        monkeypatch.delenv("WATCHDOG_PID", raising=False)
    else:
        monkeypatch.setenv("WATCHDOG_PID", str(os.getpid()) if pid == "self" else pid)
    assert watchdog_interval() == expected


def test_an_abstract_socket_name_is_used_as_systemd_gives_it(monkeypatch):
    name = f"champions-test-{os.getpid()}"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind("\0" + name)
    monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
    assert notify("READY=1", "STATUS=up") is True
    listener.settimeout(5)
    assert listener.recv(100) == b"READY=1\nSTATUS=up"
    listener.close()


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_the_contrib_unit_passes_systemd_analyze_verify(tmp_path):
    """The unit as shipped, with its paths pointed at this checkout (verify checks they exist)."""
    unit = (ROOT / "contrib" / "champions-mush.service").read_text()
    script = champions_mush_command()[0]
    unit = (unit.replace("/home/mush/champions-mush/.venv/bin/champions-mush", script)
            .replace("/home/mush/game-data", str(tmp_path)).replace("/home/mush/champions-mush", str(ROOT))
            .replace("User=mush", "User=root").replace("Group=mush", "Group=root"))
    for line in ("Type=notify", "WatchdogSec=30", "KillMode=mixed"):
        assert line in unit.splitlines()
    assert f"ExecReload={script} reload --data-dir {tmp_path}" in unit.splitlines()
    (tmp_path / "champions-mush.service").write_text(unit)
    done = subprocess.run(["systemd-analyze", "verify", str(tmp_path / "champions-mush.service")],
                          check=False, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")


DRILL = ROOT / "bench" / "systemd_drill.py"


@pytest.mark.skipif(os.geteuid() != 0 or not Path("/lib/systemd/systemd").exists() or shutil.which("unshare") is None,
                    reason="a real systemd in a namespace needs root, systemd and unshare")
def test_the_unit_under_a_real_systemd():
    """bench/systemd_drill.py: started (active only after READY=1), reloaded with the player kept,
    and restarted by the watchdog when the loop stalls, under systemd as PID 1 of a namespace."""
    done = subprocess.run([sys.executable, str(DRILL), "--watchdog", "10"], capture_output=True, text=True,
                          timeout=240, check=False)
    if done.returncode == 77:
        pytest.skip(done.stdout.strip())
    steps = [line.split(" -> ")[0].split(" (")[0] for line in done.stdout.splitlines()[1:]]
    assert steps == ["ok    systemctl start", "ok    Ann logged in over telnet",
                     "ok    systemctl reload", "ok    loop stalled", "ok    Ann logged in again after the restart"], \
        done.stdout + done.stderr
    assert "NRestarts=1" in done.stdout and "Ann still connected and answered" in done.stdout
