"""+scene: start and stop a scene in a room, list scenes, read a log back with times and
speakers, or get it as plain text; a scene's title, plot and summary, private scenes with
invitations and joining, sharing a finished log, the pose order and its nudges, fixing one's last
pose (the model is game/scenes.py)."""

from __future__ import annotations

from functools import partial

from ..game import speech
from ..game.scenes import NUDGES, Scene, SceneError, Scenes, participant_names
from ..text.format import cell, fit_rule, when
from ..text.markup import escape, strip
from ..text.numbers import is_number
from .base import Command, CommandError, ParsedCommand, Role, UsageError, telling
from .context import Context
from .dispatch import permit
from .paging import more, place, remember

__all__ = ["COMMANDS"]

#: how many scenes +scene/list shows, newest first
LIST_LENGTH = 20


_run = telling(SceneError)


def _scenes(ctx: Context) -> Scenes:
    return Scenes.of(ctx.game)


def _names(ctx: Context, scene: Scene) -> str:
    """Who took part, as seen: secret identities by their names (staff: ``Identity(Character)``)."""
    return ", ".join(participant_names(ctx.game, scene, ctx.is_staff))


def _readable(ctx: Context, ref: str, switch: str) -> Scene:
    ref = ref.strip().lstrip("#")
    if not is_number(ref):
        raise UsageError(switch=switch or None)
    scene = _scenes(ctx).get(int(ref))
    if scene is None or not _scenes(ctx).may_see(ctx.actor, scene):
        raise CommandError(f"There is no scene {ref}. +scene/list shows them.")
    if not _scenes(ctx).may_read(ctx.actor, scene):
        raise CommandError(f"Only those who took part in scene {scene.id}, and staff, may read it.")
    return scene


def _own(ctx: Context, ref: str, switch: str) -> Scene:
    """A scene the actor takes part in (or any, for staff), by number or, with none, the one here."""
    ref = ref.strip().lstrip("#")
    if not ref:
        scene = _scenes(ctx).running.get(ctx.actor.location)
        if scene is None:
            raise CommandError("No scene is running here.")
    else:
        scene = _readable(ctx, ref, switch)
    if not scene.takes_part(ctx.actor.id) and not permit(ctx, Role.STAFF):
        raise CommandError(f"Only those taking part in scene {scene.id}, and staff, may change it.")
    return scene


def _header(scene: Scene) -> str:
    end = f"stopped {when(scene.stopped)}" if scene.stopped else "still running"
    return f"Scene {scene.id}: {scene.title} -- {scene.room_name}, started {when(scene.started)} by {scene.starter}, {end}"


def _about(scene: Scene) -> list[str]:
    """The plot and summary lines, when set."""
    return [*([f"Plot: {scene.plot}"] if scene.plot else []), *([f"Summary: {scene.summary}"] if scene.summary else [])]


def _shown(data: dict, staff: bool) -> str:
    """A log line as read back: an @emit with who sent it (an NPC's narration names its GM; a
    secret identity's emit its identity, and for staff the character behind it)."""
    text = data.get("text", "")
    if data.get("form") == "emit" and not text.startswith("|x|h["):
        speaker, worn = data.get("speaker", ""), data.get("as", "")
        return f"|x|h[{f'{worn}({speaker})' if worn and staff else worn or speaker}]|n {text}"
    return text


def cmd_start(ctx: Context, parsed: ParsedCommand) -> None:
    scene = _run(lambda: _scenes(ctx).start(ctx.actor, parsed.args))
    ctx.emit_room(f"|c[Scene]|n {ctx.actor.name} starts scene {scene.id}: {scene.title}. "
                  "Everything said here is logged until +scene/stop.")


def cmd_stop(ctx: Context, parsed: ParsedCommand) -> None:
    scene = _scenes(ctx).running.get(ctx.actor.location)
    if scene is None:
        raise CommandError("No scene is running here.")
    if not _scenes(ctx).may_stop(ctx.actor, scene):
        raise CommandError("Only someone taking part in the scene, or staff, may stop it.")
    ctx.emit_room(f"|c[Scene]|n {ctx.actor.name} stops scene {scene.id}: {scene.title}. "
                  f"+scene/log {scene.id} reads it back.")
    _scenes(ctx).stop(scene)


def cmd_log(ctx: Context, parsed: ParsedCommand, plain: bool) -> None:
    """+scene/log or +scene/text <number>: the first page of the log; +scene/next reads on."""
    _log_page(ctx, _readable(ctx, parsed.args, "text" if plain else "log"), plain, 0)


def cmd_next(ctx: Context, parsed: ParsedCommand) -> None:
    what, offset = place(ctx, "+scene", "+scene/log <number> reads a scene")
    switch, _, number = what.partition(" ")
    _log_page(ctx, _readable(ctx, number, switch), switch == "text", offset)


def _log_page(ctx: Context, scene: Scene, plain: bool, offset: int) -> None:
    lines, following = _scenes(ctx).lines(scene, offset)
    remember(ctx, "+scene", f"{'text' if plain else 'log'} {scene.id}", following)
    _scenes(ctx).read(ctx.actor, scene)
    if plain:
        body = [f"[{when(e.time, date=False)}] {escape(strip(_shown(e.data, ctx.is_staff)))}" for e in lines]
        head = [] if offset else [f"-- begin scene {scene.id} --", escape(_header(scene)),
                                  *(escape(line) for line in _about(scene)), f"Participants: {_names(ctx, scene)}"]
        tail = more("+scene", following) or [f"-- end scene {scene.id} --"]
        ctx.reply("\n".join([*head, *body, *tail]))
        return
    body = [f"|x|h[{when(e.time, date=False)}]|n {_shown(e.data, ctx.is_staff)}" for e in lines]
    head = [fit_rule(f"---- Scene {scene.id} ----", ctx.width), _header(scene), *_about(scene),
            f"|hParticipants:|n {_names(ctx, scene)}", fit_rule("-" * 8, ctx.width)] if not offset else []
    ctx.reply("\n".join([*head, *(body or ["Nothing was said."]), fit_rule("-" * 8, ctx.width),
                         *more("+scene", following)]))


def cmd_list(ctx: Context, parsed: ParsedCommand) -> None:
    scenes = [s for s in _scenes(ctx).latest(LIST_LENGTH) if _scenes(ctx).may_see(ctx.actor, s)]
    if not scenes:
        ctx.reply("No scenes yet. +scene/start <title> starts one in the room you are in.")
        return
    rows = [f"|h{'#':>4}  {'Title':<28}{'Where':<18}{'Started':<18}Status|n"]
    for scene in scenes:
        status = ("running" if scene.running else "shared" if scene.shared else "stopped") + \
            (", private" if scene.private else "")
        mine = "*" if scene.takes_part(ctx.actor.id) else " "
        rows.append(f"{scene.id:>4}{mine} {cell(scene.title, 28, 27)}{cell(scene.room_name, 18, 17)}"
                    f"{when(scene.started):<18}{status}")
    rows.append("* you took part. +scene/log <number> reads one.")
    ctx.reply("\n".join(rows))


def cmd_scene(ctx: Context, parsed: ParsedCommand) -> None:
    """+scene: the scene running here, or +scene <number>; +scenes lists them (as +scene/list)."""
    if parsed.name == "+scenes":
        cmd_list(ctx, parsed)
        return
    if parsed.args.strip():
        scene = _readable(ctx, parsed.args, "")
        invited = ", ".join(ctx.game.characters[i].name for i in scene.invited if i in ctx.game.characters)
        kind = ("private" if scene.private else "open") + (", shared" if scene.shared else "")
        ctx.reply("\n".join([_header(scene), *_about(scene), f"|hParticipants:|n {_names(ctx, scene)}",
                             *([f"|hInvited:|n {invited}"] if invited else []), f"|hScene is|n {kind}."]))
        return
    running = _scenes(ctx).running.get(ctx.actor.location)
    ctx.reply(f"Scene {running.id} ({running.title}) is running here, started by {running.starter}."
              if running else "No scene is running here. +scene/start <title> starts one.")


# --- what a scene is, who joins and reads it -----------------------------------------------------
def cmd_describe(ctx: Context, parsed: ParsedCommand, field: str) -> None:
    """+scene/title, /plot or /summary [<number>=]<text>: of a scene one takes part in."""
    ref, text = (parsed.lhs, parsed.rhs) if parsed.rhs is not None else ("", parsed.args)
    scene = _own(ctx, ref, field)
    scene = _run(lambda: _scenes(ctx).describe(scene, field, text))
    value = getattr(scene, field)
    ctx.reply(f"Scene {scene.id}'s {field}: {value}" if value else f"Scene {scene.id} has no {field} now.")


def cmd_private(ctx: Context, parsed: ParsedCommand, private: bool) -> None:
    """+scene/private or /open: who may join the scene here."""
    scene = _scenes(ctx).set_private(_own(ctx, "", "private"), private)
    ctx.reply(f"Scene {scene.id} is private: only those you +scene/invite may join or read it." if private
              else f"Scene {scene.id} is open: anyone may +scene/join it.")


def cmd_invite(ctx: Context, parsed: ParsedCommand) -> None:
    scene = _own(ctx, "", "invite")
    name = parsed.args.strip()
    char = ctx.game.find_character(name) if name else None
    if char is None or char.npc:
        raise CommandError(f"There is no player called '{speech.clean(name)[:40]}'." if name else "Invite whom?")
    scene = _run(lambda: _scenes(ctx).invite(scene, char))
    ctx.game.msg(char, f"|c[Scene]|n {ctx.actor.name} invites you to scene {scene.id} ({scene.title}) in "
                       f"{scene.room_name}. +scene/join {scene.id} takes you there.")
    ctx.reply(f"You invite {char.name} to scene {scene.id}.")


def cmd_join(ctx: Context, parsed: ParsedCommand) -> None:
    from .social import move_to

    ref = parsed.args.strip().lstrip("#")
    if not is_number(ref):
        raise UsageError(switch="join")
    found = _scenes(ctx).get(int(ref))
    if found is None or not _scenes(ctx).may_see(ctx.actor, found):
        raise CommandError(f"There is no scene {ref}. +scene/list shows them.")
    scene = _run(lambda: _scenes(ctx).join(ctx.actor, found))
    if ctx.actor.location == scene.room:
        ctx.reply(f"You are in scene {scene.id} ({scene.title}) already.")
        return
    name = ctx.actor.name
    move_to(ctx, scene.room, f"{name} leaves to join a scene.", f"{name} arrives to join scene {scene.id}.")


def cmd_share(ctx: Context, parsed: ParsedCommand, shared: bool) -> None:
    scene = _own(ctx, parsed.args, "share" if shared else "unshare")
    scene = _run(lambda: _scenes(ctx).set_shared(scene, shared))
    ctx.reply(f"Scene {scene.id} is shared: anyone may read it, and the scene archive lists it." if shared
              else f"Scene {scene.id} is no longer shared.")


# --- pose order and fixing a pose -------------------------------------------------------------------
def cmd_order(ctx: Context, parsed: ParsedCommand) -> None:
    scene = _scenes(ctx).running.get(ctx.actor.location)
    if scene is None:
        raise CommandError("No scene is running here.")
    order = _scenes(ctx).order(scene)
    if not order:
        ctx.reply(f"No one has posed in scene {scene.id} yet.")
        return
    ctx.reply(f"Pose order in scene {scene.id}: {', '.join(c.name for c in order)}. Next: {order[0].name}.")


def cmd_nudge(ctx: Context, parsed: ParsedCommand) -> None:
    choice = parsed.args.strip().lower()
    if choice not in NUDGES:
        raise UsageError(switch="nudge", note=f"it is {_scenes(ctx).nudge_setting(ctx.actor)} for you now")
    ctx.actor.settings = {**ctx.actor.settings, "pose_nudge": choice}
    ctx.game.save_character(ctx.actor)
    ctx.reply({"on": "You will be told when it is your turn to pose.",
               "off": "You will not be told when it is your turn to pose.",
               "gag": "You are out of the pose order, and not told of turns."}[choice])


def cmd_typo(ctx: Context, parsed: ParsedCommand) -> None:
    text = speech.clean(parsed.args).strip()
    if not text:
        raise UsageError(switch="typo")
    from .social import spoof_problem

    check = None if ctx.is_staff else (lambda fixed: spoof_problem(ctx.game, ctx.actor, fixed))
    line = _run(lambda: _scenes(ctx).typo(ctx.actor, text, check))
    ctx.reply(f"Your last pose in the log now reads: {line}")


def cmd_undo(ctx: Context, parsed: ParsedCommand) -> None:
    line = _run(lambda: _scenes(ctx).undo(ctx.actor))
    ctx.reply(f"Your last pose in the log reads again: {line}")


COMMANDS = (
    Command("+scene", cmd_scene, aliases=("+scenes",),
            subcommands={"start": cmd_start, "stop": cmd_stop, "log": partial(cmd_log, plain=False),
                         "text": partial(cmd_log, plain=True), "list": cmd_list,
                         "next": cmd_next, "title": partial(cmd_describe, field="title"),
                         "plot": partial(cmd_describe, field="plot"), "summary": partial(cmd_describe, field="summary"),
                         "private": partial(cmd_private, private=True), "open": partial(cmd_private, private=False),
                         "invite": cmd_invite, "join": cmd_join, "share": partial(cmd_share, shared=True),
                         "unshare": partial(cmd_share, shared=False), "order": cmd_order, "nudge": cmd_nudge,
                         "typo": cmd_typo, "undo": cmd_undo},
            summary="Start, stop and read back a logged scene."),
)
