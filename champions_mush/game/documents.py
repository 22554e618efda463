"""Stored values: how a frozen game value becomes a store document and comes back.

A document written by an older or newer version of the game may hold fields this one does not
know; ``from_doc`` leaves them out rather than failing (docs/architecture.md, storage).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Self

import attrs

__all__ = ["Document"]


class Document:
    """Mixed into an attrs class: ``to_doc`` for the store, ``from_doc`` to read it back.

    ``NESTED`` names the fields that hold a tuple of another value (``{"posts": Post}``).
    """

    __slots__ = ()
    NESTED: ClassVar[Mapping[str, type]] = {}

    def to_doc(self) -> dict[str, Any]:
        doc = attrs.asdict(self)
        for name in self.NESTED:
            doc[name] = list(doc[name])
        return doc

    @classmethod
    def from_doc(cls, doc: Mapping[str, Any]) -> Self:
        values = _known(cls, doc)
        for name, kind in cls.NESTED.items():
            values[name] = tuple(kind(**_known(kind, item)) for item in doc.get(name, ()))
        return cls(**values)


def _known(cls: type, doc: Mapping[str, Any]) -> dict[str, Any]:
    """The entries of ``doc`` that are fields of the attrs class ``cls``."""
    known = {f.name for f in attrs.fields(cls)}
    return {k: v for k, v in doc.items() if k in known}
