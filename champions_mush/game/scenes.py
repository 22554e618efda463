"""Scenes and their logs, as AresMUSH's +scene: a scene runs in a room from ``+scene/start``
to ``+scene/stop``, and every line the room hears meanwhile (say, pose, @emit, dice, combat,
arrivals) is kept with its time and speaker (docs/player-guide.md, "Scenes").

A scene is one store document (kind ``scene``, key its number). Its lines are the store's rows
(kind ``scene_line``, owner the scene's number), each written as it is heard, before anyone
hears it, so a log survives ``kill -9``; a log is read a page at a time. One player may add only
so many lines to a scene and in a day (the config's ``scene_lines_per_scene`` and
``scene_lines_per_day``; staff are not limited): past that the room still hears them, unlogged,
and the speaker is told. The config's ``scene_log_max_entries`` and ``scene_log_max_days`` say
how much of all scene logs the store keeps.
Which room runs which scene is one document per room (kind ``scene_room``), read into memory
once, so a line heard in a room without a scene costs one lookup. The participants are those
in the room when the scene started and everyone the room heard from while it ran.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import attrs

from ..store.base import Row, StoreError
from . import growing
from .speech import clean

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["SCENE_LINES", "Scene", "SceneError", "Scenes", "record", "shared_scene"]

log = logging.getLogger("champions_mush.scenes")

MAX_TITLE = 60
#: the store's rows of a scene's log
SCENE_LINES = "scene_line"


class SceneError(ValueError):
    """A mistake with a scene: the message says what to do."""


@attrs.frozen
class Scene:
    id: int
    title: str
    room: int
    room_name: str
    starter_id: int
    starter: str
    started: float
    stopped: float = 0.0
    participants: tuple[int, ...] = ()

    @property
    def running(self) -> bool:
        return not self.stopped

    def to_doc(self) -> dict:
        return {**attrs.asdict(self), "participants": list(self.participants)}

    @classmethod
    def from_doc(cls, doc: dict) -> Scene:
        return cls(**{**doc, "participants": tuple(doc.get("participants", ()))})


class Scenes:
    """The game's scenes: the running one per room, and the logs."""

    def __init__(self, game: Game) -> None:
        self.game = game
        #: room id -> the scene running there
        self.running: dict[int, Scene] = {}
        #: character id -> the scenes they took part in; and the newest scene's number
        self.taken_part: dict[int, set[int]] = {}
        self.newest = 0
        for doc in game.store.all("scene").values():
            self._index(Scene.from_doc(doc))
        for key, doc in game.store.all("scene_room").items():
            scene = self.get(int(doc["scene"]))
            if scene is not None and scene.running:
                self.running[int(key)] = scene

    @classmethod
    def of(cls, game: Game) -> Scenes:
        return game.services.scenes

    def get(self, number: int) -> Scene | None:
        doc = self.game.store.get("scene", str(number))
        return None if doc is None else Scene.from_doc(doc)

    def all(self) -> list[Scene]:
        return sorted((Scene.from_doc(d) for d in self.game.store.all("scene").values()), key=lambda s: s.id)

    def latest(self, count: int) -> list[Scene]:
        """The newest ``count`` scenes, newest first (read one by one: the list never reads all)."""
        found: list[Scene] = []
        for number in range(self.newest, 0, -1):
            if len(found) >= count:
                break
            scene = self.get(number)
            if scene is not None:
                found.append(scene)
        return found

    def _index(self, scene: Scene) -> None:
        self.newest = max(self.newest, scene.id)
        for char_id in scene.participants:
            self.taken_part.setdefault(char_id, set()).add(scene.id)

    def _save(self, scene: Scene) -> Scene:
        self.game.store.put("scene", str(scene.id), scene.to_doc())
        self._index(scene)
        if scene.running:
            self.running[scene.room] = scene
        return scene

    # --- starting and stopping --------------------------------------------------------------------
    def start(self, char: Character, title: str) -> Scene:
        title = clean(title)  # as typed text is shown (docs/reliability.md, "Every door")
        if not title or len(title) > MAX_TITLE:
            raise SceneError(f"A scene needs a title of 1-{MAX_TITLE} characters: +scene/start <title>")
        room = self.game.room_of(char)
        here = self.running.get(room.id)
        if here is not None:
            raise SceneError(f"Scene {here.id} ({here.title}) is already running here: +scene/stop ends it.")
        present = [c.id for c in self.game.characters_in(room.id) if self.game.is_connected(c)]
        scene = Scene(id=self.game.store.next_id("scene"), title=title, room=room.id, room_name=room.name,
                      starter_id=char.id, starter=char.name, started=self.game.clock(),
                      participants=tuple(dict.fromkeys([char.id, *present])))
        self._save(scene)
        self.game.store.put("scene_room", str(room.id), {"scene": scene.id})
        return scene

    def may_stop(self, char: Character, scene: Scene) -> bool:
        return char.id in scene.participants or self.game.is_staff(char)

    def stop(self, scene: Scene) -> Scene:
        scene = attrs.evolve(scene, stopped=self.game.clock())
        self.game.store.put("scene", str(scene.id), scene.to_doc())
        self.game.store.delete("scene_room", str(scene.room))
        self.running.pop(scene.room, None)
        return scene

    # --- the log ----------------------------------------------------------------------------------
    def record(self, room_id: int, text: str, speaker: Character | None) -> None:
        """Keep a line the room heard, if a scene runs there; a new speaker joins its participants.
        A speaker past their limits is told the line was not logged."""
        scene = self.running.get(room_id)
        if scene is None:
            return
        if speaker is not None:
            config = self.game.config
            try:
                growing.check_quota(self.game, SCENE_LINES, str(scene.id), speaker, config.scene_lines_per_scene,
                                    config.scene_lines_per_day, "lines", f"scene {scene.id}")
            except growing.QuotaError as error:
                self.game.msg(speaker, f"|c[Scene]|n {error} The room hears you; the log does not.")
                return
        self.game.store.add_row(SCENE_LINES, str(scene.id), speaker.id if speaker else 0,
                                {"speaker": speaker.name if speaker else "", "text": text}, self.game.clock())
        if speaker is not None and speaker.id not in scene.participants:
            self._save(attrs.evolve(scene, participants=(*scene.participants, speaker.id)))

    def lines(self, scene: Scene, offset: int = 0) -> tuple[list[Row], int]:
        """A page of the scene's log from ``offset``, and where the next starts (0: none)."""
        return growing.page(self.game.store, SCENE_LINES, str(scene.id), offset, lambda r: len(r.data.get("text", "")))

    def may_read(self, char: Character, scene: Scene) -> bool:
        return char.id in scene.participants or self.game.is_staff(char)


def record(game: Game, room_id: int, text: str, speaker: Character | None) -> None:
    """What :meth:`Game.overheard` calls for every line a room hears. A storage failure goes up
    (the line is then not delivered either); any other error is logged and the line goes on."""
    try:
        Scenes.of(game).record(room_id, text, speaker)
    except StoreError:
        raise
    except Exception:  # noqa: BLE001 - a scene-log bug must never silence a room
        log.exception("could not log a line in room #%d", room_id)


def shared_scene(game: Game, first: Character, second: Character) -> bool:
    """Did the two take part in one scene (``+vote`` may require it)?"""
    taken_part = Scenes.of(game).taken_part
    return bool(taken_part.get(first.id, set()) & taken_part.get(second.id, set()))
