"""Half-closed and reset connections, mid-line and mid-negotiation (docs/reliability.md)."""

from __future__ import annotations

import socket

import pytest

from tests.e2e.helpers import Server

from .helpers import fd_count, raw_login, reset, wait_until, who_count

pytestmark = pytest.mark.e2e

CONFIG = "password_cost: 1024\nconnects_per_minute: 0\ncommand_rate: 0\n"
IAC, SB, SE = 255, 250, 240


@pytest.fixture
def server(tmp_path):
    with Server(tmp_path, CONFIG) as running:
        yield running


def _baseline(server: Server) -> int:
    assert wait_until(lambda: who_count(server) == 0)
    return fd_count(server.proc.pid)


def _gone(server: Server, baseline: int) -> None:
    assert wait_until(lambda: who_count(server) == 0), "a player is still listed"
    assert wait_until(lambda: fd_count(server.proc.pid) <= baseline), "a descriptor leaked"


def test_a_client_that_half_closes_is_logged_out(server):
    baseline = _baseline(server)
    watcher = server.login("Watcher")
    sock = raw_login(server.port, "create Half secret1")
    watcher.expect("Half has connected.")
    sock.shutdown(socket.SHUT_WR)  # FIN: no more input, still able to read
    watcher.expect("Half has disconnected.")
    sock.close()
    watcher.close()
    _gone(server, baseline)


@pytest.mark.parametrize("tail", [
    b"say half a li",                              # a command cut before its newline
    bytes((IAC, SB, 24, 0)) + b"xterm",            # a subnegotiation never ended
    bytes((IAC,)),                                 # a lone IAC
    "say caf\u00e9".encode()[:-1],                 # half a UTF-8 character
])
def test_a_connection_reset_mid_input_is_cleaned_up(server, tail):
    baseline = _baseline(server)
    watcher = server.login("Watcher")
    sock = raw_login(server.port, "create Resetter secret1")
    watcher.expect("Resetter has connected.")
    sock.sendall(tail)
    reset(sock)
    watcher.expect("Resetter has disconnected.")
    watcher.do("say still fine", 'You say, "still fine"')
    watcher.close()
    _gone(server, baseline)


def test_a_connection_reset_while_the_server_writes_a_lot(server):
    baseline = _baseline(server)
    sock = raw_login(server.port, "create Reader secret1", rcvbuf=4096)
    for _ in range(200):
        sock.sendall(b"look\r\nRULES\r\n")  # lots of output it never reads
    reset(sock)
    talker = server.login("Talker")
    talker.do("say after", 'You say, "after"')
    talker.close()
    _gone(server, baseline)
