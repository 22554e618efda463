"""The relay's limits against the real server (docs/reliability.md, "The relay"): slow-loris
connections to the web and TLS ports, a big POST, the game's connection limits applied by the
relay, and a local process filling the game's loopback listener for the relay.

One server and one wait for the handshake deadline serve every check; the bounds on time are
generous (the machine is shared)."""

from __future__ import annotations

import os
import select
import socket
import time
from pathlib import Path

import pytest

from champions_mush import cli
from champions_mush.limits import FULL, TOO_MANY_CONNECTS
from champions_mush.net.relay import HANDSHAKE_DEADLINE
from champions_mush.net.relayed import MAX_WAITING
from champions_mush.net.status import read_status

from .helpers import TIMEOUT, Server, WebSocketClient, free_port, wait_for_output

pytestmark = pytest.mark.e2e

PARTIAL_HEAD = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"  # a request whose head never ends


def _open(port: int, source: str, data: bytes = b"") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT, source_address=(source, 0))
    if data:
        sock.sendall(data)
    return sock


def _answer(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def _closed(socks: list[socket.socket]) -> list[socket.socket]:
    """Those of ``socks`` the server has closed (looked at all at once)."""
    ready, _, _ = select.select(socks, [], [], 0.05)
    found = []
    for sock in ready:
        try:
            if sock.recv(65536, socket.MSG_DONTWAIT) == b"":
                found.append(sock)
        except BlockingIOError:
            pass
        except OSError:
            found.append(sock)
    return found


def _socket_inodes(pid: int) -> set[str]:
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    return inodes


def _relay_listener(game: int, relay: int) -> int:
    """The game's loopback listener for the relay, from /proc: the port the game listens on at
    127.0.0.1 that the relay's own connections go to (a relayed player must be connected)."""
    rows = [row.split() for row in Path("/proc/net/tcp").read_text().splitlines()[1:]]
    mine, theirs = _socket_inodes(game), _socket_inodes(relay)
    listening = {int(r[1].split(":")[1], 16) for r in rows if r[3] == "0A" and r[1].startswith("0100007F:")
                 and r[9] in mine}
    used = {int(r[2].split(":")[1], 16) for r in rows if r[3] == "01" and r[9] in theirs}
    [port] = listening & used
    return port


@pytest.fixture(scope="module")
def limited(tmp_path_factory):
    data = tmp_path_factory.mktemp("limited")
    assert cli.main(["make-cert", "--data-dir", str(data)]) == 0
    tls_port, web_port = free_port(), free_port()
    config = (f"password_cost: 1024\ntls_port: {tls_port}\nweb_port: {web_port}\n"
              "connects_per_minute: 6\nmax_connections: 10\n")
    server = Server(data, config=config).start()
    wait_for_output(server, rf"web client on http://[^:]+:{web_port}/")
    server.tls_port, server.web_port = tls_port, web_port
    yield server
    server.__exit__(None, None, None)


def _wait_all_closed(socks: list[socket.socket], by: float, what: str) -> None:
    open_ = list(socks)
    while open_:
        assert time.monotonic() < by, f"{len(open_)} {what} were not cut off"
        gone = _closed(open_)
        open_ = [sock for sock in open_ if sock not in gone]
        time.sleep(0.2)


def test_slow_and_headerless_connections_are_capped_and_cut_off_in_time(limited):
    """Slow-loris on the web and TLS ports (capped per address and in all, by the game's own
    settings, then cut off at the deadline), and a local process filling the game's loopback
    listener for the relay (capped, cut off) while a web player still plays."""
    web, tls = limited.web_port, limited.tls_port
    started = time.monotonic()
    held = [_open(web, "127.0.0.2", PARTIAL_HEAD) for _ in range(6)]
    over = _open(web, "127.0.0.2", PARTIAL_HEAD)  # the seventh from one address in a minute
    assert _answer(over).endswith(b"\r\n\r\n" + TOO_MANY_CONNECTS.encode())
    held += [_open(tls, "127.0.0.3")] + [_open(web, "127.0.0.3", PARTIAL_HEAD) for _ in range(2)]
    # nine held: the WebSocket below is the tenth, the game's max_connections
    player = WebSocketClient(web)
    limited.clients.append(player)
    player.expect("QUIT")
    full = _open(web, "127.0.0.4", PARTIAL_HEAD)
    answer = _answer(full)
    assert answer.startswith(b"HTTP/1.1 503 Service Unavailable\r\n")
    assert answer.endswith(b"\r\n\r\n" + FULL.encode())

    port = _relay_listener(limited.proc.pid, read_status(limited.data_dir)["relay_pid"])
    local = [_open(port, "127.0.0.1") for _ in range(MAX_WAITING + 40)]
    time.sleep(0.5)
    assert len(_closed(local)) >= 40  # past the cap, cut off at once
    assert _closed(held) == []  # held, but only until the deadline
    player.do("create Webby secret1", "Welcome to Champions MUSH, Webby!")

    _wait_all_closed(held + local, started + HANDSHAKE_DEADLINE + 20, "slow or headerless connections")
    assert time.monotonic() - started >= HANDSHAKE_DEADLINE - 1
    player.do("say still here", 'You say, "still here"')
    page = _answer(_open(web, "127.0.0.4", b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
    assert page.startswith(b"HTTP/1.1 200 OK\r\n") and b'<script src="client.js"></script>' in page
    for sock in held + local:
        sock.close()


@pytest.mark.parametrize("request_head", [
    b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 300000000\r\n\r\n",
    b"POST /ws HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
    b"GET /client.js HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n",
])
def test_no_request_body_is_read(limited, request_head):
    sock = _open(limited.web_port, "127.0.0.5", request_head + b"x" * 65536)
    answer = _answer(sock)  # answered and closed at once: the body is never read
    assert answer.startswith(b"HTTP/1.1 413 Content Too Large\r\n")
    assert answer.endswith(b"\r\n\r\nNothing here takes a request body.")
    sock.close()


def test_an_overlong_request_head_is_refused(limited):
    sock = _open(limited.web_port, "127.0.0.6", b"GET / HTTP/1.1\r\nX-Pad: " + b"a" * 20000)
    assert _answer(sock).startswith(b"HTTP/1.1 431 Request Header Fields Too Large\r\n")
    sock.close()
