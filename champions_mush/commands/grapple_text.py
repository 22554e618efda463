"""The sentences of Block, Grab, Squeeze, Throw, Escape and Disarm (game/grappling.py): one
renderer per outcome kind, as commands/fight_text.py does for attacks."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..game import grappling, multiple
from ..rules.champions.damage import KillingDamage, NormalDamage
from ..rules.champions.endurance import end_cost, movement_end
from ..rules.champions.grappling import StrengthContest
from .dice import kb_text, killing_text, normal_text
from .fight_text import hurt_text, kb_lines, roll_line, spent_text

__all__ = ["block_line", "contest_line", "disarm_lines", "escape_lines", "grab_lines", "guarded_lines", "held_lines",
           "multiple_lines", "several_lines"]


def _faces(result: object) -> str:
    faces = getattr(result, "faces", ())
    return " ".join(map(str, faces))


def block_line(b: grappling.BlockRolled) -> str:
    """``Psiana Blocks (Block): OCV 6 vs Starfire's OCV 8: 9 or less, rolls 9 (3 3 3): the attack
    is stopped.``"""
    roll = b.roll
    earlier = f" ({b.earlier} Block{'s' if b.earlier > 1 else ''} before: -{2 * b.earlier})" if b.earlier else ""
    if roll.total == 3:
        verdict = "a 3 always succeeds"
    elif roll.total == 18:
        verdict = "an 18 always fails"
    else:
        verdict = "made" if roll.hit else "missed"
    then = (f"the attack is stopped; {b.blocker} acts before {b.attacker} in the next Segment both act in"
            if roll.hit else "the attack goes on")
    return (f"{b.blocker} Blocks ({b.maneuver}): OCV {b.ocv}{earlier} vs {b.attacker}'s OCV {roll.dcv}: "
            f"{roll.target} or less, rolls {roll.total} ({_faces(roll)}): {verdict}; {then}.")


def _end_line(spent, parts: tuple[tuple[int, str], ...]) -> str:  # a harm.Spent
    return spent_text(spent, f" ({', '.join(f'{c} for {w}' for c, w in parts)})" if parts else "")


#: what an attack that met no Block came to (its renderer takes it)
Outcome = TypeVar("Outcome")


def guarded_lines(block: grappling.BlockRolled | None, outcome: Outcome | grappling.Blocked,
                  render: Callable[[Outcome], list[str]]) -> list[str]:
    """An attack at a blocker: stopped (``X attacks Y (Strike): Y Blocks ...``), or the Block roll
    then the attack as any other."""
    if isinstance(outcome, grappling.Blocked):
        b = outcome.block
        return [f"{b.attacker} attacks {b.blocker} ({outcome.name}).", block_line(b),
                _end_line(outcome.spent, outcome.end_parts)]
    return render(outcome) if block is None else [block_line(block), *render(outcome)]


def grab_lines(done: grappling.Grabbed) -> list[str]:
    """The Grab's roll, and the hold when it hit."""
    lines = [roll_line(done.rolled)]
    r = done.rolled
    if done.hit:
        more = f", holding on with +{done.hold_str} STR" if done.hold_str else ""
        lines.append(f"{r.attacker} holds {r.target}{more}: {r.target} is at 1/2 DCV until free "
                     f"(+combat/escape), and {r.attacker} may Squeeze or Throw him (+attack {r.target}=squeeze).")
    moved = f", {movement_end(done.velocity)} for {done.velocity}\" of movement" if done.velocity else ""
    lines.append(spent_text(done.spent, f" ({end_cost(done.strength)} for STR {done.strength}{moved})"))
    return lines


def held_lines(done: grappling.Held) -> list[str]:
    """A Squeeze or Throw of one held: no roll, the damage, the fall."""
    damage = done.damage.damage
    assert isinstance(damage, NormalDamage)
    verb = "throws" if done.thrown else "squeezes"
    lines = [f"{done.attacker} {verb} {done.target} ({done.name}; held: no roll).",
             f"{done.amount} normal: {normal_text(damage)}. {hurt_text(done.damage)}"]
    if done.thrown:
        lines.append(f"{done.target} falls and is free: prone (1/2 DCV) until he stands.")
    lines.append(spent_text(done.spent, f" ({done.spent.cost} for STR {done.strength})"))
    return lines


def contest_line(c: grappling.Contest) -> str:
    """``STR 25 vs STR 20: 8 BODY (6 6 6 6 1) against 4 BODY (2 2 2 2)``."""
    s: StrengthContest = c.contest
    ours = f"{s.ours.body} BODY ({s.ours.roll.faces_text()})" if s.ours.roll is not None else "0 BODY"
    theirs = f"{s.theirs.body} BODY ({s.theirs.roll.faces_text()})" if s.theirs.roll is not None else "0 BODY"
    return f"STR {s.strength} vs STR {s.their_strength}: {c.who} {ours} against {c.other} {theirs}"


def escape_lines(done: grappling.Escaped) -> list[str]:
    c = done.contest
    verdict = f"{c.who} breaks free." if c.contest.won else f"{c.other} holds on (more BODY needed to escape)."
    return [f"{c.who} tries to escape {c.other}'s hold ({c.what}).", f"{contest_line(c)}: {verdict}",
            spent_text(done.spent, f" ({done.spent.cost} for STR {done.strength})" if done.spent.cost else "")]


def disarm_lines(done: grappling.Disarmed) -> list[str]:
    lines = [roll_line(done.rolled)]
    c = done.contest
    if c is not None:
        verdict = (f"{c.other} is Disarmed: what he held flies from his grasp." if c.contest.won
                   else f"{c.other} keeps hold of it.")
        lines.append(f"{contest_line(c)}: {verdict}")
    lines.append(spent_text(done.spent, f" ({done.spent.cost} for the STR used)" if done.spent.cost else ""))
    return lines


def several_lines(done: multiple.SeveralOutcome, render: Callable[[object], list[str]]) -> list[str]:
    """A Sweep or Rapid Fire: each attack's block in order, then those the first miss left unrolled."""
    lines = [(f"{done.name}: {len(done.attacks) + len(done.unrolled)} attacks at -2 OCV each on every roll; "
             "1/2 DCV until the next Phase.")]
    for block, outcome in done.attacks:
        lines += guarded_lines(block, outcome, render)
    if done.unrolled:
        lines.append(f"After the miss the rest miss: {', '.join(done.unrolled)}.")
    return lines


def multiple_lines(done: multiple.MultipleOutcome) -> list[str]:
    """A Multiple-Power Attack: the one roll, each power's damage and Knockback, the END."""
    lines = [roll_line(done.rolled)]
    for hit in done.hits:
        rolled = hit.damage.rolled
        said = killing_text(rolled) if isinstance(rolled, KillingDamage) else normal_text(rolled)
        lines.append(f"{hit.name}: {hit.damage.amount} {'killing' if isinstance(rolled, KillingDamage) else 'normal'}: "
                     f"{said}. {hurt_text(hit.damage.hurt)}")
        lines.append(kb_text(hit.knockback) + "." + "".join(f" {line}" for line in kb_lines(hit.kb_steps))
                     if hit.knockback is not None else "No Knockback.")
    lines.append(_end_line(done.spent, done.end_parts))
    return lines
