"""Rate limits for connections: a token bucket for commands, a sliding window for connects.

Both take the time as an argument, so they run the same under a real reactor and a test clock.
"""

from __future__ import annotations

from typing import Any

from ..limits import ConnectLimiter

__all__ = ["ConnectLimiter", "TokenBucket"]


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up; each command takes one.

    A rate of 0 or less means no limit (raised for benchmarks through the config).
    """

    __slots__ = ("burst", "paste", "rate", "stamp", "tokens")  # one per connection

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = max(1.0, burst)
        self.tokens = self.burst
        self.stamp = now
        #: a paste spent the tokens (:meth:`charge`): the next line waits for a whole one
        self.paste = False

    def __setstate__(self, state: dict[str, Any] | tuple[dict[str, Any] | None, dict[str, Any]]) -> None:
        """From a reload's state: slots (``(None, {...})``), or the dictionary the code before
        slots saved (net/reload.py)."""
        if isinstance(state, tuple):
            state = {**(state[0] or {}), **state[1]}
        for name, value in state.items():
            setattr(self, name, value)

    def _refill(self, now: float) -> None:
        elapsed = max(0.0, now - self.stamp)
        self.stamp = now
        self.tokens = min(self.burst, self.tokens + elapsed * self.rate)

    def take(self, now: float) -> bool:
        """Spend one token; False when the bucket is empty (the command is refused)."""
        if self.rate <= 0:
            return True
        self._refill(now)
        if self.tokens >= 1.0:
            self.paste = False
            self.tokens -= 1.0
            return True
        return False

    def charge(self, now: float, cost: float) -> None:
        """Spend ``cost`` tokens even past empty (a pasted line is never cut): the debt is
        what :meth:`wait` makes the connection wait out."""
        if self.rate > 0:
            self._refill(now)
            self.tokens -= cost
            self.paste = True

    def wait(self, now: float) -> float:
        """Seconds until a bucket a paste spent holds a whole token again (0: now): a paste is
        slowed, never cut, and the line after it never refused for what the paste spent."""
        if self.rate <= 0 or not getattr(self, "paste", False):
            return 0.0
        current = min(self.burst, self.tokens + max(0.0, now - self.stamp) * self.rate)
        return max(0.0, (1.0 - current) / self.rate)
