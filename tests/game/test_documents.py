"""Stored documents come back as the same values, and a field this version does not know is left out."""

import attrs

from champions_mush.game.boards import Board, Post
from champions_mush.game.jobs import Comment, Job
from champions_mush.game.objects import Character
from champions_mush.game.world import Game
from champions_mush.store.base import Row
from champions_mush.store.memory import MemoryStore


def test_a_board_document_holds_no_posts_and_comes_back_the_same():
    board = Board(id=2, name="News", next_post=2)
    doc = board.to_doc()
    assert "posts" not in doc
    assert Board.from_doc(doc) == board


def test_a_post_and_a_comment_come_back_from_their_rows():
    post = Post(id=1, author_id=7, author="Ada", title="Hi", body="First!", time=10.0, reply_to=0)
    row = Row(id=5, kind="board_post", owner="2", author=7, time=10.0, data=post.to_data())
    assert Post.from_row(row) == attrs.evolve(post, row=5)
    assert Post.from_row(row, body=False).body == ""
    comment = Comment(author_id=1, author="Gina", text="soon", time=2.0, staff_only=True)
    assert Comment.from_row(Row(6, "job_comment", "3", 1, 2.0, comment.to_data())) == comment
    assert "comments" not in Job(id=3, kind="request", title="t", text="x", opener_id=7, opener="Ada",
                                 opened=1.0).to_doc()


def test_a_field_from_another_version_is_left_out():
    doc = {**Character(id=5, name="Nova").to_doc(), "aura": "glowing"}
    assert Character.from_doc(doc) == Character(id=5, name="Nova")


def test_a_post_field_from_another_version_is_left_out():
    data = {"id": 1, "author": "Ada", "title": "Hi", "body": "First!", "pinned": True}
    assert Post.from_row(Row(4, "board_post", "2", 7, 10.0, data)) == Post(
        id=1, author_id=7, author="Ada", title="Hi", body="First!", time=10.0, row=4)


def test_characters_read_from_the_store_share_their_settings_keys_and_keep_their_values():
    store = MemoryStore()
    settings = {"channels": {"pub": {"channel": "Public", "id": 1, "on": True}}, "colour": "ansi"}
    for cid, name in ((2, "Nova"), (3, "Vega")):
        store.put("character", str(cid), Character(id=cid, name=name, settings=settings).to_doc())
    game = Game(store)
    nova, vega = game.characters[2], game.characters[3]
    assert nova.settings == vega.settings == settings
    key_of = {id(k) for char in (nova, vega) for k in (*char.settings, *char.settings["channels"],
                                                      *char.settings["channels"]["pub"])}
    assert len(key_of) == 6  # channels, colour, pub, channel, id, on: each once for both
