"""The combat tracker model: Segments, DEX order, Post-Segment 12, dying and holding breath."""

import attrs

from champions_mush.game.combat import Fight, Fighter, advance, get_fight, save_fight
from champions_mush.game.sheets import get_sheet, save_sheet
from champions_mush.rules.dice import FixedRoller

from ..harness import make_world


def _fight(world, *names_spd_dex):
    fighters = []
    for name, spd, dex in names_spd_dex:
        char = world.login(name).character
        save_sheet(world.game, get_sheet(world.game, char).with_stat("DEX", dex).with_stat("SPD", spd))
        fighters.append(Fighter(char.id, name))
    fight = Fight(room=world.game.start_room, gm="Gina", fighters=tuple(fighters))
    save_fight(world.game, fight)
    return fight


def _sheet(world, name):
    return get_sheet(world.game, world.game.find_character(name))


def test_starts_in_segment_12_then_skips_to_the_next_phase():
    world = make_world()
    fight = _fight(world, ("Quick", 4, 20), ("Slow", 2, 10))
    fight, step = advance(world.game, fight, FixedRoller([]))
    assert (step.turn, step.segment, step.acting) == (1, 12, ("Quick", "Slow"))
    fight, step = advance(world.game, fight, FixedRoller([]))
    assert (step.turn, step.segment, step.acting) == (2, 3, ("Quick",))  # SPD 4: 3 6 9 12
    fight, step = advance(world.game, fight, FixedRoller([]))
    assert (step.segment, step.acting) == (6, ("Quick", "Slow"))
    assert get_fight(world.game, fight.room) == fight


def test_equal_dex_keeps_join_order_and_spd_1_acts_in_7():
    world = make_world()
    fight = _fight(world, ("A", 1, 10), ("B", 1, 10))
    fight, step = advance(world.game, fight, FixedRoller([]))
    assert (step.segment, step.acting) == (12, ())
    fight, step = advance(world.game, fight, FixedRoller([]))
    assert (step.segment, step.acting) == (7, ("A", "B"))


def test_post_segment_12_dying_lose_body_unless_stabilized():
    world = make_world()
    fight = _fight(world, ("Hurt", 2, 10), ("Saved", 2, 10))
    for name, stabilized in (("Hurt", False), ("Saved", True)):
        sheet = _sheet(world, name).with_vitals(body=-2, stun=5)
        save_sheet(world.game, attrs.evolve(sheet, stabilized=stabilized))
    fight, _ = advance(world.game, fight, FixedRoller([]))
    fight, step = advance(world.game, fight, FixedRoller([]))
    assert step.post_segment_12 == (
        "Hurt loses 1 BODY (now -3) and is dying.",
        "Hurt recovers 4: STUN 9, END 20.",
        "Saved recovers 4: STUN 9, END 20.",
    )
    assert _sheet(world, "Hurt").current_body == -3
    assert _sheet(world, "Saved").current_body == -2


def test_an_npc_bleeding_out_dies_and_a_player_falls_into_a_coma():
    world = make_world()
    fight = _fight(world, ("Hero", 2, 10))
    viper = world.game.new_character("Viper", npc=True)
    save_sheet(world.game, get_sheet(world.game, viper).with_vitals(body=-9, stun=-5))
    save_sheet(world.game, _sheet(world, "Hero").with_vitals(body=-9, stun=-5))
    fight = fight.with_fighter(Fighter(viper.id, "Viper"))
    fight, _ = advance(world.game, attrs.evolve(fight, segment=12), FixedRoller([]))
    assert _sheet(world, "Viper").conditions() == ["Knocked Out", "Dead"]
    assert _sheet(world, "Hero").conditions() == ["Knocked Out", "Coma"]
    fight, step = advance(world.game, fight, FixedRoller([]))
    assert "Viper" not in step.acting  # the dead act no more


def test_holding_breath_costs_end_each_phase_and_blocks_recovery():
    world = make_world()
    fight = _fight(world, ("Diver", 2, 10))
    save_sheet(world.game, attrs.evolve(_sheet(world, "Diver").with_vitals(end=1, stun=10), holding_breath=True))
    fight, step = advance(world.game, fight, FixedRoller([]))
    assert step.phases == ("Diver (DEX 10, SPD 2): holding breath: END 0, STUN 10, BODY 10; acts.",)
    fight, step = advance(world.game, fight, FixedRoller([4]))
    assert step.post_segment_12 == ("Diver: no Recovery (holding breath).",)
    assert step.phases == ("Diver (DEX 10, SPD 2): holding breath: END 0, STUN 6, BODY 10; acts.",)


def test_damage_in_segment_12_does_not_spoil_the_free_post_segment_12_recovery():
    """RULES RECOVERING: the Post-Segment 12 Recovery "is free and occurs outside of the Turn";
    only a Recovery taken as a Phase action is spoiled by damage in its Segment."""
    world = make_world()
    fight = _fight(world, ("Ox", 2, 10))
    save_sheet(world.game, _sheet(world, "Ox").with_vitals(stun=5))
    fight, _ = advance(world.game, fight, FixedRoller([]))
    fight = attrs.evolve(fight, damaged=(world.game.find_character("Ox").id,))
    fight, step = advance(world.game, fight, FixedRoller([]))
    assert step.post_segment_12 == ("Ox recovers 4: STUN 9, END 20.",)
    assert fight.damaged == ()


def test_fight_documents_round_trip():
    fight = Fight(room=3, gm="Gina", turn=2, segment=6, fighters=(Fighter(5, "Ox", holding=True),), damaged=(5,))
    assert Fight.from_doc(fight.to_doc()) == fight
