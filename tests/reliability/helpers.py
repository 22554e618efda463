"""Measuring a running server from outside: its descriptors, memory and WHO count.

The overload and fault tests start the real server with ``tests.e2e.helpers.Server`` and use
these to check that nothing leaks and that the server stays responsive.
"""

from __future__ import annotations

import os
import re
import socket
import struct
import time

from tests.e2e.helpers import Client, Server

__all__ = ["fd_count", "raw_login", "reset", "rss_kb", "wait_until", "who_count"]

_WHO_COUNT = re.compile(r"(\d+) players? connected\.")


def fd_count(pid: int) -> int:
    """Open file descriptors of process ``pid``."""
    return len(os.listdir(f"/proc/{pid}/fd"))


def rss_kb(pid: int) -> int:
    """Resident memory of process ``pid`` in KiB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError(f"no VmRSS for {pid}")


def who_count(server: Server) -> int:
    """Players connected, as WHO at the login screen of a fresh connection reports it."""
    client = Client(server.port)
    try:
        client.expect("QUIT")
        text = client.do("WHO", "connected.")
    finally:
        client.close()
    return int(_WHO_COUNT.search(text).group(1))


def wait_until(predicate, timeout: float = 10.0, interval: float = 0.05) -> bool:
    """Poll ``predicate`` until it is true or ``timeout`` passes; returns its last value."""
    deadline = time.monotonic() + timeout
    while True:
        if predicate():
            return True
        if time.monotonic() > deadline:
            return bool(predicate())
        time.sleep(interval)


def reset(sock: socket.socket) -> None:
    """Close ``sock`` with a TCP RST instead of a FIN (SO_LINGER with a zero timeout)."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def raw_login(port: int, line: str, rcvbuf: int | None = None, timeout: float = 10.0) -> socket.socket:
    """A bare socket logged in with ``line`` (``create X pw`` or ``connect X pw``).

    Negotiation bytes are left unanswered (the server must cope). With ``rcvbuf`` the receive
    buffer is set before connecting, so a client that then stops reading fills up quickly.
    """
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(timeout)
    sock.connect(("127.0.0.1", port))
    sock.sendall(line.encode() + b"\r\n")
    seen = b""
    deadline = time.monotonic() + timeout
    while b"Welcome to " not in seen:
        if time.monotonic() > deadline:
            raise AssertionError(f"no welcome for {line!r}: {seen[-300:]!r}")
        chunk = sock.recv(65536)
        if not chunk:
            raise AssertionError(f"closed during login: {seen[-300:]!r}")
        seen += chunk
    return sock
