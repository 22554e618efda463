"""The combat tracker through the command layer: a whole fight, holds, aborts, Post-Segment 12, restarts."""

from champions_mush.commands.base import Role
from champions_mush.commands.dispatch import PERMISSION_DENIED
from champions_mush.commands.table import build_dispatcher
from champions_mush.game.world import Game
from champions_mush.rules.dice import FixedRoller

from ..harness import make_world


def _fight_world():
    """Starfire (DEX 23, SPD 5) and Psiana (DEX 18, SPD 4), players; Viper (DEX 14, SPD 3), an NPC."""
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    s = world.login("Starfire")
    p = world.login("Psiana")
    for line in ("+stat DEX=23", "+stat SPD=5", "+stat STR=20", "+stat CON=20"):
        s.do(line)
    for line in ("+stat DEX=18", "+stat SPD=4", "+stat PD=12", "+stat CON=15"):
        p.do(line)
    for line in ("+npc/create Viper", "+stat/set Viper/DEX=14", "+stat/set Viper/SPD=3", "+stat/set Viper/PD=5",
                 "+stat/set Viper/rPD=3"):
        g.do(line)
    for who in (g, s, p):
        who.clear()
    return world, g, s, p


def _strip_id(lines):
    return [line.rsplit(" [r", 1)[0] for line in lines]


def test_a_whole_fight_two_characters_and_an_npc_through_a_full_turn():
    world, g, s, p = _fight_world()
    assert g.do("+combat/start") == [
        "[Combat] Gina starts a fight here. Join it with +combat/join; it begins in Segment 12 at the first +combat/next."
    ]
    assert s.do("+combat/join") == ["[Combat] Starfire joins the fight (DEX 23, SPD 5: Segments 3 5 8 10 12)."]
    assert p.do("+combat/join") == ["[Combat] Psiana joins the fight (DEX 18, SPD 4: Segments 3 6 9 12)."]
    assert g.do("+combat/join Viper") == ["[Combat] Viper joins the fight (DEX 14, SPD 3: Segments 4 8 12)."]
    # combat starts in Segment 12; DEX order
    assert g.do("+combat/next") == [
        "[Combat] Turn 1, Segment 12: in DEX order",
        "  Starfire (DEX 23, SPD 5): acts.",
        "  Psiana (DEX 18, SPD 4): acts.",
        "  Viper (DEX 14, SPD 3): acts.",
    ]
    assert p.lines[-4:] == g.lines[-4:]  # everyone in the room sees it
    world.set_dice(5, 5, 4, 4)
    assert _strip_id(g.do("+damage Viper=kd6 3")) == [
        "[GM] Viper is hit by a physical attack: 3d6 killing: 14 BODY, x3, 42 STUN (5 5 4; multiplier die 4). "
        "Viper takes 34 STUN and 11 BODY (42 STUN - 8 PD, 14 BODY - 3 rPD): Stunned, Knocked Out, "
        "Dying (loses 1 BODY each Post-Segment 12). Now STUN -14, BODY -1."
    ]
    assert g.do("+damage Psiana=32 9") == [
        "[GM] Psiana is hit by a physical attack: 32 STUN 9 BODY normal. Psiana takes 20 STUN and 0 BODY "
        "(32 STUN - 12 PD, 9 BODY - 12 PD): Stunned. Now STUN 3, BODY 10."
    ]
    # Post-Segment 12: free Recoveries for the eligible, the dying lose 1 BODY
    assert g.do("+combat/next") == [
        "[Combat] Post-Segment 12 of Turn 1:",
        "  Starfire recovers 8: STUN 30, END 40.",
        "  Psiana: no Recovery (Stunned).",
        "  Viper loses 1 BODY (now -2) and is dying.",
        "  Viper: no Recovery (Stunned).",
        "[Combat] Turn 2, Segment 3: in DEX order",
        "  Starfire (DEX 23, SPD 5): acts.",
        "  Psiana (DEX 18, SPD 4): Stunned: spends this Phase recovering from it.",
    ]
    assert s.do("+combat/hold") == [
        "[Combat] Starfire holds their action (it may be used later, until their next Phase)."
    ]
    assert g.do("+combat/next") == [
        "[Combat] Turn 2, Segment 4: in DEX order",
        "  Viper (DEX 14, SPD 3): Stunned: spends this Phase recovering from it.",
        "  Holding an action: Starfire.",
    ]
    assert s.do("+combat/act") == ["[Combat] Starfire acts on a held action in Segment 4."]
    assert p.do("+combat/abort") == ["[Combat] Psiana aborts to a defensive action and loses their next Phase."]
    assert g.do("+combat/next") == ["[Combat] Turn 2, Segment 5: in DEX order", "  Starfire (DEX 23, SPD 5): acts."]
    assert g.do("+combat/next") == [
        "[Combat] Turn 2, Segment 6: in DEX order",
        "  Psiana (DEX 18, SPD 4): aborted earlier, so loses this Phase.",
    ]
    assert g.do("+combat/next") == [
        "[Combat] Turn 2, Segment 8: in DEX order",
        "  Starfire (DEX 23, SPD 5): acts.",
        "  Viper (DEX 14, SPD 3): Knocked Out at STUN -14: too far out to recover this Phase.",
    ]
    assert g.do("+combat/next") == ["[Combat] Turn 2, Segment 9: in DEX order", "  Psiana (DEX 18, SPD 4): acts."]
    assert g.do("+combat/next") == ["[Combat] Turn 2, Segment 10: in DEX order", "  Starfire (DEX 23, SPD 5): acts."]
    assert g.do("+combat/next") == [
        "[Combat] Turn 2, Segment 12: in DEX order",
        "  Starfire (DEX 23, SPD 5): acts.",
        "  Psiana (DEX 18, SPD 4): acts.",
        "  Viper (DEX 14, SPD 3): Knocked Out at STUN -14: too far out to recover this Phase.",
    ]
    assert p.do("+combat/status") == [
        "[Combat] Fight run by Gina: Turn 2, Segment 12.",
        "Name      DEX  SPD  STUN    BODY   END    Conditions",
        "--------  ---  ---  ------  -----  -----  ------------------",
        "Starfire  23   5    30/30   10/10  40/40  -",
        "Psiana    18   4    3/23    10/10  30/30  -",
        "Viper     14   3    -14/20  -2/10  20/20  Knocked Out, Dying",
    ]
    # -11 to -20 STUN recovers on Post-Segment 12 only (RULES RECOVERING CHART)
    assert g.do("+combat/next") == [
        "[Combat] Post-Segment 12 of Turn 2:",
        "  Starfire recovers 8: STUN 30, END 40.",
        "  Psiana recovers 5: STUN 8, END 30.",
        "  Viper loses 1 BODY (now -3) and is dying.",
        "  Viper recovers 4: STUN -10, END 20.",
        "[Combat] Turn 3, Segment 3: in DEX order",
        "  Starfire (DEX 23, SPD 5): acts.",
        "  Psiana (DEX 18, SPD 4): acts.",
    ]
    assert g.do("+combat/end") == ["[Combat] Gina ends the fight."]
    assert world.store.all("combat") == {}
    assert p.do("+combat/status") == ["There is no fight here. Staff start one with +combat/start."]


def test_combat_phase_gmcp_for_everyone_in_the_room():
    world, g, s, p = _fight_world()
    g.do("+combat/start")
    s.do("+combat/join")
    s.clear()
    g.do("+combat/next")
    assert s.gmcp == [("Combat.Phase", {"turn": 1, "segment": 12, "acting": ["Starfire"]})]
    assert p.gmcp == [("Combat.Phase", {"turn": 1, "segment": 12, "acting": ["Starfire"]})]


def test_the_fight_survives_a_restart():
    world, g, s, p = _fight_world()
    g.do("+combat/start")
    s.do("+combat/join")
    p.do("+combat/join")
    g.do("+combat/next")
    g.do("+combat/next")  # Turn 2, Segment 3
    p.do("+combat/hold")
    # a new Game on the same store, new sessions, a new dispatcher: the server restarted
    world.game = Game(world.store, roller=FixedRoller([]), config=world.game.config, clock=world.clock)
    world.dispatcher = build_dispatcher()
    gm = world.login("Gina", role=Role.STAFF)
    assert gm.do("+combat/status")[0] == "[Combat] Fight run by Gina: Turn 2, Segment 3."
    assert gm.do("+combat/next") == [
        "[Combat] Turn 2, Segment 5: in DEX order",
        "  Starfire (DEX 23, SPD 5): acts.",
        "  Holding an action: Psiana.",
    ]


def test_players_are_refused_the_staff_switches_and_other_people():
    world, g, s, p = _fight_world()
    assert s.do("+combat/start") == [PERMISSION_DENIED]
    assert world.store.all("combat") == {}
    g.do("+combat/start")
    assert s.do("+combat/next") == [PERMISSION_DENIED]
    assert s.do("+combat/end") == [PERMISSION_DENIED]
    assert s.do("+combat/join Psiana") == ["Only staff can do that for someone else."]
    assert s.do("+combat/join Viper") == ["Only staff can do that for someone else."]
    assert world.store.all("combat")[str(g.character.location)]["fighters"] == []


def test_combat_mistakes_get_short_answers():
    world, g, s, p = _fight_world()
    assert s.do("+combat/join") == ["There is no fight here. Staff start one with +combat/start."]
    g.do("+combat/start")
    assert g.do("+combat/start") == ["A fight is already running here (+combat/status, or +combat/end it)."]
    assert g.do("+combat/next") == ["Nobody has joined the fight yet (+combat/join <name>)."]
    assert g.do("+combat/status") == ["[Combat] Fight run by Gina: not begun (starts in Segment 12).",
                                      "Nobody has joined yet."]
    s.do("+combat/join")
    assert s.do("+combat/join") == ["Starfire is already in the fight."]
    assert p.do("+combat/hold") == ["Psiana is not in the fight."]
    assert s.do("+combat/act") == ["Starfire is not holding an action."]
    s.do("+combat/hold")
    assert s.do("+combat/hold") == ["Starfire is already holding an action."]
    s.do("+combat/abort")
    assert s.do("+combat/abort") == ["Starfire has already aborted their next Phase."]
    assert s.do("+combat") == [
        "Usage: +combat/start, /join [name], /leave [name], /next, /hold [name], /abort [name], /status, /end"
    ]
    assert s.do("+combat/leave") == ["[Combat] Starfire leaves the fight."]
    assert s.do("+combat/leave") == ["Starfire is not in the fight."]


def test_combat_is_for_champions_only():
    world = make_world(ruleset="ptb")
    gm = world.login("Gina", role=Role.STAFF)
    assert gm.do("+combat/start") == ["That command is for the Champions rules; this game uses ptb."]
