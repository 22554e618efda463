"""Brief combat (+client/brief on): one line per attack with its outcome, the block on request."""

from .test_combat import _ids


def test_a_brief_player_gets_one_line_per_attack_and_the_others_the_whole_block(fight):
    world, g, s, p = fight
    assert p.do("+client/brief on") == ["Your brief combat is now on on every connection, saved with your character."]
    g.do("+combat/next")
    # the same dice as test_combat: 4d6 from STR 20, 22 STUN 7 BODY against PD 12: 10 STUN, 0 BODY
    world.set_dice(3, 3, 3, 6, 6, 6, 4, 6, 6)
    full = _ids(s.do("+attack Psiana=strike"))
    assert len(full) == 5 and full[0].startswith("[Combat] Starfire Strikes Psiana (Strike)")
    assert _ids(p.lines[-2:]) == ["[Combat] Starfire hits Psiana: 10 STUN. [id]", "[Combat] Psiana's Phase (DEX 18): acts."]
    assert _ids(g.lines[-5:]) == full
    p.do("+recover")
    # Viper's Haymaker is wound up (no dice yet: it lands a Segment later, HERO 5E), the same line for all
    world.set_dice(3, 3, 3, 6, 6, 6, 6, 6, 6, 6, 6)
    p.clear()
    g.do("+attack Psiana=haymaker")
    assert p.lines[:2] == [
        ("[Combat] Viper winds up a Haymaker at Psiana: it lands at the end of Segment 1 of Turn 2, unless Viper is "
        "Stunned first or Psiana moves away; DCV -5 until then."),
        "[Combat] Post-Segment 12 of Turn 1:"]


def test_a_miss_is_one_line_and_the_roll_id_gives_the_block(fight):
    world, g, s, p = fight
    p.do("+client/brief on")
    g.do("+combat/next")
    world.set_dice(6, 6, 6)  # 18 always misses
    s.do("+attack Psiana=strike")
    line = p.lines[-2]
    assert _ids([line]) == ["[Combat] Starfire misses Psiana. [id]"]
    roll_id = line.rsplit("[", 1)[1].rstrip("]")
    verify = p.do(f"+dice/verify {roll_id}")
    assert verify[0].startswith(f"Roll {roll_id}: Starfire rolled Starfire Strikes Psiana (Strike): OCV 8 vs DCV 6: "
                                "13 or less, rolls 18 (6 6 6): an 18 always misses.")
    assert p.do("+client/brief off") == ["Your brief combat is now off on every connection, saved with your character."]
