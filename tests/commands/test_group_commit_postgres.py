"""On PostgreSQL the turn's fight commit is confirmed durable on a thread of its own
(store/confirming.py): the game's loop goes on, and what the commands said is sent, and their
players' next lines read, only once the server confirms it (game/unit.py, ``Group``). Run on a
real PostgreSQL server; the game's thread here is the test's, running what is handed back."""

import json
import queue

import pytest

from .test_group_commit import ANN_MISSES, BEA_RECOVERS, MISS, _seen, ann_and_bea_fight_eel

psycopg = pytest.importorskip("psycopg")


@pytest.fixture
def turn(postgres_url):
    """Ann (DEX 23) and Bea (DEX 20) fight Eel on PostgreSQL; Ann's Phase; commits per turn,
    confirmed later: ``handed`` holds what the confirming thread hands back to the game."""
    from champions_mush.store.postgres import PostgresStore

    store = PostgresStore(postgres_url)
    world, ann, bea = ann_and_bea_fight_eel(store)
    handed: queue.Queue = queue.Queue()
    store.hand_back = handed.put
    world.game.group_commits(lambda: None)
    yield world, store, ann, bea, handed
    store.close()


def _fight_elsewhere(url: str, room: int) -> dict:
    """The fight as another connection reads it."""
    with psycopg.connect(url) as other:
        (data,) = other.execute("SELECT data FROM docs WHERE kind='combat' AND key=%s", (str(room),)).fetchone()
    return json.loads(data)


def test_the_turn_is_told_once_the_server_confirms_it_and_its_players_wait_meanwhile(turn, postgres_url):
    world, _, ann, bea, handed = turn
    room = ann.character.location
    world.set_dice(*MISS, 1, 1, 1)
    ann.clear()
    bea.clear()
    assert ann.do("+attack Eel=strike") == []
    assert bea.do("+recover") == []
    assert ann.busy and bea.busy  # their next lines wait (answers in order)
    world.game.end_turn()  # committed, not waited for: nothing said yet
    assert (ann.lines, bea.lines) == ([], [])
    assert _fight_elsewhere(postgres_url, room)["current"] == world.game.find_character("Eel").id
    handed.get(timeout=20)()  # the confirmation, run on the game's thread
    assert _seen(ann.lines[-5:]) == ANN_MISSES + BEA_RECOVERS
    assert _seen(bea.lines[-5:]) == ANN_MISSES + BEA_RECOVERS
    assert not (ann.busy or bea.busy)


def test_a_confirmation_the_server_cannot_give_tells_each_player(turn):
    world, store, ann, bea, handed = turn
    world.set_dice(*MISS, 1, 1, 1)
    ann.do("+attack Eel=strike")
    bea.do("+recover")
    store.url = "postgresql://nobody@/nowhere?host=/nonexistent"  # the server is gone for the confirmer
    world.game.end_turn()
    handed.get(timeout=20)()
    unsure = ["The game could not confirm that was saved: look before you do it again. Staff have been told.",
              ("[Storage] The game cannot save right now: you can log in, look around and read, but nothing you "
               "change will be kept. Staff have been told.")]
    assert ann.lines[-2:] == unsure  # committed on the server, not confirmed durable: not known
    assert bea.lines[-2:] == unsure[::-1]  # the whole game heard the notice with Ann's
    assert "Strikes" not in ann.text and "recovers" not in bea.text
    assert not (ann.busy or bea.busy)


def test_a_write_outside_a_fight_joins_the_turn_and_is_answered_once_confirmed(turn, postgres_url):
    """Every command that writes goes the fights' way (commands/recording.py ``held``): its
    reads see its own writes, its answer and its player's next line wait for the confirmation."""
    world, _, ann, bea, handed = turn
    ann.clear()
    assert ann.do("+finger/set quote=Stand back, citizens!") == []
    assert ann.busy
    assert bea.do("say Still here?") == ['You say, "Still here?"']  # wrote nothing: answered at once
    world.game.end_turn()
    assert ann.lines == ['Bea says, "Still here?"']
    with psycopg.connect(postgres_url) as other:  # committed (not yet confirmed durable)
        (data,) = other.execute("SELECT data FROM docs WHERE kind='character' AND key=%s",
                                (str(ann.character.id),)).fetchone()
    assert json.loads(data)["settings"]["finger"]["quote"] == "Stand back, citizens!"
    handed.get(timeout=20)()
    assert ann.lines[-1:] == ["Quote set."]  # read back its own write: set, not cleared
    assert not ann.busy


def test_a_new_account_is_saved_in_the_turn_and_welcomed_once_confirmed(turn, postgres_url):
    """Work outside a command (here the password check's answer: game/accounts.py) goes the
    same way (``Game.held``): the connection is attached and welcomed, and the room told,
    only once the new account is durable."""
    world, _, ann, _, handed = turn
    dee = world.guest()
    assert dee.do("create Dee secret1") == []
    assert dee.busy and dee.character_id is None
    world.game.end_turn()
    with psycopg.connect(postgres_url) as other:  # committed (not yet confirmed durable)
        assert other.execute("SELECT count(*) FROM docs WHERE kind='character' AND data LIKE %s",
                             ('%"name": "Dee"%',)).fetchone() == (1,)
    ann.clear()
    assert dee.lines == [] and ann.lines == []
    handed.get(timeout=20)()
    assert dee.lines[0] == "Welcome to Champions MUSH, Dee!"
    assert ann.lines == ["Dee has connected."]
    assert dee.character.name == "Dee" and not dee.busy


def test_a_notice_to_another_player_waits_with_the_answer(turn):
    """``@mail``'s notice to its recipient goes through ``Game.deliver``: held with the
    sender's answer until the confirmation."""
    world, _, ann, bea, handed = turn
    ann.clear()
    bea.clear()
    assert ann.do("@mail Bea=Patrol/Meet at the docks at nine.") == []
    world.game.end_turn()
    assert bea.lines == []
    handed.get(timeout=20)()
    assert ann.lines == ["You sent your message 'Patrol' to Bea."]
    assert bea.lines == ["[Mail] You have new mail (#1) from Ann: Patrol"]


def test_a_login_whose_confirmation_cannot_be_given_is_told_and_not_attached(turn):
    """The answer of a password check made on a thread (as the server's are) runs outside any
    command: when the server cannot confirm its commit, its connection is told nothing was kept,
    and it never was attached to the character."""
    world, store, _, _, handed = turn
    answers: list = []
    world.game.run_blocking = lambda work, done, failed=None: answers.append((work, done))
    dee = world.guest()
    assert dee.do("create Dee secret1") == []
    work, done = answers.pop()
    done(work())  # the hash thread's answer, on the game's thread, between commands
    assert dee.lines == [] and dee.busy
    store.url = "postgresql://nobody@/nowhere?host=/nonexistent"  # the server is gone for the confirmer
    world.game.end_turn()
    handed.get(timeout=20)()
    assert dee.lines == [("The game could not confirm that was saved: look before you do it again. "
                          "Staff have been told.")]
    assert dee.character_id is None and not dee.busy
    assert dee.do("create Dee secret1") == ["That name is already taken."]  # the server has the account
