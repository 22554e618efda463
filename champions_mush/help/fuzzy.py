"""Edit distance and its helpers, for the forgiving rungs of the lookup ladder.

Their work grows with the length of what a player typed (``one_edit_variants`` builds about
``2 * len(alphabet) * len(word)`` strings of ``len(word)`` letters each: quadratic), so each
has a bound and the ladder never calls them beyond it (docs/reliability.md).
"""

from __future__ import annotations

__all__ = ["MAX_EDIT_WORD", "edit_distance", "letter_pairs", "one_edit_variants"]

#: words longer than this get no one-edit variants (no topic name has a word half as long)
MAX_EDIT_WORD = 32


def edit_distance(a: str, b: str, limit: int = 99) -> int:
    """Optimal-string-alignment distance (insert, delete, substitute, swap two neighbours).

    Stops early and returns ``limit + 1`` once the distance must exceed ``limit``.
    """
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = ca != cb
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


def letter_pairs(text: str) -> set[str]:
    """The distinct two-letter pieces of ``text``."""
    return {text[i : i + 2] for i in range(len(text) - 1)}


def one_edit_variants(word: str, alphabet: str) -> set[str]:
    """Every string one edit (delete, swap, replace, insert) from ``word``, three letters or longer.

    A word longer than :data:`MAX_EDIT_WORD` has none: the set would not be worth its cost.
    """
    if len(word) > MAX_EDIT_WORD:
        return set()
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    out = {a + b[1:] for a, b in splits if b}
    out |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    out |= {a + c + b[1:] for a, b in splits if b for c in alphabet}
    out |= {a + c + b for a, b in splits for c in alphabet}
    out.discard(word)
    return {v for v in out if len(v) >= 3}
