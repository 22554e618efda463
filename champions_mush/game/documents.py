"""Stored values: how a frozen game value becomes a store document and comes back.

A document written by an older or newer version of the game may hold fields this one does not
know; ``from_doc`` leaves them out rather than failing (docs/architecture.md, storage). What
grows with play is not a field but the store's rows (game/growing.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Self

import attrs

__all__ = ["Document"]


class Document:
    """Mixed into an attrs class: ``to_doc`` for the store, ``from_doc`` to read it back."""

    __slots__ = ()
    #: what attrs gives the class it is mixed into (``attrs.asdict`` reads it)
    __attrs_attrs__: ClassVar[Any]

    def to_doc(self) -> dict[str, Any]:
        return attrs.asdict(self)

    @classmethod
    def from_doc(cls, doc: Mapping[str, Any]) -> Self:
        return cls(**_known(cls, doc))


def _known(cls: type, doc: Mapping[str, Any]) -> dict[str, Any]:
    """The entries of ``doc`` that are fields of the attrs class ``cls``."""
    known = {f.name for f in attrs.fields(cls)}
    return {k: v for k, v in doc.items() if k in known}
