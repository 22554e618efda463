"""The web port (inside the relay process): the browser client at ``/`` and the telnet
stream over a WebSocket at ``/ws`` (docs/admin-guide.md, "The web client").

The WebSocket carries the game's telnet stream unchanged in binary frames, subprotocol
``telnet`` (as other web MUD clients expect), so the one telnet core serves every client. The
upgrade and the client's frames are read by ``wsproto`` (sans I/O, RFC 6455); the server's
frames, which are never masked, are written here (RFC 6455 section 5.2). The HTTP side is only
what the page needs: ``GET`` or ``HEAD`` of the page's files, kept in memory, and the upgrade;
every other path goes to the portal when it runs (net/portal_proxy.py). None of the web client's
paths takes a body (one that carries a body is refused unread), the portal's at most
``MAX_BODY``; a request's head is at most :data:`MAX_HEAD` bytes and must arrive within the
relay's handshake deadline (docs/reliability.md).
"""

from __future__ import annotations

import logging
import struct
from importlib import resources
from typing import TYPE_CHECKING

from twisted.internet import protocol
from wsproto import ConnectionType, WSConnection
from wsproto.events import (
    AcceptConnection,
    BytesMessage,
    CloseConnection,
    Ping,
    Pong,
    RejectConnection,
    Request,
    TextMessage,
)
from wsproto.utilities import ProtocolError

from .output import socket_writer
from .portal_proxy import PortalPipe, for_portal
from .relay import GamePipe, RelayedClient

if TYPE_CHECKING:
    from .output import ITCPConnection

__all__ = ["MAX_HEAD", "STATIC_FILES", "SUBPROTOCOL", "WebClient", "frame", "web_factory"]

log = logging.getLogger("champions_mush.relay")

SUBPROTOCOL = "telnet"
#: The page and what it loads, all in ``champions_mush/web``, with their content types.
STATIC_FILES = {"index.html": "text/html; charset=utf-8", "client.js": "text/javascript; charset=utf-8",
                "client.css": "text/css; charset=utf-8",
                "champions-mush.xml": "application/xml; charset=utf-8"}  # Client.GUI's Mudlet package (net/mudlet.py)
#: Longest request head (request line and headers) read; a browser's is under 2 KiB.
MAX_HEAD = 8192
#: Requests one connection may make before it is closed (a page load makes three).
MAX_REQUESTS = 20
#: Seconds a request forwarded to the portal (its body and the answer) may take.
PORTAL_DEADLINE = 120.0
_REASONS = {200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed", 411: "Length Required",
            413: "Content Too Large", 431: "Request Header Fields Too Large", 502: "Bad Gateway",
            503: "Service Unavailable"}
_BINARY, _CLOSE, _PING = 0x82, 0x88, 0x89


def frame(data: bytes, first: int = _BINARY) -> bytes:
    """One unmasked server frame holding ``data`` (a binary message by default)."""
    size = len(data)
    if size < 126:
        return bytes((first, size)) + data
    if size < 65536:
        return struct.pack("!BBH", first, 126, size) + data
    return struct.pack("!BBQ", first, 127, size) + data


class WebClient(protocol.Protocol, RelayedClient):
    """One connection to the web port: HTTP requests for the page's files until it asks for
    the WebSocket; then binary (or text) messages are the telnet stream both ways."""

    transport: ITCPConnection  # set by Twisted before connectionMade

    def __init__(self, relay, files: dict[bytes, tuple[str, bytes]]) -> None:  # a relay.Relay
        self.relay, self.files = relay, files
        self._head = bytearray()
        self._requests = 0
        self.ws: WSConnection | None = None
        self.pipe: GamePipe | None = None
        self.portal: PortalPipe | None = None
        self._ponged = True

    def connectionMade(self) -> None:
        refusal = self.relay.admit(self)
        if refusal:
            self._respond(503, refusal, close=True)
            return
        self.transport.setTcpNoDelay(True)
        self.start_deadline()

    def connectionLost(self, reason=protocol.connectionDone) -> None:
        self.left()
        self.relay.websockets.discard(self)
        if self.pipe is not None:
            self.pipe.client_lost()
        if self.portal is not None:
            self.portal.client_lost()

    def dataReceived(self, data: bytes) -> None:
        if self.transport.disconnecting:
            return
        if self.ws is not None:
            self._frames(data)
            return
        if self.portal is not None:
            self.portal.from_client(data)
            return
        self._head += data
        while self.ws is None and self.portal is None and not self.transport.disconnecting:
            end = self._head.find(b"\r\n\r\n")
            if end < 0:
                if len(self._head) > MAX_HEAD:
                    self._respond(431, "That request's head is too long.", close=True)
                return
            if end + 4 > MAX_HEAD:
                self._respond(431, "That request's head is too long.", close=True)
                return
            head, rest = bytes(self._head[:end + 4]), bytes(self._head[end + 4:])
            self._head.clear()
            self._request(head, rest)
            self._head += rest if self.ws is None and self.portal is None else b""

    # --- HTTP -------------------------------------------------------------------------------------
    def _request(self, head: bytes, rest: bytes) -> None:
        lines = head[:-4].split(b"\r\n")
        words = lines[0].split(b" ")
        headers: dict[bytes, bytes] = {}
        for line in lines[1:]:
            name, colon, value = line.partition(b":")
            if not colon or not name or name != name.strip():
                self._respond(400, "That request is not HTTP/1.1.", close=True)
                return
            headers[name.lower()] = value.strip()
        if len(words) != 3 or not words[2].startswith(b"HTTP/1."):
            self._respond(400, "That request is not HTTP/1.1.", close=True)
            return
        method, path = words[0], words[1].split(b"?", 1)[0]
        port = self.relay.settings.get("portal_port")
        if port and path != b"/ws" and path not in self.files:
            self._to_portal(int(port), lines, headers, rest)
            return
        if headers.get(b"content-length", b"0") != b"0" or b"transfer-encoding" in headers:
            self._respond(413, "Nothing here takes a request body.", close=True)
            return
        self._requests += 1
        if path == b"/ws":
            self._upgrade(head, rest)
            return
        found = self.files.get(path)
        if found is None:
            self._respond(404, "Nothing here by that name.")
        elif method not in (b"GET", b"HEAD"):
            self._respond(405, "Only GET and HEAD are answered here.", close=True)
        else:
            kind, body = found
            self._respond(200, body, kind=kind, head_only=method == b"HEAD")
        if self._requests >= MAX_REQUESTS or headers.get(b"connection", b"").lower() == b"close" \
                or words[2] == b"HTTP/1.0":
            self.transport.loseConnection()
        else:
            self.start_deadline()  # the next request on this connection has as long

    def _respond(self, status: int, body: str | bytes, kind: str = "text/plain; charset=utf-8",
                 head_only: bool = False, close: bool = False) -> None:
        data = body.encode("utf-8") if isinstance(body, str) else body
        head = (f"HTTP/1.1 {status} {_REASONS[status]}\r\nContent-Type: {kind}\r\n"
                f"Content-Length: {len(data)}\r\nX-Content-Type-Options: nosniff\r\n"
                f"Cache-Control: no-cache\r\n{'Connection: close' + chr(13) + chr(10) if close else ''}\r\n")
        self.transport.write(head.encode("ascii") + (b"" if head_only else data))
        if close:
            self.stop_deadline()
            self.transport.loseConnection()

    def _to_portal(self, port: int, lines: list[bytes], headers: dict[bytes, bytes], rest: bytes) -> None:
        """The portal's page: the head as :func:`for_portal` makes it, and the body it declares."""
        head, length, refusal = for_portal(lines, headers, self.address())
        if refusal is not None:
            self._respond(refusal[0], refusal[1], close=True)
            return
        self.start_deadline(PORTAL_DEADLINE)
        self.portal = PortalPipe(self, self.relay.reactor, port, head, rest, length)

    def portal_failed(self) -> None:
        self._respond(502, "The game's pages cannot be reached right now: please try again in a minute.",
                      close=True)

    def _upgrade(self, head: bytes, rest: bytes) -> None:
        ws = WSConnection(ConnectionType.SERVER)
        try:
            ws.receive_data(head)
            request = next((e for e in ws.events() if isinstance(e, Request)), None)
        except (ProtocolError, ValueError):  # a bad upgrade, or a Host header that is not a name
            request = None
        if request is None:
            self._respond(400, "That is not a WebSocket upgrade.", close=True)
            return
        subprotocol = SUBPROTOCOL if SUBPROTOCOL in request.subprotocols else None
        self.transport.write(ws.send(AcceptConnection(subprotocol=subprotocol)))
        self.stop_deadline()
        self.ws = ws
        self._send = socket_writer(self.transport)  # the game's direct send (net/output.py)
        self.relay.websockets.add(self)
        self.pipe = GamePipe(self.relay, self, "websocket", self.address())
        if rest:
            self._frames(rest)

    # --- WebSocket --------------------------------------------------------------------------------
    def _frames(self, data: bytes) -> None:
        ws, pipe = self.ws, self.pipe
        if ws is None or pipe is None:  # (frames come only after the upgrade)
            return
        try:
            ws.receive_data(data)
        except ProtocolError:  # data after the close: nothing more to read
            return
        for event in ws.events():
            if isinstance(event, BytesMessage):
                pipe.to_game(bytes(event.data))
            elif isinstance(event, TextMessage):
                pipe.to_game(event.data.encode("utf-8"))  # a text frame is UTF-8, the same bytes
            elif isinstance(event, Ping):
                self.transport.write(ws.send(event.response()))
            elif isinstance(event, Pong):
                self._ponged = True
            elif isinstance(event, CloseConnection):  # the client's close, or frames we cannot read
                try:
                    self.transport.write(ws.send(event.response()))
                except ProtocolError:  # we had already sent ours
                    pass
                self.transport.loseConnection()
                return
            elif isinstance(event, RejectConnection):
                self.transport.loseConnection()
                return

    def ping(self) -> None:
        """Each sweep: a ping (NAT routers forget quiet connections); no pong to the last one
        in a whole sweep interval closes the connection."""
        if not self._ponged:
            log.info("closed the WebSocket from %s: no answer to a ping", self.address())
            self.transport.abortConnection()
            return
        self._ponged = False
        self.transport.write(frame(b"", _PING))

    def send_to_client(self, data: bytes) -> None:
        self._send(frame(data))

    def close_client(self, reason: str) -> None:
        if self.ws is None:
            self.transport.loseConnection()
            return
        if reason:
            self.send_to_client(reason.encode("ascii") + b"\r\n")
        try:
            self.transport.write(self.ws.send(CloseConnection(code=1000)))
        except ProtocolError:  # the client closed first
            pass
        self.transport.loseConnection()


def _files() -> dict[bytes, tuple[str, bytes]]:
    folder = resources.files("champions_mush") / "web"
    files = {f"/{name}".encode(): (kind, (folder / name).read_bytes()) for name, kind in STATIC_FILES.items()}
    files[b"/"] = files[b"/index.html"]
    return files


def web_factory(relay) -> protocol.Factory[WebClient]:  # a relay.Relay
    """The web port's factory: the client's files (read once) and the WebSocket."""
    files = _files()
    factory = protocol.Factory.forProtocol(lambda: WebClient(relay, files))
    factory.noisy = False
    return factory
