"""Talking and moving about: look, say, pose, page, @emit, +ooc, @desc, home, exits (docs/player-guide.md).

Every message a room hears is built once and handed to the game as one string, so the network
layer can render it once per colour level for a crowded room.
"""

from __future__ import annotations

import re

from ..game import blocking, identities, places, speech
from ..game.accounts import Accounts
from ..game.identities import shown_name
from ..game.objects import Character, Room
from ..game.scenes import line_for, send_nudges
from ..game.world import Game
from ..text.format import DEFAULT_WIDTH, wrap
from .base import Command, CommandError, ParsedCommand, UsageError, telling
from .context import Context

__all__ = ["COMMANDS", "FALLBACKS", "look_text", "move_to"]

#: the longest @desc a player may set
MAX_DESC = 4000


# --- looking ------------------------------------------------------------------------------------
def look_text(game: Game, viewer: Character, room: Room, width: int = DEFAULT_WIDTH) -> str:
    """A room as ``viewer`` sees it: name (with #id for staff), description fitted to ``width``,
    who is here, exits."""
    title = f"|h|y{room.name}|n" + (f" (#{room.id})" if game.is_staff(viewer) else "")
    lines = [title]
    if room.desc:
        lines.append(wrap(room.desc, width))
    here = [shown_name(game, c, viewer) for c in game.characters_in(room.id)
            if c.id != viewer.id and (c.npc or game.is_connected(c))]
    if here:
        lines.append("|hContents:|n " + ", ".join(sorted(here, key=str.lower)))
    lines.extend(f"|hAt the {place}:|n {names}" for place, names in places.summary(game, room, viewer))
    if room.exits:
        lines.append("|hObvious exits:|n " + ", ".join(_exit_label(e) for e in room.exits))
    return "\n".join(lines)


def _exit_label(exit_) -> str:
    return exit_.name + (f" <{exit_.aliases[0]}>" if exit_.aliases else "")


def cmd_look(ctx: Context, parsed: ParsedCommand) -> None:
    actor, room = ctx.actor, ctx.room
    target = parsed.args.strip()
    if not target or target.lower() == "here":
        ctx.reply(look_text(ctx.game, actor, room, ctx.width))
        return
    if target.lower() == "me":
        ctx.reply(_char_text(ctx, actor))
        return
    char = _char_in_room(ctx, target)
    if char is not None:
        ctx.reply(_char_text(ctx, char))
        return
    exit_ = room.find_exit(target)
    if exit_ is not None:
        dest = ctx.game.rooms.get(exit_.dest)
        ctx.reply(f"{exit_.name} leads to {dest.name if dest else 'nowhere'}.")
        return
    raise CommandError(f"You don't see '{target}' here.")


def _char_text(ctx: Context, char: Character) -> str:
    """A character as the viewer sees it: the name and description of the identity worn."""
    desc = identities.description(char)
    return f"|h{shown_name(ctx.game, char, ctx.actor)}|n\n{wrap(desc, ctx.width) if desc else 'You see nothing special.'}"


def _char_in_room(ctx: Context, name: str) -> Character | None:
    """Someone here by the name the actor sees (an identity's), exact or a unique start."""
    name = name.lower()
    present = ctx.game.characters_in(ctx.actor.location)
    seen = {c.id: shown_name(ctx.game, c).lower() for c in present}
    if ctx.is_staff:  # staff also find a hero by the character's own name
        exact = [c for c in present if c.name.lower() == name]
        if exact:
            return exact[0]
    exact = [c for c in present if seen[c.id] == name]
    if exact:
        return exact[0]
    found = [c for c in present if seen[c.id].startswith(name)]
    return found[0] if len(found) == 1 else None


# --- talking ------------------------------------------------------------------------------------
def _talk(text: str, keep_leading_space: bool = False) -> str:
    """A player's text as others will see it (game/speech.py ``clean``); a usage error when nothing is left."""
    text = speech.clean(text, keep_leading_space)
    if not text.strip():
        raise UsageError()
    return text


def cmd_say(ctx: Context, parsed: ParsedCommand) -> None:
    message = _talk(parsed.args)
    identities.tell_room(ctx.game, ctx.actor, lambda name: line_for("say", name, message), exclude=(ctx.actor,),
                         form="say")
    ctx.reply(f'You say, "{message}"')


def cmd_pose(ctx: Context, parsed: ParsedCommand) -> None:
    message = _talk(parsed.args)
    identities.tell_room(ctx.game, ctx.actor, lambda name: line_for("pose", name, message), form="pose")


def cmd_semipose(ctx: Context, parsed: ParsedCommand) -> None:
    message = _talk(parsed.args, keep_leading_space=True)
    identities.tell_room(ctx.game, ctx.actor, lambda name: line_for("semipose", name, message), form="semipose")


def spoof_problem(game: Game, actor: Character, message: str) -> str | None:
    """Why a player's @emit would pass for someone else or for the game, or None.

    PennMUSH shows an @emit's source only to those who set NOSPOOF; we do that too
    (``+nospoof``), and also refuse a player's emit that starts like a game line or with a
    character's name, whatever the Unicode (the rules: game/speech.py). Staff are exempt: they
    narrate for NPCs.
    """
    return speech.emit_problem(message, (c.name for c in game.characters.values() if c.id != actor.id))


def _named_player(game: Game, actor: Character, message: str) -> str | None:
    """Another player character ``message`` names (an emit that does is shown with its sender)."""
    others = (c.name for c in game.characters.values() if c.id != actor.id and not c.npc)
    return speech.emit_names_another(message, others)


def cmd_emit(ctx: Context, parsed: ParsedCommand) -> None:
    """@emit: the room sees the text as is; players with +nospoof on see who sent it, and everyone
    does when a player's emit names another player."""
    message = _talk(parsed.args)
    game, actor = ctx.game, ctx.actor
    problem = None if ctx.is_staff else spoof_problem(game, actor, message)
    if problem:
        raise CommandError(problem)
    signed = f"|x|h[{actor.name}]|n {message}"
    named = not ctx.is_staff and _named_player(game, actor, message) is not None
    game.overheard(actor.location, signed if named else message, actor, form="emit")
    for session in list(game.sessions.values()):
        char = game.characters.get(session.character_id) if session.character_id is not None else None
        if char is not None and char.location == actor.location:
            session.send(signed if named or char.settings.get("nospoof") else message)
    send_nudges(game)


def cmd_nospoof(ctx: Context, parsed: ParsedCommand) -> None:
    choice = parsed.args.strip().lower()
    if choice not in ("on", "off"):
        state = "on" if ctx.actor.settings.get("nospoof") else "off"
        raise UsageError(note=f"it is {state} for you now")
    ctx.actor.settings = {**ctx.actor.settings, "nospoof": choice == "on"}
    ctx.game.save_character(ctx.actor)
    ctx.reply("You will see who sends each @emit." if choice == "on" else "@emits are shown without their sender.")


def cmd_ooc(ctx: Context, parsed: ParsedCommand) -> None:
    message = _talk(parsed.args)
    if message.startswith(":"):
        def text(name: str) -> str: return line_for("ooc", "", f"{name} {message[1:].lstrip()}")
    elif message.startswith(";"):
        def text(name: str) -> str: return line_for("ooc", "", f"{name}{message[1:]}")
    else:
        def text(name: str) -> str: return line_for("ooc", "", f'{name} says, "{message}"')
    identities.tell_room(ctx.game, ctx.actor, text, form="ooc")


# --- paging -------------------------------------------------------------------------------------
def _pages(game: Game) -> dict[int, tuple[tuple[int, ...], tuple[int, ...]]]:
    """Per character: (whom they paged last, who paged them last)."""
    return game.services.pages


#: a character who has paged no one and been paged by no one
_NO_PAGES: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())


def _split_names(text: str) -> list[str]:
    names = re.findall(r'"([^"]+)"|([^\s,"]+)', text)
    return [quoted or plain for quoted, plain in names]


def _as_seen(game: Game, chars: list[Character], viewer: Character) -> list[tuple[Character, str]]:
    """Each character with the name ``viewer`` sees it by (a secret identity's: game/identities.py)."""
    return [(c, shown_name(game, c, viewer)) for c in chars]


def cmd_page(ctx: Context, parsed: ParsedCommand) -> None:
    game, actor = ctx.game, ctx.actor
    paged_last = _pages(game).get(actor.id, _NO_PAGES)[0]
    if parsed.rhs is None:
        message, ids = parsed.args, paged_last
        if not ids:
            raise UsageError()
        targets = _as_seen(game, [game.characters[i] for i in ids if i in game.characters], actor)
    else:
        message = parsed.rhs
        targets = _page_targets(game, actor, parsed.lhs) if parsed.lhs.strip() else _as_seen(
            game, [game.characters[i] for i in paged_last if i in game.characters], actor)
    _send_page(ctx, targets, message)


def cmd_reply(ctx: Context, parsed: ParsedCommand) -> None:
    ids = _pages(ctx.game).get(ctx.actor.id, _NO_PAGES)[1]
    if not ids:
        raise CommandError("No one has paged you yet.")
    targets = [ctx.game.characters[i] for i in ids if i in ctx.game.characters]
    _send_page(ctx, _as_seen(ctx.game, targets, ctx.actor), parsed.args)


def _page_targets(game: Game, actor: Character, names: str) -> list[tuple[Character, str]]:
    """The characters named, each with the name the sender knows it by: a connected one wearing a
    secret identity by that identity's whole name (staff see who is behind it), then connected
    ones by a unique start of their name, others by the whole name (their page is kept for their
    next login)."""
    targets: list[tuple[Character, str]] = []
    disguised = [c for c in game.connected_characters() if identities.current(c) is not None]
    for name in _split_names(names):
        char = identities.find_shown(game, name, disguised)
        shown = shown_name(game, char, actor) if char is not None else ""
        if char is None:
            char = game.match_character(name, connected_only=True) or game.find_character(name)
            shown = char.name if char is not None else ""
        if char is None or char.npc:
            raise CommandError(f"No one called '{name}' is connected.")
        if all(char.id != t.id for t, _ in targets):
            targets.append((char, shown))
    return targets


def _send_page(ctx: Context, named: list[tuple[Character, str]], message: str) -> None:
    """Page each of ``named`` (a character and the name the sender knows it by); each receiver
    sees the sender, and the others paged, by the names it sees them by."""
    game, actor = ctx.game, ctx.actor
    message = _talk(message)
    named = [(t, n) for t, n in named if t.id != actor.id] or named
    targets = [t for t, _ in named]
    _check_page(ctx, named)
    offline = [(t, n) for t, n in named if not game.is_connected(t)]
    if offline:
        if len(targets) > 1:
            raise CommandError(f"{', '.join(n for _, n in offline)} {'is' if len(offline) == 1 else 'are'} "
                               "not connected: page them alone to leave a page for their next login.")
        _run_block(lambda: blocking.keep_page(game, actor, offline[0][0], message))
        ctx.reply(f"{offline[0][1]} is not connected: your page is kept and shown at their next login.")
        return
    pages = _pages(game)
    pages[actor.id] = (tuple(t.id for t in targets), pages.get(actor.id, _NO_PAGES)[1])
    for target in targets:
        sender = shown_name(game, actor, target)
        group = _group(game, targets, target)
        if message.startswith((":", ";")):
            body = f"{sender} {message[1:].lstrip()}" if message[0] == ":" else f"{sender}{message[1:]}"
            theirs = f"From afar{group}, {body}"
        else:
            theirs = f"{sender} pages{group}: {message}"
        others = tuple(t.id for t in targets if t.id != target.id)
        pages[target.id] = (pages.get(target.id, _NO_PAGES)[0], (actor.id, *others))
        game.msg(target, theirs)
    names = ", ".join(n for _, n in named)
    if message.startswith((":", ";")):
        me = shown_name(game, actor)
        body = f"{me} {message[1:].lstrip()}" if message[0] == ":" else f"{me}{message[1:]}"
        ctx.reply(f"Long distance to {names}: {body}")
    else:
        ctx.reply(f"You paged {names} with '{message}'.")


def _check_page(ctx: Context, named: list[tuple[Character, str]]) -> None:
    """Refuse a page to someone who blocks the sender or is in @haven (staff pass both)."""
    if ctx.is_staff:
        return
    shown = {t.id: n for t, n in named}
    refused = blocking.blocked_by(ctx.game, ctx.actor, [t for t, _ in named], "page")
    if refused:
        raise CommandError(f"{shown[refused[0].id]} is not accepting pages from you.")
    resting = [t for t, _ in named if blocking.in_haven(t)]
    if resting:
        raise CommandError(f"{shown[resting[0].id]} is not accepting pages (@haven).")


_run_block = telling(blocking.BlockError)
_run_identity = telling(identities.IdentityError)


def _group(game: Game, targets: list[Character], viewer: Character) -> str:
    """Everyone a page went to, as ``viewer`` sees them (when it went to more than one)."""
    return f" (to {', '.join(shown_name(game, t, viewer) for t in targets)})" if len(targets) > 1 else ""


# --- yourself -----------------------------------------------------------------------------------
def cmd_desc(ctx: Context, parsed: ParsedCommand) -> None:
    rhs = parsed.rhs
    if rhs is None or parsed.lhs.strip().lower() not in ("me", ctx.actor.name.lower()):
        raise UsageError()
    if len(rhs) > MAX_DESC:
        raise CommandError(f"Descriptions may be at most {MAX_DESC} characters.")
    _run_identity(lambda: identities.describe(ctx.game, ctx.actor, rhs))
    ctx.reply("Description set.")


#: the longest @doing shown in WHO
MAX_DOING = 40


def cmd_doing(ctx: Context, parsed: ParsedCommand) -> None:
    text = speech.clean(parsed.args)
    if len(text) > MAX_DOING:
        raise CommandError(f"@doing takes at most {MAX_DOING} characters.")
    ctx.actor.settings = {**ctx.actor.settings, "doing": text}
    ctx.game.save_character(ctx.actor)
    ctx.reply(f"Doing set: {text}" if text else "Doing cleared.")


def cmd_password(ctx: Context, parsed: ParsedCommand) -> None:
    rhs = parsed.rhs
    if rhs is None or not parsed.lhs or not rhs:
        raise UsageError()
    game, actor, session = ctx.game, ctx.actor, ctx.session
    accounts = Accounts.of(game)

    def changed(char, error) -> None:  # said once the new hash is durable (Game.held)
        game.deliver(session.send, error or "Password changed.")

    def checked(error: str | None) -> None:
        if error:
            game.deliver(session.send, error)
            return
        accounts.set_password(actor, rhs, changed, owner=session.id)

    accounts.check_password(actor, parsed.lhs, checked, address=session.address, owner=session.id)


def cmd_colour(ctx: Context, parsed: ParsedCommand) -> None:
    choice = parsed.args.strip().lower()
    if choice not in ("on", "off"):
        state = "on" if ctx.actor.settings.get("colour", True) else "off"
        raise UsageError(note=f"colour is {state} for you now")
    ctx.actor.settings = {**ctx.actor.settings, "colour": choice == "on"}
    ctx.game.save_character(ctx.actor)
    for session in ctx.game.sessions_of(ctx.actor):
        session.colour = choice == "on"
    ctx.reply("|gColour is on.|n" if choice == "on" else "Colour is off.")


# --- moving -------------------------------------------------------------------------------------
def move_to(ctx: Context, dest: int, leaving: str, arriving: str) -> None:
    """Move the actor: saved, then the old room, the new room and the actor are told."""
    game, actor = ctx.game, ctx.actor
    old = actor.location
    game.move_character(actor, dest)
    game.msg_room(old, leaving, exclude=(actor,))
    game.msg_room(dest, arriving, exclude=(actor,))
    ctx.reply(look_text(game, actor, game.room_of(actor), ctx.width))


def cmd_home(ctx: Context, parsed: ParsedCommand) -> None:
    actor = ctx.actor
    home = actor.home if actor.home in ctx.game.rooms else ctx.game.start_room
    if actor.location == home:
        raise CommandError("You are already home.")
    ctx.reply("There's no place like home...")
    name = shown_name(ctx.game, actor)
    move_to(ctx, home, f"{name} goes home.", f"{name} arrives home.")


def go_exit(ctx: Context, parsed: ParsedCommand) -> bool:
    """Fallback: a line naming an exit of the room takes the actor through it."""
    exit_ = ctx.room.find_exit(parsed.raw.strip())
    if exit_ is None or exit_.dest not in ctx.game.rooms:
        return False
    name = shown_name(ctx.game, ctx.actor)
    move_to(ctx, exit_.dest, f"{name} leaves through {exit_.name}.", f"{name} arrives.")
    return True


COMMANDS = (
    Command("look", cmd_look, aliases=("l",), summary="Look at the room, someone, or an exit."),
    Command("say", cmd_say, summary='Say something to the room ("hello).'),
    Command("pose", cmd_pose, aliases=("emote",), summary="Act something out (:grins)."),
    Command("semipose", cmd_semipose, help="pose", summary="Pose without a space (;'s cape flutters)."),
    Command("@emit", cmd_emit, summary="Show the room text without your name."),
    Command("page", cmd_page, aliases=("p",), summary="Send a private message to players anywhere."),
    Command("reply", cmd_reply, help="page", summary="Page back whoever paged you last."),
    Command("+ooc", cmd_ooc, summary="Speak out of character ('message)."),
    Command("@desc", cmd_desc, summary="Describe yourself."),
    Command("@doing", cmd_doing, summary="Set the line WHO shows beside your name."),
    Command("@password", cmd_password, summary="Change your password."),
    Command("+nospoof", cmd_nospoof, summary="See who sends each @emit."),
    Command("+colour", cmd_colour, aliases=("+color",), summary="Turn colour on or off."),
    Command("home", cmd_home, summary="Go back to your home room."),
)

FALLBACKS = (go_exit,)
