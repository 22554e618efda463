"""The server starts a stopped web portal again without ever waiting for it: the new portal
loads on a thread of its own while the game goes on (net/portal.py ``watch_portal``)."""

from __future__ import annotations

import os
import threading
import time

from twisted.internet import task

from champions_mush.net import portal as portal_module


class _Reactor(task.Clock):
    """A clock that also takes work from other threads (as the reactor's callFromThread)."""

    def __init__(self) -> None:
        super().__init__()
        self.from_threads: list = []

    def callFromThread(self, func, *args) -> None:
        self.from_threads.append((func, args))


class _Dead:
    pid, sock, token, listener = 4242, None, "t", None

    def __init__(self) -> None:
        read, self.stdin_fd = os.pipe()
        os.close(read)

    def running(self) -> bool:
        return False


class _Status:
    def __init__(self) -> None:
        self.noted: dict = {}

    def note(self, **fields) -> None:
        self.noted.update(fields)


def test_a_stopped_portal_is_started_again_while_the_game_goes_on(monkeypatch):
    loading, release = threading.Event(), threading.Event()
    new = type("New", (), {"pid": 777, "port": 5555})()

    def slow_start(*args, **kwargs):
        loading.set()
        release.wait(10)
        return new

    monkeypatch.setattr(portal_module, "start_portal", slow_start)
    reactor, status, dead = _Reactor(), _Status(), _Dead()
    handover = {"portal": dead}
    portal_module.watch_portal(reactor, None, None, None, None, handover, status)
    began = time.monotonic()
    reactor.advance(portal_module.PORTAL_CHECK_INTERVAL)  # the check finds the portal gone
    assert time.monotonic() - began < 5  # it did not wait for the new portal (10 s)
    assert loading.wait(5)
    reactor.advance(portal_module.PORTAL_CHECK_INTERVAL)  # checked again while it loads: no second start
    assert handover["portal"] is dead and reactor.from_threads == []
    release.set()
    deadline = time.monotonic() + 5
    while not reactor.from_threads and time.monotonic() < deadline:
        time.sleep(0.01)
    func, args = reactor.from_threads.pop()
    func(*args)
    assert handover["portal"] is new and status.noted == {"portal_pid": 777}
