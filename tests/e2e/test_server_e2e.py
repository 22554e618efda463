"""The real server over real TCP: accounts, talk, channels, staff refusals, crash safety, shutdown."""

from __future__ import annotations

import pytest

from champions_mush.commands.base import Role
from champions_mush.commands.table import build_table

from .helpers import Server, serving_with_admin

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # a burst big enough for the permission sweep below (dozens of staff commands at once)
    with Server(tmp_path_factory.mktemp("game"), "password_cost: 1024\ncommand_burst: 500\n") as running:
        yield running


def test_two_players_create_connect_talk_page_and_quit(server):
    alice = server.login("Alice")
    bob = server.login("Bob")
    alice.expect("Bob has connected.")
    alice.send("say Hello, Bob.")
    alice.expect('You say, "Hello, Bob."')
    bob.expect('Alice says, "Hello, Bob."')
    bob.send(":waves.")
    alice.expect("Bob waves.")
    bob.send("page Alice=Psst.")
    bob.expect("You paged Alice with 'Psst.'.")
    alice.expect("Bob pages: Psst.")
    alice.send("reply Yes?")
    bob.expect("Alice pages: Yes?")
    who = bob.do("WHO", "players connected.")
    assert "Alice " in who and "Bob " in who and who.endswith("2 players connected.")
    bob.send("QUIT")
    assert bob.wait_closed().endswith("Goodbye! Come back soon.\n")
    alice.expect("Bob has disconnected.")
    alice.send("QUIT")
    alice.wait_closed()


def test_connect_again_with_the_password_and_a_wrong_one(server):
    server.login("Carol", "pass1234").send("QUIT")
    guest = server.client()
    guest.expect("QUIT")
    guest.send("connect Carol wrong999")
    guest.expect("Either that name does not exist or the password is wrong.")
    guest.send("connect carol pass1234")
    guest.expect("Welcome to Champions MUSH, Carol!")
    guest.send("QUIT")


def test_a_login_line_sent_the_moment_the_socket_opens(server):
    server.login("Dana", "pass1234").send("QUIT")
    client = server.client()
    client.send("connect Dana pass1234")  # before the connect screen arrives
    client.expect("Welcome to Champions MUSH, Dana!")
    client.send("QUIT")


def test_channels_across_rooms(server):
    erin = server.login("Erin")
    finn = server.login("Finn")
    erin.send("pub Anyone for a patrol?")
    finn.expect("[Public] Erin: Anyone for a patrol?")
    finn.send("addcom chat=Public")
    finn.expect("Channel Public added with alias 'chat'.")
    finn.send("chat who")
    assert finn.expect("Finn").endswith("On Public: Erin, Finn")
    finn.send("pub last 1")
    finn.expect("[Public] Erin: Anyone for a patrol?")
    finn.send("comlist")
    finn.expect("chat")
    erin.send("QUIT")
    finn.send("QUIT")


def test_a_player_is_refused_every_staff_command(server):
    gail = server.login("Gail")
    staff = sorted({c.key for c in build_table().commands if c.role >= Role.STAFF})
    assert len(staff) >= 10
    for key in staff:
        gail.send(f"{key} Gail=admin")
        gail.expect("Permission denied.")
    gail.send("look")
    assert "(#" not in gail.expect("Heroes gather here.")  # still a player: no staff view
    gail.send("QUIT")


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
def test_kill_9_keeps_every_acknowledged_change_then_sigterm_shuts_down_cleanly(tmp_path, store, request):
    config = "password_cost: 1024\n"
    if store == "postgresql":
        config += f"store: '{request.getfixturevalue('postgres_url')}'\n"
    with serving_with_admin(tmp_path, config) as (game, ada):
        hank = game.login("Hank")
        hank.do("@desc me=A man in a grey coat.", "Description set.")
        hank.do("@password secret1=secret2", "Password changed.")
        hank.do("pub Remember this.", "[Public] Hank: Remember this.")
        ada.do("@dig Rooftop=Up;u,Down;d", "Exit Down opened from Rooftop back to Hero Plaza.")
        ada.do("@set Hank=staff", "Hank is now staff.")
        hank.do("u", "Rooftop")
        game.kill9()

        game.start()
        hank = game.client()
        hank.expect("QUIT")
        hank.send("connect Hank secret2")
        # still on the roof, and still staff (staff see room numbers)
        assert hank.expect("Rooftop (#").endswith("Welcome to Champions MUSH, Hank!\nRooftop (#")
        hank.do("look me", "A man in a grey coat.")
        hank.do("pub last 1", "[Public] Hank: Remember this.")
        hank.do("d", "Hero Plaza")

        assert game.terminate() == 0
        assert hank.wait_closed().endswith("*** The game is shutting down. Back soon! ***\n")
    assert "server stopped" in (tmp_path / "logs" / "server.log").read_text()


def test_admin_shutdown_tells_everyone_and_stops(tmp_path):
    with serving_with_admin(tmp_path) as (game, ada):
        ivy = game.login("Ivy")
        ada.send("@shutdown Upgrade")
        assert "Ada is shutting the game down: Upgrade." in ivy.wait_closed()
        assert game.proc.wait(10) == 0
    logs = tmp_path / "logs"
    assert "login Ivy" in (logs / "connections.log").read_text()
    assert "secret1" not in (logs / "connections.log").read_text() + (logs / "server.log").read_text()
    assert "Ada(#" in (logs / "staff.log").read_text() and "@shutdown Upgrade" in (logs / "staff.log").read_text()


def test_sigint_shuts_down_cleanly(tmp_path):
    import signal

    with Server(tmp_path) as game:
        jo = game.login("Jo")
        game.proc.send_signal(signal.SIGINT)
        assert jo.wait_closed().endswith("*** The game is shutting down. Back soon! ***\n")
        assert game.proc.wait(10) == 0
