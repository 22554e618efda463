"""Teams: groups of heroes with members, a leader, a channel and a board of their own
(docs/player-guide.md, "Teams").

A team is one document (kind ``team``, keyed by its name in lower case): its name, leader and
members (character ids), and the names of its channel and board, which staff make with it and
which only its members (and staff) may use (game/channels.py and game/boards.py ask
:func:`is_member`). :func:`all_teams` and :func:`team_view` are what other parts of the game (the
web portal's team page) read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..values import frozen
from .documents import Document

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["MAX_MEMBERS", "TEAM_KIND", "Team", "TeamError", "add_member", "all_teams", "create", "find",
           "is_member", "remove_member", "set_leader", "team_view", "teams_of"]

TEAM_KIND = "team"
#: the most members one team holds
MAX_MEMBERS = 50


class TeamError(ValueError):
    """A mistake with teams: the message says what to do."""


@frozen
class Team(Document):
    """A team: its name (also its channel's and board's name), leader and members (ids)."""

    name: str
    leader: int = 0
    members: tuple[int, ...] = attrs.field(default=(), converter=lambda v: tuple(int(i) for i in v))
    created: float = 0.0


def _load(doc: dict[str, Any]) -> Team:
    return Team.from_doc(doc)


def all_teams(game: Game) -> list[Team]:
    """Every team, by name."""
    return sorted((_load(d) for d in game.store.all(TEAM_KIND).values()), key=lambda t: t.name.lower())


def find(game: Game, name: str) -> Team:
    """A team by its name or a unique start of it."""
    key = name.strip().lower()
    found = all_teams(game)
    exact = [t for t in found if t.name.lower() == key]
    starts = [t for t in found if t.name.lower().startswith(key)] if key else []
    match = exact or (starts if len(starts) == 1 else [])
    if not match:
        raise TeamError(f"There is no team called '{name.strip()}' (+team lists them).")
    return match[0]


def is_member(game: Game, team_name: str, char: Character) -> bool:
    doc = game.store.get(TEAM_KIND, team_name.lower())
    return doc is not None and char.id in _load(doc).members


def teams_of(game: Game, char: Character) -> list[Team]:
    return [t for t in all_teams(game) if char.id in t.members]


def team_view(game: Game, team: Team) -> dict[str, Any]:
    """A team as plain values for readers outside the game (the portal): names, not ids."""
    names = [game.characters[i].name for i in team.members if i in game.characters]
    leader = game.characters.get(team.leader)
    return {"name": team.name, "leader": leader.name if leader else "", "members": sorted(names, key=str.lower),
            "channel": team.name, "board": team.name}


def _save(game: Game, team: Team) -> Team:
    game.store.put(TEAM_KIND, team.name.lower(), team.to_doc())
    for member in team.members:
        if member in game.characters:
            game.services.channels.follow(member)
    return team


def create(game: Game, name: str, leader: Character) -> Team:
    """A new team led by ``leader``, with its channel and its board (the caller runs this in
    one unit of work, so all three are written or none)."""
    from .boards import BoardError, Boards
    from .channels import ChannelError, Channels

    name = name.strip()
    if game.store.get(TEAM_KIND, name.lower()) is not None:
        raise TeamError(f"There is already a team called {name}.")
    try:
        Channels.of(game).create(name, f"The {name} team's channel.", team=name)
        board = Boards.of(game).create(name, f"The {name} team's board.")
        Boards.of(game).configure(board, team=name)
    except (ChannelError, BoardError) as exc:
        raise TeamError(str(exc)) from None
    return _save(game, Team(name=name, leader=leader.id, members=(leader.id,), created=game.clock()))


def add_member(game: Game, team: Team, char: Character) -> Team:
    if char.id in team.members:
        raise TeamError(f"{char.name} is already on {team.name}.")
    if len(team.members) >= MAX_MEMBERS:
        raise TeamError(f"A team holds at most {MAX_MEMBERS} members.")
    return _save(game, attrs.evolve(team, members=(*team.members, char.id)))


def remove_member(game: Game, team: Team, char: Character) -> Team:
    if char.id not in team.members:
        raise TeamError(f"{char.name} is not on {team.name}.")
    if char.id == team.leader:
        raise TeamError(f"{char.name} leads {team.name}: staff name another leader first (+team/leader).")
    team = _save(game, attrs.evolve(team, members=tuple(i for i in team.members if i != char.id)))
    game.services.channels.follow(char.id)
    return team


def set_leader(game: Game, team: Team, char: Character) -> Team:
    members = team.members if char.id in team.members else (*team.members, char.id)
    return _save(game, attrs.evolve(team, leader=char.id, members=members))
