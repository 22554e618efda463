"""The package surface: a sorted ``__all__``, every module's names re-exported, no I/O or
global randomness in the engine (docs/architecture.md)."""

import ast
import importlib
import pathlib

from champions_mush.rules import champions

PACKAGE = pathlib.Path(champions.__file__).parent
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")
FORBIDDEN = {"random", "twisted", "socket", "sqlite3", "os", "time", "io", "pathlib"}


def test_all_is_sorted_and_complete():
    assert champions.__all__ == sorted(champions.__all__)
    exported = set()
    for name in MODULES:
        module = importlib.import_module(f"champions_mush.rules.champions.{name}")
        assert module.__all__ == sorted(module.__all__), name
        exported.update(module.__all__)
    assert exported == set(champions.__all__)
    for name in champions.__all__:
        assert getattr(champions, name) is not None


def test_the_engine_imports_nothing_impure():
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                roots = {(node.module or "").split(".")[0]}
            else:
                continue
            assert not roots & FORBIDDEN, (path.name, roots)


def test_every_public_function_has_a_docstring():
    for name in champions.__all__:
        value = getattr(champions, name)
        if callable(value) and not isinstance(value, type(champions)):
            assert getattr(value, "__doc__", None), name


def test_docs_table_names_every_public_function():
    doc = (pathlib.Path(__file__).parents[3] / "docs" / "rules-engine.md").read_text("utf-8")
    functions = [n for n in champions.__all__ if callable(getattr(champions, n))
                 and getattr(champions, n).__class__.__name__ == "function"]
    assert len(functions) > 60
    assert [n for n in functions if n not in doc] == []
