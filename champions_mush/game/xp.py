"""Experience: +vote, staff awards, SPEND XP in the Character Finishing Room (RULES GAINING XP,
EXPERIENCE 1-3; docs/staff-guide.md, "Approving characters and awarding XP").

Each character's XP is a store document of kind ``"xp"`` (earned, spent, who voted when, the
characters staff linked as the same player's); every change is also appended to the ``"xp"``
log, so the history survives a restart and a killed server. XP are kept as exact fractions
(a vote is ``xp_per_vote`` of one); only whole points can be spent, which moves them onto the
HERO sheet (its ``experience``).

A vote needs voter and character to have been active (typed a command) in the same room
within ``vote_window`` seconds: :func:`note_presence` keeps that in memory, fed by the
dispatcher; after a restart only what happens afterwards counts.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from ..rules.champions.costs import as_fraction
from ..rules.errors import RulesError
from ..values import frozen
from .hero import get_hero, save_hero
from .heroes import same_player
from .sheets import get_sheet

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = [
    "XP_KIND",
    "XPError",
    "XPRecord",
    "award",
    "finishing_rooms",
    "get_xp",
    "history",
    "is_finishing_room",
    "link_alts",
    "note_presence",
    "set_finishing_room",
    "spend",
    "vote",
    "xp_text",
]

#: Store document kind (and log name) for experience.
XP_KIND = "xp"
_FINISHING = "finishing-rooms"
#: How many rooms' last activity are remembered per character.
_ROOMS_REMEMBERED = 16


class XPError(RulesError):
    """An XP change that is not allowed; the message says why."""


def xp_text(amount: Fraction) -> str:
    """``1 1/4``, ``3/4``, ``2``: XP as players read them."""
    whole, part = divmod(amount.numerator, amount.denominator)
    if amount < 0:
        return "-" + xp_text(-amount)
    if not part:
        return str(whole)
    fraction = f"{part}/{amount.denominator}"
    return f"{whole} {fraction}" if whole else fraction


@frozen
class XPRecord:
    """One character's experience: ``earned`` in all, ``spent`` on the sheet, the time of each
    voter's last vote, and characters staff linked as the same player's."""

    char_id: int
    earned: Fraction = attrs.field(default=Fraction(0), converter=as_fraction)
    spent: Fraction = attrs.field(default=Fraction(0), converter=as_fraction)
    votes: dict[int, float] = attrs.field(factory=dict, converter=lambda v: {int(k): float(t) for k, t in v.items()})
    alts: tuple[int, ...] = attrs.field(default=(), converter=lambda v: tuple(sorted(int(i) for i in v)))

    @property
    def available(self) -> Fraction:
        """XP earned and not yet spent."""
        return self.earned - self.spent

    def to_doc(self) -> dict[str, Any]:
        return {"char_id": self.char_id, "earned": str(self.earned), "spent": str(self.spent),
                "votes": {str(k): v for k, v in self.votes.items()}, "alts": list(self.alts)}


def get_xp(game: Game, char: Character) -> XPRecord:
    doc = game.store.get(XP_KIND, str(char.id))
    return XPRecord(char_id=char.id) if doc is None else XPRecord(**{k: v for k, v in doc.items() if k != "kind"})


def _save(game: Game, record: XPRecord) -> None:
    game.store.put(XP_KIND, str(record.char_id), record.to_doc())


def _log(game: Game, char: Character, amount: Fraction, kind: str, by: Character | None, reason: str = "") -> None:
    game.store.append(XP_KIND, {"char": char.id, "name": char.name, "amount": str(amount), "kind": kind,
                                "by": by.name if by else "", "by_id": by.id if by else 0, "reason": reason[:200]},
                      game.clock())


def history(game: Game, char: Character, limit: int = 20) -> list[dict[str, Any]]:
    """The newest XP changes of a character, oldest first, each with its ``time``."""
    return [{**e.data, "time": e.time} for e in game.store.tail(XP_KIND, limit, match={"char": char.id})]


# --- presence -------------------------------------------------------------------------------
def note_presence(game: Game, char: Character) -> None:
    """Remember that ``char`` was active in its room now (the dispatcher calls it per command)."""
    seen = game.services.presence
    room = char.location
    kept = tuple(place for place in seen.get(char.id, ()) if place[0] != room)
    seen[char.id] = (*kept[-(_ROOMS_REMEMBERED - 1):], (room, game.clock()))  # the oldest goes


def _were_together(game: Game, one: Character, other: Character) -> bool:
    if one.location == other.location and game.is_connected(other):
        return True
    seen = game.services.presence
    since = game.clock() - game.config.vote_window
    mine, theirs = seen.get(one.id, ()), dict(seen.get(other.id, ()))
    return any(t >= since and theirs.get(room, 0) >= since for room, t in mine)


# --- votes and awards -----------------------------------------------------------------------
def _hours(seconds: float) -> str:
    hours = seconds / 3600
    if hours >= 24 and hours % 24 == 0:
        days = int(hours // 24)
        return "a day" if days == 1 else f"{days} days"
    return "an hour" if hours == 1 else f"{hours:g} hours"


def vote(game: Game, voter: Character, target: Character) -> XPRecord:
    """A +vote for ``target``: ``xp_per_vote`` XP, once per voter and target in ``vote_period``,
    not for oneself or one's own characters, only for someone played with lately.

    Raises:
        XPError: why the vote does not count.
    """
    if voter.id == target.id:
        raise XPError("You cannot vote for yourself.")
    if target.npc:
        raise XPError(f"{target.name} is an NPC: NPCs do not earn XP.")
    record = get_xp(game, target)
    if voter.id in record.alts or same_player(game, voter, target):
        raise XPError(f"{target.name} is one of your own characters: vote for the people you played with.")
    now = game.clock()
    last = record.votes.get(voter.id)
    if last is not None and now - last < game.config.vote_period:
        raise XPError(f"You voted for {target.name} less than {_hours(game.config.vote_period)} ago: "
                      "one vote for the same character in that time.")
    if not _were_together(game, voter, target):
        raise XPError(f"{target.name} has not been in a room with you in the last {_hours(game.config.vote_window).replace('an hour', 'hour')}: "
                      "vote for the people you played with.")
    amount = as_fraction(str(game.config.xp_per_vote))
    record = attrs.evolve(record, earned=record.earned + amount, votes={**record.votes, voter.id: now})
    _save(game, record)
    _log(game, target, amount, "vote", voter)
    return record


def award(game: Game, actor: Character, target: Character, amount: Fraction, reason: str) -> XPRecord:
    """Staff add (or, negative, take away) XP; never below what has been spent.

    Raises:
        XPError: the change would leave fewer XP than are spent.
    """
    if same_player(game, actor, target):
        raise XPError(f"{target.name} is one of your own characters: another staff member gives it XP.")
    record = get_xp(game, target)
    if record.earned + amount < record.spent:
        raise XPError(f"{target.name} has spent {xp_text(record.spent)} XP: at most {xp_text(record.available)} "
                      "can be taken away.")
    record = attrs.evolve(record, earned=record.earned + amount)
    _save(game, record)
    _log(game, target, amount, "award" if amount >= 0 else "remove", actor, reason)
    return record


def link_alts(game: Game, one: Character, other: Character) -> None:
    """Mark two characters as the same player's: neither can vote for the other."""
    for a, b in ((one, other), (other, one)):
        record = get_xp(game, a)
        _save(game, attrs.evolve(record, alts=(*record.alts, b.id) if b.id not in record.alts else record.alts))


# --- the Character Finishing Room and SPEND XP ----------------------------------------------
def finishing_rooms(game: Game) -> set[int]:
    doc = game.store.get(XP_KIND, _FINISHING) or {}
    return {int(r) for r in doc.get("rooms", [])}


def is_finishing_room(game: Game, room_id: int) -> bool:
    return room_id in finishing_rooms(game)


def set_finishing_room(game: Game, room_id: int, on: bool) -> None:
    """Mark (or unmark) a room as a Character Finishing Room, where SPEND XP works."""
    rooms = finishing_rooms(game)
    rooms = rooms | {room_id} if on else rooms - {room_id}
    game.store.put(XP_KIND, _FINISHING, {"rooms": sorted(rooms)})


def spend(game: Game, char: Character, amount: int) -> XPRecord:
    """SPEND XP: whole XP from the character's pool onto its HERO sheet (RULES EXPERIENCE 3),
    only in a Character Finishing Room and while the sheet is unapproved.

    Raises:
        XPError: not in a Finishing Room, approved, or not that many XP.
    """
    if not is_finishing_room(game, char.location):
        raise XPError("SPEND XP works only in the Character Finishing Room: ask staff where it is.")
    if get_sheet(game, char).approved:
        raise XPError("Your sheet is approved: staff set it unapproved for a powerup before you spend XP.")
    record = get_xp(game, char)
    if amount <= 0:
        raise XPError("Spend at least 1 XP.")
    if amount > record.available:
        raise XPError(f"You have {xp_text(record.available)} XP to spend, not {amount}.")
    record = attrs.evolve(record, spent=record.spent + amount)
    hero = get_hero(game, char)
    _save(game, record)
    save_hero(game, attrs.evolve(hero, experience=hero.experience + amount))
    _log(game, char, Fraction(-amount), "spend", char, "spent on the sheet")
    return record
