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
from champions_mush.values import Fields, define, evolve, frozen, value_eq, value_hash, value_repr


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


# --- evolve: attrs.evolve's value, copied a field at a time -------------------------------------
def _converted(make, log: list):
    def listed(value):
        log.append(value)
        return tuple(value)

    @make
    class Converted:
        name: str
        _secret: int = 0  # given to __init__ as ``secret``
        items: tuple = attrs.field(default=(), converter=listed)
        notes: dict = attrs.field(factory=dict, hash=False)
        late: int = attrs.field(default=0, kw_only=True)

    return Converted


def _kinds() -> dict:
    """One class of each kind the copier meets, made with our decorators; each with an instance and
    the changes evolved into it."""
    @define
    class Mutable:
        x: int
        y: list = attrs.field(factory=list)

    @frozen
    class Base:
        a: int
        b: str = "b"

    @frozen
    class Derived(Base):
        c: float = 1.5

    @frozen(slots=False)
    class Plain:
        x: int
        y: str = ""

    @frozen
    class Validated:
        x: int = attrs.field(validator=attrs.validators.instance_of(int))

    @frozen
    class Posted:
        x: int
        y: int = attrs.field(init=False)

        def __attrs_post_init__(self) -> None:
            object.__setattr__(self, "y", self.x * 2)

    @frozen(cache_hash=True, hash=True)
    class Cached:
        x: int

    @frozen
    class Taking:
        x: list = attrs.field(converter=attrs.Converter(lambda v, self_: list(v), takes_self=True))

    converted = _converted(frozen, [])
    return {
        "frozen, converted, private, kw_only": (converted("a", 1, [1, 2], {"k": 1}, late=3),
                                                [{"items": [3]}, {"secret": 5, "late": 4}, {}]),
        "mutable": (Mutable(1, [2]), [{"x": 5}, {"y": [7]}]),
        "inherited": (Derived(1, "z", 2.5), [{"a": 2}, {"c": 0.5, "b": "q"}]),
        "not slotted": (Plain(1, "p"), [{"y": "q"}]),
        "validated": (Validated(1), [{"x": 2}]),
        "post-init and init=False": (Posted(2), [{"x": 3}]),
        "cached hash": (Cached(1), [{"x": 2}]),
        "converter taking the instance": (Taking([1]), [{"x": (2,)}]),
    }


def _same(ours, theirs) -> None:
    assert type(ours) is type(theirs)
    assert ours == theirs
    assert [getattr(ours, f.name, attrs.NOTHING) for f in attrs.fields(type(ours))] == \
        [getattr(theirs, f.name, attrs.NOTHING) for f in attrs.fields(type(theirs))]


def test_evolve_makes_what_attrs_evolve_makes_for_every_kind_of_class():
    for kind, (value, changes) in _kinds().items():
        for change in changes:
            _same(evolve(value, **change), attrs.evolve(value, **change))
        assert evolve(value) is not value, kind
        _same(evolve(value), attrs.evolve(value))


def test_evolve_copies_a_frozen_value_that_stays_frozen_and_of_its_class():
    value, _ = _kinds()["frozen, converted, private, kw_only"]
    made = evolve(value, items=[9])
    assert type(made) is type(value) and made.items == (9,) and made._secret == 1 and made.late == 3
    assert hash(made) == hash(attrs.evolve(value, items=[9]))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.items = ()  # type: ignore[misc]
    mutable, _ = _kinds()["mutable"]
    moved = evolve(mutable, x=3)
    moved.x = 4
    assert (moved.x, mutable.x) == (4, 1)


def test_evolve_runs_each_converter_as_init_does_and_refuses_as_attrs_does():
    ours, theirs = [], []
    mine, its = _converted(frozen, ours)("a", items=[1]), _converted(attrs.frozen, theirs)("a", items=[1])
    evolve(mine, name="b")
    attrs.evolve(its, name="b")
    evolve(mine, items=[2, 3])
    attrs.evolve(its, items=[2, 3])
    assert ours == theirs == [[1], (1,), [2, 3]]  # a kept value converted again, a changed one once
    for bad in ({"nowhere": 1}, {"_secret": 1}, {"name": "b", "nowhere": 1}):
        with pytest.raises(TypeError) as mine_raised:
            evolve(mine, **bad)
        with pytest.raises(TypeError) as its_raised:
            attrs.evolve(mine, **bad)
        assert str(mine_raised.value) == str(its_raised.value)
    validated, _ = _kinds()["validated"]
    with pytest.raises(TypeError, match="'x' must be <class 'int'>"):
        evolve(validated, x="1")


def _kind_of(cls: type) -> frozenset[str]:
    """What about a class decides how :func:`evolve` copies it."""
    fields = attrs.fields(cls)
    kind = {"frozen" if cls.__setattr__.__name__ == "_frozen_setattrs" else "mutable",
            "slotted" if "__slots__" in vars(cls) else "not slotted"}
    kind |= {"converted" for f in fields if f.converter is not None and not isinstance(f.converter, attrs.Converter)}
    kind |= {"converter taking the instance" for f in fields if isinstance(f.converter, attrs.Converter)}
    kind |= {"private" for f in fields if f.alias != f.name} | {"kw_only" for f in fields if f.kw_only}
    kind |= {"validated" for f in fields if f.validator is not None} | {"init=False" for f in fields if not f.init}
    kind |= {"inherited" for f in fields if f.inherited} | {"no fields" for _ in [1] if not fields}
    kind |= {"post-init" for _ in [1] if hasattr(cls, "__attrs_post_init__")}
    kind |= {"pre-init" for _ in [1] if hasattr(cls, "__attrs_pre_init__")}
    kind |= {"cached hash" for _ in [1] if "_attrs_cached_hash" in getattr(cls, "__slots__", ())}
    return frozenset(kind)


def test_every_kind_of_class_the_game_has_is_one_evolve_is_tested_on():
    """Every attrs class of the package is of a kind :func:`_kinds` holds :func:`evolve` to
    attrs' own on (a class of a new kind, a converter of another sort, needs its test here)."""
    import importlib
    import pkgutil

    import champions_mush

    tested = frozenset().union(*(_kind_of(type(value)) for value, _ in _kinds().values())) | {"no fields"}
    untested = {}
    for module in pkgutil.walk_packages(champions_mush.__path__, "champions_mush."):
        if module.name.endswith("__main__"):
            continue
        for value in vars(importlib.import_module(module.name)).values():
            if isinstance(value, type) and attrs.has(value) and value.__module__ == module.name \
                    and _kind_of(value) - tested:
                untested[value.__qualname__] = sorted(_kind_of(value) - tested)
    assert untested == {}


def test_evolve_makes_what_attrs_evolve_makes_of_the_values_a_fight_evolves():
    from champions_mush.game.combat import Fight, Fighter
    from champions_mush.game.harm import KnockbackOptions
    from champions_mush.game.sheets import Sheet
    from champions_mush.rules.champions.knockback import KBModifier

    sheet = Sheet(char_id=3, name="Ann", stats={"PD": 50, "STR": 20}, reduction={"pd_dr": 50},
                  charges_used={"x": 1}, stun=5)
    fighter = Fighter(3, "Ann", dcv_mod=-2, dcv_note="Haymaker")
    fight = Fight(id=1, room=7, gm="Gina", fighters=(fighter, Fighter(4, "Bea")), turn=2, segment=6, current=3)
    kb = KnockbackOptions(body=0, mods=(KBModifier.KILLING_ATTACK,))
    for value, change in ((sheet, {"stun": None, "body": 3, "end": 1}), (sheet, {"stats": {"PD": "7"}}),
                          (fighter, {"dcv_mod": 0, "prone": True}), (fight, {"current": None, "done": (3,)}),
                          (fighter, {"first_over": [4]}), (kb, {"body": 6, "mods": ()})):
        _same(evolve(value, **change), attrs.evolve(value, **change))
