"""The roleplay around the fights over real telnet: blocking, places, secret identities, several
heroes, teams and events, each ending with ``kill -9`` and a restart (what a player was told was
saved is there afterwards)."""

from __future__ import annotations

import pytest

from .helpers import Server, create_admin, read_line

pytestmark = pytest.mark.e2e

CONFIG = "password_cost: 1024\nconnects_per_minute: 0\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One game for the module, with Gina as its admin."""
    game = Server(tmp_path_factory.mktemp("roleplay"), CONFIG)
    create_admin(game, "Gina", "secret1")
    with game:
        yield game


@pytest.fixture(autouse=True)
def _everyone_quits(server):
    yield
    server.quit_all()


def test_a_block_stops_pages_and_mail_is_logged_and_survives_kill_9(server):
    alice, bob = server.login("Mallory"), server.login("Bobby")
    bob.send("+block Mallory=page")
    assert read_line(bob, "You block") == "You block Mallory from: page."
    bob.send("+block Mallory=mail")
    assert read_line(bob, "You block") == "You block Mallory from: page, mail."
    alice.send("page Bobby=hey")
    assert read_line(alice, "Bobby is") == "Bobby is not accepting pages from you."
    alice.send("@mail Bobby=Hi/Let me in.")
    assert read_line(alice, "Bobby is") == "Bobby is not accepting mail from you: nothing was sent."
    server.restart()
    alice, bob = server.reconnect("Mallory"), server.reconnect("Bobby")
    alice.send("page Bobby=still?")
    assert read_line(alice, "Bobby is") == "Bobby is not accepting pages from you."
    gina = server.reconnect("Gina")
    gina.send("+block/log Bobby")
    assert read_line(gina, "20")[17:] == "Bobby: block page Mallory"
    assert read_line(gina, "20")[17:] == "Bobby: block page,mail Mallory"
    bob.send("QUIT")
    bob.wait_closed()
    gina.send("page Bobby=Staff here: we saw the log.")
    assert read_line(gina, "Bobby is") == "Bobby is not connected: your page is kept and shown at their next login."
    server.restart()
    bob = server.reconnect("Bobby")
    assert read_line(bob, "[Page]") == "[Page] 1 page came while you were away:"
    assert read_line(bob, "  (").endswith(") Gina paged: Staff here: we saw the log.")


def test_three_players_at_two_places_in_one_room_survive_kill_9(server):
    gina = server.reconnect("Gina")
    gina.send("+place/create Bar=A long counter of chrome.")
    assert read_line(gina, "Place made") == "Place made here: Bar."
    gina.send("+place/create Rooftop corner")
    assert read_line(gina, "Place made") == "Place made here: Rooftop corner."
    ann, ben, cat = server.login("Ann"), server.login("Ben"), server.login("Cat")
    ann.send("+place bar")
    assert read_line(ann, "You join") == "You join the Bar. A long counter of chrome."
    ben.send("+place bar")
    read_line(ben, "You join")
    cat.send("+place roof")
    read_line(cat, "You join")
    ann.send("tt Another round?")
    assert read_line(ann, "(At the Bar)") == '(At the Bar) You say, "Another round?"'
    assert read_line(ben, "(At the Bar)") == '(At the Bar) Ann says, "Another round?"'
    cat.send("say Quiet up here.")
    read_line(cat, "You say")
    assert "Another round" not in cat.text
    server.restart()
    ann, ben, cat, gina = (server.reconnect(n) for n in ("Ann", "Ben", "Cat", "Gina"))
    gina.send("look")
    assert read_line(gina, "At the Bar:") == "At the Bar: Ann, Ben"
    assert read_line(gina, "At the Rooftop corner:") == "At the Rooftop corner: Cat"
    ben.send("tt :raises a glass.")
    assert read_line(ann, "(At the Bar)") == "(At the Bar) Ben raises a glass."
    gina.send("+place/destroy bar")
    read_line(gina, "Place removed")
    gina.send("+place/destroy roof")
    read_line(gina, "Place removed")


def test_a_hero_switching_identity_is_seen_by_it_staff_see_the_character_and_kill_9(server):
    gina = server.reconnect("Gina")
    alice, bob = server.login("Alice"), server.login("Bob")
    gina.send("+scene/start Night patrol")
    number = read_line(gina, "[Scene] Gina starts scene ").split()[4].rstrip(":")
    alice.send("+identity/add Nightshade")
    read_line(alice, "Identity Nightshade made.")
    alice.send("+identity Nightshade")
    assert read_line(alice, "You are now") == "You are now seen as Nightshade."
    alice.send("say Halt.")
    assert read_line(bob, "Nightshade says") == 'Nightshade says, "Halt."'
    assert read_line(gina, "Nightshade(Alice) says") == 'Nightshade(Alice) says, "Halt."'
    server.restart()
    gina, alice, bob = server.reconnect("Gina"), server.reconnect("Alice"), server.reconnect("Bob")
    alice.send(":bows.")
    assert read_line(bob, "Nightshade bows") == "Nightshade bows."
    assert read_line(gina, "Nightshade(Alice) bows") == "Nightshade(Alice) bows."
    gina.send("+scene/stop")
    read_line(gina, "[Scene] Gina stops")
    bob.send(f"+scene/text {number}")
    log = bob.expect(f"-- end scene {number} --")
    assert [line[8:] for line in log.splitlines() if line.startswith("[") and "[Scene]" not in line
            and "connected." not in line] == ['Nightshade says, "Halt."', "Nightshade bows."]
    assert [line for line in log.splitlines() if line.startswith("Participants:")] == [
        "Participants: Gina, Alice, Bob, Nightshade"]  # Alice was there as herself when it started
    gina.send(f"+scene/text {number}")
    assert read_line(gina, "Participants:") == "Participants: Gina, Alice, Bob, Nightshade(Alice)"
    bob.send("page nightshade=Nice cloak.")
    assert read_line(bob, "You paged") == "You paged Nightshade with 'Nice cloak.'."
    assert read_line(alice, "Bob pages") == "Bob pages: Nice cloak."
    alice.send("reply Thanks.")
    assert read_line(bob, "Nightshade pages") == "Nightshade pages: Thanks."
    gina.send("page Nightshade=Staff here.")
    assert read_line(gina, "You paged") == "You paged Nightshade(Alice) with 'Staff here.'."
    bob.send("WHO")
    who = bob.expect("players connected.").split("Player Name", 1)[1].splitlines()[1:-1]
    assert [row.split()[0] for row in who] == ["Gina", "Nightshade", "Bob"]
    gina.send("WHO")
    who = gina.expect("players connected.").split("Player Name", 1)[1].splitlines()[1:-1]
    assert [row.split()[0] for row in who] == ["Gina", "Nightshade(Alice)", "Bob"]


def test_a_player_with_two_heroes_switches_and_is_refused_a_vote_for_his_alt_after_kill_9(server):
    dick = server.login("Dick")
    wing = server.login("Wing", "wingpass")
    wing.send("QUIT")
    wing.wait_closed()
    zed = server.login("Zed")
    dick.send("+alt/link Wing=wingpass")
    assert read_line(dick, "Wing is now") == "Wing is now on your account: Dick, Wing. +alt Wing switches to it."
    server.restart()
    dick, zed = server.reconnect("Dick"), server.reconnect("Zed")
    dick.send("+alt Wing")
    assert read_line(dick, "Welcome to") == "Welcome to Champions MUSH, Wing!"
    assert read_line(zed, "Wing has") == "Wing has connected."
    assert read_line(zed, "Dick has") == "Dick has disconnected."
    dick.send("+vote Zed")
    assert read_line(dick, "You vote") == "You vote for Zed. Thank you for playing."
    other = server.reconnect("Dick")  # the same player's first hero, on a second connection
    other.send("+vote Wing")
    assert read_line(other, "Wing is") == "Wing is one of your own characters: vote for the people you played with."
    gina = server.reconnect("Gina")
    gina.send("+alt/who Dick")
    assert read_line(gina, "Dick's") == "Dick's account: Dick, Wing."


def test_a_team_with_its_channel_survives_kill_9(server):
    gina = server.reconnect("Gina")
    kory, gar, lex = server.login("Kory"), server.login("Gar"), server.login("Lex")
    gina.send("+team/create Titans=Kory")
    assert read_line(gina, "Team Titans") == "Team Titans made, led by Kory, with its channel and board."
    assert read_line(kory, "You lead") == "You lead the team Titans. Its channel is on your alias titans."
    kory.send("+team/add Titans=Gar")
    assert read_line(kory, "Gar joins") == "Gar joins Titans."
    server.restart()
    kory, gar, lex = server.reconnect("Kory"), server.reconnect("Gar"), server.reconnect("Lex")
    kory.send("titans Meeting at the tower!")
    assert read_line(gar, "[Titans]") == "[Titans] Kory: Meeting at the tower!"
    lex.send("addcom t=Titans")
    assert read_line(lex, "Only") == "Only members of Titans may join Titans."
    lex.send("+bbread Titans")
    assert read_line(lex, "There is") == "There is no board 'titans' you can read. +bbread lists them."
    assert "Meeting at the tower" not in lex.text


def test_an_event_entered_in_one_time_zone_is_shown_in_two_others_after_kill_9(server):
    nia, lon, tok = server.login("Nia"), server.login("Lon"), server.login("Tok")
    for client, zone in ((nia, "America/New_York"), (lon, "Europe/London"), (tok, "Asia/Tokyo")):
        client.send(f"+finger/set timezone={zone}")
        assert read_line(client, "Time zone") == "Time zone set."
    nia.send("+event/create Gala at the museum=2099-12-05 20:00/Black tie.")
    made = read_line(nia, "Event ")
    number = made.split()[1]
    assert made == f"Event {number} made: Gala at the museum, 2099-12-05 20:00 EST. You are signed up."
    lon.send(f"+event/signup {number}=Bringing Raven.")
    assert read_line(lon, "You are signed") == f"You are signed up for event {number}: Gala at the museum."
    server.restart()
    lon, tok = server.reconnect("Lon"), server.reconnect("Tok")
    lon.send(f"+event {number}")
    assert read_line(lon, "When:") == "When: 2099-12-06 01:00 GMT (2099-12-06 01:00 UTC)"
    tok.send(f"+event {number}")
    assert read_line(tok, "When:") == "When: 2099-12-06 10:00 JST (2099-12-06 01:00 UTC)"
    assert read_line(tok, "  Lon") == "  Lon: Bringing Raven."
    tok.send("+event/ical")
    assert read_line(tok, "DTSTART") == "DTSTART:20991206T010000Z"


def test_fugue_edit_sends_the_description_back_after_kill_9(server):
    fae = server.login("Fae")
    fae.send("@desc me=A |hbright|n figure.")
    read_line(fae, "Description set")
    server.restart()
    fae = server.reconnect("Fae")
    fae.send("+edit desc")
    assert read_line(fae, "FugueEdit > ") == "FugueEdit > @desc me=A |hbright|n figure."
