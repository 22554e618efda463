"""Run the real server as a subprocess and talk to it over TCP, as a MUD client would.

    with Server(tmp_path) as server:
        alice = server.client()
        alice.send("create Alice secret1")
        alice.expect("Welcome to Champions MUSH, Alice!")
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Self

__all__ = ["Client", "Server", "champions_mush_command"]

IAC, DONT, DO, WONT, WILL, SB, SE = 255, 254, 253, 252, 251, 250, 240
_LISTENING = re.compile(r"listening on [^:]+:(\d+)")
TIMEOUT = 10.0


def champions_mush_command() -> list[str]:
    """The installed ``champions-mush`` script beside this Python, else ``python -m champions_mush.cli``."""
    script = Path(sys.executable).parent / "champions-mush"
    return [str(script)] if script.exists() else [sys.executable, "-m", "champions_mush.cli"]


class Client:
    """A plain telnet client: refuses every option, strips negotiation, reads text."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.text = ""
        self._pending = b""
        self.closed = False

    def send(self, line: str) -> None:
        self.sock.sendall(line.encode("utf-8") + b"\r\n")

    def _feed(self, data: bytes) -> None:
        data = self._pending + data
        self._pending = b""
        out, replies, i = bytearray(), bytearray(), 0
        while i < len(data):
            byte = data[i]
            if byte != IAC:
                out.append(byte)
                i += 1
                continue
            if i + 1 >= len(data):
                self._pending = data[i:]
                break
            verb = data[i + 1]
            if verb == IAC:
                out.append(IAC)
                i += 2
            elif verb in (DO, DONT, WILL, WONT):
                if i + 2 >= len(data):
                    self._pending = data[i:]
                    break
                option = data[i + 2]
                if verb == DO:
                    replies += bytes((IAC, WONT, option))
                elif verb == WILL:
                    replies += bytes((IAC, DONT, option))
                i += 3
            elif verb == SB:
                end = data.find(bytes((IAC, SE)), i)
                if end < 0:
                    self._pending = data[i:]
                    break
                i = end + 2
            else:
                i += 2
        if replies:
            self.sock.sendall(bytes(replies))
        self.text += out.decode("utf-8", "replace").replace("\r\n", "\n")

    def _read(self, deadline: float) -> bool:
        self.sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            data = self.sock.recv(65536)
        except TimeoutError:
            return False
        except OSError:
            data = b""
        if not data:
            self.closed = True
            return False
        self._feed(data)
        return True

    def expect(self, needle: str, timeout: float = TIMEOUT) -> str:
        """Read until ``needle`` arrives; returns (and consumes) the text through it."""
        deadline = time.monotonic() + timeout
        while needle not in self.text:
            if time.monotonic() >= deadline or self.closed:
                raise AssertionError(f"never got {needle!r}; got {self.text!r}")
            self._read(deadline)
        end = self.text.index(needle) + len(needle)
        seen, self.text = self.text[:end], self.text[end:]
        return seen

    def do(self, line: str, needle: str) -> str:
        self.send(line)
        return self.expect(needle)

    def wait_closed(self, timeout: float = TIMEOUT) -> str:
        deadline = time.monotonic() + timeout
        while not self.closed and time.monotonic() < deadline:
            self._read(deadline)
        assert self.closed, f"still open; got {self.text!r}"
        return self.text

    def close(self) -> None:
        self.sock.close()


class Server:
    """``champions-mush serve`` on a free port with its own data directory."""

    def __init__(self, data_dir: Path, config: str = "password_cost: 1024\n") -> None:
        self.data_dir = Path(data_dir)
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.config = self.data_dir / "test-config.yaml"
        if "web_port" not in config:  # the web client's port is on by default: off unless asked
            config += "\nweb_port: 0\n"
        if "creates_per_address_per_day" not in config:  # every test client comes from 127.0.0.1
            config += "creates_per_address_per_day: 0\n"
        self.config.write_text(config)
        self.proc: subprocess.Popen | None = None
        self.port = 0
        self.clients: list[Client] = []

    def start(self) -> Self:
        cmd = [*champions_mush_command(), "serve", "--host", "127.0.0.1", "--port", "0",
               "--data-dir", str(self.data_dir), "--config", str(self.config)]
        self.output = self.data_dir / "server-output.txt"
        with open(self.output, "w") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT,
                                         env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + TIMEOUT
        while True:
            match = _LISTENING.search(self.output.read_text())
            if match:
                break
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.proc.kill()
                raise AssertionError(f"server did not start: {self.output.read_text()}")
            time.sleep(0.02)
        self.port = int(match.group(1))
        return self

    def client(self) -> Client:
        client = Client(self.port)
        self.clients.append(client)
        return client

    def login(self, name: str, password: str = "secret1", create: bool = True) -> Client:
        client = self.client()
        client.expect("QUIT")  # the end of the connect screen
        client.send(f"{'create' if create else 'connect'} {name} {password}")
        client.expect(f"Welcome to Champions MUSH, {name}!")
        client.expect("Heroes gather here.\n")
        return client

    def reconnect(self, name: str, password: str = "secret1") -> Client:
        """``connect`` an existing character, wherever he is (login() expects Hero Plaza)."""
        client = self.client()
        client.expect("QUIT")
        client.send(f"connect {name} {password}")
        client.expect(f"Welcome to Champions MUSH, {name}!")
        client.expect("\n")
        return client

    def quit_all(self) -> None:
        """Every client still connected QUITs and is closed: the next test's rooms hold only its own."""
        for client in self.clients:
            if not client.closed:
                client.send("QUIT")
                client.wait_closed()
            client.close()
        self.clients.clear()

    def kill9(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(TIMEOUT)
        self._close_clients()

    def restart(self) -> None:
        """``kill -9`` and start again: what a player was told was saved must be there after."""
        self.kill9()
        self.start()

    def terminate(self) -> int:
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(TIMEOUT)

    def _close_clients(self) -> None:
        for client in self.clients:
            client.close()
        self.clients.clear()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(TIMEOUT)
        self._close_clients()


# --- Added for the dice, combat tracker and ruleset end-to-end tests (issues 6 and 7) ---------
__all__ += ["create_admin", "read_line", "serving_with_admin"]


def create_admin(server: Server, name: str, password: str) -> None:
    """``champions-mush create-admin`` on a stopped ``server``'s data directory and config."""
    subprocess.run([*champions_mush_command(), "create-admin", name, "--password", password,
                    "--data-dir", str(server.data_dir), "--config", str(server.config)],
                   check=True, capture_output=True, timeout=30)


@contextlib.contextmanager
def serving_with_admin(data_dir: Path, config: str = "password_cost: 1024\n", name: str = "Ada",
                       password: str = "admin123") -> Iterator[tuple[Server, Client]]:
    """A server whose admin ``name`` was made by ``create-admin`` before it started, running, and
    that admin connected: ``with serving_with_admin(tmp_path) as (server, ada):``."""
    server = Server(data_dir, config)
    create_admin(server, name, password)
    with server:
        yield server, server.login(name, password, create=False)


def read_line(client: Client, start: str, timeout: float = TIMEOUT) -> str:
    """The next whole line that begins with ``start``, without its newline (and consumed)."""
    seen = client.expect(start, timeout)
    before = seen[: -len(start)]
    assert before == "" or before.endswith("\n"), f"{start!r} arrived mid-line: {seen!r}"
    return start + client.expect("\n", timeout)[:-1]


# --- TLS and WebSocket clients, for the TLS, web client and reload tests (docs/reload.md) ------------
__all__ += ["TlsClient", "WebSocketClient", "free_port", "wait_for_output"]


def free_port() -> int:
    """A TCP port nothing listens on just now (for the TLS and web listeners in tests)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_output(server: Server, pattern: str, timeout: float = TIMEOUT) -> re.Match:
    """Wait until the server's output matches ``pattern``."""
    deadline = time.monotonic() + timeout
    while True:
        match = re.search(pattern, server.output.read_text())
        if match:
            return match
        if time.monotonic() > deadline or server.proc.poll() is not None:
            raise AssertionError(f"never saw {pattern!r}: {server.output.read_text()}")
        time.sleep(0.02)


class TlsClient(Client):
    """The plain client over TLS (Python's ssl module), trusting the test certificate."""

    def __init__(self, port: int, cafile: Path) -> None:
        import ssl

        context = ssl.create_default_context(cafile=str(cafile))
        raw = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        self.sock = context.wrap_socket(raw, server_hostname="localhost")
        self.text = ""
        self._pending = b""
        self.closed = False


class WebSocketClient(Client):
    """The plain client over a WebSocket at /ws (the ``websockets`` package), binary frames."""

    def __init__(self, port: int) -> None:
        from websockets.sync.client import connect

        self.ws = connect(f"ws://127.0.0.1:{port}/ws", subprotocols=["telnet"], open_timeout=TIMEOUT,
                          legacy=True)
        self.text = ""
        self._pending = b""
        self.closed = False
        self.sock = _WebSocketAsSocket(self.ws)


class _WebSocketAsSocket:
    """Just enough of a socket (sendall, recv, settimeout, close) over a WebSocket."""

    def __init__(self, ws) -> None:
        self.ws, self.timeout = ws, TIMEOUT

    def settimeout(self, seconds: float) -> None:
        self.timeout = seconds

    def setsockopt(self, *args: object) -> None:
        pass

    def sendall(self, data: bytes) -> None:
        self.ws.send(bytes(data))

    def recv(self, size: int) -> bytes:
        from websockets.exceptions import ConnectionClosed

        try:
            message = self.ws.recv(timeout=self.timeout)
        except TimeoutError as exc:
            raise TimeoutError from exc
        except ConnectionClosed:
            return b""
        return message if isinstance(message, bytes) else message.encode("utf-8")

    def close(self) -> None:
        self.ws.close()
