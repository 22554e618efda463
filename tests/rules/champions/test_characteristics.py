"""characteristics: HERO 5E figured characteristics (docs/rules-engine.md)."""

import pytest

from champions_mush.rules.champions import Figured, figured_characteristics


@pytest.mark.parametrize(
    ("stats", "figured"),
    [
        ((10, 10, 10, 10), Figured(pd=2, ed=2, spd=2, rec=4, end=20, stun=20)),
        ((20, 23, 23, 12), Figured(pd=4, ed=5, spd=3, rec=9, end=46, stun=34)),
        # each half rounded up before adding, as Hero Designer does: 10 + 8 + 8
        ((15, 18, 15, 10), Figured(pd=3, ed=3, spd=2, rec=6, end=30, stun=26)),
        # Hero Designer's figures for characteristics_5e_simple.hdc
        ((11, 12, 13, 14), Figured(pd=2, ed=3, spd=2, rec=5, end=26, stun=27)),
        ((13, 14, 12, 10), Figured(pd=3, ed=2, spd=2, rec=5, end=24, stun=23)),
        ((0, 0, 0, 0), Figured(pd=0, ed=0, spd=1, rec=0, end=0, stun=0)),
    ],
)
def test_figured_characteristics(stats, figured):
    assert figured_characteristics(*stats) == figured


def test_spd_caps_at_12():
    assert figured_characteristics(10, 150, 10, 10).spd == 12


def test_a_negative_primary_lowers_what_is_figured_from_it():
    """HERO 5E: a negative Primary Characteristic reduces the Figured Characteristics from it as
    any value does (STR -7: STR/5 = -1.4 -> -1, STR/2 = -3.5 -> -3); none below 0, SPD at least 1."""
    assert figured_characteristics(-7, 10, 10, 10) == Figured(pd=0, ed=2, spd=2, rec=1, end=20, stun=12)
    assert figured_characteristics(10, -20, 10, 10).spd == 1


def test_the_spd_cap_holds_for_figured_spd_and_its_starting_value():
    """HERO 5E Speed Chart: 12 Segments, so DEX 120 figures SPD 12, not 13, for play and for cost."""
    from champions_mush.rules.champions.costs import characteristic_start

    assert figured_characteristics(10, 120, 10, 10).spd == 12
    assert characteristic_start("SPD", {"DEX": 120}) == 12
    assert characteristic_start("SPD", {"DEX": 18}) == 2
