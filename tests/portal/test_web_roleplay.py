"""The portal's roleplay pages and forms: sharing and unsharing one's scenes, staff approving a
sheet anyway with a reason, web logins kept by the game (a new portal process knows them), the
team pages, the events page and its iCalendar feeds, and secret identities in scene pages."""

from __future__ import annotations

import datetime as dt

import pytest

from champions_mush.game.approval import APPROVAL_KIND
from champions_mush.game.roles import Role
from champions_mush.game.scenes import Scenes
from champions_mush.game.sheets import get_sheet
from champions_mush.game.web_logins import IDLE_LIMIT, WEB_LOGIN

from ..harness import make_world
from .helpers import Browser, PortalSite, set_password, tables

#: 2026-12-01 12:00 UTC
NOON = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC).timestamp()


@pytest.fixture
def world():
    """Alice and Bob (players), Gina (staff); a stopped scene 1 of Alice's and Bob's."""
    world = make_world()
    world.clock.now = NOON
    alice, bob = world.login("Alice"), world.login("Bob")
    alice.do("+scene/start Rooftop chase")
    alice.do("pose leaps the gap.")
    bob.do("pose follows.")
    alice.do("+scene/stop")
    world.login("Gina", role=Role.STAFF)
    world.login("Cara")
    for who in ("Alice", "Bob", "Gina", "Cara"):
        set_password(world, who, "secret12")
    return world


def _scene(world, number: int = 1):
    return Scenes.of(world.game).get(number)


# --- sharing ----------------------------------------------------------------------------------
def test_a_player_shares_and_unshares_his_scene_from_the_web(world):
    site = PortalSite(world)
    guest = Browser(site)
    assert guest.get("/scenes/1").status == 403
    alice = Browser(site)
    alice.login("Alice", "secret12")
    account = alice.get("/account")
    assert tables(account)["table1"]["rows"] == [["#", "Title", "Started", "Shared", "Change"],
                                                 ["1", "Rooftop chase", "2026-12-01 12:00", "not shared", "Share scene 1"]]
    page = alice.post("/scenes/1/share", {"share": "1", "back": "account"}, csrf=account.csrf())
    assert page.status == 200
    assert "Scene 1 is shared: anyone may read it, and the scene archive lists it." in page.main
    assert _scene(world).shared
    assert guest.get("/scenes/1").status == 200
    scene_page = alice.get("/scenes/1")
    assert "Stop sharing this scene" in scene_page.main
    unshared = alice.post("/scenes/1/share", {"share": "0"}, csrf=scene_page.csrf())
    assert "Scene 1 is no longer shared." in unshared.main
    assert "Share this scene with everyone" in unshared.main
    assert not _scene(world).shared
    assert guest.get("/scenes/1").status == 403


def test_sharing_needs_the_csrf_token_and_a_part_in_the_scene(world):
    site = PortalSite(world)
    alice = Browser(site)
    alice.login("Alice", "secret12")
    assert alice.post("/scenes/1/share", {"share": "1"}, csrf="0" * 64).status == 403
    assert not _scene(world).shared
    cara = Browser(site)
    cara.login("Cara", "secret12")
    page = cara.post("/scenes/1/share", {"share": "1"}, csrf=cara.get("/account").csrf())
    assert page.status == 403  # Cara may not even read the scene
    assert not _scene(world).shared
    assert Browser(site).post("/scenes/1/share", {"share": "1"}, csrf=Browser(site).get("/login").csrf()).status == 403


def test_a_running_scene_is_not_shared(world):
    alice = world.login("Alice")
    alice.do("+scene/start Second round")
    browser = Browser(PortalSite(world))
    browser.login("Alice", "secret12")
    page = browser.post("/scenes/2/share", {"share": "1"}, csrf=browser.get("/account").csrf())
    assert "Scene 2 is still running: share it once it has stopped." in page.main
    assert not _scene(world, 2).shared


# --- approving anyway -------------------------------------------------------------------------
def test_staff_approve_an_unbalanced_sheet_anyway_with_a_reason(world):
    alice = world.login("Alice")
    alice.do("+stat STR=20")
    alice.do("+sheet/submit")
    gina = Browser(PortalSite(world))
    gina.login("Gina", "secret12")
    queue_page = gina.get("/approvals")
    assert "Approve Alice anyway" in queue_page.main
    no_reason = gina.post("/approvals", {"name": "Alice", "force": "1", "reason": " "}, csrf=queue_page.csrf())
    assert "Give a reason to approve Alice anyway." in no_reason.main
    assert not get_sheet(world.game, world.game.find_character("Alice")).approved
    page = gina.post("/approvals", {"name": "Alice", "force": "1", "reason": "Campaign start: XP to come"},
                     csrf=queue_page.csrf())
    assert "Alice's sheet is approved anyway (Campaign start: XP to come)." in page.main
    assert "No sheets are waiting for approval." in page.main
    assert get_sheet(world.game, world.game.find_character("Alice")).approved
    logged = world.game.store.tail(APPROVAL_KIND, 1)[0].data
    assert (logged["what"], logged["by"], logged["reason"]) == ("approved anyway", "Gina", "Campaign start: XP to come")


def test_a_player_cannot_force_an_approval(world):
    alice = Browser(PortalSite(world))
    alice.login("Alice", "secret12")
    page = alice.post("/approvals", {"name": "Alice", "force": "1", "reason": "me"}, csrf=alice.get("/account").csrf())
    assert page.status == 404
    assert not get_sheet(world.game, world.game.find_character("Alice")).approved


def test_approve_force_on_telnet_keeps_its_reason(world):
    gina = world.login("Gina", role=Role.STAFF)
    assert gina.do("+approve/force Bob=Testing the queue") == ["Bob's sheet is approved anyway (Testing the queue)."]
    assert world.game.store.tail(APPROVAL_KIND, 1)[0].data["reason"] == "Testing the queue"
    assert gina.do("+approve Cara=why") == ["Usage: +APPROVE", "       +APPROVE <name>"]
    assert not get_sheet(world.game, world.game.find_character("Cara")).approved


# --- logins kept by the game ------------------------------------------------------------------
def test_a_web_login_outlives_the_portal_process(world):
    first = PortalSite(world)
    browser = Browser(first)
    browser.login("Alice", "secret12")
    form = browser.get("/account")
    assert [doc["char"] for doc in world.game.store.all(WEB_LOGIN).values()] == [
        world.game.find_character("Alice").id]
    browser.site = PortalSite(world)  # the portal killed and started again: a new process, no memory
    again = browser.get("/account")
    assert again.status == 200 and again.main.startswith("Alice Your character's page")
    said = browser.post("/account/finger", {"field": "alias", "value": "The Blur"}, csrf=form.csrf())
    assert "Alias set." in said.main  # a form loaded before the restart still posts


def test_the_cookie_is_kept_hashed_and_logging_out_ends_it_everywhere(world):
    browser = Browser(PortalSite(world))
    browser.login("Alice", "secret12")
    cookie = browser.cookies["cm_session"]
    assert cookie not in world.game.store.all(WEB_LOGIN)
    copy = Browser(PortalSite(world))
    copy.cookies = dict(browser.cookies)
    browser.post("/logout", {})
    assert world.game.store.all(WEB_LOGIN) == {}
    assert copy.get("/account").status == 404


def test_a_login_unused_for_a_week_ends(world):
    browser = Browser(PortalSite(world))
    browser.login("Alice", "secret12")
    world.clock.now += IDLE_LIMIT - 60
    assert browser.get("/account").status == 200  # read: the game notes it (hourly at most)
    world.clock.now += IDLE_LIMIT - 60
    assert browser.get("/account").status == 200
    world.clock.now += IDLE_LIMIT + 1
    assert browser.get("/account").status == 404


def test_a_role_is_read_afresh_on_every_page(world):
    browser = Browser(PortalSite(world))
    browser.login("Gina", "secret12")
    assert browser.get("/approvals").status == 200
    gina = world.game.find_character("Gina")
    gina.role = int(Role.PLAYER)
    world.game.save_character(gina)
    assert browser.get("/approvals").status == 404


# --- teams and events -------------------------------------------------------------------------
def test_team_pages(world):
    gina = world.login("Gina", role=Role.STAFF)
    gina.do("+team/create Titans=Bob")
    world.login("Bob").do("+team/add Titans=Alice")
    gina.do("+approve/force Alice")
    site = PortalSite(world)
    teams_page = site.get("/teams")
    assert tables(teams_page)["table1"]["rows"] == [["Team", "Leader", "Members"], ["Titans", "Bob", "2"]]
    page = site.get("/teams/titans")
    assert page.status == 200
    assert page.main == ("Titans Leader Bob Channel Titans (for its members) Board Titans (for its members) "
                         "Members (2) Alice Bob (leader) All teams")
    assert '<a href="/characters/Alice">Alice</a>' in page.text  # approved: her page is public
    assert '<a href="/characters/Bob">' not in page.text  # Bob's sheet is not approved
    missing = site.get("/teams/Nobody")
    assert missing.status == 404 and missing.main == "Not found There is no team called 'Nobody' (+team lists them)."


def test_the_events_page_and_the_ical_feeds(world):
    bob = world.login("Bob")
    bob.do("+finger/set timezone=America/New_York")
    bob.do("+event/create Gala at the museum=2026-12-05 20:00/Black tie, please.")
    world.login("Alice").do("+event/create Patrol=2026-12-03 18:00/Downtown.")
    site = PortalSite(world)
    rows = tables(site.get("/events"))["table1"]["rows"]
    assert rows == [["#", "Event", "About", "Starts (UTC)", "Made by", "Signed up"],
                    ["2", "Patrol", "Downtown.", "2026-12-03 18:00", "Alice", "Alice"],
                    ["1", "Gala at the museum", "Black tie, please.", "2026-12-06 01:00", "Bob", "Bob"]]
    feed = site.get("/events.ics")
    assert feed.status == 200 and feed.header("content-type") == "text/calendar; charset=utf-8"
    lines = feed.text.split("\r\n")
    assert lines[:5] == ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//champions-mush//events//EN",
                         "CALSCALE:GREGORIAN", f"X-WR-CALNAME:{world.game.config.name} events"]
    assert [line for line in lines if line.startswith(("DTSTART", "SUMMARY", "DESCRIPTION"))] == [
        "DTSTART:20261203T180000Z", "SUMMARY:Patrol", "DESCRIPTION:Downtown.",
        "DTSTART:20261206T010000Z", "SUMMARY:Gala at the museum", "DESCRIPTION:Black tie\\, please."]
    world.login("Gina", role=Role.STAFF).do("+approve/force Bob")
    bobs = site.get("/characters/bob/events.ics").text.split("\r\n")
    assert "X-WR-CALNAME:Bob's events" in bobs
    assert [line for line in bobs if line.startswith("SUMMARY")] == ["SUMMARY:Gala at the museum"]
    assert site.get("/characters/alice/events.ics").status == 403  # Alice's sheet is not approved


# --- secret identities in scene pages ---------------------------------------------------------
def test_a_scene_page_names_the_identity_worn_and_staff_see_who_is_behind_it(world):
    alice, bob, gina = world.login("Alice"), world.login("Bob"), world.login("Gina", role=Role.STAFF)
    alice.do("+identity/add Nightshade")
    alice.do("+identity Nightshade")
    bob.do("+scene/start Alley")
    alice.do("pose melts out of the shadows.")
    bob.do("+scene/stop")
    bob.do("+scene/share 2")
    bob.do("+scene/share 1")
    gina.do("+approve/force Alice")
    site = PortalSite(world)
    page = site.get("/scenes/2")
    assert "With Bob, Nightshade, Gina, Cara." in page.main
    assert "Nightshade melts out of the shadows." in page.main and "Alice" not in page.main
    staff = Browser(site)
    staff.login("Gina", "secret12")
    assert "With Bob, Nightshade(Alice), Gina, Cara." in staff.get("/scenes/2").main
    scenes_of_alice = site.get("/characters/alice")
    assert "Rooftop chase" in scenes_of_alice.main and "Alley" not in scenes_of_alice.main  # seen only as Nightshade
    assert "Alley" in staff.get("/characters/alice").main
