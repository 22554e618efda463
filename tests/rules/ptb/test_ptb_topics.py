"""The PTB RULES topics (rules_data/rules/ptb) and +HELP +PTB load cleanly and cover the seed."""

import pytest

from champions_mush.help.checker import check
from champions_mush.help.library import HelpLibrary
from champions_mush.help.topic import Severity

LIBRARY = HelpLibrary.load()
RULES = LIBRARY.rules("ptb")

#: One topic per rule of PTB 2C Combat, and the house choices.
SEED_TOPICS = [
    "POWERS THAT BE", "INITIATIVE", "COMBAT SEQUENCE", "ROLLING SCORES", "DAMAGE", "EXAMPLE", "WEAPONS",
    "STRENGTH BONUS", "WEAPON BONUS", "ACTION POINTS", "DEDICATED ATTACK", "DEDICATED DEFENSE", "SERPENTINE",
    "KNOCKOUT", "LETHAL ATTACK", "WRESTLING",
]


def _ours(problem) -> bool:
    return (problem.file or "").startswith(("rules/ptb/", "help/ptb"))


def test_files_load_without_errors_or_dangling_references():
    problems = [p for p in check(LIBRARY) if _ours(p) and p.severity is Severity.ERROR]
    assert problems == []


@pytest.mark.parametrize("name", SEED_TOPICS)
def test_each_seed_rule_has_a_topic(name):
    assert RULES.get(name) is not None


def test_every_line_fits_78_columns():
    long_lines = [(t.name, line) for t in RULES.topics for line in t.text.split("\n") if len(line) > 78]
    assert long_lines == []


@pytest.mark.parametrize(
    "row",
    ["Negligible   1/10", "Very Light   1/5", "Light        1/2", "Medium       1", "Heavy        1 1/2",
     "Very Heavy   2", "Massive      2 1/2", "Excessive    3"],
)
def test_weapon_table_rows(row):
    assert row in RULES.get("WEAPONS").text


def test_rolling_scores_states_the_house_choice():
    text = RULES.get("ROLLING SCORES").text
    assert "from 1 to the total score" in text
    assert "ptb_roll_method" in text


def test_example_carries_both_rounds():
    text = RULES.get("ATTACK-O").text
    assert "8 damage" in text
    assert "7 damage" in text


def test_help_entries_for_the_commands():
    for name in ("+PTB", "+PTB/ATTACK", "+PTB/KNOCKOUT", "+PTB/WRESTLE", "+PTB/INIT", "+PTB/SERPENTINE"):
        assert LIBRARY.help.get(name) is not None, name
