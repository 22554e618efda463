"""+attack names a power as players do: its name, a unique start, its #number on +sheet, a short
form (eb, rka, hka, hth), or its name in quotes; options never swallow a name; a player renames
a power without changing its build (+power/rename)."""

import pytest

from champions_mush.commands.base import Role
from champions_mush.game.hero import get_hero
from champions_mush.rules.dice import FixedRoller

from ..harness import make_world

#: Hero Designer's default names (NAME=""): the attacks are called what they are.
ARCHER = """<?xml version="1.0" encoding="UTF-16"?>
<CHARACTER version="6.0" TEMPLATE="builtIn.Superheroic.hdt">
<BASIC_CONFIGURATION BASE_POINTS="200" DISAD_POINTS="150" EXPERIENCE="0" RULES="Default" />
<CHARACTER_INFO CHARACTER_NAME="Archer" />
<CHARACTERISTICS />
<SKILLS />
<PERKS />
<TALENTS />
<MARTIALARTS />
<POWERS>
<POWER XMLID="ENERGYBLAST" ID="21" BASECOST="0.0" LEVELS="6" ALIAS="Energy Blast" POSITION="0" NAME="" INPUT="ED" />
<POWER XMLID="RKA" ID="22" BASECOST="0.0" LEVELS="2" ALIAS="Killing Attack - Ranged" POSITION="1" NAME="" INPUT="ED" />
<POWER XMLID="HKA" ID="23" BASECOST="0.0" LEVELS="1" ALIAS="Killing Attack - Hand-To-Hand" POSITION="2" NAME="" INPUT="PD" />
<POWER XMLID="HANDTOHANDATTACK" ID="24" BASECOST="0.0" LEVELS="2" ALIAS="Hand-To-Hand Attack" POSITION="3" NAME="" />
</POWERS>
<DISADVANTAGES />
<EQUIPMENT />
</CHARACTER>"""


@pytest.fixture
def fight():
    """Archer (imported, DEX 10, SPD 2, OCV 3) and Viper (an NPC, DEX 8); Archer's Phase."""
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    a = world.login("Archer")
    a.do("+sheet/import")
    for line in ARCHER.splitlines():
        a.do(line)
    assert a.do(".")[1] == ("Imported 'Archer' from Hero Designer: 4 items. "
                             "Points: 85 spent of 200 base + 0 disadvantages + 0 XP = 200: 115 left.")
    for line in ("+npc/create Viper", "+stat/set Viper/DEX=8", "+combat/start", "+combat/join Archer",
                 "+combat/join Viper", "+combat/next"):
        g.do(line)
    for who in (g, a):
        who.clear()
    return world, g, a


def _first(world, g, a, line):
    """The first line of one attack that hits (3d6: 9), taken back with +combat/undo after."""
    world.set_dice(3, 3, 3, *[1] * 30)
    out = a.do(line)
    if out and out[0].startswith("[Combat] Archer attacks"):
        g.do("+combat/undo")
    return out[0]


_RKA = ("[Combat] Archer attacks Viper (Killing Attack - Ranged): OCV 3 vs DCV 3: 11 or less, rolls 9 (3 3 3): "
        "hits; hits DCV 5 or less.")


@pytest.mark.parametrize("line", [
    '+attack Viper="Killing Attack - Ranged"',  # in quotes, as +sheet shows it
    "+attack Viper=killing attack - ranged",  # 'killing' here is the name, not the Knockback option
    "+attack Viper=Killing Attack Ranged",
    "+attack Viper=rka",
    "+attack Viper=#2",
    "+attack Viper=2",
    "+attack Viper=killing attack - r",  # a unique start
])
def test_a_killing_attack_by_its_default_name_its_number_or_its_short_form(fight, line):
    world, g, a = fight
    assert _first(world, g, a, line) == _RKA


@pytest.mark.parametrize(("line", "name"), [
    ("+attack Viper=eb", "Energy Blast"),
    ("+attack Viper=energy", "Energy Blast"),
    ("+attack Viper=hka", "Killing Attack - Hand-To-Hand"),
    ("+attack Viper=#3", "Killing Attack - Hand-To-Hand"),
    ("+attack Viper=hth", "Hand-To-Hand Attack"),
    ('+attack Viper="hand-to-hand attack" pull punch', "Hand-To-Hand Attack"),
])
def test_every_attack_of_an_imported_sheet_by_short_form_start_and_number(fight, line, name):
    world, g, a = fight
    out = _first(world, g, a, line)
    if "pull punch" in line:
        assert out == ("[Combat] Archer Pulls a Punch on Viper (Hand-To-Hand Attack Pull Punch): OCV 3 -1 Pull Punch"
                       " = 2 vs DCV 3: 10 or less, rolls 9 (3 3 3): hits; hits DCV 4 or less.")
    else:
        assert out == _RKA.replace("Killing Attack - Ranged", name)


def test_options_follow_the_name_and_a_killing_attack_does_its_damage(fight):
    """RKA 2d6 at 5": Range Modifier -2 (HERO 5E); 5 + 5 = 10 BODY, multiplier die 4: x3 = 30
    STUN; Viper has no resistant ED, so all 30 STUN and 10 BODY get through (RULES TAKING DAMAGE 2);
    a killing attack rolls 3d6 for Knockback (RULES KNOCKBACK 3): 10 - 18, none."""
    world, _g, a = fight
    world.set_dice(2, 2, 2, 5, 5, 4, 6, 6, 6)
    assert [line.rsplit(" [r", 1)[0] for line in a.do("+attack Viper=killing attack - ranged range 5 killing")][:3] == [
        ("[Combat] Archer attacks Viper (Killing Attack - Ranged): OCV 3 -2 range 5\" = 1 vs DCV 3: 9 or less, "
        "rolls 6 (2 2 2): hits; hits DCV 6 or less."),
        ("  2d6 killing: 10 BODY, x3, 30 STUN (5 5; multiplier die 4). Viper takes 30 STUN and 10 BODY (30 STUN - 0 ED, "
        "10 BODY - 0 rED): Stunned, Knocked Out, Dying (loses 1 BODY each Post-Segment 12). Now STUN -10, BODY 0."),
        "  KB 10 BODY - 18 (6 6 6): no knockback.",
    ]


@pytest.mark.parametrize(("line", "message"), [
    ("+attack Viper=killing", ("'killing' could be #2 Killing Attack - Ranged or #3 Killing Attack - Hand-To-Hand: "
                              "say which (its #number, or its name in quotes).")),
    ("+attack Viper=bow", ("'bow' is neither a maneuver nor an attack power on the sheet. Attacks on Archer's sheet: "
                          "#1 Energy Blast (6d6 normal), #2 Killing Attack - Ranged (2d6 killing), "
                          "#3 Killing Attack - Hand-To-Hand (1d6 killing), #4 Hand-To-Hand Attack (2d6 normal); "
                          "maneuvers: strike, haymaker, move by, move through, pull punch, grab, grab by, squeeze, throw, disarm, choke, sweep, "
                                 "rapid fire, mpa, club (+HELP +MANEUVER).")),
    ("+attack Viper=#9 range 4", ("'#9' is neither a maneuver nor an attack power on the sheet. Attacks on Archer's "
                                 "sheet: #1 Energy Blast (6d6 normal), #2 Killing Attack - Ranged (2d6 killing), "
                                 "#3 Killing Attack - Hand-To-Hand (1d6 killing), #4 Hand-To-Hand Attack (2d6 normal); "
                                 "maneuvers: strike, haymaker, move by, move through, pull punch, grab, grab by, squeeze, throw, disarm, choke, sweep, "
                                 "rapid fire, mpa, club (+HELP +MANEUVER).")),
    ('+attack Viper="Killing Attack - Ranged', "A name in quotes needs its closing \"."),
    ("+attack Viper=ma", "Archer has no Martial Arts maneuvers on the sheet."),
])
def test_a_name_that_fits_none_or_several_is_refused_with_the_attacks_listed(fight, line, message):
    _world, _g, a = fight
    assert a.do(line)[0] == message
    assert a.do("+combat/status Archer")[0].endswith("END 20/20.")  # nothing spent


def test_a_player_renames_a_power_on_an_approved_sheet_and_its_build_stays(fight):
    world, g, a = fight
    g.do("+approve/force Archer")
    assert a.do("+power Bow=eb 2d6") == ["Your sheet is approved: ask staff to unapprove it before changing it."]
    assert a.do("+power/rename #2=Arrows") == [
        "Renamed #2 Arrows: Killing Attack - Ranged 2d6 (30 Active Points, 30 Real Cost, 3 END)."]
    assert a.do("+power/rename arrows=Energy Blast") == ["#1 is already called Energy Blast: choose another name."]
    assert a.do("+power/rename #7=Bow") == ["You have no power '#7' (see the #numbers on +sheet)."]
    assert _first(world, g, a, "+attack Viper=arrows") == _RKA.replace("Killing Attack - Ranged", "Arrows")
    assert _first(world, g, a, "+attack Viper=rka") == _RKA.replace("Killing Attack - Ranged", "Arrows")
    arrows = get_hero(world.game, a.character).items[1]
    assert (arrows.name, arrows.active, arrows.real, arrows.end, arrows.dice) == ("Arrows", 30, 30, 3, "2d6")
    assert arrows.hdc.startswith('<POWER XMLID="RKA" ID="22"') and ' NAME="Arrows"' in arrows.hdc  # an export keeps it
