"""The +bb commands of Myrddin's BBS: read, post, reply, scan, catch up, edit and remove one's
posts; staff make boards with read and post roles and timeouts (the model is game/boards.py)."""

from __future__ import annotations

from ..game.boards import Board, BoardError, Boards, Post
from ..game.growing import PAGE_CHARS, PAGE_ROWS
from ..text.format import cell, fit_rule, when, wrap
from .base import Command, CommandError, ParsedCommand, Role, UsageError, telling
from .context import Context
from .dispatch import permit
from .paging import more, place, remember

__all__ = ["COMMANDS"]


_run = telling(BoardError)


def _boards(ctx: Context) -> Boards:
    return Boards.of(ctx.game)


def _board(ctx: Context, ref: str) -> tuple[int, Board]:
    return _run(lambda: _boards(ctx).find(ctx.actor, ref))


def _board_post(ctx: Context, ref: str) -> tuple[int, Board, Post]:
    """``<board>/<n>`` -> (board number, board, the one post)."""
    where, slash, spec = ref.partition("/")
    if not slash or not where.strip() or not spec.strip():
        raise UsageError()
    number, board = _board(ctx, where)
    posts = _run(lambda: _boards(ctx).pick(board, spec))
    if len(posts) != 1:
        raise UsageError()
    return number, board, posts[0]


def _role_name(role: int) -> str:
    return Role(role).name.lower()


# --- reading ------------------------------------------------------------------------------------
def _board_list(ctx: Context) -> str:
    boards = _boards(ctx)
    rows = [f"|h{'#':>3}  {'Board':<30}{'Posts':>6}{'Unread':>8}  Last post|n"]
    for number, board in boards.readable(ctx.actor):
        posts = boards.posts(board)
        unread = len(boards.unread(ctx.actor, board))
        last = when(posts[-1].time) if posts else "-"
        flag = "" if ctx.actor.role >= board.post_role else " *"
        rows.append(f"{number:>3}  {cell(board.name + flag, 30)}{len(posts):>6}{unread or '':>8}  {last}")
    if len(rows) == 1:
        return "There are no boards yet."
    if any(" *" in row for row in rows[1:]):
        rows.append("* you may read but not post.")
    rows.append("+bbread <board> lists its posts.")
    return "\n".join(rows)


def _post_list(ctx: Context, number: int, board: Board, offset: int = 0) -> str:
    """A page of the board's post list from ``offset``; ``+bbread/next`` reads on."""
    boards = _boards(ctx)
    read = boards.read_ids(ctx.actor, board)
    lines = [fit_rule(f"---- {number}: {board.name} ----", ctx.width)]
    if board.desc and not offset:
        lines.append(board.desc)
    lines.append(f"|h{'#':<8}{'Title':<34}{'Author':<18}Date|n")
    posts = boards.posts(board)
    for n, post in enumerate(posts[offset:offset + PAGE_ROWS], offset + 1):
        mark = "U" if post.id not in read else " "
        lines.append(f"{f'{number}/{n}':<6}{mark} {cell(post.title, 34, 33)}{cell(post.author, 18, 17)}{when(post.time)}")
    if not posts:
        lines.append("No posts yet.")
    following = offset + PAGE_ROWS if len(posts) > offset + PAGE_ROWS else 0
    remember(ctx, "+bbread", str(board.id), following)
    return "\n".join([*lines, *more("+bbread", following)])


def _show_posts(ctx: Context, number: int, board: Board, posts: list[Post], spec: str) -> str:
    """The chosen posts, as many as fit a page (game/growing.py); the rest for ``+bbread/next``."""
    shown: list[Post] = []
    used = 0
    for post in posts:
        post = _boards(ctx).full(post)
        used += len(post.body)
        if shown and used > PAGE_CHARS:
            break
        shown.append(post)
    _boards(ctx).mark_read(ctx.actor, board, shown)
    rest = shown[-1].id if len(shown) < len(posts) else 0
    remember(ctx, "+bbread", f"{board.id}/{spec}", rest)
    return "\n".join([*(_show(ctx, number, board, p) for p in shown), *more("+bbread", rest)])


def _show(ctx: Context, number: int, board: Board, post: Post) -> str:
    post = _boards(ctx).full(post)
    rule = fit_rule("=" * 8, ctx.width)
    edited = f"  (edited {when(post.edited)})" if post.edited else ""
    return "\n".join([
        rule,
        f"|hBoard:|n {board.name}   |hMessage:|n {number}/{_boards(ctx).number_of(board, post)}",
        f"|hTitle:|n {post.title}",
        f"|hPosted by|n {post.author} on {when(post.time)}{edited}",
        fit_rule("-" * 8, ctx.width),
        wrap(post.body, ctx.width),
        rule,
    ])


def cmd_bbread(ctx: Context, parsed: ParsedCommand) -> None:
    args = parsed.args.strip()
    if not args:
        ctx.reply(_board_list(ctx))
        return
    where, slash, spec = args.partition("/")
    number, board = _board(ctx, where)
    if not slash:
        ctx.reply(_post_list(ctx, number, board))
        return
    if not spec.strip():
        raise UsageError()
    posts = _run(lambda: _boards(ctx).pick(board, spec, ctx.actor))
    ctx.reply(_show_posts(ctx, number, board, posts, spec.strip()))


def cmd_bbread_next(ctx: Context, parsed: ParsedCommand) -> None:
    """+bbread/next: the next page of the board list or of the posts last read."""
    what, after = place(ctx, "+bbread", "+bbread <board> lists a board's posts")
    board_id, slash, spec = what.partition("/")
    found = [(n, b) for n, b in _boards(ctx).readable(ctx.actor) if str(b.id) == board_id]
    if not found:
        raise CommandError("That board is gone, or you may no longer read it.")
    number, board = found[0]
    if not slash:
        ctx.reply(_post_list(ctx, number, board, after))
        return
    posts = [p for p in _run(lambda: _boards(ctx).pick(board, spec, ctx.actor)) if p.id > after]
    if not posts:
        raise CommandError("Nothing more to read: +bbread <board> lists a board's posts.")
    ctx.reply(_show_posts(ctx, number, board, posts, spec))


def cmd_bbnew(ctx: Context, parsed: ParsedCommand) -> None:
    boards = _boards(ctx)
    for number, board, _ in boards.unread_counts(ctx.actor):
        post = boards.unread(ctx.actor, board)[0]
        text = _show(ctx, number, board, post)
        boards.mark_read(ctx.actor, board, [post])
        ctx.reply(text)
        return
    ctx.reply("You have no unread posts.")


def cmd_bbscan(ctx: Context, parsed: ParsedCommand) -> None:
    counts = _boards(ctx).unread_counts(ctx.actor)
    if not counts:
        ctx.reply("You have no unread posts.")
        return
    lines = ["|hUnread posts:|n"]
    lines += [f"  {number:>3}  {cell(board.name, 30)} {n:>4}" for number, board, n in counts]
    lines.append("+bbnew reads the next; +bbread <board>/u reads a board's unread posts.")
    ctx.reply("\n".join(lines))


def cmd_bbcatchup(ctx: Context, parsed: ParsedCommand) -> None:
    ref = parsed.args.strip()
    if not ref:
        raise UsageError()
    boards = _boards(ctx)
    chosen = [b for _, b in boards.readable(ctx.actor)] if ref.lower() == "all" else [_board(ctx, ref)[1]]
    for board in chosen:
        boards.mark_read(ctx.actor, board, boards.posts(board))
    ctx.reply("Every board marked read." if ref.lower() == "all" else f"{chosen[0].name} marked read.")


# --- posting ------------------------------------------------------------------------------------
def _announce(ctx: Context, number: int, board: Board, post: Post) -> None:
    """Tell everyone online who may read the board (the author is told separately)."""
    n = _boards(ctx).number_of(board, post)
    line = f"|y[Boards]|n New post on {board.name} ({number}/{n}) by {post.author}: {post.title}"
    for char in ctx.game.connected_characters():
        if char.id != ctx.actor.id and _boards(ctx).may_read(char, board):
            ctx.game.msg(char, line)


def cmd_bbpost(ctx: Context, parsed: ParsedCommand) -> None:
    rhs = parsed.rhs
    where, slash, title = parsed.lhs.partition("/")
    if rhs is None or not slash or not where.strip():
        raise UsageError()
    number, board = _board(ctx, where)
    board, post = _run(lambda: _boards(ctx).post(ctx.actor, board, title, rhs))
    ctx.reply(f"You post '{post.title}' on {board.name} as {number}/{_boards(ctx).number_of(board, post)}.")
    _announce(ctx, number, board, post)


def cmd_bbreply(ctx: Context, parsed: ParsedCommand) -> None:
    rhs = parsed.rhs
    if rhs is None:
        raise UsageError()
    number, board, original = _board_post(ctx, parsed.lhs)
    title = original.title if original.title.lower().startswith("re:") else f"Re: {original.title}"
    board, post = _run(lambda: _boards(ctx).post(ctx.actor, board, title[:60], rhs, original.id))
    ctx.reply(f"You reply to '{original.title}' on {board.name} as {number}/{_boards(ctx).number_of(board, post)}.")
    _announce(ctx, number, board, post)


def cmd_bbedit(ctx: Context, parsed: ParsedCommand) -> None:
    if parsed.rhs is None or "/" not in parsed.rhs:
        raise UsageError()
    number, board, post = _board_post(ctx, parsed.lhs)
    if post.author_id != ctx.actor.id and not permit(ctx, Role.STAFF):
        raise CommandError("You may edit only your own posts.")
    old, _, new = parsed.rhs.partition("/")
    _run(lambda: _boards(ctx).edit(board, post, old, new))
    ctx.reply(f"Post {number}/{_boards(ctx).number_of(board, post)} edited.")


def cmd_bbremove(ctx: Context, parsed: ParsedCommand) -> None:
    where, slash, spec = parsed.args.partition("/")
    if not slash or not where.strip() or not spec.strip():
        raise UsageError()
    _number, board = _board(ctx, where)
    posts = _run(lambda: _boards(ctx).pick(board, spec))
    if any(p.author_id != ctx.actor.id for p in posts) and not permit(ctx, Role.STAFF):
        raise CommandError("You may remove only your own posts.")
    _boards(ctx).remove(board, posts)
    ctx.reply(f"{len(posts)} post{'s' if len(posts) != 1 else ''} removed from {board.name}.")


def cmd_bblist(ctx: Context, parsed: ParsedCommand) -> None:
    rows = [f"|h{'#':>3}  {'Board':<26}{'Read':<8}{'Post':<8}Timeout|n"]
    for number, board in _boards(ctx).readable(ctx.actor):
        timeout = f"{board.timeout_days:g} day{'' if board.timeout_days == 1 else 's'}" if board.timeout_days else "never"
        rows.append(f"{number:>3}  {cell(board.name, 26)}{_role_name(board.read_role):<8}"
                    f"{_role_name(board.post_role):<8}{timeout}")
    ctx.reply("\n".join(rows) if len(rows) > 1 else "There are no boards yet.")


# --- staff --------------------------------------------------------------------------------------
def cmd_bbnewgroup(ctx: Context, parsed: ParsedCommand) -> None:
    if not parsed.lhs.strip():
        raise UsageError()
    board = _run(lambda: _boards(ctx).create(parsed.lhs, parsed.rhs or ""))
    ctx.reply(f"Board {board.name} made (number {len(_boards(ctx).boards)}). +bbconfig sets who reads and posts.")


def cmd_bbcleargroup(ctx: Context, parsed: ParsedCommand) -> None:
    if not parsed.args.strip():
        raise UsageError()
    _, board = _board(ctx, parsed.args)
    count = len(_boards(ctx).posts(board))
    _boards(ctx).destroy(board)
    ctx.reply(f"Board {board.name} and its {count} posts are gone.")


_OPTIONS = ("read", "post", "timeout", "desc")


def cmd_bbconfig(ctx: Context, parsed: ParsedCommand) -> None:
    where, slash, option = parsed.lhs.partition("/")
    option = option.strip().lower()
    if parsed.rhs is None or not slash or option not in _OPTIONS:
        raise UsageError()
    _, board = _board(ctx, where)
    value = parsed.rhs.strip()
    if option in ("read", "post"):
        try:
            role = Role.from_name(value)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        if role < (Role.GUEST if option == "read" else Role.PLAYER):  # guests read on the web portal
            raise CommandError("Use guest (to read only), player, staff or admin." if option == "read"
                               else "Use player, staff or admin.")
        board = _boards(ctx).configure(board, **{f"{option}_role": int(role)})
        ctx.reply(f"{board.name}: {'read' if option == 'read' else 'posted on'} by {role.name.lower()} and up.")
    elif option == "timeout":
        try:
            days = float(value)
        except ValueError:
            raise CommandError("The timeout is a number of days (0: posts never expire).") from None
        if not 0 <= days <= 3650:
            raise CommandError("The timeout is 0 to 3650 days.")
        board = _boards(ctx).configure(board, timeout_days=days)
        unit = "day" if days == 1 else "days"
        ctx.reply(f"{board.name}: posts expire after {days:g} {unit}." if days else f"{board.name}: posts never expire.")
    else:
        board = _boards(ctx).configure(board, desc=value[:200])
        ctx.reply(f"{board.name}: description set.")


COMMANDS = (
    Command("+bbread", cmd_bbread, subcommands={"next": cmd_bbread_next}, summary="Read the bulletin boards."),
    Command("+bbnew", cmd_bbnew, help="+bbread", summary="Read the next unread post."),
    Command("+bbscan", cmd_bbscan, help="+bbread", summary="Unread posts on each board."),
    Command("+bbcatchup", cmd_bbcatchup, help="+bbread", summary="Mark a board (or all) read."),
    Command("+bblist", cmd_bblist, help="+bbread", summary="Boards, who reads and posts, timeouts."),
    Command("+bbpost", cmd_bbpost, summary="Post on a board."),
    Command("+bbreply", cmd_bbreply, help="+bbpost", summary="Reply to a post."),
    Command("+bbedit", cmd_bbedit, help="+bbpost", summary="Edit your post."),
    Command("+bbremove", cmd_bbremove, help="+bbpost", summary="Remove your post."),
    Command("+bbnewgroup", cmd_bbnewgroup, role=Role.STAFF, help="+bbconfig", summary="Make a board."),
    Command("+bbcleargroup", cmd_bbcleargroup, role=Role.STAFF, help="+bbconfig", summary="Remove a board."),
    Command("+bbconfig", cmd_bbconfig, role=Role.STAFF, summary="Set a board's roles, timeout, description."),
)
