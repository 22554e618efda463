"""The powers of the genre in one fight over telnet: a hero with an Entangle, a Flash and a Drain,
a villain with Mind Control and an Ego Attack, each used on its Phase (RULES ENTANGLE, FLASH,
DRAIN AND AID, EGO ATTACK, MENTAL POWERS; HERO 5E revised).

The server rolls fixed dice from a file (``CHAMPIONS_MUSH_TEST_DICE``). Starfire (DEX 23, SPD 4,
OCV 8, STR 20, CON 20: STUN 30, REC 8) and Mentalla, an NPC (DEX 14, SPD 4, EGO 20: ECV 7,
DCV 5), both act in Segments 3, 6, 9 and 12; +combat/status shows each effect as it lands.
"""

from __future__ import annotations

import pytest

from .helpers import serving_with_admin
from .test_fight_e2e import Dice, _act

pytestmark = pytest.mark.e2e

STATUS = "[Combat] Fight #1 run by Gwen (auto): Turn {turn}, Segment {segment}, {who}'s Phase.\n" \
         "Name      DEX  SPD  STUN   BODY   END    DCV  Conditions\n"


def test_a_hero_and_a_mentalist_use_entangle_drain_ego_attack_mind_control_and_flash(tmp_path, monkeypatch):
    dice = Dice(tmp_path / "dice.txt")
    monkeypatch.setenv("CHAMPIONS_MUSH_TEST_DICE", str(dice.path))
    with serving_with_admin(tmp_path / "data", "password_cost: 1024\ncommand_burst: 500\n") as (game, ada):
        gwen, star = game.login("Gwen"), game.login("Starfire")
        ada.send("@set Gwen=staff")
        gwen.expect("Ada made you staff.")
        ada.send("QUIT")
        for line in ("+stat DEX=23", "+stat SPD=4", "+stat OCV=8", "+stat STR=20", "+stat CON=20"):
            star.send(line)
            star.expect(f"{line[6:9]} is now")
        for line, said in (("Glue=entangle 3d6", "Added #1 Glue: Entangle 3d6"),
                           ("Dazzle=flash 4d6", "Added #2 Dazzle: Flash 4d6 (Sight Group): 40 Active Points"),
                           ("Weaken EGO=drain 3d6", "Added #3 Weaken EGO: Drain 3d6")):
            star.send(f"+power {line}")
            star.expect(said)
        for line, said in (("+npc/create Mentalla", "NPC Mentalla is here"), ("+stat/set Mentalla/DEX=14", "DEX is now"),
                           ("+stat/set Mentalla/SPD=4", "SPD is now"), ("+stat/set Mentalla/EGO=20", "EGO is now"),
                           ("+power Mentalla/Dominate=mind control 8d6", "Added #1 Dominate: Mind Control 8d6"),
                           ("+power Mentalla/Mindbolt=ego attack 3d6", "Added #2 Mindbolt: Ego Attack 3d6"),
                           ("+approve/force Starfire", "Starfire's sheet is approved."),
                           ("+combat/start", "Gwen starts fight #1 here.")):
            gwen.send(line)
            gwen.expect(said)
        _act(star, "+combat/join", "[Combat] Starfire joins the fight (DEX 23, SPD 4: Segments 3 6 9 12).\n", gwen)
        _act(gwen, "+combat/join Mentalla", "[Combat] Mentalla joins the fight (DEX 14, SPD 4: Segments 3 6 9 12).\n",
             star)
        _act(gwen, "+combat/next", "[Combat] Turn 1, Segment 12: Phases in DEX order: Starfire 23, Mentalla 14.\n"
             "[Combat] Starfire's Phase (DEX 23): acts.\n", star)

        # Entangle 3d6 rolling 2 4 6: BODY 0 + 1 + 2... of normal damage, 1 + 1 + 2 = 4; DEF 3
        dice.add(3, 3, 3, 2, 4, 6)
        _act(star, "+attack Mentalla=glue",
             "[Combat] Starfire attacks Mentalla (Glue): OCV 8 vs DCV 5: 14 or less, rolls 9 (3 3 3): hits; hits DCV "
             "10 or less.\n"
             "  3d6 Entangle: 4 BODY (2 4 6). Mentalla is Entangled: DEF 3, BODY 4; DCV 0, and can only break out or use "
             "a Mental Power.\n"
             "  Starfire spends 3 END (3 for Glue): END 37. [id]\n"
             "[Combat] Mentalla's Phase (DEX 14): acts.\n", gwen)
        # Entangled, her mind is free: Ego Attack 3d6 at ECV 7 vs 3, 15-; 6 5 4 = 15 STUN, no Mental Defense
        dice.add(3, 3, 3, 6, 5, 4)
        _act(gwen, "+attack Starfire=mindbolt by Mentalla",
             "[Combat] Mentalla Ego Attacks Starfire (Mindbolt): ECV 7 vs ECV 3: 15 or less, rolls 9 (3 3 3): hits; "
             "hits ECV 9 or less.\n"
             "  3d6 Ego Attack: 15 STUN (6 5 4). Starfire takes 15 STUN (15 STUN - 0 Mental Defense), no BODY. Now "
             "STUN 15.\n"
             "  Mentalla spends 3 END (3 for Mindbolt): END 17. [id]\n"
             "[Combat] Post-Segment 12 of Turn 1:\n"
             "[Combat]   Starfire recovers 8: STUN 23, END 40.\n"
             "[Combat]   Mentalla recovers 4: STUN 20, END 20.\n"
             "[Combat] Turn 2, Segment 3: Phases in DEX order: Starfire 23, Mentalla 14.\n"
             "[Combat] Starfire's Phase (DEX 23): acts.\n", star)

        # Drain EGO 3d6 rolling 2 4 6: 12 Character Points, EGO at 2 a point: 20 -> 14 (ECV 5)
        dice.add(3, 3, 3, 2, 4, 6)
        _act(star, "+attack Mentalla=weaken",
             "[Combat] Starfire attacks Mentalla (Weaken EGO): OCV 8 vs DCV 5 (Entangled (DEF 3, BODY 4)) = 0: 19 or "
             "less, rolls 9 (3 3 3): hits; hits DCV 10 or less.\n"
             "  3d6 Drain EGO: 12 Character Points (2 4 6) - 0 Power Defense: 12 Character Points. Mentalla's EGO is "
             "now 14; 5 Character Points return each Turn.\n"
             "  Starfire spends 3 END (3 for Weaken EGO): END 37. [id]\n"
             "[Combat] Mentalla's Phase (DEX 14): acts.\n", gwen)
        # Mind Control 8d6 at ECV 5 vs 3, 13-: 32 against EGO 10 reaches EGO+20; Starfire's breakout
        # in Segment 6, EGO roll 11-, rolls 12
        dice.add(3, 3, 3, 6, 6, 6, 5, 4, 3, 1, 1, 3, 4, 5)
        _act(gwen, "+attack Starfire=dominate command Guard me by Mentalla",
             "[Combat] Mentalla uses Mind Control on Starfire (Dominate): ECV 5 vs ECV 3: 13 or less, rolls 9 (3 3 3): "
             "hits; hits ECV 7 or less.\n"
             "  8d6 Mind Control: 32 (6 6 6 5 4 3 1 1) - 0 Mental Defense = 32 against EGO 10: EGO+20 reached: actions "
             "the target is normally against. Command: \"Guard me\". Breakout: EGO 11- at the start of each of "
             "Starfire's Phases.\n"
             "  Mentalla spends 4 END (4 for Dominate): END 16. [id]\n"
             "[Combat] Turn 2, Segment 6: Phases in DEX order: Starfire 23, Mentalla 14.\n"
             "[Combat] Starfire rolls to break out of Mentalla's Mind Control: EGO roll 11-: 12 (3 4 5): missed by 1; "
             "still under it: \"Guard me\".\n"
             "[Combat] Starfire's Phase (DEX 23): acts.\n", star)
        _act(star, "+combat/status", STATUS.format(turn=2, segment=6, who="Starfire") +
             "--------  ---  ---  -----  -----  -----  ---  --------------------------------\n"
             "Starfire  23   4    23/30  10/10  37/40  8    Mind Control by Mentalla\n"
             "                                              (EGO+20): Guard me\n"
             "Mentalla  14   4    20/20  10/10  16/20  0    Entangled (DEF 3, BODY 4),\n"
             "                                              Drained EGO (12 CP, 5/Turn back)\n")
        _act(star, "+combat/pass", "[Combat] Starfire does nothing more this Phase.\n"
             "[Combat] Mentalla's Phase (DEX 14): acts.\n", gwen)
        dice.add(3, 3, 3)  # Segment 9: the breakout made
        _act(gwen, "+combat/pass", "[Combat] Mentalla does nothing more this Phase.\n"
             "[Combat] Turn 2, Segment 9: Phases in DEX order: Starfire 23, Mentalla 14.\n"
             "[Combat] Starfire rolls to break out of Mentalla's Mind Control: EGO roll 11-: 9 (3 3 3): made by 2; "
             "free of it.\n"
             "[Combat] Starfire's Phase (DEX 23): acts.\n", star)

        # Flash 4d6 rolling 1 3 5 6: 4 BODY, 4 Segments counted from this one: 9 to 12
        dice.add(3, 3, 3, 1, 3, 5, 6)
        _act(star, "+attack Mentalla=dazzle",
             "[Combat] Starfire Flashes Mentalla (Dazzle): OCV 8 vs DCV 5 (Entangled (DEF 3, BODY 4)) = 0: 19 or less, "
             "rolls 9 (3 3 3): hits; hits DCV 10 or less.\n"
             "  4d6 Flash (Sight Group): 4 BODY (1 3 5 6) - 0 Flash Defense = 4 Segments. Mentalla has lost the Sight "
             "Group through Segment 12 of Turn 2; 1/2 DCV, 1/2 OCV hand-to-hand, 0 OCV at range.\n"
             "  Starfire spends 4 END (4 for Dazzle): END 33. [id]\n"
             "[Combat] Mentalla's Phase (DEX 14): acts.\n", gwen)
        _act(gwen, "+attack Starfire=dominate command Sleep by Mentalla",
             "Mentalla cannot see Starfire: a Mental Power needs its target in Line Of Sight, or a Mind Link or a Mind "
             "Scan (EGO+10) that found the mind.\n")
        dice.add(6, 6)  # her STR 10: 2d6, 4 BODY - DEF 3 = 1 off the Entangle
        _act(gwen, "+attack Mentalla=strike entangle by Mentalla",
             "[Combat] Mentalla tries to break out of the Entangle (Strike).\n"
             "  2d6 normal: 12 STUN, 4 BODY (6 6). 4 BODY - 3 DEF = 1 off its BODY: the Entangle has BODY 3 left.\n"
             "  Mentalla spends 1 END (1 for STR 10): END 15. [id]\n"
             "[Combat] Turn 2, Segment 12: Phases in DEX order: Starfire 23, Mentalla 14.\n"
             "[Combat] Starfire's Phase (DEX 23): acts.\n", star)
        _act(star, "+combat/status", STATUS.format(turn=2, segment=12, who="Starfire") +
             "--------  ---  ---  -----  -----  -----  ---  --------------------------------\n"
             "Starfire  23   4    23/30  10/10  33/40  8    -\n"
             "Mentalla  14   4    20/20  10/10  15/20  0    Entangled (DEF 3, BODY 3),\n"
             "                                              Flashed (Sight Group, to Turn 2\n"
             "                                              Segment 12), Drained EGO (12 CP,\n"
             "                                              5/Turn back)\n")
