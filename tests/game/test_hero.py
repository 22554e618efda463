"""The HERO sheet model: characteristics bought, items priced by the engine, totals, fights."""

import attrs
import pytest

from champions_mush.game.hero import (
    HeroSheet,
    Section,
    attack_powers,
    defenses,
    get_hero,
    save_hero,
    sync_sheet,
)
from champions_mush.game.hero_items import disad_item, modifier_from_spec, power_item, price, skill_item
from champions_mush.game.sheets import Sheet, get_sheet
from champions_mush.rules.champions import MODIFIERS, POWERS, AttackKind, Defenses
from champions_mush.rules.dice import DiceAmount
from champions_mush.rules.errors import RulesError


def _mods(*keys):
    return tuple(modifier_from_spec(MODIFIERS[k]) for k in keys)


def test_energy_blast_12d6_with_armor_piercing_and_oaf():
    item = power_item("h1", POWERS["ENERGYBLAST"], name="Fire Blast", dice=DiceAmount(12),
                      modifiers=_mods("armorpiercing", "oaf"))
    assert (item.base, item.active, item.real, item.end) == (60, 90, 45, 9)
    assert item.text == "Fire Blast: Energy Blast 12d6, Armor Piercing (+1/2) (90 Active Points); Focus (OAF; -1)"


def test_reduced_endurance_halves_end_figured_without_it():
    # 12d6 with 1/2 END (+1/4): 75 Active Points; END from 60 AP is 6, halved 3.
    active, real, end = price(60, _mods("halfend"), costs_end=True)
    assert (active, real, end) == (75, 75, 3)
    assert price(60, _mods("zeroend"), costs_end=True) == (90, 90, 0)


def test_armor_costs_no_end_unless_costs_endurance():
    armor = power_item("h1", POWERS["ARMOR"], pd=8, ed=8)
    assert (armor.active, armor.real, armor.end, armor.text) == (24, 24, 0, "Armor (8 PD/8 ED)")
    assert price(24, _mods("costsend"), costs_end=False) == (24, 16, 2)


def test_a_power_without_dice_is_refused():
    with pytest.raises(RulesError, match="Energy Blast needs dice"):
        power_item("h1", POWERS["ENERGYBLAST"])


def test_totals_against_base_disads_and_xp():
    hero = HeroSheet(char_id=1, base_points=200, disad_points=150, experience=5)
    hero = hero.with_value("DEX", 20).with_value("SPD", 5)             # 30 + 10 x (5 - 3) = 50
    hero = hero.with_item(power_item("h1", POWERS["ENERGYBLAST"], dice=DiceAmount(12)))   # 60
    hero = hero.with_item(skill_item("h2", "CLIMBING", "Climbing", "DEX", 20))            # 3
    hero = hero.with_item(disad_item("h3", "Hunted", 20, detail="VIPER 11-"))
    assert hero.points("DEX") == 30 and hero.points("SPD") == 20
    assert hero.spent == 113
    assert hero.disads == 20
    assert hero.available == 225
    assert hero.balance == 112
    assert hero.find("h2").roll == "13-"


def test_removing_a_framework_removes_its_slots():
    hero = HeroSheet(char_id=1).with_item(
        attrs.evolve(power_item("h1", POWERS["ENERGYBLAST"], dice=DiceAmount(1)), framework="LIST"))
    hero = hero.with_item(power_item("h2", POWERS["FLIGHT"], levels=10, parent="h1"))
    assert [i.id for i in hero.children(hero.find("h1"))] == ["h2"]
    assert hero.without_item("h1").items == ()


def test_attack_powers_for_a_fight():
    hero = HeroSheet(char_id=1).with_item(power_item("h1", POWERS["RKA"], dice=DiceAmount(2, half=True)))
    hero = hero.with_item(power_item("h2", POWERS["ENERGYBLAST"], name="Bolt", dice=DiceAmount(8), modifiers=_mods("norange")))
    found = attack_powers(hero)
    assert [(a.name, str(a.dice), a.kind, a.versus, a.end, a.active, a.ranged) for a in found] == [
        ("Killing Attack - Ranged", "2½d6", AttackKind.KILLING, "ED", 4, 40, True),
        ("Bolt", "8d6", AttackKind.NORMAL, "ED", 4, 40, False),
    ]


def test_defenses_add_armor_and_force_field_and_damage_resistance_moves_defense():
    hero = HeroSheet(char_id=1).with_value("PD", 10).with_value("ED", 8)
    hero = hero.with_item(power_item("h1", POWERS["ARMOR"], pd=6, ed=6))
    hero = hero.with_item(power_item("h2", POWERS["FORCEFIELD"], pd=4, ed=0))
    hero = hero.with_item(power_item("h3", POWERS["DAMAGERESISTANCE"], pd=5, ed=20))
    assert defenses(hero) == Defenses(pd=5, ed=0, rpd=15, red=14)


def test_saving_brings_the_play_sheet_in_step(world, alice):
    char = world.game.find_character("Alice")
    hero = get_hero(world.game, char).with_value("STR", 20).with_value("CON", 15)
    hero = hero.with_item(power_item("h1", POWERS["ARMOR"], pd=8, ed=8))
    save_hero(world.game, hero)
    sheet = get_sheet(world.game, char)
    assert [sheet.base(n) for n in ("STR", "CON", "PD", "ED", "rPD", "rED", "STUN", "END")] == [20, 15, 4, 3, 8, 8, 28, 30]
    assert get_hero(world.game, char) == hero
    assert alice is not None


def test_sync_keeps_current_values_capped():
    sheet = attrs.evolve(Sheet(char_id=1, name="A"), stun=5)
    synced = sync_sheet(sheet, HeroSheet(char_id=1).with_value("BODY", 12))
    assert (synced.current_stun, synced.max_body) == (5, 12)


def test_a_sheet_survives_its_document():
    hero = HeroSheet(char_id=3, experience=7).with_value("SPD", 4).with_item(
        power_item("h1", POWERS["HKA"], dice=DiceAmount(1, pips=1), modifiers=_mods("oaf")))
    assert HeroSheet.from_doc(hero.to_doc()) == hero
    assert hero.items[0].section is Section.POWERS


def test_sync_keeps_the_play_sheet_within_its_range():
    hero = HeroSheet(char_id=1).with_value("BODY", 10_010).with_value("PD", 5_000)
    synced = sync_sheet(Sheet(char_id=1, name="A"), hero)
    assert (synced.max_body, synced.base("PD"), synced.base("STUN")) == (999, 999, 999)
