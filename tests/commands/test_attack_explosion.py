"""Explosion, Continuous and Reduced Penetration through +attack with fixed dice, against HERO 5E
revised (the rules file is silent on them)."""

import pytest

from champions_mush.commands.base import Role
from champions_mush.rules.dice import FixedRoller

from ..harness import make_world


@pytest.fixture
def fight():
    """Starfire (DEX 23, SPD 5, OCV 8, END 40) against Tank (PD 11, ED 11, STUN 60, BODY 20) and
    Ox (DEX 8, CON 25: ED 5, STUN 28, BODY 10); Starfire's Phase."""
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    s = world.login("Starfire")
    for line in ("+stat DEX=23", "+stat SPD=5", "+stat STR=20", "+stat CON=20", "+stat OCV=8"):
        s.do(line)
    for line in ("+npc/create Tank", "+stat/set Tank/PD=11", "+stat/set Tank/ED=11", "+stat/set Tank/CON=30",
                 "+stat/set Tank/STUN=60", "+stat/set Tank/BODY=20", "+npc/create Ox", "+stat/set Ox/DEX=8",
                 "+stat/set Ox/CON=25", "+combat/start", "+combat/join Starfire", "+combat/join Tank",
                 "+combat/join Ox", "+combat/next"):
        g.do(line)
    for who in (g, s):
        who.clear()
    return world, g, s


def _said(world, s, line, *dice):
    world.set_dice(*dice)
    return [out.rsplit(" [r", 1)[0] for out in s.do(line)]


def test_an_explosion_loses_the_highest_die_for_each_inch_from_the_centre(fight):
    """HERO 5E revised, Explosion: one roll against DCV 3 (OCV 8: 16 or less), 8d6 rolled once:
    6 5 5 4 4 3 2 1, 30 STUN 8 BODY at the centre. Tank, at the centre, takes it all against ED
    11: 19 STUN. Ox, 2" out, loses 2 DC: the 6 and a 5 come off, 5 4 4 3 2 1: 19 STUN, 5 BODY,
    against ED 5: 14 STUN. Ox 8" out would lose all 8 dice. END: 8d6 +1/2 is 60 Active Points, 6."""
    world, g, s = fight
    s.do("+power Bomb=eb 8d6 +explosion")
    g.do("+npc/create Far")
    g.do("+combat/join Far")
    assert _said(world, s, "+attack Tank, Ox, Far=bomb at 0, 2, 8", 3, 3, 3, 6, 5, 5, 4, 4, 3, 2, 1,
                 6, 6, 6, 6)[:8] == [
        ("[Combat] Starfire attacks the area (Tank, Ox, Far) (Bomb, Explosion): OCV 8 vs DCV 3 (the area): 16 or "
        "less, rolls 9 (3 3 3): hits; hits DCV 10 or less."),
        "  At the centre 8d6 normal: 30 STUN, 8 BODY (6 5 5 4 4 3 2 1); -1 DC per 1\" from it, the highest dice first.",
        ("  Tank, 0\" out (-0 DC): 8d6 normal: 30 STUN, 8 BODY (6 5 5 4 4 3 2 1). Tank takes 19 STUN and 0 BODY "
        "(30 STUN - 11 ED, 8 BODY - 11 ED). Now STUN 41, BODY 20."),
        "  KB 8 BODY - 12 (6 6): no knockback.",
        ("  Ox, 2\" out (-2 DC): 6d6 normal: 19 STUN, 5 BODY (5 4 4 3 2 1). Ox takes 14 STUN and 0 BODY "
        "(19 STUN - 5 ED, 5 BODY - 5 ED). Now STUN 14, BODY 10."),
        "  KB 5 BODY - 12 (6 6): no knockback.",
        "  Far, 8\" out (-8 DC): the blast has nothing left for him.",
        "  Starfire spends 6 END (6 for Bomb): END 34.",
    ]


def test_an_explosion_bought_to_fade_per_2_inches_loses_1_dc_at_3_inches(fight):
    """Explosion -1 DC per 2" (+3/4, HERO 5E revised): Ox 3" out loses 1 DC, the 6: 5 5 4 4 3 2 1,
    24 STUN against ED 5: 19."""
    world, _g, s = fight
    s.do("+power Bomb=eb 8d6 +explosion2")
    out = _said(world, s, "+attack Ox=bomb at 3", 3, 3, 3, 6, 5, 5, 4, 4, 3, 2, 1, 6, 6)
    assert out[1:3] == [
        "  At the centre 8d6 normal: 30 STUN, 8 BODY (6 5 5 4 4 3 2 1); -1 DC per 2\" from it, the highest dice first.",
        ("  Ox, 3\" out (-1 DC): 7d6 normal: 24 STUN, 6 BODY (5 5 4 4 3 2 1). Ox takes 19 STUN and 1 BODY "
        "(24 STUN - 5 ED, 6 BODY - 5 ED). Now STUN 9, BODY 9."),
    ]


def test_a_killing_explosion_steps_down_the_dc_ladder(fight):
    """RKA 2d6+1 Explosion (7 DC, RULES DC 2) rolling 5 3 +1, multiplier die 3 (x2): 9 BODY at the
    centre; Tank 2" out: 5 DC, 1 1/2d6: the 3 kept, the 5 lost becomes the half die (3): 6 BODY,
    12 STUN; Tank has no resistant defense, so none applies (RULES TAKING DAMAGE 2): 12 STUN, 6 BODY."""
    world, _g, s = fight
    s.do("+power Frag=rka 2d6+1 +explosion")
    out = _said(world, s, "+attack Tank=frag at 2", 3, 3, 3, 5, 3, 3, 6, 6, 6)
    assert out[1:3] == [
        ("  At the centre 2d6+1 killing: 9 BODY, x2, 18 STUN (5 3 +1; multiplier die 3); -1 DC per 1\" from it, "
        "the highest dice first."),
        ("  Tank, 2\" out (-2 DC): 1½d6 killing: 6 BODY, x2, 12 STUN (3 ½:3; multiplier die 3). Tank takes 12 STUN and "
        "6 BODY (12 STUN - 0 ED, 6 BODY - 0 rED). Now STUN 48, BODY 14."),
    ]


def test_at_is_refused_for_all_but_an_explosion_and_must_match_the_targets(fight):
    _world, _g, s = fight
    s.do("+power Bomb=eb 8d6 +explosion")
    assert s.do("+attack Tank=strike at 2") == [
        "'at <inches>' is for an Explosion: each target's distance from its centre."]
    assert s.do("+attack Tank, Ox=bomb at 2") == [
        "Give one distance from the centre for each of the 2 targets ('at 0 2 3'), not 1."]
    assert s.do("+attack Tank=bomb at x") == ["'at' takes each target's inches from the centre: at 0 2 3."]


def test_reduced_penetration_puts_each_half_of_the_body_against_the_defense(fight):
    """HERO 5E revised, Reduced Penetration: RKA 3d6 rolling 5 3 3 (11 BODY), multiplier die 3 (x2):
    against Tank's 4 rED the BODY goes in halves of 6 and 5: 2 + 1 = 3 BODY (not 7); STUN as usual,
    22 - 15 (ED 11 + 4 resistant) = 7."""
    world, g, s = fight
    g.do("+stat/set Tank/rED=4")
    s.do("+power Darts=rka 3d6 -reducedpen")
    out = _said(world, s, "+attack Tank=darts", 3, 3, 3, 5, 3, 3, 3, 6, 6, 6)
    assert out[1] == (
        "  3d6 killing: 11 BODY, x2, 22 STUN (5 3 3; multiplier die 3). Tank takes 7 STUN and 3 BODY (22 STUN - 15 ED, "
        "11 BODY - 4 rED, the BODY in two halves, each against the defense (Reduced Penetration)). Now STUN 53, BODY 17.")


def test_a_continuous_attack_goes_on_each_phase_without_a_roll_until_stopped(fight):
    """HERO 5E revised, Continuous (+1): 4d6 +1 is 40 Active Points, 4 END. It hits Tank (4d6 of 4s:
    16 STUN - 11 ED = 5); at the start of Starfire's next Phase it hits again with no roll, END paid
    (4d6 of 5s: 20 - 11 = 9, after the Post-Segment 12 Recovery put Tank's STUN and Starfire's END
    back to full); +attack/stop ends it and the Phase after passes without it."""
    world, g, s = fight
    s.do("+power Acid=eb 4d6 +continuous")
    out = _said(world, s, "+attack Tank=acid", 3, 3, 3, 4, 4, 4, 4, 6, 6)
    assert out[1:4] == [
        ("  4d6 normal: 16 STUN, 4 BODY (4 4 4 4). Tank takes 5 STUN and 0 BODY (16 STUN - 11 ED, 4 BODY - 11 ED). "
        "Now STUN 55, BODY 20."),
        "  KB 4 BODY - 12 (6 6): no knockback.",
        ("  Acid is Continuous: it hits Tank again at the start of each of Starfire's Phases, 4 END each, until "
        "+attack/stop."),
    ]
    assert out[4] == "  Starfire spends 4 END (4 for Acid): END 36."
    world.set_dice(5, 5, 5, 5, 6, 6)  # Tank's Phase passes; Post-Segment 12; Segment 3: Starfire's
    g.clear()
    said = [line.rsplit(" [r", 1)[0] for line in g.do("+combat/next")]
    at = said.index("[Combat] Starfire's Phase (DEX 23): acts.")
    assert said[at + 1:at + 5] == [
        "[Combat] Starfire's Acid goes on at Tank (Continuous, no roll):",
        ("[Combat]   4d6 normal: 20 STUN, 4 BODY (5 5 5 5). Tank takes 9 STUN and 0 BODY (20 STUN - 11 ED, "
        "4 BODY - 11 ED). Now STUN 51, BODY 20."),
        "[Combat]   KB 4 BODY - 12 (6 6): no knockback.",
        "[Combat]   Starfire spends 4 END (4 for Acid): END 36.",
    ]
    assert "Acid on Tank (Continuous)" in " ".join(g.do("+combat/status"))
    assert s.do("+attack/stop acid") == ["[Combat] Starfire's Acid on Tank stops (stopped)."]
    assert s.do("+attack/stop") == ["Starfire has no Continuous attack going on."]
    assert "Continuous" not in " ".join(g.do("+combat/status"))


def test_a_failed_roll_sets_off_the_side_effects_with_their_active_points(fight):
    """Side Effects (-1/2, HERO 5E revised): when the power's Activation Roll fails they happen, worth
    the greater of 30 Active Points and half the power's: 12d6 with Activation 11- is 60 Active
    Points, so 30."""
    world, _g, s = fight
    s.do("+power Wild=eb 12d6 -act11 -sideeffects")
    assert _said(world, s, "+attack Tank=wild", 6, 6, 6)[:4] == [
        "[Combat] Starfire tries Wild on Tank.",
        "  Activation Roll 11-: 18 (6 6 6): an 18 always fails; the power fails.",
        "  Side Effects: 30 Active Points of effect on Starfire (the GM applies it).",
        "  Starfire spends 6 END (6 for Wild): END 34.",
    ]


def test_a_continuous_attack_stops_when_its_user_is_knocked_out(fight):
    """HERO 5E revised: a Continuous power needs its user: Knocked Out before his next Phase, it ends."""
    world, g, s = fight
    s.do("+power Acid=eb 4d6 +continuous")
    _said(world, s, "+attack Tank=acid", 3, 3, 3, 4, 4, 4, 4, 6, 6)
    g.do("+damage Starfire=60 0")  # far beyond his STUN and CON
    world.set_dice(*[1] * 20)
    said = [line.rsplit(" [r", 1)[0] for line in g.do("+combat/next")]
    assert "[Combat] Starfire's Acid on Tank stops (Knocked Out)." in said
    assert not any("goes on" in line for line in said)
    assert "Continuous" not in " ".join(g.do("+combat/status"))


def test_a_no_normal_defense_explosion_does_nothing_to_the_defended(fight):
    """NND Explosion, 'defended': every target has the defense it names (HERO 5E revised)."""
    world, _g, s = fight
    s.do("+power Gas=eb 4d6 +explosion +nnd")
    out = _said(world, s, "+attack Tank=gas at 1 defended", 3, 3, 3, 4, 4, 4, 4)
    assert out[2] == "  Tank, 1\" out (-1 DC): he has the defense the No Normal Defense attack names: it does nothing."
