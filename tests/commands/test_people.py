"""People: +finger with fields a player sets, last on and idle; +where with an opt-out staff see
through; +staff with who is on duty."""

from champions_mush.commands.base import Role
from champions_mush.commands.dispatch import PERMISSION_DENIED

WHEN = "1970-01-12 13:46"


def test_finger_fields_are_set_shown_and_cleared(world):
    alice, bob = world.login("Alice"), world.login("Bob")
    assert alice.do("+finger/set position=Team leader") == ["Position set."]
    assert alice.do("+finger/set tz=America/New_York") == [
        "The fields are alias, position, timezone, rp, quote: +finger/set <field>=<text>"]
    assert alice.do("+finger/set time=America/New_York") == ["Time zone set."]
    assert alice.do("+finger/set rp=Action,   mystery") == ["RP preferences set."]
    assert alice.do("+finger/set quote=Stand back, citizens!") == ["Quote set."]
    world.clock.advance(180)
    assert bob.do("+finger alice") == [
        "-" * 35 + " Alice " + "-" * 36,
        "Position:       Team leader",
        "Time zone:      America/New_York",
        "RP preferences: Action, mystery",
        "Quote:          Stand back, citizens!",
        "Last on:        connected now, idle 3m",
        "-" * 78,
    ]
    assert alice.do("+finger/set quote=") == ["Quote cleared."]
    assert "Quote:" not in " ".join(bob.do("+finger Alice"))
    assert alice.do(f"+finger/set alias={'x' * 31}") == ["Alias may be at most 30 characters."]
    assert alice.do("+finger/set alias") == [
        "Usage: +finger/set <field>=<text>  (fields: alias, position, timezone, rp, quote)"]


def test_finger_of_an_offline_player_shows_when_they_were_last_on(world, alice):
    carl = world.game.new_character("Carl")
    assert alice.do("+finger Carl")[1] == "Last on:        never"
    carl.last_login = world.clock()
    world.game.save_character(carl)
    assert alice.do("+finger Carl")[1] == f"Last on:        {WHEN}"
    assert alice.do("+finger Zed") == ["There is no player called 'Zed'."]
    assert alice.do("+finger")[1:3] == ["Last on:        connected now, idle 0s",
                                        ("Set your details with +finger/set <field>=<text> "
                                        "(alias, position, timezone, rp, quote).")]


def test_where_lists_rooms_and_hides_the_unfindable_from_players_not_staff(world):
    alice, _bob, carol = world.login("Alice"), world.login("Bob"), world.login("Carol")
    gina = world.login("Gina", role=Role.STAFF)
    docks = world.game.new_room("Docks")
    world.game.move_character(carol.character, docks)
    assert alice.do("+where") == ["Where                       Who", "Docks                       Carol",
                                  "Hero Plaza                  Alice, Bob, Gina"]
    assert carol.do("+where/hide") == ["You are hidden from +where (staff still see you)."]
    assert alice.do("+where") == ["Where                       Who", "Hero Plaza                  Alice, Bob, Gina",
                                  "1 more is unfindable."]
    assert gina.do("+where") == ["Where                       Who", f"Docks (#{docks})" + " " * (28 - len(f"Docks (#{docks})"))
                                 + "Carol (hidden)", "Hero Plaza (#1)             Alice, Bob, Gina"]
    assert carol.do("+where/show") == ["+where shows you again."]
    assert alice.do("+where")[1] == "Docks                       Carol"


def test_staff_lists_staff_with_duty_and_only_staff_change_duty(world, alice):
    gina = world.login("Gina", role=Role.STAFF)
    world.login("Ada", role=Role.ADMIN)
    hal = world.game.new_character("Hal", role=int(Role.STAFF))
    assert alice.do("+staff/duty off") == [PERMISSION_DENIED]
    assert gina.do("+staff/duty off") == ["You are off duty."]
    assert gina.do("+staff/duty maybe") == ["Usage: +staff/duty on|off  (you are off duty now)"]
    assert alice.do("+staff") == [
        "Name                  Role    Status",
        "Ada                   admin   on duty, idle 0s",
        "Gina                  staff   off duty, idle 0s",
        "Hal                   staff   offline",
        "Staff on duty answer questions and +request jobs.",
    ]
    assert hal.name == "Hal"
