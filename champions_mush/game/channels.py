"""Channels, the MUX way: a character joins a channel under an alias of their own choosing
(``addcom pub=Public``), then talks with ``pub <message>``.

Channels are store documents; each character's aliases live in its settings under
``"channels"`` as ``{alias: {"channel": name, "id": channel id, "on": bool}}``. An alias binds
to the channel's id, so one left over from a destroyed channel never attaches to a new channel
of the same name. Who may use a channel is checked on every use (speak, who, last, on, off),
not only at ``addcom``: a player demoted from staff loses a staff channel at once
(docs/reliability.md, "Channels"). History is the store's ``channel`` log, so ``pub last 10``
survives a restart.

Who hears a channel is kept, not searched for: :meth:`Channels.follow` is told (by the Game)
whenever a character connects, leaves, or is saved (aliases, role), so a channel line costs
O(listeners), not a pass over everyone connected (docs/performance.md, "Fan-out per turn").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import attrs

from ..text.markup import strip
from ..values import define
from . import blocking, gmcp, teams

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

#: what an alias binds to: (channel name in lower case, channel id)
_Key = tuple[str, int]

__all__ = ["CHANNEL_LOG", "Channel", "ChannelError", "Channels", "DEFAULT_ALIAS", "DEFAULT_CHANNEL"]

#: the store log holding every channel's history
CHANNEL_LOG = "channel"
DEFAULT_CHANNEL = "Public"
DEFAULT_ALIAS = "pub"
#: channel names: a letter, then letters, digits, ``-`` or ``_``; at most 20
_CHANNEL_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,19}")
#: aliases: 1-10 letters, digits or ``+@#$&*._-`` (``pub``, ``+pub``)
_ALIAS = re.compile(r"[A-Za-z0-9+@#$&*._-]{1,10}")
#: how many aliases one character may hold, and the longest history ``last`` shows
MAX_ALIASES = 30
MAX_LAST = 50


class ChannelError(ValueError):
    """A player's mistake with a channel: the message says what to do."""


@define
class Channel:
    """A named channel; ``staff_only`` channels are joined and heard by staff alone.

    ``id`` is unique for the game's life (0 for channels made before ids existed)."""

    name: str
    desc: str = ""
    staff_only: bool = False
    created: float = 0.0
    id: int = 0
    #: the team whose members alone (and staff) use it (game/teams.py), "" for none
    team: str = ""

    def to_doc(self) -> dict[str, Any]:
        return attrs.asdict(self)

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> Channel:
        known = {f.name for f in attrs.fields(cls)}
        return cls(**{k: v for k, v in doc.items() if k in known})


class Channels:
    """The game's channels, aliases and delivery."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.channels: dict[str, Channel] = {
            key: Channel.from_doc(doc) for key, doc in game.store.all("channel").items()
        }
        #: channel -> ids of the connected characters tuned in to it, and the other way round (a
        #: tuple per character, the smallest container: there is one per connected character)
        self._ears: dict[_Key, set[int]] = {}
        self._tuned: dict[int, tuple[_Key, ...]] = {}
        #: each channel's key made once, shared by every character tuned in to it
        self._keys: dict[_Key, _Key] = {}
        if not self.channels:
            self.create(DEFAULT_CHANNEL, "Everyone's channel: chat, questions, finding a scene.")
        for char_id in game.batch.listeners.by_char:
            self.follow(char_id)

    @classmethod
    def of(cls, game: Game) -> Channels:
        return game.services.channels

    # --- channels -----------------------------------------------------------------------------
    def find(self, name: str) -> Channel | None:
        return self.channels.get(name.strip().lower())

    def create(self, name: str, desc: str = "", staff_only: bool = False, team: str = "") -> Channel:
        if not _CHANNEL_NAME.fullmatch(name):
            raise ChannelError("Channel names are 1-20 letters, digits, - or _, starting with a letter.")
        existing = self.find(name)
        if existing is not None:
            raise ChannelError(f"There is already a channel called {existing.name}.")
        channel = Channel(name=name, desc=desc, staff_only=staff_only, created=self.game.clock(),
                          id=self.game.store.next_id("channel"), team=team)
        self.game.store.put("channel", name.lower(), channel.to_doc())
        self.channels[name.lower()] = channel
        return channel

    def destroy(self, name: str) -> Channel:
        channel = self._get(name)
        self.game.store.delete("channel", channel.name.lower())
        del self.channels[channel.name.lower()]
        key = self._keys.pop(_key(channel), None)
        for char_id in self._ears.pop(key, ()) if key is not None else ():
            rest = tuple(k for k in self._tuned.pop(char_id) if k != key)
            if rest:
                self._tuned[char_id] = rest
        return channel

    def may_join(self, char: Character, channel: Channel) -> bool:
        """May ``char`` join, hear and use ``channel`` now (asked on every use)?"""
        if self.game.is_staff(char):
            return True
        return not channel.staff_only and (not channel.team or teams.is_member(self.game, channel.team, char))

    def check_use(self, char: Character, channel: Channel) -> None:
        """Raise ChannelError unless ``char`` may still use ``channel`` (roles change)."""
        if not self.may_join(char, channel):
            raise ChannelError(f"Only members of {channel.team} may use {channel.name}." if channel.team
                               else f"Only staff may use {channel.name}.")

    def _get(self, name: str) -> Channel:
        channel = self.find(name)
        if channel is None:
            raise ChannelError(f"There is no channel called '{name}'. Type @clist for the list.")
        return channel

    # --- aliases ------------------------------------------------------------------------------
    def bound(self, entry: dict[str, Any]) -> Channel | None:
        """The channel an alias entry is bound to: same name and same id, or None."""
        channel = self.find(str(entry.get("channel", "")))
        return channel if channel is not None and entry.get("id", 0) == channel.id else None

    def aliases(self, char: Character) -> dict[str, dict[str, Any]]:
        """The character's aliases whose channel still exists, by lower-case alias."""
        mine = char.settings.get("channels", {})
        return {a: v for a, v in mine.items() if self.bound(v) is not None}

    def alias_of(self, char: Character, alias: str) -> tuple[Channel, bool] | None:
        """(channel, on) for one of the character's aliases, or None."""
        entry = char.settings.get("channels", {}).get(alias.lower())
        channel = self.bound(entry) if entry else None
        return None if channel is None else (channel, bool(entry.get("on", True)))

    def add_alias(self, char: Character, alias: str, channel_name: str) -> Channel:
        if not _ALIAS.fullmatch(alias):
            raise ChannelError("An alias is 1-10 letters, digits or + @ # $ & * . _ - (for example pub).")
        channel = self._get(channel_name)
        if not self.may_join(char, channel):
            raise ChannelError(f"Only members of {channel.team} may join {channel.name}." if channel.team
                               else f"Only staff may join {channel.name}.")
        mine = self.aliases(char)  # aliases of destroyed channels are dropped here
        if alias.lower() in mine:
            raise ChannelError(f"You already use the alias '{alias}' for {mine[alias.lower()]['channel']}.")
        if len(mine) >= MAX_ALIASES:
            raise ChannelError(f"You have {MAX_ALIASES} aliases already: delcom one first.")
        mine[alias.lower()] = {"channel": channel.name, "id": channel.id, "on": True}
        self._save_aliases(char, mine)
        return channel

    def remove_alias(self, char: Character, alias: str) -> str:
        mine = dict(char.settings.get("channels", {}))
        entry = mine.pop(alias.lower(), None)
        if entry is None:
            raise ChannelError(f"You have no channel alias '{alias}'. Type comlist to see yours.")
        self._save_aliases(char, mine)
        return entry["channel"]

    def set_on(self, char: Character, alias: str, on: bool) -> Channel:
        mine = self.aliases(char)
        entry = mine.get(alias.lower())
        channel = None if entry is None else self.bound(entry)
        if entry is None or channel is None:
            raise ChannelError(f"You have no channel alias '{alias}'.")
        self.check_use(char, channel)
        mine[alias.lower()] = {**entry, "on": on}
        self._save_aliases(char, mine)
        return channel

    def join_defaults(self, char: Character) -> None:
        """A new character joins Public as ``pub`` (when both still exist and the alias is free)."""
        if self.find(DEFAULT_CHANNEL) is not None and DEFAULT_ALIAS not in char.settings.get("channels", {}):
            self.add_alias(char, DEFAULT_ALIAS, DEFAULT_CHANNEL)

    def _save_aliases(self, char: Character, aliases: dict[str, dict[str, Any]]) -> None:
        char.settings = {**char.settings, "channels": aliases}
        self.game.save_character(char)
        self.send_list(char)

    # --- talking ------------------------------------------------------------------------------
    def _binds(self, entry: dict[str, Any], channel: Channel) -> bool:
        return str(entry.get("channel", "")).lower() == channel.name.lower() and entry.get("id", 0) == channel.id

    def listeners(self, channel: Channel) -> list[Character]:
        """Connected characters with the channel on, by id."""
        characters = self.game.characters
        return [characters[i] for i in sorted(self._ears.get(_key(channel), ())) if i in characters]

    def follow(self, char_id: int) -> None:
        """Keep :meth:`listeners` right for one character: it connected or left, or its
        aliases or role changed."""
        char = self.game.characters.get(char_id)
        now = self._tuned_in(char) if char is not None and self.game.is_connected(char) else frozenset()
        before = frozenset(self._tuned.pop(char_id, ()))
        for key in before - now:
            ears = self._ears.get(key)
            if ears is not None:
                ears.discard(char_id)
                if not ears:
                    del self._ears[key]
        for key in now - before:
            self._ears.setdefault(key, set()).add(char_id)
        if now:
            self._tuned[char_id] = tuple(now)

    def _tuned_in(self, char: Character) -> frozenset[_Key]:
        """The channels ``char`` hears: an alias switched on, bound, and allowed."""
        keys = set()
        for entry in char.settings.get("channels", {}).values():
            channel = self.bound(entry) if entry.get("on", True) else None
            if channel is not None and self.may_join(char, channel):
                key = _key(channel)
                keys.add(self._keys.setdefault(key, key))
        return frozenset(keys)

    def members(self, channel: Channel) -> list[Character]:
        """Every character with an alias for the channel, connected or not."""
        return sorted(
            (c for c in self.game.characters.values()
             if any(self._binds(v, channel) for v in c.settings.get("channels", {}).values())),
            key=lambda c: c.name.lower(),
        )

    def speak(self, channel: Channel, speaker: Character, message: str) -> str:
        """Say (or with a leading ``:``/``;`` pose) on a channel: logged first, then delivered."""
        self.check_use(speaker, channel)
        line = f"|c[{channel.name}]|n {format_speech(speaker.name, message)}"
        self.game.store.append(CHANNEL_LOG, {"channel": channel.name.lower(), "id": channel.id, "text": line},
                               self.game.clock())
        self.broadcast(channel, line, talker=speaker.name, speaker=speaker)
        return line

    def broadcast(self, channel: Channel, line: str, talker: str = "", speaker: Character | None = None) -> None:
        """Deliver a line to every connection of every listener (no history), and to GMCP
        clients as ``Comm.Channel.Text`` (``talker`` "" for the game's own notices); those who
        block ``speaker`` on channels do not hear it (game/blocking.py)."""
        listeners = self.listeners(channel)
        if speaker is not None:
            deaf = blocking.blocked_by(self.game, speaker, listeners, "channel")
            listeners = [c for c in listeners if c not in deaf]
        self.game.msg_characters(listeners, line)
        gmcp.channel_text(self.game, listeners, channel.name, talker, strip(line))

    def send_list(self, char: Character) -> None:
        """``Comm.Channel.List`` to ``char``: each channel with an alias, the alias, on or off."""
        entries = [(channel.name, alias, bool(entry.get("on", True)))
                   for alias, entry in sorted(self.aliases(char).items()) if (channel := self.bound(entry)) is not None]
        gmcp.channel_list(self.game, char, entries)

    def last(self, channel: Channel, count: int) -> list[str]:
        count = max(1, min(MAX_LAST, count))
        match: dict[str, Any] = {"channel": channel.name.lower()}
        if channel.id:  # a new channel never shows what an old one of the same name heard
            match["id"] = channel.id
        entries = self.game.store.tail(CHANNEL_LOG, count, match=match)
        return [e.data["text"] for e in entries]


def _key(channel: Channel) -> _Key:
    return (channel.name.lower(), channel.id)


def format_speech(name: str, message: str) -> str:
    """``Alice: hi``; ``:waves`` -> ``Alice waves``; ``;'s cape`` -> ``Alice's cape``."""
    if message.startswith(":"):
        return f"{name} {message[1:].lstrip()}"
    if message.startswith(";"):
        return f"{name}{message[1:]}"
    return f"{name}: {message}"
