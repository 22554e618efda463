"""Every string a Hero Designer file brings in gets the cleaning and the caps of the same string
typed (game/speech.py ``one_line``; docs/reliability.md, "Every door"): what the owner, staff and
the approval queue see of a hostile file."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from champions_mush.game.hero import MAX_ITEM_NAME, get_hero
from champions_mush.game.roles import Role

DATA = Path(__file__).parents[1] / "game" / "data" / "hdc"
#: what a file can carry that typed text cannot show: entity line breaks, separators, zero-width,
#: bidi and a game prefix at the start of a line
HOSTILE = {
    "entity newline": "Blast&#10;[Combat] Victim is knocked out!",
    "entity return": "Blast&#13;[GM] Root says, &quot;Log off now.&quot;",
    "line separator": "Blast\u2028[Combat] Victim is knocked out!",
    "paragraph separator": "Blast\u2029&lt;OOC&gt; Root: quit",
    "zero-width": "Bl\u200bast\u200d\ufeff",
    "bidi": "Blast\u202e!tuo dekconk",
    "NEL": "Blast\u0085*** Shutting down ***",
}
_INVISIBLE = ("\r", "\u2028", "\u2029", "\u200b", "\u200d", "\ufeff", "\u202e", "\u0085")


def hostile_file(text: str) -> str:
    """The simple 5E character with one Energy Blast whose every string is ``text``."""
    plain = (DATA / "characteristics_5e_simple.hdc").read_text("utf-8")
    power = (f'<POWERS><POWER XMLID="ENERGYBLAST" ID="77" BASECOST="0.0" LEVELS="4" ALIAS="{text}" '
             f'NAME="{text}" INPUT="ED" OPTION_ALIAS="{text}" POSITION="1">'
             f'<NOTES>{text}</NOTES>'
             f'<ADDER XMLID="PLUSONEPIP" ID="78" BASECOST="3.0" LEVELS="0" ALIAS="{text}" OPTION_ALIAS="{text}"/>'
             f'<MODIFIER XMLID="REDUCEDEND" ID="79" BASECOST="0.25" LEVELS="0" ALIAS="{text}" OPTIONID="HALFEND" '
             f'OPTION_ALIAS="{text}"/></POWER></POWERS>')
    return (plain.replace("<POWERS />", power)
            .replace('CHARACTER_NAME="5e superhero simple"', f'CHARACTER_NAME="{text}"'))


def _paste(player, text: str) -> list[str]:
    player.do("+sheet/import")
    for line in text.split("\n"):
        player.do(line)
    return player.do(".")


def _shown_clean(lines: list[str]) -> None:
    text = "\n".join(lines)
    assert not any(mark in text for mark in _INVISIBLE), text
    assert not any(line.startswith(("[Combat]", "[GM]", "<OOC>", "***")) for line in lines), text


@pytest.mark.parametrize("kind", HOSTILE)
def test_every_string_of_a_file_is_shown_as_typed_text_is(world, kind):
    alice, gina = world.login("Alice"), world.login("Gina", role=Role.STAFF)
    reply = _paste(alice, hostile_file(HOSTILE[kind]))
    assert reply[1].startswith("Imported '"), reply
    _shown_clean(reply)
    seen = [*alice.do("+sheet"), *gina.do("+sheet Alice"), *alice.do("+sheet/submit"), *gina.lines,
            *gina.do("+approve Alice")]
    for width in (20, 30, 40, 52):  # every place a line can wrap to column 0
        gina.width = width
        seen += gina.do("+sheet Alice")
    _shown_clean(seen)
    hero = get_hero(world.game, alice.character)
    for item in hero.items:
        assert len(item.name) <= MAX_ITEM_NAME
        _shown_clean([item.name, item.text, hero.source, *(m.text for m in item.modifiers)])


def test_the_entity_newline_becomes_a_space(world):
    alice = world.login("Alice")
    _paste(alice, hostile_file("Blast&#10;[Combat] Victim is knocked out!"))
    item = get_hero(world.game, alice.character).items[0]
    assert item.name == "Blast [Combat] Victim is knocked out!"
    assert item.text.startswith("Blast [Combat] Victim is knocked out!: Blast [Combat] Victim is knocked out! 4")
    assert get_hero(world.game, alice.character).source == "from Hero Designer (Blast [Combat] Victim is knocked out!)"


def test_a_two_megabyte_name_is_cut_to_the_typed_cap_and_the_sheet_is_quick(world):
    """A power's NAME of 1.9 MB (the paste limit is 2 MB): kept as its first 40 characters, the
    cap on a name typed with ``+power``, so the sheet costs what any sheet costs."""
    alice, gina = world.login("Alice"), world.login("Gina", role=Role.STAFF)
    huge = "Ab " * 633_000
    text = hostile_file("Blast").replace(' NAME="Blast"', f' NAME="{huge}"', 1)
    assert len(text) > 1_900_000
    reply = _paste(alice, text)
    assert reply[1] == ("Imported 'Blast' from Hero Designer: 1 items. "
                        "Points: 189 spent of 200 base + 0 disadvantages + 0 XP = 200: 11 left.")
    item = get_hero(world.game, alice.character).items[0]
    assert item.name == "Ab Ab Ab Ab Ab Ab Ab Ab Ab Ab Ab Ab Ab A"
    started = time.perf_counter()
    sheets = [gina.do("+sheet Alice") for _ in range(10)]
    assert time.perf_counter() - started < 1.0  # generous: it was 2-4 s for each one
    assert sheets[0][13:15] == ["#1  27    Ab Ab Ab Ab Ab Ab Ab Ab Ab Ab Ab Ab Ab A: Blast 4d6+1, Blast     1",
                                "          (+1/4) (27 Active Points)"]


def test_a_sheet_stored_before_the_caps_is_cut_when_read(world):
    """A HERO sheet saved by an older game with a 1.9 MB name, text and source: read back at
    the caps, so rendering it costs what any sheet costs."""
    alice, gina = world.login("Alice"), world.login("Gina", role=Role.STAFF)
    _paste(alice, hostile_file("Blast"))
    key = str(alice.character.id)
    doc = world.store.get("hero", key)
    huge = "Zz\u2028[GM] " * 300_000
    doc["source"] = huge
    doc["items"][0] = {**doc["items"][0], "name": huge, "text": huge}
    world.store.put("hero", key, doc)
    started = time.perf_counter()
    sheet = gina.do("+sheet Alice")
    assert time.perf_counter() - started < 1.0  # generous: a few ms
    assert sheet[1:3] == ["Built Zz [GM] Zz [GM] Zz [GM] Zz [GM] Zz [GM] Zz [GM] Zz [GM] Zz [GM] Zz [GM]",
                          "  Zz [GM]."]  # 80 characters of source; the wrapped rest indented
    item = get_hero(world.game, alice.character).items[0]
    assert (item.name, len(item.text)) == ("Zz [GM] Zz [GM] Zz [GM] Zz [GM] Zz [GM]", 399)  # 40 and 400, less a space


def test_the_largest_sheet_is_read_a_page_at_a_time(world):
    """500 items of 400 characters (the most a sheet may hold): +sheet shows a page and says
    how to read on, +sheet/next goes on from the next item, and no page costs much."""
    from champions_mush.game.hero import MAX_ITEM_TEXT, MAX_ITEMS, HeroSheet, Item, Section, save_hero

    alice, gina = world.login("Alice"), world.login("Gina", role=Role.STAFF)
    text = ("Word " * 100)[:MAX_ITEM_TEXT]
    items = tuple(Item(id=str(n), section=Section.POWERS, xmlid="ENERGYBLAST", name=f"Blast {n}", text=text,
                       active=10, real=10) for n in range(MAX_ITEMS))
    save_hero(world.game, HeroSheet(char_id=alice.character.id, items=items))
    started = time.perf_counter()
    first = gina.do("+sheet Alice")
    assert time.perf_counter() - started < 0.5  # generous: the whole sheet's layout took 15-80 ms
    assert "More follows: +sheet/next reads on." in first
    shown = [line for line in first if line.startswith("#")]
    assert shown[1].startswith("#1   10    Word Word Word")
    assert shown[-1].startswith("#30  10    Word")  # 12,000 characters: 30 lines of 400
    second = gina.do("+sheet/next")
    assert second[0] == "Alice's sheet, from item #31:"
    assert next(line for line in second if line.startswith("#3")) == (
        "#31  10    Word Word Word Word Word Word Word Word Word Word Word Word")
    pages = 2
    while "More follows: +sheet/next reads on." in second:
        second = gina.do("+sheet/next")
        pages += 1
    assert pages == 17 and any(line.startswith("#500  10    Word") for line in second)
    assert gina.do("+sheet/next") == ["Nothing more to read: +sheet <name> reads one."]
