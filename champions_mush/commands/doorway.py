"""Every connection's way through the game: admitted or refused, the connect screen, the
password prompt, the flood limit, commands, idling out and leaving (docs/architecture.md).

The network adapter (``net/server.py``) owns the socket and nothing of the game: it passes
what the client did to a :class:`Visit` (a line, a window size, "the client changed", "it
closed") and pauses its reading while :attr:`Visit.waiting` (a password is being checked).
The game's policy for all connections (bans, limits, the idle sweep) is the :class:`Doorway`.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ..game import events
from ..game.accounts import Accounts
from ..game.limits import ConnectLimiter, TokenBucket
from ..game.session import Session
from ..limits import FULL, TOO_MANY_CONNECTS
from . import client, login
from .base import CommandError
from .dispatch import CRASHED, Dispatcher
from .multiline import collecting, expire, forget, holding

if TYPE_CHECKING:
    from ..game.world import Game

__all__ = ["Doorway", "NO_PASSWORD", "PASSWORD_PROMPT", "TOO_FAST", "TOO_LONG", "Visit"]

log = logging.getLogger("champions_mush.net")

#: Shown when ``connect <name>`` or ``create <name>`` leaves the password off: the client is
#: asked not to echo (RFC 857 WILL ECHO) and the next line is the password.
PASSWORD_PROMPT = "Password: "
NO_PASSWORD = "No password given, so nothing was done."
_PASSWORD_WORDS = ("connect", "create")

TOO_FAST = "You are sending commands too fast: that one was dropped. Slow down a little."
TOO_LONG = "That line was too long and was thrown away."
#: A pasted line counts as one command for every this many characters (four full lines; a Hero
#: Designer line is about 100), so a paste spends the command rate by its size: at the default
#: 10 a second and 30 saved up, a 1 MB file goes at once and the 2 MB most takes about 3 s.
PASTE_CHARS_PER_COMMAND = 32768
LOGIN_TOO_SLOW = "You took too long to log in. Goodbye!"
IDLE_TOO_LONG = "You have been idle too long. Goodbye!"

BANNED = "Connections from your site are not allowed."


class Doorway:
    """The game's side of every connection: who may come in, and who has idled too long."""

    def __init__(self, game: Game, dispatcher: Dispatcher) -> None:
        self.game = game
        self.dispatcher = dispatcher
        self.connects = ConnectLimiter(game.config.connects_per_minute)
        client.install(game)  # login hooks: saved +client settings, GMCP Char.Vitals

    def refusal(self, address: str, open_connections: int) -> str | None:
        """Why a new connection from ``address`` is refused, or None."""
        game = self.game
        if Accounts.of(game).is_banned(address):
            return BANNED
        if open_connections >= game.config.max_connections:
            return FULL
        if not self.connects.allow(address, game.clock()):
            return TOO_MANY_CONNECTS
        return None

    def enter(self, session: Session) -> Visit:
        """A new connection is admitted: it joins the game at the login screen."""
        self.game.add_session(session)
        return Visit(self, session)

    def sweep(self, visits: list[Visit]) -> None:
        """Disconnect those idle too long; forget old connection times."""
        now = self.game.clock()
        for visit in visits:
            visit.idle_check(now)
            expire(visit.session, now)
        self.connects.forget_old(now)
        self._remind()

    def _remind(self) -> None:
        """Events about to start: those signed up are told once (game/events.py)."""
        try:
            with self.game.held(), self.game.work():  # its writes off the loop on PostgreSQL
                events.remind_soon(self.game)
        except Exception:  # a reminder's failure must not stop the sweep
            log.exception("event reminders failed")

    def mssp(self, port: int, tls_port: int = 0) -> dict[str, str]:
        """MSSP variables (the telnet core adds the protocol flags); ``SSL`` is the TLS port."""
        game = self.game
        found = {
            "NAME": game.config.name, "PLAYERS": str(len(game.connected_characters())),
            "UPTIME": str(int(game.started_at)), "CODEBASE": "champions-mush",
            "PORT": str(port),
            "FAMILY": "Custom", "GENRE": "Superhero", "GAMESYSTEM": "HERO System",
        }
        if tls_port:
            found["SSL"] = str(tls_port)
        return found


class Visit:
    """One connection from the connect screen until it leaves."""

    __slots__ = ("_password_for", "_throttle_told", "_welcomed", "bucket", "doorway", "game", "session")

    def __init__(self, doorway: Doorway, session: Session) -> None:
        self.doorway = doorway
        self.game = doorway.game
        self.session = session
        config = self.game.config
        self.bucket = TokenBucket(config.command_rate, config.command_burst, self.game.clock())
        self._throttle_told = False
        self._welcomed = False
        #: ``connect <name>`` waiting for its password line
        self._password_for: str | None = None

    @property
    def waiting(self) -> bool:
        """True while a password is checked: later lines wait (they may be the character's)."""
        return self.session.busy

    def held_for(self) -> float:
        """Seconds later lines must wait: a paste that outran the command rate (0: none)."""
        return self.bucket.wait(self.game.clock())

    def welcome(self) -> None:
        """Show the connect screen (once): at the first line, or when the client is known."""
        if self._welcomed:
            return
        self._welcomed = True
        self.session.update_client()
        login.welcome(self.game, self.session)

    def client_changed(self) -> None:
        """The client told us more about itself (window, terminal, charset, GMCP)."""
        self.session.update_client()

    def too_long(self) -> None:
        self.session.send(TOO_LONG)

    def line(self, text: str) -> None:
        """One line the player typed."""
        if not self._welcomed:
            self.welcome()
        game, session = self.game, self.session
        now = game.clock()
        session.last_input = now
        if len(text) > game.config.max_line_length:
            session.send(TOO_LONG)
            return
        if collecting(session):  # a pasted line spends the rate by its size; too fast, reading waits
            if holding(session):  # (a dropped paste's rest is swallowed at no cost)
                self.bucket.charge(now, max(1, len(text)) / PASTE_CHARS_PER_COMMAND)
        elif not self.bucket.take(now):
            if not self._throttle_told:
                self._throttle_told = True
                session.send(TOO_FAST)
            return
        self._throttle_told = False
        line = self._password_step(text)
        if line is None:
            return
        try:
            self.doorway.dispatcher.run(game, session, line)
        except Exception:  # the dispatcher guards commands; this guards the guard
            log.exception("unguarded error on a line from session %d", session.id)
            session.send(CRASHED)

    def _password_step(self, text: str) -> str | None:
        """``connect Alice`` alone asks for the password with the client's echo off; the next
        line completes the command. Returns the line to run, or None."""
        session = self.session
        if self._password_for is not None:
            head, self._password_for = self._password_for, None
            session.hide_input(False)
            session.send("")  # the line end the client did not echo
            if not text.strip():
                session.send(NO_PASSWORD)
                return None
            return f"{head} {text.strip()}"
        if session.character_id is not None:  # (logged in: no password to ask for)
            return text
        word, _, args = text.strip().partition(" ")
        if word.lower() not in _PASSWORD_WORDS or not args.strip():
            return text
        try:
            name, password = login.split_login(args)
        except CommandError:
            return text
        if password or not name:
            return text
        self._password_for = f'{word} "{name}"' if " " in name else f"{word} {name}"
        session.hide_input(True)
        session.send_prompt(PASSWORD_PROMPT)
        return None

    def idle_check(self, now: float) -> None:
        """The idle policy: the login screen has a deadline counted from the connection (input
        before login, WHO say, does not extend it); a character idles out, staff never."""
        game, session = self.game, self.session
        config = game.config
        char = game.characters.get(session.character_id) if session.character_id is not None else None
        if char is None:
            if config.login_timeout > 0 and now - session.connected_at > config.login_timeout:
                session.disconnect(LOGIN_TOO_SLOW)
            return
        if game.is_staff(char) or config.idle_timeout <= 0 or now - session.last_input <= config.idle_timeout:
            return
        log.info("idle timeout for %s from %s", char.name, session.address)
        login.logout_session(game, session)
        session.disconnect(IDLE_TOO_LONG)

    def leave(self) -> None:
        """The connection is gone: the character leaves the game (the room hears of the last)."""
        forget(self.session)  # what an unfinished paste held is free again
        try:
            with self.game.held():  # what leaving writes, off the loop on PostgreSQL
                login.logout_session(self.game, self.session)
        except Exception:  # a lost connection must never take the server down
            log.exception("error while closing session %d", self.session.id)
