"""The game's attrs classes, made with less of their own: ``@frozen`` and ``@define``.

They are ``attrs.frozen`` and ``attrs.define`` with what attrs would write and compile for each
class shared by every class instead (docs/performance.md, "Memory with 1,000 connected after a
fight"):

- **one** ``__repr__`` (:func:`value_repr`), writing what attrs' own writes,
  ``Name(field=value, ...)``, where attrs compiles a ``__repr__`` for each class (its code, its
  globals and its source in ``linecache``);
- **one** ``__eq__`` (:func:`value_eq`) comparing the fields as attrs' does, and for a frozen
  class **one** ``__hash__`` (:func:`value_hash`) of them (a ``define`` class stays unhashable, as
  attrs makes it): a loop over the fields, slower than attrs' code for each class, where the game
  seldom compares or hashes a value (a fight's ``+attack`` never: ``bench/attack_cpu.py``'s
  fight under cProfile);
- **one** tuple type for ``attrs.fields(cls)`` (:class:`Fields`), which finds a field by name as
  attrs' does, where attrs makes a tuple class for each class with a property per field.

A class that writes its own ``__repr__``, ``__eq__`` or ``__hash__`` keeps it, and one that asks for
``repr``, ``eq``, ``order`` or ``hash`` gets attrs' own. For type checkers they are attrs' own.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import attrs

__all__ = ["Fields", "define", "frozen", "value_eq", "value_hash", "value_repr"]

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


def _compared(self: Any, hashed: bool = False) -> Any:
    """Each compared field's value (``hashed``: each hashed one's), its ``eq`` key applied."""
    for field in type(self).__attrs_attrs__:
        if field.hash is True or (field.hash is None and field.eq) if hashed else field.eq:
            value = getattr(self, field.name)
            yield value if field.eq_key is None else field.eq_key(value)


def value_eq(self: Any, other: Any) -> Any:
    """attrs' own ``__eq__``: another class is not for this one to say; else each compared field
    equal, in order, up to the first that is not."""
    if other.__class__ is not self.__class__:
        return NotImplemented
    result: Any = True
    for mine, theirs in zip(_compared(self), _compared(other), strict=True):
        result = mine == theirs
        if not result:
            return result
    return result


def value_hash(self: Any) -> int:
    """The hash of the class and the hashed fields' values, as attrs' own (which seeds it with the
    class's name where this takes the class)."""
    return hash((type(self), *_compared(self, hashed=True)))


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
    own = vars(cls)
    if not {"__eq__", "__ne__", "__hash__"} & own.keys() and not {"eq", "order", "hash"} & options.keys():
        cls.__eq__ = value_eq  # type: ignore[method-assign, assignment]
        if make is attrs.frozen:
            cls.__hash__ = value_hash  # type: ignore[method-assign, assignment]
    made = make(cls, **options)
    made.__attrs_attrs__ = Fields(made.__attrs_attrs__)  # attrs' own tuple class for it is dropped
    return made


if TYPE_CHECKING:
    from attrs import define, frozen
else:

    def frozen(maybe_cls=None, /, **options):
        """``attrs.frozen``, sharing the repr, eq, hash and the fields' tuple type."""
        if maybe_cls is None:
            return lambda cls: _sharing(attrs.frozen, cls, options)
        return _sharing(attrs.frozen, maybe_cls, options)

    def define(maybe_cls=None, /, **options):
        """``attrs.define``, sharing the repr, eq and the fields' tuple type."""
        if maybe_cls is None:
            return lambda cls: _sharing(attrs.define, cls, options)
        return _sharing(attrs.define, maybe_cls, options)
