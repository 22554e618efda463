"""Stored documents come back as the same values, and a field this version does not know is left out."""

from champions_mush.game.boards import Board, Post
from champions_mush.game.jobs import Comment, Job
from champions_mush.game.objects import Character


def test_a_board_with_posts_comes_back_the_same():
    post = Post(id=1, author_id=7, author="Ada", title="Hi", body="First!", time=10.0)
    board = Board(id=2, name="News", posts=(post,), next_post=2)
    doc = board.to_doc()
    assert doc["posts"] == [{"id": 1, "author_id": 7, "author": "Ada", "title": "Hi", "body": "First!",
                             "time": 10.0, "edited": 0.0, "reply_to": 0}]
    assert Board.from_doc(doc) == board


def test_a_job_keeps_its_comments_as_a_tuple():
    job = Job(id=3, kind="req", title="Approve me", text="please", opener_id=7, opener="Ada", opened=1.0,
              comments=(Comment(author_id=1, author="Gina", text="soon", time=2.0, staff_only=True),))
    back = Job.from_doc(job.to_doc())
    assert back == job
    assert isinstance(back.comments, tuple)


def test_a_field_from_another_version_is_left_out():
    doc = {**Character(id=5, name="Nova").to_doc(), "aura": "glowing"}
    assert Character.from_doc(doc) == Character(id=5, name="Nova")


def test_a_post_field_from_another_version_is_left_out():
    doc = Board(id=2, name="News").to_doc()
    doc["posts"] = [{"id": 1, "author_id": 7, "author": "Ada", "title": "Hi", "body": "First!", "time": 10.0,
                     "pinned": True}]
    assert Board.from_doc(doc).posts == (Post(id=1, author_id=7, author="Ada", title="Hi", body="First!", time=10.0),)
