"""Password hashing in helper processes (net/hasher.py): answers, a helper dying or stalling,
and a login while it does."""

import signal
import sys

import pytest

from champions_mush.game.accounts import Accounts, decoy_hash, hash_password, password_work, verify_password
from champions_mush.net.hasher import HashHelperError, HashHelpers

from ..harness import make_world

FAILED = "The game could not check that password just now; please try again."


@pytest.fixture
def helpers():
    pool = HashHelpers()
    yield pool
    pool.stop()


def test_a_helper_hashes_and_verifies_in_the_stored_format(helpers):
    stored = helpers.compute(("hash", "secret1", 16))
    assert stored.startswith("scrypt$16$8$1$")
    assert verify_password("secret1", stored) and not verify_password("secret2", stored)
    assert helpers.compute(("verify", "secret1", hash_password("secret1", 16))) is True
    assert helpers.compute(("verify", "secret2", stored)) is False
    assert helpers.compute(("verify", "secret1", "not a hash")) is False


def test_one_helper_is_kept_and_reused(helpers):
    helpers.compute(("hash", "secret1", 16))
    first = helpers._idle[0].proc.pid
    helpers.compute(("hash", "secret1", 16))
    assert [h.proc.pid for h in helpers._idle] == [first]


def test_a_helper_found_dead_is_started_again(helpers):
    helpers.compute(("hash", "secret1", 16))
    dead = helpers._idle[0].proc
    dead.send_signal(signal.SIGKILL)
    dead.wait()
    assert helpers.compute(("verify", "x", decoy_hash(16))) is False
    assert helpers._idle[0].proc.pid != dead.pid


def test_a_helper_dying_during_a_request_fails_it_and_the_next_works():
    dies = HashHelpers(command=(sys.executable, "-c", "import sys; sys.stdin.readline()"))
    with pytest.raises(HashHelperError, match="exited"):
        dies.compute(("hash", "secret1", 16))
    assert dies._idle == []
    dies.command = HashHelpers().command
    assert dies.compute(("verify", "secret1", hash_password("secret1", 16))) is True
    dies.stop()


def test_a_stalled_helper_is_killed_after_the_timeout():
    stalls = HashHelpers(command=(sys.executable, "-c", "import sys, time; sys.stdin.readline(); time.sleep(60)"),
                         timeout=0.3)
    with pytest.raises(HashHelperError, match="no answer in 0.3 s"):
        stalls.compute(("hash", "secret1", 16))
    assert stalls._idle == []


def test_a_request_the_helper_cannot_answer_is_an_error_not_a_hang(helpers):
    with pytest.raises(HashHelperError, match="KeyError"):
        helpers.compute(("unheard of", 1))
    with pytest.raises(HashHelperError, match="UnicodeEncodeError"):
        helpers.compute(("hash", "\ud800", 16))
    assert helpers.compute(("verify", "secret1", hash_password("secret1", 16))) is True


def test_password_work_answers_in_process():
    assert password_work(("verify", "secret1", hash_password("secret1", 16))) is True
    assert not verify_password("anything", decoy_hash(16))


def test_a_login_while_the_helper_is_down_gets_a_clear_line_then_works():
    world = make_world()
    world.guest().do("create Alice secret1")
    accounts = Accounts.of(world.game)
    broken = HashHelpers(command=(sys.executable, "-c", "pass"))
    accounts.compute = broken.compute
    guest = world.guest()
    assert guest.do("connect Alice secret1") == [FAILED]
    assert guest.character_id is None
    working = HashHelpers()
    accounts.compute = working.compute
    out = guest.do("connect Alice secret1")
    assert out[0] == "Welcome to Champions MUSH, Alice!"
    assert guest.character_id == world.game.find_character("Alice").id
    working.stop()
