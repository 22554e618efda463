"""Logging in on the portal: the game's own password check and failed-login limits, the
session cookie's flags, CSRF on every form, logging out; and the writes a logged-in player or
staff member makes (+finger fields, a Hero Designer upload, approval), each done by the game."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from champions_mush.game.accounts import Accounts
from champions_mush.game.approval import queue
from champions_mush.game.hero import get_hero
from champions_mush.game.people import finger
from champions_mush.game.roles import Role
from champions_mush.game.sheets import get_sheet

from ..harness import make_world
from .helpers import Browser, PortalSite, set_password

HDC = Path(__file__).parents[1] / "game" / "data" / "hdc"


@pytest.fixture
def world():
    world = make_world()
    set_password(world, "Alice", "secret12")
    set_password(world, "Gina", "secret12")
    gina = world.game.find_character("Gina")
    gina.role = int(Role.STAFF)
    world.game.save_character(gina)
    return world


def test_a_login_sets_a_session_cookie_httponly_and_samesite(world):
    browser = Browser(PortalSite(world))
    page = browser.login("alice", "secret12")
    assert page.status == 200 and page.main == "Logged in Welcome, Alice. You are logged in."
    session = [c for c in browser.set_cookies if c.startswith("cm_session=")]
    assert len(session) == 1
    flags = [part.strip() for part in session[0].split(";")[1:]]
    assert sorted(flags) == ["HttpOnly", "Path=/", "SameSite=lax"]
    assert "Alice" in browser.get("/account").main


def test_the_cookie_is_secure_behind_tls(world):
    browser = Browser(PortalSite(world), headers={"X-Forwarded-Proto": "https"})
    browser.login("Alice", "secret12")
    session = next(c for c in browser.set_cookies if c.startswith("cm_session="))
    assert "Secure" in [part.strip() for part in session.split(";")]


def test_a_wrong_password_is_told_as_telnet_tells_it(world):
    page = Browser(PortalSite(world)).login("Alice", "wrong-one")
    assert page.status == 403
    assert Accounts.WRONG_LOGIN in page.main
    assert "cm_session" not in Browser(PortalSite(world)).cookies


def test_failed_logins_are_limited_as_on_telnet(world):
    site = PortalSite(world)
    browser = Browser(site)
    free = world.game.config.failed_logins_per_minute
    for _ in range(free):
        assert Accounts.WRONG_LOGIN in browser.login("Alice", "wrong-one").main
    refused = browser.login("Alice", "secret12")
    assert refused.status == 403
    assert "Too many failed logins: try again in" in refused.main
    assert "cm_session" not in browser.cookies


def test_every_form_needs_its_csrf_token(world):
    site = PortalSite(world)
    browser = Browser(site)
    no_token = browser.post("/login", {"name": "Alice", "password": "secret12"}, csrf="")
    assert no_token.status == 403 and no_token.main.startswith("Form expired")
    other = Browser(site)
    stolen = other.get("/login").csrf()
    forged = browser.post("/login", {"name": "Alice", "password": "secret12"}, csrf=stolen)
    assert forged.status == 403 and "cm_session" not in browser.cookies
    browser.login("Alice", "secret12")
    before = browser.get("/account").csrf()
    assert browser.post("/account/finger", {"field": "alias", "value": "Blur"}, csrf=stolen).status == 403
    assert finger(world.game.find_character("Alice")) == {}
    assert browser.post("/account/finger", {"field": "alias", "value": "Blur"}, csrf=before).status == 200


def test_logging_out_ends_the_session(world):
    browser = Browser(PortalSite(world))
    browser.login("Alice", "secret12")
    kept = dict(browser.cookies)
    page = browser.post("/logout", {})
    assert page.main == "Logged out You are logged out."
    assert "cm_session" not in browser.cookies
    replay = Browser(browser.site)
    replay.cookies = kept  # the old cookie, sent again, is nobody now
    assert replay.get("/account").status == 404


def test_finger_fields_are_set_by_the_game(world):
    browser = Browser(PortalSite(world))
    browser.login("Alice", "secret12")
    page = browser.post("/account/finger", {"field": "quote", "value": "Up, up\nand away"})
    assert "Quote set." in page.main
    assert finger(world.game.find_character("Alice")) == {"quote": "Up, up and away"}
    too_long = browser.post("/account/finger", {"field": "alias", "value": "x" * 31})
    assert "Alias may be at most 30 characters." in too_long.main


def test_a_utf16_hero_designer_file_is_priced_like_a_paste(world):
    text = (HDC / "characteristics_5e_simple.hdc").read_text("utf-8")
    browser = Browser(PortalSite(world))
    browser.login("Alice", "secret12")
    page = browser.upload("/account/upload", "simple.hdc", codecs.BOM_UTF16_LE + text.encode("utf-16-le"))
    assert page.status == 200
    assert ("Reading your Hero Designer file ... Imported '5e superhero simple' from Hero Designer: 0 items. "
            "Points: 162 spent of 200 base + 0 disadvantages + 0 XP = 200: 38 left.") in page.main
    hero = get_hero(world.game, world.game.find_character("Alice"))
    assert hero.value("STR") == 11 and hero.spent == 162


def test_an_upload_that_is_not_text_is_refused(world):
    browser = Browser(PortalSite(world))
    browser.login("Alice", "secret12")
    page = browser.upload("/account/upload", "x.hdc", b"\xff\xfe\x00\xd8")
    assert "That file is neither UTF-16 nor UTF-8 text: save it from Hero Designer again." in page.main
    bad_xml = browser.upload("/account/upload", "x.hdc", b"<CHARACTER><oops")
    assert bad_xml.status == 200 and "Reading your Hero Designer file ..." in bad_xml.main
    assert "Something went wrong" not in bad_xml.main


def test_an_approved_sheet_s_upload_waits_for_staff_as_a_paste_does(world):
    gina = world.login("Gina", role=Role.STAFF)
    gina.do("+approve/force Alice")
    browser = Browser(PortalSite(world))
    browser.login("Alice", "secret12")
    page = browser.upload("/account/upload", "x.hdc", (HDC / "characteristics_5e_simple.hdc").read_bytes())
    assert ("Your sheet is approved, so this new version waits for staff approval; your current sheet "
            "stays in play until then (+sheet/changes shows what it changes).") in page.main
    assert get_hero(world.game, world.game.find_character("Alice")).spent == 0  # the old sheet stays in play


def test_staff_approve_from_the_queue_and_players_cannot(world):
    alice = world.login("Alice")
    alice.do("+stat STR=20")
    alice.do("+sheet/submit")
    site = PortalSite(world)
    player = Browser(site)
    player.login("Alice", "secret12")
    assert player.get("/approvals").status == 404
    assert player.post("/approvals", {"name": "Alice"}, csrf=player.get("/account").csrf()).status == 404
    assert not get_sheet(world.game, world.game.find_character("Alice")).approved
    gina = Browser(site)
    gina.login("Gina", "secret12")
    page = gina.get("/approvals")
    assert "Points do not balance: 10 spent of 200 base + 0 disadvantages + 0 XP = 200 (190 left unspent)." in page.main
    refused = gina.post("/approvals", {"name": "Alice"})
    assert "Alice's sheet: Points do not balance" in refused.main
    assert not get_sheet(world.game, world.game.find_character("Alice")).approved
    assert queue(world.game)


def test_a_finger_field_must_be_one_of_the_fields(world):
    browser = Browser(PortalSite(world))
    browser.login("Alice", "secret12")
    page = browser.post("/account/finger", {"field": "alias=x", "value": "y"})
    assert "The fields are alias, position, timezone, rp, quote." in page.main
    assert finger(world.game.find_character("Alice")) == {}
    assert [r["op"] for r in browser.site.link.asked] == ["login"]
