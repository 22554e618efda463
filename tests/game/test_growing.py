"""Requests, boards and scene logs as rows: per-item and per-day caps from the config, pages
read with /next, and the move of older versions' documents into rows (game/growing.py,
game/migrate.py)."""

from champions_mush.commands.base import Role
from champions_mush.game.growing import PAGE_ROWS
from champions_mush.game.migrate import rows_from_documents
from champions_mush.store import MemoryStore

from ..harness import World, make_world

RULE = "-" * 78


def test_a_players_comments_on_one_request_and_in_a_day_are_capped_staff_are_not():
    world = make_world(comments_per_request=2, comments_per_day=3)
    alice, gina = world.login("Alice"), world.login("Gina", role=Role.STAFF)
    alice.do("+request One=first")
    alice.do("+request Two=second")
    assert alice.do("+request/comment 1=a") == ["You add to request #1. Staff have been told."]
    alice.do("+request/comment 1=b")
    assert alice.do("+request/comment 1=c") == [
        "You have added 2 comments to request #1, the most one player may."]
    assert alice.do("+request/comment 2=d") == ["You add to request #2. Staff have been told."]
    assert alice.do("+request/comment 2=e") == [
        "You have added 3 comments in the last day, the most one player may. Try again tomorrow."]
    for n in range(4):
        assert gina.do(f"+job/comment 1=answer {n}") == ["You answer #1; Alice is told."]
    world.clock.advance(86401)
    assert alice.do("+request/comment 2=f") == ["You add to request #2. Staff have been told."]
    assert world.store.count_rows("job_comment", "1") == 6


def test_a_long_request_is_read_a_page_at_a_time():
    world = make_world()
    alice, gina = world.login("Alice"), world.login("Gina", role=Role.STAFF)
    alice.do("+request Long=Many answers.")
    for n in range(PAGE_ROWS + 5):
        gina.do(f"+job/comment 1=Answer {n}.")
    first = alice.do("+request 1")
    assert first[-2:] == [RULE, "More follows: +request/next reads on."]
    assert first[-4:-2] == ["Gina, 1970-01-12 13:46:", f"Answer {PAGE_ROWS - 1}."]
    second = alice.do("+request/next")
    assert second == [x for n in range(PAGE_ROWS, PAGE_ROWS + 5)
                      for x in (RULE, "Gina, 1970-01-12 13:46:", f"Answer {n}.")] + [RULE]
    assert alice.do("+request/next") == ["Nothing more to read: +request <number> reads one."]
    assert gina.do("+job 1")[-1] == "More follows: +job/next reads on."
    assert gina.do("+job/next")[-2:] == [f"Answer {PAGE_ROWS + 4}.", RULE]


def test_a_page_holds_a_bounded_amount_of_text_however_long_the_comments():
    world = make_world()
    alice, gina = world.login("Alice"), world.login("Gina", role=Role.STAFF)
    alice.do("+request Big=x")
    for n in range(5):
        gina.do(f"+job/comment 1={str(n) * 7000}")
    page = alice.do("+request 1")  # 7,000 characters a comment, 12,000 a page: one a page
    assert "0" * 78 in page and "1" * 78 not in page
    assert page[-1] == "More follows: +request/next reads on."
    second = alice.do("+request/next")
    assert "1" * 78 in second and "0" * 78 not in second and "2" * 78 not in second


def test_board_posts_are_capped_per_board_and_a_long_read_pages():
    world = make_world(posts_per_board=3, posts_per_day=100)
    alice, gina = world.login("Alice"), world.login("Gina", role=Role.STAFF)
    gina.do("+bbnewgroup General")
    for n in range(3):
        alice.do(f"+bbpost 1/Post {n}={'x' * 7000}")
    assert alice.do("+bbpost 1/Four=y") == ["You have added 3 posts to General, the most one player may."]
    alice.do("+bbremove 1/1")
    assert alice.do("+bbpost 1/Four=y") == ["You post 'Four' on General as 1/3."]
    page = gina.do("+bbread 1/1-3")
    assert page.count("Title: Post 1") == 1 and "Title: Four" not in page
    assert page[-1] == "More follows: +bbread/next reads on."
    rest = gina.do("+bbread/next")
    assert "Title: Four" in rest and rest[-1] == "=" * 78
    assert gina.do("+bbread/next") == ["Nothing more to read: +bbread <board> lists a board's posts."]


def test_a_board_list_pages():
    world = make_world()
    gina = world.login("Gina", role=Role.STAFF)
    gina.do("+bbnewgroup General")
    for n in range(PAGE_ROWS + 2):
        gina.do(f"+bbpost 1/Post {n}=text")
    listing = gina.do("+bbread 1")
    assert len(listing) == 2 + PAGE_ROWS + 1 and listing[-1] == "More follows: +bbread/next reads on."
    rest = gina.do("+bbread/next")
    assert [line[:8] for line in rest[2:]] == [f"1/{PAGE_ROWS + 1}    ", f"1/{PAGE_ROWS + 2}    "]


def test_scene_lines_past_a_players_cap_are_heard_unlogged_and_the_log_pages():
    world = make_world(scene_lines_per_scene=3)
    alice, bob = world.login("Alice"), world.login("Bob")
    alice.do("+scene/start Docks")  # Alice's first line
    alice.do('"one')
    alice.do('"two')
    assert alice.do('"three') == [
        "[Scene] You have added 3 lines to scene 1, the most one player may. The room hears you; the log does not.",
        'You say, "three"']
    assert bob.lines[-1] == 'Alice says, "three"'
    for n in range(PAGE_ROWS):
        world.game.msg_room(alice.character.location, f"Thunder {n}.")  # the game's lines are not capped
    log = bob.do("+scene/log 1")
    assert log[-1] == "More follows: +scene/next reads on."
    assert log[4:7] == ["[13:46] [Scene] Alice starts scene 1: Docks. Everything said here is logged until +scene/stop.",
                        '[13:46] Alice says, "one"', '[13:46] Alice says, "two"']
    assert bob.do("+scene/next") == [f"[13:46] Thunder {n}." for n in range(PAGE_ROWS - 3, PAGE_ROWS)] + [RULE]
    text = bob.do("+scene/text 1")
    assert text[-1] == "More follows: +scene/next reads on."
    assert bob.do("+scene/next")[-1] == "-- end scene 1 --"


def test_older_documents_move_into_rows_once_even_after_a_cut_short_move():
    store = MemoryStore()
    store.put("job", "1", {"id": 1, "kind": "request", "title": "Old", "text": "x", "opener_id": 5,
                           "opener": "Ada", "opened": 1.0, "comments": [
                               {"author_id": 9, "author": "Gina", "text": "Yes.", "time": 2.0, "staff_only": False}]})
    store.put("board", "3", {"id": 3, "name": "News", "next_post": 2, "posts": [
        {"id": 1, "author_id": 5, "author": "Ada", "title": "Hi", "body": "First!", "time": 3.0}]})
    store.append("scene", {"scene": 4, "speaker": "Ada", "text": "Ada waves."}, 5.0)
    store.add_row("job_comment", "1", 9, {"text": "half-moved before a kill -9"}, 2.0)
    assert rows_from_documents(store) == {"job_comment": 1, "board_post": 1, "scene_line": 1}
    assert [(r.author, r.data) for r in store.rows("job_comment", "1")] == [
        (9, {"author": "Gina", "text": "Yes.", "staff_only": False})]
    assert "comments" not in store.get("job", "1") and "posts" not in store.get("board", "3")
    assert [r.data["body"] for r in store.rows("board_post", "3")] == ["First!"]
    assert [(r.time, r.data) for r in store.rows("scene_line", "4")] == [(5.0, {"speaker": "Ada", "text": "Ada waves."})]
    assert store.tail("scene", 10) == []
    assert rows_from_documents(store) == {"job_comment": 0, "board_post": 0, "scene_line": 0}
    world = World(store=store)
    gina = world.login("Gina", role=Role.STAFF)
    assert gina.do("+job 1")[-3:] == ["Gina, 1970-01-01 00:00:", "Yes.", RULE]
    assert gina.do("+bbread 1/1")[5] == "First!"
