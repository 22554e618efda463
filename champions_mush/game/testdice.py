"""Dice from a file, for end-to-end tests of the real server over telnet.

When the environment variable ``CHAMPIONS_MUSH_TEST_DICE`` names a file when the server starts,
every die the game rolls is the next unused face written in that file (whitespace-separated
numbers; a test appends faces before each command), as ``FixedRoller`` does in unit tests.
With no unused face left a roll fails as an exhausted ``FixedRoller``. Never set it in play.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..rules.dice import DiceError, Roller, RollerExhausted

__all__ = ["ENV", "FileRoller", "roller_from_environment"]

#: The environment variable naming the dice file.
ENV = "CHAMPIONS_MUSH_TEST_DICE"


class FileRoller:
    """Hands out the faces written in ``path``, in order, reading the file again for each die."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.used = 0

    def die(self, sides: int) -> int:
        faces = self.path.read_text(encoding="ascii").split()
        if self.used >= len(faces):
            raise RollerExhausted("The test dice file ran out of dice.")
        face = int(faces[self.used])
        if not 1 <= face <= sides:
            raise DiceError(f"A d{sides} cannot show {face}.")
        self.used += 1
        return face


def roller_from_environment() -> Roller | None:
    """A :class:`FileRoller` when ``CHAMPIONS_MUSH_TEST_DICE`` is set, else None (random dice)."""
    path = os.environ.get(ENV)
    return FileRoller(Path(path)) if path else None
