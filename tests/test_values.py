"""The game's attrs classes (champions_mush/values.py) write, compare, hash and find what attrs'
own do, with one repr, one eq, one hash and one fields' tuple type shared; a module loaded at
first use leaves no attrs source in ``linecache`` (commands/base.py ``Later``)."""

import ast
import linecache
import sys
from pathlib import Path

import attrs
import pytest

from champions_mush.commands.base import Later
from champions_mush.values import Fields, define, frozen, value_eq, value_hash, value_repr


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

    @frozen(repr=False, eq=False)
    class Quiet:
        x: int

    assert repr(Own(1)) == "own 1"
    assert repr(Quiet(2)).startswith("<") and Quiet.__repr__ is object.__repr__
    assert Quiet(2) != Quiet(2) and Quiet.__eq__ is object.__eq__  # eq asked of attrs: attrs' own (none)


def _scored(make):
    @make
    class Scored:
        name: str
        points: int = 0
        notes: dict = attrs.field(factory=dict, hash=False)
        seen: int = attrs.field(default=0, eq=False)
        tag: str = attrs.field(default="", eq=str.casefold)

    return Scored


def test_the_shared_eq_and_hash_compare_and_hash_as_attrs_does():
    ours, theirs = _scored(frozen), _scored(attrs.frozen)
    assert ours.__eq__ is value_eq and ours.__hash__ is value_hash
    pairs = [(("a", 1), ("a", 1)), (("a", 1), ("a", 2)), (("a", 1, {"x": 1}), ("a", 1, {"x": 2})),
             (("a", 1, {}, 5), ("a", 1, {}, 6)), (("a", 1, {}, 0, "Big"), ("a", 1, {}, 0, "big")),
             (("a", 1, {}, 0, "Big"), ("a", 1, {}, 0, "small"))]
    for left, right in pairs:
        assert (ours(*left) == ours(*right)) is (theirs(*left) == theirs(*right)), (left, right)
        assert (ours(*left) != ours(*right)) is (theirs(*left) != theirs(*right)), (left, right)
    assert [ours(*l) == ours(*r) for l, r in pairs] == [True, False, False, True, True, False]
    for left, right in pairs[:1] + pairs[2:5]:  # equal: hashed equal (a dict field is left out, as attrs does)
        if ours(*left) == ours(*right):
            assert hash(ours(*left)) == hash(ours(*right))
    for make in (ours, theirs):  # a field left out of eq is left out of the hash; a dict field of the hash only
        assert len({make("a", 1, {}, 5), make("a", 1, {}, 6), make("b"), make("b", 0, {"x": 1})}) == 3
    assert ours("a") != theirs("a") and ours("a") != ("a", 0)  # another class is never equal
    assert ours("a").__eq__(theirs("a")) is NotImplemented


def test_a_mutable_value_compares_but_is_not_hashed_as_attrs_makes_it():
    ours, theirs = _node(define), _node(attrs.define)
    assert ours.__eq__ is value_eq and ours.__hash__ is None and theirs.__hash__ is None
    a, same, b = ours("a"), ours("a"), ours("b")
    a.later = same.later = b.later = 1
    assert a == same and a != b
    same.later = 2
    assert a != same
    with pytest.raises(TypeError):
        hash(a)


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


#: attrs' class decorators, which make a repr, eq, hash and fields' tuple type for each class
_ATTRS_MAKERS = {"frozen", "define", "mutable", "s", "attrs", "dataclass"}


def _attrs_made_classes(tree: ast.Module) -> list[str]:
    """Classes decorated with attrs' own makers (``@attrs.frozen``, ``@attr.s(...)``), and names
    of those makers imported from attrs."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in ("attrs", "attr"):
            found += [f"import {alias.name}" for alias in node.names if alias.name in _ATTRS_MAKERS]
        if isinstance(node, ast.ClassDef):
            for decorator in node.decorator_list:
                target = decorator.func if isinstance(decorator, ast.Call) else decorator
                if (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                        and target.value.id in ("attrs", "attr") and target.attr in _ATTRS_MAKERS):
                    found.append(node.name)
    return found


def test_every_attrs_class_of_the_game_is_made_with_the_shared_decorators():
    """A class made with ``attrs.frozen`` itself works but keeps its own repr, eq, hash and
    fields' tuple type: the memory docs/performance.md counts on them shared."""
    package = Path(frozen.__code__.co_filename).parent
    made = {}
    for path in sorted(package.rglob("*.py")):
        if path.name == "values.py" and path.parent == package:
            continue
        found = _attrs_made_classes(ast.parse(path.read_text(encoding="utf-8")))
        if found:
            made[str(path.relative_to(package))] = found
    assert made == {}, "use champions_mush.values.frozen / define"
