"""The battlefield's and the Adjustment Powers' numbers (HERO 5E revised) in the pure rules."""

from fractions import Fraction

from champions_mush.rules.champions.adjustment import (
    RETURN_RATES,
    Adjusted,
    adjusted_dice,
    elapsed,
    healed,
    rate_named,
)
from champions_mush.rules.champions.battlefield import Size, deflects, growth, resisted, shrinking
from champions_mush.rules.champions.knockback import KBResult, Knockback
from champions_mush.rules.champions.senses import unperceived_dcv, unperceived_ocv
from champions_mush.rules.dice import DiceAmount


def test_size_powers():
    """Growth: -1" KB a level, -2 DCV and +2 to be seen each 3 levels; Shrinking: +2 DCV, +3" KB, -2 a level."""
    assert growth(3) == Size(dcv=-2, kb=-3, per=2)
    assert growth(2) == Size(dcv=0, kb=-2, per=0)
    assert shrinking(2) == Size(dcv=4, kb=6, per=-4)


def test_knockback_resistance_comes_off_what_the_dice_left():
    kb = Knockback(body=8, faces=(2, 2), margin=4, inches=4, result=KBResult.KNOCKED_BACK)
    assert (resisted(kb, 2).inches, resisted(kb, 4).result, resisted(kb, 5).result) == (
        2, KBResult.KNOCKED_DOWN, KBResult.NONE)
    none = Knockback(body=4, faces=(5, 2), margin=-3, inches=0, result=KBResult.NONE)
    assert resisted(none, -6).inches == 3  # Shrinking 2: +6"


def test_unseen_ocv_and_dcv_round_in_the_characters_favour_and_missile_deflection_by_points():
    """HERO 5E revised: ½ DCV 7 -> 4; ½ OCV hand-to-hand 7 -> 4, 0 at range."""
    assert (unperceived_dcv(7), unperceived_dcv(6), unperceived_dcv(5)) == (4, 3, 3)
    assert (unperceived_ocv(7, ranged=False), unperceived_ocv(7, ranged=True)) == (4, 0)
    assert (deflects(20, physical=False), deflects(15, physical=False), deflects(5, physical=True)) == (True, False, True)


def test_return_rates_and_delayed_return_rate():
    """5 per Turn (12 s); +1/4 a step: 5 per Minute +1/4, per Hour +1, per 5 Years +2 3/4."""
    assert [r.name for r in RETURN_RATES[:3]] == ["Turn", "Minute", "5 Minutes"]
    assert rate_named("Delayed Return Rate (5 per Hour)").advantage == Fraction(1)
    assert rate_named("5YEARS").advantage == Fraction(11, 4)
    assert rate_named("Delayed Return Rate (5 per Day)").name == "Day"
    drained = Adjusted("Drain", "STR", 12, rate=1)
    assert elapsed(drained, 59).points == 12 and elapsed(drained, 60).points == 7
    assert elapsed(drained, 180).points == 0


def test_adjusting_a_power_and_healing():
    """Energy Blast 8d6 (40 Active Points) less 12: 28, 5½d6; an advantaged one by its Active Points;
    Healing BODY 12 Character Points: 6 BODY, not above the most."""
    assert adjusted_dice(DiceAmount(8), 5, 40, 40, -12) == DiceAmount(5, half=True)
    assert adjusted_dice(DiceAmount(8), 5, 60, 40, -12) == DiceAmount(6, pips=1)  # 48 / 1.5 = 32: 6d6+1
    assert adjusted_dice(DiceAmount(2), 5, 10, 10, -12) is None
    assert (healed("BODY", 12, 3, 10), healed("BODY", 12, 6, 10), healed("STUN", 12, 5, 30)) == (9, 10, 17)
