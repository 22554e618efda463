"""Screen-reader mode (+client/reader on, MTTS bit 64): what a listener gets from every command
that draws a table, a rule or a banner (docs/player-guide.md, "Screen readers")."""

import re

import pytest

from champions_mush.commands.base import Role
from champions_mush.commands.table import build_table
from champions_mush.rules.dice import FixedRoller

from ..harness import make_world

_FILL = "-=_~*#"
_BOX = re.compile("[\u2500-\u259f]")


def decoration(line: str) -> bool:
    """A rule, an underline, a banner (``----- [X] -----``, ``== X ==``) or box drawing."""
    body = line.strip()
    if _BOX.search(body):
        return True
    if len(body) >= 3 and not body.strip(_FILL + " "):
        return True
    return bool(re.fullmatch(r"([-=_~*#])\1+.*\1\1", body)) and len(body) > 4


#: Commands that draw tables, rules or banners, typed by staff (Gina) in a game with a fight,
#: an NPC, a HERO sheet, a board post, mail and a scene.
TABLE_COMMANDS = [
    "+sheet", "+sheet Viper", "+combat/status", "+combat/log", "+npc", "+maneuver", "+finger Gina", "@mail",
    "@mail 1", "+bbread", "+bbread 1", "+bbread 1/1", "+jobs", "+job 1", "+xp", "+xp Gina", "+disads", "+dice/log",
    "+where", "who", "+client", "comlist", "@clist", "+scene/list", "+scene/view 1", "+help", "+help +sheet",
    "+help +client settings", "rules", "rules strike", "rules speed chart", "news", "index", "+power/list",
    "+approve", "+help/search sheet",
]


@pytest.fixture
def staff():
    world = make_world(roller=FixedRoller([3, 4, 5, 2, 6, 1] * 40))
    gina = world.login("Gina", role=Role.ADMIN)
    alice = world.login("Alice")
    for line in ("+npc/create Viper", "+stat STR=20", "+power Zap=eb 8d6", "+bbnewgroup Public",
                 "+bbpost 1/Hello=First post.", "@mail Alice=Hi/Hello there.", "+request Help=Please.",
                 "+scene/start Brawl", "pose waves.", "+scene/stop", "+combat/start", "+combat/join Gina",
                 "+combat/join Viper", "+combat/next", "@ccreate Public", "addcom pub=Public"):
        gina.do(line)
    alice.do("@mail Gina=Re/Thanks.")
    gina.aloud = True
    gina.clear()
    return world, gina


@pytest.mark.parametrize("line", TABLE_COMMANDS)
def test_no_decoration_read_aloud(staff, line):
    _world, gina = staff
    out = gina.do(line)
    assert out, line
    assert [x for x in out if decoration(x)] == []


def test_every_command_bare_read_aloud_has_no_decoration(staff):
    """Every command in the table, typed with no arguments, in screen-reader mode."""
    _world, gina = staff
    for command in build_table().commands:
        if command.key in ("quit", "logout", "@shutdown", "@reboot", "@restart", "+sheet/import"):
            continue
        for name in command.names[:1]:
            out = gina.do(name)
            assert [x for x in out if decoration(x)] == [], name


def test_the_same_commands_drawn_for_a_sighted_player_do_have_rules(staff):
    """The check above can fail: without the screen reader these draw rules and underlines."""
    _world, gina = staff
    gina.aloud = False
    for line in ("+sheet", "+npc", "+maneuver", "+finger Gina", "rules strike", "index"):
        assert any(decoration(x) for x in gina.do(line)), line


def test_a_table_is_read_as_label_value_lines(staff):
    _world, gina = staff
    assert gina.do("+npc") == ["NPC: Viper, Where: Hero Plaza, STUN/BODY/END: 20/10/20"]
    maneuvers = gina.do("+maneuver")
    assert maneuvers[0] == ("Maneuver: Block, Phase: ½, OCV: +0, DCV: +0, Effect: Block roll, OCV vs the attacker's "
                            "OCV, stops a HTH attack; -2 OCV each later Block; the blocker acts first next; Abort")
    assert "Maneuver: Haymaker, Phase: ½*, OCV: +0, DCV: -5, Effect: +4 Damage Classes to any attack" in maneuvers


def test_combat_status_is_one_line_per_fighter_after_the_fight_line(staff):
    _world, gina = staff
    assert gina.do("+combat/status") == [
        "[Combat] Fight #1 run by Gina (auto): Turn 1, Segment 12, Gina's Phase.",
        "Name: Gina, DEX: 10, SPD: 2, STUN: 25/25, BODY: 10/10, END: 20/20, DCV: 3, Conditions: -",
        "Name: Viper, DEX: 10, SPD: 2, STUN: 20/20, BODY: 10/10, END: 20/20, DCV: 3, Conditions: -",
    ]


def test_the_sheet_reads_who_how_hurt_then_each_characteristic(staff):
    _world, gina = staff
    sheet = gina.do("+sheet")
    assert sheet[:5] == ["Gina, not approved.", "STUN 25 of 25, BODY 10 of 10, END 20 of 20.",
                         "Conditions: none.", "Built by hand.", "STR: 20, 10 points, roll 13-"]
    assert "Powers, 40 points:" in sheet
    assert "#1 Zap: Energy Blast 8d6: 40 points, 4 END" in sheet


def test_a_roll_reads_its_result_before_its_dice(staff):
    world, gina = staff
    world.set_dice(3, 4, 5)
    assert _ids(gina.do("+hit 8 5")) == [("[Dice] Gina rolls to hit, OCV 8 vs DCV 5 (14-): 12: hits; hits DCV 7 or "
                                         "less. Dice 3 4 5. [id]")]
    world.set_dice(6, 5, 2)
    assert _ids(gina.do("+kd6 2")) == ["[Dice] Gina rolls 2d6 killing: 11 BODY, x1, 11 STUN. Dice 6 5; multiplier die 2. [id]"]
    gina.aloud = False
    world.set_dice(3, 4, 5)
    assert _ids(gina.do("+hit 8 5")) == [("[Dice] Gina rolls to hit, OCV 8 vs DCV 5 (14-): 12 (3 4 5): hits; hits DCV 7 "
                                         "or less [id]")]


def _ids(lines):
    return [re.sub(r"\[r[0-9a-z]+\]$", "[id]", line) for line in lines]


def test_a_list_laid_out_by_hand_is_read_with_commas(staff):
    _world, gina = staff
    assert gina.do("+where") == ["Where, Who", "Hero Plaza (#1), Alice, Gina"]
    assert gina.do("who")[:2] == ["Player Name, On For  Idle  Site", "Gina, 00:00, 0s  127.0.0.1"]
