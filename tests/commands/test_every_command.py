"""Every command in the table, against every role and against hostile arguments (docs/reliability.md).

These tests walk the real command table, so a command added later is covered without a new test.
"""

from __future__ import annotations

import logging

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from champions_mush.commands.base import Role
from champions_mush.commands.dispatch import NOT_CONNECTED, PERMISSION_DENIED
from champions_mush.commands.table import build_table
from champions_mush.game.world import Game
from champions_mush.rules.dice import RandomRoller

from ..harness import make_world

TABLE = build_table()
GUARD_MESSAGE = "Something went wrong with that command. It has been logged for staff."

# Lines that would end the test world itself rather than exercise a command.
_NOT_FUZZED = {"quit", "@shutdown", "logout"}


def _snapshot(world) -> dict:
    docs = {kind: world.store.all(kind) for kind in ("character", "room", "sheet", "channel", "combat",
                                                "mailbox", "board", "bbread", "job", "job_unseen", "scene",
                                                "scene_room")}
    return {**docs, "rows": {kind: world.store.count_rows(kind) for kind in ("job_comment", "board_post")}}


def _sample_args() -> list[str]:
    return ["", "Bob", "Bob=staff", "me=hello", "10", "Bob=10 5 killing energy", "#1", "all=1"]


@pytest.mark.parametrize("command", [c for c in TABLE.commands if c.role > Role.PLAYER], ids=lambda c: c.key)
def test_player_refused_every_staff_command(command):
    world = make_world()
    world.login("Bob")
    alice = world.login("Alice")
    before = _snapshot(world)
    for name in command.names:
        for args in _sample_args():
            assert alice.do(f"{name} {args}".strip()) == [PERMISSION_DENIED], (name, args)
    assert _snapshot(world) == before


_STAFF_SWITCHES = [(c, s) for c in TABLE.commands for s, r in c.switch_roles.items() if r > Role.PLAYER]


@pytest.mark.parametrize("command,switch", _STAFF_SWITCHES, ids=lambda x: getattr(x, "key", x))
def test_player_refused_every_staff_switch(command, switch):
    world = make_world()
    world.login("Bob")
    alice = world.login("Alice")
    before = _snapshot(world)
    for args in _sample_args():
        assert alice.do(f"{command.key}/{switch} {args}".strip()) == [PERMISSION_DENIED], (switch, args)
    assert _snapshot(world) == before


@pytest.mark.parametrize("command", [c for c in TABLE.commands if c.role > Role.STAFF], ids=lambda c: c.key)
def test_staff_refused_every_admin_command(command):
    world = make_world()
    gm = world.login("Gina", role=Role.STAFF)
    before = _snapshot(world)
    assert gm.do(f"{command.key} Gina=admin") == [PERMISSION_DENIED]
    assert _snapshot(world) == before


@pytest.mark.parametrize("command", [c for c in TABLE.commands if not c.before_login], ids=lambda c: c.key)
def test_guest_cannot_run_in_game_commands(command):
    world = make_world()
    guest = world.guest()
    assert guest.do(f"{command.key} x") == [NOT_CONNECTED]


_words = st.sampled_from(
    ["", "=", "==", "Bob", "me", "here", "#1", "#99999", "-3", "0", "100000", "4 1/2", "1d6+1", "banana",
     "/", "//", "|r", "||", "\x1b[2J", "%r", "\u00bd", "\u202e", "\x00", "STR", "nd6 10", "killing", "a" * 300]
)
_args = st.lists(_words, max_size=5).map(" ".join)
_switch = st.sampled_from(["", "/private", "/quiet", "/set", "/x", "/search", "/next", "/join", "/all"])
_fuzzable = sorted(n for c in TABLE.commands for n in c.names if n.lower() not in _NOT_FUZZED)


@pytest.mark.skipif(not _fuzzable, reason="no commands yet")
@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(_fuzzable or ["x"]), switch=_switch, args=_args,
       role=st.sampled_from([Role.PLAYER, Role.STAFF, Role.ADMIN]))
def test_fuzzed_arguments_never_reach_the_guard(name, switch, args, role, caplog):
    """No argument makes a command raise: every bad input gets its own short message."""
    world = make_world(roller=RandomRoller(7))
    world.login("Bob")
    actor = world.login("Alice", role=role)
    with caplog.at_level(logging.ERROR, logger="champions_mush.commands"):
        out = actor.do(f"{name}{switch} {args}")
    assert GUARD_MESSAGE not in out, (name, switch, args, caplog.text)
    reloaded = Game(world.store, config=world.game.config)  # what was stored still loads
    assert set(reloaded.characters) == set(world.game.characters)
