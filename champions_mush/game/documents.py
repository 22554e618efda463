"""Stored values: how a frozen game value becomes a store document and comes back.

A document written by an older or newer version of the game may hold fields this one does not
know; ``from_doc`` leaves them out rather than failing (docs/architecture.md, storage). What
grows with play is not a field but the store's rows (game/growing.py).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self

import attrs

__all__ = ["Document", "fields_of"]


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


def fields_of(value: Any) -> dict[str, Any]:
    """A frozen value's fields by name, in their order, as ``attrs.asdict(value, recurse=False)``
    gives them, at a third of its cost (a fight's document is made with every action:
    docs/performance.md, "Fights")."""
    cls = type(value)
    found = _GETTERS.get(cls)
    if found is None:
        names = tuple(f.name for f in attrs.fields(cls))
        many = operator.attrgetter(*names)
        found = _GETTERS[cls] = names, (many if len(names) > 1 else lambda value: (many(value),))
    names, values = found
    return dict(zip(names, values(value), strict=True))


#: Each attrs class's field names and one getter of all their values (worked out once per class).
_GETTERS: dict[type, tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]] = {}
