"""Accounts: password hashing, creating and checking characters, failed-login throttle, site bans.

Passwords are hashed with Argon2id (RFC 9106; OWASP's first choice for password storage) by
``argon2-cffi``, stored as the standard PHC string ``$argon2id$v=19$m=...,t=...,p=...$salt$hash``
so the parameters travel with the hash. ``hashlib`` is never imported for it: that would map
OpenSSL's libcrypto into the game's process (3.3 MB; docs/performance.md, "Memory"). Hashes
made before, ``scrypt$N$r$p$salt$key`` (RFC 7914), still verify, and are replaced by Argon2id at
their owner's next login. A hash takes tens of milliseconds, so the game never computes one
itself: it hands the work to ``game.run_blocking(func, callback)``, which the network layer
points at a thread pool (``deferToThread``; cffi releases the GIL while it hashes) and tests
leave inline. Nothing here imports Twisted.
"""

from __future__ import annotations

import base64
import fnmatch
import logging
import math
import os
from collections import Counter, deque
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import argon2

from ..store.base import StoreError
from ..values import define
from .objects import valid_name
from .speech import name_key
from .storage import StorageHealth

if TYPE_CHECKING:
    from .objects import Character
    from .session import Session
    from .world import Game

__all__ = [
    "Accounts",
    "BAN_KIND",
    "LoginThrottle",
    "hash_password",
    "needs_rehash",
    "verify_password",
]

log = logging.getLogger("champions_mush.login")

T = TypeVar("T")

#: the store kind holding site bans (the shell's ``champions-mush unban`` reads it too)
BAN_KIND = "ban"

#: Argon2id passes over memory and lanes (RFC 9106 §4; OWASP's table pairs t=3 with 12 MiB and
#: more); the memory, in KiB, is the config's ``password_cost``.
_TIME_COST = 3
_PARALLELISM = 1
_SALT_BYTES = 16
_KEY_BYTES = 32
#: Legacy scrypt hashes: scrypt refuses to use more memory than this (N=2**16, r=8 needs 64 MiB).
_SCRYPT_MAXMEM = 128 * 1024 * 1024
_SCRYPT_PREFIX = "scrypt$"
#: Passwords longer than this are refused (they would only cost hashing time).
MAX_PASSWORD = 128
MIN_PASSWORD = 4


def _hasher(cost: int) -> argon2.PasswordHasher:
    return argon2.PasswordHasher(time_cost=_TIME_COST, memory_cost=cost, parallelism=_PARALLELISM,
                                 hash_len=_KEY_BYTES, salt_len=_SALT_BYTES, type=argon2.Type.ID)


#: checks any Argon2 hash: verifying reads the parameters from the stored string, not from here
_VERIFIER = argon2.PasswordHasher()


def hash_password(password: str, cost: int = 16384, salt: bytes | None = None) -> str:
    """The Argon2id PHC string for ``password`` with ``cost`` KiB of memory (a fresh salt
    unless one is given)."""
    return _hasher(cost).hash(password, salt=salt if salt is not None else os.urandom(_SALT_BYTES))


def verify_password(password: str, stored: str) -> bool:
    """True when ``password`` hashes to ``stored`` (Argon2's own constant-time check, or the
    legacy scrypt one); False for any malformed or empty stored hash."""
    if stored.startswith(_SCRYPT_PREFIX):
        return _verify_scrypt(password, stored)
    try:
        return _VERIFIER.verify(stored, password)
    except (argon2.exceptions.Argon2Error, ValueError, TypeError):
        return False


def needs_rehash(stored: str, cost: int) -> bool:
    """True when ``stored`` is weaker than a new hash at ``cost`` would be: legacy scrypt, or
    Argon2 of another kind, with less memory or fewer passes (argon2's ``check_needs_rehash``,
    one way only: lowering ``password_cost`` leaves stronger hashes alone)."""
    try:
        found = argon2.extract_parameters(stored)
    except (argon2.exceptions.InvalidHashError, ValueError):
        return True
    return (found.type is not argon2.Type.ID or found.version < argon2.low_level.ARGON2_VERSION
            or found.memory_cost < cost or found.time_cost < _TIME_COST)


def _verify_scrypt(password: str, stored: str) -> bool:
    """A hash from before Argon2id: ``scrypt$N$r$p$salt$key``. ``hashlib`` (and with it
    libcrypto) loads only here, the first time such a hash is checked."""
    import hashlib
    import hmac

    try:
        _, n, r, p, salt, key = stored.split("$")
        expected = base64.b64decode(key)
        got = hashlib.scrypt(
            password.encode("utf-8"), salt=base64.b64decode(salt), n=int(n), r=int(r), p=int(p),
            maxmem=_SCRYPT_MAXMEM, dklen=len(expected),
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, expected)


def password_problem(password: str) -> str | None:
    """Why a new password is not acceptable, or None."""
    if len(password) < MIN_PASSWORD:
        return f"Passwords need at least {MIN_PASSWORD} characters."
    if len(password) > MAX_PASSWORD:
        return f"Passwords may have at most {MAX_PASSWORD} characters."
    if any(ch.isspace() for ch in password):
        return "Passwords cannot contain spaces."
    return None


@define
class _Tries:
    count: int
    last: float
    next_try: float


class LoginThrottle:
    """Password tries per key (an address, an account name) with growing delays, never a lockout.

    A try counts when it starts, before its hash (tries sent in parallel cannot all pass an
    empty count); the right password forgets its keys. The first ``free`` tries cost nothing;
    after them each try waits twice as long as the one before (1, 2, 4 ... seconds, at most
    :attr:`MAX_DELAY`), so a guesser gets a few tries a minute while the owner, after at most
    that wait, still gets in. A key quiet for :attr:`WINDOW` seconds starts again.
    """

    WINDOW = 60.0
    MAX_DELAY = 30.0
    #: Most keys remembered: names sprayed at the login screen cannot grow it without bound.
    MAX_KEYS = 10_000

    def __init__(self, free: int, clock: Callable[[], float]) -> None:
        self.free = free
        self.clock = clock
        self._tries: dict[str, _Tries] = {}

    def _record(self, key: str) -> _Tries | None:
        found = self._tries.get(key)
        if found is not None and self.clock() - found.last >= self.WINDOW:
            del self._tries[key]
            return None
        return found

    def wait(self, *keys: str) -> int:
        """Whole seconds until a try may start for every key (0: now)."""
        if self.free <= 0:
            return 0
        now = self.clock()
        waits = [r.next_try - now for r in map(self._record, keys) if r is not None]
        return max(0, math.ceil(max(waits, default=0.0)))

    def begin(self, *keys: str) -> int:
        """Count a try for every key; returns the highest count."""
        now, counts = self.clock(), []
        for key in keys:
            record = self._record(key) or self._new(key, now)
            record.count += 1
            record.last = now
            excess = record.count - self.free
            record.next_try = now + (min(2.0 ** excess, self.MAX_DELAY) if excess >= 0 else 0.0)
            counts.append(record.count)
        return max(counts, default=0)

    def _new(self, key: str, now: float) -> _Tries:
        if len(self._tries) >= self.MAX_KEYS:
            self.forget_old()
            while len(self._tries) >= self.MAX_KEYS:
                del self._tries[next(iter(self._tries))]
        record = self._tries[key] = _Tries(0, now, now)
        return record

    def succeeded(self, *keys: str) -> None:
        for key in keys:
            self._tries.pop(key, None)

    def forget_old(self) -> None:
        for key in list(self._tries):
            self._record(key)


class Accounts:
    """Creating characters, checking passwords and site bans for one game.

    Results arrive through callbacks because hashing runs off the game's thread; a callback is
    called exactly once, on the game's thread, with ``(character, error)``: one of them None.
    """

    WRONG_LOGIN = "Either that name does not exist or the password is wrong."
    WRONG_PASSWORD = "That is not your current password."
    BUSY = "The game is checking many passwords just now; please try again in a moment."
    STILL_CHECKING = "Still checking your last attempt: a moment, please."
    #: Password hashes waiting or running at once, all sessions together. Tries wait their turn
    #: in the hash threads' queue (a reconnect storm's clients send ``connect`` once and must
    #: all get in); each session has at most one there, so this is only a safety bound, above
    #: any ``max_connections`` a game runs with, on the few bytes each waiting try holds.
    MAX_PENDING_HASHES = 10_000

    def __init__(self, game: Game) -> None:
        self.game = game
        self.throttle = LoginThrottle(game.config.failed_logins_per_minute, game.clock)
        #: a hash to check wrong names against, so an unknown name costs as long as a known one
        self._decoy = ""
        #: who has a hash queued or running (a session id; None for callers without one)
        self._hashing: Counter[object] = Counter()
        #: wrong passwords and unknown names tried since the server started (net/metrics.py)
        self.failed_logins = 0
        self._pending = 0
        #: limit keys with a password check still running, and the tries held until they settle
        #: (each with its keys, oldest first)
        self._checking: Counter[str] = Counter()
        self._held: deque[tuple[tuple[str, ...], Callable[[], None]]] = deque()

    @classmethod
    def of(cls, game: Game) -> Accounts:
        """The game's accounts service (made on first use)."""
        return game.services.accounts

    # --- names ------------------------------------------------------------------------------
    def name_problem(self, name: str) -> str | None:
        """Why ``name`` cannot be a new character's name, or None."""
        problem = valid_name(name)
        if problem:
            return problem
        if self.game.find_character(name) is not None:
            return "That name is already taken."
        key = name_key(name)
        alike = next((c.name for c in self.game.characters.values() if name_key(c.name) == key), None)
        if alike is not None:
            return f"That name is too like {alike}'s: choose another."
        return None

    # --- the hashing queue --------------------------------------------------------------------
    def _hash(self, owner: object, work: Callable[[], T], then: Callable[[T], None],
              failed: Callable[[str], None]) -> None:
        """Run ``work`` off the game's thread, one at a time per ``owner``, at most
        :attr:`MAX_PENDING_HASHES` in all; ``failed(message)`` when refused or broken."""
        if owner is not None and self._hashing[owner]:
            failed(self.STILL_CHECKING)
            return
        if self._pending >= self.MAX_PENDING_HASHES:
            failed(self.BUSY)
            return
        if not self._pending:  # a burst begins: its hashes reuse one another's memory
            self.game.hold_memory()
        self._hashing[owner] += 1
        self._pending += 1

        def finished() -> None:
            self._pending -= 1
            self._hashing[owner] -= 1
            if not self._hashing[owner]:
                del self._hashing[owner]
            if not self._pending:  # a burst is over: what its hashes freed goes back at once
                self.game.release_memory()

        def done(result: T) -> None:
            finished()
            with self.game.held(self._session(owner)):  # its writes off the loop (docs/architecture.md)
                then(result)

        def broken(exc: BaseException) -> None:
            finished()
            with self.game.held(self._session(owner)):
                failed(_failed(exc))

        self.game.run_blocking(work, done, broken)

    def _session(self, owner: object) -> Session | None:
        """The connection a hash answer is for (owners are session numbers), if still here."""
        return self.game.sessions.get(owner) if isinstance(owner, int) else None

    # --- creating and connecting ---------------------------------------------------------------
    def create(self, name: str, password: str, done: Callable[[Character | None, str | None], None],
               owner: object = None) -> None:
        """Hash the password off-thread, then make the character (names re-checked on return)."""
        problem = self.name_problem(name) or password_problem(password)
        if problem:
            done(None, problem)
            return
        cost = self.game.config.password_cost

        def made(hashed: str) -> None:
            again = self.name_problem(name)
            if again:
                done(None, again)
                return
            self._saving(done, lambda: self.game.new_character(name, password_hash=hashed))

        self._hash(owner, lambda: hash_password(password, cost), made, lambda err: done(None, err))

    def _too_soon(self, keys: tuple[str, ...]) -> str | None:
        wait = self.throttle.wait(*keys)
        if wait <= 0:
            return None
        return f"Too many failed logins: try again in {wait} second{'s' if wait != 1 else ''}."

    def _keys(self, address: str, name: str, char: Character | None) -> tuple[str, ...]:
        """The limit's keys for a try: the address and the character the name reaches (``#2``,
        ``#02`` and ``Bob`` are one character), or the name's key when it reaches none."""
        who = f"char:{char.id}" if char is not None else f"name:{name_key(name)}"
        return (f"site:{address}", who)

    def _limited(self, keys: tuple[str, ...], retry: Callable[[], None], refuse: Callable[[str], None]) -> bool:
        """True when a try on ``keys`` must not start now. Past the limit only because tries on
        the same keys are still being checked, it is held and ``retry`` runs once they settle:
        those may be right passwords, which forget the count (docs/reliability.md, "Logins")."""
        refusal = self._too_soon(keys)
        if refusal is None:
            return False
        if self._still_held(keys):
            self._held.append((keys, retry))
        else:
            refuse(refusal)
        return True

    def _still_held(self, keys: tuple[str, ...]) -> bool:
        """Tries on ``keys`` are being checked (past the limit, a try waits for their answers)."""
        checking = self._checking
        return any(key in checking for key in keys)

    def _settled(self, keys: tuple[str, ...]) -> None:
        """A check on ``keys`` has its answer: the tries held go on, oldest first, up to the first
        one still past the limit with checks running (it and those after it wait for the next
        answer; the last answer lets every one go on or be refused). A storm of logins from one
        address then costs each answer the few tries it lets start, not a pass over all held."""
        checking = self._checking
        for key in keys:
            checking[key] -= 1
            if checking[key] <= 0:
                del checking[key]
        held = self._held
        while held:
            waiting, retry = held[0]
            if self._still_held(waiting) and self._too_soon(waiting) is not None:
                return
            held.popleft()
            retry()

    def authenticate(
        self, address: str, name: str, password: str, done: Callable[[Character | None, str | None], None],
        owner: object = None,
    ) -> None:
        """Check a login; a wrong name and a wrong password look the same to the player. The try
        counts against the address and the character reached from the moment it starts; a
        right password is never refused for the tries running beside it."""
        char = self.game.find_character(name)
        keys = self._keys(address, name, char)
        if self._limited(keys, lambda: self.authenticate(address, name, password, done, owner),
                         lambda why: done(None, why)):
            return
        stored = char.password_hash if char is not None and not char.npc else None

        def check() -> bool:  # off the game's thread, like the decoy's first hash
            return verify_password(password, stored if stored is not None else self._decoy_hash())

        def checked(ok: bool) -> None:
            current = self.game.characters.get(char.id) if char is not None else None
            if ok and current is not None and not current.npc:
                self.throttle.succeeded(*keys)
                done(current, None)
                if stored is not None:  # (a decoy hash never verifies)
                    self._rehash(current, password, stored)
            else:
                self._failed_try(current, name, address, count)
                done(None, self.WRONG_LOGIN)
            self._settled(keys)

        def broken(err: str) -> None:
            done(None, err)
            self._settled(keys)

        count = self.throttle.begin(*keys)
        self._checking.update(keys)
        self._hash(owner, check, checked, broken)

    def _rehash(self, char: Character, password: str, stored: str) -> None:
        """After a login with a weaker hash than the config's (legacy scrypt, less memory):
        hash the password again off-thread and save it, unless the password changed meanwhile.
        A refusal (the queue full, a disk error) only leaves the old hash for the next login."""
        cost = self.game.config.password_cost
        if not needs_rehash(stored, cost):
            return

        def hashed(value: object) -> None:
            current = self.game.characters.get(char.id)
            if current is None or current.password_hash != stored:
                return
            current.password_hash = str(value)
            try:
                self.game.save_character(current)
            except StoreError as exc:
                current.password_hash = stored
                StorageHealth.of(self.game).failed(exc)
                return
            log.info("password hash of %s upgraded to Argon2id (%d KiB)", current.name, cost)

        self._hash(None, lambda: hash_password(password, cost), hashed,
                   lambda err: log.warning("password hash of %s not upgraded: %s", char.name, err))

    def _failed_try(self, char: Character | None, name: str, address: str, count: int,
                    what: str = "login") -> None:
        """A wrong password: logged, staff told (the first and the one that starts the delays),
        and the character's owner told at their next login."""
        log.warning("failed %s for %r from %s (%d in a row)", what, name, address, count)
        self.failed_logins += 1
        if count in (1, self.throttle.free):
            later = ": further tries wait" if count >= self.throttle.free else ""
            shown = char.name if char is not None else "an unknown name"
            self.game.msg_staff(f"|y[Login]|n {count} failed {what}{'s' if count != 1 else ''} "
                                f"for {shown} from {address or 'an unknown site'}{later}.")
        if char is not None and not char.npc:
            failures = char.settings.get("failed_logins")
            failures = failures if isinstance(failures, dict) else {}
            earlier = failures.get("count")
            number = earlier if isinstance(earlier, int) else 0
            char.settings = {**char.settings, "failed_logins": {
                "count": number + 1, "from": address, "time": self.game.clock()}}
            try:
                self.game.save_character(char)
            except StoreError as exc:  # the player is still answered; staff hear of the disk
                StorageHealth.of(self.game).failed(exc)

    @staticmethod
    def failures_notice(char: Character) -> str | None:
        """What to tell a player at login about wrong passwords tried since last time (and
        forget them), or None."""
        failures = char.settings.get("failed_logins")
        if not isinstance(failures, dict) or not isinstance(failures.get("count"), int):
            return None
        char.settings = {k: v for k, v in char.settings.items() if k != "failed_logins"}
        count, where = failures["count"], failures.get("from") or "an unknown site"
        return (f"{count} failed login attempt{'s' if count != 1 else ''} on this character "
                f"since you last connected (the last from {where}).")

    def set_password(self, char: Character, password: str, done: Callable[[Character | None, str | None], None],
                     owner: object = None) -> None:
        """Hash and save a new password for ``char``."""
        problem = password_problem(password)
        if problem:
            done(None, problem)
            return
        cost = self.game.config.password_cost

        def hashed(value: str) -> None:
            current = self.game.characters.get(char.id)
            if current is None:
                done(None, "That character no longer exists.")
                return
            old, current.password_hash = current.password_hash, value

            def save() -> Character:
                try:
                    self.game.save_character(current)
                except StoreError:
                    current.password_hash = old  # the game never claims what the store lacks
                    raise
                return current

            self._saving(done, save)

        self._hash(owner, lambda: hash_password(password, cost), hashed, lambda err: done(None, err))

    def check_password(self, char: Character, password: str, done: Callable[[str | None], None],
                       address: str = "", owner: object = None) -> None:
        """Is ``password`` the character's current one? (For ``@password old=new``.) ``done``
        gets None when it is, else the message for the player. The same limit as logins."""
        keys = self._keys(address, char.name, char)
        if self._limited(keys, lambda: self.check_password(char, password, done, address, owner), done):
            return
        stored = char.password_hash

        def checked(ok: bool) -> None:
            if ok:
                self.throttle.succeeded(*keys)
                done(None)
            else:
                self._failed_try(self.game.characters.get(char.id), char.name, address, count, "@password")
                done(self.WRONG_PASSWORD)
            self._settled(keys)

        def broken(err: str) -> None:
            done(err)
            self._settled(keys)

        count = self.throttle.begin(*keys)
        self._checking.update(keys)
        self._hash(owner, lambda: verify_password(password, stored), checked, broken)

    NOT_SAVED = "The game cannot save right now, so nothing changed; please try again later."

    def _saving(self, done: Callable[[Character | None, str | None], None], save: Callable[[], Character]) -> None:
        """``done(save(), None)``; a refused write (full disk) is ``done(None, NOT_SAVED)``, so a
        login screen waiting on it is always answered."""
        try:
            char = save()
        except StoreError as exc:
            StorageHealth.of(self.game).failed(exc)
            done(None, self.NOT_SAVED)
            return
        done(char, None)

    def _decoy_hash(self) -> str:
        if not self._decoy:
            self._decoy = hash_password(os.urandom(8).hex(), self.game.config.password_cost)
        return self._decoy

    # --- site bans ----------------------------------------------------------------------------
    def bans(self) -> list[str]:
        """Banned address patterns (``1.2.3.4``, ``10.0.*``), sorted."""
        return sorted(self.game.store.all(BAN_KIND))

    def ban(self, pattern: str, reason: str = "") -> None:
        self.game.store.put(BAN_KIND, pattern, {"pattern": pattern, "reason": reason, "time": self.game.clock()})

    def unban(self, pattern: str) -> bool:
        if self.game.store.get(BAN_KIND, pattern) is None:
            return False
        self.game.store.delete(BAN_KIND, pattern)
        return True

    def is_banned(self, address: str) -> bool:
        return any(fnmatch.fnmatchcase(address, pattern) for pattern in self.bans())


def _failed(exc: BaseException) -> str:
    log.error("password hashing failed: %s", exc)
    return "The game could not check that password just now; please try again."
