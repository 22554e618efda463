"""Accounts: password hashing, creating and checking characters, failed-login throttle, site bans.

Passwords are hashed with scrypt (a memory-hard KDF, RFC 7914) from the standard library. A hash
takes tens of milliseconds, so the game never computes one itself: it hands the work to
``game.run_blocking(func, callback)``, which the network layer points at a thread pool
(``deferToThread``) and tests leave inline. Nothing here imports Twisted.
"""

from __future__ import annotations

import base64
import fnmatch
import hashlib
import hmac
import logging
import os
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..store.base import StoreError
from .objects import valid_name
from .storage import StorageHealth

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = [
    "Accounts",
    "BAN_KIND",
    "LoginThrottle",
    "hash_password",
    "verify_password",
]

log = logging.getLogger("champions_mush.login")

#: the store kind holding site bans (the shell's ``champions-mush unban`` reads it too)
BAN_KIND = "ban"

#: scrypt block size and parallelism (RFC 7914 §2 recommends r=8, p=1); N comes from the config.
_SCRYPT_R = 8
_SCRYPT_P = 1
#: scrypt refuses to use more memory than this (N=2**16, r=8 needs 64 MiB; leave room).
_SCRYPT_MAXMEM = 128 * 1024 * 1024
_SALT_BYTES = 16
_KEY_BYTES = 32
#: Passwords longer than this are refused (they would only cost hashing time).
MAX_PASSWORD = 128
MIN_PASSWORD = 4


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def hash_password(password: str, cost: int = 16384, salt: bytes | None = None) -> str:
    """``scrypt$N$r$p$salt$key``: the parameters travel with the hash, so raising the cost later
    leaves old passwords working."""
    salt = salt if salt is not None else os.urandom(_SALT_BYTES)
    key = hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=cost, r=_SCRYPT_R, p=_SCRYPT_P,
        maxmem=_SCRYPT_MAXMEM, dklen=_KEY_BYTES,
    )
    return f"scrypt${cost}${_SCRYPT_R}${_SCRYPT_P}${_b64(salt)}${_b64(key)}"


def verify_password(password: str, stored: str) -> bool:
    """True when ``password`` hashes to ``stored`` (compared in constant time); False for any
    malformed or empty stored hash."""
    try:
        scheme, n, r, p, salt, key = stored.split("$")
        if scheme != "scrypt":
            return False
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


class LoginThrottle:
    """Failed logins per address in a sliding minute; over the limit, attempts are refused."""

    WINDOW = 60.0

    def __init__(self, limit: int, clock: Callable[[], float]) -> None:
        self.limit = limit
        self.clock = clock
        self._failures: dict[str, deque[float]] = {}

    def _recent(self, address: str) -> deque[float]:
        times = self._failures.get(address)
        if times is None:
            return deque()
        cutoff = self.clock() - self.WINDOW
        while times and times[0] <= cutoff:
            times.popleft()
        if not times:
            self._failures.pop(address, None)
        return times

    def blocked(self, address: str) -> bool:
        return self.limit > 0 and len(self._recent(address)) >= self.limit

    def wait(self, address: str) -> int:
        """Seconds until the next attempt is allowed."""
        times = self._recent(address)
        if not times:
            return 0
        return max(1, int(times[0] + self.WINDOW - self.clock() + 0.999))

    def failed(self, address: str) -> None:
        self._failures.setdefault(address, deque()).append(self.clock())

    def succeeded(self, address: str) -> None:
        self._failures.pop(address, None)


class Accounts:
    """Creating characters, checking passwords and site bans for one game.

    Results arrive through callbacks because hashing runs off the game's thread; a callback is
    called exactly once, on the game's thread, with ``(character, error)``: one of them None.
    """

    WRONG_LOGIN = "Either that name does not exist or the password is wrong."

    def __init__(self, game: Game) -> None:
        self.game = game
        self.throttle = LoginThrottle(game.config.failed_logins_per_minute, game.clock)
        #: a hash to check wrong names against, so an unknown name costs as long as a known one
        self._decoy = ""

    @classmethod
    def of(cls, game: Game) -> Accounts:
        """The game's accounts service (made on first use)."""
        service = game.services.get("accounts")
        if service is None:
            service = game.services["accounts"] = cls(game)
        return service

    # --- names ------------------------------------------------------------------------------
    def name_problem(self, name: str) -> str | None:
        """Why ``name`` cannot be a new character's name, or None."""
        problem = valid_name(name)
        if problem:
            return problem
        if self.game.find_character(name) is not None:
            return "That name is already taken."
        return None

    # --- creating and connecting ---------------------------------------------------------------
    def create(self, name: str, password: str, done: Callable[[Character | None, str | None], None]) -> None:
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

        self.game.run_blocking(lambda: hash_password(password, cost), made, lambda exc: done(None, _failed(exc)))

    def authenticate(
        self, address: str, name: str, password: str, done: Callable[[Character | None, str | None], None]
    ) -> None:
        """Check a login; a wrong name and a wrong password look the same to the player."""
        if self.throttle.blocked(address):
            done(None, f"Too many failed logins from your address: try again in {self.throttle.wait(address)} seconds.")
            return
        char = self.game.find_character(name)
        stored = char.password_hash if char is not None and not char.npc else self._decoy_hash()

        def checked(ok: bool) -> None:
            current = self.game.characters.get(char.id) if char is not None else None
            if ok and current is not None and not current.npc:
                self.throttle.succeeded(address)
                done(current, None)
                return
            self.throttle.failed(address)
            log.info("failed login for %r from %s", name, address)
            done(None, self.WRONG_LOGIN)

        self.game.run_blocking(lambda: verify_password(password, stored), checked,
                               lambda exc: done(None, _failed(exc)))

    def set_password(self, char: Character, password: str, done: Callable[[Character | None, str | None], None]) -> None:
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

        self.game.run_blocking(lambda: hash_password(password, cost), hashed, lambda exc: done(None, _failed(exc)))

    def check_password(self, char: Character, password: str, done: Callable[[bool], None]) -> None:
        """Is ``password`` the character's current one? (For ``@password old=new``.)"""
        stored = char.password_hash
        self.game.run_blocking(lambda: verify_password(password, stored), done, lambda exc: done(False))

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
