"""Sheets through the command layer: +sheet, +stat, +stat/set, +approve, +npc, GMCP Char.Vitals."""

from champions_mush.commands.dispatch import PERMISSION_DENIED
from champions_mush.game.sheets import get_sheet
from champions_mush.game.world import Game

from ..harness import answer_at_width, make_world


def test_sheet_of_a_new_character_at_78_columns(alice):
    assert alice.do("+sheet") == [
        "=" * 28 + " Alice (not approved) " + "=" * 28,
        "Built by hand.",
        "Char  Val  Pts  Roll  Char  Val  Pts  Roll  Char  Val  Pts  Roll",
        "----  ---  ---  ----  ----  ---  ---  ----  ----  ---  ---  ----",
        "STR   10   0    11-   DEX   10   0    11-   CON   10   0    11-",
        "BODY  10   0    11-   INT   10   0    11-   EGO   10   0    11-",
        "PRE   10   0    11-   COM   10   0    11-   PD    2    0",
        "ED    2    0          SPD   2    0          REC   4    0",
        "END   20   0          STUN  20   0          Run   6\"   0",
        "Swim  2\"   0          Leap  2\"   0",
        "-" * 78,
        "Points: 0 spent of 200 base + 0 disadvantages + 0 XP = 200: 200 left.",
        "Defenses: PD 2 (0 resistant), ED 2 (0 resistant).",
        "OCV 3  DCV 3",
        "STUN 20/20  BODY 10/10  END 20/20",
        "Conditions: none",
    ]


def test_sheet_fits_a_narrow_client(alice):
    out = answer_at_width(alice, "+sheet", 40)
    assert out[2:5] == ["Char  Val  Pts  Roll", "----  ---  ---  ----", "STR   10   0    11-"]


def test_player_sets_own_values_and_figured_values_follow(world, alice):
    assert alice.do("+stat STR=20") == ["STR is now 20 (10 points; 190 left)."]
    assert alice.do("+stat con=18") == ["CON is now 18 (16 points; 174 left)."]
    sheet = get_sheet(world.game, alice.character)
    # 5E: PD = STR/5, ED = CON/5 (3.6 -> 4), REC = 4 + 3.6 -> 8, END = 36, STUN = 10 + 10 + 9
    assert (sheet.base("PD"), sheet.base("ED"), sheet.base("REC"), sheet.base("END"), sheet.base("STUN")) == (4, 4, 8, 36, 29)
    assert alice.do("+stat PD=12") == ["PD is now 12 (8 points; 166 left)."]
    assert alice.do("+stat PD=") == ["PD is back to 4 (0 points; 174 left)."]
    assert alice.do("+stat rPD=6") == ["rPD is now 6."]


def test_bad_stat_values_are_refused_briefly(world, alice):
    assert alice.do("+stat STR=lots") == ["STR needs a whole number, not 'lots'."]
    assert alice.do("+stat SPD=13") == ["SPD must be between 1 and 12."]
    assert alice.do("+stat BODY=0") == ["BODY must be at least 1."]
    assert alice.do("+stat STR=-5") == ["STR cannot be negative."]
    assert alice.do("+stat STR") == ["Usage: +STAT <characteristic>=<value>", "       +STAT <characteristic>=",
                                     "       +STAT <skill>=<roll>", "       +STAT <skill>="]
    assert alice.do("+stat Stealth=sneaky") == [
        "'sneaky' is not a skill roll: use a number like 12 or a characteristic like DEX+1."
    ]
    assert world.store.get("sheet", str(alice.character.id)) is None


def test_skills_are_kept_and_removed(alice):
    assert alice.do("+stat Breakfall=12-") == [
        "Breakfall is not a characteristic, so it is kept as a skill: Breakfall 12."
    ]
    assert alice.do("+stat Paramedic=INT+2") == [
        "Paramedic is not a characteristic, so it is kept as a skill: Paramedic INT+2."
    ]
    assert alice.do("+sheet")[-1] == "Skill rolls set by hand: Breakfall 12, Paramedic INT+2"
    assert alice.do("+stat breakfall=") == ["Skill breakfall removed."]
    assert alice.do("+stat Lockpicking=") == ["There is no skill 'Lockpicking' to clear."]


def test_approval_locks_the_sheet_for_the_player_not_for_staff(alice, gm):
    alice.do("+stat STR=20")
    assert gm.do("+approve/force Alice") == ["Alice's sheet is approved."]
    assert alice.lines[-1] == "Gina has approved your sheet."
    assert alice.do("+stat STR=60") == [
        "Your sheet is approved: ask staff to change it (or to unapprove it for a rebuild)."
    ]
    assert gm.do("+approve Alice") == ["Alice's sheet is already approved."]
    assert gm.do("+stat/set Alice/STR=25") == ["Alice: STR is now 25."]
    assert alice.do("+sheet")[0] == "=" * 30 + " Alice (approved) " + "=" * 30
    assert gm.do("+approve/revoke Alice") == ["Alice's sheet is no longer approved; they may change it again."]
    assert alice.do("+stat STR=30") == ["STR is now 30 (20 points; 180 left)."]


def test_players_are_refused_staff_parts(world, alice):
    world.login("Bob")
    assert alice.do("+stat/set Bob/STR=90") == [PERMISSION_DENIED]
    assert alice.do("+approve Alice") == [PERMISSION_DENIED]
    assert alice.do("+npc/create Viper") == [PERMISSION_DENIED]
    assert world.store.all("sheet") == {}


def test_stat_set_logs_the_staff_action_and_sets_conditions(world, gm):
    world.login("Ox")
    assert gm.do("+stat/set Ox/breath=yes") == ["Ox: Holding breath: yes."]
    assert gm.do("+stat/set Ox/stunned=maybe") == ["stunned is yes or no."]
    assert world.store.tail("staff", 5)[-1].data["line"] == "+stat/set Ox/stunned=maybe"
    assert gm.do("+sheet Ox")[-1] == "Conditions: Holding breath"
    assert gm.do("+stat/set Ox=5") == [
        "Usage: +STAT/SET <name>/<characteristic>=<value>", "       +STAT/SET <name>/<skill>=<roll>",
        "       +STAT/SET <name>/breath=yes", "       +STAT/SET <name>/stunned=no", "       +STAT/SET <name>/stabilized=yes",
    ]


def test_npcs_are_made_here_and_their_sheets_kept_from_players(world, gm):
    alice = world.login("Alice")
    assert gm.do("+npc/create Viper") == [
        "NPC Viper is here, with a sheet of 10s: set it with +stat/set Viper/STR=20 and so on."
    ]
    viper = world.game.find_character("Viper")
    assert viper.npc and viper.location == gm.character.location
    assert gm.do("+npc/create Viper") == ["There is already a character called Viper."]
    assert gm.do("+npc/create x") == [("Names are 2-30 letters and digits, starting with a letter; words are joined by "
                                      "one space or one hyphen. Usage: +NPC/CREATE <name>")]
    assert alice.do("+sheet Viper") == ["Viper's sheet is kept by staff."]
    assert gm.do("+sheet Viper")[0] == "=" * 32 + " Viper (NPC) " + "=" * 33
    assert gm.do("+npc") == [
        "NPC    Where       STUN/BODY/END",
        "-----  ----------  -------------",
        "Viper  Hero Plaza  20/10/20",
    ]
    assert gm.do("+npc/destroy Alice") == ["Alice is not an NPC."]
    assert gm.do("+npc/destroy Viper") == ["NPC Viper is gone."]
    assert world.game.find_character("Viper") is None
    assert gm.do("+npc/list") == ["There are no NPCs. Make one with +npc/create <name>."]


def test_sheets_persist_across_a_restart(world, alice):
    alice.do("+stat DEX=23")
    reloaded = Game(world.store, config=world.game.config)
    assert get_sheet(reloaded, reloaded.find_character("Alice")).base("DEX") == 23


def test_gmcp_vitals_follow_current_values(alice, gm):
    alice.clear()
    gm.do("+damage Alice=7 3")
    assert alice.gmcp == [("Char.Vitals", {
        "stun": 15, "maxstun": 20, "body": 9, "maxbody": 10, "end": 20, "maxend": 20, "conditions": [],
    })]
    alice.clear()
    alice.do("+stat INT=13")  # no change to STUN, BODY or END: no message
    assert alice.gmcp == []


def test_sheet_commands_are_for_champions_only():
    world = make_world(ruleset="animouch")
    alice = world.login("Alice")
    assert alice.do("+sheet") == ["That command is for the Champions rules; this game uses animouch."]
