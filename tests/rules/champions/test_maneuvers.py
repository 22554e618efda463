"""maneuvers: RULES MANEUVER MOVE BY, MOVE THROUGH, PULL PUNCH, DIVE FOR COVER, STRIKE and the
5E maneuver table; Starfire and Titanos with fixed dice."""

import pytest

from champions_mush.rules.champions import (
    MANEUVERS,
    MOVE_BY_OCV,
    Defenses,
    KBResult,
    apply_damage,
    attack_roll,
    dive_for_cover,
    find_maneuver,
    move_by_attacker_share,
    move_by_dice,
    move_through_attacker_share,
    move_through_dice,
    move_through_ocv,
    multiple_move_by_hits,
    multiple_move_by_ocv,
    pull_punch,
    pull_punch_ocv,
    roll_knockback,
    roll_normal,
    single_target_move_by_hits,
    velocity_after,
)
from champions_mush.rules.dice import DiceAmount, FixedRoller
from champions_mush.rules.errors import RulesError

# 6D6 for 24 STUN and 6 BODY (all six dice 2-5).
STARFIRE_MOVE_BY_FACES = [5, 5, 4, 4, 3, 3]
# 10 1/2 D6 for 38 STUN and 11 BODY: ten dice (35 STUN, 10 BODY) and a half die showing 6
# (3 STUN, 1 BODY).
STARFIRE_MOVE_THROUGH_FACES = [6, 1, 5, 4, 4, 3, 3, 3, 3, 3, 6]


def test_starfire_move_by():
    assert MOVE_BY_OCV == -2
    amount = move_by_dice(20, 20)
    assert amount == DiceAmount(6)
    damage = roll_normal(amount, FixedRoller(STARFIRE_MOVE_BY_FACES))
    assert (damage.stun, damage.body) == (24, 6)
    share = move_by_attacker_share(damage)
    assert (share.stun, share.body) == (8, 2)
    assert share.roll == damage.roll
    # Starfire's own 8 STUN and 2 BODY do not get through his 20 PD.
    taken = apply_damage(share, Defenses(pd=20))
    assert (taken.stun, taken.body) == (0, 0)


def test_starfire_move_through():
    assert move_through_ocv(20) == -4
    ocv = 8 + move_through_ocv(20)
    attack = attack_roll(ocv, 7, FixedRoller([2, 3, 2]))
    assert (attack.target, attack.total, attack.hit) == (8, 7, True)
    amount = move_through_dice(20, 20)
    assert amount == DiceAmount(10, True)
    damage = roll_normal(amount, FixedRoller(STARFIRE_MOVE_THROUGH_FACES))
    assert (damage.stun, damage.body) == (38, 11)
    ox = apply_damage(damage, Defenses(pd=30))
    assert (ox.stun, ox.body) == (8, 0)
    kb = roll_knockback(damage.body, FixedRoller([3, 4]))
    assert kb.inches == 4
    share = move_through_attacker_share(damage, kb)
    assert (share.stun, share.body) == (19, 6)
    taken = apply_damage(share, Defenses(pd=20))
    assert (taken.stun, taken.body) == (0, 0)


def test_move_through_with_no_knockback_hurts_the_attacker_fully():
    damage = roll_normal(4, FixedRoller([3, 3, 3, 3]))
    kb = roll_knockback(damage.body, FixedRoller([3, 4]))
    assert kb.result is KBResult.NONE
    share = move_through_attacker_share(damage, kb)
    assert (share.stun, share.body) == (12, 4)
    half = move_through_attacker_share(damage, KBResult.KNOCKED_DOWN)
    assert (half.stun, half.body) == (6, 2)


def test_starfire_reaches_20_inches_after_4():
    assert velocity_after(4, 20) == 20
    assert velocity_after(2, 20) == 10
    assert velocity_after(10, 20) == 20
    assert velocity_after(1, 20, start=10) == 15


@pytest.mark.parametrize(
    ("velocity", "ocv"),
    [
        (0, 0), (5, -1), (7, -1), (8, -2), (12, -2), (13, -3), (20, -4),
    ],
)
def test_move_through_ocv_per_5_inches(velocity, ocv):
    assert move_through_ocv(velocity) == ocv


@pytest.mark.parametrize(
    ("strength", "velocity", "amount"),
    [(20, 20, DiceAmount(6)), (25, 0, DiceAmount(2, True)), (23, 10, DiceAmount(4)),
     (0, 10, DiceAmount(2)), (30, 13, DiceAmount(5, True)), (30, 12, DiceAmount(5))],
)
def test_move_by_dice(strength, velocity, amount):
    assert move_by_dice(strength, velocity) == amount


@pytest.mark.parametrize(
    ("strength", "velocity", "amount"),
    [(20, 20, DiceAmount(10, True)), (20, 19, DiceAmount(10)), (23, 20, DiceAmount(11)),
     (0, 9, DiceAmount(3))],
)
def test_move_through_dice(strength, velocity, amount):
    assert move_through_dice(strength, velocity) == amount


def test_moves_without_damage_refused():
    with pytest.raises(RulesError, match=r"That STR and velocity do no damage\."):
        move_by_dice(2, 1)
    with pytest.raises(RulesError, match=r"STR and velocity cannot be negative\."):
        move_through_dice(-1, 5)


def test_multiple_move_by():
    assert multiple_move_by_ocv(3) == -6
    assert multiple_move_by_ocv(1) == -2
    assert multiple_move_by_hits([True, False, True, True]) == (True, False, False, False)
    assert multiple_move_by_hits([True, True]) == (True, True)
    assert single_target_move_by_hits(20) == 3
    assert single_target_move_by_hits(5) == 0
    with pytest.raises(RulesError, match=r"A Move By makes at least one attack\."):
        multiple_move_by_ocv(0)


def test_titanos_pull_punch():
    assert pull_punch_ocv(DiceAmount(17)) == -6
    assert 8 + pull_punch_ocv("17") == 2
    # 17D6 rolling 56 STUN and 17 BODY: 17 dice of 2-5 (3 x 12 + 4 x 5 = 56).
    faces = [3] * 12 + [4] * 5
    damage = roll_normal(17, FixedRoller(faces))
    assert (damage.stun, damage.body) == (56, 17)
    pulled = pull_punch(damage)
    assert (pulled.stun, pulled.body) == (56, 9)
    assert pulled.roll.faces == tuple(faces)
    # Knockback from the reduced BODY.
    assert roll_knockback(pulled.body, FixedRoller([2, 3])).inches == 4


@pytest.mark.parametrize(
    ("dice", "ocv"),
    [
        ("3", -1), ("4", -1), ("5", -2), ("10 1/2", -3), ("12", -4), ("1", 0),
    ],
)
def test_pull_punch_ocv_is_per_3d6(dice, ocv):
    assert pull_punch_ocv(dice) == ocv


def test_dive_for_cover_is_a_dex_roll_at_minus_1_per_inch():
    dive = dive_for_cover(18, 2, 4, FixedRoller([4, 3, 4]))  # DEX 18: 13-, -2 -> 11-
    assert (dive.target, dive.total, dive.success) == (11, 11, True)
    miss = dive_for_cover(18, 2, 4, FixedRoller([4, 4, 4]))
    assert (miss.success, miss.margin) == (False, -1)


def test_dive_for_cover_only_within_half_the_maximum_leap():
    with pytest.raises(RulesError, match="half the maximum leap"):
        dive_for_cover(18, 3, 4, FixedRoller([3, 3, 3]))


def test_maneuver_table_rows():
    assert find_maneuver("haymaker").dcv == "-5"
    assert find_maneuver("Pull").ocv == "-1 per 3D6"
    assert find_maneuver("strike").source == "CM 2.0"
    assert find_maneuver("move by").effect.startswith("(STR/2) + (v/5)D6")
    assert find_maneuver("MOVE THROUGH").ocv == "-v/5"
    names = [m.name for m in MANEUVERS]
    assert names == sorted(names)
    assert len(set(names)) == len(names)


@pytest.mark.parametrize(("name", "matches"), [("move", "Move By, Move Through"), ("zap", "none"), ("", "none")])
def test_find_maneuver_refuses_unknown_or_ambiguous(name, matches):
    with pytest.raises(RulesError, match=rf"No single maneuver matches '{name}' \(matches: {matches}\)\."):
        find_maneuver(name)
