"""Resistant defenses typed on +power, summed from every source, shown as used and applied:
Armor, Damage Resistance and Damage Reduction (HERO 5E revised)."""

from champions_mush.commands.base import Role
from champions_mush.rules.dice import FixedRoller

from ..harness import make_world


def test_typed_damage_reduction_and_resistance_are_summed_shown_and_applied():
    """Rock: PD 10, 6 of it made resistant by Damage Resistance, Armor 4 PD: PD 14 (10 resistant);
    Damage Reduction 50% Resistant physical (30 points, HERO 5E revised). An RKA 3d6 vs PD of
    5 5 5, multiplier die 4: 15 BODY, 45 STUN; 15 - 10 rPD = 5 -> 2 (.5 in his favour); 45 - 14
    PD = 31 -> 15."""
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    rock = world.login("Rock")
    slash = world.login("Slash")
    for line in ("+stat PD=10", "+stat CON=20"):
        rock.do(line)
    assert rock.do("+power Shell=damage reduction 50% resistant physical")[0] == (
        "Added #1 Shell: Damage Reduction 50% Resistant physical: 30 Active Points, 30 Real Cost.")
    rock.do("+power Skin=damage resistance 6/0")
    rock.do("+power Plate=armor 4/4")
    assert "Defenses: PD 14 (10 resistant), ED 8 (4 resistant); Damage Reduction: 50% physical (resistant)." \
        in " ".join(rock.do("+sheet"))
    slash.do("+power Claws=rka 3d6 vs PD")
    for line in ("+combat/start", "+combat/join Slash", "+combat/join Rock", "+combat/next"):
        g.do(line)
    assert g.do("+combat/status Rock")[1] == (
        "  Defenses: PD 14 (10 resistant), ED 8 (4 resistant); Damage Reduction: 50% physical (resistant).")
    world.set_dice(3, 3, 3, 5, 5, 5, 4, 6, 6, 6)
    said = [line.rsplit(" [r", 1)[0] for line in slash.do("+attack Rock=claws")]
    assert said[1] == (
        "  3d6 killing: 15 BODY, x3, 45 STUN (5 5 5; multiplier die 4). Rock takes 15 STUN and 2 BODY (45 STUN - 14 PD, "
        "15 BODY - 10 rPD, less 50% Damage Reduction). Now STUN 10, BODY 8.")


def test_damage_reduction_typed_wrong_is_refused_with_the_form():
    world = make_world(roller=FixedRoller([]))
    rock = world.login("Rock")
    refusal = [("Damage Reduction is 25, 50 or 75%, normal or resistant, physical or energy: "
               "damage reduction 50% resistant physical.")]
    assert rock.do("+power Shell=damage reduction 40% physical") == refusal
    assert rock.do("+power Shell=damage reduction 50% resistant") == refusal
    assert rock.do("+power Shell=dr 75% normal energy")[0] == (
        "Added #1 Shell: Damage Reduction 75% Normal energy: 40 Active Points, 40 Real Cost.")
