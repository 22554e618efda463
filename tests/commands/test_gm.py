"""GM commands through the command layer with fixed dice, against the rules file's worked examples."""

import pytest

from champions_mush.commands.base import Role
from champions_mush.commands.dispatch import PERMISSION_DENIED
from champions_mush.game.rolls import format_id
from champions_mush.game.sheets import get_sheet
from champions_mush.rules.dice import FixedRoller

from ..harness import make_world


@pytest.fixture
def world():
    return make_world(roller=FixedRoller([]))


@pytest.fixture
def gm(world):
    return world.login("Gina", role=Role.STAFF)


def _npc(gm, name, **stats):
    gm.do(f"+npc/create {name}")
    for key, value in stats.items():
        gm.do(f"+stat/set {name}/{key}={value}")
    gm.clear()


def _do(world, who, line):
    """Run a line; the roll id at the end of the output must be the newest in the roll log: shown as [id]."""
    out = who.do(line)
    newest = world.store.tail("rolls", 1)
    if newest:
        roll_id = format_id(newest[0].id)
        out = [o.replace(f" [{roll_id}]", " [id]") for o in out]
    return out


def _sheet(world, name):
    return get_sheet(world.game, world.game.find_character(name))


def test_psiana_takes_20_stun_and_no_body(world, gm):
    """RULES TAKING DAMAGE: 32 STUN 9 BODY normal against PD 12 -> 20 STUN, no BODY."""
    _npc(gm, "Psiana", PD=12, STUN=40, CON=20)
    watcher = world.login("Bob")
    line = ("[GM] Psiana is hit by a physical attack: 32 STUN 9 BODY normal. Psiana takes 20 STUN and 0 BODY "
            "(32 STUN - 12 PD, 9 BODY - 12 PD). Now STUN 20, BODY 10.")
    assert _do(world, gm, "+damage Psiana=32 9 normal physical") == [line]
    assert watcher.lines == [line]
    sheet = _sheet(world, "Psiana")
    assert (sheet.current_stun, sheet.current_body, sheet.stunned) == (20, 10, False)


def test_assaulter_takes_6_body_and_20_stun(world, gm):
    """RULES TAKING DAMAGE 2: killing 12 BODY 36 STUN against PD 10 + rPD 6 -> 6 BODY, 20 STUN."""
    _npc(gm, "Assaulter", PD=10, rPD=6, BODY=12, STUN=40, CON=23)
    assert _do(world, gm, "+damage Assaulter=36 12 killing") == [
        ("[GM] Assaulter is hit by a physical attack: 36 STUN 12 BODY killing. Assaulter takes 20 STUN and 6 BODY "
        "(36 STUN - 16 PD, 12 BODY - 6 rPD). Now STUN 20, BODY 6.")
    ]
    sheet = _sheet(world, "Assaulter")
    assert (sheet.current_stun, sheet.current_body) == (20, 6)


def test_player_is_refused_damage_and_nothing_changes(world, gm):
    _npc(gm, "Viper")
    alice = world.login("Alice")
    assert alice.do("+damage Viper=30 10") == [PERMISSION_DENIED]
    assert gm.lines == []
    assert _sheet(world, "Viper").stun is None


def test_damage_effects_stunned_knocked_out_dying_dead(world, gm):
    _npc(gm, "Viper", PD=5)
    assert _do(world, gm, "+damage Viper=30 16") == [
        ("[GM] Viper is hit by a physical attack: 30 STUN 16 BODY normal. Viper takes 25 STUN and 11 BODY "
        "(30 STUN - 5 PD, 16 BODY - 5 PD): Stunned, Knocked Out, Dying (loses 1 BODY each Post-Segment 12). "
        "Now STUN -5, BODY -1.")
    ]
    # against the Knocked Out, STUN is doubled before defenses
    assert _do(world, gm, "+damage Viper=10 14") == [
        ("[GM] Viper is hit by a physical attack: 10 STUN 14 BODY normal. Viper takes 15 STUN and 9 BODY "
        "(20 STUN doubled against the Knocked Out - 5 PD, 14 BODY - 5 PD): Stunned, Knocked Out, Dead. "
        "Now STUN -20, BODY -10.")
    ]


def test_player_characters_fall_into_a_coma_instead(world, gm):
    world.login("Alice")
    assert _do(world, gm, "+damage Alice=22 22 killing") == [
        ("[GM] Alice is hit by a physical attack: 22 STUN 22 BODY killing. Alice takes 22 STUN and 22 BODY "
        "(22 STUN - 0 PD, 22 BODY - 0 rPD): Stunned, Knocked Out, in a coma (a player character never dies "
        "without the player's consent). Now STUN -2, BODY -12.")
    ]


def test_damage_rolled_energy_and_quiet(world, gm):
    _npc(gm, "Viper", ED=3, STUN=60, CON=30)
    bob = world.login("Bob")
    world.set_dice(5, 3, 4, 2, 1, 1, 6, 4, 2, 3)
    assert _do(world, gm, "+damage/quiet Viper=nd6 10 energy") == [
        ("[GM] (quiet) Viper is hit by an energy attack: 10d6 normal: 31 STUN, 9 BODY (5 3 4 2 1 1 6 4 2 3). "
        "Viper takes 28 STUN and 6 BODY (31 STUN - 3 ED, 9 BODY - 3 ED). Now STUN 32, BODY 4. [id]")
    ]
    assert bob.lines == []
    world.set_dice(4, 3, 3, 3)
    out = gm.do("+damage Viper=kd6 3")
    assert out == [
        ("[GM] Viper is hit by a physical attack: 3d6 killing: 10 BODY, x2, 20 STUN (4 3 3; multiplier die 3). "
        "Viper takes 20 STUN and 10 BODY (20 STUN - 0 PD, 10 BODY - 0 rPD): Dying (loses 1 BODY each "
        "Post-Segment 12). Now STUN 12, BODY -6. [r8]")
    ]
    assert bob.lines == out


_DAMAGE_USAGE = ["Usage: +DAMAGE <target>=<stun> <body> [normal or killing] [physical or energy]",
                 "       +DAMAGE <target>=nd6 <dice> [loc] [energy]",
                 "       +DAMAGE <target>=kd6 <dice> [loc] [energy]"]


@pytest.mark.parametrize(("bad", "message"), [
    ("Viper", _DAMAGE_USAGE), ("Viper=", _DAMAGE_USAGE), ("Viper=lots of damage", _DAMAGE_USAGE),
    ("Viper=10", _DAMAGE_USAGE), ("Viper=nd6 banana", ["'banana' is not an amount of dice (try 10, 4 1/2 or 1d6+1).", *_DAMAGE_USAGE]),
    ("Nobody=10 5", ["There is no character called 'Nobody'."]), ("=10 5", _DAMAGE_USAGE), ("Viper=99999 1", _DAMAGE_USAGE),
])
def test_damage_bad_input(world, gm, bad, message):
    _npc(gm, "Viper")
    assert gm.do(f"+damage {bad}") == message
    assert _sheet(world, "Viper").stun is None


def test_american_eagle_through_the_wall(world, gm):
    """RULES KNOCKBACK 5: 16" of KB, 2" to a DEF 6 BODY 5 wall: 11d6, the wall shatters, 3" beyond."""
    _npc(gm, "Eagle", PD=15, STUN=80, CON=30)
    world.set_dice(2, 2, *[3] * 11)
    assert _do(world, gm, "+kb Eagle=20 wall 6 5 after 2") == [
        ('[GM] Eagle: KB 20 BODY - 4 (2 2) = 16" knockback. After 2" Eagle hits a DEF 6 BODY 5 wall: 11d6 normal, '
        "33 STUN, 11 BODY (3 3 3 3 3 3 3 3 3 3 3). Eagle takes 18 STUN and 0 BODY (33 STUN - 15 PD, 11 BODY - 15 PD). "
        'Now STUN 62, BODY 10. The wall shatters and Eagle goes on 3" beyond it, landing in a heap. [id]')
    ]


def test_kb_landing_breakfall_and_knockdown(world, gm):
    _npc(gm, "Ox", Breakfall=13)
    world.set_dice(3, 4)  # Equinox: 11 - 7 = 4"; Breakfall at -2: 11-
    world.set_dice(3, 4, 6, 6, 6, 2, 2)
    assert _do(world, gm, "+kb Ox=11") == [
        ('[GM] Ox: KB 11 BODY - 7 (3 4) = 4" knockback. Ox flies back 4" and lands. Lying on the ground: '
        "1/2 DCV; standing up takes a 1/2 Phase. Breakfall at -2: 18 (6 6 6): an 18 always fails. Landing: 2d6 normal, 4 STUN, 2 BODY (2 2). "
        "Ox takes 2 STUN and 0 BODY (4 STUN - 2 PD, 2 BODY - 2 PD). Now STUN 18, BODY 10. [id]")
    ]
    world.set_dice(3, 3)  # in the air -1d6, underwater +1d6: 2d6
    assert _do(world, gm, "+kb Ox=5 air underwater") == [
        "[GM] Ox (Target is in the air, Target is underwater): KB 5 BODY - 6 (3 3): no knockback. [id]"
    ]
    world.set_dice(3, 3)
    assert _do(world, gm, "+kb Ox=6 rolled clinging")[0] == (
        "[GM] Ox (Target rolled with punch, Target has Clinging): KB 6 BODY - 6 (3 3): knocked down. "
        "Ox is knocked down. Lying on the ground: 1/2 DCV; standing up takes a 1/2 Phase. [id]"
    )
    world.set_dice(1, 1, 1, 2)  # in the air: 1d6; Breakfall 13 at -3 (7" / 2, in the character's favour)
    assert _do(world, gm, "+kb Ox=8 air") == [
        ('[GM] Ox (Target is in the air): KB 8 BODY - 1 (1) = 7" knockback. Ox flies back 7" and lands. '
        "Lying on the ground: 1/2 DCV; standing up takes a 1/2 Phase. Breakfall at -3: 4 (1 1 2): made by 6. Ox lands on their feet "
        "and takes no damage. [id]")
    ]


def test_kb_into_another_character(world, gm):
    _npc(gm, "Ox", PD=30)
    _npc(gm, "Viper")
    world.set_dice(1, 1, 2, 2, 2, 1, 1, 1)
    out = _do(world, gm, "+kb Viper=5 into Ox")
    assert out == [
        ('[GM] Viper: KB 5 BODY - 2 (1 1) = 3" knockback. Viper flies 3" into Ox; both take 3d6. '
        "Viper: 6 STUN, 3 BODY (2 2 2). Viper takes 4 STUN and 1 BODY (6 STUN - 2 PD, 3 BODY - 2 PD). "
        "Now STUN 16, BODY 9. Ox: 3 STUN, 0 BODY (1 1 1). Ox takes 0 STUN and 0 BODY (3 STUN - 30 PD, "
        "0 BODY - 30 PD). Now STUN 20, BODY 10. [id]")
    ]


_KB_USAGE = [("Usage: +KB <target>=<body> [modifiers] [root flight <n>] [root str <STR>] [wall <DEF> <BODY> [after <n>]] "
             "[into <character>]"), "       +KB <target>=<roll id> [wall ...] [into ...]"]
_ROOT_USAGE = ["Root with flight <inches>, str <STR> or both.", *_KB_USAGE]


@pytest.mark.parametrize(("bad", "message"), [
    ("Ox=", _KB_USAGE), ("Ox=lots", _KB_USAGE), ("Ox=5 wall 6", ["A wall takes its DEF and BODY.", *_KB_USAGE]),
    ("Ox=5 wall 6 5 after", ["'after' takes the inches to the wall.", *_KB_USAGE]),
    ("Ox=5 sideways", ["I don't understand 'sideways'.", *_KB_USAGE]),
    ("Ox=5 wall 6 5 into Ox", ["Either a wall or a character in the way, not both."]),
    ("Ox=5 root", _ROOT_USAGE), ("Ox=5 root str", _ROOT_USAGE), ("Ox=5 root mana 3", _ROOT_USAGE),
    ("Ox=5 air high", ["'high' goes with 'flying': a flyer high up falls when the DEX roll fails."]),
    ("Ox=5 root str 9999", _ROOT_USAGE),
    ("Ox=r9zz", ["r9zz is not a roll with Knockback (+nd6/kb or +kd6/kb)."]),
])
def test_kb_bad_input(world, gm, bad, message):
    _npc(gm, "Ox")
    world.set_dice(1, 1)
    assert gm.do(f"+kb {bad}") == message
    assert world.roller.remaining == 2 and _sheet(world, "Ox").stun is None


def test_pre_attack_on_target_and_onlookers(world, gm):
    _npc(gm, "Ox", PRE=30)
    _npc(gm, "Viper", EGO=15)
    _npc(gm, "Bystander", PRE=8)
    world.set_dice(6, 6, 6, 6, 6, 6, 6)  # 6d6 + surprise: 7d6 = 42
    assert _do(world, gm, "+pre Ox=Viper, surprise") == [
        ("[GM] Ox makes a PRE attack on Viper (Surprise): 7d6: 42 (6 6 6 6 6 6 6) against PRE/EGO 15. "
        "Viper: Awed: hesitates 1 full Phase and is at 1/2 DCV; will possibly do as the attacker commands."),
        ("Bystander (onlooker, one level less): Awed: hesitates 1 full Phase and is at 1/2 DCV; will possibly do "
        "as the attacker commands. [id]"),
    ]
    assert _do(world, gm, "+pre Ox=Viper, sideways") == [
        "'sideways' is not one PRE attack modifier. Usage: +PRE <attacker>=<target>[, <modifier>, <modifier> ...]"
    ]
    world.set_dice(1)
    assert _do(world, gm, "+pre Ox=Viper, in combat, -5")[0].startswith(
        "[GM] Ox makes a PRE attack on Viper (In combat, -5D6): no dice left against PRE/EGO 15. Viper: No effect."
    )


def test_astron_recovers_and_wakes_with_end_equal_to_stun(world, gm):
    """RULES DAMAGE EFFECTS 2: Astron at -3 STUN with REC 12 recovers to 9 STUN and 9 END."""
    _npc(gm, "Astron", REC=12, STUN=30, CON=40, PD=0)
    gm.do("+damage Astron=33 0")
    assert _sheet(world, "Astron").current_stun == -3
    assert _do(world, gm, "+recover Astron") == ["[Combat] Astron recovers 12 and wakes up: STUN 9, END 9."]


def test_out_of_combat_a_stunned_character_recovers_from_it_then_recovers_once_a_minute(world, gm):
    _npc(gm, "Viper", PD=0)
    gm.do("+damage Viper=35 0")
    assert _do(world, gm, "+recover Viper") == [
        "[Combat] Viper spends a Phase recovering from being Stunned, and is no longer Stunned."]
    # -15 STUN: out of combat, "once per minute" will do (RULES RECOVERING CHART)
    assert _do(world, gm, "+recover Viper") == ["[Combat] Viper recovers 4: STUN -11, END 20."]
    gm.do("+heal Viper")
    gm.do("+damage Viper=46 0")  # -26: once a minute
    gm.do("+stat/set Viper/stunned=no")
    assert _do(world, gm, "+recover Viper") == ["[Combat] Viper recovers 4: STUN -22, END 20."]
    gm.do("+damage Viper=20 0")  # x2 STUN on the Knocked Out: -62, the GM's call
    gm.do("+stat/set Viper/stunned=no")
    assert _do(world, gm, "+recover Viper") == ["[Combat] Viper: no Recovery (STUN -62, too far out)."]


def test_heal_end_and_push(world, gm):
    _npc(gm, "Groundare", STR=20)
    world.set_dice()
    assert _do(world, gm, "+push Groundare=10") == ["[GM] Groundare spends 12 END to push STR from 20 to 30: END 8."]
    world.set_dice(4, 5)
    assert _do(world, gm, "+end Groundare=10") == [
        "[GM] Groundare spends 10 END: END 0; out of END, 2d6 STUN instead: 9 (4 5), STUN 16."
    ]
    assert _do(world, gm, "+push Groundare=11") == ["A Push is 0 to 10 points."]
    assert _do(world, gm, "+heal Groundare=end 5") == ["[GM] Groundare regains 5 END: now 5 of 20."]
    assert _do(world, gm, "+heal Groundare") == ["[GM] Groundare is fully healed: STUN 25, BODY 10, END 20."]
    sheet = _sheet(world, "Groundare")
    assert (sheet.current_stun, sheet.current_end) == (25, 20)
    assert _do(world, gm, "+heal Groundare=mana 5") == [
        "Usage: +HEAL <name>=<stun|body|end> <amount>"
    ]


def test_starfire_move_by(world, gm):
    """RULES MANEUVER MOVE BY: STR 20 at 20" is 6d6; 24 STUN 6 BODY; Starfire takes 8 STUN 2 BODY."""
    _npc(gm, "Starfire", STR=20, PD=20)
    _npc(gm, "Soundwave", PD=10, STUN=40, CON=20)
    world.set_dice(4, 4, 4, 4, 4, 4)
    assert _do(world, gm, "+moveby Starfire=20 Soundwave") == [
        ('[GM] Starfire Moves By at 20" (OCV -2, DCV -2): 6d6 normal, 24 STUN, 6 BODY (4 4 4 4 4 4). '
        "Soundwave takes 14 STUN and 0 BODY (24 STUN - 10 PD, 6 BODY - 10 PD). Now STUN 26, BODY 10. "
        "Starfire takes 1/3 of it, 8 STUN 2 BODY: Starfire takes 0 STUN and 0 BODY (8 STUN - 20 PD, "
        "2 BODY - 20 PD). Now STUN 25, BODY 10. [id]")
    ]


def test_starfire_move_through_ox(world, gm):
    """RULES MANEUVER MOVE THROUGH 2: 10 1/2d6, 38 STUN 11 BODY, Ox takes 8 STUN, 4" KB, Starfire 19/6."""
    _npc(gm, "Starfire", STR=20, PD=20)
    _npc(gm, "Ox", PD=30, STUN=60)
    world.set_dice(6, 6, 5, 4, 4, 4, 3, 2, 1, 1, 4, 3, 4, 2, 2)
    assert _do(world, gm, "+movethrough Starfire=20 Ox") == [
        ('[GM] Starfire Moves Through at 20" (OCV -4, DCV -3): 10½d6 normal, 38 STUN, 11 BODY '
        "(6 6 5 4 4 4 3 2 1 1 ½:2). Ox takes 8 STUN and 0 BODY (38 STUN - 30 PD, 11 BODY - 30 PD). "
        'Now STUN 52, BODY 10. KB 11 BODY - 7 (3 4) = 4" knockback. Ox flies back 4" and lands. Lying on the ground: '
        "1/2 DCV; standing up takes a 1/2 Phase. Landing: 2d6 normal, 4 STUN, 2 BODY (2 2). Ox takes 0 STUN and "
        "0 BODY (4 STUN - 30 PD, 2 BODY - 30 PD). Now STUN 52, BODY 10. "
        'Starfire takes half of it, 19 STUN 6 BODY: '
        "Starfire takes 0 STUN and 0 BODY (19 STUN - 20 PD, 6 BODY - 20 PD). Now STUN 25, BODY 10. [id]")
    ]


def test_move_through_without_knockback_costs_the_attacker_everything(world, gm):
    _npc(gm, "Brick", STR=10, PD=2)
    world.set_dice(1, 1, 1, 6, 6)  # 3d6 (2 STR + 1 for 3"), 0 BODY; KB 0 - 12: none
    out = _do(world, gm, "+movethrough Brick=3")
    assert out == [
        ('[GM] Brick Moves Through at 3" (OCV -1, DCV -3): 3d6 normal, 3 STUN, 0 BODY (1 1 1). KB 0 BODY - 12 (6 6): '
        "no knockback. Brick takes all of it (no Knockback), 3 STUN 0 BODY: Brick takes 1 STUN and 0 BODY "
        "(3 STUN - 2 PD, 0 BODY - 2 PD). Now STUN 19, BODY 10. [id]")
    ]


def test_titanos_pulls_his_punch(world, gm):
    """RULES MANEUVER PULL PUNCH: 17d6 at -6 OCV; 56 STUN 17 BODY does 56 STUN 9 BODY."""
    _npc(gm, "Titanos", STR=85)
    _npc(gm, "Agent", PD=5, STUN=80, CON=60)
    world.set_dice(*[4] * 5, *[3] * 12, 6, 6)
    assert _do(world, gm, "+pullpunch Titanos=Agent") == [
        ("[GM] Titanos Pulls a Punch (OCV -6, DCV +0): 17d6 normal, 56 STUN, 17 BODY pulled to 9 BODY "
        "(4 4 4 4 4 3 3 3 3 3 3 3 3 3 3 3 3). Agent takes 51 STUN and 4 BODY (56 STUN - 5 PD, 9 BODY - 5 PD). "
        "Now STUN 29, BODY 6. KB 9 BODY - 12 (6 6): no knockback. [id]")
    ]


def test_haymaker_adds_four_dc(world, gm):
    """RULES ADDING DAMAGE: STR 23 + Haymaker (+4 DC) -> 8 1/2d6."""
    _npc(gm, "Brute", STR=23)
    world.set_dice(*[2] * 8, 6)
    assert _do(world, gm, "+haymaker Brute") == [
        ("[GM] Brute Haymakers (OCV +0, DCV -5, 1/2 Phase and an extra Segment): 8½d6 normal, 19 STUN, 9 BODY "
        "(2 2 2 2 2 2 2 2 ½:3). [id]")
    ]


def test_maneuver_table_and_one_row(world):
    alice = world.login("Alice")
    assert alice.do("+maneuver move th") == [
        "Maneuver      Phase  OCV   DCV  Effect",
        "------------  -----  ----  ---  ----------------------------------------------",
        "Move Through  ½†     -v/5  -3   STR + (v/3)D6; attacker takes 1/2 damage, or",
        "                                full damage if the target takes no Knockback",
    ]
    table = alice.do("+maneuver")
    assert max(len(line) for line in table) <= 78
    assert sum(1 for line in table if line.startswith(("Haymaker ", "Pull Punch "))) == 2
    assert alice.do("+maneuver move")[0].startswith("No single maneuver matches 'move'")


def test_gm_commands_say_so_under_other_rulesets():
    world = make_world(ruleset="ptb")
    gm = world.login("Gina", role=Role.STAFF)
    assert _do(world, gm, "+damage Gina=10 2") == ["That command is for the Champions rules; this game uses ptb."]


def test_multiple_move_by_stops_hitting_after_the_first_miss(world, gm):
    """RULES MANEUVER MOVE BY 2: 3 targets -> -6 OCV on each; rolled in path order; after the
    first miss every later attack misses, unrolled. Each hit does the Move By's 6d6 (Starfire)."""
    _npc(gm, "Starfire", STR=20, PD=20, OCV=7)
    _npc(gm, "Viper", DCV=5, PD=10, STUN=40, CON=20)
    _npc(gm, "Ox", DCV=4)
    _npc(gm, "Mechanon", DCV=6)
    world.set_dice(2, 2, 2, 4, 4, 4, 4, 4, 4, 5, 5, 5)
    assert _do(world, gm, "+moveby/multiple Starfire=20 Viper Ox Mechanon") == [
        ('[GM] Starfire makes a Multiple Move By at 20" on 3 targets: OCV 7 - 6 = 1 on every attack, DCV -2; '
        "6d6 normal on each hit."),
        ("1. Viper (DCV 5, 7-): 6 (2 2 2): hits; hits DCV 6 or less. 6d6 normal, 24 STUN, 6 BODY (4 4 4 4 4 4). "
        "Viper takes 14 STUN and 0 BODY (24 STUN - 10 PD, 6 BODY - 10 PD). Now STUN 26, BODY 10. Starfire takes "
        "1/3 of it, 8 STUN 2 BODY: Starfire takes 0 STUN and 0 BODY (8 STUN - 20 PD, 2 BODY - 20 PD). Now STUN 25, BODY 10."),
        "2. Ox (DCV 4, 8-): 15 (5 5 5): misses; hits DCV -3 or less.",
        "3. Mechanon: missed, as every attack after the first miss.",
        "1 of 3 hit: Viper. [id]",
    ]
    assert world.roller.remaining == 0  # nothing rolled for Mechanon
    assert (_sheet(world, "Ox").current_stun, _sheet(world, "Mechanon").current_stun) == (20, 20)


def test_multiple_move_by_circles_one_target_and_takes_given_dcvs(world, gm):
    """One hit per 6" on a single target; each attack reads the sheet again, so a target Knocked
    Out by the first hit is at DCV 0 for the next; name:DCV and a bare DCV are given DCVs."""
    _npc(gm, "Starfire", STR=20, PD=20, OCV=7)
    _npc(gm, "Viper", DCV=5, PD=0, STUN=3, CON=20)
    # 12": 2d6 STR + 2d6 velocity = 4d6; two attacks -4 OCV -> OCV 3
    world.set_dice(3, 3, 3)
    out = _do(world, gm, "+moveby/multiple Starfire=12 Viper, Viper, 2")
    assert out[0] == ('[GM] Starfire makes a Multiple Move By at 12" on 3 targets: OCV 7 - 6 = 1 on every attack, '
                      'DCV -2; 4d6 normal on each hit.')
    assert out[1].startswith("1. Viper (DCV 5, 7-): 9 (3 3 3): misses")
    assert out[2:] == ["2. Viper: missed, as every attack after the first miss.",
                       "3. target 3: missed, as every attack after the first miss.", "0 of 3 hit. [id]"]
    world.set_dice(1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 1, 1, 1, 1)
    out = _do(world, gm, "+moveby/multiple Starfire=12 Viper Viper")
    assert out[1].startswith("1. Viper (DCV 5, 9-): 3 (1 1 1): a 3 always hits. 4d6 normal, 4 STUN, 0 BODY (1 1 1 1). "
                             "Viper takes 4 STUN and 0 BODY (4 STUN - 0 PD, 0 BODY - 0 PD): Knocked Out.")
    assert out[2].startswith("2. Viper (DCV 0, 14-): 13 (1 6 6): hits")
    assert "(8 STUN doubled against the Knocked Out - 0 PD" in out[2]
    assert out[3] == "2 of 2 hit: Viper, Viper. [id]"
    world.set_dice(4, 4, 4, 1, 1, 1, 1, 2, 2, 2)
    out = _do(world, gm, "+moveby/multiple Starfire=12 Viper:2, 9")
    assert out[1].startswith("1. Viper (DCV 2, 12-): 12 (4 4 4): hits")
    assert out[2:] == ["2. target 2 (DCV 9, 5-): 6 (2 2 2): misses; hits DCV 8 or less.", "1 of 2 hit: Viper. [id]"]
    assert gm.do("+moveby/multiple Starfire=11 Viper Viper") == [
        'Circling Viper hits at most once per 6" moved: 1 at 11".'
    ]


_MULTI_USAGE = "Usage: +MOVEBY/MULTIPLE <attacker>=<velocity> <target> [<target> ...]"


@pytest.mark.parametrize(("bad", "message"), [
    ("Starfire=20", _MULTI_USAGE), ("Starfire=x Viper", _MULTI_USAGE),
    ("Starfire=20 Nobody", "There is no character called 'Nobody'."), ("Starfire Viper", _MULTI_USAGE),
    ("Starfire=20 " + " ".join(["Viper"] * 11), "At most 10 attacks in one Multiple Move By."),
])
def test_multiple_move_by_bad_input(world, gm, bad, message):
    _npc(gm, "Starfire", STR=20)
    _npc(gm, "Viper")
    assert gm.do(f"+moveby/multiple {bad}") == [message]
    assert _sheet(world, "Viper").stun is None


def test_kb_rooting_holds_or_gives_way_all_at_once(world, gm):
    """RULES KNOCKBACK 6: 1" per 1" of Flight or 5 STR; KB over the resistance by even 1" all takes effect."""
    _npc(gm, "Ox")
    world.set_dice(3, 4)  # 9 - 7 = 2": held by 10 STR (2")
    assert _do(world, gm, "+kb Ox=9 root str 10") == [
        '[GM] Ox (rooted with 10 STR: resists 2"): KB 9 BODY - 7 (3 4) = 2": resisted by rooting. [id]'
    ]
    assert _sheet(world, "Ox").current_stun == 20
    world.set_dice(3, 4, 2, 4)  # 10 - 7 = 3" > 2": all 3", landing 1 1/2d6
    assert _do(world, gm, "+kb Ox=10 root flight 1 str 5") == [
        ('[GM] Ox (rooted with 1" of Flight and 5 STR: resists 2"): KB 10 BODY - 7 (3 4) = 3" knockback. '
        'That is more than the 2" rooted: all of it takes effect. Ox flies back 3" and lands. Lying on the ground: '
        "1/2 DCV; standing up takes a 1/2 Phase. Landing: 1½d6 normal, 4 STUN, 2 BODY (2 ½:2). Ox takes 2 STUN "
        "and 0 BODY (4 STUN - 2 PD, 2 BODY - 2 PD). Now STUN 18, BODY 10. [id]")
    ]


def test_kb_flyer_rolls_dex_to_stay_aloft(world, gm):
    """RULES KNOCKBACK 6: a flyer knocked back into nothing rolls DEX at -1 per 2" (8": -4) to stay up;
    failing it low, the regular KB damage; high up, a fall; Breakfall may stand in for DEX."""
    _npc(gm, "Ox", DEX=18)  # DEX roll 13-, at -4: 9-
    world.set_dice(3, 2, 2, 2)
    assert _do(world, gm, "+kb Ox=11 flying") == [
        ('[GM] Ox (Target is in the air): KB 11 BODY - 3 (3) = 8" knockback. Ox is knocked back 8" in the air; '
        "DEX roll to stay aloft at -4: 6 (2 2 2): made by 3. Ox stays in the air at full DCV. [id]")
    ]
    assert _sheet(world, "Ox").current_stun == 20
    world.set_dice(3, 4, 3, 3, 1, 1, 1, 1)  # 10 misses 9-: down 1", landing 4d6
    assert _do(world, gm, "+kb Ox=11 flying") == [
        ('[GM] Ox (Target is in the air): KB 11 BODY - 3 (3) = 8" knockback. Ox is knocked back 8" in the air; '
        "DEX roll to stay aloft at -4: 10 (4 3 3): missed by 1. Ox drops the inch or two to the ground and takes "
        "the Knockback damage. Lying on the ground: 1/2 DCV; standing up takes a 1/2 Phase. Landing: 4d6 normal, "
        "4 STUN, 0 BODY (1 1 1 1). Ox takes 2 STUN and 0 BODY (4 STUN - 2 PD, 0 BODY - 2 PD). Now STUN 18, BODY 10. [id]")
    ]
    world.set_dice(3, 4, 3, 3)
    assert _do(world, gm, "+kb Ox=11 flying high") == [
        ('[GM] Ox (Target is in the air): KB 11 BODY - 3 (3) = 8" knockback. Ox is knocked back 8" in the air; '
        "DEX roll to stay aloft at -4: 10 (4 3 3): missed by 1. Ox falls: Falling damage, not Knockback damage, "
        "unless the fall is stopped (the GM rolls it). [id]")
    ]
    _npc(gm, "Jet", DEX=10, Breakfall=15)  # Breakfall 15- beats DEX 11-: at -4, 11-
    world.set_dice(3, 4, 4, 3)
    assert "Breakfall roll to stay aloft at -4: 11 (4 4 3): made by 0. Jet stays in the air" in _do(
        world, gm, "+kb Jet=11 flying")[0]
    world.set_dice(3, 1, 1, 1, 1)  # into a wall: it hit something, no DEX roll
    assert "DEX roll" not in _do(world, gm, "+kb Ox=11 flying wall 2 2")[0]


def test_damage_rolled_with_hit_locations(world, gm):
    """+damage ... kd6/nd6 <dice> loc: the 5E hit location table (3d6 after the damage dice) sets the
    killing STUNx, the normal N STUN, and the BODYx on the BODY through defenses."""
    _npc(gm, "Assaulter", PD=10, rPD=6, BODY=12, STUN=40, CON=23)
    world.set_dice(4, 3, 3, 1, 1, 2)  # Assaulter's 3d6 = 10 BODY; 4 on 3d6: Head, STUNx5, BODYx2
    assert _do(world, gm, "+damage Assaulter=kd6 3 loc") == [
        ("[GM] Assaulter is hit by a physical attack: 3d6 killing: 10 BODY, x5, 50 STUN (4 3 3; Head on 1 1 2, "
        "BODY x2 after defenses). Assaulter takes 34 STUN and 8 BODY (50 STUN - 16 PD, 10 BODY - 6 rPD, "
        "BODY x2 for the Head): Stunned. Now STUN 6, BODY 4. [id]")
    ]
    _npc(gm, "Viper", ED=3, STUN=60, CON=30)
    world.set_dice(5, 3, 4, 2, 1, 1, 6, 4, 2, 3, 6, 6, 6)  # BattleStar's 31 STUN 9 BODY; 18: Feet, x1/2
    assert _do(world, gm, "+damage Viper=nd6 10 loc energy") == [
        ("[GM] Viper is hit by an energy attack: 10d6 normal: 16 STUN, 9 BODY (5 3 4 2 1 1 6 4 2 3), Feet "
        "(STUN x1/2, BODY x1/2 after defenses). Viper takes 13 STUN and 3 BODY (16 STUN - 3 ED, 9 BODY - 3 ED, "
        "BODY x1/2 for the Feet). Now STUN 47, BODY 7. [id]")
    ]


@pytest.mark.parametrize(("line", "message"), [
    ("Viper=30 10 loc", "Hit locations (loc) go with rolled damage: +damage <target>=nd6 <dice> loc."),
    ("Viper=kd6 3 isnm 1 loc", "Hit locations set the multiplier; leave out isnm."),
    ("Viper=kd6 3 x3 loc", "Choose one of a fixed multiplier (x3), /6e and /loc."),
])
def test_damage_hit_locations_bad_input(world, gm, line, message):
    _npc(gm, "Viper")
    world.set_dice(1, 1, 1, 1, 1, 1)
    assert gm.do(f"+damage {line}") == [message]
    assert _sheet(world, "Viper").stun is None and world.roller.remaining == 6
