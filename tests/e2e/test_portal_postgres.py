"""The web portal on a PostgreSQL game (docs/architecture.md, "The portal"): it reads the game's
database in read-only transactions, sees what the game commits, and logs in through the game."""

from __future__ import annotations

import pytest

from .helpers import Server, free_port, wait_for_output
from .test_portal_e2e import _alice_sets_her_quote, _opener, _page

pytest.importorskip("psycopg")


def test_the_portal_reads_a_postgresql_game_and_logs_in_through_it(tmp_path, postgres_url):
    web_port = free_port()
    config = f"password_cost: 1024\nweb_port: {web_port}\nstore: '{postgres_url}'\n"
    with Server(tmp_path, config=config) as server:
        wait_for_output(server, rf"web client on http://[^:]+:{web_port}/")
        base = f"http://127.0.0.1:{web_port}"
        alice = server.login("Alice")
        who = _page(_opener(), f"{base}/who")
        assert '<th scope="row"><a href="/characters/Alice">Alice</a></th>' in who
        browser = _opener()
        _alice_sets_her_quote(browser, base)
        alice.do("+finger", "Zoom")  # the portal's write went through the game
        alice.do("+finger/set alias=The Blur", "Alias set.")
        assert "The Blur" in _page(browser, f"{base}/account")  # and the game's commit is read back
