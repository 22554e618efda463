"""The portal's web site: one twisted.web resource that routes each path to a page, renders
it with Jinja2 (autoescaped), and carries logins, CSRF tokens and the game's answers.

Every response is ``text/html; charset=utf-8`` (or the stylesheet's ``text/css``) with headers
that keep it from being framed or sniffed; every form carries a CSRF token; the session cookie
is ``HttpOnly``, ``SameSite=Lax`` and, when the browser came over TLS, ``Secure``.
"""

from __future__ import annotations

import logging
import time
from importlib import resources
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, PackageLoader, select_autoescape
from twisted.internet import defer
from twisted.web.resource import Resource
from twisted.web.server import NOT_DONE_YET

from ..commands.login import format_duration, format_idle
from ..game import teams
from ..game.approval import problems, queue
from ..game.events import event_view, ical, upcoming
from ..game.hero import MAX_HDC_BYTES, get_hero
from ..game.people import FINGER_FIELDS, finger
from ..game.portraits import MAX_PORTRAIT_BYTES, portrait
from ..game.sheets import get_sheet
from ..game.web_logins import stored_key
from ..text.format import when
from . import pages
from .auth import Logins
from .link import GameLink, GameUnreachable
from .markup import markdown, to_html
from .pages import Refused, Viewer
from .search import SceneSearch
from .upload import UploadError, decode_hdc

__all__ = ["Portal"]

log = logging.getLogger("champions_mush.portal")

_HEADERS = {
    b"x-content-type-options": b"nosniff",
    b"x-frame-options": b"DENY",
    b"referrer-policy": b"same-origin",
    b"content-security-policy": b"default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; "
                                b"frame-ancestors 'none'; base-uri 'none'",
}
_CSS = resources.files("champions_mush.portal").joinpath("static", "portal.css").read_bytes()


def _environment() -> Environment:
    env = Environment(loader=PackageLoader("champions_mush.portal", "templates"),
                      autoescape=select_autoescape(default=True), trim_blocks=True, lstrip_blocks=True)
    env.filters["markup"] = to_html
    env.filters["markdown"] = markdown
    env.filters["when"] = lambda t: when(t) if t else ""
    env.filters["url"] = lambda s: quote(str(s), safe="")
    env.filters["duration"] = format_duration
    env.filters["idle"] = format_idle
    return env


class Portal(Resource):
    """Every page of the portal (docs/player-guide.md, "The web portal")."""

    isLeaf = True

    def __init__(self, view, link: GameLink, clock=time.time) -> None:  # a GameView
        super().__init__()
        self.view, self.link = view, link
        self.env = _environment()
        self.logins = Logins(view, link, clock, stored_key(view.game().store))
        self.search = SceneSearch()

    # --- answering --------------------------------------------------------------------------
    def _send(self, request, status: int, body: bytes, kind: bytes = b"text/html; charset=utf-8") -> bytes:
        request.setResponseCode(status)
        request.setHeader(b"content-type", kind)
        for name, value in _HEADERS.items():
            request.setHeader(name, value)
        request.setHeader(b"cache-control", b"no-store")
        return body

    def page(self, request, template: str, status: int = 200, **values: Any) -> bytes:
        viewer = self.logins.viewer(request)
        html = self.env.get_template(template).render(
            viewer=viewer, csrf=self.logins.csrf(request), game_name=self.view.config.name, path=request.path.decode(
                "utf-8", "replace"), **values)
        return self._send(request, status, html.encode("utf-8"))

    def refused(self, request, refusal: Refused) -> bytes:
        return self.page(request, "message.html", status=refusal.status, title=
                         {403: "Not for you", 404: "Not found"}.get(refusal.status, "Refused"), message=refusal.message)

    def _later(self, request, work: defer.Deferred) -> object:
        """Finish ``request`` when ``work`` (a Deferred of page bytes) fires."""
        gone: list[bool] = []
        request.notifyFinish().addErrback(lambda _: gone.append(True))

        def done(body: bytes) -> None:
            if not gone:
                request.write(body)
                request.finish()

        def failed(failure) -> bytes:
            if failure.check(Refused):
                return self.refused(request, failure.value)
            if failure.check(GameUnreachable):
                return self.page(request, "message.html", status=503, title="The game is busy",
                                 message="The game did not answer: please try again in a minute.")
            log.error("a portal page failed: %s", failure.getTraceback())
            return self.page(request, "message.html", status=500, title="Something went wrong",
                             message="Something went wrong: it has been logged for staff.")

        work.addErrback(failed).addCallback(done)
        return NOT_DONE_YET

    def render(self, request) -> object:  # a twisted.web Request
        try:
            return self._route(request)
        except Refused as refusal:
            return self.refused(request, refusal)
        except Exception:  # our bug: one page says so, the portal goes on
            log.exception("a portal page failed: %s", request.path[:200])
            return self.page(request, "message.html", status=500, title="Something went wrong",
                             message="Something went wrong: it has been logged for staff.")

    # --- routes -----------------------------------------------------------------------------
    def _route(self, request) -> object:
        parts = [p.decode("utf-8", "replace") for p in request.postpath if p]
        method = request.method
        if parts == ["portal.css"]:
            request.setHeader(b"cache-control", b"max-age=3600")
            return self._send(request, 200, _CSS, b"text/css; charset=utf-8")
        if method == b"POST":
            return self._post(request, parts)
        if method not in (b"GET", b"HEAD"):
            return self._send(request, 405, b"GET or POST only.\n", b"text/plain; charset=utf-8")
        game, viewer = self.view.game(), self.logins.viewer(request)
        head = parts[0] if parts else ""
        rest = "/".join(parts[1:])
        if head in ("", "portal"):
            return self.page(request, "home.html", title="Welcome")
        if head == "characters" and not rest:
            return self.page(request, "characters.html", title="Characters", rows=pages.characters(game, viewer))
        if head == "characters" and rest.endswith("/events.ics"):
            char = pages.visible_character(game, viewer, rest[:-len("/events.ics")])
            return self._calendar(request, ical(game, [e for e in upcoming(game) if str(char.id) in e.signups],
                                                f"{char.name}'s events"))
        if head == "characters":
            data = pages.character(game, viewer, rest)
            return self.page(request, "character.html", title=data["name"], char=data)
        if head == "portraits" and rest:
            return self._portrait(request, game, viewer, rest)
        if head == "who":
            return self._later(request, self.link.ask("who").addCallback(
                lambda answer: self.page(request, "who.html", title="Who is on", rows=answer.get("who", []))))
        if head in ("rules", "help"):
            return self._help(request, head, rest, viewer)
        if head == "boards" and not rest:
            return self.page(request, "boards.html", title="Boards", boards=pages.boards(game, viewer))
        if head == "scenes" and not rest:
            query = self._arg(request, "q", 200)
            hits = self.search.search(game, query) if query else []
            return self.page(request, "scenes.html", title="Scenes", rows=pages.scenes(game, viewer), query=query,
                             hits=hits)
        if head == "scenes" and rest.isdigit() and len(rest) < 10:
            start = self._arg(request, "from", 12)
            data = pages.scene(game, viewer, int(rest), int(start) if start.isdigit() else 0)
            return self.page(request, "scene.html", title=data["title"], scene=data)
        if head == "teams" and not rest:
            return self.page(request, "teams.html", title="Teams", rows=[
                pages.team(game, viewer, t) for t in teams.all_teams(game)])
        if head == "teams":
            try:
                found = teams.find(game, rest)
            except teams.TeamError as exc:
                raise Refused(404, str(exc)) from None
            return self.page(request, "team.html", title=found.name, team=pages.team(game, viewer, found))
        if head == "events.ics" and not rest:
            return self._calendar(request, ical(game))
        if head == "events" and not rest:
            return self.page(request, "events.html", title="Events",
                             rows=[event_view(game, e) for e in upcoming(game)])
        if head == "login":
            return self.page(request, "login.html", title="Log in", error="")
        if head == "account" and viewer.char_id is not None:
            return self._account(request, viewer)
        if head == "approvals" and viewer.staff:
            return self._approvals(request, game)
        raise Refused(404, "There is no such page.")

    def _help(self, request, which: str, name: str, viewer: Viewer) -> bytes:
        library = self.view.help
        catalog = library.help if which == "help" else library.rules(self.view.config.ruleset)
        title = "+HELP" if which == "help" else "RULES"
        if not name:
            return self.page(request, "help_index.html", title=title, which=which,
                             groups=pages.help_index(catalog, viewer.staff))
        return self.page(request, "topic.html", title=f"{title} {name}", which=which,
                         topic=pages.help_topic(catalog, viewer, name))

    def _calendar(self, request, text: str) -> bytes:
        """An iCalendar file (RFC 5545), for a calendar program to subscribe to."""
        request.setHeader(b"content-disposition", b'inline; filename="events.ics"')
        return self._send(request, 200, text.encode("utf-8"), b"text/calendar; charset=utf-8")

    def _account(self, request, viewer: Viewer, said: list[str] | None = None, error: str = "") -> bytes:
        game = self.view.game()
        char = game.characters.get(viewer.char_id)
        if char is None:
            raise Refused(404, "Your character is gone.")
        fields = finger(char)
        return self.page(request, "account.html", title="Your character", said=said or [], error=error,
                         scenes=pages.own_scenes(game, char),
                         fields=[(key, label, longest, fields.get(key, "")) for key, (label, longest)
                                 in FINGER_FIELDS.items()],
                         approved=get_sheet(game, char).approved, max_kb=MAX_HDC_BYTES // 1024,
                         portrait_kb=MAX_PORTRAIT_BYTES // 1024, has_portrait=portrait(game, char) is not None)

    def _approvals(self, request, game, said: list[str] | None = None, error: str = "") -> bytes:
        rows = []
        for char_id, since in sorted(queue(game).items(), key=lambda kv: kv[1]):
            char = game.characters.get(char_id)
            if char is not None:
                hero = get_hero(game, char)
                rows.append({"name": char.name, "since": since, "problems": problems(hero),
                             "spent": hero.spent, "available": hero.available, "balance": hero.balance})
        return self.page(request, "approvals.html", title="Approval queue", rows=rows, said=said or [], error=error)

    # --- forms ------------------------------------------------------------------------------
    def _post(self, request, parts: list[str]) -> object:
        if not self.logins.csrf_ok(request):
            return self.page(request, "message.html", status=403, title="Form expired",
                             message="That form was stale or came from another site: load the page and try again.")
        viewer = self.logins.viewer(request)
        address = self.logins.address(request)
        if parts == ["login"]:
            return self._login(request, address)
        if parts == ["logout"]:
            return self._logout(request)
        if viewer.char_id is None:
            return self.page(request, "login.html", status=403, title="Log in", error="Log in first.")
        if parts == ["account", "finger"]:
            key, value = self._arg(request, "field"), self._arg(request, "value")
            if key not in FINGER_FIELDS:
                return self._account(request, viewer, error=f"The fields are {', '.join(FINGER_FIELDS)}.")
            line = f"+finger/set {key}={' '.join(value.split())}"
            return self._command(request, viewer, address, line, lambda said: self._account(request, viewer, said))
        if parts == ["account", "upload"]:
            return self._upload(request, viewer, address)
        if parts == ["account", "portrait"]:
            return self._portrait_upload(request, viewer, address)
        if len(parts) == 3 and parts[0] == "scenes" and parts[1].isdigit() and len(parts[1]) < 10 \
                and parts[2] == "share":
            pages.scene(self.view.game(), viewer, int(parts[1]))  # refused here when it is not the viewer's to read
            line = f"+scene/{'share' if self._arg(request, 'share') == '1' else 'unshare'} {int(parts[1])}"
            back = self._arg(request, "back")
            return self._command(request, viewer, address, line, lambda said: self._shared(request, viewer, said,
                                                                                          int(parts[1]), back))
        if parts == ["approvals"] and viewer.staff:
            return self._approve(request, viewer, address)
        raise Refused(404, "There is no such form.")

    def _shared(self, request, viewer: Viewer, said: list[str], number: int, back: str) -> bytes:
        """After sharing or unsharing: the page the form was on, with what the game said."""
        if back == "account":
            return self._account(request, viewer, said)
        data = pages.scene(self.view.game(), viewer, number)
        return self.page(request, "scene.html", title=data["title"], scene=data, said=said)

    def _approve(self, request, viewer: Viewer, address: str) -> object:
        """+approve <name>, or with ``force`` +approve/force <name>=<reason> (a reason is required)."""
        name = self._arg(request, "name", 60).replace("=", "")
        if not self._arg(request, "force"):
            line = f"+approve {name}"
        else:
            reason = self._arg(request, "reason", 200)
            if not reason:
                return self._approvals(request, self.view.game(), error=f"Give a reason to approve {name} anyway.")
            line = f"+approve/force {name}={reason}"
        return self._command(request, viewer, address, line,
                             lambda said: self._approvals(request, self.view.game(), said))

    def _logout(self, request) -> object:
        """The game ends the login (every copy of the cookie is nobody from now on)."""
        token = self.logins.session(request)

        def done(_answer: object) -> bytes:
            self.logins.logged_out(request)
            return self.page(request, "message.html", title="Logged out", message="You are logged out.")

        return self._later(request, self.link.ask("logout", token=token).addCallback(done))

    @staticmethod
    def _arg(request, name: str, limit: int = 400) -> str:
        values = request.args.get(name.encode(), [b""])
        return values[0][:limit].decode("utf-8", "replace").replace("\r", " ").replace("\n", " ").strip()

    def _login(self, request, address: str) -> object:
        name, password = self._arg(request, "name", 60), request.args.get(b"password", [b""])[0][:200]

        def answered(answer: dict[str, Any]) -> bytes:
            if "char" not in answer:
                return self.page(request, "login.html", status=403, title="Log in", error=answer.get("error", ""))
            self.logins.logged_in(request, answer["token"], Viewer(answer["char"], answer["name"], answer["role"]))
            return self.page(request, "message.html", title="Logged in",
                             message=f"Welcome, {answer['name']}. You are logged in.")

        ask = self.link.ask("login", name=name, password=password.decode("utf-8", "replace"), address=address)
        return self._later(request, ask.addCallback(answered))

    def _command(self, request, viewer: Viewer, address: str, line: str, then) -> object:
        ask = self.link.ask("command", char=viewer.char_id, line=line, address=address)
        return self._later(request, ask.addCallback(lambda answer: then(answer.get("lines") or [answer.get("error", "")])))

    def _portrait_upload(self, request, viewer: Viewer, address: str) -> object:
        import base64

        data = b"" if request.args.get(b"remove") else request.args.get(b"file", [b""])[0]
        if not data and not request.args.get(b"remove"):
            return self._account(request, viewer, error="Choose a PNG or JPEG picture to upload.")
        ask = self.link.ask("portrait", char=viewer.char_id, data=base64.b64encode(data).decode("ascii"),
                            address=address)
        return self._later(request, ask.addCallback(
            lambda answer: self._account(request, viewer, answer.get("lines") or [], answer.get("error", ""))))

    def _portrait(self, request, game, viewer: Viewer, name: str) -> bytes:
        """A character's portrait, to whoever may see the character's page."""
        char = game.find_character(name)
        if char is None or not pages.may_see(game, viewer, char):
            raise Refused(404, "There is no such portrait.")
        found = portrait(game, char)
        if found is None:
            raise Refused(404, "There is no such portrait.")
        return self._send(request, 200, found[1], found[0].encode("ascii"))

    def _upload(self, request, viewer: Viewer, address: str) -> object:
        data = request.args.get(b"file", [b""])[0]
        try:
            text = decode_hdc(data)
        except UploadError as exc:
            return self._account(request, viewer, error=str(exc))
        ask = self.link.ask("import", char=viewer.char_id, text=text, address=address)
        return self._later(request, ask.addCallback(
            lambda answer: self._account(request, viewer, answer.get("lines") or [], answer.get("error", ""))))
