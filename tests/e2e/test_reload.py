"""Reload against the real server (docs/reload.md): telnet, TLS and WebSocket players keep their
connection, login, place and telnet options across two reloads while a fourth connects
mid-reload; a reload with broken new code leaves the old server running.

The server runs from a copy of the package (first on PYTHONPATH), so the test can break the
code on disk as an admin's bad upgrade would.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from champions_mush import cli
from champions_mush.net.reload import RESTARTING

from .helpers import (
    DO,
    IAC,
    SB,
    SE,
    WILL,
    Client,
    Server,
    TlsClient,
    WebSocketClient,
    create_admin,
    free_port,
    wait_for_output,
)

pytestmark = pytest.mark.e2e

NAWS, TTYPE = 31, 24
REPO = Path(__file__).resolve().parents[2]


class WideClient(Client):
    """A telnet client that reports a 100 x 40 window (NAWS) and its name (TTYPE); refuses the rest."""

    def _feed(self, data: bytes) -> None:
        for verb, option, answer in ((DO, NAWS, bytes((IAC, WILL, NAWS, IAC, SB, NAWS, 0, 100, 0, 40, IAC, SE))),
                                     (DO, TTYPE, bytes((IAC, WILL, TTYPE)))):
            if bytes((IAC, verb, option)) in data:
                data = data.replace(bytes((IAC, verb, option)), b"")
                self.sock.sendall(answer)
        send = bytes((IAC, SB, TTYPE, 1, IAC, SE))
        while send in data:
            data = data.replace(send, b"", 1)
            self.sock.sendall(bytes((IAC, SB, TTYPE, 0)) + b"WIDECLIENT" + bytes((IAC, SE)))
        super()._feed(data)


def _copy_of_the_code(root: Path) -> Path:
    shutil.copytree(REPO / "champions_mush", root / "champions_mush",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (root / "rules_data").symlink_to(REPO / "rules_data")
    return root


def _reload(server: Server):
    return subprocess.run([sys.executable, "-m", "champions_mush.cli", "reload", "--data-dir", str(server.data_dir)],
                          check=False, capture_output=True, text=True, timeout=90)


def _still_playing(players: dict, speaker: str) -> None:
    """``speaker`` says something; every other player hears it (still logged in, same room)."""
    players[speaker].do(f"say {speaker} is still here", f'You say, "{speaker} is still here"')
    for name, client in players.items():
        if name != speaker:
            client.expect(f'{speaker} says, "{speaker} is still here"')


def test_players_keep_their_connections_across_reloads_and_bad_code_changes_nothing(tmp_path, monkeypatch):
    code = _copy_of_the_code(tmp_path / "code")
    monkeypatch.setenv("PYTHONPATH", str(code))
    data = tmp_path / "game"
    assert cli.main(["make-cert", "--data-dir", str(data)]) == 0
    tls_port, web_port = free_port(), free_port()
    server = Server(data, config=f"password_cost: 1024\ntls_port: {tls_port}\nweb_port: {web_port}\n")
    create_admin(server, "Root", "rootpw1")
    with server:
        wait_for_output(server, rf"web client on http://[^:]+:{web_port}/")
        telnet = WideClient(server.port)
        server.clients.append(telnet)
        telnet.expect("QUIT")
        telnet.do("connect Root rootpw1", "Welcome to Champions MUSH, Root!")
        tls = TlsClient(tls_port, data / "tls" / "cert.pem")
        web = WebSocketClient(web_port)
        server.clients += [tls, web]
        for client, name in ((tls, "Tess"), (web, "Webby")):
            client.expect("QUIT")
            client.do(f"create {name} secret1", f"Welcome to Champions MUSH, {name}!")
        players = {"Root": telnet, "Tess": tls, "Webby": web}
        telnet.do("@dig Lab", "Lab")
        for client in (telnet, tls, web):
            client.text = ""

        # 1: from the shell, while a fourth player connects mid-reload
        shell = subprocess.Popen([sys.executable, "-m", "champions_mush.cli", "reload", "--data-dir", str(data)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        telnet.expect(RESTARTING, timeout=60)
        late = server.client()  # lands in the listening queue while the server re-executes
        late.expect("QUIT", timeout=30)
        late.do("create Late secret1", "Welcome to Champions MUSH, Late!")
        out, err = shell.communicate(timeout=60)
        assert shell.returncode == 0, err
        assert out.startswith("Reload done in ") and out.endswith(" connections kept.\n")
        players["Late"] = late
        for client in (tls, web):
            client.expect(RESTARTING)
        _still_playing(players, "Tess")
        _still_playing(players, "Webby")
        report = telnet.do("+client", "Change a setting")
        assert "Window         100 x 40" in report and "WIDECLIENT" in report

        # 2: @reboot from the game
        telnet.send("@reboot")
        telnet.expect("Reloading the game's code: the new code is tried first.")
        telnet.expect(RESTARTING, timeout=60)
        telnet.expect("Reload done in ", timeout=60)
        for name in ("Tess", "Webby", "Late"):
            players[name].expect(RESTARTING)
        _still_playing(players, "Root")
        _still_playing(players, "Late")
        for client in players.values():
            assert RESTARTING not in client.text  # one line each reload, no more
        assert "Window         100 x 40" in telnet.do("+client", "Change a setting")
        telnet.do("WHO", "4 players connected")

        # 3: broken new code: refused, nothing changes
        social = code / "champions_mush" / "commands" / "social.py"
        good = social.read_text()
        social.write_text(good + "\ndef broken(:\n")
        refused = _reload(server)
        assert refused.returncode == 1
        assert refused.stderr.startswith("champions-mush: Reload refused, the game goes on with the code it runs: "
                                         "the new code does not start: SyntaxError")
        _still_playing(players, "Tess")
        for client in players.values():
            assert RESTARTING not in client.text
        assert "Reload refused" in (data / "logs" / "server.log").read_text()
        social.write_text(good)
        status = subprocess.run([sys.executable, "-m", "champions_mush.cli", "status", "--data-dir", str(data)],
                                check=False, capture_output=True, text=True, timeout=60).stdout.splitlines()
        assert status[0] == f"A server is running on {data} (pid {server.proc.pid})."  # the same process
        assert status[1:4] == [f"  telnet   127.0.0.1:{server.port}", f"  tls      127.0.0.1:{tls_port}",
                               f"  web      http://127.0.0.1:{web_port}/"]
        assert status[5].startswith("  reloaded 2 times, last at ")
        assert status[6] == "  players  4 online, 4 connections"
