"""Password hashing, the failed-login throttle, names and site bans."""

import pytest

from champions_mush.game.accounts import (
    Accounts,
    LoginThrottle,
    hash_password,
    password_problem,
    verify_password,
)
from champions_mush.game.world import run_inline

from ..harness import FakeClock


def test_hash_is_salted_scrypt_with_its_parameters():
    first, second = hash_password("secret1", 16), hash_password("secret1", 16)
    assert first != second  # a fresh salt each time
    scheme, n, r, p, salt, key = first.split("$")
    assert (scheme, n, r, p) == ("scrypt", "16", "8", "1")
    assert verify_password("secret1", first) and verify_password("secret1", second)
    assert not verify_password("secret2", first)


def test_hash_matches_rfc_7914_scrypt():
    # the same derivation as hashlib.scrypt with a fixed salt: the stored key is that output
    import base64
    import hashlib

    stored = hash_password("pleaseletmein", 1024, salt=b"SodiumChloride")
    key = hashlib.scrypt(b"pleaseletmein", salt=b"SodiumChloride", n=1024, r=8, p=1, dklen=32)
    assert stored.split("$")[-1] == base64.b64encode(key).decode()


def test_old_hashes_keep_working_after_the_cost_changes():
    old = hash_password("secret1", 16)
    assert verify_password("secret1", old)  # N travels with the hash, not the config
    assert hash_password("secret1", 32).split("$")[1] == "32"


@pytest.mark.parametrize("stored", ["", "plain", "md5$x$y$z$a$b", "scrypt$x$8$1$AAAA$AAAA", "scrypt$16$8$1$!!$!!"])
def test_malformed_hashes_never_verify(stored):
    assert verify_password("anything", stored) is False


def test_password_rules():
    assert password_problem("abc") == "Passwords need at least 4 characters."
    assert password_problem("a b c d") == "Passwords cannot contain spaces."
    assert password_problem("x" * 129) == "Passwords may have at most 128 characters."
    assert password_problem("good1") is None


def test_throttle_counts_at_the_start_then_doubles_the_wait_and_forgets_when_quiet():
    clock = FakeClock()
    throttle = LoginThrottle(2, clock)
    assert [throttle.begin("site:a", "name:bob") for _ in range(2)] == [1, 2]
    assert throttle.wait("site:a") == 1 and throttle.wait("name:bob") == 1
    assert throttle.wait("site:b", "name:carol") == 0
    clock.advance(1)
    throttle.begin("site:a", "name:bob")
    assert throttle.wait("site:b", "name:bob") == 2  # the account waits from any address
    for _ in range(10):
        clock.advance(throttle.wait("site:a"))
        throttle.begin("site:a")
    assert throttle.wait("site:a") == LoginThrottle.MAX_DELAY  # growing, but capped
    clock.advance(LoginThrottle.WINDOW)
    assert throttle.wait("site:a") == 0 and throttle.begin("site:a") == 1  # quiet: starts again
    throttle.succeeded("site:a", "name:bob")
    assert throttle.wait("site:a", "name:bob") == 0


def test_throttle_remembers_at_most_max_keys():
    clock = FakeClock()
    throttle = LoginThrottle(5, clock)
    for i in range(LoginThrottle.MAX_KEYS + 50):
        throttle.begin(f"name:n{i}")
    assert len(throttle._tries) == LoginThrottle.MAX_KEYS
    assert throttle.wait(f"name:n{LoginThrottle.MAX_KEYS + 49}") == 0


def test_create_rechecks_the_name_after_hashing(world):
    accounts = Accounts.of(world.game)
    pending = []
    world.game.run_blocking = lambda func, callback, errback=None: pending.append((func, callback))
    results = []
    accounts.create("Alice", "secret1", lambda c, e: results.append((c, e)))
    accounts.create("alice", "secret2", lambda c, e: results.append((c, e)))
    for func, callback in pending:
        callback(func())
    assert results[0][0].name == "Alice" and results[0][1] is None
    assert results[1] == (None, "That name is already taken.")


def test_hashing_failure_is_reported_not_raised(world):
    accounts = Accounts.of(world.game)

    def broken(func, callback, errback=None):
        errback(MemoryError("scrypt"))

    world.game.run_blocking = broken
    results = []
    accounts.create("Alice", "secret1", lambda c, e: results.append((c, e)))
    assert results == [(None, "The game could not check that password just now; please try again.")]
    assert world.game.find_character("Alice") is None


def test_run_inline_calls_back_or_errs_back():
    got = []
    run_inline(lambda: 2 + 2, got.append)
    run_inline(lambda: 1 / 0, got.append, lambda exc: got.append(type(exc).__name__))
    assert got == [4, "ZeroDivisionError"]
    with pytest.raises(ZeroDivisionError):
        run_inline(lambda: 1 / 0, got.append)


def test_npcs_cannot_log_in(world):
    npc = world.game.new_character("Viper Agent", password_hash=hash_password("x1234", 16), npc=True)
    results = []
    Accounts.of(world.game).authenticate("1.1.1.1", npc.name, "x1234", lambda c, e: results.append((c, e)))
    assert results == [(None, Accounts.WRONG_LOGIN)]


def test_bans_are_stored_patterns(world):
    accounts = Accounts.of(world.game)
    accounts.ban("10.0.*", "trouble")
    assert world.store.get("ban", "10.0.*")["reason"] == "trouble"
    assert accounts.is_banned("10.0.3.4") and not accounts.is_banned("10.1.0.1")
    assert accounts.unban("10.0.*") and not accounts.unban("10.0.*")
