"""Each ruleset over real telnet (docs/rulesets.md): a game started with each ruleset (``ruleset:`` in the config YAML).

For ``ptb`` and ``animouch`` (and the default ``champions`` for contrast): ``RULES`` lists that
ruleset's topics and no other's, a roll of that ruleset is seen by a second player in the room
and checks out with ``+dice/verify``, and the other rulesets' commands refuse politely.
Dice are random here, so rolls are checked against the rules (AnimOuch!'s 2D6 grades, the PTB
range 1 to the score, Champions STUN and BODY from the faces), never against fixed numbers.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from .helpers import Client, Server, read_line

pytestmark = pytest.mark.e2e

RULES_DATA = Path(__file__).resolve().parents[2] / "rules_data" / "rules"
ROLLS = 4
_ID = r"\[(r[0-9a-z]+)\]"


# --- what each ruleset's roll must look like ---------------------------------------------------
def _ptb_roll(line: str) -> str:
    """``+ptb/roll 20``: a result from 1 to the score (the default uniform method, docs/rulesets.md)."""
    match = re.fullmatch(rf"\[PTB\] Alice rolls a score of 20: (\d+) {_ID}", line)
    assert match and 1 <= int(match[1]) <= 20, line
    return match[2]


def _animouch_grade(total: int) -> str:
    """AnimOuch! "The Basic System" against 7: 4 or more under is a skill shot, under the target a
    (total) success, exactly the target a partial success, over it a failure. Against 7 a natural
    12 fails anyway, so the line names no automatic rule (it does so only when the natural roll,
    not the target, decided the outcome)."""
    if total <= 7 - 4:
        return "skill shot"
    return "success" if total < 7 else "partial success" if total == 7 else "failure"


def _animouch_roll(line: str) -> str:
    """``+ao 7``: 2D6 roll-under, the total the sum of the faces, graded as the seed says."""
    match = re.fullmatch(rf"\[AO\] Alice rolls 2D6 vs 7: (\d+) \(([1-6]) ([1-6])\): ([a-z0-9 ]+) {_ID}", line)
    assert match, line
    total = int(match[1])
    assert total == int(match[2]) + int(match[3]) and match[4] == _animouch_grade(total), line
    return match[5]


def _champions_roll(line: str) -> str:
    """``+nd6 10``: STUN the sum of the faces, BODY 0 for a 1, 2 for a 6, else 1 (RULES NORMAL DAMAGE)."""
    match = re.fullmatch(rf"\[Dice\] Alice rolls 10d6 normal: (\d+) STUN, (\d+) BODY \(([1-6 ]+)\) {_ID}", line)
    assert match, line
    faces = [int(f) for f in match[3].split()]
    body = sum(0 if f == 1 else 2 if f == 6 else 1 for f in faces)
    assert len(faces) == 10 and int(match[1]) == sum(faces) and int(match[2]) == body, line
    return match[4]


_CHAMPIONS_ONLY = "That command is for the Champions rules; this game uses {}."
GAMES = {
    "ptb": {"roll": "+ptb/roll 20", "tag": "[PTB]", "check": _ptb_roll,
            "refused": {"+nd6 10": _CHAMPIONS_ONLY, "+kd6 2": _CHAMPIONS_ONLY, "+sheet": _CHAMPIONS_ONLY,
                        "+hit 5 5": _CHAMPIONS_ONLY,
                        "+ao 7": "+AO is for AnimOuch! games; this game uses {}."}},
    "animouch": {"roll": "+ao 7", "tag": "[AO]", "check": _animouch_roll,
                 "refused": {"+nd6 10": _CHAMPIONS_ONLY, "+kd6 2": _CHAMPIONS_ONLY, "+sheet": _CHAMPIONS_ONLY,
                             "+hit 5 5": _CHAMPIONS_ONLY,
                             "+ptb/roll 20": "+PTB is for Powers That Be games; this game uses {}."}},
    "champions": {"roll": "+nd6 10", "tag": "[Dice]", "check": _champions_roll,
                  "refused": {"+ao 7": "+AO is for AnimOuch! games; this game uses {}.",
                              "+ptb/roll 20": "+PTB is for Powers That Be games; this game uses {}."}},
}


@pytest.fixture(scope="module", params=list(GAMES))
def game(request, tmp_path_factory):
    ruleset = request.param
    config = f"password_cost: 1024\ncommand_burst: 500\nruleset: {ruleset}\n"
    with Server(tmp_path_factory.mktemp(f"game-{ruleset}"), config) as server:
        yield ruleset, server


def _index_topics(ruleset: str) -> set[str]:
    """The first pages of a ruleset's RULES topics, from its YAML files with those in subfolders,
    as the help library reads them (numbered pages continue one)."""
    names = set()
    for path in sorted((RULES_DATA / ruleset).rglob("*.yaml")):
        for topic in yaml.safe_load(path.read_text(encoding="utf-8"))["topics"]:
            if not topic.get("staff_only") and not re.search(r" \d+$", topic["name"]):
                names.add(topic["name"].upper())
    return names


def _read_index(client: Client) -> tuple[str, set[str]]:
    """The title line of ``RULES`` and every topic name it lists."""
    client.send("RULES")
    title = read_line(client, "---")
    names: set[str] = set()
    while not re.fullmatch(r"-+", line := client.expect("\n")[:-1]):
        if line.startswith("  "):
            names.update(name.rstrip("*") for name in re.split(r"\s{2,}", line.strip()))
    return title, names


def _marker(speaker: Client, listener: Client, word: str) -> str:
    """Everything ``listener`` got until ``speaker`` said ``word``."""
    speaker.send(f"say {word}")
    return listener.expect(f'says, "{word}"')


def test_rules_shows_the_index_of_the_game_s_ruleset(game):
    ruleset, server = game
    eve = server.login("Eve")
    title, listed = _read_index(eve)
    assert re.fullmatch(rf"-+ RULES: {ruleset} -+", title), title
    expected = _index_topics(ruleset)
    assert listed == expected
    for other in set(GAMES) - {ruleset}:
        assert not (_index_topics(other) - expected) & listed, f"{other} topics in the {ruleset} index"


def test_a_roll_of_the_ruleset_is_seen_by_a_second_player_and_verified(game):
    ruleset, server = game
    alice, bob = server.login("Alice"), server.login("Bob")
    spec = GAMES[ruleset]
    for _ in range(ROLLS):
        alice.send(spec["roll"])
        line = read_line(bob, f"{spec['tag']} Alice rolls ")
        roll_id = spec["check"](line)
        assert read_line(alice, f"{spec['tag']} Alice rolls ") == line
        bob.send(f"+dice/verify {roll_id}")
        said = line[line.index(" rolls ") + len(" rolls "): -len(f" [{roll_id}]")]
        verified = read_line(bob, f"Roll {roll_id}: ")
        assert re.fullmatch(rf"Roll {roll_id}: Alice rolled {re.escape(said)} \d+s ago\.", verified), verified


def test_the_other_rulesets_commands_refuse_politely_and_plain_dice_still_work(game):
    ruleset, server = game
    cara, dan = server.login("Cara"), server.login("Dan")
    cara.do("say ready", 'You say, "ready"')  # past the room's contents line
    for n, (command, answer) in enumerate(GAMES[ruleset]["refused"].items()):
        cara.send(command)
        cara.send(f"say next {n}")
        lines = cara.expect(f'You say, "next {n}"').strip().splitlines()
        assert lines == [answer.format(ruleset), f'You say, "next {n}"'], command
    assert "rolls" not in _marker(cara, dan, "nothing rolled")

    cara.send("+d6 2")  # plain dice are for every ruleset
    match = re.fullmatch(rf"\[Dice\] Cara rolls 2d6: ([1-6]) \+ ([1-6]) = (\d+) {_ID}", read_line(dan, "[Dice] Cara"))
    assert match and int(match[3]) == int(match[1]) + int(match[2])
