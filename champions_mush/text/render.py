"""Rendered messages kept for reuse: each text is rendered once per kind of client.

Rendering markup for a client depends only on the text and on the client's kind (colour level,
charset: whatever the render function reads), so connections of one kind share the bytes. A
``say`` to a crowded room is rendered once per kind in the room, and the same announcement in
several rooms once in all (game/batch.py groups the listeners; docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["RENDER_CACHE_LONGEST", "RENDER_CACHE_SIZE", "RenderCache"]

#: Renderings kept. A turn in a busy game renders a few hundred distinct messages per kind;
#: the cache is emptied when full, so a burst of unique texts cannot grow it without bound.
RENDER_CACHE_SIZE = 2048
#: Longer texts are rendered every time, never kept: with this the cache holds at most a few
#: MB however long the messages (docs/performance.md, "Memory").
RENDER_CACHE_LONGEST = 1024


#: a kind of client, as the render function takes it
K = TypeVar("K", bound=Hashable)


class RenderCache(Generic[K]):
    """``cache(text, kind)`` is ``render(text, kind)``, computed once while it is kept.

    Args:
        render: a pure function of the text and the kind.
        size: how many renderings to keep before starting again.
        longest: texts longer than this (in characters) are rendered, not kept.
    """

    __slots__ = ("_kept", "_longest", "_render", "_size")

    def __init__(self, render: Callable[[str, K], bytes], size: int = RENDER_CACHE_SIZE,
                 longest: int = RENDER_CACHE_LONGEST) -> None:
        self._render = render
        self._size = size
        self._longest = longest
        self._kept: dict[tuple[str, K], bytes] = {}

    def __call__(self, text: str, kind: K) -> bytes:
        if len(text) > self._longest:
            return self._render(text, kind)
        key = (text, kind)
        found = self._kept.get(key)
        if found is None:
            if len(self._kept) >= self._size:
                self._kept.clear()
            found = self._kept[key] = self._render(text, kind)
        return found

    def clear(self) -> None:
        self._kept.clear()

    def __len__(self) -> int:
        return len(self._kept)
