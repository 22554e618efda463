"""Rate limits for connections: a token bucket for commands, a sliding window for connects.

Both take the time as an argument, so they run the same under a real reactor and a test clock.
"""

from __future__ import annotations

from collections import deque

__all__ = ["ConnectLimiter", "TokenBucket"]


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up; each command takes one.

    A rate of 0 or less means no limit (raised for benchmarks through the config).
    """

    __slots__ = ("rate", "burst", "tokens", "stamp")  # one per connection

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = max(1.0, burst)
        self.tokens = self.burst
        self.stamp = now

    def __setstate__(self, state: object) -> None:
        """From a reload's state: slots (``(None, {...})``), or the dictionary the code before
        slots saved (net/reload.py)."""
        if isinstance(state, tuple):
            state = {**(state[0] or {}), **state[1]}
        for name, value in state.items():
            setattr(self, name, value)

    def take(self, now: float) -> bool:
        """Spend one token; False when the bucket is empty (the command is refused)."""
        if self.rate <= 0:
            return True
        elapsed = max(0.0, now - self.stamp)
        self.stamp = now
        self.tokens = min(self.burst, self.tokens + elapsed * self.rate)
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


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
