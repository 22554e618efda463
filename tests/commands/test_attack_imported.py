"""An imported Hero Designer character (tests/game/data/hdc/everything_lad_5e.hdc, one of nearly
every 5E power) fires each of its attack powers through +attack by its name, its #number on
+sheet and its short form; a name that fits none lists the attacks on the sheet."""

from pathlib import Path

import pytest

from champions_mush.commands.base import Role
from champions_mush.rules.dice import FixedRoller

from ..harness import make_world

DATA = Path(__file__).parents[1] / "game" / "data" / "hdc"


@pytest.fixture(scope="module")
def lad():
    """Everything Lad (DEX 10: OCV 3, EGO 10: ECV 3) and Viper (DEX 8: DCV 3); Lad's Phase."""
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    a = world.login("Lad")
    a.do("+sheet/import")
    for line in (DATA / "everything_lad_5e.hdc").read_text("utf-8").splitlines():
        a.do(line)
    assert a.do(".")[1] == (
        "Imported 'Everything Lad (5e)' from Hero Designer: 234 items. Points: 1225 spent of 200 base + 130 "
        "disadvantages + 0 XP = 330: 895 over.")
    for line in ("+npc/create Viper", "+stat/set Viper/DEX=8", "+combat/start", "+combat/join Lad",
                 "+combat/join Viper", "+combat/next"):
        g.do(line)
    return world, g, a


def _roll_line(name, verb="attacks", cv=("OCV", "DCV")):
    return (f"[Combat] Lad {verb} Viper ({name}): {cv[0]} 3 vs {cv[1]} 3: 11 or less, rolls 9 (3 3 3): hits; "
            f"hits {cv[1]} 5 or less.")


@pytest.mark.parametrize(("typed", "line"), [
    *[(t, _roll_line("Energy Blast")) for t in ("Energy Blast", "#165", "eb")],
    *[(t, _roll_line("Killing Attack - Hand-To-Hand")) for t in ("killing attack - hand-to-hand", "#183", "hka")],
    *[(t, _roll_line("Killing Attack - Ranged")) for t in ("Killing Attack - Ranged", "184", "rka")],
    *[(t, _roll_line("Hand-To-Hand Attack")) for t in ("hand-to-hand attack", "#179", "hth")],
    *[(t, _roll_line("Ego Attack", "Ego Attacks", ("ECV", "ECV"))) for t in ("ego attack", "#162", "ego")],
    *[(t, _roll_line("Entangle")) for t in ("entangle", "#167")],
    # the adjustment powers aim where the file's INPUT says (Drain BODY, Aid STUN, Transfer STR -> CON)
    *[(t, _roll_line("Drain")) for t in ("drain", "#160")],
    *[(t, _roll_line("Aid", "Aids")) for t in ("aid", "#145")],
    ("#180", _roll_line("Healing", "Heals")),
    ("#208", _roll_line("Suppress")),
    *[(t, _roll_line("Transfer")) for t in ("transfer", "#216")],
    ("#172", _roll_line("Flash", "Flashes")),
    *[(t, _roll_line(p, f"uses {p} on", ("ECV", "ECV"))) for t, p in (
        ("#192", "Mind Control"), ("#191", "Mental Illusions"), ("#194", "Mind Scan"), ("#212", "Telepathy"))],
])
def test_each_attack_power_fires_by_name_number_and_short_form(lad, typed, line):
    world, g, a = lad
    world.set_dice(3, 3, 3, *[1] * 20)
    out = a.do(f"+attack Viper={typed}")
    g.do("+combat/undo")
    assert out[0].rsplit(" [r", 1)[0] == line


def test_an_imported_drain_works_on_the_characteristic_its_file_names(lad):
    """Hero Designer keeps what an adjustment power works on in INPUT: Everything Lad's Drain is
    a Drain BODY, his Transfer takes STR (HERO 5E: 1d6 rolling 1 is 1 Character Point)."""
    world, g, a = lad
    drain = ("  1d6 Drain BODY: 1 Character Point (1) - 0 Power Defense: 1 Character Point. Viper's BODY is now 10; "
             "5 Character Points return each Turn.")
    transfer = ("  1d6 Transfer STR: 1 Character Point (1) - 0 Power Defense: 1 Character Point. Viper's STR is now 9; "
                "5 Character Points return each Turn.")
    for typed, line in (("drain", drain), ("transfer", transfer)):
        world.set_dice(3, 3, 3, 1)
        out = a.do(f"+attack Viper={typed}")
        g.do("+combat/undo")
        assert out[1] == line


def test_a_name_that_fits_nothing_lists_the_attacks_on_the_sheet(lad):
    _world, _g, a = lad
    assert a.do("+attack Viper=lightning") == [
        ("'lightning' is neither a maneuver nor an attack power on the sheet. Attacks on Lad's sheet: #162 Ego Attack "
        "(1d6 normal), #165 Energy Blast (1d6 normal), #179 Hand-To-Hand Attack (1d6 normal), #183 Killing Attack - "
        "Hand-To-Hand (1d6 killing), #184 Killing Attack - Ranged (1d6 killing), #167 Entangle (1d6 normal), #145 Aid "
        "(1d6 normal), #160 Drain (1d6 normal), #180 Healing (1d6 normal), #208 Suppress (1d6 normal), #216 Transfer "
        "(1d6 normal), #172 Flash (1d6 normal), #191 Mental Illusions (1d6 normal), #192 Mind Control (1d6 normal), "
        "#193 Mind Link (no dice), #194 Mind Scan (1d6 normal), #212 Telepathy (1d6 normal); maneuvers: strike, "
        "haymaker, move by, move through, pull punch, grab, grab by, squeeze, throw, disarm, choke, sweep, rapid "
        "fire, mpa, club (+HELP +MANEUVER).")]
