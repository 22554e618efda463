"""+event and +events: times in each player's own time zone, sign-ups, reminders, the iCal feed."""

import datetime as dt

from champions_mush.commands.base import Role
from champions_mush.commands.login import login_session
from champions_mush.game import events

from ..harness import make_world

#: 2026-12-01 12:00 UTC
NOON = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC).timestamp()


def _world():
    world = make_world()
    world.clock.now = NOON
    gina = world.login("Gina", role=Role.STAFF)
    ny, london, tokyo = world.login("Nia"), world.login("Lon"), world.login("Tok")
    assert ny.do("+finger/set timezone=America/New_York") == ["Time zone set."]
    london.do("+finger/set timezone=Europe/London")
    tokyo.do("+finger/set timezone=Asia/Tokyo")
    for s in (gina, ny, london, tokyo):
        s.clear()
    return world, gina, ny, london, tokyo


def test_an_event_entered_in_one_time_zone_is_shown_in_two_others():
    _, _gina, ny, london, tokyo = _world()
    assert ny.do("+event/create Gala at the museum=2026-12-05 20:00/Black tie.") == [
        "Event 1 made: Gala at the museum, 2026-12-05 20:00 EST. You are signed up."]
    assert london.do("+events") == ["Events (times in Europe/London; +finger/set timezone=<zone> changes it):",
                                    "   1  2026-12-06 01:00 GMT    Gala at the museum  (1 signed up)"]
    assert tokyo.do("+event 1")[:3] == ["Event 1: Gala at the museum", "When: 2026-12-06 10:00 JST (2026-12-06 01:00 UTC)",
                                       "By:   Nia"]


def test_signing_up_with_a_comment_withdrawing_and_cancelling():
    _, _gina, ny, london, tokyo = _world()
    ny.do("+event/create Gala=2026-12-05 20:00/Black tie.")
    assert london.do("+event/signup 1=Bringing Raven.") == ["You are signed up for event 1: Gala."]
    assert tokyo.do("+event 1")[-3:] == ["Signed up (2):", "  Nia", "  Lon: Bringing Raven."]
    assert london.do("+event/withdraw 1") == ["You are no longer signed up for event 1."]
    london.do("+event/signup 1")
    assert tokyo.do("+event/cancel 1") == ["Only Nia or staff may cancel event 1."]
    assert ny.do("+event/cancel 1") == ["Event 1 cancelled; those signed up were told."]
    assert london.lines[-1] == "[Event] Nia cancelled event 1: Gala."
    assert tokyo.do("+events") == [
        "No events are coming up. +event/create <title>=<YYYY-MM-DD HH:MM>/<description> announces one."]


def test_times_are_checked_in_the_players_zone():
    _, _gina, ny, _london, _tokyo = _world()
    assert ny.do("+event/create Gala=tomorrow at 8") == [
        "Give the time as YYYY-MM-DD HH:MM in your time zone (America/New_York), for example 2026-12-05 20:00."]
    assert ny.do("+event/create Gala=2026-11-30 20:00") == ["That time has passed: give one to come."]
    assert ny.do("+event/create Gala=2027-03-14 02:30") == [
        "2027-03-14 02:30 does not exist in America/New_York (the clocks go forward then)."]


def test_reminders_at_login_and_shortly_before():
    world, _gina, ny, london, _tokyo = _world()
    ny.do("+event/create Patrol=2026-12-01 09:00/Rooftops.")  # 14:00 UTC
    london.do("+event/signup 1")
    late = world.guest()
    login_session(world.game, late, world.game.find_character("Lon"))
    assert [line for line in late.lines if line.startswith("[Event]")] == [
        "[Event] #1 Patrol starts in 2h 00m (2026-12-01 14:00 GMT)."]
    world.clock.advance(3600 + 50 * 60)  # 13:50 UTC
    assert events.remind_soon(world.game) == 1
    assert ny.lines[-1] == "[Event] #1 Patrol starts in 10 minutes (2026-12-01 09:00 EST)."
    assert events.remind_soon(world.game) == 0


def test_the_ical_feed():
    world, _gina, ny, _london, tokyo = _world()
    ny.do("+event/create Gala, the big one=2026-12-05 20:00/Black tie; no capes.")
    feed = events.ical(world.game)
    assert feed.split("\r\n") == [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//champions-mush//events//EN", "CALSCALE:GREGORIAN",
        "X-WR-CALNAME:Champions MUSH events", "BEGIN:VEVENT", "UID:event-1@championsmush",
        "DTSTAMP:20261201T120000Z", "DTSTART:20261206T010000Z", "SUMMARY:Gala\\, the big one",
        "DESCRIPTION:Black tie\\; no capes.", "STATUS:CONFIRMED", "END:VEVENT", "END:VCALENDAR", ""]
    assert tokyo.do("+event/ical")[0] == "BEGIN:VCALENDAR"
