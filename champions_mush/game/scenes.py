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

A scene has a title, a plot and a summary; it may be private (joined only by invitation, its log
read only by those taking part) and, once stopped, shared (anyone may read it; the portal lists
shared scenes: the document's ``shared`` field). Each line of the log notes its form (``say``,
``pose``, ``semipose``, ``emit``, ``ooc``; none for the game's own lines), so a log can fold the
OOC lines and shows who sent each @emit (an NPC's narration). The pose order is who posed
longest ago first; the one whose turn it is is nudged (each player's ``pose_nudge`` setting:
``on``, ``off``, or ``gag``: no nudges and out of the order). ``+scene/typo`` rewrites one's
last pose in the log, silently, and ``+scene/undo`` takes that back. The pose order and each
one's last pose are kept in memory and read back from the log's newest lines when a game starts,
so a pose writes one row and nothing else.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from ..store.base import Row, StoreError
from ..values import frozen
from . import growing, speech
from .identities import current, shown_name

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["FORMS", "NUDGES", "SCENE_LINES", "Scene", "SceneError", "Scenes", "line_for", "login_notice",
           "participant_names", "record", "send_nudges", "shared_scene"]

log = logging.getLogger("champions_mush.scenes")

MAX_TITLE = 60
#: the store's rows of a scene's log
SCENE_LINES = "scene_line"
MAX_PLOT = 60
MAX_SUMMARY = 1000
#: how each form of line a player sends reads in the room and the log
FORMS = {"say": '{name} says, "{text}"', "pose": "{name} {text}", "semipose": "{name}{text}", "emit": "{text}",
         "ooc": "|m<OOC>|n {text}"}
#: the forms that take a turn in the pose order (and that +scene/typo fixes)
POSES = ("say", "pose", "semipose", "emit")
#: a player's pose nudge setting: told when it is their turn, not told, or out of the order
NUDGES = ("on", "off", "gag")
#: how many of a running scene's newest lines a starting game reads for its pose order
_ORDER_LINES = 500


def line_for(form: str, name: str, text: str) -> str:
    """The line the room hears for ``text`` sent as ``form`` by ``name`` (:data:`FORMS`)."""
    return FORMS[form].format(name=name, text=text)


class SceneError(ValueError):
    """A mistake with a scene: the message says what to do."""


@frozen
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
    plot: str = ""
    summary: str = ""
    #: joined only by invitation; its log read only by those taking part (and staff)
    private: bool = False
    invited: tuple[int, ...] = ()
    #: a finished log its players chose to show to everyone (the web portal lists it)
    shared: bool = False
    #: (character id, the secret identity it was seen as, "" for itself), each once, as seen
    seen_as: tuple[tuple[int, str], ...] = ()

    @property
    def running(self) -> bool:
        return not self.stopped

    def to_doc(self) -> dict:
        return {**attrs.asdict(self), "participants": list(self.participants), "invited": list(self.invited),
                "seen_as": [list(pair) for pair in self.seen_as]}

    @classmethod
    def from_doc(cls, doc: dict) -> Scene:
        known = {f.name for f in attrs.fields(cls)}
        values = {k: v for k, v in doc.items() if k in known}
        return cls(**{**values, "participants": tuple(doc.get("participants", ())),
                      "invited": tuple(doc.get("invited", ())),
                      "seen_as": tuple((int(i), str(n)) for i, n in doc.get("seen_as", ()))})

    def takes_part(self, char_id: int) -> bool:
        return char_id in self.participants or char_id in self.invited

    def names_of(self, char_id: int) -> list[str]:
        """The secret identities ``char_id`` was seen as here ("" for itself; itself when none noted)."""
        return [name for i, name in self.seen_as if i == char_id] or [""]


def _seen_as(char: Character) -> str:
    worn = current(char)
    return str(worn["name"]) if worn else ""


def participant_names(game: Game, scene: Scene, staff: bool) -> list[str]:
    """Who took part, as they were seen, in the order each was first seen: each secret identity
    worn (``Identity(Character)`` for staff), a character seen as itself by its name
    (game/identities.py)."""
    noted = {char_id for char_id, _ in scene.seen_as}
    pairs = [*scene.seen_as, *((i, "") for i in scene.participants if i not in noted)]
    shown = []
    for char_id, name in pairs:
        char = game.characters.get(char_id)
        if char is not None and char_id in scene.participants:
            shown.append(char.name if not name else f"{name}({char.name})" if staff else name)
    return list(dict.fromkeys(shown))


class Scenes:
    """The game's scenes: the running one per room, and the logs."""

    def __init__(self, game: Game) -> None:
        self.game = game
        #: room id -> the scene running there
        self.running: dict[int, Scene] = {}
        #: character id -> the scenes they took part in; and the newest scene's number
        self.taken_part: dict[int, set[int]] = {}
        self.newest = 0
        #: per running scene: character id -> the row of their last pose, who posed longest ago first
        self.poses: dict[int, dict[int, int]] = {}
        #: per scene: participants told of new activity since they were last there or read it
        self.told: dict[int, set[int]] = {}
        #: nudges to send once the pose that made them is delivered (:func:`send_nudges`)
        self.nudges: list[tuple[Character, str]] = []
        for doc in game.store.all("scene").values():
            self._index(Scene.from_doc(doc))
        for key, doc in game.store.all("scene_room").items():
            scene = self.get(int(doc["scene"]))
            if scene is not None and scene.running:
                self.running[int(key)] = scene
                self.poses[scene.id] = self._read_poses(scene)

    def _read_poses(self, scene: Scene) -> dict[int, int]:
        """The pose order from the log's newest lines (at start; afterwards it is kept as poses come)."""
        store, owner = self.game.store, str(scene.id)
        count = store.count_rows(SCENE_LINES, owner)
        found: dict[int, int] = {}
        for row in store.rows(SCENE_LINES, owner, max(0, count - _ORDER_LINES), _ORDER_LINES):
            if row.author and row.data.get("form") in POSES:
                found.pop(row.author, None)
                found[row.author] = row.id
        return found

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
        title = speech.clean(title).strip()  # as typed text is shown (docs/reliability.md, "Every door")
        if not title or len(title) > MAX_TITLE:
            raise SceneError(f"A scene needs a title of 1-{MAX_TITLE} characters: +scene/start <title>")
        room = self.game.room_of(char)
        here = self.running.get(room.id)
        if here is not None:
            raise SceneError(f"Scene {here.id} ({here.title}) is already running here: +scene/stop ends it.")
        present = [char, *(c for c in self.game.characters_in(room.id) if self.game.is_connected(c) and c != char)]
        scene = Scene(id=self.game.store.next_id("scene"), title=title, room=room.id, room_name=room.name,
                      starter_id=char.id, starter=char.name, started=self.game.clock(),
                      participants=tuple(c.id for c in present), seen_as=tuple((c.id, _seen_as(c)) for c in present))
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
        self.poses.pop(scene.id, None)
        self.told.pop(scene.id, None)
        return scene

    # --- what a scene is, who may join and read it ------------------------------------------------
    def describe(self, scene: Scene, field: str, text: str) -> Scene:
        """Set the title, plot or summary (cleaned as every shown text: game/speech.py)."""
        limit = {"title": MAX_TITLE, "plot": MAX_PLOT, "summary": MAX_SUMMARY}[field]
        text = speech.clean(text).strip()
        if field == "title" and not text or len(text) > limit:
            raise SceneError(f"A scene's {field} is {'1' if field == 'title' else '0'}-{limit} characters.")
        changes: dict[str, Any] = {field: text}
        return self._save(attrs.evolve(scene, **changes))

    def set_private(self, scene: Scene, private: bool) -> Scene:
        return self._save(attrs.evolve(scene, private=private))

    def invite(self, scene: Scene, char: Character) -> Scene:
        if scene.takes_part(char.id):
            raise SceneError(f"{char.name} already takes part in scene {scene.id}.")
        return self._save(attrs.evolve(scene, invited=(*scene.invited, char.id)))

    def may_join(self, char: Character, scene: Scene) -> bool:
        return not scene.private or scene.takes_part(char.id) or self.game.is_staff(char)

    def join(self, char: Character, scene: Scene) -> Scene:
        if not scene.running:
            raise SceneError(f"Scene {scene.id} has stopped: +scene/log {scene.id} reads it.")
        if not self.may_join(char, scene):
            raise SceneError(f"Scene {scene.id} is private: someone taking part must +scene/invite you.")
        return self._note(scene, char)

    def _note(self, scene: Scene, char: Character) -> Scene:
        """``char`` takes part, as the identity it wears now: saved only when that is new."""
        pair = (char.id, _seen_as(char))
        if char.id in scene.participants and pair in scene.seen_as:
            return scene
        participants = scene.participants if char.id in scene.participants else (*scene.participants, char.id)
        return self._save(attrs.evolve(scene, participants=participants, seen_as=(*scene.seen_as, pair)))

    def set_shared(self, scene: Scene, shared: bool) -> Scene:
        if shared and scene.running:
            raise SceneError(f"Scene {scene.id} is still running: share it once it has stopped.")
        return self._save(attrs.evolve(scene, shared=shared))

    def may_see(self, char: Character, scene: Scene) -> bool:
        """Listed for ``char`` (a private scene only for those taking part, and staff)."""
        return not scene.private or scene.shared or scene.takes_part(char.id) or self.game.is_staff(char)

    # --- the log ----------------------------------------------------------------------------------
    def record(self, room_id: int, text: str, speaker: Character | None, form: str = "") -> None:
        """Keep a line the room heard, if a scene runs there; a new speaker joins its participants.
        A speaker past their limits is told the line was not logged. A pose moves its speaker to
        the end of the pose order and nudges the one whose turn it now is; participants away from
        the room hear that the scene has new activity."""
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
        seen_as = _seen_as(speaker) if speaker else ""
        data = {"speaker": speaker.name if speaker else "", "text": text, **({"form": form} if form else {}),
                **({"as": seen_as} if seen_as else {})}
        row = self.game.store.add_row(SCENE_LINES, str(scene.id), speaker.id if speaker else 0, data, self.game.clock())
        if speaker is None:
            return
        scene = self._note(scene, speaker)
        if form in POSES:
            poses = self.poses.setdefault(scene.id, {})
            poses.pop(speaker.id, None)
            poses[speaker.id] = row
            self._nudge(scene, speaker)
        if form:
            self._tell_away(scene, speaker)

    # --- pose order -------------------------------------------------------------------------------
    def nudge_setting(self, char: Character) -> str:
        setting = char.settings.get("pose_nudge", "on")
        return setting if setting in NUDGES else "on"

    def order(self, scene: Scene) -> list[Character]:
        """Those in the pose order, whose turn it is first: posed in the scene, still in its room,
        connected, not gagged."""
        game = self.game
        chars = (game.characters.get(i) for i in self.poses.get(scene.id, {}))
        return [c for c in chars if c is not None and c.location == scene.room and game.is_connected(c)
                and self.nudge_setting(c) != "gag"]

    def _nudge(self, scene: Scene, poser: Character) -> None:
        order = [c for c in self.order(scene) if c.id != poser.id]
        if order and self.nudge_setting(order[0]) == "on":
            self.nudges.append((order[0], f"|c[Scene]|n Your turn to pose in scene {scene.id} ({scene.title})."))

    def _tell_away(self, scene: Scene, speaker: Character) -> None:
        """Participants online elsewhere hear once that the scene goes on (until they are back)."""
        game, told = self.game, self.told.setdefault(scene.id, set())
        for char_id in scene.participants:
            char = game.characters.get(char_id)
            if char is None or char.id == speaker.id or char.location == scene.room:
                told.discard(char_id)
                continue
            if char_id not in told and game.is_connected(char):
                told.add(char_id)
                game.msg(char, f"|c[Scene]|n New activity in scene {scene.id} ({scene.title}): "
                               f"+scene/join {scene.id} or +scene/log {scene.id}.")

    # --- fixing a pose ----------------------------------------------------------------------------
    def _last_pose(self, char: Character) -> tuple[Scene, Row]:
        scene = self.running.get(char.location)
        row_id = self.poses.get(scene.id, {}).get(char.id) if scene is not None else None
        row = self.game.store.get_row(SCENE_LINES, row_id) if row_id else None
        if scene is None or row is None:
            raise SceneError("You have posed nothing in a scene here to fix.")
        return scene, row

    def typo(self, char: Character, text: str, emit_problem: Callable[[str], str | None] | None = None) -> str:
        """Rewrite ``char``'s last pose in the scene here, as the same form; returns the new line.
        Nobody is told; the log keeps the line it replaced for :meth:`undo`. A fixed @emit must
        pass ``emit_problem`` as a new one would (a player's may not pass for another's line)."""
        _scene, row = self._last_pose(char)
        form = row.data.get("form", "pose")
        problem = emit_problem(text) if form == "emit" and emit_problem is not None else None
        if problem:
            raise SceneError(problem)
        line = line_for(form, shown_name(self.game, char), text)  # a secret identity's name (game/identities.py)
        self.game.store.set_row(SCENE_LINES, row.id, {**row.data, "text": line, "was": row.data["text"]})
        return line

    def undo(self, char: Character) -> str:
        """Take back the last ``typo`` of ``char``'s last pose; returns the line as it was."""
        _scene, row = self._last_pose(char)
        was = row.data.get("was")
        if was is None:
            raise SceneError("Your last pose has no fix to undo.")
        data = {k: v for k, v in row.data.items() if k != "was"}
        self.game.store.set_row(SCENE_LINES, row.id, {**data, "text": was})
        return was

    def lines(self, scene: Scene, offset: int = 0) -> tuple[list[Row], int]:
        """A page of the scene's log from ``offset``, and where the next starts (0: none)."""
        return growing.page(self.game.store, SCENE_LINES, str(scene.id), offset, lambda r: len(r.data.get("text", "")))

    def may_read(self, char: Character, scene: Scene) -> bool:
        return scene.shared or scene.takes_part(char.id) or self.game.is_staff(char)

    def read(self, char: Character, scene: Scene) -> None:
        """``char`` has read the scene: no new-activity notice until it goes on again."""
        self.told.get(scene.id, set()).discard(char.id)


def record(game: Game, room_id: int, text: str, speaker: Character | None, form: str = "") -> None:
    """What :meth:`Game.overheard` calls for every line a room hears. A storage failure goes up
    (the line is then not delivered either); any other error is logged and the line goes on."""
    try:
        Scenes.of(game).record(room_id, text, speaker, form)
    except StoreError:
        raise
    except Exception:  # a scene-log bug must never silence a room
        log.exception("could not log a line in room #%d", room_id)


def login_notice(game: Game, char: Character) -> list[str]:
    """A line per running scene ``char`` takes part in elsewhere: it goes on without them."""
    return [f"|c[Scene]|n Scene {scene.id} ({scene.title}) you take part in is running in {scene.room_name}: "
            f"+scene/join {scene.id} or +scene/log {scene.id}."
            for scene in Scenes.of(game).running.values() if scene.takes_part(char.id) and scene.room != char.location]


def send_nudges(game: Game) -> None:
    """Send the nudges the lines just delivered made (after them: the pose, then whose turn)."""
    scenes = game.services.made("scenes")
    if scenes is None or not scenes.nudges:
        return
    waiting, scenes.nudges = scenes.nudges, []
    for char, text in waiting:
        game.msg(char, text)


def shared_scene(game: Game, first: Character, second: Character) -> bool:
    """Did the two take part in one scene (``+vote`` may require it)?"""
    taken_part = Scenes.of(game).taken_part
    return bool(taken_part.get(first.id, set()) & taken_part.get(second.id, set()))
