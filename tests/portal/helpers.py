"""The portal's site driven in-process: a game filled through the test harness, the portal's
real :class:`Portal` resource and twisted.web's HTTP server over an in-memory transport, and
the game's real answers to the portal's requests (net/portal.py ``answer_request``).

    site = PortalSite(world)
    page = site.get("/characters/Alice")              # a guest
    bob = Browser(site); bob.login("Bob", "secret12") # a logged-in browser
"""

from __future__ import annotations

import html.parser
import re
import uuid
from urllib.parse import urlencode

from twisted.internet import defer
from twisted.internet.address import IPv4Address
from twisted.internet.testing import StringTransport
from twisted.web.server import Site

from champions_mush.commands.helpcmds import help_library
from champions_mush.game.accounts import hash_password
from champions_mush.game.web_logins import portal_key
from champions_mush.net.portal import answer_request
from champions_mush.portal.site import Portal

__all__ = ["Browser", "Page", "PortalSite", "set_password", "tables"]


class _View:
    """The portal's GameView, on the harness's game (no database file)."""

    def __init__(self, game) -> None:
        self._game, self.config, self.help = game, game.config, help_library(game)

    def game(self):
        return self._game


class _Link:
    """The portal's GameLink, answered in-process by the game's own request handler."""

    def __init__(self, world) -> None:
        self.world = world
        self.asked: list[dict] = []

    def ask(self, op: str, **fields) -> defer.Deferred:
        request = {"id": len(self.asked) + 1, "op": op, **fields}
        self.asked.append(request)
        answer: defer.Deferred = defer.Deferred()
        answer_request(self.world.game, self.world.dispatcher, request, answer.callback)
        return answer


class Page:
    """One response: status, headers (lower-case names, lists), body text."""

    def __init__(self, raw: bytes) -> None:
        head, _, body = raw.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        self.status = int(lines[0].split(" ")[1])
        self.headers: dict[str, list[str]] = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            self.headers.setdefault(name.strip().lower(), []).append(value.strip())
        self.body = body
        self.text = body.decode("utf-8", "replace")

    def header(self, name: str) -> str:
        return self.headers.get(name, [""])[0]

    @property
    def main(self) -> str:
        """The text of <main>, tags dropped, whitespace folded."""
        inner = self.text.split('<main id="main">', 1)[1].split("</main>", 1)[0]
        spaced = re.sub(r"<(?:/?)(?:p|h\d|li|tr|td|th|dt|dd|pre|section|div|ul|table|caption|form|nav|article|br)\b[^>]*>",
                        " ", inner)
        return " ".join(html.unescape(re.sub(r"<[^>]+>", "", spaced)).split())

    def csrf(self) -> str:
        found = re.search(r'name="csrf" value="([0-9a-f]+)"', self.text)
        assert found, "the page has no form"
        return found.group(1)

    def links(self) -> list[str]:
        return re.findall(r'<a href="([^"]+)"', self.text.split('<main id="main">', 1)[1])


class PortalSite:
    """The portal's site on ``world``'s game."""

    def __init__(self, world) -> None:
        self.world = world
        self.link = _Link(world)
        portal_key(world.game)  # as the game makes it before it starts a portal (net/portal.py)
        self.portal = Portal(_View(world.game), self.link, clock=world.clock)
        self.site = Site(self.portal)
        self.site.log = lambda request: None

    def request(self, method: str, path: str, headers: dict[str, str] | None = None, body: bytes = b"",
                address: str = "127.0.0.1") -> Page:
        lines = [f"{method} {path} HTTP/1.1", "Host: portal.test", "Connection: close"]
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        if body or method == "POST":
            lines.append(f"Content-Length: {len(body)}")
        raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
        channel = self.site.buildProtocol(IPv4Address("TCP", address, 40000))
        transport = StringTransport(peerAddress=IPv4Address("TCP", address, 40000))
        channel.makeConnection(transport)
        channel.dataReceived(raw)
        out = transport.value()
        channel.connectionLost(None)
        return Page(out)

    def get(self, path: str, **kw) -> Page:
        return self.request("GET", path, **kw)


class Browser:
    """A browser: keeps the cookies the portal sets and sends them back."""

    def __init__(self, site: PortalSite, headers: dict[str, str] | None = None) -> None:
        self.site, self.cookies, self.extra = site, {}, dict(headers or {})
        self.set_cookies: list[str] = []

    def _headers(self, more: dict[str, str] | None = None) -> dict[str, str]:
        headers = dict(self.extra)
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        headers.update(more or {})
        return headers

    def _keep(self, page: Page) -> Page:
        for cookie in page.headers.get("set-cookie", []):
            self.set_cookies.append(cookie)
            name, _, rest = cookie.partition("=")
            value = rest.split(";", 1)[0]
            if "Max-Age=0" in cookie or not value:
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value
        return page

    def get(self, path: str) -> Page:
        return self._keep(self.site.get(path, headers=self._headers()))

    def post(self, path: str, fields: dict[str, str], csrf: str | None = None) -> Page:
        if csrf is None:
            csrf = self.get("/login" if path in ("/login", "/logout") else self._form_page(path)).csrf()
        body = urlencode({"csrf": csrf, **fields}).encode()
        return self._keep(self.site.request("POST", path, self._headers(
            {"Content-Type": "application/x-www-form-urlencoded"}), body))

    def upload(self, path: str, name: str, data: bytes, csrf: str | None = None) -> Page:
        csrf = csrf if csrf is not None else self.get(self._form_page(path)).csrf()
        boundary = uuid.uuid4().hex
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n"
                f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
                "Content-Type: application/octet-stream\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
        return self._keep(self.site.request("POST", path, self._headers(
            {"Content-Type": f"multipart/form-data; boundary={boundary}"}), body))

    @staticmethod
    def _form_page(path: str) -> str:
        return "/account" if path.startswith("/account") else path

    def login(self, name: str, password: str) -> Page:
        return self.post("/login", {"name": name, "password": password})


def set_password(world, name: str, password: str) -> None:
    """Give ``name`` (made if needed) a password, as ``create`` would."""
    char = world.game.find_character(name) or world.game.new_character(name)
    char.password_hash = hash_password(password, 16)
    world.game.save_character(char)


class _Tables(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, dict] = {}
        self._table: dict | None = None
        self._cell: list[str] | None = None
        self._row: list[str] | None = None
        self._in_caption = False

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag == "table":
            self._table = {"id": dict(attrs).get("id", f"table{len(self.found) + 1}"), "caption": "", "rows": []}
        elif tag == "caption":
            self._in_caption = True
        elif tag == "tr" and self._table is not None:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "table" and self._table is not None:
            self.found[self._table["id"]] = self._table
            self._table = None
        elif tag == "caption":
            self._in_caption = False
        elif tag == "tr" and self._row is not None:
            self._table["rows"].append(self._row)
            self._row = None
        elif tag in ("td", "th") and self._cell is not None:
            self._row.append(" ".join("".join(self._cell).split()))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._in_caption and self._table is not None:
            self._table["caption"] += data
        elif self._cell is not None:
            self._cell.append(data)


def tables(page: Page) -> dict[str, dict]:
    """Every table on the page by id: its caption and its rows of cell texts (header row first)."""
    parser = _Tables()
    parser.feed(page.text)
    return parser.found
