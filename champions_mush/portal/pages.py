"""What each page shows, read through the game's own functions (the same sheet and cost
engine as ``+sheet``, the same help catalogs as ``RULES`` and ``+HELP``), and who may see it.

Each function takes the :class:`Game` view and the viewer (a :class:`Viewer`, a guest when
nobody is logged in) and returns plain values for a template, or raises :class:`Refused`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.boards import Boards
from ..game.hero import CHARACTERISTIC_ORDER, Section, get_hero, has_hero
from ..game.people import FINGER_FIELDS, finger
from ..game.portraits import PORTRAIT_KIND
from ..game.roles import Role
from ..game.scenes import Scenes, participant_names
from ..game.sheets import CHARACTERISTICS, get_sheet
from ..game.teams import team_view
from ..rules.champions.rolls import characteristic_target
from ..rules.errors import RulesError
from ..values import frozen

if TYPE_CHECKING:
    from ..game.objects import Character
    from ..game.scenes import Scene
    from ..game.world import Game

__all__ = ["Refused", "Viewer", "boards", "character", "characters", "fold_ooc", "help_topic", "own_scenes", "scene",
           "scenes", "team", "visible_character"]

#: Movement characteristics, shown in inches (``"``) as on ``+sheet``.
_INCHES = ("RUNNING", "SWIMMING", "LEAPING")


class Refused(Exception):
    """The page is not for this viewer (or does not exist): ``status`` and a short reason."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


@frozen
class Viewer:
    """Who is looking: a logged-in character's id, name and role, or a guest."""

    char_id: int | None = None
    name: str = ""
    role: int = Role.GUEST

    @property
    def staff(self) -> bool:
        return self.role >= Role.STAFF


GUEST = Viewer()


# --- characters -------------------------------------------------------------------------------
def may_see(game: Game, viewer: Viewer, char: Character) -> bool:
    """Approved player characters are public; unapproved ones and NPCs are for their owner and staff."""
    if viewer.staff or viewer.char_id == char.id:
        return True
    return not char.npc and get_sheet(game, char).approved


def characters(game: Game, viewer: Viewer) -> list[dict[str, Any]]:
    """Every character the viewer may see, by name: name, approved, NPC, alias."""
    rows = []
    for char in sorted(game.characters.values(), key=lambda c: c.name.lower()):
        if may_see(game, viewer, char):
            rows.append({"name": char.name, "approved": get_sheet(game, char).approved, "npc": char.npc,
                         "alias": finger(char).get("alias", "")})
    return rows


def visible_character(game: Game, viewer: Viewer, name: str) -> Character:
    """The character called ``name``, if the viewer may see its page."""
    char = game.find_character(name)
    if char is None:
        raise Refused(404, f"There is no character called {name[:40]}.")
    if not may_see(game, viewer, char):
        raise Refused(403, f"{char.name}'s sheet is not approved yet: only its player and staff may see it.")
    return char


def character(game: Game, viewer: Viewer, name: str) -> dict[str, Any]:
    """One character's page: +finger fields, the sheet, the scenes it took part in."""
    char = visible_character(game, viewer, name)
    fields = finger(char)
    info = [(label, fields[key]) for key, (label, _) in FINGER_FIELDS.items() if key in fields]
    sheet = get_sheet(game, char)
    try:
        hero = get_hero(game, char) if has_hero(game, char) or not char.npc else None
        damaged = ""
    except RulesError as exc:
        hero, damaged = None, str(exc)
    return {"name": char.name, "npc": char.npc, "approved": sheet.approved, "approved_by": sheet.approved_by,
            "finger": info, "staff": Role(char.role).name.lower() if char.role >= Role.STAFF else "",
            "owner": viewer.char_id == char.id, "hero": hero_sheet(hero) if hero is not None else None,
            "damaged": damaged, "play": play_sheet(sheet), "scenes": _scenes_of(game, viewer, char),
            "portrait": game.store.get(PORTRAIT_KIND, str(char.id)) is not None}


def play_sheet(sheet) -> dict[str, Any]:  # a game.sheets.Sheet
    """The play sheet's figures: STUN, BODY, END now and at most; rPD, rED, OCV, DCV."""
    return {"vitals": [("STUN", sheet.current_stun, sheet.max_stun), ("BODY", sheet.current_body, sheet.max_body),
                       ("END", sheet.current_end, sheet.max_end)],
            "combat": [(name, sheet.base(name)) for name in ("rPD", "rED", "OCV", "DCV")],
            "conditions": sheet.conditions()}


def hero_sheet(hero) -> dict[str, Any]:  # a game.hero.HeroSheet
    """The HERO sheet as ``+sheet`` shows it: characteristics (value, points, roll), each
    section's items in order (number, Active Points, Real Cost, END, text, depth), the totals."""
    chars = []
    for name in CHARACTERISTIC_ORDER:
        value = hero.value(name)
        roll = f"{characteristic_target(value)}-" if name in CHARACTERISTICS[:8] else ""
        chars.append({"name": name, "value": f'{value}"' if name in _INCHES else str(value),
                      "points": hero.points(name), "roll": roll})
    numbers = {item.id: n for n, item in enumerate(hero.items, 1)}
    sections = []
    for section in Section:
        items = [i for i in hero.items if i.section is section]
        if items:
            sections.append({"title": section.title, "points": hero.section_points(section),
                             "items": [_item(hero, item, numbers) for item in items]})
    return {"source": hero.source, "characteristics": chars, "characteristic_points": hero.characteristic_points(),
            "sections": sections, "spent": hero.spent, "base": hero.base_points,
            "disads": min(hero.disads, hero.disad_points), "experience": hero.experience,
            "available": hero.available, "balance": hero.balance, "unknown": len(hero.unknown)}


def _item(hero, item, numbers: dict[str, int]) -> dict[str, Any]:
    depth, parent = 0, item.parent
    while parent and depth < 5:
        depth += 1
        found = hero.find(parent)
        parent = found.parent if found is not None else ""
    return {"number": numbers[item.id], "active": item.active, "real": item.real, "end": item.end,
            "text": item.text, "depth": depth, "known": item.known, "framework": bool(item.framework)}


# --- scenes -----------------------------------------------------------------------------------
def may_read(game: Game, viewer: Viewer, scene: Scene) -> bool:
    """A shared log is anyone's; the rest are for those taking part and staff (as +scene/log)."""
    if scene.shared or viewer.staff:
        return True
    return viewer.char_id is not None and scene.takes_part(viewer.char_id)


def _scene_row(game: Game, viewer: Viewer, scene: Scene) -> dict[str, Any]:
    """A scene's figures; its people as the viewer sees them (secret identities: game/identities.py)."""
    return {"id": scene.id, "title": scene.title, "room": scene.room_name, "started": scene.started,
            "stopped": scene.stopped, "people": participant_names(game, scene, viewer.staff), "shared": scene.shared,
            "private": scene.private, "plot": scene.plot, "summary": scene.summary}


def scenes(game: Game, viewer: Viewer) -> list[dict[str, Any]]:
    """The scenes the viewer may read, newest first."""
    found = [s for s in Scenes.of(game).all() if may_read(game, viewer, s)]
    return [_scene_row(game, viewer, s) for s in reversed(found)]


def _scenes_of(game: Game, viewer: Viewer, char: Character) -> list[dict[str, Any]]:
    """The scenes ``char`` took part in; for players only those it was seen in as itself (one
    played only in a secret identity would tell who is behind it)."""
    found = [s for s in Scenes.of(game).all() if may_read(game, viewer, s) and char.id in s.participants
             and (viewer.staff or viewer.char_id == char.id or "" in s.names_of(char.id))]
    return [_scene_row(game, viewer, s) for s in reversed(found)]


def own_scenes(game: Game, char: Character) -> list[dict[str, Any]]:
    """The scenes ``char`` takes part in, newest first, for sharing and unsharing them."""
    found = [s for s in Scenes.of(game).all() if s.takes_part(char.id)]
    return [_scene_row(game, Viewer(char.id, char.name, char.role), s) for s in reversed(found)]


def scene(game: Game, viewer: Viewer, number: int, offset: int = 0) -> dict[str, Any]:
    """One page of a scene's log from ``offset`` (``next``: where the following page starts,
    0 at the end), if the viewer may read it."""
    found = Scenes.of(game).get(number)
    if found is None:
        raise Refused(404, f"There is no scene {number}.")
    if not may_read(game, viewer, found):
        raise Refused(403, f"Scene {number} is private: only the people in it and staff may read it.")
    rows, following = Scenes.of(game).lines(found, max(0, offset))
    may_share = viewer.char_id is not None and (viewer.staff or found.takes_part(viewer.char_id))
    return {**_scene_row(game, viewer, found), "blocks": fold_ooc(rows), "offset": offset, "next": following,
            "may_share": may_share}


def fold_ooc(rows) -> list[dict[str, Any]]:  # store Rows
    """The log's lines in blocks, each run of OOC lines one block of its own (folded on the page)."""
    blocks: list[dict[str, Any]] = []
    for row in rows:
        ooc = row.data.get("form") == "ooc"
        if not blocks or blocks[-1]["ooc"] != ooc:
            blocks.append({"ooc": ooc, "lines": []})
        blocks[-1]["lines"].append({"time": row.time, "speaker": row.data.get("speaker", ""),
                                    "text": row.data.get("text", "")})
    return blocks


# --- teams -------------------------------------------------------------------------------------
def team(game: Game, viewer: Viewer, found) -> dict[str, Any]:  # a game.teams.Team
    """A team's page (game/teams.py ``team_view``): each member linked when the viewer may see its page."""
    view = team_view(game, found)
    public = {c.name for c in game.characters.values() if c.id in found.members and may_see(game, viewer, c)}
    return {**view, "members": [(name, name in public) for name in view["members"]],
            "leader_public": view["leader"] in public}


# --- boards and help --------------------------------------------------------------------------
def boards(game: Game, viewer: Viewer) -> list[dict[str, Any]]:
    """The boards the viewer's role may read (a guest's: those open to guests), with their posts."""
    service = Boards.of(game)
    shown = []
    for number, board in enumerate(service.ordered(), 1):
        if viewer.role >= board.read_role:
            posts = [{"number": n, "title": p.title, "author": p.author, "time": p.time, "body": service.full(p).body}
                     for n, p in enumerate(service.posts(board), 1)]
            shown.append({"number": number, "name": board.name, "desc": board.desc, "posts": posts})
    return shown


def help_index(catalog, staff: bool) -> list[tuple[str, list[str]]]:  # a help Catalog
    """(category, topic names) for a RULES or +HELP index page."""
    return [(category.capitalize(), [t.name for t in topics])
            for category, topics in sorted(catalog.heads(staff).items())]


def help_topic(catalog, viewer: Viewer, name: str) -> dict[str, Any]:  # a help Catalog
    """One topic: its usage lines, text and see-also names (those a viewer may read)."""
    match = catalog.lookup(name, staff=viewer.staff)
    topic = match.topic
    if topic is None:
        near = [c.name for c in (match.candidates or ())][:10]
        raise Refused(404, f"No topic called {name[:40]}." + (f" Perhaps: {', '.join(near)}." if near else ""))
    see = []
    for item in topic.see_also:
        target = catalog.get(item)
        if target is not None and target.staff_only and not viewer.staff:
            continue
        shown = target.name if target is not None else item
        if shown not in see:
            see.append(shown)
    following = catalog.next_of(topic)
    if following is not None and following.staff_only and not viewer.staff:
        following = None
    return {"name": topic.name, "usage": list(topic.usage), "text": topic.text, "see_also": see,
            "next": following.name if following is not None else ""}
