"""The web portal as a process of its own (docs/architecture.md, "The portal"): served on the
web port beside the web client, it logs in and writes through the game, and a portal killed
with ``kill -9`` while a player plays loses nothing, disturbs nobody and is started again, with
every browser still logged in (the logins are kept in the game's database)."""

from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import time
import urllib.parse
import urllib.request

from champions_mush.net.status import read_status

from .helpers import TIMEOUT, Server, free_port, wait_for_output


def _portal_pid(data_dir) -> int | None:
    return (read_status(data_dir) or {}).get("portal_pid")


def _opener() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))


def _page(opener, url: str, form: dict | None = None) -> str:
    data = urllib.parse.urlencode(form).encode() if form is not None else None
    with opener.open(url, data=data, timeout=TIMEOUT) as answer:
        assert answer.headers["Content-Type"] == "text/html; charset=utf-8"
        return answer.read().decode("utf-8")


def _csrf(html: str) -> str:
    return re.search(r'name="csrf" value="([0-9a-f]+)"', html).group(1)


def _alice_sets_her_quote(browser, base: str) -> str:
    """Alice logs in on the portal (secret1) and sets her ``+finger`` quote to Zoom there; her
    account page as it was before."""
    login = _page(browser, f"{base}/login")
    welcome = _page(browser, f"{base}/login", {"csrf": _csrf(login), "name": "alice", "password": "secret1"})
    assert "Welcome, Alice. You are logged in." in welcome
    account = _page(browser, f"{base}/account")
    said = _page(browser, f"{base}/account/finger", {"csrf": _csrf(account), "field": "quote", "value": "Zoom"})
    assert "Quote set." in said
    return account


def test_the_portal_survives_kill_9_while_a_player_plays(tmp_path):
    web_port = free_port()
    with Server(tmp_path, config=f"password_cost: 1024\nweb_port: {web_port}\n") as server:
        wait_for_output(server, rf"web client on http://[^:]+:{web_port}/")
        base = f"http://127.0.0.1:{web_port}"
        alice = server.login("Alice")
        alice.do("+finger/set alias=The Blur", "Alias set.")
        browser = _opener()
        account = _alice_sets_her_quote(browser, base)
        deadline = time.monotonic() + 30
        while (first := _portal_pid(tmp_path)) is None:
            assert time.monotonic() < deadline, "the status file never named the portal"
            time.sleep(0.1)
        os.kill(first, signal.SIGKILL)
        alice.do("pose keeps running.", "Alice keeps running.")  # play goes on meanwhile
        alice.do("+finger", "Zoom")
        while _portal_pid(tmp_path) in (first, None):
            assert time.monotonic() < deadline, "the portal was not started again"
            time.sleep(0.1)
        who = _page(_opener(), f"{base}/who")
        assert '<th scope="row"><a href="/characters/Alice">Alice</a></th>' in who
        kept = _page(browser, f"{base}/account")  # the same cookie: still logged in after the restart
        assert "<h1>Alice</h1>" in kept
        said = _page(browser, f"{base}/account/finger", {"csrf": _csrf(account), "field": "rp", "value": "Open"})
        assert "RP preferences set." in said  # a form loaded before the kill still posts
        sheet = _page(browser, f"{base}/characters/alice")
        assert "<dt>Alias</dt><dd>The Blur</dd>" in sheet and "<dt>Quote</dt><dd>Zoom</dd>" in sheet
        alice.do("+finger", "The Blur")
        log = (tmp_path / "logs" / "server.log").read_text()
        assert f"the web portal (pid {first}) stopped: starting it again" in log
