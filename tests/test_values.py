"""The game's attrs classes (champions_mush/values.py) write and find what attrs' own do, with one
repr and one fields' tuple type shared; a module loaded at first use leaves no attrs source in
``linecache`` (commands/base.py ``Later``)."""

import linecache
import sys

import attrs
import pytest

from champions_mush.commands.base import Later
from champions_mush.values import Fields, define, frozen, value_repr


def _point(make):
    @make
    class Point:
        x: int
        label: str = "here"
        secret: str = attrs.field(default="hidden", repr=False)
        shown: tuple = attrs.field(default=(1, 2), repr=lambda value: f"<{len(value)} items>")

    return Point


def _node(make):
    @make
    class Node:
        name: str
        child: object = None
        later: int = attrs.field(init=False)

    return Node


def test_the_shared_repr_writes_what_attrs_writes():
    ours, theirs = _point(frozen), _point(attrs.frozen)
    assert ours.__repr__ is value_repr and theirs.__repr__ is not value_repr
    assert repr(ours(3, "there")) == repr(theirs(3, "there")) == "Point(x=3, label='there', shown=<2 items>)"
    assert repr(ours(ours(1))) == repr(theirs(theirs(1))) == (
        "Point(x=Point(x=1, label='here', shown=<2 items>), label='here', shown=<2 items>)")


def test_a_value_inside_itself_and_a_field_never_set_are_written_as_attrs_writes_them():
    ours, theirs = _node(define), _node(attrs.define)
    mine, its = ours("a"), theirs("a")
    assert repr(mine) == repr(its) == "Node(name='a', child=None, later=NOTHING)"
    mine.child, its.child = mine, its
    mine.later = its.later = 7
    assert repr(mine) == repr(its) == "Node(name='a', child=..., later=7)"
    assert repr([mine, mine]) == "[Node(name='a', child=..., later=7), Node(name='a', child=..., later=7)]"


def test_a_class_of_the_game_writes_its_repr():
    assert repr(Later("champions_mush.commands.combat", "+combat/start")) == (
        "Later(module='champions_mush.commands.combat', name='+combat/start')")
    assert Later.__repr__ is value_repr


def test_a_class_with_its_own_repr_keeps_it_and_repr_off_gives_none():
    @frozen
    class Own:
        x: int

        def __repr__(self) -> str:
            return f"own {self.x}"

    @frozen(repr=False)
    class Quiet:
        x: int

    assert repr(Own(1)) == "own 1"
    assert repr(Quiet(2)).startswith("<") and Quiet.__repr__ is object.__repr__


def test_the_fields_are_attrs_own_found_by_name_too():
    ours, theirs = _point(frozen), _point(attrs.frozen)
    fields = attrs.fields(ours)
    assert type(fields) is Fields
    assert [(f.name, f.default, f.repr is not False) for f in fields] == [
        (f.name, f.default, f.repr is not False) for f in attrs.fields(theirs)]
    assert fields.label.default == "here" and fields.x is fields[0]
    with pytest.raises(AttributeError):
        fields.nowhere  # noqa: B018
    assert attrs.evolve(ours(1), label="moved") == ours(1, "moved")
    assert attrs.asdict(ours(1)) == {"x": 1, "label": "here", "secret": "hidden", "shown": (1, 2)}


def test_a_module_loaded_at_first_use_leaves_no_attrs_source_in_linecache(tmp_path, monkeypatch):
    (tmp_path / "late_values_module.py").write_text(
        "import attrs\n\n@attrs.frozen\nclass Late:\n    x: int\n\n"
        "RAN = []\nHANDLERS = {'': lambda ctx, parsed: RAN.append((ctx, parsed, repr(Late(1))))}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "late_values_module", raising=False)
    _point(attrs.frozen)  # attrs' source for a class is in linecache now
    assert any(name.startswith("<attrs generated") for name in linecache.cache)
    Later("late_values_module")("ctx", "parsed")
    assert not any(name.startswith("<attrs generated") for name in linecache.cache)
    _point(attrs.frozen)
    Later("late_values_module")("ctx", "again")  # loaded already: linecache is left alone
    assert any(name.startswith("<attrs generated") for name in linecache.cache)
    assert sys.modules["late_values_module"].RAN == [("ctx", "parsed", "Late(x=1)"), ("ctx", "again", "Late(x=1)")]
    monkeypatch.delitem(sys.modules, "late_values_module")
