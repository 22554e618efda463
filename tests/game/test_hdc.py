"""Hero Designer import: Hero Designer's own figures, every sample file, and bad files refused."""

import codecs
import json
from pathlib import Path

import pytest

from champions_mush.game.hdc import MAX_HDC_BYTES, HdcError, read_hdc, total_active_points
from champions_mush.game.hero import MAX_ITEMS, Section, attack_powers, defenses
from champions_mush.rules.champions import Defenses

DATA = Path(__file__).parent / "data" / "hdc"
FILES = sorted(DATA.glob("*.hdc"))
_ECV = ("omcv", "dmcv")  # Hero Designer's 6E-style names; in 5E they are ECV = EGO/3


def _figures(hero):
    """The expect file's keys from a sheet: value and points per characteristic, the totals."""
    got = {"realCost": hero.spent, "activePoints": total_active_points(hero)}
    for key in json.loads((DATA / "characteristics_5e_simple.expect.json").read_text()):
        name, _, what = key.partition(".")
        if not what:
            continue
        upper = name.upper()
        if upper in ("OCV", "DCV"):
            value, points = (hero.value("DEX") + 1) // 3, 0
        elif name in _ECV:
            value, points = (hero.value("EGO") + 1) // 3, 0
        elif upper in ("FLIGHT", "GLIDING", "TUNNELING"):
            value = points = sum(i.inches for i in hero.items if i.xmlid == upper)
        else:
            value, points = hero.value(upper), hero.points(upper)
        got[key] = value if what == "max" else points
    return got


def test_characteristics_5e_simple_matches_hero_designer_exactly():
    expected = json.loads((DATA / "characteristics_5e_simple.expect.json").read_text())
    imported = read_hdc((DATA / "characteristics_5e_simple.hdc").read_bytes(), char_id=1)
    assert _figures(imported.hero) == expected
    assert imported.name == "5e superhero simple"
    assert (imported.hero.base_points, imported.hero.disad_points, imported.hero.experience) == (200, 150, 0)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_sample_file_imports_and_lists_what_the_engine_does_not_know(path):
    imported = read_hdc(path.read_bytes(), char_id=1)
    assert list(imported.unknown) == [i.text for i in imported.hero.items if not i.known]
    assert all(i.text for i in imported.hero.items)


def test_unknown_items_are_kept_with_their_text_and_stated_points():
    imported = read_hdc((DATA / "everything_lad_5e.hdc").read_bytes(), char_id=1)
    hero = imported.hero
    clair = next(i for i in hero.items if i.xmlid == "CLAIRSENTIENCE")
    assert (clair.known, clair.real, clair.text) == (False, 20, "Clairsentience Hearing Group")
    assert len(hero.items) == 233
    assert len(imported.unknown) == 48
    assert "Multiform 50" in imported.unknown


def test_everything_lad_prices_the_5e_rules():
    hero = read_hdc((DATA / "everything_lad_5e.hdc").read_bytes(), char_id=1).hero
    by_id = {i.id: i for i in hero.items}
    # Energy Blast 1d6: 5 points, 1 END; RKA 1d6: 15; Hand-To-Hand Attack 1d6 with its -1/2: 5 AP, 3 RC
    assert [(by_id[i].active, by_id[i].real, by_id[i].end) for i in ("1709342600684", "1709342658060", "1709342645060")] == [
        (5, 5, 1), (15, 15, 1), (5, 3, 1)]
    # Disadvantages: each the sum of its parts (Dependence 5 + 5 + 25 = 35), 130 in all
    assert by_id["1709445467469"].real == 35
    assert hero.disads == 130
    assert [a.name for a in attack_powers(hero)][:3] == ["Ego Attack", "Energy Blast", "Hand-To-Hand Attack"]


def test_armor_with_limitations():
    # Resistant Protection 9 PD/9 ED (27 points) with Activation 14- (-1/2), OIF (-1/2), Real Armor (-1/4): 12
    hero = read_hdc((DATA / "armor_for_kazei_5.hdc").read_bytes(), char_id=1).hero
    (armor,) = hero.items
    assert (armor.active, armor.real, armor.end) == (18, 8, 2)
    assert defenses(hero) == Defenses(pd=2, ed=2, rpd=9, red=9)


def test_multipower_slots_cost_a_tenth_of_their_real_cost():
    hero = read_hdc((DATA / "csl_5e.hdc").read_bytes(), char_id=1).hero
    pool = next(i for i in hero.items if i.framework == "MULTIPOWER" and i.base == 20)
    slots = hero.children(pool)
    # Drain 1d6, Ranged: 15 Active Points; a fixed slot 15 / 10 = 1.5, rounded down: 1
    assert [(s.slot, s.active, s.real) for s in slots] == [("fixed", 15, 1), ("fixed", 15, 1), ("fixed", 20, 2)]
    assert pool.text == "Drain Multipower: Multipower, 20-point reserve"
    assert slots[0].text == "Single Target Drain BODY: Drain 1d6, Ranged (+1/2) (15 Active Points)"


def test_utf16_with_byte_order_mark_and_utf8_both_read():
    text = (DATA / "characteristics_5e_simple.hdc").read_text("utf-8")
    for data in (codecs.BOM_UTF16_LE + text.encode("utf-16-le"), codecs.BOM_UTF16_BE + text.encode("utf-16-be"),
                 codecs.BOM_UTF8 + text.encode("utf-8"), text):
        assert read_hdc(data, char_id=1).hero.spent == 162


_BOMB = """<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<CHARACTER TEMPLATE="builtIn.Superheroic.hdt"><CHARACTER_INFO CHARACTER_NAME="&lol3;"/></CHARACTER>"""
_EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<CHARACTER TEMPLATE="builtIn.Superheroic.hdt"><CHARACTER_INFO CHARACTER_NAME="&xxe;"/></CHARACTER>"""


@pytest.mark.parametrize(("data", "message"), [
    ("hello there", "That is not a complete XML file (line 1): nothing was changed. Paste the whole .hdc file."),
    ((DATA / "csl_5e.hdc").read_text("utf-8")[:5000],
     "That is not a complete XML file (line 63): nothing was changed. Paste the whole .hdc file."),
    (_BOMB, "That file declares a DTD or entities, which Hero Designer files never do: refused."),
    (_EXTERNAL, "That file declares a DTD or entities, which Hero Designer files never do: refused."),
    ("<HTML><BODY/></HTML>", "That XML is not a Hero Designer character (its root is <HTML>, not <CHARACTER>)."),
    ('<CHARACTER TEMPLATE="builtIn.Superheroic6E.hdt"/>',
     "That is a 6th Edition character (template builtIn.Superheroic6E.hdt): this game uses 5th Edition. "
     "Save it with a 5E template in Hero Designer."),
    (b"\xff\xfe\x00\xd8", "That file is not text in UTF-8 or UTF-16, so it is not a Hero Designer file."),
    (b"\x80\x81\x82 not text", "That file is not text in UTF-8 or UTF-16, so it is not a Hero Designer file."),
    ("<" * (MAX_HDC_BYTES + 1), "That file is over 2 MB: Hero Designer files are far smaller."),
    (b" " * (MAX_HDC_BYTES + 1), "That file is over 2 MB: Hero Designer files are far smaller."),
])
def test_bad_files_give_one_clear_error(data, message):
    with pytest.raises(HdcError) as raised:
        read_hdc(data, char_id=1)
    assert str(raised.value) == message


def test_base_template_characteristics_the_engine_does_not_know_are_flagged():
    imported = read_hdc((DATA / "base_5e.hdc").read_bytes(), char_id=1)
    assert imported.unknown == ("DEF +13 (a characteristic the engine does not know)",
                                "Size +20 (a characteristic the engine does not know)")
    assert imported.hero.items[0].section is Section.CHARACTERISTICS


def test_a_characteristic_with_limitations_is_flagged_not_silently_priced():
    text = (DATA / "characteristics_5e_simple.hdc").read_text("utf-8").replace(
        "</STR>", '<MODIFIER XMLID="FOCUS" ID="1" BASECOST="-0.5" LEVELS="0" ALIAS="Focus" OPTION_ALIAS="OIF" /></STR>', 1)
    imported = read_hdc(text, char_id=1)
    assert imported.unknown == ("STR +1 has Focus (OIF; -1/2): priced without them",)
    assert imported.hero.points("STR") == 1


def _base_with(powers: str = "", levels: str = "2") -> str:
    """base_5e.hdc with BODY's LEVELS changed and the given POWERS."""
    text = (DATA / "base_5e.hdc").read_text("utf-8").replace('LEVELS="2"', f'LEVELS="{levels}"', 1)
    return text.replace("<POWERS />", f"<POWERS>{powers}</POWERS>", 1)


@pytest.mark.parametrize("number", ["1e10000000", "9e4299", "1e5000", "1e-10000000", "10001", "-10001",
                                    "1234567890", "٣", "0x10", "nan", "inf"])
def test_a_number_that_is_not_a_plain_bounded_decimal_refuses_the_file_at_once(number):
    with pytest.raises(HdcError) as raised:
        read_hdc(_base_with(levels=number), char_id=1)
    assert str(raised.value) == (f'BODY (ID 1766634909496): LEVELS="{number[:20]}" is not a number of points from '
                                 "-10000 to 10000, so the file was refused and nothing was changed.")


def test_plain_decimals_still_read():
    assert read_hdc(_base_with(levels="3.0"), char_id=1).hero.value("BODY") == 13


def test_a_file_over_the_item_limit_is_refused():
    powers = '<POWER XMLID="ENERGYBLAST" ID="{0}" LEVELS="1" />' * 1
    many = "".join(powers.format(n) for n in range(MAX_ITEMS + 1))
    with pytest.raises(HdcError) as raised:
        read_hdc(_base_with(many), char_id=1)
    assert str(raised.value) == f"That file has {MAX_ITEMS + 1} items; a sheet holds at most 500: nothing was changed."


def test_adders_nested_too_deep_are_refused_not_a_recursion_error():
    deep = '<POWER XMLID="ENERGYBLAST" ID="7" LEVELS="5">' + "<ADDER>" * 5000 + "</ADDER>" * 5000 + "</POWER>"
    with pytest.raises(HdcError) as raised:
        read_hdc(_base_with(deep), char_id=1)
    assert str(raised.value) == ("ADDER: Adders nested over 5 deep, which Hero Designer never writes, so the file "
                                 "was refused and nothing was changed.")


def test_an_item_the_engine_refuses_names_the_item():
    with pytest.raises(HdcError) as raised:
        read_hdc(_base_with('<POWER XMLID="ENERGYBLAST" ID="1" LEVELS="500" />'), char_id=1)
    assert str(raised.value) == ("ENERGYBLAST (ID 1): That is too many dice: 200 at most. The file was refused and "
                                 "nothing was changed.")


@pytest.mark.parametrize("data", ["<CHARACTER/>", '<CHARACTER TEMPLATE="x"><POWERS/></CHARACTER>',
                                  "<CHARACTER>" + "<a>" * 1000 + "</a>" * 1000 + "</CHARACTER>"])
def test_a_file_without_basic_configuration_is_not_a_character(data):
    with pytest.raises(HdcError) as raised:
        read_hdc(data, char_id=1)
    assert str(raised.value) == ("That file has no BASIC_CONFIGURATION, so it is not a Hero Designer character file: "
                                 "nothing was changed.")
