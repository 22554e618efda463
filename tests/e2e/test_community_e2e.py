"""The game between fights over real telnet: @mail, boards, requests, scenes and people, each
surviving a ``kill -9`` and restart (what a player was told was saved is there afterwards)."""

from __future__ import annotations

import pytest

from .helpers import Server, create_admin, read_line

pytestmark = pytest.mark.e2e

CONFIG = "password_cost: 1024\nconnects_per_minute: 0\nmail_quota: 2\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One game for the module, with Gina as its admin; each test uses its own characters and
    ends by killing the server with ``kill -9`` and starting it again."""
    game = Server(tmp_path_factory.mktemp("community"), CONFIG)
    create_admin(game, "Gina", "secret1")
    with game:  # starts it
        yield game


@pytest.fixture(autouse=True)
def _everyone_quits(server):
    yield
    server.quit_all()


def test_mail_to_an_offline_player_survives_kill_9_and_is_read_after_login(server):
    bob = server.login("Bob")
    bob.do("QUIT", "Goodbye!")
    alice = server.login("Alice")
    alice.send("@mail Bob=Patrol/Meet at the docks at nine.")
    assert read_line(alice, "You sent") == "You sent your message 'Patrol' to Bob."
    alice.send("@mail Bob=Second/Bring the van.")
    read_line(alice, "You sent")
    alice.send("@mail Bob=Third/One too many.")
    assert read_line(alice, "The mailbox") == "The mailbox of Bob is full (2 messages): nothing was sent."
    server.restart()
    bob = server.client()
    bob.expect("QUIT")
    bob.send("connect Bob secret1")
    assert read_line(bob, "[Mail]") == "[Mail] You have 2 unread messages. Type @mail to list them."
    bob.send("@mail 1")
    read_line(bob, "Message 1 (inbox)   From: Alice")
    assert read_line(bob, "Subject:") == "Subject: Patrol"
    bob.expect("-" * 78 + "\n")
    assert read_line(bob, "Meet") == "Meet at the docks at nine."
    bob.send("@mail")
    assert read_line(bob, "2 messages here") == "2 messages here, 1 unread. Mailbox: 2/2."


def test_a_board_post_is_counted_unread_read_and_survives_kill_9(server):
    gina = server.reconnect("Gina")
    gina.send("+bbnewgroup General=Anything goes.")
    assert read_line(gina, "Board General") == "Board General made (number 1). +bbconfig sets who reads and posts."
    dan = server.login("Dan")
    cara = server.login("Cara")
    cara.send("+bbpost General/Patrol tonight=Meet at Hero Plaza at 9pm.")
    assert read_line(cara, "You post") == "You post 'Patrol tonight' on General as 1/1."
    assert read_line(dan, "[Boards]") == "[Boards] New post on General (1/1) by Cara: Patrol tonight"
    server.restart()
    dan = server.reconnect("Dan")
    assert read_line(dan, "[Boards]") == "[Boards] 1 unread post: General (1). +bbnew reads the next."
    dan.send("+bbread 1")
    row = read_line(dan, "1/1")
    assert row.startswith("1/1   U Patrol tonight                    Cara              ")
    dan.send("+bbnew")
    assert read_line(dan, "Title:") == "Title: Patrol tonight"
    assert read_line(dan, "Meet") == "Meet at Hero Plaza at 9pm."
    server.restart()
    dan = server.reconnect("Dan")
    dan.send("+bbscan")
    assert read_line(dan, "You have") == "You have no unread posts."


def test_a_request_answered_by_staff_is_seen_after_reconnect_and_kill_9(server):
    eve = server.login("Eve")
    eve.send("+request Power change=May I swap Flight for Teleport?")
    assert read_line(eve, "Request #") == \
        "Request #1 filed: Power change. You will be told when staff answer (+request 1)."
    eve.do("QUIT", "Goodbye!")
    gina = server.reconnect("Gina")
    gina.send("+job/comment 1=Yes, at the next approval.")
    assert read_line(gina, "You answer") == "You answer #1; Eve is told."
    server.restart()
    eve = server.reconnect("Eve")
    assert read_line(eve, "[Jobs]") == "[Jobs] Staff have answered your request #1 (Power change). Type +request 1."
    eve.send("+request 1")
    assert read_line(eve, "Gina, ").endswith(":")
    assert read_line(eve, "Yes,") == "Yes, at the next approval."


def test_a_scene_logged_with_poses_and_a_roll_is_read_back_after_kill_9(server):
    frank, ivy = server.login("Frank"), server.login("Ivy")
    frank.send("+scene/start Docks at midnight")
    assert read_line(ivy, "[Scene]") == \
        "[Scene] Frank starts scene 1: Docks at midnight. Everything said here is logged until +scene/stop."
    frank.send(":steps out of the shadows.")
    read_line(ivy, "Frank steps")
    ivy.send('"Who goes there?')
    read_line(frank, "Ivy says")
    frank.send("+nd6 3")
    roll = read_line(ivy, "[Dice] Frank rolls 3d6 normal:")
    server.restart()
    frank = server.reconnect("Frank")
    frank.send("@emit Rain hammers the pier.")
    read_line(frank, "Rain")
    frank.send("+scene/stop")
    read_line(frank, "[Scene] Frank stops")
    frank.send("+scene/text 1")
    frank.expect("-- begin scene 1 --\n")
    assert read_line(frank, "Scene 1:").startswith("Scene 1: Docks at midnight -- Hero Plaza, started ")
    assert read_line(frank, "Participants:") == "Participants: Frank, Ivy"
    lines = [read_line(frank, "[")[8:] for _ in range(7)]
    assert lines == [
        "[Scene] Frank starts scene 1: Docks at midnight. Everything said here is logged until +scene/stop.",
        "Frank steps out of the shadows.",
        'Ivy says, "Who goes there?"',
        roll,
        "Frank has connected.",
        "[Frank] Rain hammers the pier.",  # an @emit names its sender in the log
        "[Scene] Frank stops scene 1: Docks at midnight. +scene/log 1 reads it back.",
    ]
    assert read_line(frank, "--") == "-- end scene 1 --"


def test_finger_where_and_staff_settings_survive_kill_9(server):
    jo, kim = server.login("Jo"), server.login("Kim")
    jo.send("+finger/set position=Team leader")
    assert read_line(jo, "Position") == "Position set."
    jo.send("+finger/set quote=Stand back, citizens!")
    read_line(jo, "Quote")
    kim.send("+where/hide")
    assert read_line(kim, "You are hidden") == "You are hidden from +where (staff still see you)."
    gina = server.reconnect("Gina")
    gina.send("+staff/duty off")
    assert read_line(gina, "You are") == "You are off duty."
    server.restart()
    jo, kim, gina = server.reconnect("Jo"), server.reconnect("Kim"), server.reconnect("Gina")
    kim.send("+finger Jo")
    assert read_line(kim, "Position:") == "Position:       Team leader"
    assert read_line(kim, "Quote:") == "Quote:          Stand back, citizens!"
    assert read_line(kim, "Last on:").startswith("Last on:        connected now, idle ")
    jo.send("+where")
    read_line(jo, "Where")
    here = read_line(jo, "Hero Plaza")
    assert here == "Hero Plaza                  Gina, Jo"
    assert read_line(jo, "1 more") == "1 more is unfindable."
    gina.send("+where")
    read_line(gina, "Where   ")
    assert read_line(gina, "Hero Plaza (#").endswith("Gina, Jo, Kim (hidden)")
    jo.send("+staff")
    read_line(jo, "Name")
    assert read_line(jo, "Gina").startswith("Gina                  admin   off duty, idle ")
