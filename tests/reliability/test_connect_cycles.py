"""1,000 connect/disconnect cycles leave no session, descriptor or WHO entry behind (docs/reliability.md)."""

from __future__ import annotations

import socket

import pytest

from tests.e2e.helpers import Client, Server

from .helpers import fd_count, raw_login, reset, wait_until, who_count

pytestmark = pytest.mark.e2e

CONFIG = "password_cost: 1024\nconnects_per_minute: 0\ncommand_rate: 0\n"
CYCLES = 1_000


def _screen_then_close(port: int, n: int) -> None:
    client = Client(port)
    client.expect("QUIT")
    client.close()


def _reset_at_once(port: int, n: int) -> None:
    reset(socket.create_connection(("127.0.0.1", port)))


def _login_and_quit(port: int, n: int) -> None:
    sock = raw_login(port, f"connect Cyc{n % 10} secret1")
    sock.sendall(b"QUIT\r\n")
    while sock.recv(65536):
        pass
    sock.close()


def _login_and_reset(port: int, n: int) -> None:
    sock = raw_login(port, f"connect Cyc{n % 10} secret1")
    sock.sendall(b"say going")
    reset(sock)


def _login_and_close(port: int, n: int) -> None:
    raw_login(port, f"connect Cyc{n % 10} secret1").close()


KINDS = (_screen_then_close, _reset_at_once, _login_and_quit, _login_and_reset, _login_and_close)


def test_a_thousand_connect_and_disconnect_cycles_leak_nothing(tmp_path):
    with Server(tmp_path, CONFIG) as server:
        for n in range(10):
            raw_login(server.port, f"create Cyc{n} secret1").close()
        assert wait_until(lambda: who_count(server) == 0)
        pid = server.proc.pid
        baseline = fd_count(pid)

        for n in range(CYCLES):
            KINDS[n % len(KINDS)](server.port, n)

        assert wait_until(lambda: who_count(server) == 0), "WHO still lists players"
        assert wait_until(lambda: fd_count(pid) <= baseline), (
            f"{fd_count(pid)} descriptors open, {baseline} before the cycles")
        # And the server still works.
        server.login("After").do("say done", 'You say, "done"')
