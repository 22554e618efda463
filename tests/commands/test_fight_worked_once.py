"""What a fight works out once and keeps (docs/performance.md, "Fights": the dice of a STR, the
Phase order of a fight's SPDs and DEXes, the HERO sheet made from a play sheet, GMCP bodies only
for connections that take GMCP) follows every change: the next attack or Phase sees it."""

from champions_mush.game import gmcp
from champions_mush.game.hero import get_hero

from .test_combat import _ids


def test_a_change_of_str_spd_and_dex_in_a_fight_is_seen_by_the_next_attack_and_phase(fight):
    """RULES DAMAGE DICE: 1d6 per 5 STR (STR 20: 4d6, STR 30: 6d6); RULES END USE: 1 END per 10
    STR; HERO 5E Speed Chart: SPD 5 acts in Segments 3, 5, 8, 10 and 12, SPD 4 in 3, 6, 9 and 12;
    DEX orders a Segment's Phases."""
    world, g, s, p = fight
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 1, 1, 1, 1, 1, 1)
    assert _ids(s.do("+attack Psiana=strike"))[1:4] == [
        ("  4d6 normal: 4 STUN, 0 BODY (1 1 1 1). Psiana takes 0 STUN and 0 BODY (4 STUN - 12 PD, 0 BODY - 12 PD). "
        "Now STUN 23, BODY 10."),
        "  KB 0 BODY - 2 (1 1): no knockback.",
        "  Starfire spends 2 END (2 for STR 20): END 38. [id]",
    ]
    g.do("+stat/set Starfire/STR=30")
    g.do("+stat/set Viper/SPD=5")
    p.do("+combat/pass")
    assert g.do("+combat/next")[1:] == [
        "[Combat] Post-Segment 12 of Turn 1:",
        "[Combat]   Starfire recovers 10: STUN 35, END 40.",  # REC 30/5 + 20/5, STUN 10 + 30/2 + 20/2
        "[Combat]   Psiana recovers 5: STUN 23, END 30.",
        "[Combat]   Viper recovers 4: STUN 20, END 20.",
        "[Combat] Turn 2, Segment 3: Phases in DEX order: Starfire 23, Psiana 18, Viper 14.",
        "[Combat] Starfire's Phase (DEX 23): acts.",
    ]
    world.set_dice(3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1)
    assert _ids(s.do("+attack Psiana=strike"))[1:4] == [
        ("  6d6 normal: 6 STUN, 0 BODY (1 1 1 1 1 1). Psiana takes 0 STUN and 0 BODY (6 STUN - 12 PD, 0 BODY - 12 PD). "
        "Now STUN 23, BODY 10."),
        "  KB 0 BODY - 2 (1 1): no knockback.",
        "  Starfire spends 3 END (3 for STR 30): END 37. [id]",
    ]
    g.do("+stat/set Viper/DEX=30")
    assert g.do("+combat/next") == ["[Combat] Gina ends Psiana's Phase.", "[Combat] Viper's Phase (DEX 30): acts."]
    assert g.do("+combat/next") == [
        "[Combat] Gina ends Viper's Phase.",
        "[Combat] Turn 2, Segment 5: Phases in DEX order: Viper 30, Starfire 23.",
        "[Combat] Viper's Phase (DEX 30): acts.",
    ]


def test_the_hero_sheet_made_from_a_play_sheet_follows_its_characteristics(fight):
    """A character with no HERO sheet has one made from his +stat values (HERO 5E: STR 20 costs
    10 points, 30 costs 20); a change is seen at once."""
    world, _, s, _ = fight
    starfire = s.character
    assert (get_hero(world.game, starfire).value("STR"), get_hero(world.game, starfire).points("STR")) == (20, 10)
    s.do("+stat STR=30")
    assert (get_hero(world.game, starfire).value("STR"), get_hero(world.game, starfire).points("STR")) == (30, 20)


def test_gmcp_bodies_are_made_only_for_connections_that_take_gmcp(fight, monkeypatch):
    """A connection without GMCP (most telnet clients) costs a fight no Char.Vitals or
    Combat.Phase body; one with GMCP in the same fight still gets each."""
    world, g, s, p = fight
    made = []
    vitals_body, phase_body = gmcp.vitals_body, gmcp.phase_body
    monkeypatch.setattr(gmcp, "vitals_body", lambda *a: made.append("Char.Vitals") or vitals_body(*a))
    monkeypatch.setattr(gmcp, "phase_body", lambda *a: made.append("Combat.Phase") or phase_body(*a))
    for session in (g, s, p):
        session.wants_gmcp = lambda package: False
    g.do("+combat/next")
    world.set_dice(3, 3, 3, 6, 6, 6, 4, 6, 6)
    s.do("+attack Psiana=strike")  # Psiana's STUN and Starfire's END change; Psiana's Phase begins
    assert (made, g.gmcp, s.gmcp, p.gmcp) == ([], [], [], [])
    del p.wants_gmcp  # Psiana's client takes GMCP
    world.set_dice(6, 6, 6)
    p.do("+attack Viper=strike")  # misses; 1 END for STR 10: END 29 (of 2 x CON 15); Viper acts
    assert made == ["Char.Vitals"] * 3 + ["Combat.Phase"]  # the sheet's before and after compared, then sent
    assert [package for package, _ in p.gmcp] == ["Char.Vitals", "Combat.Phase"]
    assert p.gmcp[0][1]["end"] == 29 and p.gmcp[1][1]["phase"] == "Viper"
    assert (g.gmcp, s.gmcp) == ([], [])
