"""A listener behind a trusted proxy: each connection's PROXY header (net/proxy.py) is read
before telnet starts, and the address it names is the client's for bans, limits and WHO.

Only peers in ``proxy_from`` may connect to such a listener, and each must send a header
within :data:`HEADER_TIMEOUT`; a malformed header closes the connection (docs/admin-guide.md,
"Behind a proxy").
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Iterable

from twisted.internet import protocol

from .proxy import ProxyError, ProxyParser
from .server import MushFactory, MushProtocol

__all__ = ["HEADER_TIMEOUT", "ProxiedFactory", "ProxiedProtocol", "trusted_networks"]

log = logging.getLogger("champions_mush.net")

#: Seconds a proxy has to send the header once it connects (it sends it at once).
HEADER_TIMEOUT = 10.0

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_networks(text: str) -> tuple[Network, ...]:
    """``"127.0.0.1 10.0.0.0/8, ::1"`` -> the networks (the config has checked the text)."""
    return tuple(ipaddress.ip_network(part, strict=False) for part in text.replace(",", " ").split())


def _trusted(address: str, networks: Iterable[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    ip = getattr(ip, "ipv4_mapped", None) or ip
    return any(ip in network for network in networks)


class ProxiedProtocol(MushProtocol):
    """A connection from the proxy: its header first, then telnet as usual."""

    def __init__(self, factory: MushFactory, networks: tuple[Network, ...]) -> None:
        super().__init__(factory)
        self._networks = networks
        self._parser: ProxyParser | None = ProxyParser()
        self._address = ""

    def connectionMade(self) -> None:  # the game's side starts once the header says who it is
        self._address = super().peer_address()
        if not _trusted(self._address, self._networks):
            self._refuse(f"a connection from {self._address}, which is not in proxy_from")
            return
        self._calls.append(self.factory.clock.callLater(HEADER_TIMEOUT, self._refuse, "no PROXY header in time"))

    def peer_address(self) -> str:
        return self._address

    def dataReceived(self, data: bytes) -> None:
        parser = self._parser
        if parser is None:
            super().dataReceived(data)
            return
        try:
            header = parser.receive_data(data)
        except ProxyError as exc:
            self._refuse(f"a bad PROXY header ({exc})")
            return
        if header is None:
            return
        self._parser = None
        for call in self._calls:
            if call.active():
                call.cancel()
        self._calls.clear()
        if header.source is not None:
            self._address = header.source
        super().connectionMade()
        if parser.rest and self.conn is not None:
            super().dataReceived(parser.rest)

    def _refuse(self, why: str) -> None:
        log.warning("closed %s from %s: %s", "proxied connection", super().peer_address(), why)
        self._parser = None
        self.transport.abortConnection()


class ProxiedFactory(protocol.Factory):
    """Builds :class:`ProxiedProtocol` for the game's ``factory``, trusting ``networks``."""

    def __init__(self, factory: MushFactory, networks: tuple[Network, ...]) -> None:
        self.factory, self.networks = factory, networks

    def buildProtocol(self, addr) -> ProxiedProtocol:
        return ProxiedProtocol(self.factory, self.networks)
