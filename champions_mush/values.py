"""The game's attrs classes, made with less of their own: ``@frozen`` and ``@define``.

They are ``attrs.frozen`` and ``attrs.define`` with two things shared by every class instead of
made for each (docs/performance.md, "Memory with 1,000 connected after a fight"):

- **one** ``__repr__`` (:func:`value_repr`), writing what attrs' own writes,
  ``Name(field=value, ...)``, where attrs compiles a ``__repr__`` for each class (its code, its
  globals and its source in ``linecache``);
- **one** tuple type for ``attrs.fields(cls)`` (:class:`Fields`), which finds a field by name as
  attrs' does, where attrs makes a tuple class for each class with a property per field.

A class that writes its own ``__repr__`` keeps it. For type checkers they are attrs' own.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import attrs

__all__ = ["Fields", "define", "frozen", "value_repr"]

#: The values being written by :func:`value_repr` in this thread (a value inside itself is ``...``).
_WRITING = threading.local()


def value_repr(self: Any) -> str:
    """``Name(field=value, ...)``: attrs' own repr, of the fields whose ``repr`` is not off (a
    callable ``repr`` writes its field's value)."""
    writing: set[int] | None = getattr(_WRITING, "ids", None)
    if writing is None:
        writing = _WRITING.ids = set()
    if id(self) in writing:
        return "..."
    writing.add(id(self))
    try:
        parts = []
        for field in type(self).__attrs_attrs__:
            if field.repr is False:
                continue
            value = getattr(self, field.name) if field.init else getattr(self, field.name, attrs.NOTHING)
            parts.append(f"{field.name}={value!r}" if field.repr is True else f"{field.name}={field.repr(value)}")
        return f"{type(self).__qualname__.rsplit('>.', 1)[-1]}({', '.join(parts)})"
    finally:
        writing.discard(id(self))


class Fields(tuple):
    """A class's ``attrs.Attribute``\\ s, each also found by its name (``attrs.fields(C).name``)."""

    __slots__ = ()

    def __getattr__(self, name: str) -> attrs.Attribute:
        for field in self:
            if field.name == name:
                return field
        raise AttributeError(name)


def _sharing(make: Any, cls: type, options: dict[str, Any]) -> type:
    if "__repr__" not in vars(cls) and "repr" not in options:
        cls.__repr__ = value_repr  # type: ignore[method-assign, assignment]  # attrs keeps a class's own
    made = make(cls, **options)
    made.__attrs_attrs__ = Fields(made.__attrs_attrs__)  # attrs' own tuple class for it is dropped
    return made


if TYPE_CHECKING:
    from attrs import define, frozen
else:

    def frozen(maybe_cls=None, /, **options):
        """``attrs.frozen``, sharing the repr and the fields' tuple type."""
        if maybe_cls is None:
            return lambda cls: _sharing(attrs.frozen, cls, options)
        return _sharing(attrs.frozen, maybe_cls, options)

    def define(maybe_cls=None, /, **options):
        """``attrs.define``, sharing the repr and the fields' tuple type."""
        if maybe_cls is None:
            return lambda cls: _sharing(attrs.define, cls, options)
        return _sharing(attrs.define, maybe_cls, options)
