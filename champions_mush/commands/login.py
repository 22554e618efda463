"""The login screen and leaving: connect, create, WHO, QUIT (docs/player-guide.md).

The connect screen is ``connect.txt`` in the game's data directory, seeded from the copy shipped
in ``champions_mush/data/`` and re-read when staff edit it. Passwords are checked off the game's
thread, so ``connect`` and ``create`` answer through callbacks.
"""

from __future__ import annotations

import logging
from pathlib import Path

from ..game import blocking, boards, events, jobs, mail, scenes
from ..game.accounts import Accounts
from ..game.channels import ChannelError, Channels
from ..game.creation_limit import CreationLimit
from ..game.identities import shown_name
from ..game.objects import Character
from ..game.session import Session
from ..game.storage import StorageHealth
from ..game.world import Game
from ..store.base import StoreError
from .base import Command, CommandError, Role, UsageError
from .context import SessionContext
from .social import look_text

__all__ = [
    "COMMANDS",
    "CONNECT_SCREEN_FILE",
    "DEFAULT_CONNECT_SCREEN",
    "connect_screen",
    "format_duration",
    "format_idle",
    "hurry_arrival",
    "login_session",
    "logout_session",
    "split_login",
    "welcome",
    "who_lines",
]

log = logging.getLogger("champions_mush.login")

CONNECT_SCREEN_FILE = "connect.txt"
DEFAULT_CONNECT_SCREEN = Path(__file__).resolve().parent.parent / "data" / CONNECT_SCREEN_FILE
_FALLBACK_SCREEN = "Welcome!\n  connect <name> <password>\n  create <name> <password>\n  WHO\n  QUIT"


def connect_screen(game: Game) -> str:
    """The connect screen: the data directory's copy when there is one, else the shipped default."""
    candidates = [game.data_dir / CONNECT_SCREEN_FILE] if game.data_dir else []
    for path in (*candidates, DEFAULT_CONNECT_SCREEN):
        try:
            mtime = path.stat().st_mtime
            cached = game.services.connect_screen
            if cached is None or cached[:2] != (path, mtime):
                cached = game.services.connect_screen = (path, mtime, path.read_text(encoding="utf-8").rstrip("\n"))
            return cached[2]
        except OSError:
            continue
    return _FALLBACK_SCREEN


def welcome(game: Game, session: Session) -> None:
    """What a new connection sees first."""
    session.send(connect_screen(game))


def split_login(args: str) -> tuple[str, str]:
    """``"Jean Grey" secret`` or ``Alice secret`` -> (name, password)."""
    args = args.strip()
    if args.startswith('"'):
        name, quote, rest = args[1:].partition('"')
        if not quote:
            raise CommandError('A name with spaces needs a closing quote: connect "Jean Grey" <password>')
        return name.strip(), rest.strip()
    name, _, rest = args.partition(" ")
    return name, rest.strip()


def login_session(game: Game, session: Session, char: Character) -> None:
    """Attach ``session`` to ``char``: saved, logged, greeted, announced. The attaching and what
    is said wait for the save to be durable where that is confirmed later (``Game.held``: on
    PostgreSQL), so nobody hears of a login a crash would lose, nor the player the room first."""
    first = not game.is_connected(char)
    game.deliver(_attach, session, char)
    char.last_login = game.clock()
    failures = Accounts.failures_notice(char)  # told once: forgotten with this save
    try:
        game.save_character(char)
    except StoreError as exc:  # a full disk must not lock anyone out; players and staff are told
        StorageHealth.of(game).failed(exc)
    log.info("login %s(#%d) from %s", char.name, char.id, session.address or "?")
    game.deliver(_greet, game, session, char, failures, first)


def _attach(session: Session, char: Character) -> None:
    session.character_id = char.id
    session.colour = char.settings.get("colour", True) is not False


def _greet(game: Game, session: Session, char: Character, failures: str | None, first: bool) -> None:
    game.run_login_hooks(session, char)  # saved +client settings apply to the greeting too
    session.send(f"|gWelcome to {game.config.name}, {char.name}!|n")
    session.send(look_text(game, char, game.room_of(char), session.width))
    if failures:
        session.send(f"|y{failures}|n")
    _send_notices(game, session, char)
    if first:
        _tell_presence_later(game, char, CONNECTED)


#: what a character is told at login when something waits for them (unread mail ...)
LOGIN_NOTICES = (blocking.login_notice, mail.login_notice, boards.login_notice, jobs.login_notice,
                 scenes.login_notice, events.login_notice)


def _send_notices(game: Game, session: Session, char: Character) -> None:
    for notice in LOGIN_NOTICES:
        try:
            lines = notice(game, char)
        except Exception:  # one family's bug must not stop a login
            log.exception("login notice %r failed for %s", notice, char.name)
            continue
        for line in lines:
            session.send(line)


def logout_session(game: Game, session: Session) -> None:
    """Detach a closed or quitting connection (idempotent); the room hears of the last one."""
    if game.sessions.get(session.id) is not session:
        return
    game.remove_session(session)
    char = game.characters.get(session.character_id) if session.character_id is not None else None
    if char is None:
        log.info("disconnect guest from %s", session.address or "?")
        return
    log.info("logout %s(#%d) from %s", char.name, char.id, session.address or "?")
    if not game.is_connected(char):
        tell_departure(game, char)


def tell_departure(game: Game, char: Character) -> None:
    """The room hears that ``char`` is gone, gathered with this turn's other arrivals and
    departures (an ``+alt`` switch is told as the new one connected, the old one gone)."""
    _tell_presence_later(game, char, DISCONNECTED)


#: arrivals or departures in one room in one turn told one line each; more are told in one line
TOLD_ONE_BY_ONE = 3
#: a room is told of arrivals and departures at most once every so many seconds: those coming
#: sooner after its last such line wait and are told together (a reconnect storm: a line a
#: second to a crowded room, not one a turn; docs/player-guide.md, "Who is here")
TOLD_EVERY = 1.0
CONNECTED, DISCONNECTED = "connected", "disconnected"


def _tell_presence_later(game: Game, char: Character, what: str) -> None:
    game.batch.gather(("presence", char.location), (what, char.id), lambda items: _tell_presence(game, items),
                      every=TOLD_EVERY)


def hurry_arrival(game: Game, char: Character) -> None:
    """``char`` typed a line while the room still waits to hear of its arrival: told now, so
    the room never hears someone speak before it hears them connect."""
    game.batch.hurry(("presence", char.location), (CONNECTED, char.id))


def _tell_presence(game: Game, items: list[tuple[str, int]]) -> None:
    """Arrivals and departures gathered in a room, each kind in one go, in the order they began.
    Nobody hears of what came before their own arrival: their ``look`` showed them the room."""
    kinds: dict[str, dict[int, int]] = {CONNECTED: {}, DISCONNECTED: {}}  # char id -> its last item
    for at, (what, cid) in enumerate(items):
        kinds[what][cid] = at
    still = {what: [(at, c) for cid, at in found.items() if (c := game.characters.get(cid)) is not None
                    and game.is_connected(c) == (what == CONNECTED)]  # not who left or came back since
             for what, found in kinds.items()}
    for what in dict.fromkeys(what for what, _ in items):
        _tell_room(game, still[what], what, still[CONNECTED])


def _tell_room(game: Game, told: list[tuple[int, Character]], what: str, came: list[tuple[int, Character]]) -> None:
    """"Bob has connected." for each of ``told`` (where it is among the items, who), or for many
    at once (a reconnect storm, a network blip) one line naming the first few, which those it
    names do not hear; nor do those of ``came`` (arrivals) who came after."""
    if not told:
        return

    def hush(chars: list[Character], at: int) -> list[Character]:
        named = {c.id for c in chars}
        return [*chars, *(c for when, c in came if when > at and c.id not in named)]

    if len(told) <= TOLD_ONE_BY_ONE:
        for at, char in told:
            game.msg_room(char.location, f"{shown_name(game, char)} has {what}.", exclude=hush([char], at))
        return
    chars = [c for _, c in told]
    named = ", ".join(shown_name(game, c) for c in chars[:TOLD_ONE_BY_ONE])
    more = len(chars) - TOLD_ONE_BY_ONE
    game.msg_room(chars[0].location, f"{named} and {more:,} other{'s' if more != 1 else ''} have {what}.",
                  exclude=hush(chars, told[0][0]))


def _begin(ctx: SessionContext) -> Session:
    session = ctx.session
    if ctx.actor is not None:
        raise CommandError(f"You are already connected as {ctx.actor.name}.")
    if session.busy:
        raise CommandError(Accounts.STILL_CHECKING)
    session.busy = True
    return session


def _finish(game: Game, session: Session, char: Character | None, error: str | None) -> None:
    """The password check is done: log in (or say why not), then run any lines the player
    sent meanwhile (``connect`` then ``say`` pasted together must say as the character)."""
    session.busy = False
    try:
        _log_in_or_refuse(game, session, char, error)
    finally:
        session.resume_input()


def _log_in_or_refuse(game: Game, session: Session, char: Character | None, error: str | None) -> None:
    if game.sessions.get(session.id) is not session:
        return  # the connection closed while the password was checked
    if error or char is None:
        game.deliver(session.send, error or Accounts.WRONG_LOGIN)  # after a failed try's record
        return
    try:
        _room_for_one_more(game, char)
        login_session(game, session, char)
    except Exception:  # runs outside the dispatcher's guard (a thread's callback)
        log.exception("login of %s failed", char.name)
        session.character_id = None
        session.send("Something went wrong logging you in. It has been logged for staff; please try again.")


#: Said to the connection closed when its character logs in once too many.
TOO_MANY_CONNECTIONS = ("You logged in again elsewhere, past the {0} connections a character may have at once: "
                        "this one, the oldest, is closed.")


def _room_for_one_more(game: Game, char: Character) -> None:
    """A character has at most ``connections_per_character`` connections: logging in again
    closes the oldest (docs/admin-guide.md), so no one holds memory with many."""
    cap = game.config.connections_per_character
    sessions = sorted(game.sessions_of(char), key=lambda s: (s.connected_at, s.id))
    for oldest in sessions[:max(0, len(sessions) - cap + 1)]:
        logout_session(game, oldest)
        oldest.disconnect(TOO_MANY_CONNECTIONS.format(cap))


def cmd_connect(ctx: SessionContext, parsed) -> None:
    name, password = split_login(parsed.args)
    if not name or not password:
        raise UsageError()
    session = _begin(ctx)
    game = ctx.game
    Accounts.of(game).authenticate(session.address, name, password,
                                   lambda char, err: _finish(game, session, char, err), owner=session.id)


def cmd_create(ctx: SessionContext, parsed) -> None:
    name, password = split_login(parsed.args)
    if not name or not password:
        raise UsageError()
    problem = Accounts.of(ctx.game).name_problem(name) or CreationLimit.of(ctx.game).take(ctx.session.address)
    if problem:
        raise CommandError(problem)
    session = _begin(ctx)
    game = ctx.game

    def made(char: Character | None, err: str | None) -> None:
        if char is not None:
            log.info("created %s(#%d) from %s", char.name, char.id, session.address or "?")
            try:
                Channels.of(game).join_defaults(char)
            except ChannelError as exc:  # a staff-only Public, say: the character is made anyway
                log.warning("%s not joined to the default channel: %s", char.name, exc)
        _finish(game, session, char, err)

    Accounts.of(game).create(name, password, made, owner=session.id)


def format_duration(seconds: float) -> str:
    """Connected time the MUSH way: ``00:05``, ``1d 02:10`` (hours:minutes)."""
    minutes = int(max(0, seconds)) // 60
    days, minutes = divmod(minutes, 24 * 60)
    text = f"{minutes // 60:02d}:{minutes % 60:02d}"
    return f"{days}d {text}" if days else text


def format_idle(seconds: float) -> str:
    """Idle time in its largest unit: ``5s``, ``3m``, ``2h``, ``4d``."""
    seconds = int(max(0, seconds))
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size:
            return f"{seconds // size}{unit}"
    return f"{seconds}s"


def who_lines(game: Game, staff: bool = False, viewer: Character | None = None) -> list[str]:
    """The WHO list: name (an identity's, game/identities.py), time on, idle (and the address
    for staff), then a count."""
    now = game.clock()
    header = f"{'Player Name':<24}{'On For':>9}{'Idle':>6}" + ("  Site" if staff else "  Doing")
    lines = [f"|h{header}|n"]
    for char in game.connected_characters():
        sessions = game.sessions_of(char)
        on_for = now - min(s.connected_at for s in sessions)
        idle = now - max(s.last_input for s in sessions)
        row = f"{shown_name(game, char, viewer):<24}{format_duration(on_for):>9}{format_idle(idle):>6}"
        if staff:
            row += "  " + ", ".join(sorted({s.address for s in sessions}))
        elif char.settings.get("doing"):
            row += "  " + char.settings["doing"] + "|n"  # its colour ends with it
        lines.append(row)
    count = len(lines) - 1
    lines.append(f"{count} player{'s' if count != 1 else ''} connected.")
    return lines


def cmd_who(ctx: SessionContext, parsed) -> None:
    ctx.reply("\n".join(who_lines(ctx.game, staff=ctx.is_staff, viewer=ctx.actor)))


def cmd_quit(ctx: SessionContext, parsed) -> None:
    session = ctx.session
    logout_session(ctx.game, session)
    session.disconnect("Goodbye! Come back soon.")


COMMANDS = (
    Command("connect", cmd_connect, role=Role.GUEST, before_login=True,
            summary="Connect to your character."),
    Command("create", cmd_create, role=Role.GUEST, before_login=True,
            summary="Create a new character."),
    Command("who", cmd_who, role=Role.GUEST, before_login=True, summary="Who is connected."),
    Command("quit", cmd_quit, role=Role.GUEST, before_login=True, summary="Leave the game."),
)
