"""+use and +area: powers that change the battlefield (RULES BATTLEFIELD, SIZE).

``+use <power>`` switches on a personal power (Desolidification, Invisibility, Shrinking,
Growth, Density Increase: a Zero Phase Action on one's Phase); ``+use <power>=<names>`` makes an
area of a Darkness, Force Wall, Change Environment or Images with those named inside (behind a
Force Wall), its maker's Attack Action for the Phase; ``+use/stop <power>`` ends either. ``+area``
lists the areas of the fight; its maker or the GM says who is inside with ``+area <#>=<names>``
and ends it with ``+area/end <#>``. The state lives on the fight (game/battlefield.py).
"""

from __future__ import annotations

from ..game import battlefield, harm
from ..game import combat as fights
from ..game.hero import Item, get_hero
from .base import CommandError, ParsedCommand, UsageError
from .combat import TAG, acting, finish, who_acts
from .context import Context
from .dice import find_target
from .fight_record import journaled
from .fight_text import spent_text

__all__ = ["HANDLERS"]

_KINDS = {**battlefield.AREA_KINDS, **battlefield.PERSONAL}


def _key(text: str) -> str:
    return " ".join("".join(c if c.isalnum() else " " for c in text.lower()).split())


def _item(ctx: Context, char, name: str) -> Item:
    """The power of ``char`` named (its name, a unique start, or its #number on +sheet)."""
    items = get_hero(ctx.game, char).items
    usable = [(n, i) for n, i in enumerate(items, 1) if i.xmlid in _KINDS and not i.parent]
    key = _key(name)
    found = [i for n, i in usable if key in (_key(i.name), f"{n}", f"#{n}".lstrip("#"))] or \
        [i for _, i in usable if key and _key(i.name).startswith(key)]
    if len(found) != 1:
        listed = ", ".join(f"#{n} {i.name}" for n, i in usable) or "none"
        raise CommandError(f"'{name.strip()[:30]}' is not one power of {char.name}'s to +use here; they are: {listed}.")
    return found[0]


def _split(ctx: Context, parsed: ParsedCommand) -> tuple:
    """``<power>[=<names>] [by <name>]``: the user, the power, the names (None: no '=')."""
    text = parsed.args
    by = None
    if " by " in f" {text.lower()} ":
        at = text.lower().rindex(" by ")
        text, by = text[:at], text[at + 4:]
    power, _, names = text.partition("=")
    if not power.strip():
        raise UsageError()
    user = who_acts(ctx, find_target(ctx, by) if by else None, doing="use a power")
    inside = [find_target(ctx, n) for n in names.split(",") if n.strip()] if "=" in text else None
    return user, _item(ctx, user, power), inside


def _say(ctx: Context, lines: list[str]) -> None:
    ctx.emit_room("\n".join(f"{TAG} {line}" for line in lines))


@journaled
def cmd_use(ctx: Context, parsed: ParsedCommand) -> None:
    """+use <power>[=<names>]: switch on a personal power, or make an area with those inside."""
    user, item, inside = _split(ctx, parsed)
    acting(ctx, user)
    spent = harm.spend(ctx.game, user, item.end, ctx.roller)
    paid = spent_text(spent, f" ({item.end} for {item.name})") if item.end else ""
    if item.xmlid in battlefield.PERSONAL:
        done = battlefield.switch(ctx.game, user, item)
        _say(ctx, [f"{user.name} is {done.what} ({item.name}) until stopped (+use/stop).",
                   *([paid] if paid else [])])
        return
    placed = battlefield.place(ctx.game, user, item, inside or [])
    area = placed.area
    who = ", ".join(placed.names) or "nobody yet"
    where = "behind it" if area.kind == "Force Wall" else "inside"
    numbers = area.numbers.replace(" (", ", ", 1).rstrip(")") if area.numbers else ""
    lines = [(f"{user.name} makes {area.kind} #{area.number} ({item.name}{numbers}); "
             f"{where}: {who}. {_DOES[area.kind]} +area {area.number}=<names> changes who is {where}."),
             *([paid] if paid else [])]
    _say(ctx, lines + finish(ctx, user))


#: What each kind of area does, as the room is told (RULES BATTLEFIELD).
_DOES = {
    "Darkness": "No sight sees into, out of or through it: an attacker who cannot see his target is at 1/2 OCV "
                "hand-to-hand and 0 at range, one who cannot see his attacker at 1/2 DCV.",
    "Force Wall": "An attack between one behind it and one not hits the Wall; BODY more than its DEF brings it down.",
    "Change Environment": "Those inside are at its -OCV (and -PER).",
    "Images": "Those inside are at its -PER to see through them.",
}


@journaled
def cmd_use_stop(ctx: Context, parsed: ParsedCommand) -> None:
    """+use/stop <power>: switch it off, or end the area it made."""
    user, item, _ = _split(ctx, parsed)
    _say(ctx, [battlefield.stop(ctx.game, user, item)])


def _fight(ctx: Context) -> fights.Fight:
    fight = fights.get_fight(ctx.game, ctx.actor.location)
    if fight is None:
        raise CommandError("There is no fight here. Staff start one with +combat/start.")
    return fight


def _number(ctx: Context, text: str):
    fight = _fight(ctx)
    key = text.strip().lstrip("#")
    area = next((a for a in fight.areas if key.isdigit() and a.number == int(key)), None)
    if area is None:
        raise CommandError(f"There is no area #{key[:6]} in this fight (+area lists them).")
    if not ctx.is_staff and area.by != ctx.actor.id:
        raise CommandError(f"Area #{area.number} is {area.owner}'s: only its maker or staff change it.")
    return area


@journaled
def cmd_area(ctx: Context, parsed: ParsedCommand) -> None:
    """+area: the areas of this fight; +area <#>=<names>: who is inside (its maker or staff)."""
    fight = _fight(ctx)
    if not parsed.args.strip():
        names = {f.char_id: f.name for f in fight.fighters}
        lines = [f"{TAG} Areas in fight #{fight.id}:" if fight.areas else f"{TAG} No areas in fight #{fight.id}."]
        for a in fight.areas:
            who = ", ".join(names.get(i, "?") for i in a.inside) or "nobody"
            lines.append(f"  #{a.number} {a.owner}'s {a.kind} ({a.name}){a.numbers}: "
                         f"{'behind it' if a.kind == 'Force Wall' else 'inside'}: {who}.")
        ctx.reply("\n".join(lines))
        return
    if parsed.rhs is None:
        raise UsageError()
    area = _number(ctx, parsed.lhs)
    inside = [find_target(ctx, n) for n in parsed.rhs.split(",") if n.strip()]
    marked = battlefield.mark(ctx.game, ctx.actor.location, area.number, inside)
    who = ", ".join(c.name for c in inside) or "nobody"
    _say(ctx, [(f"{ctx.actor.name}: {marked.owner}'s {marked.kind} #{marked.number} now has "
               f"{who} {'behind it' if marked.kind == 'Force Wall' else 'inside'}.")])


@journaled
def cmd_area_end(ctx: Context, parsed: ParsedCommand) -> None:
    """+area/end <#>: the area ends (its maker or staff)."""
    area = _number(ctx, parsed.args)
    battlefield.end_area(ctx.game, ctx.actor.location, area.number)
    _say(ctx, [f"{ctx.actor.name} ends {area.owner}'s {area.kind} #{area.number} ({area.name})."])


#: Each command's handler, loaded at its first use from the table's entry (commands/fight.py).
HANDLERS = {"+use": cmd_use, "+use/stop": cmd_use_stop, "+area": cmd_area, "+area/end": cmd_area_end}
