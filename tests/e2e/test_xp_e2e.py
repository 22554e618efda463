"""Approval and XP over real telnet: a new character submitted, refused by a player-role
+approve, approved by staff, voted XP by two others (and not by itself, twice, or by someone
who was not there), set unapproved, raising a characteristic, SPEND XP in the Character
Finishing Room, approved again with +DISADS balancing; every XP change survives kill -9."""

from __future__ import annotations

import re

import pytest

from .helpers import Client, read_line, serving_with_admin

pytestmark = pytest.mark.e2e

BALANCES = "Base 200 + Disadvantages 20 + XP {xp} = {total}; the character costs {total}: balances."


def _ok(client: Client, line: str, start: str) -> str:
    client.send(line)
    return read_line(client, start)


def _build(nova: Client) -> None:
    """220 points: DEX 20 (30), 30d6 Energy Blast (150), 20" Flight (40), a 20-point Hunted."""
    _ok(nova, "+stat DEX=20", "DEX is now 20")
    _ok(nova, "+power Blast=eb 30d6", "Added #1")
    _ok(nova, "+power Wings=flight 20", "Added #2")
    _ok(nova, "+disad Hunted=20 VIPER, 11-", "Added #3")


def test_approval_votes_spend_xp_and_a_kill_9(tmp_path):
    with serving_with_admin(tmp_path, "password_cost: 1024\ncommand_burst: 500\n") as (game, ada):
        nova, vic, wes = game.login("Nova"), game.login("Vic"), game.login("Wes")
        _build(nova)
        assert _ok(nova, "+sheet/submit", "Your sheet") == "Your sheet is in the approval queue; staff will look at it."
        assert read_line(ada, "[Approval]") == "[Approval] Nova asks for approval (+sheet Nova, +approve Nova)."
        assert _ok(vic, "+approve Nova", "Permission") == "Permission denied."
        ada.send("+approve")
        assert re.fullmatch(r"Nova\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+balances", read_line(ada, "Nova "))
        assert _ok(ada, "+approve Nova", "Nova's") == "Nova's sheet is approved."
        assert read_line(nova, "Ada has") == "Ada has approved your sheet."

        # Two players who were in the scene vote; self-votes, repeats and absentees do not count.
        assert _ok(vic, "+vote Nova", "You vote") == "You vote for Nova. Thank you for playing."
        assert _ok(wes, "+vote Nova", "You vote") == "You vote for Nova. Thank you for playing."
        assert _ok(nova, "+vote Nova", "You cannot") == "You cannot vote for yourself."
        assert _ok(vic, "+vote Nova", "You voted") == (
            "You voted for Nova less than a day ago: one vote for the same character in that time.")
        dug = _ok(ada, "@dig Danger Room", "Danger Room dug as #")
        room = dug.split("#")[1].rstrip(".")
        xan = game.login("Xan")
        _ok(ada, f"@teleport Xan=#{room}", "Xan teleported")
        assert _ok(xan, "+vote Nova", "Nova has") == (
            "Nova has not been in a room with you in the last 3 hours: vote for the people you played with.")
        assert _ok(nova, "+xp", "Nova:") == "Nova: 1/2 XP earned, 0 spent, 1/2 to spend."

        assert _ok(ada, "+xp/award Nova=5 the Viper raid", "You award") == (
            "You award 5 XP to Nova (the Viper raid): 5 1/2 to spend.")

        # The powerup: unapproved, DEX raised, SPEND XP in the Finishing Room, approved again.
        assert _ok(ada, "+unapprove Nova=powerup: 5 XP", "Nova's") == (
            "Nova's sheet is no longer approved; they may change it again.")
        read_line(nova, "Ada has unapproved your sheet: powerup: 5 XP.")
        _ok(ada, f"@teleport #{room}", "Danger Room (#")
        assert _ok(ada, "+finishing on", "Danger Room") == "Danger Room is now a Character Finishing Room."
        assert _ok(nova, "SPEND XP 5", "SPEND XP") == (
            "SPEND XP works only in the Character Finishing Room: ask staff where it is.")
        _ok(ada, f"@teleport Nova=#{room}", "Nova teleported")
        assert _ok(nova, "+stat DEX=21", "DEX is now") == "DEX is now 21 (33 points; -3 left)."
        _ok(nova, "+power Wings=flight 21", "Changed #2")
        assert _ok(nova, "SPEND XP 5", "You spend") == (
            "You spend 5 XP on your sheet: 1/2 left to spend. Your sheet now has 5 XP in it.")
        assert read_line(nova, "Base") == BALANCES.format(xp=5, total=225)
        nova.send("+disads")
        assert read_line(nova, "20 ") == "20   Hunted: VIPER, 11-"
        assert read_line(nova, "Base") == BALANCES.format(xp=5, total=225)
        _ok(nova, "+sheet/submit", "Your sheet is in the approval queue")
        assert _ok(ada, "+approve Nova", "Nova's") == "Nova's sheet is approved."

        for player in (nova, ada):
            player.send("home")
            player.expect("Heroes gather here.\n")

        # The server is killed: every XP change is still there, and the sheet still balances.
        game.kill9()
        game.start()
        ada = game.login("Ada", "admin123", create=False)
        nova = game.login("Nova", create=False)
        assert _ok(ada, "+xp Nova", "Nova:") == "Nova: 5 1/2 XP earned, 5 spent, 1/2 to spend."
        history = ada.expect("Voters: Vic, Wes.\n")
        assert [line.split()[2:5] for line in history.splitlines()[2:6]] == [
            ["+1/4", "vote", "Vic"], ["+1/4", "vote", "Wes"], ["+5", "award", "Ada"], ["-5", "spend", "Nova"]]
        nova.send("+disads")
        assert read_line(nova, "Base") == BALANCES.format(xp=5, total=225)
