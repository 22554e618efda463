"""One player, several heroes: accounts over characters, and the roster of open characters
(docs/player-guide.md, "Several heroes").

An account is one document (kind ``account``, keyed by its id) listing its characters; each
character names its account in its settings (``account``). A player links a character to
theirs by giving that character's password (``+alt/link``), up to ``heroes_per_account``; each
keeps its own password, so either logs in, and ``+alt/switch`` moves a connection from one to
another without reconnecting. Votes and XP awards between characters of one account are
refused (game/xp.py). The roster (kind ``roster``, one document) lists characters staff offer
to players, who ask for one through +request.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .speech import one_line

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = ["ACCOUNT_KIND", "HeroError", "ROSTER_KIND", "heroes", "link", "offer", "roster", "same_player",
           "unlink", "withdraw"]

ACCOUNT_KIND = "account"
ROSTER_KIND = "roster"
_ROSTER_KEY = "open"
#: the longest roster note
MAX_ROSTER_NOTE = 200


class HeroError(ValueError):
    """A mistake with accounts or the roster: the message says what to do."""


def _account_id(char: Character) -> int | None:
    found = char.settings.get("account")
    return int(found) if isinstance(found, int) else None


def heroes(game: Game, char: Character) -> list[Character]:
    """Every character of ``char``'s account (``char`` alone when it has none), by id."""
    account = _account_id(char)
    if account is None:
        return [char]
    doc = game.store.get(ACCOUNT_KIND, str(account)) or {}
    ids = {int(i) for i in doc.get("characters", [])} | {char.id}
    return [game.characters[i] for i in sorted(ids) if i in game.characters]


def same_player(game: Game, one: Character, other: Character) -> bool:
    """Are ``one`` and ``other`` two characters of one account?"""
    account = _account_id(one)
    return one.id != other.id and account is not None and account == _account_id(other)


def _write(game: Game, account: int, chars: list[Character]) -> None:
    game.store.put(ACCOUNT_KIND, str(account), {"id": account, "characters": [c.id for c in chars]})
    for char in chars:
        if _account_id(char) != account:
            char.settings = {**char.settings, "account": account}
            game.save_character(char)


def link(game: Game, char: Character, other: Character) -> list[Character]:
    """Put ``other`` (whose password the player has given) on ``char``'s account; returns the
    account's characters."""
    if other.id == char.id or same_player(game, char, other):
        raise HeroError(f"{other.name} is already one of your characters.")
    if other.npc:
        raise HeroError(f"{other.name} is an NPC: staff run NPCs.")
    mine, theirs = heroes(game, char), heroes(game, other)
    every = sorted({c.id: c for c in [*mine, *theirs]}.values(), key=lambda c: c.id)
    limit = game.config.heroes_per_account
    if len(every) > limit:
        raise HeroError(f"An account holds at most {limit} characters: that would make {len(every)}.")
    account = _account_id(char) or _account_id(other) or game.store.next_id(ACCOUNT_KIND)
    for gone in {_account_id(c) for c in every} - {account, None}:
        game.store.delete(ACCOUNT_KIND, str(gone))
    _write(game, account, every)
    return every


def unlink(game: Game, char: Character) -> None:
    """Staff take ``char`` off its account (it keeps its own password)."""
    account = _account_id(char)
    if account is None:
        raise HeroError(f"{char.name} is on no account with other characters.")
    rest = [c for c in heroes(game, char) if c.id != char.id]
    char.settings = {k: v for k, v in char.settings.items() if k != "account"}
    game.save_character(char)
    if len(rest) > 1:
        _write(game, account, rest)
        return
    game.store.delete(ACCOUNT_KIND, str(account))
    for other in rest:
        other.settings = {k: v for k, v in other.settings.items() if k != "account"}
        game.save_character(other)


# --- the roster -----------------------------------------------------------------------------
def roster(game: Game) -> dict[int, dict[str, Any]]:
    """The open characters staff offer, by id: each with its note."""
    doc = game.store.get(ROSTER_KIND, _ROSTER_KEY) or {}
    return {int(k): dict(v) for k, v in doc.get("characters", {}).items() if int(k) in game.characters}


def _save_roster(game: Game, found: dict[int, dict[str, Any]]) -> None:
    game.store.put(ROSTER_KIND, _ROSTER_KEY, {"characters": {str(k): v for k, v in found.items()}})


def offer(game: Game, char: Character, note: str) -> None:
    found = roster(game)
    found[char.id] = {"note": one_line(note, MAX_ROSTER_NOTE)}
    _save_roster(game, found)


def withdraw(game: Game, char: Character) -> None:
    found = roster(game)
    if found.pop(char.id, None) is None:
        raise HeroError(f"{char.name} is not on the roster.")
    _save_roster(game, found)
