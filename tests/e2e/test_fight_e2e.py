"""A whole fight over telnet, run from the sheets with +attack and the Phase actions alone.

The server rolls fixed dice from a file (``CHAMPIONS_MUSH_TEST_DICE``, see
``champions_mush/game/testdice.py``). Starfire and Ox are the rules file's (RULES MANEUVER MOVE
THROUGH 2: STR 20, PD 20, OCV 8 against PD 30, DCV 7); Viper is an NPC the GM acts for. Through
two full Turns after the opening Segment 12, every sheet, END, DCV and condition is checked after
every action; the expected numbers are worked out from the rules file in the comments.
"""

from __future__ import annotations

import re

import pytest

from .helpers import Client, read_line, serving_with_admin

ROLL_ID = re.compile(r"\[r[0-9a-z]+\]")
HEADERS = ["Name", "DEX", "SPD", "STUN", "BODY", "END", "DCV", "Conditions"]


class Dice:
    """The file the server reads its dice from."""

    def __init__(self, path) -> None:
        self.path = path
        path.write_text("")

    def add(self, *faces: int) -> None:
        with open(self.path, "a", encoding="ascii") as out:
            out.write(" ".join(map(str, faces)) + "\n")


def _act(client: Client, line: str, expected: str, *watchers: Client) -> None:
    """``line``'s whole answer (roll ids read as [id]) is ``expected``; the room sees it too."""
    client.send(line)
    last = expected.rstrip("\n").rsplit("\n", 1)[-1].removesuffix(" [id]")
    seen = client.expect(last)
    seen = ROLL_ID.sub("[id]", seen + client.expect("\n"))
    assert seen.endswith(expected), seen
    for watcher in watchers:
        watcher.expect(last)


def _status(client: Client, *rows: str) -> None:
    """+combat/status: each character's row is exactly as given (columns split on 2+ spaces)."""
    client.send("+combat/status")
    read_line(client, "[Combat] Fight #1 run by Gwen")
    assert read_line(client, "Name ").split() == HEADERS
    read_line(client, "---")
    got = [re.split(r"\s{2,}", client.expect("\n").strip()) for _ in rows]
    assert got == [re.split(r"\s{2,}", row) for row in rows], got


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
def test_two_characters_and_an_npc_fight_two_turns_with_attack_and_phase_actions(tmp_path, monkeypatch, store,
                                                                                 request):
    dice = Dice(tmp_path / "dice.txt")
    monkeypatch.setenv("CHAMPIONS_MUSH_TEST_DICE", str(dice.path))
    config = "password_cost: 1024\ncommand_burst: 500\n"
    if store == "postgresql":  # the same fight on a PostgreSQL store (docs/admin-guide.md, "PostgreSQL")
        config += f"store: '{request.getfixturevalue('postgres_url')}'\n"
    with serving_with_admin(tmp_path / "data", config) as (game, ada):
        gwen, star, ox = game.login("Gwen"), game.login("Starfire"), game.login("Ox")
        ada.send("@set Gwen=staff")
        gwen.expect("Ada made you staff.")
        ada.send("QUIT")
        for who, line in ((star, "STR=20"), (star, "PD=20"), (star, "OCV=8"), (star, "DEX=23"), (star, "SPD=3"),
                          (ox, "STR=20"), (ox, "CON=20"), (ox, "PD=30"), (ox, "DCV=7"), (ox, "DEX=14"),
                          (ox, "SPD=2")):
            who.send(f"+stat {line}")
            who.expect(f"{line.split('=')[0]} is now {line.split('=')[1]}")
        gwen.send("+npc/create Viper")
        gwen.expect("NPC Viper is here")
        for line in ("DEX=12", "SPD=2", "PD=5"):
            gwen.send(f"+stat/set Viper/{line}")
            gwen.expect(f"Viper: {line.split('=')[0]} is now {line.split('=')[1]}.")
        for name, player in (("Starfire", star), ("Ox", ox)):  # players join a fight once approved
            gwen.send(f"+approve/force {name}")
            gwen.expect(f"{name}'s sheet is approved.")
            player.expect("Gwen has approved your sheet.")
        gwen.send("+combat/start")
        ox.expect("[Combat] Gwen starts fight #1 here.")
        _act(star, "+combat/join", "[Combat] Starfire joins the fight (DEX 23, SPD 3: Segments 4 8 12).\n", ox)
        _act(ox, "+combat/join", "[Combat] Ox joins the fight (DEX 14, SPD 2: Segments 6 12).\n", star)
        _act(gwen, "+combat/join Viper", "[Combat] Viper joins the fight (DEX 12, SPD 2: Segments 6 12).\n", star, ox)
        # STUN = BODY + STR/2 + CON/2, END = 2 x CON, REC = STR/5 + CON/5, DCV = DEX/3 unless set
        _act(gwen, "+combat/next", "[Combat] Turn 1, Segment 12: Phases in DEX order: Starfire 23, Ox 14, Viper 12.\n"
             "[Combat] Starfire's Phase (DEX 23): acts.\n", star, ox)
        _status(ox, "Starfire  23  3  25/25  10/10  20/20  8  -", "Ox  14  2  30/30  10/10  40/40  7  -",
                "Viper  12  2  20/20  10/10  20/20  4  -")

        # Turn 1, Segment 12 --------------------------------------------------------------------
        # RULES MANEUVER MOVE THROUGH 2 exactly: OCV 8 - 20/5 = 4 vs DCV 7: 8-, rolls 7; 4D6 + 20"/3 =
        # 10 1/2D6: 38 STUN 11 BODY; Ox takes 8 STUN; 4" of Knockback; Starfire takes half, 19/6.
        # Then (RULES KNOCKBACK 5) Ox lands: 1D6 per 2", and lies on the ground. END 2 (STR) + 4 (20").
        dice.add(2, 2, 3, 6, 6, 5, 4, 4, 3, 3, 2, 1, 1, 6, 3, 4, 3, 3)
        _act(star, "+attack Ox=move through v 20",
             "[Combat] Starfire Moves Through Ox at 20\" (Move Through): OCV 8 -4 Move Through = 4 vs DCV 7: 8 or less, "
             "rolls 7 (2 2 3): hits; hits DCV 8 or less.\n"
             "  10 1/2d6 normal: 38 STUN, 11 BODY (6 6 5 4 4 3 3 2 1 1 1/2:3). Ox takes 8 STUN and 0 BODY (38 STUN - 30 PD, "
             "11 BODY - 30 PD). Now STUN 22, BODY 10.\n"
             "  KB 11 BODY - 7 (3 4) = 4\" knockback. Ox flies back 4\" and lands. Lying on the ground: 1/2 DCV; standing "
             "up takes a 1/2 Phase. Landing: 2d6 normal, 6 STUN, 2 BODY (3 3). Ox takes 0 STUN and 0 BODY (6 STUN - 30 PD, "
             "2 BODY - 30 PD). Now STUN 22, BODY 10.\n"
             "  Starfire takes half of it, 19 STUN 6 BODY: Starfire takes 0 STUN and 0 BODY (19 STUN - 20 PD, "
             "6 BODY - 20 PD). Now STUN 25, BODY 10.\n"
             "  Starfire spends 6 END (2 for STR 20, 4 for 20\" of movement): END 14. [id]\n"
             "[Combat] Ox's Phase (DEX 14): acts.\n", ox, gwen)
        _status(ox, "Starfire  23  3  25/25  10/10  14/20  5  Move Through DCV -3",
                "Ox  14  2  22/30  10/10  40/40  4  Prone", "Viper  12  2  20/20  10/10  20/20  4  -")
        _act(ox, "+combat/stand", "[Combat] Ox stands up (1/2 Phase): full DCV again.\n"
             "[Combat] Ox has half a Phase left.\n", star)
        _status(star, "Starfire  23  3  25/25  10/10  14/20  5  Move Through DCV -3",
                "Ox  14  2  22/30  10/10  40/40  7  -", "Viper  12  2  20/20  10/10  20/20  4  -")
        # Starfire keeps the Move Through's DCV -3 until his next Phase: OCV 5 vs DCV 5, 11-
        dice.add(4, 3, 3, 5, 5, 5, 5, 3, 4)
        _act(ox, "+attack Starfire=strike",
             "[Combat] Ox Strikes Starfire (Strike): OCV 5 vs DCV 8 (Move Through DCV -3) = 5: 11 or less, rolls 10 "
             "(4 3 3): hits; hits DCV 6 or less.\n"
             "  4d6 normal: 20 STUN, 4 BODY (5 5 5 5). Starfire takes 0 STUN and 0 BODY (20 STUN - 20 PD, 4 BODY - 20 PD). "
             "Now STUN 25, BODY 10.\n"
             "  KB 4 BODY - 7 (3 4): no knockback.\n"
             "  Ox spends 2 END (2 for STR 20): END 38. [id]\n"
             "[Combat] Viper's Phase (DEX 12): acts.\n", star)
        _status(star, "Starfire  23  3  25/25  10/10  14/20  5  Move Through DCV -3",
                "Ox  14  2  22/30  10/10  38/40  7  -", "Viper  12  2  20/20  10/10  20/20  4  -")
        # the GM acts for the NPC: Haymaker 2D6 + 4 DC = 6D6, wound up now, landing at the end of Segment 1 of
        # Turn 2 (HERO 5E: an extra Segment): OCV 4 vs 5: 10-, rolls 11, a miss; DCV -5 stays
        dice.add(5, 3, 3)
        _act(gwen, "+attack Starfire=haymaker",
             "[Combat] Viper winds up a Haymaker at Starfire: it lands at the end of Segment 1 of Turn 2, unless "
             "Viper is Stunned first or Starfire moves away; DCV -5 until then.\n"
             "[Combat] Post-Segment 12 of Turn 1:\n"
             "[Combat]   Starfire recovers 6: STUN 25, END 20.\n"
             "[Combat]   Ox recovers 8: STUN 30, END 40.\n"
             "[Combat]   Viper recovers 4: STUN 20, END 20.\n"
             "[Combat] Viper Haymakers Starfire (Haymaker): OCV 4 vs DCV 8 (Move Through DCV -3) = 5: 10 or less, "
             "rolls 11 (5 3 3): misses; hits DCV 4 or less.\n"
             "[Combat]   Viper spends 1 END (1 for STR 10): END 19. [id]\n"
             "[Combat] Turn 2, Segment 4: Phases in DEX order: Starfire 23.\n"
             "[Combat] Starfire's Phase (DEX 23): acts.\n", star, ox)
        _status(ox, "Starfire  23  3  25/25  10/10  20/20  8  -", "Ox  14  2  30/30  10/10  40/40  7  -",
                "Viper  12  2  20/20  10/10  19/20  0  Haymaker DCV -5")

        # Turn 2 --------------------------------------------------------------------------------
        _act(star, "+combat/move 10", "[Combat] Starfire moves 10\" (1/2 Phase). Starfire spends 2 END moving 10\": "
             "END 18.\n[Combat] Starfire has half a Phase left.\n", ox)
        _status(ox, "Starfire  23  3  25/25  10/10  18/20  8  -", "Ox  14  2  30/30  10/10  40/40  7  -",
                "Viper  12  2  20/20  10/10  19/20  0  Haymaker DCV -5")
        # 24 STUN - 5 PD = 19 > CON 10: Stunned; KB 8 - 7 = 1": back and prone, landing 1/2D6
        dice.add(5, 5, 5, 6, 6, 6, 6, 3, 4, 4)
        _act(star, "+attack Viper=strike",
             "[Combat] Starfire Strikes Viper (Strike): OCV 8 vs DCV 4 (Haymaker DCV -5) = 0: 19 or less, rolls 15 "
             "(5 5 5): hits; hits DCV 4 or less.\n"
             "  4d6 normal: 24 STUN, 8 BODY (6 6 6 6). Viper takes 19 STUN and 3 BODY (24 STUN - 5 PD, 8 BODY - 5 PD): "
             "Stunned. Now STUN 1, BODY 7.\n"
             "  KB 8 BODY - 7 (3 4) = 1\" knockback. Viper flies back 1\" and lands. Lying on the ground: 1/2 DCV; "
             "standing up takes a 1/2 Phase. Landing: 1/2d6 normal, 2 STUN, 1 BODY (1/2:2). Viper takes 0 STUN and 0 BODY "
             "(2 STUN - 5 PD, 1 BODY - 5 PD). Now STUN 1, BODY 7.\n"
             "  Starfire spends 2 END (2 for STR 20): END 16. [id]\n"
             "[Combat] Turn 2, Segment 6: Phases in DEX order: Ox 14, Viper 12.\n"
             "[Combat] Ox's Phase (DEX 14): acts.\n", ox)
        _status(ox, "Starfire  23  3  25/25  10/10  16/20  8  -", "Ox  14  2  30/30  10/10  40/40  7  -",
                "Viper  12  2  1/20  7/10  19/20  0  Stunned, Prone, Haymaker DCV -5")
        # Ox holds; the Stunned Viper spends his Phase recovering from it (RULES DAMAGE EFFECTS)
        _act(ox, "+combat/hold", "[Combat] Ox holds their action (to use at a lower DEX, until their next Phase).\n"
             "[Combat] Viper's Phase (DEX 12): Stunned: spends this Phase recovering from it, and is no longer Stunned.\n"
             "[Combat] Turn 2, Segment 8: Phases in DEX order: Starfire 23.\n"
             "[Combat] Starfire's Phase (DEX 23): acts.\n", star)
        _status(star, "Starfire  23  3  25/25  10/10  16/20  8  -", "Ox  14  2  30/30  10/10  40/40  7  holding",
                "Viper  12  2  1/20  7/10  19/20  2  Prone")
        # the held action, in Starfire's Segment: Pull Punch -1 OCV per 3D6; prone DCV 4 -> 2; 1/2 BODY
        dice.add(3, 3, 3, 6, 6, 6, 6, 1, 1, 2)
        _act(ox, "+attack Viper=pull punch",
             "[Combat] Ox Pulls a Punch on Viper (Pull Punch): OCV 5 -1 Pull Punch = 4 vs DCV 4 (Prone) = 2: 13 or less, "
             "rolls 9 (3 3 3): hits; hits DCV 6 or less.\n"
             "  4d6 normal: 24 STUN, 8 BODY (6 6 6 6), pulled to 4 BODY. Viper takes 19 STUN and 0 BODY (24 STUN - 5 PD, "
             "4 BODY - 5 PD): Stunned, Knocked Out. Now STUN -18, BODY 7.\n"
             "  KB 4 BODY - 2 (1 1) = 2\" knockback. Viper flies back 2\" and lands. "
             "Landing: 1d6 normal, 2 STUN, 1 BODY (2). Viper takes 0 STUN and 0 BODY "
             "(2 STUN - 5 PD, 1 BODY - 5 PD): Knocked Out. Now STUN -18, BODY 7.\n"
             "  Ox spends 2 END (2 for STR 20): END 38. [id]\n", star)
        _status(star, "Starfire  23  3  25/25  10/10  16/20  8  -", "Ox  14  2  30/30  10/10  38/40  7  -",
                "Viper  12  2  -18/20  7/10  19/20  0  Stunned, Knocked Out, Prone")
        _act(star, "+recover", "[Combat] Starfire recovers 6: STUN 25, END 20; 1/2 DCV until their next Phase.\n"
             "[Combat] Turn 2, Segment 12: Phases in DEX order: Starfire 23, Ox 14, Viper 12.\n"
             "[Combat] Starfire's Phase (DEX 23): acts.\n", ox)
        _status(ox, "Starfire  23  3  25/25  10/10  20/20  8  -", "Ox  14  2  30/30  10/10  38/40  7  -",
                "Viper  12  2  -18/20  7/10  19/20  0  Stunned, Knocked Out, Prone")
        # 2x STUN against the Knocked Out (RULES DAMAGE EFFECTS 2): 4 x 2 - 5 = 3
        dice.add(2, 2, 2, 1, 1, 1, 1, 1, 1)
        _act(star, "+attack Viper=strike",
             "[Combat] Starfire Strikes Viper (Strike): OCV 8 vs DCV 4 (Stunned, Knocked Out, Prone) = 0: 19 or less, "
             "rolls 6 (2 2 2): hits; hits DCV 13 or less.\n"
             "  4d6 normal: 4 STUN, 0 BODY (1 1 1 1). Viper takes 3 STUN and 0 BODY (8 STUN doubled against the Knocked "
             "Out - 5 PD, 0 BODY - 5 PD): Knocked Out. Now STUN -21, BODY 7.\n"
             "  KB 0 BODY - 2 (1 1): no knockback.\n"
             "  Starfire spends 2 END (2 for STR 20): END 18. [id]\n"
             "[Combat] Ox's Phase (DEX 14): acts.\n", ox)
        _status(ox, "Starfire  23  3  25/25  10/10  18/20  8  -", "Ox  14  2  30/30  10/10  38/40  7  -",
                "Viper  12  2  -21/20  7/10  19/20  0  Stunned, Knocked Out, Prone")
        # Post-Segment 12: -21 STUN recovers once a minute, out of combat only (RULES RECOVERING CHART)
        _act(ox, "+recover", "[Combat] Ox recovers 8: STUN 30, END 40; 1/2 DCV until their next Phase.\n"
             "[Combat] Viper's Phase (DEX 12): Stunned: spends this Phase recovering from it, and is no longer Stunned.\n"
             "[Combat] Post-Segment 12 of Turn 2:\n"
             "[Combat]   Starfire recovers 6: STUN 25, END 20.\n"
             "[Combat]   Ox recovers 8: STUN 30, END 40.\n"
             "[Combat]   Viper: no Recovery (STUN -21, too far out).\n"
             "[Combat] Turn 3, Segment 4: Phases in DEX order: Starfire 23.\n"
             "[Combat] Starfire's Phase (DEX 23): acts.\n", star)
        _status(star, "Starfire  23  3  25/25  10/10  20/20  8  -", "Ox  14  2  30/30  10/10  40/40  4  Recovering",
                "Viper  12  2  -21/20  7/10  19/20  0  Knocked Out, Prone")

        # Turn 3 --------------------------------------------------------------------------------
        _act(star, "+combat/pass", "[Combat] Starfire does nothing more this Phase.\n"
             "[Combat] Turn 3, Segment 6: Phases in DEX order: Ox 14, Viper 12.\n"
             "[Combat] Ox's Phase (DEX 14): acts.\n", ox)
        _status(star, "Starfire  23  3  25/25  10/10  20/20  8  -", "Ox  14  2  30/30  10/10  40/40  7  -",
                "Viper  12  2  -21/20  7/10  19/20  0  Knocked Out, Prone")
        _act(ox, "+combat/move 5", "[Combat] Ox moves 5\" (1/2 Phase). Ox spends 1 END moving 5\": END 39.\n"
             "[Combat] Ox has half a Phase left.\n", star)
        _status(star, "Starfire  23  3  25/25  10/10  20/20  8  -", "Ox  14  2  30/30  10/10  39/40  7  -",
                "Viper  12  2  -21/20  7/10  19/20  0  Knocked Out, Prone")
        # the GM takes the move back: END and the half Phase as they were
        gwen.send("+combat/undo")
        line = read_line(ox, "[Combat] Gwen undoes #")
        assert re.fullmatch(r"\[Combat\] Gwen undoes #\d+ \(Ox: \+combat/move 5\); everything it changed is as it "
                            r"was\.", line), line
        _status(star, "Starfire  23  3  25/25  10/10  20/20  8  -", "Ox  14  2  30/30  10/10  40/40  7  -",
                "Viper  12  2  -21/20  7/10  19/20  0  Knocked Out, Prone")
        _act(ox, "+combat/move 5", "[Combat] Ox moves 5\" (1/2 Phase). Ox spends 1 END moving 5\": END 39.\n"
             "[Combat] Ox has half a Phase left.\n", star)
        _act(ox, "+combat/pass", "[Combat] Ox does nothing more this Phase.\n"
             "[Combat] Viper's Phase (DEX 12): Knocked Out: no Recovery (STUN -21, too far out).\n"
             "[Combat] Turn 3, Segment 8: Phases in DEX order: Starfire 23.\n"
             "[Combat] Starfire's Phase (DEX 23): acts.\n", star)
        _status(ox, "Starfire  23  3  25/25  10/10  20/20  8  -", "Ox  14  2  30/30  10/10  39/40  7  -",
                "Viper  12  2  -21/20  7/10  19/20  0  Knocked Out, Prone")
        # RULES MANEUVER MOVE BY: STR/2 (2D6) + 10"/5 = 4D6, OCV -2; Starfire takes 1/3; END 2 + 2 (10")
        dice.add(3, 3, 3, 2, 2, 2, 2, 2, 2)
        _act(star, "+attack Viper=move by v 10",
             "[Combat] Starfire Moves By Viper at 10\" (Move By): OCV 8 -2 Move By = 6 vs DCV 4 (Knocked Out, Prone) = 0: "
             "17 or less, rolls 9 (3 3 3): hits; hits DCV 8 or less.\n"
             "  4d6 normal: 8 STUN, 4 BODY (2 2 2 2). Viper takes 11 STUN and 0 BODY (16 STUN doubled against the "
             "Knocked Out - 5 PD, 4 BODY - 5 PD): Stunned, Knocked Out. Now STUN -32, BODY 7.\n"
             "  KB 4 BODY - 4 (2 2): knocked down. Viper is knocked down.\n"
             "  Starfire takes 1/3 of it, 3 STUN 1 BODY: Starfire takes 0 STUN and 0 BODY (3 STUN - 20 PD, "
             "1 BODY - 20 PD). Now STUN 25, BODY 10.\n"
             "  Starfire spends 4 END (2 for STR 20, 2 for 10\" of movement): END 16. [id]\n"
             "[Combat] Turn 3, Segment 12: Phases in DEX order: Starfire 23, Ox 14, Viper 12.\n"
             "[Combat] Starfire's Phase (DEX 23): acts.\n", ox)
        _status(ox, "Starfire  23  3  25/25  10/10  16/20  8  -", "Ox  14  2  30/30  10/10  39/40  7  -",
                "Viper  12  2  -32/20  7/10  19/20  0  Stunned, Knocked Out, Prone")
        _act(star, "+combat/pass", "[Combat] Starfire does nothing more this Phase.\n"
             "[Combat] Ox's Phase (DEX 14): acts.\n", ox)
        _act(ox, "+combat/pass", "[Combat] Ox does nothing more this Phase.\n"
             "[Combat] Viper's Phase (DEX 12): Stunned: spends this Phase recovering from it, and is no longer Stunned.\n"
             "[Combat] Post-Segment 12 of Turn 3:\n"
             "[Combat]   Starfire recovers 6: STUN 25, END 20.\n"
             "[Combat]   Ox recovers 8: STUN 30, END 40.\n"
             "[Combat]   Viper: no Recovery (STUN -32, too far out).\n"
             "[Combat] Turn 4, Segment 4: Phases in DEX order: Starfire 23.\n"
             "[Combat] Starfire's Phase (DEX 23): acts.\n", star)
        _status(ox, "Starfire  23  3  25/25  10/10  20/20  8  -", "Ox  14  2  30/30  10/10  40/40  7  -",
                "Viper  12  2  -32/20  7/10  19/20  0  Knocked Out, Prone")

        # the players in the fight read it back, roll ids and all
        ox.send("+combat/log")
        head = read_line(ox, "[Combat] Fight #1: ")
        assert re.fullmatch(r"\[Combat\] Fight #1: \d+ records\.", head), head
        ox.send("+combat/status")  # its answer marks the end of the log
        log = ox.expect("[Combat] Fight #1 run by Gwen")
        assert "  > +attack Ox=move through v 20\n" in log
        assert re.search(r"Starfire spends 6 END \(2 for STR 20, 4 for 20\" of movement\): END 14\. \[r[0-9a-z]+\]", log)
        assert " (undone):\n  > +combat/move 5\n" in log
        gwen.send("+combat/end")
        assert read_line(ox, "[Combat] Gwen ends") == "[Combat] Gwen ends the fight."
