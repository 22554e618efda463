"""Combat Skill Levels and Penalty Skill Levels by their option, given out on one's Phase with
+attack (to OCV unless 'dcv <n>' or 'dc <n>' says otherwise), and the damage classes of an
Advantaged power with STR added, through +attack with fixed dice against HERO 5E revised."""

import pytest

from champions_mush.commands.base import Role
from champions_mush.rules.dice import FixedRoller

from ..harness import make_world


def _level(ident, levels, option, alias, name, xmlid="COMBAT_LEVELS"):
    return (f'<SKILL XMLID="{xmlid}" ID="{ident}" BASECOST="0.0" LEVELS="{levels}" ALIAS="Skill Levels" '
            f'POSITION="{ident}" OPTION="{option}" OPTIONID="{option}" OPTION_ALIAS="{alias}" NAME="{name}" '
            'CHARACTERISTIC="GENERAL" FAMILIARITY="No" PROFICIENCY="No" />')


def _character(name, skills=(), talents=(), powers=()):
    """A Hero Designer 5E file of ``name`` with these items (a tag a line, as pasted)."""
    def section(tag, items):
        return [f"<{tag}>", *items, f"</{tag}>"] if items else [f"<{tag} />"]
    return "\n".join([
        '<?xml version="1.0" encoding="UTF-16"?>', '<CHARACTER version="6.0" TEMPLATE="builtIn.Superheroic.hdt">',
        '<BASIC_CONFIGURATION BASE_POINTS="200" DISAD_POINTS="150" EXPERIENCE="0" RULES="Default" />',
        f'<CHARACTER_INFO CHARACTER_NAME="{name}" />', "<CHARACTERISTICS />", *section("SKILLS", skills), "<PERKS />",
        *section("TALENTS", talents), "<MARTIALARTS />", *section("POWERS", powers), "<DISADVANTAGES />",
        "<EQUIPMENT />", "</CHARACTER>"])


#: Hero Designer levels of several options; Duelist's DEX 10 gives OCV 3, DCV 3, STR 10.
DUELIST = "\n".join((
    '<?xml version="1.0" encoding="UTF-16"?>',
    '<CHARACTER version="6.0" TEMPLATE="builtIn.Superheroic.hdt">',
    '<BASIC_CONFIGURATION BASE_POINTS="200" DISAD_POINTS="150" EXPERIENCE="0" RULES="Default" />',
    '<CHARACTER_INFO CHARACTER_NAME="Duelist" />',
    "<CHARACTERISTICS />",
    "<SKILLS>",
    _level(31, 2, "HTH", "with HTH Combat", "HTH Levels"),
    _level(32, 1, "SINGLE", "with any single attack", "Levels with Blaster"),
    _level(33, 1, "DCV", "with DCV", "Dodgy"),
    _level(34, 2, "SINGLE", "with a single attack", "Long Shot: Blaster vs Range", xmlid="PENALTY_SKILL_LEVELS"),
    "</SKILLS>",
    "<PERKS />", "<TALENTS />", "<MARTIALARTS />",
    "<POWERS>",
    ('<POWER XMLID="ENERGYBLAST" ID="21" BASECOST="0.0" LEVELS="6" ALIAS="Energy Blast" POSITION="0" '
    'NAME="Blaster" INPUT="ED" />'),
    "</POWERS>",
    "<DISADVANTAGES />", "<EQUIPMENT />",
    "</CHARACTER>",
))


@pytest.fixture
def fight():
    """Duelist (imported: DEX 10, OCV 3, DCV 3, STR 10), Viper (an NPC, DEX 8: DCV 3, PD 2, ED 2)
    and Brute (DEX 9, SPD 3); Duelist's Phase."""
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    d = world.login("Duelist")
    d.do("+sheet/import")
    for line in DUELIST.splitlines():
        d.do(line)
    assert d.do(".")[1] == (
        "Imported 'Duelist' from Hero Designer: 5 items. Points: 50 spent of 200 base + 0 disadvantages + 0 "
        "XP = 200: 150 left.")
    for line in ("+npc/create Viper", "+stat/set Viper/DEX=8", "+npc/create Brute", "+stat/set Brute/DEX=9",
                 "+stat/set Brute/SPD=3", "+combat/start", "+combat/join Duelist", "+combat/join Viper",
                 "+combat/join Brute", "+combat/next"):
        g.do(line)
    for who in (g, d):
        who.clear()
    return world, g, d


def _brute_swings(world, g):
    """Brute (DEX 9, SPD 3) acts next in Segment 12 and Strikes Duelist: the roll line's DCV."""
    world.set_dice(3, 3, 3, *[1] * 10)
    return g.do("+attack Duelist=strike by Brute")[0].rsplit(" [r", 1)[0]


def _said(world, d, line, *dice):
    world.set_dice(*dice)
    return [out.rsplit(" [r", 1)[0] for out in d.do(line)]


def test_hth_levels_go_to_ocv_with_a_strike_and_not_with_a_ranged_power(fight):
    """HERO 5E revised: +2 with HTH Combat add to a Strike's OCV (3 + 2 = 5: 13 or less against
    DCV 3); with the Blaster only the single-attack level that names it applies (3 + 1 = 4), and
    the DCV level goes to DCV whatever the attack."""
    world, g, d = fight
    out = _said(world, d, "+attack Viper=strike", 3, 3, 3, 1, 1, 6, 6)
    assert out[0] == ("[Combat] Duelist Strikes Viper (Strike): OCV 3 +2 levels = 5 vs DCV 3: 13 or less, "
                      "rolls 9 (3 3 3): hits; hits DCV 7 or less.")
    g.do("+combat/undo")
    out = _said(world, d, "+attack Viper=blaster", 3, 3, 3, *[1] * 6, 6, 6)
    assert out[0] == ("[Combat] Duelist attacks Viper (Blaster): OCV 3 +1 levels = 4 vs DCV 3: 12 or less, "
                      "rolls 9 (3 3 3): hits; hits DCV 6 or less.")
    assert _brute_swings(world, g) == (
        "[Combat] Brute Strikes Duelist (Strike): OCV 3 vs DCV 3 (1 levels DCV +1) = 4: 10 or less, rolls 9 (3 3 3): "
        "hits; hits DCV 5 or less.")


def test_levels_of_three_points_or_more_go_to_dcv_or_damage_as_asked(fight):
    """'dcv 2': both HTH levels to DCV (with the DCV level, +3 until his next Phase), none to OCV;
    'dc 1': two levels for +1 DC, STR 10's 2d6 becomes 3d6 (HERO 5E revised: two levels a DC)."""
    world, g, d = fight
    out = _said(world, d, "+attack Viper=strike dcv 2", 3, 3, 3, 1, 1, 6, 6)
    assert out[0] == (
        "[Combat] Duelist Strikes Viper (Strike): OCV 3 vs DCV 3: 11 or less, rolls 9 (3 3 3): hits; hits DCV"
        " 5 or less.")
    assert _brute_swings(world, g) == (
        "[Combat] Brute Strikes Duelist (Strike): OCV 3 vs DCV 3 (3 levels DCV +3) = 6: 8 or less, rolls 9 (3 3 3): "
        "misses; hits DCV 5 or less.")
    g.do("+combat/undo")
    g.do("+combat/undo")
    out = _said(world, d, "+attack Viper=strike dc 1", 3, 3, 3, 2, 2, 2, 6, 6)
    assert out[0] == (
        "[Combat] Duelist Strikes Viper (Strike): OCV 3 vs DCV 3: 11 or less, rolls 9 (3 3 3): hits; hits DCV"
        " 5 or less.")
    assert out[1] == (
        "  3d6 normal: 6 STUN, 3 BODY (2 2 2). Viper takes 4 STUN and 1 BODY (6 STUN - 2 PD, 3 BODY - 2 PD). "
        "Now STUN 16, BODY 9.")


def test_two_point_levels_never_go_to_dcv_or_damage(fight):
    _world, _g, d = fight
    assert d.do("+attack Viper=blaster dcv 1") == [
        ("Blaster: 0 Combat Skill Levels of 3 points or more to give, each +1 DCV or two a DC (2-point levels add "
        "to OCV only).")]
    assert d.do("+attack Viper=strike dc 2") == [
        ("Strike: 2 Combat Skill Levels of 3 points or more to give, each +1 DCV or two a DC (2-point levels add "
        "to OCV only).")]


def test_penalty_skill_levels_offset_the_range_modifier_and_no_more(fight):
    """Range 10": -4 (HERO 5E: -2 per doubling past 4"); +2 Penalty Skill Levels against it with
    the Blaster: -2. At 5" (-2) they take it all and add nothing more."""
    world, g, d = fight
    out = _said(world, d, "+attack Viper=blaster range 10", 3, 3, 3, *[1] * 6, 6, 6)
    assert out[0] == ("[Combat] Duelist attacks Viper (Blaster): OCV 3 +1 levels -4 range 10\" +2 Penalty Skill Levels "
                      "= 2 vs DCV 3: 10 or less, rolls 9 (3 3 3): hits; hits DCV 4 or less.")
    g.do("+combat/undo")
    out = _said(world, d, "+attack Viper=blaster range 5", 3, 3, 3, *[1] * 6, 6, 6)
    assert out[0] == ("[Combat] Duelist attacks Viper (Blaster): OCV 3 +1 levels -2 range 5\" +2 Penalty Skill Levels "
                      "= 4 vs DCV 3: 12 or less, rolls 9 (3 3 3): hits; hits DCV 6 or less.")


def test_str_adds_to_an_advantaged_killing_attack_by_active_points():
    """RULES DC 2: a DC is 5 Active Points. HKA 1d6 Armor Piercing (+1/2): 22 1/2 Active Points, 4
    DC. STR 15 adds 3 DC, 15 Active Points, 10 real points at +1/2: 1/2d6 more: 1 1/2d6 (not the
    2d6 of a plain HKA)."""
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    s = world.login("Slash")
    s.do("+stat STR=15")
    s.do("+power Claws=hka 1d6 +armorpiercing")
    s.do("+power Talons=hka 1d6")
    for line in ("+npc/create Viper", "+stat/set Viper/DEX=8", "+combat/start", "+combat/join Slash",
                 "+combat/join Viper", "+combat/next"):
        g.do(line)
    world.set_dice(3, 3, 3, 4, 4, 3, 6, 6, 6)
    assert s.do("+attack Viper=claws")[1] == (
        "  1½d6 killing: 6 BODY, x2, 12 STUN (4 ½:2; multiplier die 3). Viper takes 12 STUN and 6 BODY (12 "
        "STUN - 0 PD, 6 BODY - 0 rPD, defenses halved by Armor Piercing): Stunned. Now STUN 8, BODY 4.")
    g.do("+combat/undo")
    world.set_dice(3, 3, 3, 4, 4, 3, 6, 6, 6)
    assert s.do("+attack Viper=talons")[1] == (
        "  2d6 killing: 8 BODY, x2, 16 STUN (4 4; multiplier die 3). Viper takes 16 STUN and 8 BODY (16 STUN "
        "- 0 PD, 8 BODY - 0 rPD): Stunned. Now STUN 4, BODY 2.")


#: Deadly Blow (any circumstances, 1 level) and Find Weakness (11-) with a 1d6 HKA, as Hero Designer writes them.
SLAYER = _character("Slayer", talents=[
    ('<TALENT XMLID="DEADLYBLOW" ID="41" BASECOST="0.0" LEVELS="1" ALIAS="Deadly Blow:  +1d6" POSITION="0" '
     'OPTION="ANY" OPTIONID="ANY" OPTION_ALIAS="any circumstances, any HTH weapon" NAME="" />')], powers=[
    ('<POWER XMLID="HKA" ID="42" BASECOST="0.0" LEVELS="1" ALIAS="Killing Attack - Hand-To-Hand" POSITION="1" '
     'NAME="Knife" INPUT="PD" />'),
    ('<POWER XMLID="FINDWEAKNESS" ID="43" BASECOST="10.0" LEVELS="0" ALIAS="Find Weakness" POSITION="2" '
     'OPTION="SINGLE" OPTIONID="SINGLE" OPTION_ALIAS="Single Attack" NAME="" />')])


@pytest.fixture
def slayer():
    """Slayer (imported: STR 10, OCV 3) against Viper (DEX 8, PD 10 + 6 resistant); Slayer's Phase."""
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    s = world.login("Slayer")
    s.do("+sheet/import")
    for line in SLAYER.splitlines():
        s.do(line)
    s.do(".")
    for line in ("+npc/create Viper", "+stat/set Viper/DEX=8", "+stat/set Viper/PD=10", "+stat/set Viper/rPD=6",
                 "+combat/start", "+combat/join Slayer", "+combat/join Viper", "+combat/next"):
        g.do(line)
    for who in (g, s):
        who.clear()
    return world, g, s


def test_deadly_blow_adds_1d6_of_killing_damage_a_level_when_said(slayer):
    """HKA 1d6 (3 DC) + STR 10 (2 DC) = 5 DC, 1 1/2d6; Deadly Blow +1d6 (3 DC, HERO 5E revised)
    after the doubling cap: 8 DC, 2 1/2d6: 4 4 and a half die of 3 (2): 10 BODY, x2, 20 STUN."""
    world, g, s = slayer
    out = _said(world, s, "+attack Viper=knife deadly", 3, 3, 3, 4, 4, 3, 3, 6, 6, 6)
    assert out[1] == (
        "  2½d6 killing: 10 BODY, x2, 20 STUN (4 4 ½:2; multiplier die 3). Viper takes 4 STUN and 4 BODY (20 "
        "STUN - 16 PD, 10 BODY - 6 rPD). Now STUN 16, BODY 6.")
    g.do("+combat/undo")
    out = _said(world, s, "+attack Viper=knife", 3, 3, 3, 4, 3, 3, 6, 6, 6)
    assert out[1] == (
        "  1½d6 killing: 6 BODY, x2, 12 STUN (4 ½:2; multiplier die 3). Viper takes 0 STUN and 0 BODY (12 "
        "STUN - 16 PD, 6 BODY - 6 rPD). Now STUN 20, BODY 10.")
    g.do("+combat/undo")
    out = _said(world, s, "+attack Viper=strike deadly", 3, 3, 3, 2, 2, 2, 2, 2, 6, 6)
    assert out[1] == (
        "  5d6 normal: 10 STUN, 5 BODY (2 2 2 2 2). Viper takes 0 STUN and 0 BODY (10 STUN - 16 PD, 5 BODY - "
        "16 PD). Now STUN 20, BODY 10.")


def test_find_weakness_made_halves_the_defenses_against_that_attack(slayer):
    """Find Weakness 11- (HERO 5E revised) rolled 9: made; Viper's PD 16 (6 resistant) halved to
    8 (3 resistant): 1 1/2d6 of 4 and 6 (3): 7 BODY, x3, 21 STUN: 21 - 8 = 13 STUN, 7 - 3 = 4 BODY
    (4 and 1 STUN without it: 21 - 16, 7 - 6)."""
    world, g, s = slayer
    out = _said(world, s, "+attack Viper=knife weakness", 3, 3, 3, 4, 6, 4, 3, 3, 3, 6, 6, 6)
    assert out[1] == (
        "  1½d6 killing: 7 BODY, x3, 21 STUN (4 ½:3; multiplier die 4). Viper takes 13 STUN and 4 BODY (21 STUN - 8 PD, "
        "7 BODY - 3 rPD, Find Weakness 11-: 9 (3 3 3), defenses halved): Stunned. Now STUN 7, BODY 6.")
    g.do("+combat/undo")
    out = _said(world, s, "+attack Viper=knife weakness", 3, 3, 3, 4, 6, 4, 6, 6, 6, 6, 6, 6)
    assert out[1] == (
        "  1½d6 killing: 7 BODY, x3, 21 STUN (4 ½:3; multiplier die 4). Viper takes 5 STUN and 1 BODY (21 STUN - 16 PD, "
        "7 BODY - 6 rPD, Find Weakness 11-: 18 (6 6 6), missed). Now STUN 15, BODY 9.")


def test_a_talent_not_on_the_sheet_is_refused(fight):
    _world, _g, d = fight
    assert d.do("+attack Viper=strike deadly") == ["Duelist has no Deadly Blow on the sheet."]
    assert d.do("+attack Viper=strike weakness") == ["Duelist has no Find Weakness on the sheet."]


def test_lightning_reflexes_add_to_dex_for_the_order_of_phases():
    """Lightning Reflexes +5 DEX with all actions (HERO 5E revised, Talents): Quick (DEX 10) acts
    at 15, before Viper's DEX 12, in Segment 12."""
    hdc = SLAYER.replace('CHARACTER_NAME="Slayer"', 'CHARACTER_NAME="Quick"').replace(
        "<TALENTS>", '<TALENTS>\n<TALENT XMLID="LIGHTNING_REFLEXES_ALL" ID="44" BASECOST="0.0" LEVELS="5" '
        'ALIAS="Lightning Reflexes: +5 DEX to act first with All Actions" POSITION="1" NAME="" />')
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    q = world.login("Quick")
    q.do("+sheet/import")
    for line in hdc.splitlines():
        q.do(line)
    q.do(".")
    for line in ("+npc/create Viper", "+stat/set Viper/DEX=12", "+combat/start"):
        g.do(line)
    assert g.do("+combat/join Quick")[0] == (
        "[Combat] Quick joins the fight (DEX 10 +5 Lightning Reflexes, SPD 2: Segments 6 12).")
    g.do("+combat/join Viper")
    assert g.do("+combat/next")[:2] == [
        "[Combat] Turn 1, Segment 12: Phases in DEX order: Quick 15, Viper 12.",
        "[Combat] Quick's Phase (DEX 10): acts.",
    ]


def test_levels_lists_each_level_with_its_uses_and_the_attacks_it_fits(fight):
    _world, g, d = fight
    assert d.do("+levels") == [
        "Skill Levels on Duelist's sheet (+attack gives them out: dcv <n>, dc <n>, the rest to OCV):",
        "  +2 HTH Levels (HTH): OCV, or DCV, or two a DC; with Strike, Haymaker, Move By, Move Through, Pull Punch.",
        "  +1 Levels with Blaster (SINGLE): OCV; with Blaster.",
        "  +1 Dodgy (DCV): DCV; with Strike, Haymaker, Move By, Move Through, Pull Punch, Blaster.",
        "  +2 Long Shot: Blaster vs Range (SINGLE): offsets the Range Modifier; with Blaster.",
    ]
    assert g.do("+levels Viper") == ["Viper has no Combat or Penalty Skill Levels on the sheet."]
    assert d.do("+levels Viper") == ["Only staff read someone else's levels."]


def test_levels_with_martial_maneuvers_fit_martial_arts_and_not_a_plain_strike():
    """+2 with Martial Maneuvers (HERO 5E revised, 3 points each): Kai's Martial Strike at OCV 5 +2
    = 7 against Viper's DCV 5: 13 or less; his plain Strike gets none: 11 or less."""
    from .test_fight_maneuvers import _kai_file

    level = _level(51, 2, "MARTIAL", "with Martial Maneuvers", "Kata")
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    k = world.login("Kai")
    k.do("+sheet/import")
    for line in _kai_file(("Martial Strike",)).replace("<SKILLS />", f"<SKILLS>\n{level}\n</SKILLS>").splitlines():
        k.do(line)
    k.do(".")
    for line in ("+npc/create Viper", "+stat/set Viper/DEX=14", "+combat/start", "+combat/join Kai",
                 "+combat/join Viper", "+combat/next"):
        g.do(line)
    out = _said(world, k, "+attack Viper=martial strike", 3, 3, 3, *[1] * 12)
    assert out[0] == ("[Combat] Kai Strikes Viper (Martial Strike): OCV 5 +2 levels = 7 vs DCV 5: 13 or less, "
                      "rolls 9 (3 3 3): hits; hits DCV 9 or less.")
    g.do("+combat/undo")
    out = _said(world, k, "+attack Viper=strike", 3, 3, 3, *[1] * 12)
    assert out[0] == ("[Combat] Kai Strikes Viper (Strike): OCV 5 vs DCV 5: 11 or less, rolls 9 (3 3 3): hits; "
                      "hits DCV 7 or less.")


def test_levels_with_mental_combat_add_to_ecv_and_all_combat_levels_do_not():
    """HERO 5E revised: a level with Mental Combat adds to ECV (3 + 1 = 4 against ECV 3: 12 or
    less); a level with All Combat is hand-to-hand and ranged only."""
    mind = DUELIST.replace('CHARACTER_NAME="Duelist"', 'CHARACTER_NAME="Mind"').replace(
        "<SKILLS>", "<SKILLS>\n" + _level(35, 1, "MENTAL", "with Mental Combat", "Focus") + "\n"
        + _level(36, 3, "ALL", "with All Combat", "Warrior"))
    world = make_world(roller=FixedRoller([]))
    g = world.login("Gina", role=Role.STAFF)
    m = world.login("Mind")
    m.do("+sheet/import")
    for line in mind.splitlines():
        m.do(line)
    m.do(".")
    m.do("+power Mindbolt=ego attack 2d6")
    for line in ("+npc/create Viper", "+stat/set Viper/DEX=8", "+combat/start", "+combat/join Mind",
                 "+combat/join Viper", "+combat/next"):
        g.do(line)
    out = _said(world, m, "+attack Viper=mindbolt", 3, 3, 3, 1, 1)
    assert out[0] == ("[Combat] Mind Ego Attacks Viper (Mindbolt): ECV 3 +1 levels = 4 vs ECV 3: 12 or less, "
                      "rolls 9 (3 3 3): hits; hits ECV 6 or less.")
