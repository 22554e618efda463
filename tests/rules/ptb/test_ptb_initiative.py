"""PTB initiative from Boldness, with passive initiative for unimportant NPCs."""

import pytest

from champions_mush.rules.dice import FixedRoller
from champions_mush.rules.errors import RulesError
from champions_mush.rules.ptb import InitiativeEntry, roll_initiative


def test_initiative_orders_highest_first_and_passive_takes_half():
    entries = [
        InitiativeEntry("Attack-O", 12),
        InitiativeEntry("Goon", 9, passive=True),
        InitiativeEntry("Dark Defender", 18),
    ]
    roller = FixedRoller([4, 11])
    order = roll_initiative(entries, roller)
    assert [(r.name, r.value) for r in order] == [
        ("Dark Defender", 11), ("Goon", 5), ("Attack-O", 4)
    ]
    assert order[1].passive and order[1].roll is None
    assert roller.remaining == 0


def test_initiative_tie_goes_to_higher_boldness_then_order():
    entries = [InitiativeEntry("A", 10), InitiativeEntry("B", 20), InitiativeEntry("C", 10)]
    order = roll_initiative(entries, FixedRoller([6, 6, 6]))
    assert [r.name for r in order] == ["B", "A", "C"]


def test_initiative_refuses_negative_boldness():
    with pytest.raises(RulesError, match="Boldness"):
        InitiativeEntry("X", -1)
