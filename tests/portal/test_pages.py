"""Each portal page against a game filled through the test harness: what a guest, a player
and staff see, and what each is refused (docs/player-guide.md, "The web portal")."""

from __future__ import annotations

import pytest

from champions_mush.game.boards import Boards
from champions_mush.game.roles import Role
from champions_mush.game.scenes import Scenes

from ..harness import make_world
from .helpers import Browser, PortalSite, set_password, tables

PLAIN = "text/html; charset=utf-8"


@pytest.fixture
def filled():
    """Alice (approved, +finger set), Bob (not approved), the NPC Viper, Gina (staff)."""
    world = make_world()
    alice, _bob, gina = world.login("Alice"), world.login("Bob"), world.login("Gina", role=Role.STAFF)
    for who in ("Alice", "Bob", "Gina"):
        set_password(world, who, "secret12")
    alice.do("+finger/set alias=The Blur")
    alice.do("+finger/set quote=|rFast|n & <loose>")
    alice.do("+stat STR=20")
    gina.do("+npc/create Viper")
    gina.do("+approve/force Alice")
    return world


def test_characters_lists_approved_ones_to_a_guest(filled):
    page = PortalSite(filled).get("/characters")
    assert page.status == 200 and page.header("content-type") == PLAIN
    found = tables(page)["table1"]
    assert found["caption"] == "Characters with approved sheets"
    assert found["rows"] == [["Name", "Alias", "Sheet"], ["Alice", "The Blur", "approved"]]


def test_staff_see_every_character(filled):
    gina = Browser(PortalSite(filled))
    assert "Welcome, Gina" in gina.login("Gina", "secret12").main
    rows = tables(gina.get("/characters"))["table1"]["rows"]
    assert rows[1:] == [["Alice", "The Blur", "approved"], ["Bob", "", "not approved"],
                        ["Gina", "", "not approved"], ["Viper", "", "NPC"]]


def test_a_character_page_by_name_in_any_case(filled):
    page = PortalSite(filled).get("/characters/aLiCe")
    assert page.status == 200
    assert page.main.startswith("Alice (approved) About Alias The Blur Quote Fast & <loose>")
    assert '<dd><span class="c-red">Fast</span> &amp; &lt;loose&gt;</dd>' in page.text
    chars = tables(page)["characteristics"]
    assert chars["rows"][1] == ["STR", "20", "10", "13-"]


@pytest.mark.parametrize("name", ["Bob", "Viper"])
def test_unapproved_sheets_and_npcs_are_refused_to_guests_and_other_players(filled, name):
    site = PortalSite(filled)
    guest = site.get(f"/characters/{name}")
    assert guest.status == 403
    assert guest.main == f"Not for you {name}'s sheet is not approved yet: only its player and staff may see it."
    alice = Browser(site)
    alice.login("Alice", "secret12")
    assert alice.get(f"/characters/{name}").status == 403
    gina = Browser(site)
    gina.login("Gina", "secret12")
    assert gina.get(f"/characters/{name}").status == 200


def test_a_player_sees_their_own_unapproved_sheet(filled):
    bob = Browser(PortalSite(filled))
    bob.login("Bob", "secret12")
    page = bob.get("/characters/bob")
    assert page.status == 200 and page.main.startswith("Bob (not approved)")


def test_a_missing_character_is_not_found(filled):
    page = PortalSite(filled).get("/characters/Nobody")
    assert page.status == 404 and page.main == "Not found There is no character called Nobody."


def test_who_honours_where_hide(filled):
    world = filled
    bob = next(s for s in world.game.sessions.values() if s.character_id == world.game.find_character("Bob").id)
    bob.do("+where/hide")
    world.game.find_character("Alice").settings["doing"] = "|gSaving the day"
    page = PortalSite(world).get("/who")
    rows = tables(page)["table1"]
    assert rows["caption"] == "2 players connected (those hidden from +where are not listed)"
    assert [row[0] for row in rows["rows"][1:]] == ["Alice", "Gina"]
    assert rows["rows"][1] == ["Alice", "00:00", "0s", "Saving the day"]
    assert '<span class="c-green">Saving the day</span>' in page.text


def test_rules_and_help_from_the_same_yaml_with_see_also_links(filled):
    site = PortalSite(filled)
    help_page = site.get("/help/%2Bsheet")
    assert help_page.status == 200
    assert help_page.main.startswith("+HELP +SHEET +SHEET your character sheet, with what it costs")
    catalog = site.portal.view.help.help
    topic = catalog.get("+SHEET")
    expected = []
    for name in topic.see_also:
        target = catalog.get(name)
        shown = target.name if target else name
        if shown not in expected:
            expected.append(shown)
    assert f"See also: {', '.join(expected)}." in help_page.main
    from urllib.parse import quote

    for name in expected:
        assert f'<a href="/help/{quote(name, safe="")}">{name}</a>' in help_page.text
    rules = site.get("/rules/killing%20damage")
    assert rules.status == 200 and rules.main.startswith("RULES KILLING DAMAGE ----")
    assert "the character rolls a STUN Multiplier of 1D6 - 1" in rules.main
    assert site.get("/rules/no%20such%20thing").status == 404


def test_staff_only_help_is_refused_to_guests(filled):
    site = PortalSite(filled)
    staff_topics = [t for t in site.portal.view.help.help.visible(staff=True) if t.staff_only]
    assert staff_topics, "the help has staff-only topics"
    from urllib.parse import quote

    assert site.get(f"/help/{quote(staff_topics[0].name, safe='')}").status == 404


def test_boards_show_what_a_guest_may_read(filled):
    world = filled
    gina = world.login("Gina", role=Role.STAFF)
    gina.do("+bbnewgroup Announcements")
    gina.do("+bbnewgroup Players")  # read by players and up: not for guests
    assert gina.do("+bbconfig Announcements/read=guest") == ["Announcements: read by guest and up."]
    assert gina.do("+bbconfig Announcements/post=guest") == ["Use player, staff or admin."]
    news = Boards.of(world.game).ordered()[0]
    gina.do("+bbpost Announcements/Welcome=Game night is |hFriday|n.")
    gina.do("+bbpost Players/Secret=Only players read this.")
    assert news.name == "Announcements"
    page = PortalSite(world).get("/boards")
    assert page.status == 200
    assert "1. Announcements" in page.main and "1/1: Welcome" in page.main
    assert "Game night is Friday." in page.main
    assert "Players" not in page.main and "Only players read this" not in page.main
    alice = Browser(PortalSite(world))
    alice.login("Alice", "secret12")
    assert "Only players read this." in alice.get("/boards").main


def test_scenes_are_private_to_their_people_and_staff(filled):
    world = filled
    for session in [s for s in world.game.sessions.values() if s.character.name == "Bob"]:
        world.game.remove_session(session)  # Bob is elsewhere: not in the scene
    alice = world.login("Alice")
    alice.do("+scene/start The heist")
    alice.do("pose cracks the safe.")
    alice.do("+scene/stop")
    number = Scenes.of(world.game).all()[-1].id
    site = PortalSite(world)
    guest = site.get(f"/scenes/{number}")
    assert guest.status == 403
    assert guest.main == f"Not for you Scene {number} is private: only the people in it and staff may read it."
    assert tables(site.get("/scenes")) == {}
    bob = Browser(site)
    bob.login("Bob", "secret12")
    assert bob.get(f"/scenes/{number}").status == 403
    mine = Browser(site)
    mine.login("Alice", "secret12")
    page = mine.get(f"/scenes/{number}")
    assert page.status == 200
    assert page.main.startswith(f"Scene {number}: The heist In ")
    assert "Alice cracks the safe." in page.main
    assert tables(mine.get("/scenes"))["table1"]["rows"][1][:2] == [str(number), "The heist"]


def test_every_page_names_its_charset_and_refuses_framing(filled):
    site = PortalSite(filled)
    for path in ("/portal", "/who", "/characters", "/characters/Alice", "/scenes", "/boards", "/rules",
                 "/help", "/login", "/nothing"):
        page = site.get(path)
        assert page.header("content-type") == PLAIN, path
        assert page.header("x-frame-options") == "DENY", path
        assert "frame-ancestors 'none'" in page.header("content-security-policy"), path
    css = site.get("/portal.css")
    assert css.status == 200 and css.header("content-type") == "text/css; charset=utf-8"
    assert "prefers-color-scheme: dark" in css.text


def test_a_shared_scene_is_anyone_s_with_its_ooc_folded_and_found_by_search(filled):
    world = filled
    alice = world.login("Alice")
    alice.do("+scene/start The vault")
    alice.do("pose opens the vault door with a crowbar.")
    alice.do("+ooc brb, pizza")
    alice.do("pose steps inside.")
    alice.do("+scene/stop")
    shared = Scenes.of(world.game).all()[-1].id
    alice.do("+scene/start Secret meeting")
    alice.do("pose whispers about the crowbar.")
    alice.do("+scene/stop")
    secret = Scenes.of(world.game).all()[-1].id
    assert alice.do(f"+scene/share {shared}")[0].startswith(f"Scene {shared}")
    alice.do(f"+scene/summary {shared}=**Alice** robs the vault. <script>alert(1)</script> [x](javascript:alert(1))")
    site = PortalSite(world)
    page = site.get(f"/scenes/{shared}")
    assert page.status == 200
    assert page.main.startswith(f"Scene {shared}: The vault In ")
    assert "Shared with everyone." in page.main
    assert ('<div class="markdown"><p><strong>Alice</strong> robs the vault. &lt;script&gt;alert(1)&lt;/script&gt; '
            '[x](javascript:alert(1))</p>\n</div>') in page.text
    folded = page.text.split('<details class="ooc">', 1)[1].split("</details>", 1)[0]
    assert "<summary>1 OOC line</summary>" in folded and "brb, pizza" in folded
    assert "Alice opens the vault door with a crowbar." not in folded
    assert site.get(f"/scenes/{secret}").status == 403
    found = site.get("/scenes?q=crowbar")
    assert f'<a href="/scenes/{shared}">The vault</a>: Alice opens the vault door with a <mark>crowbar</mark>.' in found.text
    assert "Secret meeting" not in found.main and "whispers" not in found.main
    listed = tables(found)["table1"]["rows"][1:]
    assert [(row[0], row[1], row[4]) for row in listed] == [(str(shared), "The vault", "Alice, Bob, Gina")]
    assert "No shared scene says that." in site.get("/scenes?q=%22%29%28+OR").main  # FTS syntax is only words
