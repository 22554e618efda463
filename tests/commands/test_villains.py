"""Staff arm a villain with the players' commands (+power Viper/...), copy him into a squad
(+npc/copy) and fight two heroes through a Turn with his powers."""

import pytest

from champions_mush.commands.base import Role
from champions_mush.game.hero import get_hero
from champions_mush.rules.dice import FixedRoller

from ..harness import make_world


@pytest.fixture
def world():
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    for line in ("+npc/create Viper", "+stat/set Viper/DEX=14", "+stat/set Viper/SPD=3"):
        g.do(line)
    g.clear()
    return world, g


def test_staff_buy_powers_skills_and_disadvantages_for_a_named_npc(world):
    world, g = world
    assert g.do("+power Viper/Venom Blaster=energy blast 8d6") == [
        "Viper: Added #1 Venom Blaster: Energy Blast 8d6: 40 Active Points, 40 Real Cost, 4 END.",
        "Points: 58 spent of 200 base + 0 disadvantages + 0 XP = 200: 142 left.",
    ]
    assert g.do("+skill Viper/Stealth=DEX")[0] == "Viper: Added #2 Stealth 12-: 3 Active Points, 3 Real Cost."
    assert g.do("+disad Viper/Hunted=20 UNTIL, 11-")[0] == "Viper: Added #3 Hunted: UNTIL, 11-: 20 Active Points, 20 Real Cost."
    assert g.do("+power/rename Viper/#1=Fangs")[0].startswith("Renamed #1 Fangs: Energy Blast 8d6")
    assert g.do("+power/remove Viper/#2") == ["You have no powers '#2' (see the #numbers on +sheet)."]
    assert g.do("+skill/remove Viper/#2")[0] == "Removed Stealth 12-."
    viper = world.game.find_character("Viper")
    assert [i.name for i in get_hero(world.game, viper).items] == ["Fangs", "Hunted"]
    assert get_hero(world.game, g.character).items == ()  # not the GM's own sheet
    player = world.login("Psiana")
    assert player.do("+power Viper/Blast=eb 4d6")[0].startswith("Added #1 Viper/Blast: Energy Blast 4d6")
    assert g.do("+power Psiana/Blast=eb 4d6") == [
        "Psiana is a player's character: its player builds it (staff name an NPC)."]


def test_a_squad_of_four_copies_fights_two_heroes_through_a_turn(world):
    """Viper armed with an 8d6 Energy Blast, copied four times; Starfire (DEX 23, SPD 5, ED 4) and
    Psiana (DEX 18, SPD 4, ED 12) against them. Segment 12: every one acts in DEX order; each agent
    fires his own Venom Blaster (8d6 of 3s: 24 STUN, 8 BODY against ED; RULES TAKING DAMAGE)."""
    world, g = world
    g.do("+power Viper/Venom Blaster=energy blast 8d6")
    assert [g.do(f"+npc/copy Viper=Agent {n}")[0] for n in (1, 2, 3, 4)] == [
        f"NPC Agent {n} is here: a copy of Viper's sheet and powers, at full STUN, BODY and END." for n in (1, 2, 3, 4)]
    s, p = world.login("Starfire"), world.login("Psiana")
    for line in ("+stat DEX=23", "+stat SPD=5", "+stat CON=20", "+stat ED=4"):
        s.do(line)
    for line in ("+stat DEX=18", "+stat SPD=4", "+stat ED=12", "+stat CON=30"):
        p.do(line)
    g.do("+combat/start")
    for who in ("Starfire", "Psiana", "Agent 1", "Agent 2", "Agent 3", "Agent 4"):
        g.do(f"+combat/join {who}")
    assert g.do("+combat/next")[0] == ("[Combat] Turn 1, Segment 12: Phases in DEX order: Starfire 23, Psiana 18, "
                                       "Agent 1 14, Agent 2 14, Agent 3 14, Agent 4 14.")
    s.do("+combat/pass")
    p.do("+combat/pass")
    said = []
    for n, target in ((1, "Starfire"), (2, "Psiana"), (3, "Starfire"), (4, "Psiana")):
        world.set_dice(3, 3, 3, *[3] * 8, 6, 6)
        said.append([line.rsplit(" [r", 1)[0] for line in g.do(f"+attack {target}=venom")][:2])
    assert said[0] == [
        "[Combat] Agent 1 attacks Starfire (Venom Blaster): OCV 5 vs DCV 8: 8 or less, rolls 9 (3 3 3): misses; hits DCV 7 or less.",
        "  Agent 1 spends 4 END (4 for Venom Blaster): END 16.",
    ]
    assert said[1][1] == (
        "  8d6 normal: 24 STUN, 8 BODY (3 3 3 3 3 3 3 3). Psiana takes 12 STUN and 0 BODY (24 STUN - 12 ED, "
        "8 BODY - 12 ED). Now STUN 18, BODY 10.")
    # Post-Segment 12 (RULES RECOVERING): Psiana 30 - 12 - 12 = 6, +8 REC = 14; the agents' END 16 + 4 = 20
    assert g.do("+combat/status") == [
        "[Combat] Fight #1 run by Gina (auto): Turn 2, Segment 3, Starfire's Phase.",
        "Name      DEX  SPD  STUN   BODY   END    DCV  Conditions",
        "--------  ---  ---  -----  -----  -----  ---  ----------",
        "Starfire  23   5    25/25  10/10  40/40  8    -",
        "Psiana    18   4    14/30  10/10  60/60  6    -",
        "Agent 1   14   3    20/20  10/10  20/20  5    -",
        "Agent 2   14   3    20/20  10/10  20/20  5    -",
        "Agent 3   14   3    20/20  10/10  20/20  5    -",
        "Agent 4   14   3    20/20  10/10  20/20  5    -",
    ]
    assert g.do("+npc/copy Starfire=Agent 5") == ["Starfire is not an NPC."]
    assert g.do("+npc/copy Viper=Agent 1") == ["There is already a character called Agent 1."]
