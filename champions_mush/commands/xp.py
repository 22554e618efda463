"""Experience: +vote, +xp (and staff /award, /remove, /alt), SPEND XP, +DISADS and +finishing
(RULES GAINING XP, EXPERIENCE 1-3; docs/staff-guide.md, "Approving characters and awarding XP").
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import partial

from ..game.hero import Section, get_hero
from ..game.xp import (
    XPError,
    award,
    get_xp,
    history,
    is_finishing_room,
    link_alts,
    set_finishing_room,
    spend,
    vote,
    xp_text,
)
from ..rules.champions.costs import as_fraction
from ..text.format import table, when
from ..text.markup import escape
from ..text.numbers import is_number
from .base import Command, CommandError, ParsedCommand, Role, Subcommand, UsageError
from .context import Context
from .dice import find_target
from .dispatch import permit

__all__ = ["COMMANDS"]

_AMOUNT = re.compile(r"(?P<whole>[0-9]{1,3})(?:\s+(?P<n>[0-9])/(?P<d>[0-9]))?|(?P<n2>[0-9])/(?P<d2>[0-9])|(?P<dec>[0-9]{1,3}\.[0-9]{1,2})")


def _amount(text: str) -> Fraction:
    """``2``, ``1/4``, ``1 1/2``, ``0.25`` as exact XP, 1/100 to 999."""
    match = _AMOUNT.fullmatch(text.strip())
    if match is None:
        raise CommandError("An amount of XP is a number like 2, 1/2, 1 1/4 or 0.25.")
    if "0" in (match["d"], match["d2"]):
        raise CommandError(f"{text.strip()} is not an amount: a fraction's bottom number is 1 to 9.")
    if match["dec"]:
        amount: Fraction | int = as_fraction(match["dec"])
    elif match["n2"]:
        amount = Fraction(int(match["n2"]), int(match["d2"]))
    else:
        amount = int(match["whole"]) + (Fraction(int(match["n"]), int(match["d"])) if match["n"] else 0)
    if amount <= 0:
        raise CommandError("An amount of XP must be more than 0.")
    return Fraction(amount)


def cmd_vote(ctx: Context, parsed: ParsedCommand) -> None:
    """+vote <name>: a fraction of an XP for someone you just played with (RULES GAINING XP)."""
    if not parsed.args.strip():
        raise UsageError()
    target = find_target(ctx, parsed.args)
    try:
        vote(ctx.game, ctx.actor, target)
    except XPError as exc:
        raise CommandError(str(exc)) from None
    ctx.reply(f"You vote for {target.name}. Thank you for playing.")
    ctx.game.msg(target, f"Someone you played with voted for you: +{xp_text(as_fraction(str(ctx.game.config.xp_per_vote)))} XP.")


def _show(ctx: Context, char, staff: bool) -> None:  # a Character
    record = get_xp(ctx.game, char)
    ctx.reply(f"{char.name}: {xp_text(record.earned)} XP earned, {xp_text(record.spent)} spent, "
              f"{xp_text(record.available)} to spend.")
    rows = []
    for entry in history(ctx.game, char):
        amount = as_fraction(entry["amount"])
        who = entry["by"] if staff or entry["kind"] != "vote" else "a player"
        sign = "+" if amount >= 0 else ""
        rows.append((when(entry["time"]), f"{sign}{xp_text(amount)}", entry["kind"], escape(who), escape(entry["reason"])))
    if rows:
        ctx.reply(table(rows, ctx.width, headers=("When (UTC)", "XP", "What", "By", "Why")))
    else:
        ctx.reply("No XP yet: +vote after a scene is how players reward each other.")
    if staff and record.votes:
        voters = ", ".join(sorted(ctx.game.characters[v].name for v in record.votes if v in ctx.game.characters))
        ctx.reply(f"Voters: {voters}.")


def cmd_xp(ctx: Context, parsed: ParsedCommand) -> None:
    """+xp [name]: XP, votes and history; staff /award, /remove and /alt (subcommands)."""
    if parsed.args.strip():
        char = find_target(ctx, parsed.args)
        if char.id != ctx.actor.id and not permit(ctx, Role.STAFF):
            raise CommandError("You may read only your own XP; staff read anyone's.")
    else:
        char = ctx.actor
    _show(ctx, char, ctx.is_staff)


def _alt(ctx: Context, parsed: ParsedCommand) -> None:
    if parsed.rhs is None or not parsed.lhs.strip() or not parsed.rhs.strip():
        raise UsageError()
    one, other = find_target(ctx, parsed.lhs), find_target(ctx, parsed.rhs)
    if one.id == other.id:
        raise CommandError("Name two different characters.")
    link_alts(ctx.game, one, other)
    ctx.reply(f"{one.name} and {other.name} are marked as the same player's: they cannot vote for each other.")


def _award(ctx: Context, parsed: ParsedCommand, remove: bool) -> None:
    if parsed.rhs is None or not parsed.lhs.strip():
        raise UsageError()
    char = find_target(ctx, parsed.lhs)
    amount_text, _, reason = parsed.rhs.strip().partition(" ")
    amount = _amount(amount_text)
    if not reason.strip():
        raise UsageError("Give a reason, so the history says why.")
    try:
        record = award(ctx.game, ctx.actor, char, -amount if remove else amount, reason.strip())
    except XPError as exc:
        raise CommandError(str(exc)) from None
    verb = "take away" if remove else "award"
    ctx.reply(f"You {verb} {xp_text(amount)} XP {'from' if remove else 'to'} {char.name} ({escape(reason.strip()[:60])}): "
              f"{xp_text(record.available)} to spend.")
    ctx.game.msg(char, f"{ctx.actor.name} {'took away' if remove else 'awarded you'} {xp_text(amount)} XP"
                 f"{'' if not remove else ' from you'}: {escape(reason.strip()[:80])}.")


def cmd_spend(ctx: Context, parsed: ParsedCommand) -> None:
    """SPEND XP <amount>: XP onto your unapproved sheet, in the Character Finishing Room."""
    word, _, amount = parsed.args.strip().partition(" ")
    amount = amount.strip()
    if word.lower() != "xp" or not is_number(amount, 4):
        raise UsageError()
    try:
        record = spend(ctx.game, ctx.actor, int(amount))
    except XPError as exc:
        raise CommandError(str(exc)) from None
    hero = get_hero(ctx.game, ctx.actor)
    ctx.reply(f"You spend {int(amount)} XP on your sheet: {xp_text(record.available)} left to spend. "
              f"Your sheet now has {hero.experience} XP in it.")
    ctx.reply(_disads_line(hero))


def _disads_line(hero) -> str:  # a HeroSheet
    disads = min(hero.disads, hero.disad_points)
    total = hero.base_points + disads + hero.experience
    state = "balances" if total == hero.spent else (f"{total - hero.spent} points left to spend" if total > hero.spent
                                                   else f"{hero.spent - total} points too many")
    return (f"Base {hero.base_points} + Disadvantages {disads} + XP {hero.experience} = {total}; "
            f"the character costs {hero.spent}: {state}.")


def cmd_disads(ctx: Context, parsed: ParsedCommand) -> None:
    """+DISADS [name]: Disadvantages + XP against the character's total cost (RULES EXPERIENCE 3)."""
    char = ctx.actor
    if parsed.args.strip():
        char = find_target(ctx, parsed.args)
        if char.id != ctx.actor.id and not permit(ctx, Role.STAFF):
            raise CommandError("You may read only your own; staff read anyone's.")
    hero = get_hero(ctx.game, char)
    rows = [(str(i.real), escape(i.text)) for i in hero.items if i.section is Section.DISADVANTAGES]
    ctx.reply(f"Disadvantages of {char.name}:")
    ctx.reply(table(rows, ctx.width, headers=("Pts", "Disadvantage")) if rows else "  none")
    ctx.reply(_disads_line(hero))


def cmd_finishing(ctx: Context, parsed: ParsedCommand) -> None:
    """+finishing [on|off] (staff): mark this room as a Character Finishing Room (SPEND XP)."""
    word = parsed.args.strip().lower()
    room = ctx.room
    if word in ("", "status"):
        state = "is" if is_finishing_room(ctx.game, room.id) else "is not"
        ctx.reply(f"{room.name} {state} a Character Finishing Room.")
        return
    if word not in ("on", "off"):
        raise UsageError()
    set_finishing_room(ctx.game, room.id, word == "on")
    ctx.reply(f"{room.name} is {'now' if word == 'on' else 'no longer'} a Character Finishing Room.")


COMMANDS = (
    Command("+vote", cmd_vote, ruleset="champions", summary="vote XP for someone you played with"),
    Command("+xp", cmd_xp, ruleset="champions", summary="your XP and its history",
            subcommands={"award": Subcommand(partial(_award, remove=False), Role.STAFF),
                         "remove": Subcommand(partial(_award, remove=True), Role.STAFF),
                         "alt": Subcommand(_alt, Role.STAFF)}),
    Command("spend", cmd_spend, ruleset="champions", help="SPEND XP", summary="SPEND XP <n> in the Character Finishing Room"),
    Command("+disads", cmd_disads, ruleset="champions", summary="Disadvantages + XP against your total cost"),
    Command("+finishing", cmd_finishing, ruleset="champions", role=Role.STAFF, summary="mark a Character Finishing Room"),
)

