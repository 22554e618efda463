"""The command table: every family of commands the server has, in one list.

Each family module ends with ``COMMANDS = (...)`` and may define ``FALLBACKS`` (handlers for
lines no command matched: exits, channel aliases). Where does ``+kd6`` live? In ``dice.py``.
"""

from __future__ import annotations

from . import (
    admin,
    animouch,
    bboard,
    blocking,
    building,
    channels,
    client,
    dice,
    events,
    fight,
    fugue,
    helpcmds,
    herobuild,
    heroes,
    identities,
    jobs,
    login,
    mail,
    people,
    places,
    ptb,
    scenes,
    sheets,
    social,
    teams,
    xp,
)
from .dispatch import CommandTable, Dispatcher

__all__ = ["FAMILIES", "build_dispatcher", "build_table"]

#: The command families, in the order their fallbacks are tried.
FAMILIES = (
    login,      # connect, create, QUIT, WHO (also before login)
    client,     # +client: what the connection negotiated, per-player overrides
    social,     # look, say, pose, page, @emit, home, +ooc, exits by name
    channels,   # addcom, delcom, comlist, @clist, @ccreate, channel aliases
    building,   # @dig, @open, @describe, @destroy
    admin,      # @set, @boot, @wall, @shutdown, @newpassword, bans
    helpcmds,   # RULES, +HELP, NEWS
    dice,       # +d6, +nd6, +kd6, +roll, +hit, +dice/log, +dice/verify
    sheets,     # +sheet, +sheet/import, +stat, +approve, +npc
    herobuild,  # +power, +skill, +disad: building a HERO sheet by hand
    xp,         # +vote, +xp, SPEND XP, +disads, +finishing
    fight,      # +damage, +kb, ... (the GM's), +combat, +recover, +paramedics, +attack, +levels, +use, +area
    ptb,        # Powers That Be commands
    animouch,   # AnimOuch! commands
    mail,       # @mail
    bboard,     # +bbread, +bbpost ... (Myrddin's BBS)
    jobs,       # +request, +jobs, +job
    scenes,     # +scene
    people,     # +finger, +where, +staff
    blocking,   # +block, +unblock, @haven
    places,     # +places, +place, tt (table talk)
    identities,  # +identity, +outfit (secret identities)
    heroes,     # +alt, +roster (several heroes, one player)
    teams,      # +team
    events,     # +events, +event (time zones, reminders, iCal)
    fugue,      # +edit (FugueEdit)
)


def build_table() -> CommandTable:
    commands = [command for family in FAMILIES for command in family.COMMANDS]
    fallbacks = [fallback for family in FAMILIES for fallback in getattr(family, "FALLBACKS", ())]
    return CommandTable(commands, fallbacks)


def build_dispatcher() -> Dispatcher:
    return Dispatcher(build_table())
