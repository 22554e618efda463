"""Advantages and Limitations that change a roll, through +attack with fixed dice, against HERO
5E revised: NND, AVLD, Armor Piercing, Penetrating, Double and No Knockback, Reduced Endurance,
Charges, Activation Roll, Requires A Skill Roll, Increased STUN Multiplier."""

import attrs
import pytest

from champions_mush.commands.base import Role
from champions_mush.game.hero import get_hero
from champions_mush.game.sheets import get_sheet, save_sheet
from champions_mush.rules.dice import FixedRoller

from ..harness import make_world


@pytest.fixture
def fight():
    """Starfire (DEX 23, SPD 5, OCV 8, END 40) against Tank (DEX 10, SPD 2, PD 11, ED 11, CON 30,
    STUN 60, BODY 20, rPD/rED 0); Starfire's Phase."""
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    s = world.login("Starfire")
    for line in ("+stat DEX=23", "+stat SPD=5", "+stat STR=20", "+stat CON=20", "+stat OCV=8"):
        s.do(line)
    for line in ("+npc/create Tank", "+stat/set Tank/PD=11", "+stat/set Tank/ED=11", "+stat/set Tank/CON=30",
                 "+stat/set Tank/STUN=60", "+stat/set Tank/BODY=20", "+combat/start", "+combat/join Starfire",
                 "+combat/join Tank", "+combat/next"):
        g.do(line)
    for who in (g, s):
        who.clear()
    return world, g, s


def _attack(world, s, line, *dice):
    world.set_dice(3, 3, 3, *dice)
    return [out.rsplit(" [r", 1)[0] for out in s.do(line)]


def test_armor_piercing_halves_the_defenses_in_the_defenders_favour(fight):
    """ED 11 halved is 5.5: 6 (HERO 5E revised: Armor Piercing halves the defense). 8d6 of 4s:
    32 STUN - 6 = 26, 8 BODY - 6 = 2."""
    world, _g, s = fight
    s.do("+power Lance=eb 8d6 +armorpiercing")
    assert _attack(world, s, "+attack Tank=lance", *[4] * 8, 6, 6)[1] == (
        "  8d6 normal: 32 STUN, 8 BODY (4 4 4 4 4 4 4 4). Tank takes 26 STUN and 2 BODY (32 STUN - 6 ED, "
        "8 BODY - 6 ED, defenses halved by Armor Piercing). Now STUN 34, BODY 18.")


def test_penetrating_does_at_least_the_body_rolled_in_stun(fight):
    """6d6 rolling 6 6 6 1 1 1: 21 STUN, 6 BODY against ED 30: nothing gets through, but a
    Penetrating attack does STUN equal to its BODY: 6 (HERO 5E revised)."""
    world, g, s = fight
    g.do("+stat/set Tank/ED=30")
    s.do("+power Needle=eb 6d6 +penetrating")
    assert _attack(world, s, "+attack Tank=needle", 6, 6, 6, 1, 1, 1, 6, 6)[1] == (
        "  6d6 normal: 21 STUN, 6 BODY (6 6 6 1 1 1). Tank takes 6 STUN and 0 BODY (21 STUN - 30 ED, "
        "6 BODY - 30 ED, at least the 6 BODY rolled in STUN (Penetrating)). Now STUN 54, BODY 20.")


def test_nnd_ignores_defenses_does_stun_only_and_no_knockback(fight):
    """No Normal Defense: no defense but the one named; STUN only; no Knockback (RULES KNOCKBACK)."""
    world, _g, s = fight
    s.do("+power Gas=eb 6d6 +nnd")
    assert _attack(world, s, "+attack Tank=gas", *[4] * 6)[1:3] == [
        ("  6d6 normal: 24 STUN, 6 BODY (4 4 4 4 4 4). Tank takes 24 STUN and 0 BODY (24 STUN - 0 No Normal Defense, "
        "6 BODY - 0 No Normal Defense, STUN only). Now STUN 36, BODY 20."),
        "  No Knockback.",
    ]


def test_nnd_against_one_who_has_the_named_defense_does_nothing(fight):
    world, _g, s = fight
    s.do("+power Gas=eb 6d6 +nnd")
    assert _attack(world, s, "+attack Tank=gas defended")[1:3] == [
        "  Tank has the defense the No Normal Defense attack names: it does nothing.",
        "  Starfire spends 6 END (6 for Gas): END 34.",
    ]
    assert s.do("+attack Tank=strike defended") == [
        "'defended' is for a No Normal Defense power: the target has the defense it names."]


def test_avld_meets_only_the_limited_defense_named(fight):
    """Attack Versus Limited Defense with the target's 5 points of it: 24 - 5 = 19 STUN, no BODY."""
    world, _g, s = fight
    s.do("+power Sonic=eb 6d6 +avld")
    assert _attack(world, s, "+attack Tank=sonic def 5", *[4] * 6)[1] == (
        "  6d6 normal: 24 STUN, 6 BODY (4 4 4 4 4 4). Tank takes 19 STUN and 0 BODY (24 STUN - 5 Limited Defense, "
        "6 BODY - 5 Limited Defense, STUN only). Now STUN 41, BODY 20.")


def test_double_knockback_doubles_the_inches(fight):
    """4d6 of 6s: 8 BODY; KB 8 - 5 (3 2) = 3", doubled: 6"; he lands after 6": 1D6 per 2" (RULES
    KNOCKBACK 5)."""
    world, _g, s = fight
    s.do("+power Ram=eb 4d6 +doublekb")
    assert _attack(world, s, "+attack Tank=ram", 6, 6, 6, 6, 3, 2, 1, 1, 1)[2] == (
        "  KB 8 BODY - 5 (3 2) = 3\" knockback, doubled (Double Knockback): 6\" knockback. Tank flies back 6\" and "
        "lands. Lying on the ground: 1/2 DCV; standing up takes a 1/2 Phase. Landing: 3d6 normal, 3 STUN, 0 BODY (1 1 1). "
        "Tank takes 0 STUN and 0 BODY (3 STUN - 11 PD, 0 BODY - 11 PD). Now STUN 47, BODY 20.")


def test_no_knockback_rolls_none_and_reduced_endurance_halves_the_end(fight):
    """Reduced Endurance (1/2 END): 8d6 is 4 END, halved: 2 (HERO 5E revised); No Knockback: none rolled."""
    world, _g, s = fight
    s.do("+power Soft=eb 8d6 +halfend -nokb")
    out = _attack(world, s, "+attack Tank=soft", *[6] * 8)
    assert out[2:4] == ["  No Knockback.", "  Starfire spends 2 END (2 for Soft): END 38."]


def test_increased_stun_multiplier_adds_to_the_killing_multiplier(fight):
    """RKA 2d6, 5 + 5 = 10 BODY; multiplier die 4: 1D6-1 = 3, +1 for Increased STUN Multiplier: x4,
    40 STUN (HERO 5E revised)."""
    world, _g, s = fight
    s.do("+power Spike=rka 2d6 +stunx")
    assert _attack(world, s, "+attack Tank=spike", 5, 5, 4, 6, 6, 6)[1] == (
        "  2d6 killing: 10 BODY, x4, 40 STUN (5 5; multiplier die 4). Tank takes 40 STUN and 10 BODY (40 STUN - 0 ED, "
        "10 BODY - 0 rED): Stunned. Now STUN 20, BODY 10.")


def test_charges_are_counted_and_an_empty_power_is_refused(fight):
    world, g, s = fight
    s.do("+power Flare=eb 4d6 -charges4")
    assert _attack(world, s, "+attack Tank=flare", *[1] * 6)[1] == "  3 Charges left."
    g.do("+combat/undo")
    sheet = get_sheet(world.game, s.character)
    flare = get_hero(world.game, s.character).items[0]
    save_sheet(world.game, attrs.evolve(sheet, charges_used={flare.id: 4}))
    assert s.do("+attack Tank=flare") == [
        "Flare has no Charges left (all 4 used): staff's +heal Starfire gives them back."]
    g.do("+heal Starfire")
    assert _attack(world, s, "+attack Tank=flare", *[1] * 6)[1] == "  3 Charges left."


def test_an_activation_roll_missed_and_the_power_fails(fight):
    """Activation Roll 11-: an 18 misses; the power fails, the Phase and its END are spent."""
    world, _g, s = fight
    s.do("+power Jinx=eb 4d6 -act11")
    world.set_dice(6, 6, 6)
    assert [line.rsplit(" [r", 1)[0] for line in s.do("+attack Tank=jinx")] == [
        "[Combat] Starfire tries Jinx on Tank.",
        "  Activation Roll 11-: 18 (6 6 6): an 18 always fails; the power fails.",
        "  Starfire spends 2 END (2 for Jinx): END 38.",
        "[Combat] Tank's Phase (DEX 10): acts.",
    ]


def test_an_activation_roll_made_and_the_attack_goes_on(fight):
    world, _g, s = fight
    s.do("+power Jinx=eb 4d6 -act11")
    world.set_dice(4, 4, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1)
    out = [line.rsplit(" [r", 1)[0] for line in s.do("+attack Tank=jinx")]
    assert out[:2] == [
        "[Combat] Starfire attacks Tank (Jinx): OCV 8 vs DCV 3: 16 or less, rolls 9 (3 3 3): hits; hits DCV 10 or less.",
        "  Activation Roll 11-: 11 (4 4 3): made by 0; it works.",
    ]


RSR = """<?xml version="1.0" encoding="UTF-16"?>
<CHARACTER version="6.0" TEMPLATE="builtIn.Superheroic.hdt">
<BASIC_CONFIGURATION BASE_POINTS="200" DISAD_POINTS="150" EXPERIENCE="0" RULES="Default" />
<CHARACTER_INFO CHARACTER_NAME="Tumbler" />
<CHARACTERISTICS />
<SKILLS />
<PERKS />
<TALENTS />
<MARTIALARTS />
<POWERS>
<POWER XMLID="ENERGYBLAST" ID="31" BASECOST="0.0" LEVELS="6" ALIAS="Energy Blast" POSITION="0" NAME="Flip Kick" INPUT="PD">
<MODIFIER XMLID="REQUIRESASKILLROLL" ID="32" BASECOST="-0.5" LEVELS="0" ALIAS="Requires A Breakfall Roll " POSITION="-1" OPTION="BASICRSR" OPTIONID="BASICRSR" OPTION_ALIAS="Basic RSR" NAME="" ROLLALIAS="Breakfall" />
</POWER>
</POWERS>
<DISADVANTAGES />
<EQUIPMENT />
</CHARACTER>"""


def test_requires_a_skill_roll_at_minus_1_per_10_active_points(fight):
    """Requires A Breakfall Roll on a 30-point Energy Blast: Breakfall 11- (DEX 10) at -3: 8- (HERO
    5E revised: -1 per 10 Active Points). A 9 misses: the power fails."""
    world, g, s = fight
    t = world.login("Tumbler")
    t.do("+sheet/import")
    for line in RSR.splitlines():
        t.do(line)
    t.do(".")
    g.do("+combat/join Tumbler")
    assert t.do("+skill Breakfall=DEX")[0] == "Added #2 Breakfall 11-: 3 Active Points, 3 Real Cost."
    s.do("+combat/pass")
    g.do("+combat/next")  # Tank's Phase ends: Tumbler's (DEX 10, joined after him)
    world.set_dice(3, 3, 3)
    assert [line.rsplit(" [r", 1)[0] for line in t.do("+attack Tank=flip")][:2] == [
        "[Combat] Tumbler tries Flip Kick on Tank.",
        "  Breakfall roll (-3 for 30 Active Points): 9 (3 3 3): missed by 1; the power fails.",
    ]


def test_an_area_of_effect_rolls_against_dcv_3_and_hurts_everyone_in_it_by_his_own_defenses(fight):
    """HERO 5E revised, Area Of Effect: the attack roll is against the area (DCV 3: OCV 8 needs 16),
    whatever the targets' DCV; one damage roll, 6d6 of 4s: 24 STUN, 6 BODY; Tank (ED 11) takes 13
    STUN, Ox (ED 5, from CON 25) 19 STUN and 1 BODY; each rolls his own Knockback."""
    world, g, s = fight
    for line in ("+npc/create Ox", "+stat/set Ox/DEX=30", "+stat/set Ox/CON=25", "+combat/join Ox"):
        g.do(line)
    s.do("+power Burst=eb 6d6 +aoe")
    world.set_dice(5, 5, 6, *[4] * 6, 6, 6, 6, 6)
    assert [line.rsplit(" [r", 1)[0] for line in s.do("+attack Tank, Ox=burst")][:7] == [
        ("[Combat] Starfire attacks the area (Tank, Ox) (Burst): OCV 8 vs DCV 3 (the area): 16 or less, "
        "rolls 16 (5 5 6): hits; hits DCV 3 or less."),
        "  6d6 normal: 24 STUN, 6 BODY (4 4 4 4 4 4).",
        "  Tank takes 13 STUN and 0 BODY (24 STUN - 11 ED, 6 BODY - 11 ED). Now STUN 47, BODY 20.",
        "  KB 6 BODY - 12 (6 6): no knockback.",
        "  Ox takes 19 STUN and 1 BODY (24 STUN - 5 ED, 6 BODY - 5 ED). Now STUN 9, BODY 9.",
        "  KB 6 BODY - 12 (6 6): no knockback.",
        "  Starfire spends 6 END (6 for Burst): END 34.",
    ]
    assert s.do("+attack Tank, Ox=strike") == ["Only an Area Of Effect power hits several at once; Strike hits one."]


def test_autofire_hits_once_and_once_more_per_2_the_roll_was_made_by(fight):
    """HERO 5E revised, Autofire: OCV 8 against DCV 3 needs 16; a 9 is made by 7: 1 + 3 = 4 of 5 shots
    hit, each rolled apart (4d6 of 1s: 4 STUN, 0 BODY against ED 11: nothing); END for every shot:
    4d6 with Autofire (+1/2) is 30 Active Points, 3 END a shot, 15 (RULES END USE)."""
    world, _g, s = fight
    s.do("+power Spray=eb 4d6 +autofire")
    world.set_dice(3, 3, 3, *[1, 1, 1, 1, 6, 6] * 4)
    hit = ("  4d6 normal: 4 STUN, 0 BODY (1 1 1 1). Tank takes 0 STUN and 0 BODY (4 STUN - 11 ED, 0 BODY - 11 ED). "
           "Now STUN 60, BODY 20.")
    assert [line.rsplit(" [r", 1)[0] for line in s.do("+attack Tank=spray")][:11] == [
        ("[Combat] Starfire attacks Tank (Spray, 5 shots): OCV 8 vs DCV 3: 16 or less, rolls 9 (3 3 3): hits; "
        "hits DCV 10 or less."),
        "  4 of 5 shots hit (1, and 1 more per 2 the roll was made by).",
        *[hit, "  KB 0 BODY - 12 (6 6): no knockback."] * 4,
        "  Starfire spends 15 END (15 for Spray x 5 shots): END 25.",
    ]


def test_autofire_fewer_shots_fewer_hits_and_less_end(fight):
    world, _g, s = fight
    s.do("+power Spray=eb 4d6 +autofire")
    world.set_dice(3, 3, 3, *[1, 1, 1, 1, 6, 6] * 2)
    out = [line.rsplit(" [r", 1)[0] for line in s.do("+attack Tank=spray shots 2")]
    assert out[1] == "  2 of 2 shots hit (1, and 1 more per 2 the roll was made by)."
    assert out[6] == "  Starfire spends 6 END (6 for Spray x 2 shots): END 34."
    assert s.do("+attack Tank=strike shots 2") == ["'shots <n>' is for an Autofire power."]
