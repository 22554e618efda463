"""Output on its way to the socket: held while the client is not reading, and coalesced to one
write per connection per reactor turn (docs/performance.md, "Coalesced output")."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from twisted.internet import interfaces
from zope.interface import implementer

if TYPE_CHECKING:
    import socket

__all__ = ["Coalescer", "ITCPConnection", "Outbox", "socket_writer"]

log = logging.getLogger("champions_mush.net")


class ITCPConnection(interfaces.ITCPTransport, interfaces.IConsumer, interfaces.IPushProducer):
    """What Twisted gives a protocol of ours as its ``transport`` (``tcp.Connection``, TLS alike):
    a TCP transport that takes a producer and can itself be paused. Declared for type checkers."""

    #: True once the connection is closing (``loseConnection`` was called)
    disconnecting: bool
    #: the connected socket (a reload hands it over: net/reload.py)
    socket: socket.socket

    def fileno() -> int:
        """The socket's descriptor (a reload hands it over: net/reload.py)."""

    def stopReading() -> None:
        """Read nothing more from the socket."""


@implementer(interfaces.IPushProducer)
class Outbox:
    """Bytes for one socket: written at once, or held while the kernel buffer is full (Twisted
    pauses this producer), up to ``cap`` bytes; past that the client is not reading."""

    __slots__ = ("_held", "_write", "cap", "held_size", "paused")

    def __init__(self, write: Callable[[bytes], None], cap: int) -> None:
        self._write = write
        self.cap = cap
        self.paused = False
        self._held: list[bytes] | tuple[()] = ()  # a list only while the socket is backed up
        self.held_size = 0

    def put(self, data: bytes) -> bool:
        """Write or hold ``data``; False once more than ``cap`` bytes are held (all dropped)."""
        if not self.paused:
            self._write(data)
            return True
        if not self._held:
            self._held = [data]
        else:
            self._held.append(data)
        self.held_size += len(data)
        if self.held_size > self.cap:
            self.stopProducing()
            return False
        return True

    def pauseProducing(self) -> None:
        self.paused = True

    def resumeProducing(self) -> None:
        """The socket drains again: write what was held, in order."""
        self.paused = False
        if self._held:
            data = b"".join(self._held)
            self.stopProducing()
            self._write(data)

    def stopProducing(self) -> None:
        self._held = ()
        self.held_size = 0


def socket_writer(transport) -> Callable[[bytes], None]:  # a Twisted TCP transport
    """``transport.write``, but straight to the socket when Twisted holds nothing unsent.

    Twisted's ``write`` buffers the bytes, registers the socket with epoll, writes on the next
    loop pass and unregisters it: two ``epoll_ctl`` calls and a pass per write. A connection
    that keeps up (nearly all) takes the bytes at once, so we try ``send`` first and give
    Twisted only what the kernel did not take (it then waits for the socket, pauses the
    producer and reports errors as always). Transports without a plain socket (TLS, tests)
    use ``write`` (docs/performance.md, "Fan-out per turn").
    """
    sock = getattr(transport, "socket", None)
    if sock is None or getattr(transport, "TLS", True) or not hasattr(transport, "_tempDataLen"):
        sock = None
    return _SocketWriter(transport, sock)


class _SocketWriter:
    """What :func:`socket_writer` returns: one small object per connection, not a closure."""

    __slots__ = ("_sock", "_transport")

    def __init__(self, transport, sock) -> None:
        self._transport, self._sock = transport, sock

    def __call__(self, data: bytes) -> None:
        transport, sock = self._transport, self._sock
        if (sock is None or transport._tempDataLen or transport.offset != len(transport.dataBuffer)
                or transport.disconnecting or not transport.connected):
            transport.write(data)
            return
        try:
            sent = sock.send(data)
        except BlockingIOError:
            sent = 0
        except OSError:  # reset, broken pipe: Twisted's own write and read report it
            sent = 0
        if sent < len(data):
            transport.write(data[sent:])


#: what :attr:`Coalescer._call` holds while the turn ends (its batch delivered)
_ENDING = object()


class Coalescer:
    """Connections with output queued this turn, flushed together once the turn ends.

    Args:
        call_later: the reactor's (or a test clock's) ``callLater``.
        before: run first when the turn ends (the game's broadcast batch, game/batch.py, which
            queues output on the connections that hear it).
    """

    def __init__(self, call_later: Callable[..., object], before: Callable[[], None] = lambda: None) -> None:
        self._call_later = call_later
        self._before = before
        self._dirty: set = set()
        self._call: object | None = None  # the flush due at the end of this turn (or _ENDING)

    def mark(self, proto) -> None:  # anything with flush()
        """Write ``proto``'s output when this turn ends; marked while it ends (the batch
        delivered), in that same flush."""
        self._dirty.add(proto)
        if self._call is None:
            self._call = self._call_later(0, self.flush)

    def wake(self) -> None:
        """Have this turn end with a flush (woken while one ends: the next turn's)."""
        if self._call is None or self._call is _ENDING:
            self._call = self._call_later(0, self.flush)

    def flush(self) -> None:
        """Deliver the game's batch, then write every marked connection's output (one write each):
        the connections the batch marks are written here, not in another turn of the reactor."""
        self._call = _ENDING
        try:
            self._before()
        except Exception:  # a bad broadcast must not keep output from everyone
            log.exception("delivering this turn's broadcasts failed")
        if self._call is _ENDING:
            self._call = None
        dirty, self._dirty = self._dirty, set()
        for proto in dirty:
            try:
                proto.flush()
            except Exception:  # one broken socket must not keep output from the rest
                log.exception("flush failed for session %s", getattr(proto.session, "id", "?"))
