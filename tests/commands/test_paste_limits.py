"""Unfinished pastes are bounded (commands/multiline.py; docs/reliability.md, "Every door"): all
pastes together hold at most ``paste_max_total`` characters, a paste ends within
``paste_timeout`` seconds, a dropped paste swallows the rest of itself and no more, a closed
connection frees what its paste held, and a character has at most ``connections_per_character``
connections."""

from __future__ import annotations

from pathlib import Path

from champions_mush.commands.login import TOO_MANY_CONNECTIONS
from champions_mush.commands.multiline import NOTE, QUIET, TOO_MANY, TOO_SLOW

from ..harness import make_world

DATA = Path(__file__).parents[1] / "game" / "data" / "hdc"
STILL = " (Still waiting for the line with only '.', or type .abort.)"
LINE = "<NOTES>" + "x" * 7_985 + "</NOTES>"  # 8,000 characters


def _held(world) -> int:
    return world.game.services.paste_chars


def test_all_pastes_together_hold_at_most_the_configured_total():
    world = make_world(paste_max_total=2_097_152)
    alice, bob = world.login("Alice"), world.login("Bob")
    alice.do("+sheet/import")
    bob.do("+sheet/import")
    for _ in range(200):  # 1.6 MB
        assert alice.do(LINE) == []
    assert _held(world) == 200 * 8_001
    answers = [bob.do(LINE) for _ in range(70)]
    assert answers[:62] == [[]] * 62  # 62 more lines fit under 2 MB
    assert answers[62] == [TOO_MANY + STILL]
    assert answers[63:] == [[]] * 7  # the rest of Bob's paste is swallowed
    assert _held(world) == 200 * 8_001
    assert bob.do(".") == [TOO_MANY]
    assert alice.do(".abort") == ["Import given up: nothing was changed."]
    assert _held(world) == 0
    assert bob.do("say free again") == ['You say, "free again"']


def test_a_paste_not_finished_in_time_is_thrown_away_and_its_rest_swallowed():
    world = make_world(paste_timeout=300)
    alice = world.login("Alice")
    alice.do("+sheet/import")
    alice.do("<CHARACTER>")
    world.clock.advance(301)
    assert alice.do("<CHARACTERISTICS>") == [TOO_SLOW.format(300) + STILL]
    assert _held(world) == 0
    assert alice.do("say this is pasted text") == [NOTE]  # swallowed; the note said once
    assert alice.do("say and more") == []
    assert alice.do(".") == [TOO_SLOW.format(300)]
    assert alice.do("say back") == ['You say, "back"']


def test_a_dropped_paste_left_quiet_ends_and_the_next_line_is_a_command():
    world = make_world(paste_timeout=300)
    alice = world.login("Alice")
    alice.do("+sheet/import")
    world.clock.advance(301)
    assert alice.do("<CHARACTER>") == [TOO_SLOW.format(300) + STILL]
    world.clock.advance(QUIET + 1)
    assert alice.do("say typing again") == ['You say, "typing again"']


def test_the_idle_sweep_drops_a_paste_past_its_deadline():
    world = make_world(paste_timeout=60)
    alice = world.login("Alice")
    alice.do("+sheet/import")
    alice.do(LINE)
    world.clock.advance(61)
    from champions_mush.commands.multiline import expire

    expire(alice, world.clock())
    assert alice.lines[-1] == TOO_SLOW.format(60) + STILL
    assert _held(world) == 0


def test_a_closed_connection_frees_what_its_paste_held():
    from champions_mush.commands.multiline import forget

    world = make_world()
    alice = world.login("Alice")
    alice.do("+sheet/import")
    alice.do(LINE)
    assert _held(world) == 8_001
    forget(alice)
    assert _held(world) == 0


def test_a_whole_file_still_imports_and_counts_nothing_afterwards():
    world = make_world()
    alice = world.login("Alice")
    alice.do("+sheet/import")
    for line in (DATA / "characteristics_5e_simple.hdc").read_text("utf-8").splitlines():
        alice.do(line)
    assert alice.do(".")[1].startswith("Imported '5e superhero simple' from Hero Designer: 0 items.")
    assert _held(world) == 0


def test_a_character_has_at_most_the_configured_connections():
    world = make_world(connections_per_character=2)
    sessions = [world.guest() for _ in range(3)]
    sessions[0].do("create Alice secret1")
    for session in sessions[1:]:
        assert session.do("connect Alice secret1")[0] == "Welcome to Champions MUSH, Alice!"
    first, second, third = sessions
    assert first.closed == TOO_MANY_CONNECTIONS.format(2)
    assert world.game.sessions_of(third.character) == [second, third]
    assert second.do("say still here") == ['You say, "still here"']
