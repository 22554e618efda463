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

:func:`evolve` is ``attrs.evolve`` for the hot path (a fight's ``+attack`` evolves a sheet, the
fight and its fighters several times: docs/performance.md, "Fights"), making the same value with a
plain store a field.

A class that writes its own ``__repr__``, ``__eq__`` or ``__hash__`` keeps it, and one that asks for
``repr``, ``eq``, ``order`` or ``hash`` gets attrs' own. For type checkers they are attrs' own.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

_T = TypeVar("_T")

__all__ = ["Fields", "define", "evolve", "frozen", "value_eq", "value_hash", "value_repr"]

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


#: Each class's copier for :func:`evolve` (attrs' own ``evolve`` for a class it does not copy).
_COPIERS: dict[type, Callable[..., Any]] = {}


def evolve(inst: _T, /, **changes: Any) -> _T:
    """``attrs.evolve(inst, **changes)``: a copy of ``inst`` with ``changes`` (by ``__init__``'s
    names), the same value attrs' own makes, at a fraction of its cost. Where attrs' goes through
    the class's ``__init__`` (a keyword argument and a call to ``object.__setattr__`` a field),
    this sets each field on the new instance with a plain store (:func:`_copier`)."""
    cls = inst.__class__
    try:
        copier = _COPIERS[cls]
    except KeyError:
        copier = _COPIERS[cls] = _copier(cls)
    return copier(inst, **changes)


#: A field :func:`evolve` was not given: the instance's value is kept.
_KEEP: Any = object()


def _copier(cls: type) -> Callable[..., Any]:
    """A function copying an instance of ``cls`` with changes as its ``__init__`` would make it: each
    field kept or given, through its converter (as ``__init__`` runs every one, kept values too).
    The stores go to the instance while it is of a subclass that does not forbid them (frozen
    classes do), then it is made an instance of ``cls``. A class whose ``__init__`` does more (its
    own ``__init__``, a validator, ``__attrs_pre_init__`` or ``__attrs_post_init__``, a field it
    does not take, a cached hash, a converter taking the instance) is left to attrs' ``evolve``."""
    fields = attrs.fields(cls)
    code = getattr(vars(cls).get("__init__"), "__code__", None)  # attrs writes each class its own
    if code is None or not code.co_filename.startswith("<attrs generated") or not fields \
            or hasattr(cls, "__attrs_pre_init__") or hasattr(cls, "__attrs_post_init__") \
            or "_attrs_cached_hash" in getattr(cls, "__slots__", ()) \
            or any(not f.init or f.validator is not None or isinstance(f.converter, attrs.Converter)
                   for f in fields):
        return attrs.evolve
    settable = type(cls.__name__, (cls,), {"__slots__": (), "__setattr__": object.__setattr__,
                                           "__delattr__": object.__delattr__,
                                           "__module__": cls.__module__})
    scope: dict[str, Any] = {"_KEEP": _KEEP, "_new": object.__new__, "_settable": settable, "_cls": cls,
                             "_evolve": attrs.evolve}
    lines = []
    for n, field in enumerate(fields):
        value = f"_inst.{field.name} if {field.alias} is _KEEP else {field.alias}"
        if field.converter is not None:
            scope[f"_convert{n}"] = field.converter
            value = f"_convert{n}({value})"
        lines.append(f"    _made.{field.name} = {value}")
    keywords = ", ".join(f"{f.alias}=_KEEP" for f in fields)
    source = (f"def copy(_inst, /, {keywords}, **_unknown):\n"
              "    if _unknown:\n        return _evolve(_inst, **_unknown)  # attrs' own TypeError\n"
              "    _made = _new(_settable)\n" + "\n".join(lines) + "\n    _made.__class__ = _cls\n    return _made\n")
    exec(compile(source, f"<values.evolve {cls.__module__}.{cls.__qualname__}>", "exec"), scope)  # noqa: S102
    return scope["copy"]


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
