"""Block, STR roll-offs and the Martial Arts table (HERO 5E revised; rules/champions/grappling.py,
martial.py), against 5E's numbers."""

import pytest

from champions_mush.rules.champions.grappling import (
    block_ocv,
    block_roll,
    blockers_first,
    multiple_attack_ocv,
    standard_named,
    str_contest,
)
from champions_mush.rules.champions.martial import (
    MARTIAL_5E,
    MartialEffect,
    damage_dcs,
    martial_from,
    martial_named,
    nnd_dice,
)
from champions_mush.rules.dice import FixedRoller
from champions_mush.rules.errors import RulesError


def test_a_block_roll_is_ocv_against_the_attackers_ocv():
    """OCV 6 blocking OCV 8: 11 + 6 - 8 = 9 or less; a 9 makes it, a 10 does not."""
    assert block_roll(6, 8, FixedRoller([3, 3, 3])).hit
    assert block_roll(6, 8, FixedRoller([3, 3, 3])).target == 9
    assert not block_roll(6, 8, FixedRoller([4, 3, 3])).hit


def test_each_block_after_the_first_is_at_minus_2_and_martial_block_adds_its_ocv():
    assert block_ocv(5, 0, 0) == 5
    assert block_ocv(5, 0, 2) == 1
    assert block_ocv(5, 2, 1) == 5  # Martial Block +2, one Block before: -2
    with pytest.raises(RulesError, match="cannot be negative"):
        block_ocv(5, 0, -1)


def test_a_blocker_moves_before_those_whose_attack_he_stopped():
    assert blockers_first([1, 2, 3], {3: [1]}) == [3, 1, 2]
    assert blockers_first([1, 2, 3], {3: [2]}) == [1, 3, 2]
    assert blockers_first([1, 2, 3], {1: [3]}) == [1, 2, 3]  # already first
    assert blockers_first([1, 2], {3: [1]}) == [1, 2]  # the blocker has no Phase here


def test_str_against_str_needs_more_body():
    """STR 25 (5d6: 6 6 6 6 1, 8 BODY) against STR 20 (4d6: 2 2 2 2, 4 BODY): won; a tie is lost."""
    assert str_contest(25, 20, FixedRoller([6, 6, 6, 6, 1, 2, 2, 2, 2])).won
    tie = str_contest(10, 20, FixedRoller([6, 6, 2, 2, 2, 2]))
    assert (tie.ours.body, tie.theirs.body, tie.won) == (4, 4, False)


def test_sweep_and_rapid_fire_are_minus_2_ocv_for_each_attack():
    assert multiple_attack_ocv(3) == -6
    with pytest.raises(RulesError, match="at least two"):
        multiple_attack_ocv(1)


def test_standard_maneuvers_by_their_short_words():
    assert standard_named("choke").name == "Choke Hold"
    assert standard_named("MPA").name == "Multiple-Power Attack"
    assert (standard_named("grab").ocv, standard_named("grab").dcv) == (-1, -2)
    assert standard_named("disarm").ocv == -2
    assert standard_named("kick") is None


@pytest.mark.parametrize(("name", "ocv", "dcv", "dcs", "effect"), [
    ("Martial Strike", 0, 2, 2, MartialEffect.STRIKE),
    ("Offensive Strike", -2, 1, 4, MartialEffect.STRIKE),
    ("Defensive Strike", 1, 3, 0, MartialEffect.STRIKE),
    ("Killing Strike", -2, 0, 4, MartialEffect.KILLING),
    ("Nerve Strike", -1, 1, 4, MartialEffect.NND),
    ("Choke Hold", -2, 0, 4, MartialEffect.NND),
    ("Legsweep", 2, -1, 1, MartialEffect.STRIKE),
    ("Martial Block", 2, 2, 0, MartialEffect.BLOCK),
    ("Martial Dodge", None, 5, 0, MartialEffect.DODGE),
    ("Martial Escape", 0, 0, 3, MartialEffect.ESCAPE),
    ("Martial Grab", -1, -1, 2, MartialEffect.GRAB),
    ("Martial Disarm", -1, 1, 2, MartialEffect.DISARM),
    ("Martial Throw", 0, 1, 0, MartialEffect.STRIKE),
])
def test_the_5e_martial_arts_table(name, ocv, dcv, dcs, effect):
    """HERO 5E revised's Martial Arts table: OCV, DCV, Damage Classes, what it does."""
    m = martial_named(name)
    assert (m.ocv, m.dcv, m.dcs, m.effect) == (ocv, dcv, dcs, effect)


def test_the_table_says_the_damage_as_5e_prints_it():
    said = {m.name: m.text for m in MARTIAL_5E}
    assert said["Martial Strike"] == "STR +2d6 Strike"
    assert said["Offensive Strike"] == "STR +4d6 Strike"
    assert said["Killing Strike"] == "HKA 1d6+1 (+STR)"
    assert said["Nerve Strike"] == "2d6 NND"
    assert said["Martial Escape"] == "+15 STR vs. Grabs"
    assert martial_named("Martial Throw").falls and martial_named("Martial Throw").velocity


def test_nnd_is_1d6_per_2_dcs_and_extra_dcs_and_velocity_add():
    assert str(nnd_dice(4)) == "2d6"
    assert str(nnd_dice(5)) == "2½d6"
    assert damage_dcs(martial_named("Martial Strike"), extra_dcs=2) == 4
    assert damage_dcs(martial_named("Martial Throw"), velocity=12) == 2  # +v/5
    assert damage_dcs(martial_named("Martial Strike"), velocity=12) == 2  # no +v/5 on a Strike


def test_a_maneuver_read_from_hero_designer_words_and_bad_ones_refused():
    custom = martial_from("Dragon Kick", "+1", "-1", "3", "[NORMALDC] Strike; Must Follow Block", "Yes")
    assert (custom.ocv, custom.dcv, custom.dcs, custom.follows) == (1, -1, 3, "Block")
    assert martial_from("Sling Shot", "+0", "+0", "2", "Strike, [WEAPONDC]", "No", "Ranged").ranged
    with pytest.raises(RulesError, match="OCV"):
        martial_from("Bad", "lots", "+0", "2", "[NORMALDC] Strike")
    with pytest.raises(RulesError, match="DC"):
        martial_from("Bad", "+0", "+0", "x", "[NORMALDC] Strike")
