"""The sheet model: values, figured characteristics, conditions, damage, storage and GMCP."""

import attrs
import pytest

from champions_mush.game.sheets import Sheet, SheetError, get_sheet, parse_skill, save_sheet, take_damage, vitals
from champions_mush.rules.champions.damage import roll_killing, roll_normal
from champions_mush.rules.champions.defenses import Against
from champions_mush.rules.dice import FixedRoller


def test_new_sheet_is_all_tens_with_figured_values():
    sheet = Sheet(char_id=1, name="Alice")
    assert [sheet.base(c) for c in ("STR", "DEX", "CON", "BODY", "INT", "EGO", "PRE", "COM")] == [10] * 8
    assert [sheet.base(c) for c in ("PD", "ED", "SPD", "REC", "END", "STUN", "rPD", "rED", "OCV", "DCV")] == [
        2, 2, 2, 4, 20, 20, 0, 0, 3, 3]
    assert (sheet.current_stun, sheet.current_body, sheet.current_end) == (20, 10, 20)
    assert sheet.conditions() == []


def test_set_values_win_over_figured_ones():
    sheet = Sheet(1, "Ox").with_stat("STR", 30).with_stat("pd", 15)
    assert sheet.base("PD") == 15 and sheet.base("REC") == 8
    assert sheet.without_stat("PD").base("PD") == 6
    assert Sheet(1, "Ox").with_stat("DEX", 23).base("OCV") == 8  # 23 / 3 = 7.67 -> 8


@pytest.mark.parametrize(("name", "value", "message"), [
    ("XYZ", 5, "'XYZ' is not a characteristic (try STR, DEX, PD, rPD, OCV ...)."),
    ("SPD", 0, "SPD must be between 1 and 12."),
    ("BODY", 0, "BODY must be at least 1."),
    ("STR", -1, "STR cannot be negative."),
    ("STR", 1000, "STR must be between -999 and 999."),
])
def test_bad_values_are_refused(name, value, message):
    with pytest.raises(SheetError) as raised:
        Sheet(1, "Ox").with_stat(name, value)
    assert str(raised.value) == message


def test_negative_ocv_and_dcv_are_allowed():
    assert Sheet(1, "Ox").with_stat("DCV", -2).base("DCV") == -2


def test_current_values_are_capped_when_a_maximum_drops():
    sheet = Sheet(1, "Ox").with_stat("STUN", 40).with_vitals(stun=35)
    assert sheet.with_stat("STUN", 30).current_stun == 30
    assert sheet.with_vitals(stun=40).stun is None  # at the maximum reads as full


@pytest.mark.parametrize(("text", "stored"), [("12", "12"), ("12-", "12"), ("dex", "DEX"), ("DEX+1", "DEX+1"),
                                              ("int - 2", "INT-2")])
def test_skill_values(text, stored):
    assert parse_skill(text) == stored


def test_conditions_follow_the_numbers():
    sheet = Sheet(1, "Viper", npc=True)
    assert sheet.with_vitals(stun=0).conditions() == ["Knocked Out"]
    assert sheet.with_vitals(body=0).conditions() == ["Dying"]
    assert attrs.evolve(sheet.with_vitals(body=-3), stabilized=True).conditions() == ["Dying (stabilized)"]
    assert sheet.with_vitals(body=-10).conditions() == ["Dead"]
    assert attrs.evolve(sheet, npc=False).with_vitals(body=-10).conditions() == ["Coma"]
    assert attrs.evolve(sheet, stunned=True, holding_breath=True).conditions() == ["Stunned", "Holding breath"]


def test_sheets_round_trip_through_the_store(world):
    char = world.login("Alice").character
    sheet = Sheet(char.id, "Alice").with_stat("STR", 20).with_skill("Breakfall", "DEX+1").with_vitals(stun=5)
    save_sheet(world.game, attrs.evolve(sheet, approved=True, approved_by="Gina"))
    again = get_sheet(world.game, char)
    assert again == attrs.evolve(sheet, approved=True, approved_by="Gina")


def test_take_damage_psiana_and_assaulter(world):
    psiana = world.login("Psiana").character
    save_sheet(world.game, get_sheet(world.game, psiana).with_stat("PD", 12).with_stat("STUN", 40).with_stat("CON", 20))
    damage = roll_normal(9, FixedRoller([6, 6, 4, 4, 4, 4, 2, 1, 1]))  # 32 STUN, 9 BODY
    assert (damage.stun, damage.body) == (32, 9)
    taken, sheet = take_damage(world.game, psiana, damage, Against.PD)
    assert (taken.stun, taken.body, sheet.current_stun, sheet.stunned) == (20, 0, 20, False)
    assaulter = world.login("Assaulter").character
    save_sheet(world.game, get_sheet(world.game, assaulter).with_stat("PD", 10).with_stat("rPD", 6)
               .with_stat("BODY", 12).with_stat("STUN", 40).with_stat("CON", 23))
    claww = roll_killing("3 1/2", FixedRoller([4, 4, 2, 3, 4]))  # 12 BODY, x3 = 36 STUN
    assert (claww.body, claww.stun) == (12, 36)
    taken, sheet = take_damage(world.game, assaulter, claww, Against.PD)
    assert (taken.body, taken.stun, sheet.current_body, sheet.current_stun) == (6, 20, 6, 20)


def test_vitals_go_to_every_session_of_the_character_only_on_change(world):
    one = world.login("Alice")
    two = world.login("Alice")
    other = world.login("Bob")
    sheet = get_sheet(world.game, one.character)
    save_sheet(world.game, sheet)  # first save: sent once
    for session in (one, two, other):
        session.clear()
    save_sheet(world.game, sheet.with_stat("INT", 15))
    assert one.gmcp == [] and two.gmcp == []
    save_sheet(world.game, sheet.with_vitals(end=3))
    expected = ("Char.Vitals", vitals(sheet.with_vitals(end=3)))
    assert one.gmcp == [expected] and two.gmcp == [expected]
    assert other.gmcp == []
    assert expected[1]["end"] == 3 and expected[1]["maxend"] == 20


def test_the_characteristics_a_sheet_works_out_once_are_each_copys_own():
    """Sheet.base keeps what it worked out on the sheet; a copy with other characteristics works
    them out anew, one with other current values keeps them (HERO 5E: STUN = BODY + STR/2 +
    CON/2, REC = STR/5 + CON/5, OCV = DEX/3)."""
    sheet = Sheet(char_id=1, name="Ann", stats={"STR": 20, "PD": 50})
    assert [sheet.base(n) for n in ("STR", "PD", "ED", "STUN", "REC", "OCV", "rPD", "INT")] == [20, 50, 2, 25, 6, 3, 0, 10]
    stronger = sheet.with_stat("STR", 30)
    assert (stronger.base("STUN"), stronger.base("REC"), sheet.base("STUN")) == (30, 8, 25)
    hurt = stronger.with_vitals(stun=5, body=4)
    assert (hurt.base("STUN"), hurt.max_stun, hurt.current_stun, hurt.base("STR")) == (30, 30, 5, 30)
    assert (hurt.life.value, stronger.with_vitals(body=-10).life.value, stronger.life.value) == ("alive", "coma", "alive")
    assert attrs.evolve(hurt, stats={"DEX": 18}).base("OCV") == 6 and hurt.base("OCV") == 3
    assert (sheet.base("str"), sheet.base("rpd")) == (20, 0)  # any spelling
    old = Sheet(char_id=2, name="Old", stats={"str": 7, "FOO": 3})  # an old document's own keys
    assert (old.base("STR"), old.base("str"), old.base("FOO")) == (10, 10, 3)
    with pytest.raises(SheetError):
        sheet.base("LUCK")
