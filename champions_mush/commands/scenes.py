"""+scene: start and stop a scene in a room, list scenes, read a log back with times and
speakers, or get it as plain text (the model is game/scenes.py)."""

from __future__ import annotations

from functools import partial

from ..game.scenes import Scene, SceneError, Scenes
from ..text.format import fit_rule, when
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
    chars = ctx.game.characters
    return ", ".join(chars[i].name for i in scene.participants if i in chars)


def _readable(ctx: Context, ref: str, switch: str) -> Scene:
    ref = ref.strip().lstrip("#")
    if not is_number(ref):
        raise UsageError(switch=switch)
    scene = _scenes(ctx).get(int(ref))
    if scene is None:
        raise CommandError(f"There is no scene {ref}. +scene/list shows them.")
    if ctx.actor.id not in scene.participants and not permit(ctx, Role.STAFF):
        raise CommandError(f"Only those who took part in scene {scene.id}, and staff, may read it.")
    return scene


def _header(scene: Scene) -> str:
    end = f"stopped {when(scene.stopped)}" if scene.stopped else "still running"
    return f"Scene {scene.id}: {scene.title} -- {scene.room_name}, started {when(scene.started)} by {scene.starter}, {end}"


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
    if plain:
        body = [f"[{when(e.time, date=False)}] {escape(strip(e.data['text']))}" for e in lines]
        head = [] if offset else [f"-- begin scene {scene.id} --", escape(_header(scene)),
                                  f"Participants: {_names(ctx, scene)}"]
        tail = more("+scene", following) or [f"-- end scene {scene.id} --"]
        ctx.reply("\n".join([*head, *body, *tail]))
        return
    body = [f"|x|h[{when(e.time, date=False)}]|n {e.data['text']}" for e in lines]
    head = [fit_rule(f"---- Scene {scene.id} ----", ctx.width), _header(scene),
            f"|hParticipants:|n {_names(ctx, scene)}", fit_rule("-" * 8, ctx.width)] if not offset else []
    ctx.reply("\n".join([*head, *(body or ["Nothing was said."]), fit_rule("-" * 8, ctx.width),
                         *more("+scene", following)]))


def cmd_list(ctx: Context, parsed: ParsedCommand) -> None:
    scenes = _scenes(ctx).latest(LIST_LENGTH)
    if not scenes:
        ctx.reply("No scenes yet. +scene/start <title> starts one in the room you are in.")
        return
    rows = [f"|h{'#':>4}  {'Title':<28}{'Where':<18}{'Started':<18}Status|n"]
    for scene in scenes:
        status = "running" if scene.running else "stopped"
        mine = "*" if ctx.actor.id in scene.participants else " "
        rows.append(f"{scene.id:>4}{mine} {scene.title[:27]:<28}{scene.room_name[:17]:<18}{when(scene.started):<18}{status}")
    rows.append("* you took part. +scene/log <number> reads one.")
    ctx.reply("\n".join(rows))


def cmd_scene(ctx: Context, parsed: ParsedCommand) -> None:
    """+scene: the scene running here; +scenes lists them (as +scene/list)."""
    if parsed.name == "+scenes":
        cmd_list(ctx, parsed)
        return
    scene = _scenes(ctx).running.get(ctx.actor.location)
    ctx.reply(f"Scene {scene.id} ({scene.title}) is running here, started by {scene.starter}."
              if scene else "No scene is running here. +scene/start <title> starts one.")


COMMANDS = (
    Command("+scene", cmd_scene, aliases=("+scenes",),
            subcommands={"start": cmd_start, "stop": cmd_stop, "log": partial(cmd_log, plain=False),
                         "text": partial(cmd_log, plain=True), "list": cmd_list,
                         "next": cmd_next},
            summary="Start, stop and read back a logged scene."),
)
