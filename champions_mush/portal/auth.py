"""Logins on the portal: a session cookie per logged-in browser, and a CSRF token for every
form (docs/admin-guide.md, "The web portal").

The password is checked by the game (the same Argon2id hashes and failed-login limits as
telnet); the portal only remembers, in its memory, which cookie is which character. A portal
started again forgets them: everyone logs in again, and nothing of the game is lost.
Every browser gets a random ``cm_pre`` cookie on its first page; a form's CSRF token is an
HMAC of the browser's session (or pre-session) cookie under a key made at start, so a page
on another site can neither read nor forge it.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Callable

import attrs

from .pages import GUEST, Viewer

__all__ = ["Logins", "SESSION_COOKIE"]

SESSION_COOKIE = b"cm_session"
PRE_COOKIE = b"cm_pre"
#: Seconds a login lasts without a page being read.
IDLE_LIMIT = 7 * 24 * 3600
#: Most logins kept at once (the oldest go first).
MAX_LOGINS = 10_000


@attrs.define
class _Login:
    viewer: Viewer
    seen: float


class Logins:
    """Which session cookie is which character."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._key = os.urandom(32)
        self._logins: dict[str, _Login] = {}

    # --- who is asking ----------------------------------------------------------------------
    @staticmethod
    def secure(request) -> bool:  # noqa: ANN001
        """The browser came over TLS (the relay says so in X-Forwarded-Proto)."""
        return request.isSecure() or request.getHeader(b"x-forwarded-proto") == b"https"

    @staticmethod
    def address(request) -> str:  # noqa: ANN001
        """The browser's address, as the relay saw it."""
        forwarded = (request.getHeader(b"x-forwarded-for") or b"").decode("ascii", "replace")
        return forwarded.split(",")[-1].strip()[:60] or getattr(request.getClientAddress(), "host", "")

    def viewer(self, request) -> Viewer:  # noqa: ANN001
        token = (request.getCookie(SESSION_COOKIE) or b"").decode("ascii", "replace")
        found = self._logins.get(token)
        now = self.clock()
        if found is None or now - found.seen > IDLE_LIMIT:
            return GUEST
        found.seen = now
        return found.viewer

    # --- cookies ----------------------------------------------------------------------------
    def _cookie(self, request, name: bytes, value: str, max_age: int | None = None) -> None:  # noqa: ANN001
        request.addCookie(name, value.encode("ascii"), path=b"/", httpOnly=True, secure=self.secure(request),
                          sameSite="lax", max_age=None if max_age is None else str(max_age).encode())

    def _browser_token(self, request) -> str:  # noqa: ANN001
        """The session cookie when logged in, else the pre-session cookie (made here if missing)."""
        session = (request.getCookie(SESSION_COOKIE) or b"").decode("ascii", "replace")
        if session in self._logins:
            return session
        pre = (request.getCookie(PRE_COOKIE) or b"").decode("ascii", "replace")
        if len(pre) != 64 or not pre.isalnum():
            pre = getattr(request, "_portal_pre", "") or os.urandom(32).hex()
            request._portal_pre = pre  # one new cookie per response, however many forms it has
            self._cookie(request, PRE_COOKIE, pre)
        return pre

    def csrf(self, request) -> str:  # noqa: ANN001
        """The token every form on this response carries."""
        return hmac.new(self._key, self._browser_token(request).encode(), hashlib.sha256).hexdigest()

    def csrf_ok(self, request) -> bool:  # noqa: ANN001
        given = (request.args.get(b"csrf", [b""])[0] or b"").decode("ascii", "replace")
        session = (request.getCookie(SESSION_COOKIE) or b"").decode("ascii", "replace")
        pre = (request.getCookie(PRE_COOKIE) or b"").decode("ascii", "replace")
        token = session if session in self._logins else pre
        if not token or not given:
            return False
        expected = hmac.new(self._key, token.encode(), hashlib.sha256).hexdigest()
        return hmac.compare_digest(given, expected)

    # --- logging in and out -----------------------------------------------------------------
    def login(self, request, viewer: Viewer) -> None:  # noqa: ANN001
        """A new session cookie for ``viewer`` (a new one at each login: no fixation)."""
        self.logout(request)
        if len(self._logins) >= MAX_LOGINS:
            oldest = min(self._logins, key=lambda t: self._logins[t].seen)
            del self._logins[oldest]
        token = os.urandom(32).hex()
        self._logins[token] = _Login(viewer, self.clock())
        self._cookie(request, SESSION_COOKIE, token)
        request.received_cookies[SESSION_COOKIE] = token.encode()  # this response's forms use it

    def logout(self, request) -> None:  # noqa: ANN001
        token = (request.getCookie(SESSION_COOKIE) or b"").decode("ascii", "replace")
        if self._logins.pop(token, None) is not None:
            self._cookie(request, SESSION_COOKIE, "", max_age=0)
            request.received_cookies.pop(SESSION_COOKIE, None)
