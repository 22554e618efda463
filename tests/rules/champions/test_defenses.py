"""defenses: RULES TAKING DAMAGE (Megatron/Psiana, Assaulter/Claww, the 100 PD case) and the
Stunned / Knocked Out results of RULES DAMAGE EFFECTS."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from champions_mush.rules.champions import (
    Against,
    Defenses,
    Health,
    KillingDamage,
    StunMultiplier,
    apply_damage,
    count_killing,
    count_normal,
    roll_killing,
    roll_normal,
)
from champions_mush.rules.champions.damage import stated_damage
from champions_mush.rules.champions.dcs import AttackKind
from champions_mush.rules.champions.defenses import reduced
from champions_mush.rules.dice import DiceAmount, FixedRoller, RandomRoller, roll
from champions_mush.rules.errors import RulesError

MEGATRON_FACES = [6, 1, 5, 5, 4, 4, 3, 2, 2]  # 9D6: 32 STUN, 9 BODY


def normal(faces):
    """Normal damage rolled from fixed ``faces``."""
    return count_normal(roll(DiceAmount(len(faces)), FixedRoller(faces)))


def claww_killing_attack():
    """Claww's Killing Attack: 12 BODY, x3, 36 STUN, rolled from fixed dice."""
    dice = roll(DiceAmount(3), FixedRoller([4, 4, 4]))
    return count_killing(dice, StunMultiplier.standard().roll(FixedRoller([4])))


def test_megatron_9d6_on_psiana_12_pd():
    damage = roll_normal(9, FixedRoller(MEGATRON_FACES))
    assert (damage.stun, damage.body) == (32, 9)
    taken = apply_damage(damage, Defenses(pd=12))
    assert (taken.stun, taken.body) == (20, 0)
    assert (taken.stun_defense, taken.body_defense) == (12, 12)


def test_assaulter_armor_against_claww():
    damage = claww_killing_attack()
    assert (damage.body, damage.stun) == (12, 36)
    taken = apply_damage(damage, Defenses(pd=10, rpd=6))
    assert (taken.body, taken.stun) == (6, 20)
    assert (taken.body_defense, taken.stun_defense) == (6, 16)


def test_assaulter_with_100_pd_still_takes_1_stun_per_body():
    taken = apply_damage(claww_killing_attack(), Defenses(pd=100, rpd=6))
    assert (taken.body, taken.stun) == (6, 6)


def test_killing_attack_without_resistant_defense_ignores_pd():
    taken = apply_damage(claww_killing_attack(), Defenses(pd=30))
    assert (taken.body, taken.stun) == (12, 36)
    assert taken.stun_defense == 0


def test_energy_attacks_use_ed():
    damage = normal([5, 5, 4, 4, 3, 3, 3, 3])
    assert (damage.stun, damage.body) == (30, 8)
    taken = apply_damage(damage, Defenses(pd=25, ed=10, red=5), against=Against.ED)
    assert (taken.stun, taken.body) == (15, 0)
    assert apply_damage(damage, Defenses(pd=25, ed=10), against=Against.PD).stun == 5


def test_killing_energy_attack_uses_red():
    taken = apply_damage(claww_killing_attack(), Defenses(pd=50, rpd=50, ed=4, red=2),
                         against=Against.ED)
    assert (taken.body, taken.stun) == (10, 30)


def test_stunned_when_stun_through_exceeds_con():
    damage = normal(MEGATRON_FACES)
    assert apply_damage(damage, Defenses(pd=12), con=19).stunned is True
    assert apply_damage(damage, Defenses(pd=12), con=20).stunned is False
    assert apply_damage(damage, Defenses(pd=12)).stunned is None


def test_knocked_out_and_dying_from_current_health():
    taken = apply_damage(normal(MEGATRON_FACES), Defenses(pd=12), current=Health(stun=20, body=10))
    assert taken.after == Health(stun=0, body=10)
    assert taken.knocked_out is True
    assert taken.dying is False
    taken = apply_damage(normal(MEGATRON_FACES), Defenses(pd=12), current=Health(stun=21, body=10))
    assert taken.knocked_out is False
    killing = apply_damage(claww_killing_attack(), Defenses(), current=Health(40, 12))
    assert killing.after == Health(4, 0)
    assert killing.dying is True


def test_attacks_on_the_knocked_out_do_double_stun():
    taken = apply_damage(normal(MEGATRON_FACES), Defenses(pd=12), target_knocked_out=True)
    assert taken.stun_done == 64
    assert (taken.stun, taken.body) == (52, 0)


def test_hit_location_body_x_applies_after_defenses():
    damage = roll_killing("2", FixedRoller([5, 4, 1, 1, 2]), StunMultiplier.hit_locations())
    taken = apply_damage(damage, Defenses(pd=5, rpd=4))  # Head: BODYx 2
    assert taken.body == (9 - 4) * 2
    assert taken.stun == 45 - 9


def test_defenses_refuse_negative_values():
    with pytest.raises(RulesError, match="PD cannot be negative"):
        Defenses(pd=-3)
    with pytest.raises(RulesError, match="RED"):
        Defenses(red=-1)


defense_values = st.integers(0, 60)


@settings(max_examples=100, deadline=None)
@given(
    whole=st.integers(1, 20),
    killing=st.booleans(),
    pd=defense_values,
    rpd=defense_values,
    seed=st.integers(0, 2**32),
)
def test_defenses_never_increase_damage_taken(whole, killing, pd, rpd, seed):
    roller = RandomRoller(seed)
    damage = roll_killing(whole, roller) if killing else roll_normal(whole, roller)
    bare = apply_damage(damage, Defenses())
    defended = apply_damage(damage, Defenses(pd=pd, rpd=rpd))
    assert 0 <= defended.stun <= bare.stun == damage.stun
    assert 0 <= defended.body <= bare.body == damage.body
    if isinstance(damage, KillingDamage):
        assert defended.stun >= defended.body


# --- Damage Reduction (HERO 5E revised) -------------------------------------------------------
def test_damage_reduction_takes_its_share_of_what_got_through_in_the_defenders_favour():
    assert [reduced(13, n) for n in (0, 25, 50, 75)] == [13, 10, 6, 3]  # 9.75, 6.5, 3.25
    assert reduced(1, 50) == 0 and reduced(0, 75) == 0


def test_resistant_damage_reduction_stops_killing_damage_and_normal_does_not():
    """Assaulter (10 PD + 6 rPD) takes Claww's 12 BODY 36 STUN killing as 6 BODY, 20 STUN; with
    50% Resistant physical Damage Reduction 3 BODY, 10 STUN; Normal Damage Reduction leaves it."""
    claww = stated_damage(36, 12, AttackKind.KILLING)
    resistant = apply_damage(claww, Defenses(pd=10, rpd=6, rpd_dr=50))
    assert (resistant.stun, resistant.body, resistant.reduction) == (10, 3, 50)
    normal = apply_damage(claww, Defenses(pd=10, rpd=6, pd_dr=75))
    assert (normal.stun, normal.body, normal.reduction) == (20, 6, 0)
    # against normal damage the larger of the two applies; energy Reduction leaves physical alone
    psiana = stated_damage(32, 9)
    assert apply_damage(psiana, Defenses(pd=12, pd_dr=75, rpd_dr=25)).stun == 5  # 20 -> 5
    assert apply_damage(psiana, Defenses(pd=12, ed_dr=75, red_dr=75)).stun == 20
    assert apply_damage(psiana, Defenses(ed=12, ed_dr=50), against=Against.ED).stun == 10


def test_damage_reduction_is_25_50_or_75():
    with pytest.raises(RulesError, match=r"Damage Reduction is 25, 50 or 75 %, not 30\."):
        Defenses(pd_dr=30)
