"""systemd's notify protocol, the few lines the game needs (man sd_notify, "NOTIFY_SOCKET").

Under ``Type=notify`` systemd names a unix datagram socket in ``NOTIFY_SOCKET``; the service
sends it newline-separated ``KEY=value`` lines: ``READY=1`` once it serves, ``RELOADING=1`` and
``READY=1`` around a reload, ``STOPPING=1``, ``STATUS=...`` for ``systemctl status``, and
``WATCHDOG=1`` at least every ``WATCHDOG_USEC`` microseconds, or systemd restarts it. The
watchdog is fed by the game's own loop, so a stalled loop is restarted (docs/admin-guide.md,
"Running it under systemd"). Without ``NOTIFY_SOCKET`` every call does nothing.
"""

from __future__ import annotations

import logging
import os
import socket
import time

__all__ = ["notify", "start_notify", "watchdog_interval"]

log = logging.getLogger("champions_mush.server")


def _address() -> str | None:
    """The socket's address: a path, or an abstract name (``@name`` in the variable)."""
    name = os.environ.get("NOTIFY_SOCKET", "")
    if name.startswith("@"):
        return "\0" + name[1:]
    return name if name.startswith("/") else None


def notify(*lines: str) -> bool:
    """Send one message of ``KEY=value`` lines; False when there is no socket or it failed."""
    address = _address()
    if address is None:
        return False
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.sendto("\n".join(lines).encode("utf-8"), address)
    except OSError as exc:
        log.warning("systemd notify failed: %s", exc)
        return False
    return True


def watchdog_interval() -> float | None:
    """Seconds between ``WATCHDOG=1`` messages: half of ``WATCHDOG_USEC`` (as sd_notify(3)
    advises), or None when systemd asks for no watchdog or asks another process."""
    try:
        usec = int(os.environ.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    pid = os.environ.get("WATCHDOG_PID")
    if usec <= 0 or (pid and pid != str(os.getpid())):
        return None
    return usec / 2_000_000


def _monotonic_usec() -> str:
    return f"MONOTONIC_USEC={time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000}"


def start_notify(reactor, describe) -> None:  # the reactor; () -> str for STATUS=
    """Tell systemd the game is ready, feed the watchdog from the reactor's loop, and say
    STOPPING when it stops. Does nothing outside a ``Type=notify`` service."""
    if _address() is None:
        return
    from twisted.internet import task

    notify("READY=1", f"MAINPID={os.getpid()}", f"STATUS={describe()}")
    interval = watchdog_interval()
    if interval is not None:
        loop = task.LoopingCall(lambda: notify("WATCHDOG=1", f"STATUS={describe()}"))
        loop.clock = reactor
        loop.start(interval, now=True)
        log.info("systemd watchdog fed every %.1f s", interval)
    reactor.addSystemEventTrigger("before", "shutdown", lambda: notify("STOPPING=1"))


def reloading() -> None:
    """A reload begins (``ExecReload=``): systemd shows the service as reloading until the new
    code says ``READY=1``."""
    notify("RELOADING=1", _monotonic_usec())


def reload_refused(describe) -> None:  # () -> str
    """A refused reload: the old code goes on serving."""
    notify("READY=1", f"STATUS={describe()}")
