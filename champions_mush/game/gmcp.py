"""The GMCP messages the game sends, and when (docs/clients.md, "GMCP messages").

Each function builds one message body from the world and hands it to the sessions that should
get it; a session sends it only when its client subscribed to the package
(``Core.Supports``: net/options/gmcp.py), so a game without GMCP clients pays for a few calls.

| message | sent | to |
| --- | --- | --- |
| ``Char.Vitals`` | login, any change | the character (per ruleset: :func:`vitals_body`) |
| ``Char.Status`` | login, a change of conditions | the character |
| ``Comm.Channel.Text`` | each channel line | the channel's listeners |
| ``Comm.Channel.List`` | login, addcom, delcom, on/off | the character |
| ``Room.Info`` | login, each move | the character |
| ``Room.Players`` | login, each move | the character (who is in the room) |
| ``Room.AddPlayer`` / ``Room.RemovePlayer`` | someone arrives or leaves | the others in the room |
| ``Combat.Phase`` | each Phase | everyone in the fight's room |

``Client.GUI`` (where Mudlet fetches the game's package) is the network layer's: it knows the
web port (net/session.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from .batch import for_room
from .identities import shown_name
from .lasting import fight_number, lasting_of

if TYPE_CHECKING:
    from .combat import Fight
    from .objects import Character
    from .session import Session
    from .sheets import Sheet
    from .world import Game

__all__ = [
    "GMCP_MESSAGES", "channel_list", "channel_text", "phase_body", "player_arrived", "player_left", "send_login",
    "send_made", "send_room", "status_body", "vitals_body", "wanted",
]

#: Every GMCP message the game sends (``Core.Ping`` answers aside): +client lists them, the
#: Mudlet package may read only these (net/mudlet.py) and docs/clients.md shows each.
GMCP_MESSAGES = ("Char.Vitals", "Char.Status", "Comm.Channel.Text", "Comm.Channel.List", "Room.Info",
                 "Room.Players", "Room.AddPlayer", "Room.RemovePlayer", "Combat.Phase", "Client.GUI",
                 "Help.SeeAlso")  # Help.SeeAlso: commands/helpcmds.py, before a topic's see-also line

#: The scores a Powers That Be game keeps on the sheet (+ptb/score), as Char.Vitals keys.
_PTB_SCORES = {"attack": "Attack", "dodge_resist": "Dodge Resist", "physical_resist": "Physical Resist",
               "boldness": "Boldness", "strength": "Strength"}
#: What an AnimOuch! sheet may hold (the commands take numbers on the line: RULES WOUNDS).
_ANIMOUCH_VALUES = {"toughness": "Toughness", "wounds": "Wounds"}


def _send(game: Game, chars: Iterable[Character], package: str, body: object) -> None:
    for char in chars:
        for session in game.sessions_of(char):
            session.send_gmcp(package, body)


def send_made(sessions: Iterable[Session], package: str, make: Callable[[], object]) -> None:
    """Send ``package`` to ``sessions`` with the body ``make()`` gives, made only when one of
    them wants it (a fight sends one with every Phase and every change of STUN, BODY or END)."""
    _send_wanted([s for s in sessions if s.wants_gmcp(package)], package, make)


def _send_wanted(wanting: list[Session], package: str, make: Callable[[], object]) -> None:
    """:func:`send_made` to ``wanting``, the sessions already known to want ``package``."""
    body = make() if wanting else None
    for session in wanting:
        session.send_gmcp(package, body)


def wanted(game: Game, char: Character, *packages: str) -> bool:
    """Whether a connection of ``char`` wants one of ``packages`` (asked at every save of a sheet)."""
    for session in game.sessions_of(char):
        for package in packages:
            if session.wants_gmcp(package):
                return True
    return False


def _number(sheet: Sheet, name: str) -> int | None:
    found = sheet.find_skill(name)
    if found is None or not found[1].strip().lstrip("-").isdigit():
        return None
    return int(found[1])


def vitals_body(ruleset: str, sheet: Sheet) -> dict[str, Any]:
    """``Char.Vitals`` for the game's ruleset: Champions STUN, BODY and END with their maximums
    and conditions; Powers That Be the scores on the sheet; AnimOuch! toughness and wounds
    (None where the sheet has none)."""
    if ruleset == "ptb":
        return {key: _number(sheet, name) for key, name in _PTB_SCORES.items()}
    if ruleset == "animouch":
        return {key: _number(sheet, name) for key, name in _ANIMOUCH_VALUES.items()}
    return {
        "stun": sheet.current_stun, "maxstun": sheet.max_stun,
        "body": sheet.current_body, "maxbody": sheet.max_body,
        "end": sheet.current_end, "maxend": sheet.max_end,
        "conditions": sheet.conditions(),
    }


def status_body(game: Game, char: Character, sheet: Sheet) -> dict[str, Any]:
    """``Char.Status``: who, the ruleset, the room, the conditions, the fight (or None) and, in a
    Champions game, each lasting effect with when it ends (game/lasting.py)."""
    body = {"name": char.name, "ruleset": game.config.ruleset, "room": char.location,
            "conditions": sheet.conditions() if game.config.ruleset == "champions" else [],
            "fight": fight_number(game, char)}
    if game.config.ruleset == "champions":
        body["effects"] = [effect.to_gmcp() for effect in lasting_of(game, char, count=False)]
    return body


def send_vitals_and_status(game: Game, char: Character, sheet: Sheet, status: bool = True) -> None:
    """``Char.Vitals`` (and ``Char.Status`` unless ``status`` is False) to the character."""
    sessions = game.sessions_of(char)
    send_made(sessions, "Char.Vitals", lambda: vitals_body(game.config.ruleset, sheet))
    if status:
        send_made(sessions, "Char.Status", lambda: status_body(game, char, sheet))


# --- rooms ----------------------------------------------------------------------------------------
def _player(game: Game, char: Character) -> dict[str, str]:
    """A player as others see it: a secret identity's name (game/identities.py)."""
    name = shown_name(game, char)
    return {"name": name, "fullname": name}


def _others(game: Game, char: Character, room_id: int, package: str) -> list[Session]:
    """The connections in ``room_id`` of everyone but ``char`` that want ``package`` (the room's
    listeners, in one pass: a crowd elsewhere is never looked at)."""
    cid = char.id
    return [s for s in game.batch.listeners.sessions(for_room(room_id))
            if s.character_id != cid and s.wants_gmcp(package)]


def send_room(game: Game, char: Character) -> None:
    """``Room.Info`` (number, name, exits by name -> room number) and ``Room.Players`` to ``char``."""
    room = game.room_of(char)
    mine = game.sessions_of(char)
    send_made(mine, "Room.Info", lambda: {"num": room.id, "name": room.name,
                                          "exits": {e.name: e.dest for e in room.exits}})
    send_made(mine, "Room.Players",
              lambda: [_player(game, c) for c in game.connected_characters() if c.location == room.id])


def player_arrived(game: Game, char: Character) -> None:
    """``char`` came into its room (moved or connected): ``Room.AddPlayer`` to the others there."""
    _send_wanted(_others(game, char, char.location, "Room.AddPlayer"), "Room.AddPlayer",
                 lambda: _player(game, char))


def player_left(game: Game, char: Character, room_id: int) -> None:
    """``char`` left ``room_id`` (moved or disconnected): ``Room.RemovePlayer`` to those still there."""
    _send_wanted(_others(game, char, room_id, "Room.RemovePlayer"), "Room.RemovePlayer",
                 lambda: shown_name(game, char))


# --- channels -------------------------------------------------------------------------------------
def channel_text(game: Game, listeners: Iterable[Character], channel: str, talker: str, text: str) -> None:
    """``Comm.Channel.Text``: the channel, who spoke ("" for the game's own notices), the line."""
    _send(game, listeners, "Comm.Channel.Text", {"channel": channel, "talker": talker, "text": text})


def channel_list(game: Game, char: Character, entries: Iterable[tuple[str, str, bool]]) -> None:
    """``Comm.Channel.List``: the channels ``char`` has an alias for, (channel, alias, on) each."""
    body = [{"name": name, "caption": name, "command": alias, "on": on} for name, alias, on in entries]
    _send(game, (char,), "Comm.Channel.List", body)


# --- combat ---------------------------------------------------------------------------------------
def phase_body(game: Game, fight: Fight) -> dict[str, Any]:
    """``Combat.Phase``: the fight, Turn and Segment, whose Phase it is (``phase``; ``acting``
    the same as a list) and the Speed Chart: each fighter's DEX, SPD and Segments (RULES SPEED CHART)."""
    from .combat import current_fighter, phases_of
    from .sheets import get_sheet

    acting = current_fighter(fight)
    chart = []
    for fighter in fight.fighters:
        char = game.characters.get(fighter.char_id)
        if char is None:
            continue
        sheet = get_sheet(game, char)
        chart.append({"name": fighter.name, "dex": sheet.base("DEX"), "spd": sheet.base("SPD"),
                      "segments": list(phases_of(sheet))})
    return {"fight": fight.id, "turn": fight.turn, "segment": fight.segment,
            "phase": acting.name if acting else None, "acting": [acting.name] if acting else [], "chart": chart}


# --- login ----------------------------------------------------------------------------------------
def send_login(game: Game, char: Character) -> None:
    """Everything a GMCP client shows, at login: vitals, status, room, who is here, channels;
    the others in the room get ``Room.AddPlayer``."""
    from .channels import Channels
    from .sheets import get_sheet

    if wanted(game, char, "Char.Vitals", "Char.Status"):  # the sheet read only for a client taking it
        send_vitals_and_status(game, char, get_sheet(game, char))
    send_room(game, char)
    if len(game.sessions_of(char)) == 1:  # not a second connection of someone already here
        player_arrived(game, char)
    if wanted(game, char, "Comm.Channel.List"):
        Channels.of(game).send_list(char)
