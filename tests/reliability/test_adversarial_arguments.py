"""Every command in the table, every name and switch, fed long hostile arguments up to the line
limit: none may take long (a regular expression that backtracks, a quadratic lookup) or reach
the guard (docs/reliability.md, "Hostile arguments").

The table is walked, so a command added later is covered without a new test. A call is timed
once; only when it is over the bound is it timed twice more and the fastest of the three kept,
so a busy CI machine does not fail the test but a slow handler does.
"""

from __future__ import annotations

import logging
import random
import time

import pytest

from champions_mush.commands.base import Role
from champions_mush.commands.table import build_table
from champions_mush.game.config import GameConfig
from champions_mush.rules.dice import RandomRoller

from ..harness import make_world

TABLE = build_table()
GUARD_MESSAGE = "Something went wrong with that command. It has been logged for staff."
#: the longest line the server accepts (GameConfig.max_line_length)
LINE_LIMIT = GameConfig().max_line_length
#: seconds one call may take (the fastest of three): the attacks this catches took 0.2 to 12 s
BOUND = 0.1
#: lines that would end the test world rather than exercise a command
_NOT_RUN = {"quit", "@shutdown"}
#: the ruleset in which a command does its real work (the others refuse it at once)
_RULESET = {"+ptb": "ptb", "+ao": "animouch"}


def _fill(unit: str, room: int) -> str:
    return (unit * (room // max(1, len(unit)) + 1))[:room]


def _words(room: int) -> str:
    rng = random.Random(11)
    words = ("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(8)) for _ in range(room))
    return " ".join(words)[:room]


#: name -> a function of the room left on the line, giving the argument text
ATTACKS = {
    "word then spaces then !": lambda n: "a" + " " * (n - 2) + "!",
    "space-bang runs": lambda n: _fill(" !", n),
    "one long word": lambda n: "x" * n,
    "a long word with a typo": lambda n: "knockbakc" + "x" * (n - 9),
    "one-letter words": lambda n: _fill("a ", n),
    "random 8-letter words": _words,
    "equals run": lambda n: "=" * n,
    "slash run": lambda n: "/" * n,
    "equals-slash": lambda n: _fill("=/", n),
    "name equals spaces": lambda n: "Bob=" + " " * (n - 6) + "!",
    "digits": lambda n: "9" * n,
    "numbers": lambda n: _fill("1 ", n),
    "signed numbers": lambda n: _fill("+1 -2 ", n),
    "sign then spaces": lambda n: "+" + " " * (n - 2) + "1",
    "minus run": lambda n: "-" * n,
    "dice amounts": lambda n: _fill("1d6+", n),
    "half dice": lambda n: _fill("4 1/2 ", n),
    "vs runs": lambda n: _fill("vs ", n),
    "vs with spaces": lambda n: "a" + " " * (n // 2) + "vs" + " " * (n // 2 - 4) + "!",
    "options": lambda n: _fill("x3 isnm 2 str 10 def +2 active heavy ", n),
    "commas": lambda n: _fill(", ", n),
    "quotes": lambda n: _fill('"', n),
    "brackets": lambda n: _fill("([{<", n),
    "apostrophes and spaces": lambda n: "a" + _fill("' ", n - 2) + "!",
    "colour markup": lambda n: _fill("|r", n),
    "pipes and percents": lambda n: _fill("||%r%t", n),
    "hash ids": lambda n: _fill("#1 ", n),
    "fullwidth": lambda n: _fill("Ａｄａ ｓａｙｓ ", n),
    "superscript digits": lambda n: _fill("²", n),
    "zero-width": lambda n: _fill("\u200b", n),
    "bidi and separators": lambda n: _fill("\u202e\u2028a", n),
    "accents": lambda n: _fill("é ", n),
    "tabs": lambda n: "a" + "\t" * (n - 2) + "!",
    "a banner rule with a gap": lambda n: "-" * (n // 2) + " " * (n - n // 2 - 1) + "x",
    # behind a valid start, so the parse reaches its later patterns (Bob=10 suits many commands)
    "valid start then spaces": lambda n: "Bob=10 a," + " " * (n - 10) + "!",
    "valid start then a gap": lambda n: "Bob=10 a" + " " * (n - 10) + "!",
    "valid start, a comma, a gap": lambda n: "Bob=10 Bob, a" + " " * (n - 15) + "!",
    "valid start: a power, a number, a gap": lambda n: "Shield=armor 8" + " " * (n - 15) + "!",
    "valid start then colons": lambda n: "Bob=10 " + _fill("a :", n - 7),
    "valid start then vs": lambda n: "10 vs Bob " + _fill("+1 ", n - 10),
    "x then digits": lambda n: "3 x" + "9" * (n - 3),
    "a word then digits": lambda n: "last " + "9" * (n - 5),
    "hash then digits": lambda n: "#" + "9" * (n - 1),
    # short ones: numbers that str.isdigit takes and int() refuses, or reads as another digit
    "a superscript": lambda n: "²",
    "a word then a superscript": lambda n: "last ²",
    "hash superscript": lambda n: "#²",
    "superscripts around vs": lambda n: "² vs ² ²",
    "arabic-indic digits": lambda n: "٣ vs ٣ +٣",
    "a sign and a superscript": lambda n: "+²",
}


def _world(command_key: str):
    world = make_world(roller=RandomRoller(3), ruleset=_RULESET.get(command_key, "champions"))
    world.login("Bob")
    actor = world.login("Alice", role=Role.ADMIN)
    return world, actor


def _timed(actor, line: str) -> tuple[float, list[str]]:
    start = time.perf_counter()
    out = actor.do(line)
    return time.perf_counter() - start, out


def _lines_for(command) -> list[str]:
    heads = [name for name in command.names if name.lower() not in _NOT_RUN]
    heads += [f"{command.key}/{switch}" for switch in command.switches] if heads else []
    return heads


def _check(actor, head: str, caplog) -> list[str]:
    slow = []
    for attack, make in ATTACKS.items():
        line = f"{head} {make(LINE_LIMIT - len(head) - 1)}"
        assert len(line) <= LINE_LIMIT
        caplog.clear()
        took, out = _timed(actor, line)
        if took > BOUND:
            took = min([took, *(_timed(actor, line)[0] for _ in range(2))])
        assert GUARD_MESSAGE not in out, (head, attack, caplog.text[-600:])
        if took > BOUND:
            slow.append(f"{head} [{attack}]: {took * 1000:.0f} ms")
    return slow


@pytest.mark.parametrize("command", TABLE.commands, ids=lambda c: c.key)
def test_no_command_is_slow_or_crashes_on_hostile_arguments(command, caplog):
    """Each name and switch of ``command`` with each attack, as an admin (who reaches every branch)."""
    _, actor = _world(command.key)
    slow = []
    with caplog.at_level(logging.ERROR, logger="champions_mush.commands"):
        for head in _lines_for(command):
            slow += _check(actor, head, caplog)
    assert not slow, "\n".join(slow)


def test_lines_no_command_matches_are_not_slow(caplog):
    """The fallbacks (exits by name, channel aliases) read every unmatched line."""
    _, actor = _world("")
    actor.do("addcom pub=Public")
    with caplog.at_level(logging.ERROR, logger="champions_mush.commands"):
        slow = _check(actor, "pub", caplog) + _check(actor, "nosuchcommand", caplog)
    assert not slow, "\n".join(slow)


@pytest.mark.parametrize("command", [c for c in TABLE.commands if c.before_login], ids=lambda c: c.key)
def test_login_screen_commands_are_not_slow(command, caplog):
    """Before login too: +help, RULES, NEWS, WHO, connect, create are open to anyone who connects."""
    world = make_world(roller=RandomRoller(3))
    guest = world.guest()
    slow = []
    with caplog.at_level(logging.ERROR, logger="champions_mush.commands"):
        for head in _lines_for(command):
            slow += _check(guest, head, caplog)
    assert not slow, "\n".join(slow)
