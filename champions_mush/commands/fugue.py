"""+edit: put a description, a +finger field or a board post into the client's input line, to
edit and send back (the FugueEdit convention; docs/player-guide.md, "Editing long text").

The game sends one line, ``FugueEdit > `` then the whole command that would set the text as it
is now; a client trigger on that prefix puts the rest into the input line (the triggers for
TinTin++, Mudlet and the web client are in the player guide). Markup is sent as typed
(``|`` doubled for the renderer), so what comes back sets exactly the same text.
"""

from __future__ import annotations

from ..game import identities, people
from ..game.boards import BoardError, Boards
from ..text.markup import escape
from .base import Command, CommandError, ParsedCommand, UsageError, telling
from .context import Context

__all__ = ["COMMANDS", "FUGUE_PREFIX"]

#: what a client's trigger looks for at the start of a line
FUGUE_PREFIX = "FugueEdit > "

_run = telling(BoardError)


def _desc(ctx: Context, rest: str) -> str:
    return f"@desc me={identities.description(ctx.actor)}"


def _finger(ctx: Context, rest: str) -> str:
    key = rest.strip().lower()
    matches = [k for k in people.FINGER_FIELDS if k.startswith(key)] if key else []
    if len(matches) != 1:
        raise CommandError(f"Which field? {', '.join(people.FINGER_FIELDS)}: +edit finger <field>")
    return f"+finger/set {matches[0]}={people.finger(ctx.actor).get(matches[0], '')}"


def _post(ctx: Context, rest: str) -> str:
    where, slash, spec = rest.partition("/")
    if not slash or not spec.strip().isdigit():
        raise CommandError("Which post? +edit post <board>/<number>")
    boards = Boards.of(ctx.game)
    _number, board = _run(lambda: boards.find(ctx.actor, where))
    posts = _run(lambda: boards.pick(board, spec.strip()))
    post = boards.full(posts[0])
    if post.author_id != ctx.actor.id and not ctx.is_staff:
        raise CommandError("You may edit only your own posts.")
    if "\n" in post.body:
        raise CommandError("That post has several lines, which one input line cannot hold: "
                           "use +bbedit <board>/<number>=<old text>/<new text>.")
    if "/" in post.body:
        raise CommandError("That post holds a '/', which +bbedit reads as the end of the old text: "
                           "use +bbedit <board>/<number>=<old text>/<new text> on a part of it.")
    return f"+bbedit {board.name}/{spec.strip()}={post.body}/{post.body}"


#: what +edit can fetch: the word a player types -> the command line that sets it now
_FETCHERS = {"desc": _desc, "finger": _finger, "post": _post}


def cmd_edit(ctx: Context, parsed: ParsedCommand) -> None:
    word, _, rest = parsed.args.strip().partition(" ")
    fetch = _FETCHERS.get(word.lower())
    if fetch is None:
        raise UsageError()
    line = fetch(ctx, rest)
    ctx.reply(FUGUE_PREFIX + escape(line))


COMMANDS = (
    Command("+edit", cmd_edit, aliases=("+fugueedit",),
            summary="Put your description, a +finger field or a post in your input line to edit."),
)
