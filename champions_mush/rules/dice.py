"""Dice: the injected roller, dice amounts as players write them, and rolls that keep their faces.

Every engine takes a :class:`Roller`; nothing here touches global random state.
HERO System writes dice as whole d6, an optional half die (``½d6``) and pips (``+1``):
"4 1/2", "4.5", "4½", "1d6+1", "2d6-1", "+1" are all :class:`DiceAmount` values.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterable
from typing import Protocol, runtime_checkable

import attrs

from ..values import frozen
from .errors import DiceError, RollerExhausted

__all__ = [
    "MAX_DICE",
    "DiceAmount",
    "DiceRoll",
    "FixedRoller",
    "RandomRoller",
    "Roller",
    "roll",
    "roll_d6",
]

#: Bytes of ``os.urandom`` a :class:`RandomRoller` from the OS fetches at once.
_POOL = 256
#: Largest number of whole dice one amount may hold. A sane cap so that
#: ``+nd6 100000`` is refused instead of tying up the server (200D6 is 1000 STR).
MAX_DICE = 200


@runtime_checkable
class Roller(Protocol):
    """Where every die comes from. ``die(6)`` returns 1..6."""

    def die(self, sides: int) -> int: ...


class RandomRoller:
    """A roller for play: seeded for reproducible runs, or from the OS when ``seed`` is None.

    From the OS, a die of up to 256 sides takes one byte of ``os.urandom``, fetched
    :data:`_POOL` bytes at a time (a system call a die was a tenth of an attack's dice), and
    rejected when it is past the last whole multiple of ``sides`` so every face is as likely.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.SystemRandom() if seed is None else random.Random(seed)
        self._system = seed is None
        self._pool = b""
        self._at = 0

    def die(self, sides: int) -> int:
        if sides < 1:
            raise DiceError(f"A die needs at least one side, not {sides}.")
        if not self._system or sides > 256:
            return self._random.randint(1, sides)
        limit = 256 - 256 % sides  # bytes below this fall on each face equally often
        while True:
            if self._at >= len(self._pool):
                self._pool, self._at = os.urandom(_POOL), 0
            byte = self._pool[self._at]
            self._at += 1
            if byte < limit:
                return byte % sides + 1


class FixedRoller:
    """A roller for tests: hands out the given faces in order.

    Raises :class:`RollerExhausted` when asked for more dice than were given, and
    :class:`DiceError` when a face does not fit the die asked for.
    """

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._next = 0

    @property
    def remaining(self) -> int:
        """How many faces are still unused."""
        return len(self._faces) - self._next

    def die(self, sides: int) -> int:
        if self._next >= len(self._faces):
            raise RollerExhausted("The fixed roller ran out of dice.")
        face = self._faces[self._next]
        if not 1 <= face <= sides:
            raise DiceError(f"A d{sides} cannot show {face}.")
        self._next += 1
        return face


def _check_whole(instance: object, attribute: attrs.Attribute, value: int) -> None:
    if value < 0:
        raise DiceError("A dice amount cannot be negative.")
    if value > MAX_DICE:
        raise DiceError(f"That is too many dice: {MAX_DICE} at most.")


@frozen
class DiceAmount:
    """An amount of d6: ``whole`` dice, an optional half die, and ``pips`` (may be negative).

    Build one from player text with :meth:`parse`.
    """

    whole: int = attrs.field(validator=_check_whole)
    half: bool = False
    pips: int = attrs.field(default=0)

    @pips.validator
    def _check_pips(self, attribute: attrs.Attribute, value: int) -> None:
        if abs(value) > MAX_DICE:
            raise DiceError(f"That is too many pips: {MAX_DICE} at most.")

    def __attrs_post_init__(self) -> None:
        if self.whole == 0 and not self.half and self.pips <= 0:
            raise DiceError("A dice amount needs at least one die or pip.")

    @classmethod
    def parse(cls, text: str) -> DiceAmount:
        """Read an amount as players write it.

        Accepts ``10``, ``4 1/2``, ``4.5``, ``4½``, ``1/2``, ``½``, ``1d6+1``, ``2d6-1``,
        ``1+1``, ``+1``, ``4 1/2d6``, ``3d6``.

        Raises:
            DiceError: the text is not an amount of dice.
        """
        return _parse_amount(text)

    @property
    def dice(self) -> float:
        """Whole plus half dice as a number (4½ -> 4.5), pips left out."""
        return self.whole + (0.5 if self.half else 0.0)

    def __str__(self) -> str:
        text = f"{self.whole}" if self.whole else ""
        if self.half:
            text += "½"
        if text:
            text += "d6"
        if self.pips:
            text += f"{self.pips:+d}"
        return text


_AMOUNT = re.compile(
    r"(?P<whole>[0-9]+)?\s*(?:(?P<half>1/2)|\.(?P<point>5))?\s*(?P<d>d6?)?\s*(?P<pips>[+-]\s*[0-9]+)?"
)


def _parse_amount(text: str) -> DiceAmount:
    shown = str(text).strip()[:40]
    bad = DiceError(f"'{shown}' is not an amount of dice (try 10, 4 1/2 or 1d6+1).")
    if not isinstance(text, str) or len(text) > 40:
        raise bad
    cleaned = text.strip().lower().replace("½", " 1/2")
    match = _AMOUNT.fullmatch(cleaned)
    if not cleaned or match is None:
        raise bad
    whole_text, half, point, d, pips = match.group("whole", "half", "point", "d", "pips")
    if whole_text is None and not (half or point or d or pips):
        raise bad
    whole = int(whole_text) if whole_text else (1 if d and not (half or point) else 0)
    if whole > MAX_DICE:
        raise DiceError(f"That is too many dice: {MAX_DICE} at most.")
    pip_count = int(re.sub(r"\s", "", pips)) if pips else 0
    return DiceAmount(whole=whole, half=bool(half or point), pips=pip_count)


@frozen
class DiceRoll:
    """A rolled amount with every face kept: ``faces`` for the whole dice, ``half_face``
    for the raw d6 of the half die (None without one), and the amount's pips."""

    amount: DiceAmount
    faces: tuple[int, ...]
    half_face: int | None = None

    @property
    def pips(self) -> int:
        return self.amount.pips

    @property
    def half_value(self) -> int:
        """What the half die counts for: ceil(d6 / 2), 1..3 (HERO 5E)."""
        return 0 if self.half_face is None else (self.half_face + 1) // 2

    @property
    def total(self) -> int:
        """Sum of the whole dice, the half die's value and the pips."""
        return sum(self.faces) + self.half_value + self.pips

    def faces_text(self) -> str:
        """The faces as players see them: ``5 3 4 ½:2 +1``."""
        parts = [str(f) for f in self.faces]
        if self.half_face is not None:
            parts.append(f"½:{self.half_value}")
        if self.pips:
            parts.append(f"{self.pips:+d}")
        return " ".join(parts)


def roll(amount: DiceAmount, roller: Roller) -> DiceRoll:
    """Roll an amount of d6, keeping every face (the half die is rolled as a d6 last)."""
    faces = tuple(roller.die(6) for _ in range(amount.whole))
    half_face = roller.die(6) if amount.half else None
    return DiceRoll(amount=amount, faces=faces, half_face=half_face)


def roll_d6(count: int, roller: Roller) -> tuple[int, ...]:
    """Roll ``count`` plain d6 and return their faces."""
    if not 0 <= count <= MAX_DICE:
        raise DiceError(f"Roll between 0 and {MAX_DICE} dice.")
    return tuple(roller.die(6) for _ in range(count))
