"""Dice and GM commands over real telnet (docs/staff-guide.md): rolls seen by the room and
verified, +damage refused to players, and a GM running a whole fight (two characters and an
NPC) through a Turn, Post-Segment 12 and a server restart.

Dice are random here (the real server rolls them), so the roll tests check relations the rules
fix (STUN is the sum of the faces; BODY counts 0 for a 1, 2 for a 6, 1 otherwise: RULES NORMAL
DAMAGE) rather than numbers. The fight uses stated damage (``+damage Name=<stun> <body>``), so
its every line is exact, worked out by hand from the CM 2.0 rules file and HERO 5E (docs/rules-engine.md).
"""

from __future__ import annotations

import re

import pytest

from .helpers import Client, Server, create_admin, read_line, serving_with_admin

pytestmark = pytest.mark.e2e

ROLLS = 4  # rolls of each kind: a few random outcomes each run, cheap over one connection


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    game = Server(tmp_path_factory.mktemp("dice"), "password_cost: 1024\ncommand_burst: 500\n")
    create_admin(game, "Ada", "admin123")
    with game:
        yield game


def body_of(faces: list[int]) -> int:
    """RULES NORMAL DAMAGE: a 1 does 0 BODY, 2-5 do 1, a 6 does 2."""
    return sum(0 if f == 1 else 2 if f == 6 else 1 for f in faces)


def quiet_marker(speaker: Client, listener: Client, word: str) -> str:
    """Everything ``listener`` got up to ``speaker`` saying ``word`` (so what came before it)."""
    speaker.send(f"say {word}")
    return listener.expect(f'says, "{word}"')


# --- rolls ------------------------------------------------------------------------------------
_ND6 = re.compile(r"\[Dice\] Alice rolls 10d6 normal: (\d+) STUN, (\d+) BODY \(((?:[1-6] ){9}[1-6])\) \[(r[0-9a-z]+)\]")


def test_a_normal_damage_roll_is_seen_by_the_room_and_verified_by_another_player(server):
    alice, bob = server.login("Alice"), server.login("Bob")
    seen_ids = set()
    for _ in range(ROLLS):
        alice.send("+nd6 10")
        line = read_line(bob, "[Dice] Alice rolls ")
        match = _ND6.fullmatch(line)
        assert match, line
        stun, body, faces, roll_id = int(match[1]), int(match[2]), [int(f) for f in match[3].split()], match[4]
        assert len(faces) == 10 and stun == sum(faces) and body == body_of(faces), line
        assert read_line(alice, "[Dice] Alice rolls ") == line  # the roller sees the same line
        assert roll_id not in seen_ids
        seen_ids.add(roll_id)

        bob.send(f"+dice/verify {roll_id}")
        verified = read_line(bob, f"Roll {roll_id}: ")
        assert re.fullmatch(rf"Roll {roll_id}: Alice rolled 10d6 normal: {stun} STUN, {body} BODY "
                            rf"\({match[3]}\) \d+s ago\.", verified), verified

    bob.send("+dice/verify r9zzz")
    assert read_line(bob, "There is no roll") == "There is no roll 'r9zzz' in the roll log."


def test_a_noted_roll_killing_damage_and_plain_dice_are_seen_with_consistent_numbers(server):
    alice, bob = server.login("Alice2"), server.login("Bob2")
    alice.send("+nd6 8=Energy Blast at Viper")
    line = read_line(bob, "[Dice] Alice2 rolls ")
    match = re.fullmatch(r'\[Dice\] Alice2 rolls 8d6 normal for "Energy Blast at Viper": (\d+) STUN, (\d+) BODY '
                         r"\(([1-6 ]+)\) \[r[0-9a-z]+\]", line)
    assert match, line
    faces = [int(f) for f in match[3].split()]
    assert len(faces) == 8 and int(match[1]) == sum(faces) and int(match[2]) == body_of(faces)

    for _ in range(ROLLS):
        alice.send("+kd6 3")
        line = read_line(bob, "[Dice] Alice2 rolls ")
        match = re.fullmatch(r"\[Dice\] Alice2 rolls 3d6 killing: (\d+) BODY, x(\d), (\d+) STUN "
                             r"\(([1-6]) ([1-6]) ([1-6]); multiplier die ([1-6])\) \[r[0-9a-z]+\]", line)
        assert match, line
        body, mult, stun = int(match[1]), int(match[2]), int(match[3])
        faces, mult_die = [int(match[i]) for i in (4, 5, 6)], int(match[7])
        # RULES KILLING DAMAGE: BODY is the total; STUN Multiplier 1d6-1 (at least 1); STUN = BODY x it
        assert body == sum(faces) and mult == max(1, mult_die - 1) and stun == body * mult, line

        alice.send("+d6 3")
        line = read_line(bob, "[Dice] Alice2 rolls ")
        match = re.fullmatch(r"\[Dice\] Alice2 rolls 3d6: ([1-6]) \+ ([1-6]) \+ ([1-6]) = (\d+) \[r[0-9a-z]+\]", line)
        assert match and int(match[4]) == sum(int(match[i]) for i in (1, 2, 3)), line


def test_a_private_roll_is_not_shown_to_the_room_nor_verifiable_by_others(server):
    alice, bob = server.login("Alice3"), server.login("Bob3")
    alice.send("+nd6/private 3")
    line = read_line(alice, "[Dice/private] Alice3 rolls 3d6 normal: ")
    roll_id = re.search(r"\[(r[0-9a-z]+)\]$", line)[1]
    assert "[Dice" not in quiet_marker(alice, bob, "after the private roll")
    bob.send(f"+dice/verify {roll_id}")
    assert read_line(bob, "There is no roll") == f"There is no roll '{roll_id}' in the roll log."
    alice.send(f"+dice/verify {roll_id}")
    assert read_line(alice, f"Roll {roll_id} (private): Alice3 rolled 3d6 normal: ")


def test_bad_dice_get_a_one_line_usage_message_and_no_roll(server):
    alice = server.login("Alice4")
    alice.do("say ready", 'You say, "ready"')  # past the room's contents line
    for n, (bad, why) in enumerate((("+nd6 banana", "'banana' is not an amount of dice (try 10, 4 1/2 or 1d6+1)."),
                                    ("+nd6 -3", "A dice amount needs at least one die or pip."),
                                    ("+nd6 100000", "That is too many dice: 200 at most."))):
        alice.send(bad)
        alice.send(f"say done {n}")
        lines = alice.expect(f'You say, "done {n}"').strip().splitlines()
        assert lines == [f"{why} Usage: +ND6 <dice>[=<note>]", f'You say, "done {n}"'], (bad, lines)
    alice.send("+nd6 1")
    assert re.fullmatch(r"\[Dice\] Alice4 rolls 1d6 normal: ([1-6]) STUN, [0-2] BODY \(\1\) \[r[0-9a-z]+\]",
                        read_line(alice, "[Dice] "))


# --- a player refused +damage -----------------------------------------------------------------
def _sheet(viewer: Client, name: str) -> str:
    """The whole of ``+sheet name`` as ``viewer`` sees it, from its title line to its conditions."""
    viewer.send(f"+sheet {name}")
    title = read_line(viewer, "==")
    assert f" {name} (" in title, title
    return title + "\n" + viewer.expect("Conditions: ") + viewer.expect("\n")


def test_a_player_is_refused_damage_and_the_target_sheet_is_unchanged(server):
    ada = server.login("Ada", "admin123", create=False)
    carol, dave = server.login("Carol"), server.login("Dave")
    before = _sheet(dave, "Carol")
    assert "STUN 20/20  BODY 10/10  END 20/20\nConditions: none\n" in before

    for attempt in ("+damage Carol=30 10", "+damage Carol=nd6 12 energy", "+damage/quiet Carol=36 12 killing"):
        dave.send(attempt)
        assert read_line(dave, "Permission denied.") == "Permission denied."
    assert "[GM]" not in quiet_marker(dave, carol, "nothing happened")
    assert _sheet(dave, "Carol") == before
    assert _sheet(carol, "Carol") == before

    # The same sheet does move when staff apply damage, so the comparison above means something:
    # 12 STUN 3 BODY normal physical against PD 2 (STR 10 / 5) takes 10 STUN and 1 BODY.
    ada.send("+damage Carol=12 3")
    assert read_line(carol, "[GM] ") == (
        "[GM] Carol is hit by a physical attack: 12 STUN 3 BODY normal. Carol takes 10 STUN and 1 BODY "
        "(12 STUN - 2 PD, 3 BODY - 2 PD). Now STUN 10, BODY 9.")
    assert "STUN 10/20  BODY 9/10  END 20/20\n" in _sheet(dave, "Carol")


# --- a whole fight ----------------------------------------------------------------------------
_DEX = {"Starfire": 23, "Psiana": 18, "Viper": 14}


def _segment(turn: int, segment: int, *acting: str) -> str:
    order = ", ".join(f"{name} {_DEX[name]}" for name in acting)
    return f"[Combat] Turn {turn}, Segment {segment}: Phases in DEX order: {order}.\n" + _phase(acting[0])


def _phase(name: str) -> str:
    return f"[Combat] {name}'s Phase (DEX {_DEX[name]}): acts.\n"


def _act(client: Client, line: str, expected: str, *watchers: Client) -> None:
    """A Phase action: the whole answer is ``expected`` (after what the client had not read yet), and the
    room sees it too."""
    client.send(line)
    seen = client.expect(expected)
    assert seen.endswith(expected) and "[GM]" not in seen and "Sorry" not in seen, seen
    for watcher in watchers:
        watcher.expect(expected)


def _next_after_segment_12(client: Client, line: str, head: str, turn: int, recoveries: set[str], new_turn: str,
                           *watchers: Client) -> None:
    """An action ending Segment 12: its line, Post-Segment 12 (any order of characters), then the new Turn."""
    client.send(line)
    seen = client.expect(new_turn)
    assert head in seen and seen.endswith(new_turn), seen
    seen = seen[seen.rindex(head):]
    lines = seen[len(head): -len(new_turn)].splitlines()
    assert lines[0] == f"[Combat] Post-Segment 12 of Turn {turn}:", seen
    assert {line.replace("[Combat]", "").strip() for line in lines[1:]} == recoveries, seen
    assert len(lines) == 1 + len(recoveries), seen
    for watcher in watchers:
        watcher.expect(f"[Combat] Post-Segment 12 of Turn {turn}:")
        watcher.expect(new_turn)


def _all_pass_segment_12(gwen: Client, star: Client, psi: Client, turn: int, recoveries: set[str]) -> None:
    """Starfire, Psiana and (by staff) Viper pass in Segment 12 of ``turn``: Post-Segment 12 gives
    ``recoveries``, then the next Turn opens in Segment 3."""
    _act(star, "+combat/pass", "[Combat] Starfire does nothing more this Phase.\n" + _phase("Psiana"), psi)
    _act(psi, "+combat/pass", "[Combat] Psiana does nothing more this Phase.\n" + _phase("Viper"), star)
    _next_after_segment_12(gwen, "+combat/pass", "[Combat] Viper does nothing more this Phase.\n", turn, recoveries,
                           _segment(turn + 1, 3, "Starfire", "Psiana"), star, psi)


def _status(client: Client, names: int) -> tuple[str, list[list[str]]]:
    """+combat/status: the "when" line and each row split into its columns."""
    client.send("+combat/status")
    when = read_line(client, "[Combat] Fight #")
    assert read_line(client, "Name ").split() == ["Name", "DEX", "SPD", "STUN", "BODY", "END", "DCV", "Conditions"]
    read_line(client, "---")
    return when, [re.split(r"\s{2,}", client.expect("\n").strip()) for _ in range(names)]


def _do(client: Client, line: str, answer: str) -> None:
    client.send(line)
    assert read_line(client, answer.split(":")[0]) == answer


def test_a_gm_runs_a_fight_of_two_characters_and_an_npc_through_a_turn_and_a_restart(tmp_path):
    with serving_with_admin(tmp_path, "password_cost: 1024\ncommand_burst: 500\n") as (game, ada):
        gwen, star, psi = game.login("Gwen"), game.login("Starfire"), game.login("Psiana")
        _do(ada, "@set Gwen=staff", "Gwen is now staff.")
        gwen.expect("Ada made you staff.")
        ada.send("QUIT")

        # A player may not run the tracker nor set sheets with /set.
        psi.send("+combat/start")
        assert read_line(psi, "Permission denied.") == "Permission denied."

        _do(gwen, "+npc/create Viper",
            "NPC Viper is here, with a sheet of 10s: set it with +stat/set Viper/STR=20 and so on.")
        for name, stat, value in (("Viper", "DEX", 14), ("Viper", "SPD", 3), ("Viper", "PD", 10), ("Viper", "rPD", 6),
                                  ("Viper", "STUN", 30), ("Starfire", "DEX", 23), ("Starfire", "SPD", 5),
                                  ("Starfire", "CON", 20), ("Psiana", "DEX", 18), ("Psiana", "SPD", 4),
                                  ("Psiana", "CON", 20), ("Psiana", "PD", 12)):
            _do(gwen, f"+stat/set {name}/{stat}={value}", f"{name}: {stat} is now {value}.")

        for name, player in (("Starfire", star), ("Psiana", psi)):  # players join a fight once approved
            _do(gwen, f"+approve/force {name}", f"{name}'s sheet is approved.")
            player.expect("Gwen has approved your sheet.")
        gwen.send("+combat/start")
        psi.expect("[Combat] Gwen starts fight #1 here.")
        # Each join shows the Speed Chart Segments of that SPD.
        star.send("+combat/join")
        psi.expect("[Combat] Starfire joins the fight (DEX 23, SPD 5: Segments 3 5 8 10 12).\n")
        psi.send("+combat/join")
        psi.expect("[Combat] Psiana joins the fight (DEX 18, SPD 4: Segments 3 6 9 12).\n")
        gwen.send("+combat/join Viper")
        psi.expect("[Combat] Viper joins the fight (DEX 14, SPD 3: Segments 4 8 12).\n")
        gwen.expect("[Combat] Viper joins the fight (DEX 14, SPD 3: Segments 4 8 12).\n")
        star.send("+combat/next")
        assert read_line(star, "Permission denied.") == "Permission denied."

        # Turn 1: combat starts in Segment 12; one Phase at a time, highest DEX first.
        _act(gwen, "+combat/next", _segment(1, 12, "Starfire", "Psiana", "Viper"), psi)
        psi.send("+combat/pass")
        assert read_line(psi, "It is not") == "It is not Psiana's Phase: it is Starfire's."
        # Post-Segment 12: a free Recovery for all (all at full: STUN and END stay at their maxima;
        # REC = STR/5 + CON/5, STUN = BODY + STR/2 + CON/2, END = 2 x CON). Staff act for the NPC.
        _all_pass_segment_12(gwen, star, psi, 1, {"Starfire recovers 6: STUN 25, END 40.",
                                                  "Psiana recovers 6: STUN 25, END 40.",
                                                  "Viper recovers 4: STUN 30, END 20."})

        # Segment 3: the rules file's two worked examples, on Psiana and on the NPC.
        _do(gwen, "+damage Psiana=32 9",
            "[GM] Psiana is hit by a physical attack: 32 STUN 9 BODY normal. Psiana takes 20 STUN and 0 BODY "
            "(32 STUN - 12 PD, 9 BODY - 12 PD). Now STUN 5, BODY 10.")
        _do(gwen, "+damage Viper=36 12 killing",
            "[GM] Viper is hit by a physical attack: 36 STUN 12 BODY killing. Viper takes 20 STUN and 6 BODY "
            "(36 STUN - 16 PD, 12 BODY - 6 rPD): Stunned. Now STUN 10, BODY 4.")  # 20 STUN > CON 10
        when, rows = _status(star, 3)  # players may look too
        assert when == "[Combat] Fight #1 run by Gwen (auto): Turn 2, Segment 3, Starfire's Phase."
        assert rows == [["Starfire", "23", "5", "25/25", "10/10", "40/40", "8", "-"],
                        ["Psiana", "18", "4", "5/25", "10/10", "40/40", "6", "-"],
                        ["Viper", "14", "3", "10/30", "4/10", "20/20", "3", "Stunned"]]
        # a 1/2 Phase move (1 END per 5"), then the rest of the Phase
        _act(star, "+combat/move 10", "[Combat] Starfire moves 10\" (1/2 Phase). Starfire spends 2 END moving 10\": "
             "END 38.\n[Combat] Starfire has half a Phase left.\n", psi)
        _act(star, "+combat/pass", "[Combat] Starfire does nothing more this Phase.\n" + _phase("Psiana"), psi)
        # damage got through to Psiana this Segment: her Recovery is spoiled (RULES RECOVERING)
        _act(psi, "+recover", "[Combat] Psiana takes a Recovery: no Recovery (damage got through this Segment); "
             "1/2 DCV until their next Phase.\n[Combat] Turn 2, Segment 4: Phases in DEX order: Viper 14.\n"
             "[Combat] Viper's Phase (DEX 14): Stunned: spends this Phase recovering from it, and is no longer "
             "Stunned.\n" + _segment(2, 5, "Starfire"), star)
        _do(gwen, "+damage Starfire=15 4",
            "[GM] Starfire is hit by a physical attack: 15 STUN 4 BODY normal. Starfire takes 13 STUN and 2 BODY "
            "(15 STUN - 2 PD, 4 BODY - 2 PD). Now STUN 12, BODY 8.")
        _act(gwen, "+combat/next", "[Combat] Gwen ends Starfire's Phase.\n" + _segment(2, 6, "Psiana"), psi)
        mid_turn = ("[Combat] Fight #1 run by Gwen (auto): Turn 2, Segment 6, Psiana's Phase.",
                    [["Starfire", "23", "5", "12/25", "8/10", "38/40", "8", "-"],
                     ["Psiana", "18", "4", "5/25", "10/10", "40/40", "6", "-"],
                     ["Viper", "14", "3", "10/30", "4/10", "20/20", "5", "-"]])
        assert _status(gwen, 3) == mid_turn

        # The server restarts in the middle of Turn 2; the fight carries on where it was.
        assert game.terminate() == 0
        game.start()
        gwen = game.login("Gwen", create=False)
        star = game.login("Starfire", create=False)
        psi = game.login("Psiana", create=False)
        assert _status(gwen, 3) == mid_turn
        assert _status(psi, 3) == mid_turn

        # a Recovery on her own Phase: +6 STUN, 1/2 DCV until her next Phase
        _act(psi, "+recover", "[Combat] Psiana recovers 6: STUN 11, END 40; 1/2 DCV until their next Phase.\n"
             + _segment(2, 8, "Starfire", "Viper"), star)
        _act(star, "+combat/pass", "[Combat] Starfire does nothing more this Phase.\n" + _phase("Viper"), psi)
        _act(gwen, "+combat/pass", "[Combat] Viper does nothing more this Phase.\n" + _segment(2, 9, "Psiana"), psi)
        _act(psi, "+combat/pass", "[Combat] Psiana does nothing more this Phase.\n" + _segment(2, 10, "Starfire"), star)
        _act(star, "+combat/pass", "[Combat] Starfire does nothing more this Phase.\n"
             + _segment(2, 12, "Starfire", "Psiana", "Viper"), psi)
        _all_pass_segment_12(gwen, star, psi, 2, {"Starfire recovers 6: STUN 18, END 40.",
                                                  "Psiana recovers 6: STUN 17, END 40.",
                                                  "Viper recovers 4: STUN 14, END 20."})
        assert _status(gwen, 3) == ("[Combat] Fight #1 run by Gwen (auto): Turn 3, Segment 3, Starfire's Phase.",
                                    [["Starfire", "23", "5", "18/25", "8/10", "40/40", "8", "-"],
                                     ["Psiana", "18", "4", "17/25", "10/10", "40/40", "6", "-"],
                                     ["Viper", "14", "3", "14/30", "4/10", "20/20", "5", "-"]])

        gwen.send("+combat/end")
        assert read_line(psi, "[Combat] Gwen ends") == "[Combat] Gwen ends the fight."
        psi.send("+combat/status")
        assert read_line(psi, "There is no fight") == "There is no fight here. Staff start one with +combat/start."
