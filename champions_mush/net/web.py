"""The web port (inside the relay process): the browser client at ``/`` and the telnet
stream over a WebSocket at ``/ws`` (docs/admin-guide.md, "The web client").

The WebSocket carries the game's telnet stream unchanged in binary frames, subprotocol
``telnet`` (as other web MUD clients expect), so the one telnet core serves every client; the
framing is autobahn's. The page's files ship inside the package (``champions_mush/web``).
"""

from __future__ import annotations

import logging
from importlib import resources

from autobahn.twisted.resource import WebSocketResource
from autobahn.twisted.websocket import WebSocketServerFactory, WebSocketServerProtocol
from twisted.web.server import Site
from twisted.web.static import File

from .portal_proxy import PortalProxy, SiteRoot
from .relay import GamePipe, RelayedClient

__all__ = ["STATIC_FILES", "SUBPROTOCOL", "web_site"]

log = logging.getLogger("champions_mush.relay")

SUBPROTOCOL = "telnet"
#: The page and what it loads, all in ``champions_mush/web``; and the Mudlet package GMCP
#: Client.GUI points at (net/mudlet.py).
STATIC_FILES = ("index.html", "client.js", "client.css", "champions-mush.xml")
#: Largest WebSocket message a client may send (a line is at most 8 KiB; a paste a few).
MAX_MESSAGE = 65536
#: Seconds between WebSocket pings (NAT routers forget quiet connections).
PING_INTERVAL = 30


class TelnetWebSocket(WebSocketServerProtocol, RelayedClient):
    """One browser (or web MUD client): binary messages are the telnet stream both ways."""

    relay = None  # set on the factory's protocol class by web_site()
    pipe: GamePipe | None = None

    def onConnect(self, request):  # noqa: ANN001, ANN201, N802 - autobahn's names
        return SUBPROTOCOL if SUBPROTOCOL in request.protocols else None

    def onOpen(self) -> None:  # noqa: N802
        try:
            self.transport.setTcpNoDelay(True)
        except AttributeError:
            pass
        self.pipe = GamePipe(self.relay, self, "websocket", self.address())

    def onMessage(self, payload: bytes, isBinary: bool) -> None:  # noqa: N802, N803
        if self.pipe is not None:
            self.pipe.to_game(payload)  # a text frame is UTF-8, the same bytes

    def onClose(self, wasClean: bool, code, reason) -> None:  # noqa: ANN001, N802, N803
        if self.pipe is not None:
            self.pipe.client_lost()

    def send_to_client(self, data: bytes) -> None:
        self.sendMessage(data, isBinary=True)

    def close_client(self, reason: str) -> None:
        if reason:
            self.sendMessage(reason.encode("ascii") + b"\r\n", isBinary=True)
        self.sendClose(1000)


def _static(name: str) -> File:
    path = resources.files("champions_mush") / "web" / name
    return File(str(path), defaultType="application/octet-stream")


def web_site(relay) -> Site:  # noqa: ANN001 - a relay.Relay
    """The web port's site: the client's files and the WebSocket."""
    factory = WebSocketServerFactory()
    factory.setProtocolOptions(maxMessagePayloadSize=MAX_MESSAGE, maxFramePayloadSize=MAX_MESSAGE,
                               autoPingInterval=PING_INTERVAL, autoPingTimeout=PING_INTERVAL)
    factory.protocol = type("RelayWebSocket", (TelnetWebSocket,), {"relay": relay})
    port = relay.settings.get("portal_port")
    root = SiteRoot(PortalProxy(int(port), relay.reactor) if port else None)  # the portal's pages
    root.putChild(b"", _static("index.html"))
    for name in STATIC_FILES:
        root.putChild(name.encode(), _static(name))
    root.putChild(b"ws", WebSocketResource(factory))
    site = Site(root)
    site.log = lambda request: None  # no access log: the game logs connections
    return site
