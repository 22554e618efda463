"""Password hashing, the failed-login throttle, names and site bans."""

import base64
import hashlib

import pytest

from champions_mush.game.accounts import (
    Accounts,
    LoginThrottle,
    hash_password,
    needs_rehash,
    password_problem,
    verify_password,
)
from champions_mush.game.world import run_inline

from ..harness import FakeClock


def test_hash_is_salted_argon2id_in_a_phc_string_with_its_parameters():
    first, second = hash_password("secret1", 16), hash_password("secret1", 16)
    assert first != second  # a fresh salt each time
    _, scheme, version, params, salt, key = first.split("$")
    assert (scheme, version, params) == ("argon2id", "v=19", "m=16,t=3,p=1")
    assert len(_unb64(salt)) == 16 and len(_unb64(key)) == 32
    assert verify_password("secret1", first) and verify_password("secret1", second)
    assert not verify_password("secret2", first)


def _unb64(text):  # the PHC string's base64 drops its padding
    return base64.b64decode(text + "=" * (-len(text) % 4))


def test_reference_argon2id_hash_verifies():
    # phc-winner-argon2 src/test.c: Argon2id v1.3, t=2, m=256 KiB, p=1, "password" / "somesalt"
    reference = "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4"
    assert verify_password("password", reference)
    assert not verify_password("passwore", reference)


def test_a_given_salt_is_the_one_stored():
    stored = hash_password("pleaseletmein", 16, salt=b"SodiumChloride!!")
    assert _unb64(stored.split("$")[4]) == b"SodiumChloride!!"
    assert stored == hash_password("pleaseletmein", 16, salt=b"SodiumChloride!!")


def _legacy_scrypt(password, n=16, salt=b"SodiumChloride"):
    """A hash as the game stored them before Argon2id: ``scrypt$N$r$p$salt$key`` (RFC 7914)."""
    key = hashlib.scrypt(password.encode(), salt=salt, n=n, r=8, p=1, dklen=32)
    return f"scrypt${n}$8$1${base64.b64encode(salt).decode()}${base64.b64encode(key).decode()}"


def test_legacy_scrypt_hashes_still_verify():
    old = _legacy_scrypt("pleaseletmein", 1024)
    assert verify_password("pleaseletmein", old)
    assert not verify_password("pleaseletmeim", old)


def test_old_hashes_keep_working_after_the_cost_changes():
    old = hash_password("secret1", 16)
    assert verify_password("secret1", old)  # the memory travels with the hash, not the config
    assert "$m=32,t=3,p=1$" in hash_password("secret1", 32)


def test_weaker_hashes_need_a_rehash_stronger_ones_do_not():
    assert needs_rehash(_legacy_scrypt("secret1"), 8)
    assert needs_rehash(hash_password("secret1", 16), 32)
    assert not needs_rehash(hash_password("secret1", 32), 32)
    assert not needs_rehash(hash_password("secret1", 64), 32)  # lowering the cost keeps stronger ones
    reference_t2 = "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4"
    assert needs_rehash(reference_t2, 16)  # fewer passes than ours
    argon2i = "$argon2i$v=19$m=256,t=2,p=1$c29tZXNhbHQ$iekCn0Y3spW+sCcFanM2xBT63UP2sghkUoHLIUpWRS8"
    assert verify_password("password", argon2i) and needs_rehash(argon2i, 16)


@pytest.mark.parametrize("stored", [
    "", "plain", "md5$x$y$z$a$b", "scrypt$x$8$1$AAAA$AAAA", "scrypt$16$8$1$!!$!!", "scrypt$3$8$1$AAAA$AAAA",
    "$argon2id$", "$argon2id$v=19$m=16,t=3,p=1$AAAA$AAAA", "$argon2id$v=19$m=4,t=3,p=1$c29tZXNhbHQ$AAAA",
    "$argon2id$v=19$m=16,t=0,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4",
    "$argon2x$v=19$m=256,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4",
])
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


def test_freed_memory_is_released_when_the_last_queued_hash_is_done(world):
    accounts = Accounts.of(world.game)
    pending, released = [], []
    world.game.run_blocking = lambda func, callback, errback=None: pending.append((func, callback, errback))
    world.game.release_memory = lambda: released.append(len(pending))
    results = []
    accounts.create("Alice", "secret1", lambda c, e: results.append(e), owner=1)
    accounts.create("Bruno", "secret2", lambda c, e: results.append(e), owner=2)
    accounts.create("Chloe", "secret3", lambda c, e: results.append(e), owner=3)
    func, callback, _ = pending.pop(0)
    callback(func())
    func, callback, _ = pending.pop(0)
    callback(func())
    assert released == []  # one hash still queued
    _, _, errback = pending.pop(0)
    errback(MemoryError("argon2"))  # the last one, even failed, ends the burst
    assert released == [0]
    assert results == [None, None, "The game could not check that password just now; please try again."]


def test_hashing_failure_is_reported_not_raised(world):
    accounts = Accounts.of(world.game)

    def broken(func, callback, errback=None):
        errback(MemoryError("argon2"))

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


def _queued(world):
    """Password checks held until the test runs them, as the thread pool would answer them."""
    pending = []
    world.game.run_blocking = lambda func, callback, errback=None: pending.append((func, callback))
    return pending


def _answer_all(pending):
    while pending:
        func, callback = pending.pop(0)
        callback(func())


def test_the_limit_counts_tries_by_the_character_reached(world):
    bob = world.game.new_character("Bob", password_hash=hash_password("bobpass1", 16))
    accounts = Accounts.of(world.game)
    results = []
    for n, name in enumerate(["#2", "#02", "#002", "#0002", "#00002", "#000002"]):
        assert world.game.find_character(name) is bob
        accounts.authenticate(f"10.0.0.{n}", name, "wrong", lambda c, e: results.append(e))
    assert results == [Accounts.WRONG_LOGIN] * 5 + ["Too many failed logins: try again in 1 second."]


def test_eight_right_passwords_at_once_from_one_address_all_get_in(world):
    bob = world.game.new_character("Bob", password_hash=hash_password("bobpass1", 16))
    pending = _queued(world)
    accounts = Accounts.of(world.game)
    results = []
    for n in range(8):
        accounts.authenticate("1.1.1.1", "Bob", "bobpass1", lambda c, e: results.append((c, e)), owner=n)
    assert len(pending) == 5 and results == []  # three wait for the five being checked
    _answer_all(pending)
    assert results == [(bob, None)] * 8


def test_a_storm_from_one_address_looks_at_each_held_try_only_when_its_turn_may_have_come(world, monkeypatch):
    """200 right passwords at once behind one address: each answer lets the next few held tries
    start, oldest first, without a pass over all of them (200 x 200 limit checks before)."""
    stored = hash_password("bobpass1", 16)
    names = [world.game.new_character(f"Storm{n}", password_hash=stored).name for n in range(200)]
    pending = _queued(world)
    accounts = Accounts.of(world.game)
    looks, wait = [], LoginThrottle.wait
    monkeypatch.setattr(LoginThrottle, "wait", lambda self, *keys: looks.append(keys) or wait(self, *keys))
    results = []
    for n, name in enumerate(names):
        accounts.authenticate("192.0.2.1", name, "bobpass1", lambda c, e: results.append((c.name, e)), owner=n)
    assert len(pending) == 5
    _answer_all(pending)
    assert results == [(name, None) for name in names]  # in the order they came
    assert len(looks) < 4 * len(names)


def test_wrong_passwords_at_once_still_wait_after_the_free_tries(world):
    world.game.new_character("Bob", password_hash=hash_password("bobpass1", 16))
    pending = _queued(world)
    accounts = Accounts.of(world.game)
    results = []
    for n in range(8):
        accounts.authenticate("1.1.1.1", "Bob", f"wrong{n}", lambda c, e: results.append(e), owner=n)
    _answer_all(pending)
    assert sorted(results) == [Accounts.WRONG_LOGIN] * 5 + ["Too many failed logins: try again in 1 second."] * 3
