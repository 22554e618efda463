"""The portal process: started by ``serve`` (net/portal.py) with its settings as one JSON line
on standard input, it answers one JSON line (``{"port": n}`` or ``{"error": why}``) and serves
until its standard input closes (the game stopped).

It serves on the listening socket the game holds for it (``socket_fd``), reads the database
read-only (``db``), and asks the game on ``game_port`` with ``token`` for any change.
"""

from __future__ import annotations

import json
import logging
import logging.handlers
import os
import socket
import sys
import threading
from pathlib import Path

__all__ = ["main"]

log = logging.getLogger("champions_mush.portal")


def _log_to(folder: str | None) -> None:
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            Path(folder) / "portal.log", maxBytes=5_000_000, backupCount=3, encoding="utf-8")
    else:
        handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)


def _stop_when_stdin_closes(reactor) -> None:
    """The game holds our standard input open while it lives (across its reloads too)."""

    def wait() -> None:
        try:
            while sys.stdin.buffer.read(4096):
                pass
        finally:
            reactor.callFromThread(reactor.stop)

    threading.Thread(target=wait, daemon=True, name="stdin-watch").start()


def site_for(settings: dict, reactor):
    """The portal's twisted.web Site on the game's database and channel."""
    from twisted.web.server import Site

    from .link import GameLink
    from .site import Portal
    from .view import GameView

    view = GameView(settings["db"], settings.get("game_config"))
    link = GameLink(reactor, int(settings["game_port"]), str(settings["token"]))
    class QuietSite(Site):
        def log(self, request) -> None:
            """No access log."""

    site = QuietSite(Portal(view, link))
    site.displayTracebacks = False
    return site


def main() -> int:
    from twisted.internet import reactor
    from twisted.internet.address import IPv4Address, IPv6Address
    from twisted.internet.interfaces import IReactorSocket
    from twisted.python import log as twisted_log

    line = sys.stdin.buffer.readline()
    try:
        settings = json.loads(line)
        fd = int(settings["socket_fd"])
    except (ValueError, KeyError, TypeError) as exc:
        print(json.dumps({"error": f"bad portal settings: {exc}"}), flush=True)
        return 2
    _log_to(settings.get("log_dir"))
    twisted_log.PythonLoggingObserver(loggerName="twisted").start()
    try:
        site = site_for(settings, reactor)
        port = IReactorSocket(reactor).adoptStreamPort(fd, socket.AF_INET, site)
        os.close(fd)
    except Exception as exc:  # one clear line for the game's log
        log.exception("the portal cannot start")
        print(json.dumps({"error": f"{type(exc).__name__}: {exc}"}), flush=True)
        return 1
    host = port.getHost()
    assert isinstance(host, (IPv4Address, IPv6Address))  # an adopted TCP socket's
    answer = {"port": host.port}
    print(json.dumps(answer), flush=True)
    log.info("portal up (pid %d): %s", os.getpid(), answer)
    _stop_when_stdin_closes(reactor)
    reactor.run()
    log.info("portal stopped")
    return 0
