"""Requests, boards and scene logs as rows, through the real server: a game kept by an older
version (comments, posts and the scene log inside growing documents) opens with all of them
readable; a player's comments stop at the config's cap; a long log reads a page at a time with
``/next``; everything survives ``kill -9`` (docs/reliability.md, "Documents that grow")."""

from __future__ import annotations

import pytest

from champions_mush.store import SqliteStore

from .helpers import Server, create_admin, read_line

pytestmark = pytest.mark.e2e

CONFIG = "password_cost: 1024\nconnects_per_minute: 0\ncommand_rate: 0\ncomments_per_request: 2\nscene_lines_per_scene: 50\n"


def _old_game(server: Server) -> None:
    """Documents as the version before rows wrote them, written while the server is stopped."""
    store = SqliteStore(server.data_dir / "game.sqlite3")
    store.next_id("job"), store.next_id("board"), store.next_id("scene")
    store.put("job", "1", {"id": 1, "kind": "request", "title": "Old request", "text": "Please.", "opener_id": 999,
                           "opener": "Zed", "opened": 1.0e9, "status": "open", "assignee": "", "updated": 1.0e9,
                           "comments": [{"author_id": 1, "author": "Gina", "text": f"Old answer {n}.",
                                         "time": 1.0e9, "staff_only": False} for n in range(3)]})
    store.put("board", "1", {"id": 1, "name": "General", "desc": "", "read_role": 1, "post_role": 1,
                             "timeout_days": 0.0, "next_post": 2, "posts": [
                                 {"id": 1, "author_id": 999, "author": "Zed", "title": "Old post",
                                  "body": "Posted long ago.", "time": 1.0e9, "edited": 0.0, "reply_to": 0}]})
    store.put("scene", "1", {"id": 1, "title": "Old scene", "room": 1, "room_name": "Hero Plaza", "starter_id": 999,
                             "starter": "Zed", "started": 1.0e9, "stopped": 1.0e9 + 60, "participants": [999]})
    store.append("scene", {"scene": 1, "speaker": "Zed", "text": "Zed looks around."}, 1.0e9 + 1)
    store.close()


def test_an_old_game_opens_readable_comments_stop_at_the_cap_and_a_log_pages_across_kill_9(tmp_path):
    server = Server(tmp_path / "game", CONFIG)
    create_admin(server, "Gina", "secret1")
    _old_game(server)
    with server:
        gina = server.client()
        gina.expect("QUIT")
        gina.send("connect Gina secret1")
        gina.expect("Heroes gather here.\n")
        gina.send("+job 1")
        assert read_line(gina, "Old answer 2") == "Old answer 2."
        gina.send("+bbread 1/1")
        assert read_line(gina, "Posted l") == "Posted long ago."
        gina.send("+scene/log 1")
        assert read_line(gina, "[") .endswith("] Zed looks around.")

        bob = server.login("Bob")
        bob.send("+request Cape=A new cape, please.")
        assert read_line(bob, "Request #2") == \
            "Request #2 filed: Cape. You will be told when staff answer (+request 2)."
        for text in ("Red.", "Blue."):
            bob.send(f"+request/comment 2={text}")
            assert read_line(bob, "You add") == "You add to request #2. Staff have been told."
        bob.send("+request/comment 2=Green.")
        assert read_line(bob, "You have") == "You have added 2 comments to request #2, the most one player may."

        bob.send("+scene/start Rooftop")
        read_line(bob, "[Scene] Bob starts scene 2")
        for n in range(45):
            bob.send(f"say Line {n}")
            assert read_line(bob, "You say") == f'You say, "Line {n}"'
        server.kill9()
        server.start()
        bob = server.login("Bob", create=False)
        bob.send("+request 2")
        assert read_line(bob, "Blue") == "Blue."
        bob.send("+scene/log 2")
        assert read_line(bob, "More follows") == "More follows: +scene/next reads on."
        bob.send("+scene/next")
        lines = [read_line(bob, "[") for _ in range(6)]
        assert [line[8:] for line in lines] == [f'Bob says, "Line {n}"' for n in range(39, 45)]
        bob.send("+scene/next")
        assert read_line(bob, "Nothing more") == "Nothing more to read: +scene/log <number> reads a scene."
