"""Staff roll an NPC's skills and characteristics (+roll Viper/Stealth) and his Paramedics
(+paramedics <patient>=<NPC medic>); players may not roll for others."""

from champions_mush.commands.base import Role
from champions_mush.rules.dice import FixedRoller

from ..harness import make_world


def _world():
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    p = world.login("Psiana")
    g.do("+npc/create Viper")
    g.do("+stat/set Viper/DEX=18")
    assert g.do("+skill Viper/Stealth=DEX+1")[0] == "Viper: Added #1 Stealth 14-: 5 Active Points, 5 Real Cost."
    for who in (g, p):
        who.clear()
    return world, g, p


def test_staff_roll_an_npcs_skill_and_characteristic():
    """DEX 18: a DEX roll of 9 + 18/5 (3.6, rounded to 4) = 13- (HERO 5E); Stealth +1: 14-."""
    world, g, _p = _world()
    world.set_dice(4, 4, 4, 5, 5, 2)
    assert [line.rsplit(" [r", 1)[0] for line in g.do("+roll Viper/Stealth")] == [
        "[Dice] Gina rolls 3d6 for Viper vs Stealth (14-): 12 (4 4 4): made by 2"]
    assert [line.rsplit(" [r", 1)[0] for line in g.do("+roll Viper/DEX -2")] == [
        "[Dice] Gina rolls 3d6 for Viper vs DEX (13-) at -2: 12 (5 5 2): missed by 1"]
    assert g.do("+roll Viper/Climbing") == ["Viper has no skill or characteristic 'Climbing' on the sheet."]


def test_a_player_cannot_roll_for_someone_else():
    _w, _g, p = _world()
    assert p.do("+roll Viper/Stealth") == ["Only staff roll for someone else."]
