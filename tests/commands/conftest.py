"""Fixtures shared by the command tests: ``fight`` is the fight most combat tests start from."""

import pytest

from champions_mush.commands.base import Role
from champions_mush.rules.dice import FixedRoller

from ..harness import make_world


@pytest.fixture
def fight():
    """Starfire (DEX 23, SPD 5, STR 20, PD 20, OCV 8) and Psiana (DEX 18, SPD 4, PD 12, CON 15),
    players; Viper (DEX 14, SPD 3, PD 5, rPD 3), an NPC; a fight with all three joined."""
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    s = world.login("Starfire")
    p = world.login("Psiana")
    for line in ("+stat DEX=23", "+stat SPD=5", "+stat STR=20", "+stat CON=20", "+stat PD=20", "+stat OCV=8"):
        s.do(line)
    for line in ("+stat DEX=18", "+stat SPD=4", "+stat PD=12", "+stat CON=15"):
        p.do(line)
    for line in ("+npc/create Viper", "+stat/set Viper/DEX=14", "+stat/set Viper/SPD=3", "+stat/set Viper/PD=5",
                 "+stat/set Viper/rPD=3", "+combat/start"):
        g.do(line)
    g.do("+combat/join Starfire")  # staff add the unapproved sheets (players may join only when approved)
    g.do("+combat/join Psiana")
    g.do("+combat/join Viper")
    for who in (g, s, p):
        who.clear()
    return world, g, s, p
