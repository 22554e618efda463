"""On PostgreSQL a fight's commit is confirmed durable off the game's loop (store/confirming.py):
while the server cannot make a commit durable, the fighter hears nothing of his attack, and his
next line waits behind it, but everyone else plays on. The server is made to hold every durable
commit the way a synchronous replica that is down does (``synchronous_standby_names`` naming a
standby that never connects); the game's own commit, made without waiting, goes through. What
the fighter is then told survives a ``kill -9``."""

from __future__ import annotations

import contextlib
import threading
import time

import pytest

from .helpers import Client, read_line, serving_with_admin
from .test_fight_e2e import ROLL_ID, Dice

psycopg = pytest.importorskip("psycopg")

ATTACK = ("[Combat] Ann Strikes Bea (Strike): OCV 8 vs DCV 3: 16 or less, rolls 18 (6 6 6): an 18 always misses.\n"
          "  Ann spends 1 END (1 for STR 10): END 19. [id]\n"
          "[Combat] Bea's Phase (DEX 10): acts.\n")


FAILED_ONCE = "1 failed login attempt on this character since you last connected (the last from 127.0.0.1)."


def _set_standbys(server_url: str, names: str) -> None:
    with psycopg.connect(server_url, autocommit=True) as db:
        if names:
            db.execute(f"ALTER SYSTEM SET synchronous_standby_names = '{names}'")
        else:
            db.execute("ALTER SYSTEM RESET synchronous_standby_names")
        db.execute("SELECT pg_reload_conf()")


def _waiting_for_standby(server_url: str) -> int:
    """How many connections wait for a synchronous standby to take their commit."""
    with psycopg.connect(server_url, autocommit=True) as db:
        return db.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'SyncRep'").fetchone()[0]


def _held_while_bystander_plays(server_url: str, bystander, name: str, *hearing) -> None:
    """Once the game waits on two held confirmations, ``bystander`` (called ``name``) still says a
    line, answered at once and heard at once by each of ``hearing``."""
    _until(lambda: _waiting_for_standby(server_url) >= 2, "held the game's confirmation")
    assert bystander.do("say Still here?", 'You say, "Still here?"\n') == 'You say, "Still here?"\n'
    for player in hearing:
        assert player.expect(f'{name} says, "Still here?"\n') == f'{name} says, "Still here?"\n'


def _until(check, what: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"never {what}"
        time.sleep(0.05)


@contextlib.contextmanager
def _commits_held(server_url: str):
    """Every durable commit on the server waits (for a standby that never comes) until the block ends."""
    probe_done = threading.Event()

    def probe() -> None:  # one durable commit, held like the game's: proves the hold is in force
        with psycopg.connect(server_url, autocommit=True) as db:
            db.execute("CREATE TEMP TABLE probe (n int)")
            db.execute("INSERT INTO probe VALUES (1)")
        probe_done.set()

    _set_standbys(server_url, "phantom")
    try:
        _until(lambda: "phantom" in _show_standbys(server_url), "saw the setting")
        threading.Thread(target=probe, daemon=True).start()
        _until(lambda: _waiting_for_standby(server_url) >= 1, "held a durable commit")
        yield
    finally:
        _set_standbys(server_url, "")
    assert probe_done.wait(20)


def _show_standbys(server_url: str) -> str:
    with psycopg.connect(server_url, autocommit=True) as db:
        return db.execute("SHOW synchronous_standby_names").fetchone()[0]


def _quiet_for(client: Client, seconds: float) -> str:
    """What ``client`` was sent over the next ``seconds`` (nothing consumed)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        client._read(deadline)
    return client.text


def test_a_held_fight_commit_stalls_neither_the_game_nor_a_bystander_and_its_answers_keep_their_order(
        tmp_path, monkeypatch, postgres_server, postgres_url):
    dice = Dice(tmp_path / "dice.txt")
    monkeypatch.setenv("CHAMPIONS_MUSH_TEST_DICE", str(dice.path))
    config = f"password_cost: 1024\ncommand_burst: 500\nstore: '{postgres_url}'\n"
    with serving_with_admin(tmp_path / "data", config) as (game, ada):
        ann, bea, cal = game.login("Ann"), game.login("Bea"), game.login("Cal")
        ann.do("+stat DEX=23", "DEX is now 23")
        for name, player in (("Ann", ann), ("Bea", bea)):
            ada.do(f"+approve/force {name}", f"{name}'s sheet is approved.")
            player.expect("Ada has approved your sheet.")
        ada.do("+combat/start", "starts fight #1 here.")
        ann.do("+combat/join", "[Combat] Ann joins the fight")
        bea.do("+combat/join", "[Combat] Bea joins the fight")
        ada.do("+combat/next", "[Combat] Ann's Phase (DEX 23): acts.")
        for player in (ann, bea, cal):
            player.expect("[Combat] Ann's Phase (DEX 23): acts.\n")

        with _commits_held(postgres_server.url):
            dice.add(6, 6, 6)  # 18 always misses (HERO 5E): no damage dice
            ann.send("+attack Bea=strike")
            ann.send("say After my swing.")
            # the game committed the attack and waits, off its loop, for the server to confirm it
            _held_while_bystander_plays(postgres_server.url, cal, "Cal", ann, bea)
            # nothing of the attack, nor of Ann's next line, is sent before it is durable
            assert "Strikes" not in _quiet_for(ann, 0.5) + _quiet_for(cal, 0.1)
            assert "After my swing" not in ann.text + bea.text + cal.text
        # the server confirms: the attack, then Ann's next line, in the order typed
        said = ROLL_ID.sub("[id]", ann.expect('You say, "After my swing."\n'))
        assert said == ATTACK + 'You say, "After my swing."\n', said
        seen = ROLL_ID.sub("[id]", bea.expect('Ann says, "After my swing."\n'))
        assert seen == ATTACK + 'Ann says, "After my swing."\n', seen

        # what Ann was told survives a kill -9 of the game
        game.kill9()
        game.start()
        ann = game.login("Ann", create=False)
        ann.send("+combat/status")
        assert read_line(ann, "[Combat] Fight #1") == "[Combat] Fight #1 run by Ada (auto): Turn 1, Segment 12, Bea's Phase."
        assert read_line(ann, "Name ").split() == ["Name", "DEX", "SPD", "STUN", "BODY", "END", "DCV", "Conditions"]
        read_line(ann, "---")
        assert read_line(ann, "Ann ").split() == ["Ann", "23", "3", "20/20", "10/10", "19/20", "8", "-"]


def test_a_held_commit_of_a_command_outside_a_fight_stalls_nobody_and_is_answered_once_durable(
        tmp_path, postgres_server, postgres_url):
    """Any command that writes (here ``+finger/set``) joins the turn's group commit: its answer
    waits for the confirmation, and so does the writer's next line, while a bystander plays on."""
    config = f"password_cost: 1024\ncommand_burst: 500\nstore: '{postgres_url}'\n"
    with serving_with_admin(tmp_path / "data", config) as (game, _ada):
        ann, cal = game.login("Ann"), game.login("Cal")
        cal.do("say Ready.", 'You say, "Ready."\n')  # what the logins said, read
        ann.expect('Cal says, "Ready."\n')
        with _commits_held(postgres_server.url):
            ann.send("+finger/set quote=Stand back, citizens!")
            ann.send("say After my quote.")
            _held_while_bystander_plays(postgres_server.url, cal, "Cal", ann)
            assert "Quote set." not in _quiet_for(ann, 0.5)
            assert "After my quote" not in ann.text + cal.text
        said = ann.expect('You say, "After my quote."\n')
        assert said == 'Quote set.\nYou say, "After my quote."\n', said
        assert cal.expect('Ann says, "After my quote."\n') == 'Ann says, "After my quote."\n'

        game.kill9()
        game.start()
        ann = game.login("Ann", create=False)
        ann.send("+finger Ann")
        assert read_line(ann, "Quote:") == "Quote:          Stand back, citizens!"


def test_held_logins_stall_nobody_are_answered_once_durable_and_survive_kill9(tmp_path, postgres_server, postgres_url):
    """A login's writes (a new account; a connect's last login, its failed tries forgotten) join
    the turn's group commit: the welcome, the room's "has connected" and the player's next line
    wait for the confirmation, while a bystander plays on."""
    config = f"password_cost: 1024\ncommand_burst: 500\nstore: '{postgres_url}'\n"
    with serving_with_admin(tmp_path / "data", config) as (game, _ada):
        cal = game.login("Cal")
        game.login("Bob").do("QUIT", "Goodbye!")
        wrong = game.client()
        wrong.expect("QUIT")
        assert wrong.do("connect Bob nope", "wrong.\n").endswith("Either that name does not exist or the password is wrong.\n")
        bob, dee = game.client(), game.client()
        bob.expect("QUIT")
        dee.expect("QUIT")
        cal.do("say Ready.", 'You say, "Ready."\n')
        with _commits_held(postgres_server.url):
            bob.send("connect Bob secret1")
            bob.send("say Back.")
            dee.send("create Dee secret1")
            _held_while_bystander_plays(postgres_server.url, cal, "Cal")
            assert "Welcome" not in _quiet_for(bob, 0.5) + _quiet_for(dee, 0.1)
            assert "connected" not in _quiet_for(cal, 0.1)
        said = bob.expect('You say, "Back."\n').rsplit("=" * 78 + "\n", 1)[1]  # after the connect screen
        lines = [line for line in said.splitlines() if line != "Dee has connected."]  # (Dee may come in first)
        assert lines[0] == "Welcome to Champions MUSH, Bob!" and lines[3] in ("Contents: Ada, Cal", "Contents: Ada, Cal, Dee")
        assert lines[1:3] + lines[4:] == ["Hero Plaza", "The heart of the city. Heroes gather here.",
                                          FAILED_ONCE, 'You say, "Back."'], said
        dee.expect("Welcome to Champions MUSH, Dee!\nHero Plaza")
        arrived = cal.expect('Bob says, "Back."\n')
        assert arrived.count("Bob has connected.\n") == 1 and arrived.index("Bob has connected.") < arrived.index(
            'Bob says, "Back."'), arrived
        if "Dee has connected." not in arrived:
            cal.expect("Dee has connected.\n")

        # the new account and the forgotten failed tries survive a kill -9 of the game
        game.kill9()
        game.start()
        game.login("Dee", create=False)
        bob = game.client()
        bob.expect("QUIT")
        bob.send("connect Bob secret1")
        bob.send("say Again.")
        said = bob.expect('You say, "Again."\n')
        assert "failed login" not in said, said


def test_a_held_staff_command_stalls_nobody_its_notice_waits_too_and_it_survives_kill9(
        tmp_path, postgres_server, postgres_url):
    """``@set`` (a role, and the staff log) joins the turn's group commit: the admin's answer,
    her next line and the notice to the player made staff come after the confirmation, while a
    bystander plays on."""
    config = f"password_cost: 1024\ncommand_burst: 500\nstore: '{postgres_url}'\n"
    with serving_with_admin(tmp_path / "data", config) as (game, ada):
        ann, bob = game.login("Ann"), game.login("Bob")
        ann.do("say Ready.", 'You say, "Ready."\n')
        for player in (ada, bob):
            player.expect('Ann says, "Ready."\n')
        with _commits_held(postgres_server.url):
            ada.send("@set Bob=staff")
            ada.send("say Done.")
            _held_while_bystander_plays(postgres_server.url, ann, "Ann", ada)
            assert "staff" not in _quiet_for(ada, 0.5) + _quiet_for(bob, 0.1)
            assert "Done" not in ann.text + bob.text
        assert ada.expect('You say, "Done."\n') == 'Bob is now staff.\nYou say, "Done."\n'
        seen = bob.expect('Ada says, "Done."\n')
        assert seen == 'Ann says, "Still here?"\nAda made you staff.\nAda says, "Done."\n', seen

        game.kill9()
        game.start()
        bob = game.login("Bob", create=False)
        bob.send("@wall Staff now.")  # a staff command: Bob's role was kept
        assert read_line(bob, "[Announcement]") == "[Announcement] Bob: Staff now."
