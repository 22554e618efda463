"""damage: RULES NORMAL DAMAGE (BattleStar), RULES KILLING DAMAGE (Assaulter), multipliers,
hit locations, and the HERO 5E worked examples of docs/rules-engine.md; property and seeded statistical tests."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from champions_mush.rules.champions import (
    HIT_LOCATIONS,
    KillingDamage,
    MultiplierKind,
    NormalDamage,
    StunMultiplier,
    count_normal,
    hit_location,
    normal_body,
    roll_killing,
    roll_normal,
)
from champions_mush.rules.dice import DiceAmount, FixedRoller, RandomRoller, roll
from champions_mush.rules.errors import RulesError

BATTLESTAR_FACES = [5, 3, 4, 2, 1, 1, 6, 4, 2, 3]


def test_battlestar_10d6_is_31_stun_9_body():
    damage = roll_normal("10", FixedRoller(BATTLESTAR_FACES))
    assert isinstance(damage, NormalDamage)
    assert (damage.stun, damage.body) == (31, 9)
    assert damage.roll.faces == tuple(BATTLESTAR_FACES)
    assert damage.amount == DiceAmount(10)


def test_battlestar_counted_from_a_plus_d6_roll():
    dice = roll(DiceAmount(10), FixedRoller(BATTLESTAR_FACES))
    assert (count_normal(dice).stun, count_normal(dice).body) == (31, 9)


def test_guide_normal_6d6():
    damage = roll_normal(6, FixedRoller([6, 5, 4, 4, 2, 1]))
    assert (damage.stun, damage.body) == (22, 6)


@pytest.mark.parametrize(("face", "body"), [(1, 0), (2, 1), (3, 1), (4, 1), (5, 1), (6, 2)])
def test_normal_body_per_die(face, body):
    assert normal_body(face) == body


def test_normal_body_refuses_impossible_faces():
    with pytest.raises(RulesError, match=r"A d6 cannot show 7\."):
        normal_body(7)


@pytest.mark.parametrize(
    ("half_face", "stun", "body"),
    [(1, 1, 0), (2, 1, 0), (3, 2, 0), (4, 2, 1), (5, 3, 1), (6, 3, 1)],
)
def test_normal_half_die(half_face, stun, body):
    damage = roll_normal("1/2", FixedRoller([half_face]))
    assert (damage.stun, damage.body) == (stun, body)


def test_normal_pip_adds_stun_not_body():
    damage = roll_normal("1d6+1", FixedRoller([6]))
    assert (damage.stun, damage.body) == (7, 2)


def test_assaulter_3d6_hka_is_10_body_x2_20_stun():
    damage = roll_killing("3", FixedRoller([4, 3, 3, 3]))
    assert isinstance(damage, KillingDamage)
    assert damage.body == 10
    assert damage.multiplier_faces == (3,)
    assert damage.multiplier == 2
    assert damage.stun == 20
    assert damage.roll.faces == (4, 3, 3)


def test_guide_rka_3d6_multiplier_die_5_is_48_stun():
    damage = roll_killing("3", FixedRoller([3, 4, 5, 5]))
    assert (damage.body, damage.multiplier, damage.stun) == (12, 4, 48)


def test_killing_half_die_and_pips_count_as_body():
    damage = roll_killing("1 1/2", FixedRoller([4, 5, 4]))  # 4 + ceil(5/2) = 7 BODY, x3
    assert (damage.body, damage.stun) == (7, 21)
    damage = roll_killing("1d6+1", FixedRoller([4, 1]))
    assert (damage.body, damage.multiplier, damage.stun) == (5, 1, 5)


@pytest.mark.parametrize(("face", "value"), [(1, 1), (2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_standard_multiplier_is_d6_minus_1_minimum_1(face, value):
    assert StunMultiplier.standard().roll(FixedRoller([face])).value == value


@pytest.mark.parametrize(("face", "value"), [(1, 1), (2, 2), (3, 3), (6, 6)])
def test_one_level_of_increased_multiplier_makes_it_1d6(face, value):
    assert StunMultiplier.standard(increased=1).roll(FixedRoller([face])).value == value


@pytest.mark.parametrize(("face", "value"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_sixth_edition_multiplier_is_half_d6(face, value):
    assert StunMultiplier.sixth_edition().roll(FixedRoller([face])).value == value
    assert StunMultiplier.sixth_edition(2).roll(FixedRoller([face])).value == value + 2


def test_fixed_multiplier_rolls_nothing():
    damage = roll_killing("2", FixedRoller([3, 4]), StunMultiplier.fixed(3))
    assert (damage.multiplier_faces, damage.multiplier, damage.stun) == ((), 3, 21)


def test_multiplier_rules_refuse_nonsense():
    with pytest.raises(RulesError, match=r"A fixed STUN multiplier is 1 to 20\."):
        StunMultiplier.fixed(0)
    with pytest.raises(RulesError, match=r"Increased STUN Multiplier is 0 to 10 levels\."):
        StunMultiplier.standard(-1)


@pytest.mark.parametrize(
    ("rule", "text"),
    [
        (StunMultiplier.standard(), "1d6-1"),
        (StunMultiplier.standard(1), "1d6"),
        (StunMultiplier.standard(2), "1d6+1"),
        (StunMultiplier.sixth_edition(), "½d6"),
        (StunMultiplier.fixed(4), "x4"),
        (StunMultiplier.hit_locations(), "hit location"),
    ],
)
def test_multiplier_names(rule, text):
    assert str(rule) == text


@pytest.mark.parametrize(
    ("total", "name", "stun_x"),
    [(3, "Head", 5), (5, "Head", 5), (6, "Hands", 1), (8, "Arms", 2), (9, "Shoulders", 3),
     (11, "Chest", 3), (12, "Stomach", 4), (13, "Vitals", 4), (14, "Thighs", 2),
     (16, "Legs", 2), (17, "Feet", 1), (18, "Feet", 1)],
)
def test_hit_location_table(total, name, stun_x):
    assert hit_location(total).name == name
    assert hit_location(total).stun_x == stun_x


def test_hit_location_table_covers_3_to_18_once():
    covered = [t for row in HIT_LOCATIONS for t in range(row.low, row.high + 1)]
    assert covered == list(range(3, 19))
    with pytest.raises(RulesError, match=r"A hit location roll is 3 to 18, not 2\."):
        hit_location(2)


def test_killing_damage_with_hit_locations_uses_stun_x():
    damage = roll_killing("2", FixedRoller([5, 4, 1, 1, 2]), StunMultiplier.hit_locations())
    assert damage.multiplier_faces == (1, 1, 2)
    assert damage.location.name == "Head"
    assert (damage.body, damage.multiplier, damage.stun) == (9, 5, 45)


def test_normal_damage_with_hit_locations_multiplies_stun_by_n_stun():
    damage = roll_normal("2", FixedRoller([5, 4, 4, 4, 4]), hit_locations=True)  # 12: Stomach
    assert damage.location.name == "Stomach"
    assert (damage.stun, damage.body) == (14, 2)  # 9 x 1.5 = 13.5 -> 14


@settings(max_examples=100, deadline=None)
@given(whole=st.integers(1, 30), half=st.booleans(), seed=st.integers(0, 2**32))
def test_normal_body_between_0_and_twice_the_dice(whole, half, seed):
    damage = roll_normal(DiceAmount(whole, half), RandomRoller(seed))
    dice = whole + (1 if half else 0)
    assert 0 <= damage.body <= 2 * dice
    assert damage.stun == damage.roll.total


@settings(max_examples=100, deadline=None)
@given(
    rule=st.sampled_from([StunMultiplier.standard(), StunMultiplier.standard(1),
                          StunMultiplier.standard(3), StunMultiplier.sixth_edition(),
                          StunMultiplier.sixth_edition(1), StunMultiplier.fixed(2),
                          StunMultiplier.hit_locations()]),
    seed=st.integers(0, 2**32),
)
def test_multiplier_within_its_range(rule, seed):
    value = rule.roll(RandomRoller(seed)).value
    assert rule.low <= value <= rule.high
    assert value >= 1


def test_multiplier_kinds_are_the_four_variants():
    assert {k.value for k in MultiplierKind} == {"1d6-1", "½d6", "fixed", "hit location"}


def test_seeded_mean_body_of_normal_damage_is_one_per_die_and_stun_3_5():
    roller = RandomRoller(12345)
    n, trials = 10, 2000
    results = [roll_normal(n, roller) for _ in range(trials)]
    mean_body = sum(r.body for r in results) / trials
    mean_stun = sum(r.stun for r in results) / trials
    # sd of BODY per die is sqrt(1/3); of the mean over 2000 x 10 dice about 0.04.
    assert abs(mean_body - n) < 0.15
    # sd of STUN per die 1.71; of the mean about 0.12.
    assert abs(mean_stun - 3.5 * n) < 0.5


def test_seeded_5e_multiplier_distribution():
    roller = RandomRoller(777)
    trials = 6000
    counts = Counter(StunMultiplier.standard().roll(roller).value for _ in range(trials))
    assert set(counts) == {1, 2, 3, 4, 5}
    expected = {1: trials * 2 / 6, 2: trials / 6, 3: trials / 6, 4: trials / 6, 5: trials / 6}
    chi2 = sum((counts[k] - e) ** 2 / e for k, e in expected.items())
    assert chi2 < 18.5  # 4 degrees of freedom, p = 0.001
    assert abs(counts[1] / trials - 2 / 6) < 0.03


def test_stated_damage_needs_no_dice_and_takes_like_rolled_damage():
    """RULES TAKING DAMAGE: Psiana's 32 STUN 9 BODY normal and Assaulter's 36 STUN 12 BODY killing,
    stated by the GM, come through defenses exactly as the rolled damage does."""
    from champions_mush.rules.champions import AttackKind, Defenses, apply_damage, stated_damage

    psiana = stated_damage(32, 9)
    assert isinstance(psiana, NormalDamage)
    assert (psiana.roll, psiana.amount, psiana.rolled) == (None, None, False)
    rolled = roll_normal(9, FixedRoller([6, 5, 3, 2, 4, 3, 1, 4, 4]))
    assert (rolled.stun, rolled.body, rolled.rolled) == (32, 9, True)
    assert apply_damage(psiana, Defenses(pd=12)) == apply_damage(rolled, Defenses(pd=12))
    assert (apply_damage(psiana, Defenses(pd=12)).stun, apply_damage(psiana, Defenses(pd=12)).body) == (20, 0)

    claww = stated_damage(36, 12, AttackKind.KILLING)
    assert isinstance(claww, KillingDamage)
    assert (claww.stun, claww.body, claww.multiplier, claww.multiplier_faces, claww.rolled) == (36, 12, 3, (), False)
    taken = apply_damage(claww, Defenses(pd=10, rpd=6))
    assert (taken.body, taken.stun) == (6, 20)
    assert stated_damage(5, 0, AttackKind.KILLING).multiplier == 0


@pytest.mark.parametrize(("stun", "body"), [(-1, 3), (3, -1)])
def test_stated_damage_refuses_negative_values(stun, body):
    from champions_mush.rules.champions import stated_damage

    with pytest.raises(RulesError, match=r"Stated STUN and BODY cannot be negative\."):
        stated_damage(stun, body)
