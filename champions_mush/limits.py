"""The sliding window that limits new connections per address, shared by the game (telnet and
relayed clients: game/limits.py) and the relay process (net/relay.py), which imports nothing of
the game. It takes the time as an argument, so it runs the same under a real reactor and a test
clock."""

from __future__ import annotations

from collections import deque

__all__ = ["FULL", "TOO_MANY_CONNECTS", "ConnectLimiter"]

#: What a refused connection is told, by the game (telnet) and by the relay (the web port).
FULL = "The game is full right now: please try again in a few minutes."
TOO_MANY_CONNECTS = "Too many connections from your address: please wait a minute."


class ConnectLimiter:
    """At most ``limit`` new connections per address in any ``window`` seconds (0: no limit)."""

    def __init__(self, limit: int, window: float = 60.0) -> None:
        self.limit = limit
        self.window = window
        self._times: dict[str, deque[float]] = {}

    def allow(self, address: str, now: float) -> bool:
        """Record a connection attempt; False when the address is over its limit."""
        if self.limit <= 0:
            return True
        times = self._times.setdefault(address, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.limit:
            return False
        times.append(now)
        return True

    def forget_old(self, now: float) -> None:
        """Drop addresses with no recent attempts (called now and then, keeps memory bounded)."""
        for address in [a for a, t in self._times.items() if not t or t[-1] <= now - self.window]:
            del self._times[address]
