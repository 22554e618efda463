"""In the relay: a web port request for a path the web client does not serve goes to the
portal (champions_mush/portal, docs/architecture.md "The portal") on its loopback port, through
a :class:`PortalPipe` (net/web.py reads the request's head itself).

The relay has read the request's head; it hands the portal that head with ``X-Forwarded-For``
and ``X-Forwarded-Proto`` set by the relay itself (a browser's own are dropped, unless the
browser is a TLS-ending proxy on this machine) and ``Connection: close``, then the body, at most
:data:`MAX_BODY` bytes as its ``Content-Length`` says; the portal's answer goes back as it comes,
and the connection closes with it (so the next request on a new connection may be the web
client's again).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from twisted.internet import protocol

if TYPE_CHECKING:
    from .output import ITCPConnection

__all__ = ["MAX_BODY", "PortalPipe", "for_portal"]

#: Largest request body forwarded: a Hero Designer file (2 MiB) as a form upload, with room.
MAX_BODY = 5 * 1024 * 1024
_LOOPBACK = (b"127.0.0.1", b"::1")
_DROPPED = (b"connection", b"keep-alive", b"proxy-connection", b"upgrade")


def for_portal(lines: list[bytes], headers: dict[bytes, bytes], peer: str) -> tuple[bytes, int, tuple[int, str] | None]:
    """The head the portal gets and the body's length; or a refusal (status, text)."""
    if b"transfer-encoding" in headers:
        return b"", 0, (411, "Send the request with a Content-Length.")
    length = headers.get(b"content-length", b"0")
    if not length.isdigit() or len(length) > 12:
        return b"", 0, (400, "That request's Content-Length is not a number.")
    if int(length) > MAX_BODY:
        return b"", 0, (413, f"That upload is over {MAX_BODY // (1024 * 1024)} MB.")
    address = peer.encode("ascii", "replace")
    local_proxy = address in _LOOPBACK and b"x-forwarded-for" in headers
    kept = [lines[0]]
    for line in lines[1:]:
        name = line.partition(b":")[0].strip().lower()
        if name in _DROPPED or (not local_proxy and name in (b"x-forwarded-for", b"x-forwarded-proto")):
            continue
        kept.append(line)
    if not local_proxy:
        kept += [b"X-Forwarded-For: " + address, b"X-Forwarded-Proto: http"]
    kept.append(b"Connection: close")
    return b"\r\n".join(kept) + b"\r\n\r\n", int(length), None


class _PortalSide(protocol.Protocol):
    transport: ITCPConnection  # set by Twisted before connectionMade

    def __init__(self, pipe: PortalPipe) -> None:
        self.pipe = pipe

    def connectionMade(self) -> None:  # Twisted's names
        self.pipe.connected(self.transport)

    def dataReceived(self, data: bytes) -> None:
        self.pipe.client.transport.write(data)

    def connectionLost(self, reason=protocol.connectionDone) -> None:
        self.pipe.client.transport.loseConnection()


class _PortalSideFactory(protocol.ClientFactory):
    """One request's connection to the portal; its browser is told when the portal is not there."""

    noisy = False

    def __init__(self, pipe: PortalPipe) -> None:
        self.pipe = pipe

    def buildProtocol(self, addr) -> _PortalSide:  # Twisted's names
        return _PortalSide(self.pipe)

    def clientConnectionFailed(self, connector, reason) -> None:
        self.pipe.client.portal_failed()


class PortalPipe:
    """One request's bytes to the portal and its answer back to ``client`` (a web.WebClient)."""

    def __init__(self, client, reactor, port: int, head: bytes, body: bytes, length: int) -> None:
        self.client = client
        self.portal = None
        self._early = bytearray(head)
        self._left = length  # body bytes still to forward: what follows is not the portal's
        self.from_client(body)
        reactor.connectTCP("127.0.0.1", port, _PortalSideFactory(self), timeout=30)

    def connected(self, transport) -> None:
        self.portal = transport
        client = self.client.transport
        client.registerProducer(transport, True)  # a slow browser slows the portal's answer
        transport.registerProducer(client, True)
        transport.write(bytes(self._early))
        self._early.clear()

    def from_client(self, data: bytes) -> None:
        data = data[:self._left]
        self._left -= len(data)
        if self.portal is not None:
            self.portal.write(data)
        else:
            self._early += data

    def client_lost(self) -> None:
        if self.portal is not None:
            self.portal.loseConnection()
