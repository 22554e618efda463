"""Logins on the portal: a session cookie per logged-in browser, and a CSRF token for every
form (docs/admin-guide.md, "The web portal").

The password is checked by the game (the same Argon2id hashes and failed-login limits as
telnet), which keeps the login in its database (game/web_logins.py): the portal looks each
cookie up there, read-only, so a portal killed and started again knows every browser still
logged in, and a character's role is read afresh on every page. Every browser gets a random
``cm_pre`` cookie on its first page; a form's CSRF token is an HMAC of the browser's session
(or pre-session) cookie under the key the game keeps for the portal, so a page on another site
can neither read nor forge it, and a form loaded before a portal restart still posts.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Callable

from ..game.roles import Role
from ..game.web_logins import NOTE_EVERY, find
from .pages import GUEST, Viewer

__all__ = ["Logins", "SESSION_COOKIE"]

SESSION_COOKIE = b"cm_session"
PRE_COOKIE = b"cm_pre"


class Logins:
    """Which session cookie is which character (kept by the game: game/web_logins.py)."""

    def __init__(self, view, link, clock: Callable[[], float], key: bytes | None) -> None:
        self.view, self.link, self.clock = view, link, clock
        self._key = key or os.urandom(32)

    # --- who is asking ----------------------------------------------------------------------
    @staticmethod
    def secure(request) -> bool:
        """The browser came over TLS (the relay says so in X-Forwarded-Proto)."""
        return request.isSecure() or request.getHeader(b"x-forwarded-proto") == b"https"

    @staticmethod
    def address(request) -> str:
        """The browser's address, as the relay saw it."""
        forwarded = (request.getHeader(b"x-forwarded-for") or b"").decode("ascii", "replace")
        return forwarded.split(",")[-1].strip()[:60] or getattr(request.getClientAddress(), "host", "")

    @staticmethod
    def _session(request) -> str:
        return (request.getCookie(SESSION_COOKIE) or b"").decode("ascii", "replace")

    def viewer(self, request) -> Viewer:
        """The character logged in with this browser's cookie (its role as the game has it now)."""
        given = getattr(request, "_portal_viewer", None)  # known already, or logged in or out by this very request
        if given is not None:
            return given
        request._portal_viewer = viewer = self._look_up(self._session(request))
        return viewer

    def _look_up(self, token: str) -> Viewer:
        if not token:
            return GUEST
        game, now = self.view.game(), self.clock()
        login = find(game.store, token, now)
        char = game.characters.get(login["char"]) if login is not None else None
        if login is None or char is None:
            return GUEST
        if now - float(login.get("seen", 0)) > NOTE_EVERY:
            self.link.ask("seen", token=token).addErrback(lambda _: None)  # best effort: it only extends
        return Viewer(char.id, char.name, Role(char.role))

    # --- cookies ----------------------------------------------------------------------------
    def _cookie(self, request, name: bytes, value: str, max_age: int | None = None) -> None:
        request.addCookie(name, value.encode("ascii"), path=b"/", httpOnly=True, secure=self.secure(request),
                          sameSite="lax", max_age=None if max_age is None else str(max_age).encode())

    def _browser_token(self, request) -> str:
        """The session cookie when logged in, else the pre-session cookie (made here if missing)."""
        if self.viewer(request).char_id is not None:
            return self._session(request)
        pre = (request.getCookie(PRE_COOKIE) or b"").decode("ascii", "replace")
        if len(pre) != 64 or not pre.isalnum():
            pre = getattr(request, "_portal_pre", "") or os.urandom(32).hex()
            request._portal_pre = pre  # one new cookie per response, however many forms it has
            self._cookie(request, PRE_COOKIE, pre)
        return pre

    def csrf(self, request) -> str:
        """The token every form on this response carries."""
        return hmac.new(self._key, self._browser_token(request).encode(), hashlib.sha256).hexdigest()

    def csrf_ok(self, request) -> bool:
        given = (request.args.get(b"csrf", [b""])[0] or b"").decode("ascii", "replace")
        pre = (request.getCookie(PRE_COOKIE) or b"").decode("ascii", "replace")
        token = self._session(request) if self.viewer(request).char_id is not None else pre
        if not token or not given:
            return False
        expected = hmac.new(self._key, token.encode(), hashlib.sha256).hexdigest()
        return hmac.compare_digest(given, expected)

    # --- logging in and out -----------------------------------------------------------------
    def logged_in(self, request, token: str, viewer: Viewer) -> None:
        """The game made a login (a new cookie at each login: no fixation): the browser gets it."""
        self._cookie(request, SESSION_COOKIE, token)
        request.received_cookies[SESSION_COOKIE] = token.encode()  # this response's forms use it
        request._portal_viewer = viewer

    def logged_out(self, request) -> None:
        self._cookie(request, SESSION_COOKIE, "", max_age=0)
        request.received_cookies.pop(SESSION_COOKIE, None)
        request._portal_viewer = GUEST

    def session(self, request) -> str:
        """This browser's session cookie (the game ends it at logout)."""
        return self._session(request)
