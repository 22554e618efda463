"""The AnimOuch! RULES topics (rules_data/rules/animouch) and +HELP +AO load cleanly, cover the
seed, and mark where its text is cut off."""

import pytest

from champions_mush.help.checker import check
from champions_mush.help.library import HelpLibrary
from champions_mush.help.topic import Severity

LIBRARY = HelpLibrary.load()
RULES = LIBRARY.rules("animouch")

SEED_TOPICS = [
    "ANIMOUCH", "ROLEPLAYING", "GAMEMASTER", "ATTEMPTS", "TARGET NUMBERS", "SKILL SHOT", "AUTOMATIC RESULTS",
    "OPPOSED ATTEMPTS", "FUDGING", "COMBAT TURN", "INITIATIVE", "HEALING", "MOVEMENT", "FALLING", "COLLISIONS",
    "SPACE FLIGHT", "ATTACKS", "HITTING", "HITTING 2", "SCATTER", "SPRAY FIRE", "AREA EFFECT OPTIONS", "DAMAGE",
    "WOUNDS", "UNCONSCIOUS", "KNOCKBACK", "TERRAIN", "RUNNING AWAY", "STUN ATTACKS",
]

#: Topics whose seed text is cut off (or refers to something missing): each says "Gap:".
GAPS = ["ROLEPLAYING", "MOVEMENT", "HITTING", "SCATTER", "SPRAY FIRE", "WOUNDS", "TERRAIN", "KNOCKBACK"]


def _ours(problem) -> bool:
    return (problem.file or "").startswith(("rules/animouch/", "help/animouch"))


def test_files_load_without_errors_or_dangling_references():
    assert [p for p in check(LIBRARY) if _ours(p) and p.severity is Severity.ERROR] == []


@pytest.mark.parametrize("name", SEED_TOPICS)
def test_each_seed_rule_has_a_topic(name):
    assert RULES.get(name) is not None


@pytest.mark.parametrize("name", GAPS)
def test_cut_off_rules_are_marked(name):
    assert "Gap:" in RULES.get(name).text


def test_hitting_continues_on_a_second_page():
    assert RULES.next_of(RULES.get("HITTING")) is RULES.get("HITTING 2")


def test_every_line_fits_78_columns():
    assert [(t.name, line) for t in RULES.topics for line in t.text.split("\n") if len(line) > 78] == []


@pytest.mark.parametrize(
    "entry",
    ["Ridiculously easy  10", "Simple              9", "Basic               8", "Normal              7",
     "Tricky       6", "Tough        5", "Really hard  4"],
)
def test_difficulty_ladder_rows(entry):
    assert entry in RULES.get("TARGET NUMBERS").text


def test_terrain_examples_listed():
    text = RULES.get("TERRAIN").text
    for item in ("normal door T5 W1", "heavy door T10 W2", "vault door T20 W4", "3\" of concrete wall T10 W3",
                 "concrete pillar T20 W4", "T2 W2", "T10 W3"):
        assert item in text


def test_help_entries_for_the_commands():
    for name in ("+AO", "+AO/HIT", "+AO/DAMAGE", "+AO/KB", "+AO/COLLIDE", "+AO/NERVE"):
        assert LIBRARY.help.get(name) is not None, name
