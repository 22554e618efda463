"""Attacks as their build says, through +attack with fixed dice: physical or energy (typed or
Hero Designer's INPUT), resistant defense from Combat Luck, Damage Reduction (HERO 5E revised)."""

import pytest

from champions_mush.commands.base import Role
from champions_mush.rules.dice import FixedRoller

from ..harness import make_world

#: A Hero Designer file: a Ranged Killing Attack built against PD, Combat Luck (3 rPD/3 rED),
#: 50 % Resistant physical Damage Reduction and 25 % Normal energy Damage Reduction.
LUCKY = """<?xml version="1.0" encoding="UTF-16"?>
<CHARACTER version="6.0" TEMPLATE="builtIn.Superheroic.hdt">
<BASIC_CONFIGURATION BASE_POINTS="200" DISAD_POINTS="150" EXPERIENCE="0" RULES="Default" />
<CHARACTER_INFO CHARACTER_NAME="Lucky" />
<CHARACTERISTICS />
<SKILLS />
<PERKS />
<TALENTS>
<TALENT XMLID="COMBAT_LUCK" ID="11" BASECOST="0.0" LEVELS="1" ALIAS="Combat Luck (3 PD/3 ED)" POSITION="0" NAME="" />
</TALENTS>
<MARTIALARTS />
<POWERS>
<POWER XMLID="RKA" ID="12" BASECOST="0.0" LEVELS="2" ALIAS="Killing Attack - Ranged" POSITION="0" NAME="Darts" INPUT="PD" />
<POWER XMLID="DAMAGEREDUCTION" ID="13" BASECOST="30.0" LEVELS="0" ALIAS="Damage Reduction" POSITION="1" OPTION="LVL50RESISTANT" OPTIONID="LVL50RESISTANT" OPTION_ALIAS="Damage Reduction, Resistant, 50%" NAME="" INPUT="Physical" />
<POWER XMLID="DAMAGEREDUCTION" ID="14" BASECOST="10.0" LEVELS="0" ALIAS="Damage Reduction" POSITION="2" OPTION="LVL25NORMAL" OPTIONID="LVL25NORMAL" OPTION_ALIAS="Damage Reduction, 25%" NAME="" INPUT="Energy" />
</POWERS>
<DISADVANTAGES />
<EQUIPMENT />
</CHARACTER>"""


@pytest.fixture
def fight():
    """Starfire (DEX 23, SPD 5, STR 20, OCV 8) and Lucky (imported, PD 2, ED 2); Gina runs the fight."""
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    s = world.login("Starfire")
    lucky = world.login("Lucky")
    for line in ("+stat DEX=23", "+stat SPD=5", "+stat STR=20", "+stat CON=20", "+stat OCV=8"):
        s.do(line)
    lucky.do("+sheet/import")
    for line in LUCKY.splitlines():
        lucky.do(line)
    assert lucky.do(".")[1] == ("Imported 'Lucky' from Hero Designer: 4 items. "
                                 "Points: 76 spent of 200 base + 0 disadvantages + 0 XP = 200: 124 left.")
    g.do("+combat/start")
    for who in ("Starfire", "Lucky"):
        g.do(f"+combat/join {who}")
    g.do("+combat/next")  # Starfire's Phase
    for who in (g, s, lucky):
        who.clear()
    return world, g, s, lucky


def _ids(lines):
    return [line.rsplit(" [r", 1)[0] + " [id]" if " [r" in line else line for line in lines]


def test_combat_luck_and_resistant_damage_reduction_against_a_killing_attack(fight):
    """HERO 5E revised: Combat Luck is 3 rPD a level; a killing attack's BODY meets only resistant
    PD (3), its STUN all PD (2 + 3); Resistant Damage Reduction then halves what got through, .5
    in the defender's favour: 10 BODY - 3 = 7 -> 3; 30 STUN - 5 = 25 -> 12."""
    world, _g, s, _lucky = fight
    s.do("+power Claws=HKA 1d6")  # + STR 20: 2d6 (RULES ADDING DAMAGE)
    world.set_dice(3, 3, 3, 5, 5, 4, 6, 6, 6)
    assert _ids(s.do("+attack Lucky=claws"))[:2] == [
        "[Combat] Starfire attacks Lucky (Claws): OCV 8 vs DCV 3: 16 or less, rolls 9 (3 3 3): hits; hits DCV 10 or less.",
        ("  2d6 killing: 10 BODY, x3, 30 STUN (5 5; multiplier die 4). Lucky takes 12 STUN and 3 BODY (30 STUN - 5 PD, "
        "10 BODY - 3 rPD, less 50% Damage Reduction): Stunned. Now STUN 8, BODY 7."),
    ]


def test_normal_damage_reduction_does_not_stop_a_killing_attack_but_stops_normal_damage(fight):
    """HERO 5E revised: Normal Damage Reduction works against Normal Damage only. Energy: ED 2 + 3
    rED (Combat Luck); 8d6 of 4s is 32 STUN 8 BODY: 27 STUN, 3 BODY through, less 25%: 20 STUN
    (20.25), 2 BODY (2.25)."""
    world, _g, s, _lucky = fight
    s.do("+power Bolt=EB 8d6")
    world.set_dice(3, 3, 3, *[4] * 8, 6, 6)
    assert _ids(s.do("+attack Lucky=bolt"))[1] == (
        "  8d6 normal: 32 STUN, 8 BODY (4 4 4 4 4 4 4 4). Lucky takes 20 STUN and 2 BODY (32 STUN - 5 ED, "
        "8 BODY - 5 ED, less 25% Damage Reduction): Stunned, Knocked Out. Now STUN 0, BODY 8.")


def test_an_energy_blast_typed_against_pd_and_an_imported_killing_attack_against_pd(fight):
    """The attack meets the defense it was built against (HERO 5E: Energy Blast and the Killing
    Attacks are bought against PD or ED): 8d6 vs PD meets PD 2 + 3 rPD, with the 50% Resistant
    physical Damage Reduction: 32 - 5 = 27 -> 13 (13.5 in the defender's favour); 8 - 5 = 3 -> 1."""
    world, _g, s, _lucky = fight
    assert s.do("+power Bolt=EB 8d6 vs PD")[0] == \
        "Added #1 Bolt: Energy Blast 8d6 vs PD: 40 Active Points, 40 Real Cost, 4 END."
    world.set_dice(3, 3, 3, *[4] * 8, 6, 6)
    assert _ids(s.do("+attack Lucky=bolt"))[1] == (
        "  8d6 normal: 32 STUN, 8 BODY (4 4 4 4 4 4 4 4). Lucky takes 13 STUN and 1 BODY (32 STUN - 5 PD, "
        "8 BODY - 5 PD, less 50% Damage Reduction): Stunned. Now STUN 7, BODY 9.")
    assert s.do("+power Ray=EB 8d6 vs MD") == [
        "An attack is built against PD or ED (physical or energy), not MD."]
    assert s.do("+power Mind=ego attack 4d6 vs PD") == ["Ego Attack works against MD: it has no PD or ED to choose."]


def test_sheet_and_status_show_the_defenses_used(fight):
    _world, _g, s, lucky = fight
    assert "Defenses: PD 5 (3 resistant), ED 5 (3 resistant); Damage Reduction: 50% physical (resistant), " \
           "25% energy." in " ".join(lucky.do("+sheet"))
    assert s.do("+combat/status Lucky") == [
        "[Combat] Lucky: DEX 10, SPD 2, OCV 3, DCV 3; STUN 20/20, BODY 10/10, END 20/20.",
        "  Defenses: PD 5 (3 resistant), ED 5 (3 resistant); Damage Reduction: 50% physical (resistant), 25% energy.",
        "  Conditions: none.",
    ]
    assert s.do("+combat/status Gina") == ["Gina is not in the fight."]


def test_hero_designers_input_pd_makes_a_ranged_killing_attack_physical(fight):
    """Darts, an RKA 2d6 built with INPUT="PD", meet Starfire's Armor 6 PD/0 ED (RULES TAKING
    DAMAGE: a killing attack's BODY meets resistant PD only, its STUN all PD): 10 - 6 = 4 BODY,
    30 - (4 + 6) = 20 STUN; against ED it would be 10 BODY and 30 STUN."""
    world, _g, s, lucky = fight
    s.do("+power Armor=armor 6/0")
    s.do("+combat/pass")
    world.set_dice(1, 1, 1, 5, 5, 4, 6, 6, 6)
    assert _ids(lucky.do("+attack Starfire=darts"))[:2] == [
        "[Combat] Lucky attacks Starfire (Darts): OCV 3 vs DCV 8: 6 or less, rolls 3 (1 1 1): a 3 always hits.",
        ("  2d6 killing: 10 BODY, x3, 30 STUN (5 5; multiplier die 4). Starfire takes 20 STUN and 4 BODY (30 STUN - "
        "10 PD, 10 BODY - 6 rPD). Now STUN 10, BODY 6."),
    ]
