"""+ao commands in an AnimOuch! game, driven through the dispatcher with fixed dice."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from champions_mush.commands.base import Role
from champions_mush.game import rolls
from champions_mush.rules.dice import FixedRoller, RandomRoller

from ..harness import make_world, private_roll


def ao_world(*faces):
    world = make_world(roller=FixedRoller(faces), ruleset="animouch")
    return world, world.login("Molly"), world.login("Skaleng")


def test_attempt_seen_by_the_room():
    _world, molly, skaleng = ao_world(1, 4)
    molly.do("+ao 10=hide in the park")
    line = '[AO] Molly rolls 2D6 vs 10 for "hide in the park": 5 (1 4): skill shot [r1]'
    assert molly.lines == [line]
    assert skaleng.lines == [line]


@pytest.mark.parametrize(("faces", "line", "answer"), [
    pytest.param((3, 3), "+ao tricky +2",
                 "[AO] Molly rolls 2D6 vs tricky (6) +2 = 8: 6 (3 3): success [r1]",
                 id="attempt from the difficulty ladder with modifier"),
    pytest.param((3, 4, 5, 3), "+ao/opposed 2 vs Skaleng 0",
                 "[AO] Molly rolls an opposed attempt against Skaleng: 9 (3 4 +2) vs 8 (5 3 +0): Molly wins [r1]",
                 id="opposed attempt"),
    # 7 + 3 - 3 (extreme) = 7; roll 7: glancing; 4 dice 6 5 3 1 = 15, quartered: 3.
    pytest.param((3, 4, 6, 5, 3, 1), "+ao/hit 3 vs 0 extreme impact 4",
                 "[AO] Molly rolls to hit, 7 or less (accuracy +3, extreme range -3): 7 (3 4): a glancing blow (half damage); "
                 "3 damage (6 5 3 1, quartered) [r1]",
                 id="glancing blow at extreme range quarters"),
    pytest.param((6, 6), "+ao/hit 9 vs 0",
                 "[AO] Molly rolls to hit, 16 or less (accuracy +9): 12 (6 6): a 12 always misses [r1]",
                 id="natural 12 always misses"),
    pytest.param((6, 6, 6, 5, 5), "+ao/damage 5 tough 12",
                 "[AO] Molly rolls 5 impact: 28 damage (6 6 6 5 5); toughness 12: 2 wounds [r1]",
                 id="Chen takes two wounds from 28"),
    pytest.param((5, 4, 2, 6), "+ao/init Molly 0, Skaleng 1",
                 "[AO] Molly rolls initiative: Skaleng 5 (4; tie: 6), Molly 5 (5; tie: 2) [r1]",
                 id="initiative ties reroll"),
    pytest.param((5,), "+ao/init Chen 1 hurt",
                 "[AO] Molly rolls initiative: Chen 3 (5) [r1]",
                 id="initiative hurt last turn"),
    pytest.param((4, 4, 4), "+ao/kb 3 into 2",
                 "[AO] Molly rolls 3 knockback: 12\" (4 4 4); hits something after 2\": 10 dice to each [r1]",
                 id="Slabo knocked 12 inches into a building after 2"),
    pytest.param((4, 4, 4), "+ao/kb 3 carry 12",
                 "[AO] Molly rolls 3 knockback: 12\" (4 4 4), 1\" for its size [r1]",
                 id="bus for 12 moves 1 inch"),
    pytest.param((4, 6), "+ao/collide 20 after 6 init 1 avoid 2",
                 "[AO] Molly rolls to avoid a collision at 20\": 10 (4 6) vs 10: clipped; 7\" of movement left [r1]",
                 id="pilot clips the wall with a 10 and has 7 inches left"),
    pytest.param((5, 6, 6, 6, 3, 1), "+ao/collide 20 after 6 init 1 avoid 2 obstacle 5 2",
                 "[AO] Molly rolls to avoid a collision at 20\": 11 (5 6) vs 10: hit; 4 dice each: 16 damage (6 6 3 1), "
                 "the mover takes only 10 (the obstacle breaks); 7\" of movement left [r1]",
                 id="pilot hits the wall for 4 dice capped by a door"),
    pytest.param((4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1), "+ao/fall 10 leap 3 kb",
                 "[AO] Molly rolls a fall of 10\" (leap 3): 8 (4 4) on 7 or less: failed; 10 dice (the full distance): "
                 "10 damage (1 1 1 1 1 1 1 1 1 1) [r1]",
                 id="knockback fall failing 7 or less takes the full distance"),
    pytest.param((2, 6, 5, 4), "+ao/scatter 30",
                 "[AO] Molly rolls scatter from 30\": direction die 2, distance 3D6 (6 5 4): 15\" [r1]",
                 id="scatter dice for 30 inches"),
    pytest.param((5, 3), "+ao/scatter 4",
                 "[AO] Molly rolls scatter from 4\": direction die 5, distance D3 (3): 3\" [r1]",
                 id="scatter d3 for 4 inches"),
])
def test_a_roll_answers_in_one_line(faces, line, answer):
    _world, molly, _ = ao_world(*faces)
    assert molly.do(line) == [answer]


def test_exact_target_is_partial_and_unskilled_ten_fails():
    _world, molly, _ = ao_world(3, 4, 4, 6)
    molly.do("+ao 7")
    molly.do("+ao 12 unskilled")
    assert molly.lines == [
        "[AO] Molly rolls 2D6 vs 7: 7 (3 4): partial success [r1]",
        "[AO] Molly rolls 2D6 vs 12, unskilled: 10 (4 6): an unskilled 10-12 always fails [r2]",
    ]


def test_mollys_skill_shot_adds_one_per_damage_die_and_wounds_follow():
    # target 9 (accuracy 2), roll 5: skill shot; 3 impact: 1 4 6 -> 2 5 7 = 14; toughness 5: 2 wounds.
    _world, molly, skaleng = ao_world(2, 3, 1, 4, 6)
    molly.do("+ao/hit 2 vs 0 impact 3 tough 5")
    assert skaleng.lines == [
        ("[AO] Molly rolls to hit, 9 or less (accuracy +2): 5 (2 3): hits, a skill shot (+1 a die); "
        "14 damage (1 4 6, +1 a die); toughness 5: 2 wounds [r1]")
    ]


def test_charging_molly_adds_one_per_die_airborne_takes_one_off():
    _world, molly, _ = ao_world(3, 3, 1, 4, 6, 3, 3, 1, 4, 6)
    molly.do("+ao/hit 1 vs 0 impact 3 charged")
    molly.do("+ao/hit 1 vs 0 impact 3 airborne")
    assert molly.lines == [
        "[AO] Molly rolls to hit, 8 or less (accuracy +1): 6 (3 3): hits; 14 damage (1 4 6, +1 a die) [r1]",
        "[AO] Molly rolls to hit, 8 or less (accuracy +1): 6 (3 3): hits; 8 damage (1 4 6, -1 a die) [r2]",
    ]


def test_shagren_sprays_seven_impact():
    _world, molly, skaleng = ao_world()
    molly.do("+ao/spray 7 3")
    assert skaleng.lines == ["[AO] Molly sprays 7 impact as 3 attacks of 2 (1 impact lost)."]


def test_barn_wall_automatic_up_to_120():
    _world, molly, _ = ao_world()
    assert molly.do("+ao/terrain 120 12") == ["Against terrain 12\" across at 120\": an automatic hit (automatic up to 120\")."]
    assert molly.do("+ao/terrain 121 12") == ["Against terrain 12\" across at 121\": +4 to hit (automatic up to 120\")."]


def test_nerve_needs_lower_than_7_plus_avoidance():
    _world, molly, _ = ao_world(4, 4, 3, 4)
    molly.do("+ao/nerve 1")
    molly.do("+ao/nerve 1")
    assert molly.lines == [
        "[AO] Molly rolls nerve: 8 (4 4) vs under 8: runs away! [r1]",
        "[AO] Molly rolls nerve: 7 (3 4) vs under 8: stands firm [r2]",
    ]


def test_private_roll_to_roller_and_staff_only_and_logged():
    world, molly, skaleng = ao_world(1, 2)
    gm = world.login("Gina", role=Role.STAFF)
    assert private_roll(molly, "+ao/private 7", gm, skaleng) == [
        "[AO/private] Molly rolls 2D6 vs 7: 3 (1 2): skill shot [r1]"]
    record = rolls.find_roll(world.game, "r1")
    assert (record.kind, record.private, record.data["faces"]) == ("ao-check", True, [1, 2])


def test_bad_input_gets_short_messages_and_rolls_nothing():
    world, molly, _ = ao_world()
    assert molly.do("+ao banana") == [
        "Usage: +AO <target> [+/-<n>...] [unskilled][=<note>]"
    ]
    assert molly.do("+ao 100") == ["A target number of 100 makes no sense (keep it within 2 to 12)."]
    assert molly.do("+ao/collide 10 after 2") == ["Only a character moving over 10\" can collide."]
    assert molly.do("+ao/kb 500") == ["Knockback must be from 0 to 200."]
    assert molly.do("+ao/spray 3 4") == ["Split the impact into at least one attack, each with 1 impact or more."]
    assert molly.do("+ao/hit 1 vs 1 short long") == ["Give one range band, and cone or edge, not both."]
    assert molly.do("+ao/hit/damage 1 vs 1") == ["One action at a time: /hit, /damage."]
    assert rolls.recent_rolls(world.game) == []


def test_animouch_commands_refused_in_a_ptb_game():
    world = make_world(roller=FixedRoller([]), ruleset="ptb")
    bob = world.login("Bob")
    assert bob.do("+ao 7") == ["+AO is for AnimOuch! games; this game uses ptb."]


# --- hostile input in an AnimOuch! game -------------------------------------------------------

_WORDS = st.sampled_from(
    ["", "vs", "7", "0", "-3", "+2", "99999", "200", "201", "tricky", "really hard", "unskilled", "short", "extreme",
     "cone", "edge", "impact", "tough", "stun", "into", "carry", "leap", "kb", "after", "init", "avoid", "obstacle",
     "hurt", ",", "=", "|r", "banana", "\u00bd", "a" * 80]
)
_SWITCH = st.sampled_from(["", "/opposed", "/hit", "/damage", "/init", "/kb", "/fall", "/collide", "/scatter",
                           "/spray", "/nerve", "/terrain", "/private", "/hit/private"])


@settings(max_examples=250, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(switch=_SWITCH, words=st.lists(_WORDS, max_size=7))
def test_fuzzed_ao_lines_never_reach_the_guard(switch, words):
    """A handler that crashes fails the test (the harness raises HandlerCrashed on the guard's apology)."""
    world = make_world(roller=RandomRoller(5), ruleset="animouch")
    molly = world.login("Molly")
    assert molly.do(f"+ao{switch} {' '.join(words)}"), "every line gets an answer"
