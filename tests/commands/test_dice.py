"""Dice commands through the command layer with fixed dice: +d6, +nd6, +kd6, +roll, +hit, +dice."""

import pytest

from champions_mush.commands.base import Role
from champions_mush.rules.dice import FixedRoller

from ..harness import make_world, private_roll

BATTLESTAR = (5, 3, 4, 2, 1, 1, 6, 4, 2, 3)


def _world(*faces, **config):
    world = make_world(roller=FixedRoller(faces), **config)
    return world


def test_nd6_battlestar_line_seen_by_the_room():
    """RULES NORMAL DAMAGE 2: 10d6 showing 5 3 4 2 1 1 6 4 2 3 is 31 STUN, 9 BODY."""
    world = _world(*BATTLESTAR)
    star = world.login("BattleStar")
    tangler = world.login("Tangler")
    out = star.do("+nd6 10")
    line = "[Dice] BattleStar rolls 10d6 normal: 31 STUN, 9 BODY (5 3 4 2 1 1 6 4 2 3) [r1]"
    assert out == [line]
    assert tangler.lines == [line]


def test_d6_shows_faces_and_total_with_a_note():
    world = _world(*BATTLESTAR)
    star = world.login("BattleStar")
    assert star.do("+d6 10=by hand") == [
        '[Dice] BattleStar rolls 10d6 for "by hand": 5 + 3 + 4 + 2 + 1 + 1 + 6 + 4 + 2 + 3 = 31 [r1]'
    ]


def test_nd6_note_half_die_and_decimal_amounts():
    world = _world(4, 3, 5, 6)
    alice = world.login("Alice")
    assert alice.do("+nd6 1 1/2=Energy Blast at Viper") == [
        '[Dice] Alice rolls 1½d6 normal for "Energy Blast at Viper": 6 STUN, 1 BODY (4 ½:2) [r1]'
    ]
    # 4.5 is the same amount as 4 1/2; the half die on a raw 6 counts 3 STUN and 1 BODY
    world.set_dice(1, 1, 1, 1, 6)
    assert alice.do("+nd6 4.5") == ["[Dice] Alice rolls 4½d6 normal: 7 STUN, 1 BODY (1 1 1 1 ½:3) [r2]"]


def test_nd6_with_knockback_and_hit_location():
    # Equinox (RULES KNOCKBACK 2): 35 STUN, 11 BODY; 11 - 7 on 2d6 = 4"
    world = _world(6, 6, 6, 6, 6, 5, 4, 3, 3)
    eq = world.login("Equinox")
    assert eq.do("+nd6/kb 6") == [
        '[Dice] Equinox rolls 6d6 normal: 35 STUN, 11 BODY (6 6 6 6 6 5); KB 11 BODY - 7 (4 3) = 4" knockback [r1]'
    ]
    world.set_dice(2, 2, 1, 1, 1)  # head: 3 on 3d6
    assert eq.do("+nd6/loc 2") == [
        "[Dice] Equinox rolls 2d6 normal: 8 STUN, 2 BODY (2 2), Head (STUN x2, BODY x2 after defenses) [r2]"
    ]


_ND6_USAGE = "Usage: +ND6 <dice>[=<note>]"
_NOT_DICE = "is not an amount of dice (try 10, 4 1/2 or 1d6+1)."


@pytest.mark.parametrize(("bad", "why"), [
    ("banana", f"'banana' {_NOT_DICE} "), ("-3", "A dice amount needs at least one die or pip. "),
    ("100000", "That is too many dice: 200 at most. "), ("", ""), ("1/3", f"'1/3' {_NOT_DICE} "),
    ("4 1/2 1/2", f"'4 1/2 1/2' {_NOT_DICE} "),
])
def test_bad_amounts_get_one_usage_line(bad, why):
    world = _world(1)
    alice = world.login("Alice")
    bob = world.login("Bob")
    assert alice.do(f"+nd6 {bad}") == [why + _ND6_USAGE]
    assert bob.lines == []
    assert world.store.tail("rolls", 5) == []


def test_d6_refuses_zero_and_too_many():
    world = _world(1)
    alice = world.login("Alice")
    usage = ["Usage: +D6 <n>[=<note>]"]
    assert alice.do("+d6 0") == usage
    assert alice.do("+d6 201") == usage
    assert alice.do("+d6 two") == usage


def test_kd6_assaulter_example():
    """RULES KILLING DAMAGE 2: 3d6 showing 4 3 3 with a multiplier die of 3: 10 BODY x2 = 20 STUN."""
    world = _world(4, 3, 3, 3)
    a = world.login("Assaulter")
    assert a.do("+kd6 3") == [
        "[Dice] Assaulter rolls 3d6 killing: 10 BODY, x2, 20 STUN (4 3 3; multiplier die 3) [r1]"
    ]


def test_kd6_multiplier_minimum_is_one_and_options():
    world = _world(5, 1)
    a = world.login("Claww")
    assert a.do("+kd6 1") == ["[Dice] Claww rolls 1d6 killing: 5 BODY, x1, 5 STUN (5; multiplier die 1) [r1]"]
    world.set_dice(5, 1)  # Increased STUN Multiplier +1: 1d6-1+1 = 1
    assert a.do("+kd6 1 isnm 1") == ["[Dice] Claww rolls 1d6 killing: 5 BODY, x1, 5 STUN (5; multiplier die 1) [r2]"]
    world.set_dice(5, 6)
    assert a.do("+kd6 1 isnm 2") == ["[Dice] Claww rolls 1d6 killing: 5 BODY, x7, 35 STUN (5; multiplier die 6) [r3]"]
    world.set_dice(4, 3)
    assert a.do("+kd6 1+1 x3") == ["[Dice] Claww rolls 1d6+1 killing: 5 BODY, x3, 15 STUN (4 +1; fixed multiplier) [r4]"]
    world.set_dice(4, 6)  # 6E: 1/2d6 on a 6 is 3
    assert a.do("+kd6/6e 1") == ["[Dice] Claww rolls 1d6 killing: 4 BODY, x3, 12 STUN (4; multiplier die 6) [r5]"]
    world.set_dice(4, 1, 1, 1)  # hit location 3: Head, STUNx 5
    assert a.do("+kd6/loc 1") == [
        "[Dice] Claww rolls 1d6 killing: 4 BODY, x5, 20 STUN (4; Head on 1 1 1, BODY x2 after defenses) [r6]"
    ]
    world.set_dice(6, 6, 3, 1, 1, 1)  # +1d6 KB for a killing attack: 12 - 3 = 9"
    assert a.do("+kd6/kb 2") == [
        '[Dice] Claww rolls 2d6 killing: 12 BODY, x2, 24 STUN (6 6; multiplier die 3); KB 12 BODY - 3 (1 1 1) = 9" knockback [r7]'
    ]


def test_kd6_refuses_mixed_options():
    world = _world(1)
    a = world.login("Claww")
    assert a.do("+kd6 2 x3 isnm 1") == ["A fixed multiplier already includes any Increased STUN Multiplier."]
    assert a.do("+kd6/6e 2 x3") == ["Choose one of a fixed multiplier (x3), /6e and /loc."]
    assert a.do("+kd6 2 wobble")[0].startswith("'2 wobble' is not an amount of dice")


def test_private_roll_goes_to_roller_and_staff_only():
    world = _world(*BATTLESTAR)
    star = world.login("Starfire")
    bob = world.login("Bob")
    gm = world.login("Gina", role=Role.STAFF)
    assert private_roll(star, "+nd6/private 10", gm, bob) == [
        "[Dice/private] Starfire rolls 10d6 normal: 31 STUN, 9 BODY (5 3 4 2 1 1 6 4 2 3) [r1]"]


def test_verify_and_privacy_of_the_roll_log():
    world = _world(*BATTLESTAR, 1, 2, 3)
    star = world.login("Starfire")
    bob = world.login("Bob")
    gm = world.login("Gina", role=Role.STAFF)
    star.do("+nd6 10=Punch")
    star.do("+d6/private 3")
    world.clock.advance(125)
    assert bob.do("+dice/verify r1") == [
        "Roll r1: Starfire rolled 10d6 normal: 31 STUN, 9 BODY (5 3 4 2 1 1 6 4 2 3) 2m ago."
    ]
    assert bob.do("+dice/verify R1") == bob.do("+dice/verify r1")
    assert bob.do("+dice/verify r2") == ["There is no roll 'r2' in the roll log."]
    assert star.do("+dice/verify r2") == ["Roll r2 (private): Starfire rolled 3d6: 1 + 2 + 3 = 6 2m ago."]
    assert gm.do("+dice/verify r2") == ["Roll r2 (private): Starfire rolled 3d6: 1 + 2 + 3 = 6 2m ago."]
    assert bob.do("+dice/verify zz9") == ["There is no roll 'zz9' in the roll log."]
    assert bob.do("+dice/verify") == ["Usage: +DICE/VERIFY <id>"]


def test_dice_log_players_see_public_rolls_staff_see_all():
    world = _world(*BATTLESTAR, 1, 2, 3)
    star = world.login("Starfire")
    bob = world.login("Bob")
    gm = world.login("Gina", role=Role.STAFF)
    star.do("+nd6 10")
    star.do("+d6/private 3")
    assert bob.do("+dice/log") == [
        "Recent rolls (newest last):",
        "    r1   0s ago  Starfire: 10d6 normal: 31 STUN, 9 BODY (5 3 4 2 1 1 6 4 2 3)",
    ]
    assert gm.do("+dice/log Starfire") == [
        "Rolls of Starfire (newest last):",
        "    r1   0s ago  Starfire: 10d6 normal: 31 STUN, 9 BODY (5 3 4 2 1 1 6 4 2 3)",
        "    r2   0s ago  Starfire (private): 3d6: 1 + 2 + 3 = 6",
    ]
    assert gm.do("+dice/log Bob") == ["Rolls of Bob: none."]
    assert gm.do("+dice") == ["Usage: +DICE/VERIFY <id>", "       +DICE/LOG [name]"]


def test_roll_against_number_characteristic_and_skill():
    world = _world(3, 4, 3)
    alice = world.login("Alice")
    assert alice.do("+roll 14") == ["[Dice] Alice rolls 3d6 vs 14-: 10 (3 4 3): made by 4 [r1]"]
    alice.do("+stat DEX=18")
    alice.do("+stat Breakfall=DEX+1")
    world.set_dice(6, 6, 5)
    assert alice.do("+roll DEX -2") == ["[Dice] Alice rolls 3d6 vs DEX (13-) at -2: 17 (6 6 5): missed by 6 [r2]"]
    world.set_dice(1, 1, 1)
    assert alice.do("+roll breakfall") == ["[Dice] Alice rolls 3d6 vs Breakfall (14-): 3 (1 1 1): a 3 always succeeds [r3]"]
    world.set_dice(6, 6, 6)
    assert alice.do("+roll 20") == ["[Dice] Alice rolls 3d6 vs 20-: 18 (6 6 6): an 18 always fails [r4]"]
    assert alice.do("+roll Lockpicking")[0].startswith("You have no skill or characteristic 'Lockpicking'")


def test_roll_and_d6_work_under_other_rulesets_but_nd6_does_not():
    world = _world(3, 4, 3, 1, 2)
    alice = world.login("Alice")
    world.game.config = type(world.game.config)(ruleset="ptb", password_cost=16)
    assert alice.do("+roll 12") == ["[Dice] Alice rolls 3d6 vs 12-: 10 (3 4 3): made by 2 [r1]"]
    assert alice.do("+d6 2") == ["[Dice] Alice rolls 2d6: 1 + 2 = 3 [r2]"]
    assert alice.do("+nd6 3") == ["That command is for the Champions rules; this game uses ptb."]
    assert alice.do("+roll DEX") == ["Roll against a number here (+roll 14); sheets are for the Champions rules."]


def test_hit_numbers_and_sheets():
    world = _world(2, 3, 2)
    star = world.login("Starfire")
    viper = world.login("Viper")
    assert star.do("+hit 8 6") == [
        "[Dice] Starfire rolls to hit, OCV 8 vs DCV 6 (13-): 7 (2 3 2): hits; hits DCV 12 or less [r1]"
    ]
    viper.do("+stat DCV=7")
    world.set_dice(4, 4, 4)
    assert star.do("+hit 4 Viper") == [
        "[Dice] Starfire rolls to hit, OCV 4 vs Viper's DCV 7 (8-): 12 (4 4 4): misses; hits DCV 3 or less [r2]"
    ]
    star.do("+stat DEX=24")  # OCV 8 from the sheet
    world.set_dice(1, 1, 1)
    assert star.do("+hit Viper") == [
        "[Dice] Starfire rolls to hit, OCV 8 vs Viper's DCV 7 (12-): 3 (1 1 1): a 3 always hits [r3]"
    ]
    world.set_dice(5, 5, 5)
    assert star.do("+hit 8") == ["[Dice] Starfire rolls to hit, OCV 8: 15 (5 5 5): hits DCV 4 or less [r4]"]
    assert star.do("+hit") == ["Usage: +HIT <ocv> <dcv>", "       +HIT <ocv> <target>", "       +HIT <target>",
                               "       +HIT <ocv>"]
    assert star.do("+hit 8 Nobody") == ["There is no character called 'Nobody'."]


def test_hit_against_a_stunned_or_knocked_out_sheet_uses_its_effective_dcv():
    """RULES DAMAGE EFFECTS: Stunned is ½ DCV, Knocked Out is DCV 0."""
    world = _world(4, 4, 4)
    star = world.login("Starfire")
    gm = world.login("Gina", role=Role.STAFF)
    viper = world.login("Viper")
    viper.do("+stat DCV=7")
    gm.do("+damage Viper=15 0")  # 15 STUN > CON 10: Stunned, STUN 5 left
    world.set_dice(4, 4, 4)
    assert star.do("+hit 4 Viper") == [
        ("[Dice] Starfire rolls to hit, OCV 4 vs Viper's (Stunned) DCV 4 (11-): 12 (4 4 4): misses; "
        "hits DCV 3 or less [r2]")
    ]
    gm.do("+damage Viper=10 0")
    world.set_dice(4, 4, 4)
    assert star.do("+hit 4 Viper")[0].startswith(
        "[Dice] Starfire rolls to hit, OCV 4 vs Viper's (Knocked Out) DCV 0 (15-): 12 (4 4 4): hits;")


def test_note_markup_is_shown_as_typed():
    world = _world(2)
    alice = world.login("Alice")
    out = alice.do("+d6 1=|rred")
    assert out == ['[Dice] Alice rolls 1d6 for "|rred": 2 = 2 [r1]']


def test_amount_forms_of_the_issue():
    world = _world(5, 1, 3, 1, 4, 6, 6)
    a = world.login("A")
    assert a.do("+nd6 1/2") == ["[Dice] A rolls ½d6 normal: 3 STUN, 1 BODY (½:3) [r1]"]
    assert a.do("+kd6 1d6-1") == ["[Dice] A rolls 1d6-1 killing: 0 BODY, x2, 0 STUN (1 -1; multiplier die 3) [r2]"]
    assert a.do("+kd6 1+1") == ["[Dice] A rolls 1d6+1 killing: 2 BODY, x3, 6 STUN (1 +1; multiplier die 4) [r3]"]
    assert a.do("+kd6 1/2") == ["[Dice] A rolls ½d6 killing: 3 BODY, x5, 15 STUN (½:3; multiplier die 6) [r4]"]
