"""Staff requests, as AresMUSH's jobs: a player files a request, staff answer it (to the player
or among themselves), assign, close and reopen it, and the player is told of every answer,
online at once or at the next login (docs/staff-guide.md, "Requests").

A job is one small store document (kind ``job``, key its number); its comments are the
store's rows (kind ``job_comment``, owner the job's number), added one at a time and read a
page at a time, and one player may add only so many to one request and in a day (the config's
``comments_per_request`` and ``comments_per_day``; staff are not limited). The requests with
answers their opener has not read are listed in one document per character (kind
``job_unseen``), so a login does not read every job. Every change is saved before anyone is told.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..store.base import Row
from ..values import frozen
from . import growing
from .documents import Document
from .speech import clean

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = [
    "Comment",
    "Job",
    "JobError",
    "add_comment",
    "all_jobs",
    "comments",
    "assign",
    "get",
    "login_notice",
    "open_request",
    "seen",
    "set_status",
]

MAX_TITLE = 60
OPEN, CLOSED = "open", "closed"
#: the kinds of job the game files: a player's own request, a sheet sent for approval, XP spent
KINDS = ("request", "sheet", "xp")
TAG = "|y[Jobs]|n"
#: the store's rows of a job's comments
COMMENTS = "job_comment"


class JobError(ValueError):
    """A mistake with a request: the message says what to do."""


@frozen
class Comment:
    author_id: int
    author: str
    text: str
    time: float
    #: seen by staff only (``+job/discuss``)
    staff_only: bool = False

    def to_data(self) -> dict:
        """The row's data (its author id and time are the row's own)."""
        return {"author": self.author, "text": self.text, "staff_only": self.staff_only}

    @classmethod
    def from_row(cls, row: Row) -> Comment:
        return cls(row.author, str(row.data.get("author", "")), str(row.data.get("text", "")), row.time,
                   bool(row.data.get("staff_only", False)))


@frozen
class Job(Document):
    id: int
    kind: str
    title: str
    text: str
    opener_id: int
    opener: str
    opened: float
    status: str = OPEN
    assignee: str = ""
    updated: float = 0.0


def _save(game: Game, job: Job) -> Job:
    job = attrs.evolve(job, updated=game.clock())
    game.store.put("job", str(job.id), job.to_doc())
    return job


def _check(game: Game, text: str, what: str) -> str:
    text = text.strip()
    if not text:
        raise JobError(f"The {what} needs some text.")
    if len(text) > game.config.post_max_length:
        raise JobError(f"The {what} may be at most {game.config.post_max_length} characters.")
    return text


def open_request(game: Game, character: Character, title: str, text: str, kind: str = "request") -> Job:
    """File a job for staff and tell the staff online; returns the saved job (its ``id`` is
    the number players and staff use).

    This is the one way a job is made: ``+request`` files ``kind="request"``; other commands
    file their own kind (``"sheet"`` when a sheet is sent for approval, ``"xp"`` when XP is
    spent). Raises :class:`JobError` for an empty or overlong title or text, or an unknown kind.
    """
    if kind not in KINDS:
        raise JobError(f"Unknown kind of job '{kind}' (one of {', '.join(KINDS)}).")
    title = clean(title)  # as typed text is shown (docs/reliability.md, "Every door")
    if not title or len(title) > MAX_TITLE:
        raise JobError(f"A request needs a title of 1-{MAX_TITLE} characters.")
    job = Job(id=game.store.next_id("job"), kind=kind, title=title, text=_check(game, text, "request"),
              opener_id=character.id, opener=character.name, opened=game.clock())
    job = _save(game, job)
    game.msg_staff(f"{TAG} New {kind} #{job.id} from {character.name}: {title}")
    return job


def get(game: Game, number: int) -> Job | None:
    doc = game.store.get("job", str(number))
    return None if doc is None else Job.from_doc(doc)


def all_jobs(game: Game) -> list[Job]:
    """Every job, by number."""
    return sorted((Job.from_doc(d) for d in game.store.all("job").values()), key=lambda j: j.id)


# --- who has unread answers ---------------------------------------------------------------------
def _unseen(game: Game, char_id: int) -> list[int]:
    return list((game.store.get("job_unseen", str(char_id)) or {}).get("jobs", []))


def _set_unseen(game: Game, char_id: int, jobs: list[int]) -> None:
    if jobs:
        game.store.put("job_unseen", str(char_id), {"jobs": sorted(set(jobs))})
    else:
        game.store.delete("job_unseen", str(char_id))


def _tell_opener(game: Game, job: Job, line: str) -> None:
    """Mark the job unread for its opener (saved), then tell them if they are online."""
    unseen = _unseen(game, job.opener_id)
    if job.id not in unseen:
        _set_unseen(game, job.opener_id, [*unseen, job.id])
    opener = game.characters.get(job.opener_id)
    if opener is not None:
        game.msg(opener, line)


def seen(game: Game, char: Character, job: Job) -> None:
    """The opener has read the job's answers."""
    unseen = _unseen(game, char.id)
    if job.id in unseen:
        _set_unseen(game, char.id, [j for j in unseen if j != job.id])


# --- changes ------------------------------------------------------------------------------------
def comments(game: Game, job: Job, offset: int, staff: bool) -> tuple[list[Comment], int]:
    """A page of the job's comments from ``offset`` (staff-only ones for ``staff``), and the
    offset the next page starts at (0 when this is the last)."""
    rows, following = growing.page(game.store, COMMENTS, str(job.id), offset, lambda r: len(r.data.get("text", "")))
    shown = [Comment.from_row(r) for r in rows]
    return [c for c in shown if staff or not c.staff_only], following


def add_comment(game: Game, job: Job, author: Character, text: str, staff_only: bool = False) -> Job:
    """Add a comment (one row); the opener hears of a staff answer, staff hear of the opener's.

    Raises :class:`JobError` for an empty or overlong comment, or one over the player's limits."""
    text = _check(game, text, "comment")
    config = game.config
    try:
        growing.check_quota(game, COMMENTS, str(job.id), author, config.comments_per_request,
                            config.comments_per_day, "comments", f"request #{job.id}")
    except growing.QuotaError as error:
        raise JobError(str(error)) from None
    comment = Comment(author.id, author.name, text, game.clock(), staff_only)
    game.store.add_row(COMMENTS, str(job.id), author.id, comment.to_data(), comment.time)
    job = _save(game, job)
    if staff_only:
        game.msg_staff(f"{TAG} {author.name} (staff only) on #{job.id}: {comment.text}")
    elif author.id == job.opener_id:
        game.msg_staff(f"{TAG} {author.name} added to #{job.id} ({job.title}): {comment.text}")
    else:
        _tell_opener(game, job, f"{TAG} {author.name} answered your request #{job.id} ({job.title}): "
                                f"{comment.text}  (+request {job.id})")
    return job


def assign(game: Game, job: Job, staff: Character | None) -> Job:
    return _save(game, attrs.evolve(job, assignee=staff.name if staff else ""))


def set_status(game: Game, job: Job, actor: Character, status: str) -> Job:
    """Close or reopen a job; the opener is told either way."""
    if job.status == status:
        raise JobError(f"#{job.id} is already {status}.")
    job = _save(game, attrs.evolve(job, status=status))
    verb = "closed" if status == CLOSED else "reopened"
    if actor.id != job.opener_id:
        _tell_opener(game, job, f"{TAG} {actor.name} {verb} your request #{job.id} ({job.title}).  "
                                f"(+request {job.id})")
    return job


# --- notices ------------------------------------------------------------------------------------
def login_notice(game: Game, char: Character) -> list[str]:
    """One line per request with answers ``char`` has not read yet."""
    lines = []
    for number in _unseen(game, char.id):
        job = get(game, number)
        if job is not None:
            lines.append(f"{TAG} Staff have answered your request #{job.id} ({job.title}). Type +request {job.id}.")
    return lines
