"""How many characters one address may create: ``creates_per_address_per_day`` in any 24 hours
(0: no limit), counted when a ``create`` starts, so parallel attempts cannot slip past it.

The address is the client's real one (behind a trusted proxy, the PROXY protocol's: net/proxy.py).
Counts live in memory: a restart forgets them.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .world import Game

__all__ = ["CreationLimit"]

#: The window the limit counts over, in seconds.
WINDOW = 86400.0
#: Most addresses remembered at once; the one seen longest ago is forgotten first (a flood of
#: addresses cannot grow memory without bound).
MAX_ADDRESSES = 100_000


class CreationLimit:
    """Character creations per address in a sliding day."""

    def __init__(self, per_day: int, clock: Callable[[], float]) -> None:
        self.per_day = per_day
        self.clock = clock
        self._times: dict[str, deque[float]] = {}

    @classmethod
    def of(cls, game: Game) -> CreationLimit:
        """The game's limit (made on first use from its config)."""
        return game.services.creation_limit

    def take(self, address: str) -> str | None:
        """Count one creation from ``address``; the refusal to show instead when it is over the limit."""
        if self.per_day <= 0:
            return None
        now = self.clock()
        times = self._times.pop(address, None) or deque()
        while times and times[0] <= now - WINDOW:
            times.popleft()
        self._times[address] = times  # re-inserted: the dict's order is least recently seen first
        if len(times) >= self.per_day:
            wait = max(1, math.ceil((times[0] + WINDOW - now) / 3600))
            return (f"Too many characters were created from your address today: try again in about "
                    f"{wait} hour{'s' if wait != 1 else ''}, or ask staff.")
        times.append(now)
        while len(self._times) > MAX_ADDRESSES:
            del self._times[next(iter(self._times))]
        return None
