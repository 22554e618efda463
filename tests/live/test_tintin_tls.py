"""TinTin++ over TLS (``#ssl``) in tmux, as a player would: the connect screen, a login at the
hidden password prompt, MCCP2 on, and the same after an ``@reboot`` by a telnet admin."""

from __future__ import annotations

import subprocess
import uuid

import pytest

from champions_mush import cli

from ..e2e.helpers import Server, create_admin, free_port, wait_for_output
from .test_live_clients import TINTIN, WAIT, Pane, _needed, client_screen, login

pytestmark = pytest.mark.e2e


def test_tintin_plays_over_tls_and_keeps_mccp_across_a_reboot(tmp_path):
    _needed()
    data = tmp_path / "game"
    assert cli.main(["make-cert", "--data-dir", str(data)]) == 0
    tls_port = free_port()
    server = Server(data, config=f"password_cost: 1024\ntls_port: {tls_port}\n")
    create_admin(server, "Root", "rootpw12")
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    socket = f"cm-tls-{uuid.uuid4().hex[:8]}"
    tmux = ["tmux", "-L", socket, "-f", "/dev/null"]
    with server:
        wait_for_output(server, rf"TLS listening on [^:]+:{tls_port}")
        try:
            tintin = Pane(socket, "tintin", [TINTIN, "-G", "-e", f"#ssl g 127.0.0.1 {tls_port}"], env)
            login(tintin, "Tina")
            root = server.client()
            root.expect("QUIT")
            root.do("connect Root rootpw12", "Tina")  # the room's contents
            tintin.do("say Hello over TLS.", 'You say, "Hello over TLS."')
            root.expect('Tina says, "Hello over TLS."')
            before = client_screen(tintin)
            assert "Client         TINTIN++" in before and "Compression    MCCP2 on" in before
            root.send("@reboot")
            tintin.wait_for("The game is restarting; you stay connected.", timeout=60)  # a loaded machine
            root.expect("Reload done in ", timeout=60)
            tintin.do("say Still here.", 'You say, "Still here."')
            root.expect('Tina says, "Still here."')
            assert client_screen(tintin) == before  # window, charset, colour, MCCP2: all as they were
        finally:
            subprocess.run([*tmux, "kill-server"], check=False, capture_output=True, timeout=WAIT)
