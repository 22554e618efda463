"""Shared helpers for the help tests: a rules_data folder built in a temporary directory."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from champions_mush.help import default_root

#: a copy of seeds/000_4623410a2fec41ba.txt (the CM 2.0 rules file as its wiki page has it)
SEED = Path(__file__).parent / "data" / "rulebk2.rules.txt"
SHIPPED = default_root()


def write(root: Path, rel: str, text: str) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


@pytest.fixture
def seed_text() -> str:
    return SEED.read_text(encoding="utf-8")


@pytest.fixture
def tiny_root(tmp_path: Path) -> Path:
    """A rules_data folder with one small ruleset, one help file and one news file."""
    write(tmp_path, "rules/test/combat.yaml", """
        category: combat
        topics:
          - name: KNOCKBACK
            see_also: [KNOCKBACK 2]
            text: |
              Knockback page one.
              For more information see RULES KNOCKBACK 2
          - name: KNOCKBACK 2
            text: |
              Knockback page two.
          - name: KNOCK
            text: Knock on wood.
          - name: PRE ATTACKS
            aliases: [PRESENCE]
            category: presence
            text: Presence attacks.
          - name: MOVEMENT
            text: Moving about.
    """)
    write(tmp_path, "help/basic.yaml", """
        category: basics
        topics:
          - name: +ND6
            text: Roll normal damage.
          - name: "@SECRET"
            staff_only: true
            text: Staff business.
    """)
    write(tmp_path, "news/news.yaml", """
        category: game
        topics:
          - name: WELCOME
            text: Hello.
    """)
    return tmp_path
