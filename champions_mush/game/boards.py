"""Bulletin boards, as Myrddin's BBS runs them on most MUSHes (docs/player-guide.md, "Boards").

A board is one small store document (kind ``board``, key its id); its posts are the store's
rows (kind ``board_post``, owner the board's id), one written per post, their titles kept in
memory and their text read only when shown. One player may have only so many posts on a board
and add only so many a day (the config's ``posts_per_board`` and ``posts_per_day``; staff are
not limited). Who has read what is one document per character (kind ``bbread``). Each board has a role to read it and a role to
post on it (1 player, 2 staff, 3 admin) and a timeout in days after which posts expire (0:
never); expired posts are hidden at once and dropped at the board's next write. Boards and
posts are numbered from 1 in order, as Myrddin's are. The game keeps the boards in memory and
writes each change to the store before anyone is told.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import attrs

from ..store.base import Row
from ..text.numbers import NumberListError, is_number, parse_numbers
from ..values import frozen
from . import growing, speech, teams
from .documents import Document
from .roles import Role

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["POSTS", "Board", "BoardError", "Boards", "Post", "login_notice"]

MAX_TITLE = 60
MAX_BOARD_NAME = 30
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9 '_-]*")
_DAY = 86400.0
#: the store's rows of a board's posts
POSTS = "board_post"


class BoardError(ValueError):
    """A player's mistake with a board: the message says what to do."""


@frozen
class Post:
    id: int
    author_id: int
    author: str
    title: str
    body: str
    time: float
    edited: float = 0.0
    reply_to: int = 0
    #: its row in the store (0 until saved)
    row: int = 0

    def to_data(self) -> dict[str, Any]:
        """The row's data (its author id and time are the row's own)."""
        return {"id": self.id, "author": self.author, "title": self.title, "body": self.body,
                "edited": self.edited, "reply_to": self.reply_to}

    @classmethod
    def from_row(cls, row: Row, body: bool = True) -> Post:
        """The post a row holds; without its text unless ``body`` (the boards keep titles only)."""
        data = row.data
        return cls(id=int(data.get("id", 0)), author_id=row.author, author=str(data.get("author", "")),
                   title=str(data.get("title", "")), body=str(data.get("body", "")) if body else "",
                   time=row.time, edited=float(data.get("edited", 0.0)), reply_to=int(data.get("reply_to", 0)),
                   row=row.id)


@frozen
class Board(Document):
    id: int
    name: str
    desc: str = ""
    read_role: int = Role.PLAYER
    post_role: int = Role.PLAYER
    timeout_days: float = 0.0
    next_post: int = 1
    #: the team whose members alone (and staff) read and post here (game/teams.py), "" for none
    team: str = ""

    def live(self, posts: list[Post], now: float) -> list[Post]:
        """Of ``posts``, those not yet expired, oldest first."""
        if self.timeout_days <= 0:
            return list(posts)
        cutoff = now - self.timeout_days * _DAY
        return [p for p in posts if p.time > cutoff]


class Boards:
    """The game's boards, read marks and posting."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.boards: dict[int, Board] = {int(k): Board.from_doc(v) for k, v in game.store.all("board").items()}
        #: each board's posts, titles only (the text stays in the store until shown)
        self.heads: dict[int, list[Post]] = {b: self._load(b) for b in self.boards}

    def _load(self, board_id: int) -> list[Post]:
        store, found, offset = self.game.store, [], 0
        while rows := store.rows(POSTS, str(board_id), offset, 1000):
            found += [Post.from_row(r, body=False) for r in rows]
            offset += len(rows)
        return found

    @classmethod
    def of(cls, game: Game) -> Boards:
        return game.services.boards

    # --- boards ---------------------------------------------------------------------------------
    def ordered(self) -> list[Board]:
        return [self.boards[k] for k in sorted(self.boards)]

    def readable(self, char: Character) -> list[tuple[int, Board]]:
        """(number, board) for every board ``char`` may read."""
        return [(n, b) for n, b in enumerate(self.ordered(), 1) if self.may_read(char, b)]

    def may_read(self, char: Character, board: Board) -> bool:
        """The board's read role, and for a team's board its membership (staff always)."""
        if char.role < board.read_role:
            return False
        return not board.team or char.role >= Role.STAFF or teams.is_member(self.game, board.team, char)

    def find(self, char: Character, ref: str) -> tuple[int, Board]:
        """A board ``char`` may read, by number or (a unique start of) its name."""
        ref = ref.strip().lower()
        if not ref:
            raise BoardError("Which board? +bbread lists them.")
        mine = self.readable(char)
        if is_number(ref):
            found = [(n, b) for n, b in mine if n == int(ref)]
        else:
            found = [(n, b) for n, b in mine if b.name.lower() == ref] or [
                (n, b) for n, b in mine if b.name.lower().startswith(ref)]
        if len(found) != 1:
            raise BoardError(f"There is no board '{ref}' you can read. +bbread lists them." if not found
                             else f"'{ref}' could be {', '.join(b.name for _, b in found)}.")
        return found[0]

    def _save(self, board: Board) -> Board:
        """Write the board's document, dropping its expired posts' rows."""
        heads = self.heads.setdefault(board.id, [])
        live = board.live(heads, self.game.clock())
        if len(live) != len(heads):
            kept = {p.row for p in live}
            self.game.store.delete_rows(POSTS, str(board.id), [p.row for p in heads if p.row not in kept])
            self.heads[board.id] = live
        self.game.store.put("board", str(board.id), board.to_doc())
        self.boards[board.id] = board
        return board

    def create(self, name: str, desc: str = "") -> Board:
        name = name.strip()
        if not _NAME.fullmatch(name) or len(name) > MAX_BOARD_NAME or "  " in name:
            raise BoardError(f"A board name is 1-{MAX_BOARD_NAME} letters, digits, spaces, ' - or _, "
                             "starting with a letter.")
        same = [b for b in self.boards.values() if b.name.lower() == name.lower()]
        if same:
            raise BoardError(f"There is already a board called {same[0].name}.")
        return self._save(Board(id=self.game.store.next_id("board"), name=name, desc=desc.strip()))

    def destroy(self, board: Board) -> None:
        self.game.store.delete("board", str(board.id))
        self.game.store.delete_rows(POSTS, str(board.id))
        del self.boards[board.id]
        self.heads.pop(board.id, None)

    def configure(self, board: Board, **fields: Any) -> Board:
        return self._save(attrs.evolve(board, **fields))

    # --- posts ----------------------------------------------------------------------------------
    def posts(self, board: Board) -> list[Post]:
        """The board's live posts, titles only (:meth:`full` reads one's text)."""
        return board.live(self.heads.get(board.id, []), self.game.clock())

    def full(self, post: Post) -> Post:
        """The post with its text, read from the store."""
        row = self.game.store.get_row(POSTS, post.row)
        return post if row is None else Post.from_row(row)

    def pick(self, board: Board, spec: str, char: Character | None = None) -> list[Post]:
        """Posts by number: ``3``, ``1-4``, ``2 5``, or ``u`` (unread by ``char``)."""
        posts = self.posts(board)
        spec = spec.strip().lower()
        if spec in ("u", "unread") and char is not None:
            read = self.read_ids(char, board)
            chosen = [p for p in posts if p.id not in read]
            if not chosen:
                raise BoardError(f"You have read everything on {board.name}.")
            return chosen
        try:
            return [posts[n - 1] for n in parse_numbers(spec, len(posts))]
        except NumberListError as error:
            if not error.out_of_range:
                forms = "3, 1-4 or u" if char is not None else "3 or 1-4"
                raise BoardError(f"'{error.part}' is not a post number (try {forms}).") from None
            raise BoardError(f"{board.name} has no post {error.part} (it has {len(posts)}).") from None

    def number_of(self, board: Board, post: Post) -> int:
        return [p.id for p in self.posts(board)].index(post.id) + 1

    def post(self, char: Character, board: Board, title: str, body: str, reply_to: int = 0) -> tuple[Board, Post]:
        if not self.may_read(char, board):
            raise BoardError(f"Only members of {board.team} may post on {board.name}.")
        if char.role < board.post_role:
            raise BoardError(f"Only staff may post on {board.name}." if board.post_role == Role.STAFF
                             else f"You may not post on {board.name}.")
        title, body = speech.clean(title), speech.clean_lines(body).strip()
        if not title or not body:
            raise BoardError("A post needs a title and some text.")
        if len(title) > MAX_TITLE:
            raise BoardError(f"A title may be at most {MAX_TITLE} characters.")
        self.check_length(body)
        config = self.game.config
        try:
            growing.check_quota(self.game, POSTS, str(board.id), char, config.posts_per_board,
                                config.posts_per_day, "posts", board.name)
        except growing.QuotaError as error:
            raise BoardError(str(error)) from None
        post = Post(id=board.next_post, author_id=char.id, author=char.name, title=title, body=body,
                    time=self.game.clock(), reply_to=reply_to)
        board = self._save(attrs.evolve(board, next_post=board.next_post + 1))
        post = attrs.evolve(post, row=self.game.store.add_row(POSTS, str(board.id), char.id, post.to_data(), post.time))
        self.heads.setdefault(board.id, []).append(attrs.evolve(post, body=""))
        self.mark_read(char, board, [post])
        return board, post

    def check_length(self, body: str) -> None:
        if len(body) > self.game.config.post_max_length:
            raise BoardError(f"A post may be at most {self.game.config.post_max_length} characters.")

    def edit(self, board: Board, post: Post, old: str, new: str) -> Post:
        post = self.full(post)
        if not old or old not in post.body and old not in post.title:
            raise BoardError(f"'{old}' is not in that post." if old else "Name the text to change, before the /.")
        changed = attrs.evolve(post, title=post.title.replace(old, new)[:MAX_TITLE],
                               body=post.body.replace(old, new).strip() or post.body, edited=self.game.clock())
        self.check_length(changed.body)
        self.game.store.set_row(POSTS, post.row, changed.to_data())
        heads = self.heads[board.id]
        self.heads[board.id] = [attrs.evolve(changed, body="") if p.row == post.row else p for p in heads]
        self._save(board)
        return changed

    def remove(self, board: Board, posts: list[Post]) -> None:
        gone = {p.row for p in posts}
        self.game.store.delete_rows(POSTS, str(board.id), sorted(gone))
        self.heads[board.id] = [p for p in self.heads.get(board.id, []) if p.row not in gone]
        self._save(board)

    # --- reading --------------------------------------------------------------------------------
    def _marks(self, char: Character) -> dict[str, list[int]]:
        return self.game.store.get("bbread", str(char.id)) or {}

    def read_ids(self, char: Character, board: Board) -> set[int]:
        return set(self._marks(char).get(str(board.id), ()))

    def mark_read(self, char: Character, board: Board, posts: list[Post]) -> None:
        marks = self._marks(char)
        live = {p.id for p in self.posts(board)}
        ids = (set(marks.get(str(board.id), ())) | {p.id for p in posts}) & live
        if ids != set(marks.get(str(board.id), ())):
            marks = {k: v for k, v in marks.items() if int(k) in self.boards}
            marks[str(board.id)] = sorted(ids)
            self.game.store.put("bbread", str(char.id), marks)

    def unread(self, char: Character, board: Board) -> list[Post]:
        read = self.read_ids(char, board)
        return [p for p in self.posts(board) if p.id not in read]

    def unread_counts(self, char: Character) -> list[tuple[int, Board, int]]:
        """(number, board, unread) for each readable board with unread posts."""
        marks = self._marks(char)
        counts = []
        for number, board in self.readable(char):
            read = set(marks.get(str(board.id), ()))
            unread = sum(1 for p in self.posts(board) if p.id not in read)
            if unread:
                counts.append((number, board, unread))
        return counts


def login_notice(game: Game, char: Character) -> list[str]:
    """The line shown at login when boards ``char`` may read have unread posts."""
    counts = Boards.of(game).unread_counts(char)
    if not counts:
        return []
    total = sum(n for _, _, n in counts)
    where = ", ".join(f"{board.name} ({n})" for _, board, n in counts)
    return [f"|y[Boards]|n {total} unread post{'s' if total != 1 else ''}: {where}. +bbnew reads the next."]
