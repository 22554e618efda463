"""Imports run only inward: net -> commands -> game -> rules (docs/architecture.md).

Read from the source with ``ast``, so a new module is checked without a new test.
"""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "champions_mush"

#: What each layer may import from the rest of the package (besides itself).
ALLOWED = {
    "rules": set(),
    "store": set(),
    "text": set(),
    "help": {"text"},
    "game": {"rules", "store", "text"},
    "commands": {"game", "rules", "store", "help", "text"},
    "net": {"commands", "game", "rules", "store", "help", "text"},
    #: the web portal, a process of its own at the net layer's level (net starts it by name only)
    "portal": {"commands", "game", "rules", "store", "help", "text"},
}
#: The command-line front ends may reach the command table (to check every command has help).
EXCEPTIONS = {("help/cli.py", "commands")}


def _our_imports(path: Path) -> set[str]:
    layer_parts = path.relative_to(PACKAGE).parts
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the module's package
                base = list(layer_parts[:-1])[: len(layer_parts) - node.level]
                target = [*base, *(node.module or "").split(".")] if node.module else base
                names = [target] if node.module else [[*base, a.name] for a in node.names]
            elif (node.module or "").startswith("champions_mush."):
                names = [node.module.split(".")[1:]]
            else:
                continue
            found.update(parts[0] for parts in names if parts and parts[0])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] for a in node.names if a.name.startswith("champions_mush."))
    return found


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_each_layer_imports_only_inward(layer):
    wrong = []
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        for target in _our_imports(path) - ALLOWED[layer] - {layer}:
            if target in ALLOWED and (rel, target) not in EXCEPTIONS:
                wrong.append(f"{rel} imports {target}")
    assert wrong == []


def test_rulesets_import_nothing_of_each_other():
    for ruleset in ("champions", "ptb", "animouch"):
        for path in (PACKAGE / "rules" / ruleset).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            others = {"champions", "ptb", "animouch"} - {ruleset}
            assert not any(f"rules.{o}" in text or f"from ..{o}" in text for o in others), path
