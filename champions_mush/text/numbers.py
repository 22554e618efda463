"""Reading a number a player typed: ASCII digits only, and not too many of them.

``str.isdigit`` (and the regex ``\\d``) accept far more than ``0-9``: ``"²".isdigit()`` is true
but ``int("²")`` raises, and ``int()`` refuses more than 4,300 digits. Every check on player
input that is followed by ``int()`` uses :func:`is_number` (docs/reliability.md).
"""

from __future__ import annotations

__all__ = ["is_number"]


def is_number(text: str, most_digits: int = 9) -> bool:
    """True when ``text`` is 1 to ``most_digits`` ASCII digits (no sign, no spaces)."""
    return 0 < len(text) <= most_digits and text.isascii() and text.isdigit()
