"""The metrics page: ``GET /metrics`` in Prometheus's text format on ``metrics_port``.

Loaded only when ``metrics_port`` is set (``prometheus_client`` costs the game's process about
1.2 MB). Commands and store writes are timed through two hooks that are None otherwise
(``Dispatcher.observe``, ``SqliteStore.observe_write``); what is counted anyway (players,
output held, reloads, failed logins) is read when the page is asked for. The page is served by
a few lines of HTTP on the game's loop: one request per connection, headers capped in size and
time (docs/admin-guide.md, "Metrics").
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from prometheus_client import CollectorRegistry, Counter, Histogram, disable_created_metrics
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.process_collector import ProcessCollector
from twisted.internet import protocol

from ..commands.table import FAMILIES
from ..game.accounts import Accounts

if TYPE_CHECKING:
    from .output import ITCPConnection

__all__ = ["GameMetrics", "listen_metrics"]

log = logging.getLogger("champions_mush.server")

#: seconds: where a command's time falls (a say takes ~0.1 ms; a +sheet a few ms; 0.05 s is
#: the longest a bystander should ever wait)
COMMAND_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)
#: seconds: a store write (an fsync'd SQLite commit is about 1-10 ms on a disk)
WRITE_BUCKETS = (0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 2.0)
#: the longest request the page reads (the request line and its headers), and for how long
MAX_REQUEST_BYTES = 8192
REQUEST_DEADLINE = 10.0


def _family_of_each_command() -> dict[str, str]:
    """Command key -> its family module's name (``say`` -> ``social``), from the table."""
    return {command.key: family.__name__.rsplit(".", 1)[-1] for family in FAMILIES for command in family.COMMANDS}


class GameMetrics:
    """The game's figures in one registry: timed as they happen, or read when scraped."""

    def __init__(self, factory, dispatcher, store, status) -> None:  # the server's own
        self.factory, self.status = factory, status
        disable_created_metrics()  # the *_created series: noise on a page scraped every few seconds
        self.registry = CollectorRegistry()
        ProcessCollector(registry=self.registry)
        self.commands = Counter("champions_commands", "Commands run, by family", ["family"], registry=self.registry)
        self.latency = Histogram("champions_command_seconds", "Time the game's loop spent on one command",
                                 buckets=COMMAND_BUCKETS, registry=self.registry)
        self.writes = Histogram("champions_store_write_seconds",
                                "Time of one store write or transaction, committed",
                                buckets=WRITE_BUCKETS, registry=self.registry)
        self.families = _family_of_each_command()
        #: command key -> its family's counter, at its first use
        self._counted: dict[str, Any] = {}
        self.registry.register(self)
        dispatcher.observe = self.observe_command
        store.observe_write = self.writes.observe

    def observe_command(self, key: str, seconds: float) -> None:
        counted = self._counted.get(key)
        if counted is None:  # its family's counter, found once (``labels`` is slower than the count)
            counted = self._counted[key] = self.commands.labels(self.families.get(key, "other"))
        counted.inc()
        self.latency.observe(seconds)

    def collect(self):  # prometheus_client's collector protocol
        game, protos = self.factory.game, list(self.factory.protocols)
        yield GaugeMetricFamily("champions_players_online", "Characters logged in",
                                value=len(game.connected_characters()))
        yield GaugeMetricFamily("champions_connections", "Open connections (telnet, TLS and web)", value=len(protos))
        yield GaugeMetricFamily("champions_output_queued_bytes", "Output written but not yet taken by clients",
                                value=sum(_queued(p) for p in protos))
        yield CounterMetricFamily("champions_reloads", "Reloads since the server started",
                                  value=int(self.status.fixed.get("reloads", 0)))
        yield CounterMetricFamily("champions_failed_logins", "Wrong passwords and unknown names tried",
                                  value=Accounts.of(game).failed_logins)

    def describe(self):  # no fixed description: collected afresh each scrape
        return []


def _queued(proto) -> int:  # MushProtocol
    """Bytes held for one connection: its outbox, and what Twisted's transport still buffers."""
    held = proto.outbox.held_size if getattr(proto, "outbox", None) is not None else 0
    transport = getattr(proto, "transport", None)
    return held + len(getattr(transport, "dataBuffer", b"")) + getattr(transport, "_tempDataLen", 0)


class _MetricsRequest(protocol.Protocol):
    """One HTTP request: ``GET /metrics`` answers the page, anything else 404; then closed."""

    transport: ITCPConnection  # set by Twisted before connectionMade
    factory: _MetricsSite

    def connectionMade(self) -> None:
        self.buffer = b""
        self.answered = False
        self.deadline = self.factory.reactor.callLater(REQUEST_DEADLINE, self.transport.abortConnection)

    def dataReceived(self, data: bytes) -> None:
        if self.answered:
            return
        self.buffer += data
        if b"\r\n\r\n" not in self.buffer and b"\n\n" not in self.buffer:
            if len(self.buffer) > MAX_REQUEST_BYTES:
                self._answer(b"431 Request Header Fields Too Large", b"text/plain", b"too large\n")
            return
        words = self.buffer.split(b"\r\n", 1)[0].split(b"\n", 1)[0].split()
        if len(words) == 3 and words[0] in (b"GET", b"HEAD") and words[1].split(b"?")[0] == b"/metrics":
            body = generate_latest(self.factory.metrics.registry)
            self._answer(b"200 OK", CONTENT_TYPE_LATEST.encode(), b"" if words[0] == b"HEAD" else body, len(body))
        else:
            self._answer(b"404 Not Found", b"text/plain", b"the metrics are at /metrics\n")

    def _answer(self, status: bytes, kind: bytes, body: bytes, length: int | None = None) -> None:
        self.transport.write(b"HTTP/1.1 " + status + b"\r\nContent-Type: " + kind + b"\r\nContent-Length: "
                             + str(len(body) if length is None else length).encode() + b"\r\nConnection: close\r\n\r\n"
                             + body)
        self.transport.loseConnection()
        self.answered = True

    def connectionLost(self, reason=protocol.connectionDone) -> None:
        if self.deadline.active():
            self.deadline.cancel()


class _MetricsSite(protocol.Factory[_MetricsRequest]):
    """The metrics port: each connection one request, answered from ``metrics``."""

    protocol = _MetricsRequest

    def __init__(self, reactor, metrics: GameMetrics) -> None:
        self.reactor, self.metrics = reactor, metrics


def listen_metrics(reactor, metrics: GameMetrics, server) -> int:
    """Serve ``metrics`` on ``server.metrics_host``:``server.metrics_port``; returns the port.

    Raises:
        CannotListenError: the port is taken.
    """
    site = _MetricsSite(reactor, metrics)
    port = reactor.listenTCP(server.metrics_port, site, interface=server.metrics_host)
    number = port.getHost().port
    log.info("metrics on http://%s:%d/metrics", server.metrics_host, number)
    return number
