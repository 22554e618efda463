"""Scenes and their logs, as AresMUSH's +scene: a scene runs in a room from ``+scene/start``
to ``+scene/stop``, and every line the room hears meanwhile (say, pose, @emit, dice, combat,
arrivals) is kept with its time and speaker (docs/player-guide.md, "Scenes").

A scene is one store document (kind ``scene``, key its number). Its lines go to the store's
``scene`` log as they are heard, before anyone hears them, so a log survives ``kill -9``.
Which room runs which scene is one document per room (kind ``scene_room``), read into memory
once, so a line heard in a room without a scene costs one lookup. The participants are those
in the room when the scene started and everyone the room heard from while it ran.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import attrs

from ..store.base import LogEntry, StoreError

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["Scene", "SceneError", "Scenes", "record", "shared_scene"]

log = logging.getLogger("champions_mush.scenes")

MAX_TITLE = 60
#: the most lines one scene's log is read back with
MAX_LINES = 20_000


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

    def _save(self, scene: Scene) -> Scene:
        self.game.store.put("scene", str(scene.id), scene.to_doc())
        if scene.running:
            self.running[scene.room] = scene
        return scene

    # --- starting and stopping --------------------------------------------------------------------
    def start(self, char: Character, title: str) -> Scene:
        title = title.strip()
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
        self.game.store.put("scene", str(scene.id), scene.to_doc())
        self.game.store.put("scene_room", str(room.id), {"scene": scene.id})
        self.running[room.id] = scene
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
        """Keep a line the room heard, if a scene runs there; a new speaker joins its participants."""
        scene = self.running.get(room_id)
        if scene is None:
            return
        self.game.store.append("scene", {"scene": scene.id, "speaker": speaker.name if speaker else "",
                                         "text": text}, self.game.clock())
        if speaker is not None and speaker.id not in scene.participants:
            self._save(attrs.evolve(scene, participants=(*scene.participants, speaker.id)))

    def lines(self, scene: Scene) -> list[LogEntry]:
        return self.game.store.tail("scene", MAX_LINES, match={"scene": scene.id})

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
    return any(first.id in s.participants and second.id in s.participants for s in Scenes.of(game).all())
