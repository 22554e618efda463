"""The sentences players read for fight outcomes: one renderer per outcome kind.

The game layer returns values (game/harm.py: damage, END, Knockback; game/combat.py: Phases,
Segments, Recoveries); here each kind becomes its text. A new kind of outcome gets one function
here and its entry in :data:`_STEPS` or :data:`_NOTES`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..game import adjusting, attacks, battlefield, continuing, flashing, harm, minding
from ..game import combat as fights
from ..rules.champions.damage import KillingDamage, NormalDamage
from ..rules.champions.effects import LifeState
from ..rules.champions.knockback import PRONE_EFFECT
from ..text.numbers import character_points
from ..values import evolve
from .dice import hit_text, kb_text, killing_text, normal_text, skill_text

__all__ = ["area_lines", "attack_lines", "autofire_lines", "failed_lines", "dcv_text", "hurt_text", "windup_text", "kb_lines", "phase_lines", "recovery_said", "recovery_sentence", "spent_text"]


# --- damage and END ----------------------------------------------------------------------------
def hurt_text(hurt: harm.Hurt) -> str:
    """``Psiana takes 20 STUN and 0 BODY (32 STUN - 12 PD, 9 BODY - 12 PD). Now STUN 0, BODY 10.``

    With what follows: Stunned, Knocked Out, Dying, dead or a coma (RULES DAMAGE EFFECTS, DYING),
    and a Recovery the damage spoiled (RULES RECOVERING).
    """
    damage, taken, sheet, against = hurt.damage, hurt.taken, hurt.sheet, hurt.against
    defense = hurt.defense or against.value
    body_def = hurt.defense or ("r" if isinstance(damage, KillingDamage) else "") + against.value
    doubled = " doubled against the Knocked Out" if taken.stun_done != damage.stun else ""
    where = f", BODY x{damage.location.body_x} for the {damage.location.name}" if damage.location is not None else ""
    notes = "".join(f", {note}" for note in hurt.notes)
    notes += f", at least the {taken.body_done} BODY rolled in STUN (Penetrating)" if taken.penetrated else ""
    text = (f"{hurt.name} takes |h{taken.stun} STUN and {taken.body} BODY|n ({taken.stun_done} STUN{doubled} - "
            f"{taken.stun_defense} {defense}, {taken.body_done} BODY - {taken.body_defense} {body_def}{where}{notes}"
            f"{f', less {taken.reduction}% Damage Reduction' if taken.reduction else ''})")
    effects = []
    if taken.stunned:
        effects.append("|rStunned|n")
    if taken.knocked_out:
        effects.append("|rKnocked Out|n")
    effects += [_LIFE[sheet.life]] if sheet.life in _LIFE else []
    text += (": " + ", ".join(effects) if effects else "") + "."
    text += f" Now STUN {sheet.current_stun}, BODY {sheet.current_body}."
    lost = hurt.lost_recovery
    if lost is not None:
        text += f" Damage got through during {lost.name}'s Recovery: it is lost (-{lost.stun} STUN, -{lost.end} END)."
    return text


_LIFE = {
    LifeState.DYING: "|RDying|n (loses 1 BODY each Post-Segment 12)",
    LifeState.DEAD: "|RDead|n",
    LifeState.COMA: "|Rin a coma|n (a player character never dies without the player's consent)",
}


def spent_text(spent: harm.Spent, what: str = "") -> str:
    """``Starfire spends 2 END (2 for STR 20): END 38.``, with the STUN it cost at 0 END."""
    end = spent.end
    text = f"{spent.name} spends {spent.cost} END{what}: END {end.end}"
    if end.stun_faces:
        faces = " ".join(map(str, end.stun_faces))
        text += f"; out of END, {len(end.stun_faces)}d6 STUN instead: {end.stun_lost} ({faces}), STUN {end.stun}"
        if end.knocked_out:
            text += ": exhausted, Knocked Out"
    return text + "."


# --- Knockback (RULES KNOCKBACK 2-6) ------------------------------------------------------------
def _impact(step: harm.ImpactDamage) -> str:
    damage = step.hurt.damage
    assert isinstance(damage, NormalDamage)  # a wall's or the ground's dice are normal damage
    head = "Landing: " if step.landing else ""
    return f"{head}{damage.amount} normal, {normal_text(damage)}. {hurt_text(step.hurt)}"


def _aloft(step: harm.Aloft) -> list[str]:
    lines = [(f"{step.name} is knocked back {step.inches}\" in the air; {step.skill} roll to stay aloft at "
             f"{step.modifier:+d}: {skill_text(step.roll)}.")]
    if step.ending == "aloft":
        lines.append(f"{step.name} stays in the air at full DCV.")
    elif step.ending == "falls":
        lines.append(f"{step.name} falls: Falling damage, not Knockback damage, unless the fall is stopped "
                     "(the GM rolls it).")
    else:
        lines.append(f"{step.name} drops the inch or two to the ground and takes the Knockback damage. {PRONE_EFFECT}")
    return lines


def _prone(out: bool) -> str:
    """What lying on the ground means, unless Knocked Out (already at 0 DCV: RULES DAMAGE EFFECTS 2)."""
    return "" if out else f" {PRONE_EFFECT}"


def _breakfall(step: harm.Breakfall) -> list[str]:
    lines = [f"Breakfall at {step.modifier:+d}: {skill_text(step.roll)}."]
    return lines + ([f"{step.name} lands on their feet and takes no damage."] if step.roll.success else [])


_STEPS: dict[type, Callable[[Any], str | list[str]]] = {
    harm.KnockedDown: lambda s: f"{s.name} is knocked down." + _prone(s.out),
    harm.ImpactDamage: _impact,
    harm.WallHit: lambda s: f"After {s.after}\" {s.name} hits a DEF {s.wall_def} BODY {s.wall_body} wall:",
    harm.WallShatters: lambda s: f"The wall shatters and {s.name} goes on {s.continues}\" beyond it, landing in a heap.",
    harm.IntoCharacter: lambda s: f"{s.name} flies {s.inches}\" into {s.other}; both take {s.inches}d6.",
    harm.CharacterHit: lambda s: f"{s.hurt.name}: {normal_text(s.hurt.damage)}. {hurt_text(s.hurt)}",
    harm.Aloft: _aloft,
    harm.FliesBack: lambda s: f"{s.name} flies back {s.inches}\" and lands." + _prone(s.out),
    harm.Breakfall: _breakfall,
}


def kb_lines(steps: Iterable[harm.KBStep]) -> list[str]:
    """The sentences of what a Knockback did, in order."""
    return _flat(_STEPS[type(step)](step) for step in steps)


def _flat(said: Iterable[str | list[str]]) -> list[str]:
    return [line for one in said for line in ([one] if isinstance(one, str) else one)]


# --- Recoveries and Phases (RULES RECOVERING, DAMAGE EFFECTS) ---------------------------------
def recovery_said(outcome: fights.RecoveryOutcome) -> str:
    """``recovers 8 and wakes up: STUN 30, END 40`` or ``no Recovery (Stunned)``."""
    if isinstance(outcome, fights.Recovered):
        woke = " and wakes up" if outcome.woke else ""
        return f"recovers {outcome.rec}{woke}: STUN {outcome.stun}, END {outcome.end}"
    return f"no Recovery ({outcome.why})" if outcome.why else "no Recovery"


def recovery_sentence(outcome: fights.RecoveryOutcome) -> str:
    """``Psiana recovers 8: STUN 30, END 40.`` or ``Psiana: no Recovery (Stunned).``"""
    joint = " " if isinstance(outcome, fights.Recovered) else ": "
    return f"{outcome.name}{joint}{recovery_said(outcome)}."


_NOTES: dict[type, Callable[[Any], str]] = {
    fights.HeldActionLost: lambda n: "the held action is lost",
    fights.BreathHeld: lambda n: f"holding breath: END {n.end}, STUN {n.stun}, BODY {n.body}",
    battlefield.PowersKept: lambda n: f"keeps up {', '.join(n.names)}: "
                                      f"{spent_text(n.spent)[len(n.spent.name) + 1:-1]}",
    fights.AbortedPhaseLost: lambda n: "aborted earlier, so loses this Phase",
    fights.Hesitates: lambda n: f"{n.presence.capitalize()}: hesitates this whole Phase",
    fights.StunShaken: lambda n: "Stunned: spends this Phase recovering from it, and is no longer Stunned",
    fights.KnockedOutPhase: lambda n: f"Knocked Out: {recovery_said(n.recovery)}",
    fights.Acts: lambda n: "acts",
}
_BODY_LOST = {LifeState.DEAD: "dies", LifeState.COMA: "falls into a coma"}


def _post_segment_12(event: fights.PostSegment12) -> list[str]:
    lines = [f"Post-Segment 12 of Turn {event.turn}:"]
    for item in event.events:
        if isinstance(item, fights.BodyLost):
            line = f"{item.name} loses 1 BODY (now {item.body}) and {_BODY_LOST.get(item.life, 'is dying')}."
        else:
            line = recovery_sentence(item)
        lines.append(f"  {line}")
    return lines


def _segment(event: fights.SegmentBegins) -> str:
    who = ", ".join(f"{name} {dex}" for name, dex in event.order) or "nobody"
    return f"Turn {event.turn}, Segment {event.segment}: Phases in DEX order: {who}."


def _phase(event: fights.PhaseBegins) -> str:
    return f"{event.name}'s Phase (DEX {event.dex}): {'; '.join(_NOTES[type(n)](n) for n in event.notes)}."


def _held(event: fights.HeldActionWaits) -> str:
    return (f"{event.name}'s next Phase comes in Segment {event.segment} and no Phase since gave a chance to use the "
            f"held action: {event.name} may act with it now, or +combat/next goes on and it is lost.")


def windup_text(event: attacks.WindingUp) -> str:
    """``Viper winds up a Haymaker at Psiana: it lands at the end of Segment 1 of Turn 2 ...``"""
    return (f"{event.attacker} winds up a {event.name} at {event.target}: it lands at the end of Segment "
            f"{event.segment} of Turn {event.turn}, unless {event.attacker} is Stunned first or {event.target} "
            f"moves away; DCV -5 until then.")


def _lost(event: attacks.WindupLost) -> str:
    if event.moved:
        return f"{event.attacker}'s Haymaker misses: {event.target} moved away before it landed."
    return f"{event.attacker}'s Haymaker at {event.target} is lost: {event.attacker} is {event.why} before it lands."


def _lands(event: attacks.WindupLands) -> list[str]:
    done = event.outcome
    block = failed_lines(done) if isinstance(done, attacks.PowerFailed) else attack_lines(done) \
        if event.block is None else _blocked(event)
    return [block[0]] + [f"  {line}" for line in block[1:]]


def _blocked(event: attacks.WindupLands) -> list[str]:
    """A Haymaker met by a Block (HERO 5E revised): its roll, then the attack or its end."""
    from .grapple_text import guarded_lines  # it uses this module's renderers

    return guarded_lines(event.block, event.outcome,
                         lambda o: failed_lines(o) if isinstance(o, attacks.PowerFailed) else attack_lines(o))


def _points_return(event: adjusting.PointsReturn) -> str:
    """Post-Segment 12: ``Viper's Drained STR: 5 Character Points return: STR 13 (7 left).``"""
    what = "return" if event.kind == "Drain" else "fade"
    left = f"{event.points} left" if event.points else "it is over"
    past = "Aided" if event.kind == "Aid" else "Drained"
    return f"  {event.name}'s {past} {event.characteristic}: {character_points(event.back)} {what}: " \
           f"{event.characteristic} {event.value} ({left})."


def _continuous(event: continuing.ContinuousGoesOn | continuing.ContinuousStops) -> list[str]:
    from .advantage_text import continuous_lines  # it is built from this module's pieces

    return continuous_lines(event)


def _breakout(event: minding.Breakout) -> str:
    """His Phase opens with the EGO roll to break out of a Mental Power (RULES MENTAL POWERS)."""
    still = f'still under it: "{event.command}"' if event.command else "still under it"
    return (f"{event.name} rolls to break out of {event.by}'s {event.kind}: EGO roll {event.roll.target}-: "
            f"{skill_text(event.roll)}; {'free of it' if event.free else still}.")


_EVENTS: dict[type, Callable[[Any], str | list[str]]] = {
    adjusting.PointsReturn: _points_return,
    continuing.ContinuousGoesOn: _continuous,
    continuing.ContinuousStops: _continuous,
    flashing.SenseBack: lambda e: f"{e.name}'s {e.group} is back: the Flash is over.",
    minding.Breakout: _breakout,
    fights.HeldActionWaits: _held,
    attacks.WindupLands: _lands,
    attacks.WindupLost: _lost,
    fights.PostSegment12: _post_segment_12,
    fights.SegmentBegins: _segment,
    fights.PhaseBegins: _phase,
}


def phase_lines(events: Iterable[fights.PhaseEvent]) -> list[str]:
    """The lines of a fight moving on: Post-Segment 12, new Segments, each Phase's start."""
    return _flat(_EVENTS[type(event)](event) for event in events)


# --- attacks ----------------------------------------------------------------------------------
def dcv_text(dcv: fights.TargetDCV) -> str:
    """``DCV 6 (Recovering) = 3``, or ``DCV 6`` with nothing on it."""
    return f"DCV {dcv.base} ({', '.join(dcv.why)}) = {dcv.dcv}" if dcv.why else f"DCV {dcv.dcv}"


def _ocv_text(rolled: attacks.AttackRolled) -> str:
    if not rolled.ocv_parts:
        return f"OCV {rolled.ocv}"
    return f"OCV {rolled.base_ocv} " + " ".join(f"{n:+d} {w}" for n, w in rolled.ocv_parts) + f" = {rolled.ocv}"


def _power_roll_lines(rolls: tuple[attacks.PowerRoll, ...], charges_left: int | None) -> list[str]:
    """``Activation Roll 11-: 9 (3 3 3): made by 2; it works.``, and the Charges left."""
    lines = [f"{p.what}: {skill_text(p.roll)}; {'it works' if p.roll.success else 'the power fails'}." for p in rolls]
    if charges_left is not None:
        lines.append(f"{charges_left} Charge{'' if charges_left == 1 else 's'} left.")
    return lines


def failed_lines(failed: attacks.PowerFailed) -> list[str]:
    """A power whose Activation or Skill Roll missed: the roll, and the END spent."""
    side = [f"{failed.side_effect} on {failed.attacker} (the GM applies it)."] if failed.side_effect else []
    return [f"{failed.attacker} tries {failed.name} on {failed.target}.",
            *_power_roll_lines(failed.power_rolls, failed.charges_left), *side,
            spent_text(failed.spent, f" ({', '.join(f'{c} for {w}' for c, w in failed.end_parts)})")]


def _damage_line(done: attacks.DamageRolled, hurt: bool = True) -> str:
    """``8d6 normal: 32 STUN, 8 BODY (4 4 ...).`` and, with ``hurt``, what it did to the target."""
    then = f" {hurt_text(done.hurt)}" if hurt else ""
    if isinstance(done.rolled, KillingDamage):
        return f"{done.amount} killing: {killing_text(done.rolled)}.{then}"
    pulled = f", pulled to {done.hurt.damage.body} BODY" if done.pulled else ""
    return f"{done.amount} normal: {normal_text(done.rolled)}{pulled}.{then}"


def _kb_line(kb, steps: tuple, doubled: bool) -> str:  # a Knockback
    extra = f", doubled (Double Knockback): {kb.inches}\" knockback" if doubled else ""
    said = kb_text(evolve(kb, inches=kb.margin)) if doubled else kb_text(kb)
    return f"{said}{extra}." + "".join(f" {line}" for line in kb_lines(steps))


def area_lines(outcome: attacks.AreaOutcome) -> list[str]:
    """An Area Of Effect attack: the roll against the area's DCV 3, the damage rolled once, what it
    did to each one in the area and his Knockback, the END."""
    r = outcome.rolled
    lines = [(f"{r.attacker} attacks {r.target} ({r.name}): {_ocv_text(r)} vs DCV {attacks.AREA_DCV} (the area): "
             f"{r.roll.target} or less, rolls {hit_text(r.roll)}.")]
    lines += _power_roll_lines(outcome.power_rolls, outcome.charges_left)
    if outcome.hits:
        lines.append(_damage_line(outcome.hits[0].damage, hurt=False))
    for hit in outcome.hits:
        lines.append(hurt_text(hit.damage.hurt))
        lines.append(_kb_line(hit.knockback, hit.kb_steps, hit.kb_doubled) if hit.knockback is not None
                     else "No Knockback.")
    lines.append(spent_text(outcome.spent, f" ({', '.join(f'{c} for {w}' for c, w in outcome.end_parts)})"))
    return lines


def autofire_lines(outcome: attacks.AutofireOutcome) -> list[str]:
    """Autofire: the shots and the roll, how many hit, each hit's damage and Knockback, the END."""
    r = outcome.rolled
    count = len(outcome.hits)
    lines = [(f"{r.attacker} attacks {r.target} ({r.name}, {outcome.shots} shots): {_ocv_text(r)} vs {dcv_text(r.dcv)}: "
             f"{r.roll.target} or less, rolls {hit_text(r.roll)}.")]
    lines += _power_roll_lines(outcome.power_rolls, outcome.charges_left)
    if r.roll.hit:
        lines.append(f"{count} of {outcome.shots} shots hit (1, and 1 more per 2 the roll was made by).")
    for hit in outcome.hits:
        lines.append(_damage_line(hit.damage))
        lines.append(_kb_line(hit.knockback, hit.kb_steps, hit.kb_doubled) if hit.knockback is not None
                     else "No Knockback.")
    lines.append(spent_text(outcome.spent, f" ({', '.join(f'{c} for {w}' for c, w in outcome.end_parts)})"))
    return lines


def roll_line(r: attacks.AttackRolled, target: str = "") -> str:
    """``Starfire Strikes Psiana (Strike): OCV 8 vs DCV 6: 13 or less, rolls 9 (3 3 3): hits ...``"""
    speed = f" at {r.velocity}\"" if r.velocity is not None else ""
    return (f"{r.attacker} {r.verb} {target or r.target}{speed} ({r.name}): {_ocv_text(r)} vs {dcv_text(r.dcv)}: "
            f"{r.roll.target} or less, rolls {hit_text(r.roll)}.")


def attack_lines(outcome: attacks.AttackOutcome) -> list[str]:
    """The block of one attack: the roll, the damage, Knockback, the attacker's share, END."""
    r = outcome.rolled
    lines = [roll_line(r)]
    lines += _power_roll_lines(outcome.power_rolls, outcome.charges_left)
    if outcome.blocked:
        lines.append(outcome.blocked)
    done = outcome.damage
    if done is not None:
        if isinstance(done.rolled, KillingDamage):
            lines.append(f"{done.amount} killing: {killing_text(done.rolled)}. {hurt_text(done.hurt)}")
        else:
            pulled = f", pulled to {done.hurt.damage.body} BODY" if done.pulled else ""
            lines.append(f"{done.amount} normal: {normal_text(done.rolled)}{pulled}. {hurt_text(done.hurt)}")
    if outcome.knockback is not None:
        doubled = f", doubled (Double Knockback): {outcome.knockback.inches}\" knockback" if outcome.kb_doubled else ""
        kb = kb_text(evolve(outcome.knockback, inches=outcome.knockback.margin)) if doubled else kb_text(outcome.knockback)
        lines.append(f"{kb}{doubled}." + "".join(f" {line}" for line in kb_lines(outcome.kb_steps)))
    elif done is not None:
        lines.append("No Knockback.")
    share = outcome.share
    if share is not None:
        lines.append(f"{r.attacker} takes {share.what}, {share.stun} STUN {share.body} BODY: {hurt_text(share.hurt)}")
    parts = [(c, w) for c, w in outcome.end_parts if c]  # a Martial Arts maneuver's own 0 END unsaid
    lines.append(spent_text(outcome.spent, f" ({', '.join(f'{c} for {w}' for c, w in parts)})" if parts else ""))
    return lines
