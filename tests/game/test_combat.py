"""The combat tracker model: Phases in DEX order, Post-Segment 12, dying, holding breath, documents."""

import json

import attrs

from champions_mush.commands.fight_text import phase_lines
from champions_mush.game.combat import Fight, Fighter, Windup, get_fight, next_phase, save_fight
from champions_mush.game.sheets import Sheet, get_sheet, save_sheet
from champions_mush.rules.champions.battlefield import Area
from champions_mush.rules.dice import FixedRoller


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


def _step(world, fight, *dice):
    """One step of the tracker: the fight after it and the lines players read for its events."""
    fight, events = next_phase(world.game, fight, FixedRoller(dice))
    return fight, phase_lines(events)


def test_starts_in_segment_12_then_one_phase_at_a_time_in_dex_order(world):
    fight = _fight(world, ("Slow", 2, 10), ("Quick", 4, 20))
    fight, lines = _step(world, fight)
    assert lines == ["Turn 1, Segment 12: Phases in DEX order: Quick 20, Slow 10.", "Quick's Phase (DEX 20): acts."]
    fight, lines = _step(world, fight)
    assert lines == ["Slow's Phase (DEX 10): acts."]
    fight, lines = _step(world, fight)  # SPD 4: 3 6 9 12; SPD 2: 6 12
    assert lines == ["Post-Segment 12 of Turn 1:", "  Slow recovers 4: STUN 20, END 20.", "  Quick recovers 4: STUN 20, END 20.",
                     "Turn 2, Segment 3: Phases in DEX order: Quick 20.", "Quick's Phase (DEX 20): acts."]
    assert get_fight(world.game, fight.room) == fight
    assert (fight.turn, fight.segment, fight.current) == (2, 3, world.game.find_character("Quick").id)


def test_equal_dex_keeps_join_order_and_spd_1_acts_in_7(world):
    fight = _fight(world, ("A", 1, 10), ("B", 1, 10))
    fight, lines = _step(world, fight)
    assert lines == ["Turn 1, Segment 12: Phases in DEX order: nobody."]
    fight, lines = _step(world, fight)
    assert lines[-2:] == ["Turn 2, Segment 7: Phases in DEX order: A 10, B 10.", "A's Phase (DEX 10): acts."]


def test_post_segment_12_dying_lose_body_unless_stabilized(world):
    fight = _fight(world, ("Hurt", 2, 10), ("Saved", 2, 10))
    for name, stabilized in (("Hurt", False), ("Saved", True)):
        sheet = _sheet(world, name).with_vitals(body=-2, stun=5)
        save_sheet(world.game, attrs.evolve(sheet, stabilized=stabilized))
    fight, _ = _step(world, attrs.evolve(fight, segment=12, done=tuple(f.char_id for f in fight.fighters)))
    assert _ == [
        "Post-Segment 12 of Turn 1:",
        "  Hurt loses 1 BODY (now -3) and is dying.",
        "  Hurt recovers 4: STUN 9, END 20.",
        "  Saved recovers 4: STUN 9, END 20.",
        "Turn 2, Segment 6: Phases in DEX order: Hurt 10, Saved 10.",
        "Hurt's Phase (DEX 10): acts.",
    ]
    assert _sheet(world, "Hurt").current_body == -3
    assert _sheet(world, "Saved").current_body == -2


def test_an_npc_bleeding_out_dies_and_a_player_falls_into_a_coma(world):
    fight = _fight(world, ("Hero", 2, 10))
    viper = world.game.new_character("Viper", npc=True)
    save_sheet(world.game, get_sheet(world.game, viper).with_vitals(body=-9, stun=-5))
    save_sheet(world.game, _sheet(world, "Hero").with_vitals(body=-9, stun=-5))
    fight = fight.with_fighter(Fighter(viper.id, "Viper"))
    fight, lines = _step(world, attrs.evolve(fight, segment=12, done=tuple(f.char_id for f in fight.fighters)))
    assert lines[:3] == ["Post-Segment 12 of Turn 1:", "  Hero loses 1 BODY (now -10) and falls into a coma.",
                         "  Viper loses 1 BODY (now -10) and dies."]
    assert _sheet(world, "Viper").conditions() == ["Knocked Out", "Dead"]
    assert _sheet(world, "Hero").conditions() == ["Knocked Out", "Coma"]
    assert lines[-1] == "Turn 2, Segment 12: Phases in DEX order: nobody."  # the dead act no more


def test_holding_breath_costs_end_each_phase_and_blocks_recovery(world):
    fight = _fight(world, ("Diver", 2, 10))
    save_sheet(world.game, attrs.evolve(_sheet(world, "Diver").with_vitals(end=1, stun=10), holding_breath=True))
    fight, lines = _step(world, fight)
    assert lines[-1] == "Diver's Phase (DEX 10): holding breath: END 0, STUN 10, BODY 10; acts."
    fight, lines = _step(world, fight, 4)  # at 0 END, 1D6 STUN per END (RULES END USE)
    assert lines == ["Post-Segment 12 of Turn 1:", "  Diver: no Recovery (holding breath).",
                     "Turn 2, Segment 6: Phases in DEX order: Diver 10.",
                     "Diver's Phase (DEX 10): holding breath: END 0, STUN 6, BODY 10; acts."]


def test_an_aborted_phase_still_costs_holding_breaths_end(world):
    fight = _fight(world, ("Diver", 2, 10))
    save_sheet(world.game, attrs.evolve(_sheet(world, "Diver").with_vitals(end=5), holding_breath=True))
    fighter = attrs.evolve(fight.fighters[0], aborted=True)
    fight, lines = _step(world, fight.with_fighter(fighter))
    assert lines == [
        "Turn 1, Segment 12: Phases in DEX order: Diver 10.",
        "Diver's Phase (DEX 10): holding breath: END 4, STUN 20, BODY 10; aborted earlier, so loses this Phase.",
        "Post-Segment 12 of Turn 1:", "  Diver: no Recovery (holding breath).",
        "Turn 2, Segment 6: Phases in DEX order: Diver 10.",
        "Diver's Phase (DEX 10): holding breath: END 3, STUN 20, BODY 10; acts.",
    ]
    assert _sheet(world, "Diver").current_end == 3


def test_damage_in_segment_12_does_not_spoil_the_free_post_segment_12_recovery(world):
    """RULES RECOVERING: the Post-Segment 12 Recovery "is free and occurs outside of the Turn";
    only a Recovery taken as a Phase action is spoiled by damage in its Segment."""
    fight = _fight(world, ("Ox", 2, 10))
    save_sheet(world.game, _sheet(world, "Ox").with_vitals(stun=5))
    fight, _ = _step(world, fight)
    fight = attrs.evolve(fight, damaged=(world.game.find_character("Ox").id,))
    fight, lines = _step(world, fight)
    assert lines[:2] == ["Post-Segment 12 of Turn 1:", "  Ox recovers 4: STUN 9, END 20."]
    assert fight.damaged == ()


def test_fight_documents_round_trip():
    fighter = Fighter(5, "Ox", holding=True, prone=True, presence="awed", dcv_mod=-5, dcv_note="Haymaker",
                      recovered=(4, 4))
    fight = Fight(room=3, gm="Gina", turn=2, segment=6, fighters=(fighter,), damaged=(5,), id=7, mode="confirm",
                  current=5, done=(2,), waiting=True, undo=(11, 12))
    assert Fight.from_doc(fight.to_doc()) == fight


def test_a_fighter_document_keeps_only_what_is_not_at_its_default():
    """The fight is written with every action: a plain fighter is his id and name only."""
    windup = Windup(target=6, due=40, kb_mods=("wall",), wall=(1, 2, 3))
    busy = Fighter(5, "Ox", prone=True, dcv_mod=-5, dcv_note="Haymaker", recovered=(4, 4), windup=windup,
                   first_over=(6,), continuing=((6, "Eel", "Drain"),), flashed=(("sight", 30),))
    fight = Fight(room=3, gm="Gina", fighters=(Fighter(6, "Eel"), busy))
    assert fight.to_doc()["fighters"] == [
        {"char_id": 6, "name": "Eel"},
        {"char_id": 5, "name": "Ox", "prone": True, "dcv_mod": -5, "dcv_note": "Haymaker", "recovered": [4, 4],
         "windup": {"target": 6, "due": 40, "power": "", "strength": None, "push": 0, "kb_mods": ["wall"],
                    "wall": [1, 2, 3], "other": None, "flight": 0, "rooted_str": 0, "flying": False, "high": False,
                    "moved": False},
         "first_over": [6], "continuing": [[6, "Eel", "Drain"]], "flashed": [["sight", 30]]}]
    assert Fight.from_doc(json.loads(json.dumps(fight.to_doc()))) == fight


def test_a_fight_document_is_as_json_gives_it_back():
    """Fight.PLAIN_DOC: a fight is kept as written, not decoded again (game/unit.py Kept.wrote), so
    its document holds lists, never tuples (a tuple is not equal to the list a read gives)."""
    busy = Fighter(5, "Ox", recovered=(4, 4), windup=Windup(target=6, due=40, kb_mods=("wall",), wall=(1, 2, 3)),
                   entangle=(3, 4), entangle_by=(6, "Eel", False, True), first_over=(6,),
                   continuing=((6, "Eel", "Drain"),), using=(("a1", "GROWTH", 2, "Big"),), flashed=(("sight", 30),),
                   minds=(("Mind Control", "Eel", 2, 0, "sit"),), links=((6, "Eel", "Mind Link", 1),))
    fight = Fight(room=3, gm="Gina", fighters=(busy,), damaged=(5,), done=(5,), undo=(1, 2),
                  areas=(Area(number=1, kind="Darkness", by=5, owner="Ox", name="Dark", inside=(5, 6)),))
    doc = fight.to_doc()
    assert json.loads(json.dumps(doc)) == doc
    assert Fight.PLAIN_DOC


def test_a_fight_document_listing_every_fighter_field_still_reads():
    """Documents written before fighters' defaults were left out list every field."""
    old = {"room": 3, "gm": "Gina", "turn": 1, "segment": 12, "damaged": [], "id": 2, "mode": "auto", "current": 5,
           "done": [], "waiting": False, "undo": [], "areas": [],
           "fighters": [{"char_id": 5, "name": "Ox", "holding": False, "aborted": False, "prone": True,
                         "recovering": False, "presence": "", "dcv_mod": 0, "dcv_note": "", "braced": False,
                         "set": False, "half_used": False, "fresh_ko": False, "helping": None, "helped": False,
                         "recovered": None, "hold_seen": False, "windup": None, "entangle": None,
                         "entangle_by": None, "blocking": "", "block_ocv": 0, "blocks": 0, "first_over": [],
                         "grabbed_by": None, "grabbing": None, "hold_str": 0, "half_dcv": "", "lightning": 0,
                         "continuing": [], "using": [], "flashed": [], "minds": [], "links": []}]}
    fight = Fight.from_doc(old)
    assert fight == Fight(room=3, gm="Gina", segment=12, fighters=(Fighter(5, "Ox", prone=True),), id=2, current=5)
    assert fight.to_doc()["fighters"] == [{"char_id": 5, "name": "Ox", "prone": True}]


def test_a_sheet_document_is_as_json_gives_it_back():
    """Sheet.PLAIN_DOC, as a fight's (above)."""
    sheet = Sheet(char_id=5, name="Ox", stats={"STR": 20, "PD": 8}, skills={"Stealth": "DEX+1"}, stun=12, end=3,
                  stunned=True, reduction={"rpd_dr": 50}, charges_used={"a1": 2})
    doc = sheet.to_doc()
    assert json.loads(json.dumps(doc)) == doc
    assert Sheet.PLAIN_DOC
