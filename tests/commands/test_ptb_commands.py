"""+ptb commands in a Powers That Be game, driven through the dispatcher with fixed dice."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from champions_mush.commands.base import Role
from champions_mush.game import rolls
from champions_mush.rules.dice import FixedRoller, RandomRoller

from ..harness import make_world, private_roll


def ptb_world(*faces):
    world = make_world(roller=FixedRoller(faces), ruleset="ptb")
    attacko = world.login("AttackO")
    defender = world.login("Defender")
    return world, attacko, defender


def test_round_one_attack_o_hits_for_8_and_the_room_sees_it():
    _world, attacko, defender = ptb_world(17)
    attacko.do("+ptb/attack 30 vs 30 passive heavy str 20=giant mallet")
    line = ('[PTB] AttackO rolls an attack of 30 vs Dodge Resist 30 (passive 15) for "giant mallet": '
            "17 vs 15: hits by 2; Heavy x1 1/2 = 3 + 5 = 8 damage [r1]")
    assert attacko.lines == [line]
    assert defender.lines == [line]


def test_round_one_dark_defender_misses_passive_attack_o():
    _world, attacko, defender = ptb_world(7)
    defender.do("+ptb/attack 20 vs 20 light str 20")
    assert attacko.lines == ["[PTB] Defender rolls an attack of 20 vs Dodge Resist 20 (passive 10): 7 vs 10: misses [r1]"]


def test_round_two_both_active():
    _world, attacko, defender = ptb_world(21, 25, 9, 5)
    attacko.do("+ptb/attack 30 vs 30 active heavy str 20")
    defender.do("+ptb/attack 20 vs 20 active light str 20")
    assert defender.lines == [
        "[PTB] AttackO rolls an attack of 30 vs Dodge Resist 30 (active): 21 vs 25: misses [r1]",
        ("[PTB] Defender rolls an attack of 20 vs Dodge Resist 20 (active): 9 vs 5: hits by 4; "
        "Light x1/2 = 2 + 5 = 7 damage [r2]"),
    ]


def test_attack_from_sheets_uses_scores_and_strength():
    _world, attacko, defender = ptb_world(17)
    assert attacko.do("+ptb/score attack=30") == ["Attack set to 30 on your sheet."]
    attacko.do("+ptb/score str=20")
    defender.do("+ptb/score dodge=30")
    attacko.clear()
    attacko.do("+ptb/attack vs Defender heavy")
    assert attacko.lines == [
        ("[PTB] AttackO rolls an attack of 30 vs Defender's Dodge Resist 30 (passive 15): "
        "17 vs 15: hits by 2; Heavy x1 1/2 = 3 + 5 = 8 damage [r1]")
    ]


def test_attack_against_a_sheet_without_the_score_says_how_to_set_it():
    world, attacko, _ = ptb_world(17)
    assert attacko.do("+ptb/attack 30 vs Defender") == [
        "Defender has no Dodge Resist score: give a number, or set it with +ptb/score Dodge Resist=<value>."
    ]
    assert rolls.recent_rolls(world.game) == []


def test_tie_goes_to_the_defender():
    _world, attacko, _ = ptb_world(15)
    assert attacko.do("+ptb/attack 30 vs 30") == [
        ("[PTB] AttackO rolls an attack of 30 vs Dodge Resist 30 (passive 15): 15 vs 15: "
        "a tie: the defender wins [r1]")
    ]


def test_knockout_at_half_score_and_physical_resist_from_the_sheet():
    _world, attacko, defender = ptb_world(12, 2)
    defender.do("+ptb/score physical=20")
    defender.do("+ptb/score dodge=10")
    attacko.clear()
    attacko.do("+ptb/knockout 30 vs Defender medium")
    assert attacko.lines == [
        ("[PTB] AttackO rolls a knockout of 15 (half of 30) vs Defender's Dodge Resist 10 (passive 5): "
        "12 vs 5: hits by 7; Medium x1 = 7 + 0 = 7 damage; Physical Resist 20: 2, unconscious for 5 rounds [r1]")
    ]


def test_lethal_attack_goes_to_vim():
    _world, attacko, _ = ptb_world(10)
    attacko.do("+ptb/lethal 20 vs 8 gun heavy")
    assert attacko.lines == [
        ("[PTB] AttackO rolls a lethal of 10 (half of 20) vs Dodge Resist 8 (passive 4): 10 vs 4: hits by 6; "
        "Heavy x1 1/2 = 9 + 10 = 19 damage, to Vim (skipping Vigor) [r1]")
    ]


def test_wrestling_contact_hold_damage_and_restraint():
    _world, attacko, _ = ptb_world(14, 7, 20)
    attacko.do("+ptb/wrestle contact 20 vs 20")
    attacko.do("+ptb/wrestle hold 15 vs 20 +4")
    attacko.do("+ptb/wrestle damage 30 vs 20 str 20")
    attacko.do("+ptb/wrestle restrain")
    assert attacko.lines == [
        ("[PTB] AttackO rolls wrestling contact, 20 vs Dodge Resist 20 (passive 10): 14 vs 10: hits by 4 (3 AP); "
        "+4 toward the hold [r1]"),
        ("[PTB] AttackO rolls wrestling hold, 15 vs Strength 20 (passive 10): 11 (7+4) vs 10: hits by 1 (6 AP); "
        "the hold is on [r2]"),
        ("[PTB] AttackO rolls wrestling damage, 30 vs Strength 20 (passive 10): 20 vs 10: hits by 10; "
        "x1/5 = 2 + 10 = 12 damage (full Strength bonus) [r3]"),
        "[PTB] AttackO restrains their opponent (3 AP, no damage).",
    ]


def test_initiative_for_a_scene():
    _world, attacko, defender = ptb_world(4, 11)
    defender.do("+ptb/score boldness=18")
    defender.clear()
    attacko.do("+ptb/init AttackO 12, Goon 9 passive, Defender")
    assert defender.lines == [
        "[PTB] AttackO rolls initiative: Defender 11 (11 on 18), Goon 5 (passive), AttackO 4 (4 on 12) [r1]"
    ]


def test_serpentine_and_dedicated_actions():
    _world, attacko, defender = ptb_world()
    attacko.do("+ptb/serpentine 35 4")
    attacko.do("+ptb/dedicated defense 9")
    assert defender.lines == [
        "[PTB] AttackO weaves 35 ft for 8 AP (double 4): +3 Dodge Resist against ranged attacks until their next turn.",
        "[PTB] AttackO makes a dedicated defense: all 9 AP for an active defense against every attack.",
    ]
    assert attacko.do("+ptb/serpentine 5") == ["Serpentine needs at least 10 feet of movement."]


def test_plain_roll_of_a_named_score():
    _world, attacko, _ = ptb_world(13)
    attacko.do("+ptb/score physical=20")
    attacko.clear()
    assert attacko.do("+ptb/roll physical") == ["[PTB] AttackO rolls Physical Resist of 20: 13 [r1]"]


def test_private_roll_goes_to_roller_and_staff_only():
    world, attacko, defender = ptb_world(9)
    gm = world.login("Gina", role=Role.STAFF)
    assert private_roll(attacko, "+ptb/roll/private 20", gm, defender) == [
        "[PTB/private] AttackO rolls a score of 20: 9 [r1]"]
    record = rolls.find_roll(world.game, "r1")
    assert record.private and record.kind == "ptb-roll"
    assert record.summary == "a score of 20: 9"


def test_roll_is_logged_with_its_faces():
    world, attacko, _ = ptb_world(17)
    attacko.do("+ptb/attack 30 vs 30 heavy str 20")
    record = rolls.find_roll(world.game, "r1")
    assert record.kind == "ptb-attack"
    assert record.data["faces"] == [17]
    assert record.data["damage"] == 8


def test_staff_set_another_players_score_players_may_not():
    world, attacko, defender = ptb_world()
    gm = world.login("Gina", role=Role.STAFF)
    assert gm.do("+ptb/score Defender/dodge=30") == ["Dodge Resist set to 30 on Defender's sheet."]
    assert attacko.do("+ptb/score Defender/dodge=1") == ["Permission denied."]
    defender.clear()
    assert defender.do("+ptb") == [
        ("Your PTB scores: Attack -, Dodge Resist 30, Physical Resist -, Boldness -, Strength -.  "
        "(+HELP +PTB for the commands)")
    ]


def test_bad_input_gets_short_messages():
    world, attacko, _ = ptb_world()
    assert attacko.do("+ptb/attack 5 vs 5 huge") == [
        "I don't understand 'huge'. Usage: +PTB/ATTACK [<attack>] vs <target or Dodge Resist> [options][=<note>]"]
    assert attacko.do("+ptb/attack banana") == [
        "Usage: +PTB/ATTACK [<attack>] vs <target or Dodge Resist> [options][=<note>]"]
    assert attacko.do("+ptb/attack/lethal 5 vs 4") == ["One action at a time: /attack, /lethal."]
    assert attacko.do("+ptb/roll 0") == ["The score must be between 1 and 1000, not 0."]
    assert attacko.do("+ptb/score luck=3") == [
        "'luck' is not a PTB score: attack, dodge, physical, boldness, strength."
    ]
    assert attacko.do("+ptb/score attack=300") == ["A score is a whole number from 0 to 99 (an empty value clears it)."]
    assert rolls.recent_rolls(world.game) == []


def test_ptb_commands_refused_in_a_champions_game():
    world = make_world(roller=FixedRoller([]))
    bob = world.login("Bob")
    assert bob.do("+ptb/attack 30 vs 30") == ["+PTB is for Powers That Be games; this game uses champions."]


# --- hostile input in a PTB game --------------------------------------------------------------

_WORDS = st.sampled_from(
    ["", "vs", "VS", "30", "0", "-5", "99999", "1000", "Defender", "me", "active", "passive", "heavy", "very",
     "very heavy", "1.5", "str", "pr", "def", "+4", "2h", "gun", "mech", "power", "contact", "hold", "damage",
     "restrain", "attack", "defense", ",", "passive,", "=", "|r", "banana", "\u00bd", "a" * 80]
)
_SWITCH = st.sampled_from(["attack", "knockout", "lethal", "wrestle", "roll", "init", "serpentine", "dedicated",
                           "score", "private", "attack/private"])


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(switch=_SWITCH, words=st.lists(_WORDS, max_size=7), staff=st.booleans())
def test_fuzzed_ptb_lines_never_reach_the_guard(switch, words, staff):
    """A handler that crashes fails the test (the harness raises HandlerCrashed on the guard's apology)."""
    world = make_world(roller=RandomRoller(5), ruleset="ptb")
    world.login("Defender")
    actor = world.login("AttackO", role=Role.STAFF if staff else Role.PLAYER)
    assert actor.do(f"+ptb/{switch} {' '.join(words)}"), "every line gets an answer"
