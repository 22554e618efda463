"""The HERO sheet through the command layer: +sheet/import pasted, building by hand, bad pastes."""

import base64
from fractions import Fraction
from pathlib import Path

import attrs

from champions_mush.commands.multiline import NOTE
from champions_mush.game.hero import get_hero, has_hero
from champions_mush.game.sheets import get_sheet, save_sheet
from champions_mush.game.xp import award, get_xp

from ..harness import make_world

DATA = Path(__file__).parents[1] / "game" / "data" / "hdc"
PASTE_START = ("Paste your Hero Designer .hdc file now, then a line holding only a period (.) to finish. "
               "Type .abort to give up.")


def _paste(player, path):
    player.do("+sheet/import")
    for line in path.read_text("utf-8").splitlines():
        player.do(line)
    return player.do(".")


def test_pasting_a_file_imports_it_with_hero_designers_figures(alice, gm):
    assert alice.do("+sheet/import") == [PASTE_START]
    for line in (DATA / "characteristics_5e_simple.hdc").read_text("utf-8").splitlines():
        assert alice.do(line) == []
    assert alice.do(".") == [
        "Reading your Hero Designer file ...",
        ("Imported '5e superhero simple' from Hero Designer: 0 items. "
        "Points: 162 spent of 200 base + 0 disadvantages + 0 XP = 200: 38 left."),
    ]
    sheet = alice.do("+sheet")
    assert sheet[4:10] == [
        "STR   11   1    11-   DEX   12   6    11-   CON   13   6    12-",
        "BODY  14   8    12-   INT   15   5    12-   EGO   16   12   12-",
        "PRE   17   7    12-   COM   18   4    13-   PD    2    0",
        "ED    3    0          SPD   4    18         REC   5    0",
        "END   26   0          STUN  27   0          Run   27\"  42",
        "Swim  28\"  26         Leap  29\"  27",
    ]
    assert gm.lines == []


def _paste_text(player, text):
    player.do("+sheet/import")
    for line in text.splitlines():
        player.do(line)
    return player.do(".")


def test_everything_lad_imports_with_nothing_unpriced(alice, gm):
    out = _paste(alice, DATA / "everything_lad_5e.hdc")
    assert out[1].startswith("Imported 'Everything Lad (5e)' from Hero Designer: 234 items.")
    assert len(out) == 2
    assert gm.lines == []
    assert not any("(?)" in line for line in alice.do("+sheet"))


def test_unknown_items_are_marked_and_staff_told(alice, gm):
    text = (DATA / "base_5e.hdc").read_text("utf-8").replace(
        "<POWERS />", '<POWERS><POWER XMLID="NOSUCHPOWER" ID="9" BASECOST="7.0" LEVELS="2" ALIAS="Odd Power" />'
        '<POWER XMLID="OTHERPOWER" ID="10" BASECOST="3.0" LEVELS="0" ALIAS="Other Power" /></POWERS>', 1)
    out = _paste_text(alice, text)
    assert out[2] == ("2 items the engine cannot price yet are priced from the file's own figures and marked (?) "
                      "on your sheet; staff have been told.")
    assert gm.lines[0] == ("[Sheet] Alice imported a Hero Designer file with 2 item(s) the engine does not price: "
                           "Odd Power 2; Other Power.")
    sheet = alice.do("+sheet")
    assert "#4  3     Other Power (?)" in sheet
    assert "(?) 2 items priced from the file's own figures, for staff to check." in sheet
    assert gm.do("+sheet Alice")[0] == "=" * 28 + " Alice (not approved) " + "=" * 28


def test_a_negative_characteristic_is_shown_and_priced(alice, gm):
    text = (DATA / "characteristics_5e_simple.hdc").read_text("utf-8").replace(
        'XMLID="COM" ID="1683331009574" BASECOST="0.0" LEVELS="8"',
        'XMLID="COM" ID="1683331009574" BASECOST="0.0" LEVELS="-20"')
    out = _paste_text(alice, text)
    assert out[1].endswith("Points: 148 spent of 200 base + 0 disadvantages + 0 XP = 200: 52 left.")
    sheet = alice.do("+sheet")
    assert sheet[6] == "PRE   17   7    12-   COM   -10  -10        PD    2    0"
    assert gm.do("+sheet Alice")[6] == sheet[6]


def test_bad_paste_leaves_the_sheet_unchanged(world, alice):
    alice.do("+stat STR=20")
    before = world.store.get("hero", str(alice.character.id))
    alice.do("+sheet/import")
    alice.do("<CHARACTER TEMPLATE=\"builtIn.Superheroic.hdt\">")
    assert alice.do(".") == ["Reading your Hero Designer file ...",
                             "That is not a complete XML file (line 1): nothing was changed. Paste the whole .hdc file."]
    assert world.store.get("hero", str(alice.character.id)) == before
    assert alice.do("say still here") == ['You say, "still here"']


def test_a_paste_over_the_limit_is_thrown_away_and_swallowed(monkeypatch):
    from champions_mush.commands import sheets

    monkeypatch.setattr(sheets, "MAX_HDC_BYTES", 1000)
    world = make_world()
    alice = world.login("Alice")
    alice.do("+sheet/import")
    assert alice.do("<" * 900) == []
    assert alice.do("<" * 200) == [sheets.TOO_BIG + " (Still waiting for the line with only '.', or type .abort.)"]
    assert alice.do("+stat STR=99") == [NOTE]      # part of the paste, never run; told once
    assert alice.do("say hi") == []
    assert alice.do(".") == [sheets.TOO_BIG]
    assert not has_hero(world.game, alice.character)
    assert alice.do(".abort") == ['Huh? (Type "+help" for help.)']


def test_abort_and_approved_sheets(alice, gm):
    alice.do("+sheet/import")
    assert alice.do(".abort") == ["Import given up: nothing was changed."]
    gm.do("+approve/force Alice")
    assert alice.do("+power Blast=eb 6d6") == ["Your sheet is approved: ask staff to unapprove it before changing it."]
    assert alice.do("+sheet/changes") == ["Your sheet has no new version waiting for approval."]


def test_a_new_version_of_an_approved_file_keeps_the_fight_and_waits_for_approval(world, alice, gm):
    game, char = world.game, alice.character
    first = (DATA / "characteristics_5e_simple.hdc").read_text("utf-8")
    _paste_text(alice, first)
    gm.do("+approve/force Alice")
    hurt = get_sheet(game, char).with_vitals(12, 7, 9)
    save_sheet(game, attrs.evolve(hurt, stunned=True))
    award(game, gm.character, char, Fraction(5), "a good scene")
    gm.clear()
    # the new version: STR +5 more (5 points) and an Energy Blast 2d6 (10 points); the file says 15 XP.
    # Leaping starts at 1" per 5 STR (RULES MOVEMENT): 2" at STR 11, 3" at 16, so the 27" bought reach 30"
    second = first.replace('XMLID="STR" ID="1683328673465" BASECOST="0.0" LEVELS="1"',
                           'XMLID="STR" ID="1683328673465" BASECOST="0.0" LEVELS="6"').replace(
        "<POWERS />", '<POWERS><POWER XMLID="ENERGYBLAST" ID="77" BASECOST="0.0" LEVELS="2" ALIAS="Energy Blast" '
        'NAME="Zap" /></POWERS>').replace('EXPERIENCE="0"', 'EXPERIENCE="15"')
    out = _paste_text(alice, second)
    assert out[2] == ("Your sheet is approved, so this new version waits for staff approval; your current sheet "
                      "stays in play until then (+sheet/changes shows what it changes).")
    assert gm.lines == [
        ("[Approval] Alice imported a new version of their Hero Designer file (+sheet/changes Alice, +approve Alice): "
        "Added (1): Zap: Energy Blast 2d6 (10). Characteristics: LEAPING 29 -> 30, STR 11 -> 16. "
        "Total: 162 -> 177 points spent of 200 (base 200 + disadvantages 0 + XP 0). "
        "XP: the file says 15; the sheet keeps the game's 0 (+xp shows what is earned and unspent).")]
    assert get_hero(game, char).value("STR") == 11  # the old sheet stays in play
    assert alice.do("+sheet/changes")[1:] == [
        "Added (1): Zap: Energy Blast 2d6 (10).", "Characteristics: LEAPING 29 -> 30, STR 11 -> 16.",
        "Total: 162 -> 177 points spent of 200 (base 200 + disadvantages 0 + XP 0)."]
    assert gm.do("+approve Alice") == [
        ("Alice's sheet: Points do not balance: 177 spent of 200 base + 0 disadvantages + 0 XP = 200 (23 left "
        "unspent). Fix it with the player, or +approve/force Alice.")]
    assert gm.do("+approve/force Alice") == ["Alice's new version is approved."]
    hero, sheet = get_hero(game, char), get_sheet(game, char)
    assert (hero.value("STR"), hero.spent, hero.experience) == (16, 177, 0)
    assert (sheet.current_stun, sheet.current_body, sheet.current_end, sheet.stunned) == (12, 7, 9, True)
    assert sheet.approved
    assert get_xp(game, char).earned == 5
    assert alice.do("+sheet/changes") == ["Your sheet has no new version waiting for approval."]


def test_staff_import_an_npc_from_a_paste(world, gm):
    assert gm.do("+npc/import Doctor Zed") == [PASTE_START]
    for line in (DATA / "characteristics_5e_simple.hdc").read_text("utf-8").splitlines():
        gm.do(line)
    assert gm.do(".") == [
        "Reading your Hero Designer file ...",
        ("Imported '5e superhero simple' from Hero Designer onto NPC Doctor Zed: 0 items. "
        "Points: 162 spent of 200 base + 0 disadvantages + 0 XP = 200: 38 left.")]
    zed = world.game.find_character("Doctor Zed")
    assert zed.npc and zed.location == gm.character.location
    assert get_sheet(world.game, zed).base("STR") == 11
    assert gm.do("+npc/import Gina") == [("Gina is a player's character, not an NPC: they import their own file "
                                         "with +sheet/import.")]


def test_building_by_hand_shows_each_cost_at_once(world, alice):
    assert alice.do("+stat DEX=20") == ["DEX is now 20 (30 points; 170 left)."]
    assert alice.do("+power Fire Blast=energy blast 12d6 +armorpiercing -oaf") == [
        ("Added #1 Fire Blast: Energy Blast 12d6, Armor Piercing (+1/2) (90 Active Points); Focus (OAF; -1): "
        "90 Active Points, 45 Real Cost, 9 END."),
        "Points: 75 spent of 200 base + 0 disadvantages + 0 XP = 200: 125 left.",
    ]
    assert alice.do("+power Suit=armor 8/8")[0] == "Added #2 Suit: Armor (8 PD/8 ED): 24 Active Points, 24 Real Cost."
    assert alice.do("+power Wings=flight 10")[0] == 'Added #3 Wings: Flight 10": 20 Active Points, 20 Real Cost, 2 END.'
    assert alice.do("+power Claws=hka 1d6+1 -oif")[0] == (
        "Added #4 Claws: Killing Attack - Hand-To-Hand 1d6+1 (20 Active Points); Focus (OIF; -1/2): "
        "20 Active Points, 13 Real Cost, 2 END.")
    assert alice.do("+skill Stealth=DEX+1")[0] == "Added #5 Stealth 14-: 5 Active Points, 5 Real Cost."
    assert alice.do("+skill KS Cars=KS+2")[0] == "Added #6 KS Cars 13-: 4 Active Points, 4 Real Cost."
    assert alice.do("+disad Hunted=20 VIPER, 11-") == [
        "Added #7 Hunted: VIPER, 11-: 20 Active Points, 20 Real Cost.",
        "Points: 141 spent of 200 base + 20 disadvantages + 0 XP = 220: 79 left.",
    ]
    assert alice.do("+power Fire Blast=eb 10d6")[0] == "Changed #1 Fire Blast: Energy Blast 10d6: 50 Active Points, 50 Real Cost, 5 END."
    assert alice.do("+power/remove #3") == ["Removed Wings: Flight 10\".",
                                            "Points: 126 spent of 200 base + 20 disadvantages + 0 XP = 220: 94 left."]
    sheet = alice.do("+sheet")
    assert sheet[16:22] == [
        "#   Cost  Powers                                                           END",
        "--  ----  ---------------------------------------------------------------  ---",
        "#1  50    Fire Blast: Energy Blast 10d6                                    5",
        "#2  24    Suit: Armor (8 PD/8 ED)",
        "#3  13    Claws: Killing Attack - Hand-To-Hand 1d6+1 (20 Active Points);   2",
        "          Focus (OIF; -1/2)",
    ]
    assert sheet[-4:] == ["Defenses: PD 10 (8 resistant), ED 10 (8 resistant).", "OCV 7  DCV 7", "STUN 20/20  BODY 10/10  END 20/20", "Conditions: none"]
    hero = get_hero(world.game, alice.character)
    assert [i.name for i in hero.items] == ["Fire Blast", "Suit", "Claws", "Stealth", "KS Cars", "Hunted"]


def test_building_mistakes_are_explained(world, alice):
    assert alice.do("+power Blast=cosmic 10") == [
        "The engine does not know a power called 'cosmic' (see +HELP +POWER)."]
    assert alice.do("+power Blast=eb 12d6 -armorpiercing") == [
        "Armor Piercing is an Advantage: write it +armorpiercing."]
    assert alice.do("+power Suit=armor lots") == ["Usage: +POWER <name>=<power> <amount> [+advantage ...] [-limitation ...]"]
    assert alice.do("+power Suit=armor 8") == ["Armor needs PD/ED, like armor 8/8."]
    assert alice.do("+skill Sneak=XYZ") == ["'XYZ' is not a characteristic a Skill is based on (DEX, INT, PRE ...) or KS."]
    assert alice.do("+disad Hunted=lots") == ["Usage: +DISAD <name>=<points> [what it is]"]
    assert alice.do("+disad/remove Nothing") == ["You have no disadvantages 'Nothing' (see the #numbers on +sheet)."]
    assert not has_hero(world.game, alice.character)


def _paste_text(player, text):
    player.do("+sheet/import")
    for line in text.splitlines():
        player.do(line)
    return player.do(".")


def test_an_exponent_in_a_pasted_file_is_refused_at_once_naming_the_item(world, alice):
    alice.do("+stat STR=20")
    before = world.store.get("hero", str(alice.character.id))
    text = (DATA / "base_5e.hdc").read_text("utf-8").replace('LEVELS="2"', 'LEVELS="1e10000000"', 1)
    assert _paste_text(alice, text) == [
        "Reading your Hero Designer file ...",
        ('BODY (ID 1766634909496): LEVELS="1e10000000" is not a number of points from -10000 to 10000, so the file '
        "was refused and nothing was changed.")]
    assert world.store.get("hero", str(alice.character.id)) == before


def test_an_engine_refusal_during_import_is_told_as_its_own_sentence(world, alice):
    text = (DATA / "base_5e.hdc").read_text("utf-8").replace(
        "<POWERS />", '<POWERS><POWER XMLID="ENERGYBLAST" ID="1" LEVELS="500" /></POWERS>', 1)
    assert _paste_text(alice, text) == [
        "Reading your Hero Designer file ...",
        "ENERGYBLAST (ID 1): That is too many dice: 200 at most. The file was refused and nothing was changed."]
    assert not has_hero(world.game, alice.character)


def test_a_save_that_fails_after_import_is_told(monkeypatch):
    from champions_mush.game import hero_import

    def broken(game, hero):
        raise ValueError("Exceeds the limit (4300 digits) for integer string conversion")

    monkeypatch.setattr(hero_import, "save_hero", broken)
    world = make_world()
    alice = world.login("Alice")
    assert _paste(alice, DATA / "base_5e.hdc") == [
        "Reading your Hero Designer file ...",
        "The game could not save that file, so your sheet may be unchanged. It has been logged for staff."]


def test_a_poisoned_stored_sheet_is_told_not_crashed_and_never_queued(world, alice, gm):
    _paste(alice, DATA / "base_5e.hdc")
    doc = world.store.get("hero", str(alice.character.id))
    doc["items"][0]["active"] = 9 * 10 ** 4000
    world.store.put("hero", str(alice.character.id), doc)
    damaged = ("Alice's HERO sheet is damaged (DEF: active is not a whole number from -1000000 to 1000000): "
               "a new +sheet/import replaces it.")
    assert alice.do("+sheet") == [damaged]
    assert gm.do("+sheet Alice") == [damaged]
    assert alice.do("+sheet/submit") == [damaged]
    assert alice.do("+sheet/submit") == [damaged]          # not "already waiting": never queued
    assert gm.do("+approve Alice") == [damaged]


def test_the_same_modifier_twice_on_a_power_is_refused(world, alice):
    assert alice.do("+power x=energy blast 1d6 -oaf -oaf -oaf") == [
        "Focus (OAF; -1) is named twice: an Advantage or Limitation counts once on a power."]
    assert alice.do("+power x=energy blast 1d6 +armorpiercing +armorpiercing") == [
        "Armor Piercing (+1/2) is named twice: an Advantage or Limitation counts once on a power."]
    assert not has_hero(world.game, alice.character)


def test_unicode_digits_are_not_numbers_in_building(alice):
    assert alice.do("+skill Stealth=DEX+\u0661") == [
        "Usage: +SKILL <name>=<characteristic>[+levels]", "       +SKILL <name>=KS[+levels]"]
    assert alice.do("+power Blast=energy blast \u0661\u0662d6") == [
        "'\u0661\u0662' is not an amount of dice (try 10, 4 1/2 or 1d6+1)."]


def test_a_sheet_holds_at_most_max_items(monkeypatch):
    from champions_mush.commands import herobuild

    monkeypatch.setattr(herobuild, "MAX_ITEMS", 2)
    world = make_world()
    alice = world.login("Alice")
    alice.do("+power A=eb 1d6")
    alice.do("+skill Stealth=DEX")
    refused = ["A sheet holds at most 2 items: remove one before adding another."]
    assert alice.do("+disad Hunted=20 VIPER, 11-") == refused
    assert alice.do("+power B=eb 1d6") == refused
    assert alice.do("+power A=eb 2d6")[0] == "Changed #1 A: Energy Blast 2d6: 10 Active Points, 10 Real Cost, 1 END."


def test_while_pasting_abort_words_and_quit_still_work_and_other_lines_get_a_note(alice):
    alice.do("+sheet/import")
    assert alice.do("<CHARACTER>") == []
    assert alice.do("say hello") == ["Pasting your file: end with a line holding a single '.'; '@abort' cancels."]
    assert alice.do("WHO") == []
    assert alice.do("@ABORT") == ["Import given up: nothing was changed."]
    assert alice.do("say hello") == ['You say, "hello"']
    alice.do("+sheet/import")
    assert alice.do("QUIT") == ["Import given up: nothing was changed.", "Goodbye! Come back soon."]


def test_a_paste_of_empty_lines_names_the_encoding(alice):
    # what TinTin++'s #textin of a UTF-16 file delivers: its NUL-led lines arrive empty
    alice.do("+sheet/import")
    for _ in range(5):
        alice.do("")
    assert alice.do(".") == [
        ("Only empty lines arrived, so nothing was changed. A file as Hero Designer saves it (UTF-16) cannot cross "
        "telnet as it is: send it as base64 between -----BEGIN HDC----- and -----END HDC----- lines "
        "(+help +sheet/import shows how).")]
    alice.do("+sheet/import")
    assert alice.do(".") == ["Nothing was pasted, so nothing was changed."]


def test_a_utf16_file_pasted_in_base64_imports(alice):
    encoded = base64.b64encode((DATA / "characteristics_5e_simple.hdc").read_text("utf-8").encode("utf-16"))
    text = encoded.decode("ascii")
    lines = ["-----BEGIN HDC-----", *(text[i:i + 76] for i in range(0, len(text), 76)), "-----END HDC-----"]
    out = _paste_text(alice, "\n".join(lines))
    assert out[-1] == ("Imported '5e superhero simple' from Hero Designer: 0 items. "
                       "Points: 162 spent of 200 base + 0 disadvantages + 0 XP = 200: 38 left.")


def test_sheet_export_writes_a_file_that_imports_back(world, alice, gm):
    from champions_mush.game.hdc_export import hdc_bytes

    _paste(alice, DATA / "everything_lad_5e.hdc")
    before = get_hero(world.game, alice.character)
    out = alice.do("+sheet/export")
    begin, end = out.index("-----BEGIN HDC-----"), out.index("-----END HDC-----")
    assert " ".join(out[:begin]).startswith("Alice as a Hero Designer 5E file (UTF-16, as Hero Designer saves it)")
    assert " ".join(out[end + 1:]) == f"End of the file ({end - begin + 1} lines; 234 items, 1225 points spent)."
    assert base64.b64decode("".join(out[begin + 1:end])) == hdc_bytes(before, "Alice")
    assert all(len(line) <= 76 for line in out[begin:end + 1])
    assert _paste_text(alice, "\n".join(out[begin:end + 1]))[1].startswith(
        "Imported 'Alice' from Hero Designer: 234 items. Points: 1225 spent")
    after = get_hero(world.game, alice.character)
    assert [(i.id, i.active, i.real, i.end) for i in after.items] == [(i.id, i.active, i.real, i.end) for i in before.items]
    assert alice.do("+sheet/export Gina") == ["You can export only your own sheet: type +sheet/export."]


def test_a_new_file_takes_the_old_files_skill_rolls_with_it(world, alice):
    _paste(alice, DATA / "everything_lad_5e.hdc")
    alice.do("+stat Juggling=12")
    assert get_sheet(world.game, alice.character).find_skill("Stealth") is not None
    _paste(alice, DATA / "characteristics_5e_simple.hdc")
    assert get_sheet(world.game, alice.character).skills == {"Juggling": "12"}


def test_power_list_prices_each_power_as_hero_5e_writes_it(alice):
    """HERO 5E revised: Energy Blast 5 a d6, Armor 3 points per 2 points of defense, Clinging
    10 points and 1 per 3 STR more, Missile Deflection 20 and 2 a level, Desolidification 40."""
    line = alice.do("+power/list")[0]
    assert line.startswith("Powers: Energy Blast (5/d6), ")
    prices = dict(item.rsplit(" (", 1) for item in line.removeprefix("Powers: ").removesuffix(")").split("), "))
    assert {name: prices[name] for name in ("Armor", "Damage Resistance", "Telekinesis", "Clinging",
                                            "Missile Deflection", "Desolidification", "Extra Limbs")} == {
        "Armor": "3 per 2 points", "Damage Resistance": "1 per 2 points", "Telekinesis": "3 per 2 STR",
        "Clinging": "10 + 1 per 3 STR", "Missile Deflection": "20 + 2/level", "Desolidification": "40 points",
        "Extra Limbs": "5 points"}
