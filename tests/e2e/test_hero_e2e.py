"""The HERO sheet over real telnet: a pasted Hero Designer file, a character built by hand,
and bad or huge pastes refused with the sheet unchanged while others are still answered."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from .helpers import Client, Server, read_line

pytestmark = pytest.mark.e2e

DATA = Path(__file__).parents[1] / "game" / "data" / "hdc"
PASTE_PROMPT = ("Paste your Hero Designer .hdc file now, then a line holding only a period (.) to finish. "
                "Type .abort to give up.")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with Server(tmp_path_factory.mktemp("game")) as running:
        yield running


def _sheet(client: Client) -> str:
    client.send("+sheet")
    read_line(client, "==")
    return client.expect("Conditions: none\n")


def _paste(client: Client, text: str) -> None:
    """The file sent as a client's paste sends it: every line at once, then the closing '.'."""
    client.send("+sheet/import")
    assert read_line(client, "Paste your") == PASTE_PROMPT
    client.sock.sendall("".join(line + "\r\n" for line in text.splitlines()).encode("utf-8") + b".\r\n")


def test_a_pasted_file_is_read_back_with_its_costs(server):
    alice = server.login("Alice")
    _paste(alice, (DATA / "characteristics_5e_simple.hdc").read_text("utf-8"))
    assert read_line(alice, "Reading") == "Reading your Hero Designer file ..."
    assert read_line(alice, "Imported") == (
        "Imported '5e superhero simple' from Hero Designer: 0 items. "
        "Points: 162 spent of 200 base + 0 disadvantages + 0 XP = 200: 38 left.")
    sheet = _sheet(alice)
    assert ("STR   11   1    11-   DEX   12   6    11-   CON   13   6    12-\n"
            "BODY  14   8    12-   INT   15   5    12-   EGO   16   12   12-\n"
            "PRE   17   7    12-   COM   18   4    13-   PD    2    0\n"
            "ED    3    0          SPD   4    18         REC   5    0\n"
            "END   26   0          STUN  27   0          Run   27\"  42\n"
            "Swim  28\"  26         Leap  29\"  27\n") in sheet
    assert "STUN 27/27  BODY 14/14  END 26/26\n" in sheet


def test_a_big_file_with_powers_is_read_back_with_their_costs(server):
    bob = server.login("Bob")
    _paste(bob, (DATA / "armor_for_kazei_5.hdc").read_text("utf-8"))
    assert read_line(bob, "Imported") == ("Imported 'Armor for Kazei 5' from Hero Designer: 1 items. "
                                          "Points: 8 spent of 0 base + 0 disadvantages + 0 XP = 0: 8 over.")
    sheet = _sheet(bob)
    assert "#1  8     Level I Security Armor: Resistant Protection (9 PD/9 ED)" in sheet
    assert "Defenses: PD 11 (9 resistant), ED 11 (9 resistant).\nOCV 3  DCV 3\n" in sheet


def test_a_character_built_by_hand(server):
    carol = server.login("Carol")
    assert carol.do("+stat DEX=20", "left).\n").endswith("DEX is now 20 (30 points; 170 left).\n")
    carol.send("+power Fire Blast=energy blast 12d6 +armorpiercing -oaf")
    assert read_line(carol, "Added") == ("Added #1 Fire Blast: Energy Blast 12d6, Armor Piercing (+1/2) "
                                         "(90 Active Points); Focus (OAF; -1): 90 Active Points, 45 Real Cost, 9 END.")
    assert read_line(carol, "Points") == "Points: 75 spent of 200 base + 0 disadvantages + 0 XP = 200: 125 left."
    carol.send("+skill Stealth=DEX+1")
    assert read_line(carol, "Added") == "Added #2 Stealth 14-: 5 Active Points, 5 Real Cost."
    carol.send("+disad Hunted=20 VIPER, 11-")
    assert read_line(carol, "Added") == "Added #3 Hunted: VIPER, 11-: 20 Active Points, 20 Real Cost."
    sheet = _sheet(carol)
    assert "#1  50" not in sheet
    assert "#1  45    Fire Blast: Energy Blast 12d6, Armor Piercing (+1/2) (90 Active" in sheet
    assert "Points: 80 spent of 200 base + 20 disadvantages + 0 XP = 220: 140 left.\n" in sheet


def test_bad_and_huge_pastes_are_refused_the_sheet_unchanged_and_others_answered(server):
    dave, erin = server.login("Dave"), server.login("Erin")
    dave.send("+stat STR=15")
    read_line(dave, "STR is now 15")
    before = _sheet(dave)

    _paste(dave, (DATA / "csl_5e.hdc").read_text("utf-8")[:5000])   # cut off half way
    read_line(dave, "Reading")
    assert read_line(dave, "That is") == (
        "That is not a complete XML file (line 63): nothing was changed. Paste the whole .hdc file.")
    _paste(dave, '<CHARACTER TEMPLATE="builtIn.Superheroic6E.hdt"/>')
    read_line(dave, "Reading")
    assert read_line(dave, "That is").startswith("That is a 6th Edition character (template builtIn.Superheroic6E.hdt)")

    dave.send("+sheet/import")
    read_line(dave, "Paste your")
    line = ("x" * 8000 + "\r\n").encode()
    flood = threading.Thread(target=lambda: (dave.sock.sendall(line * 2600), dave.sock.sendall(b".\r\n")))
    flood.start()                                                   # 20.8 MB of paste
    erin.send("say Still with us?")
    assert read_line(erin, "You say") == 'You say, "Still with us?"'
    assert flood.is_alive()                                         # answered while the paste went on
    flood.join(60)
    assert read_line(dave, "That paste", timeout=60).startswith("That paste is over 2 MB")
    assert read_line(dave, "That paste", timeout=60) == (
        "That paste is over 2 MB, so it was thrown away: nothing was changed. Hero Designer files are far smaller.")
    assert _sheet(dave) == before


def test_a_utf16_file_in_base64_and_its_export_cross_telnet(server):
    """Hero Designer's own file (UTF-16) pasted as base64 lines, then +sheet/export's lines
    pasted back: the same sheet both ways."""
    import base64

    kestrel = server.login("Kestrel")
    raw = (DATA / "everything_lad_5e.hdc").read_text("utf-8").encode("utf-16")
    encoded = base64.b64encode(raw).decode("ascii")
    _paste(kestrel, "\n".join(["-----BEGIN HDC-----", *(encoded[i:i + 76] for i in range(0, len(encoded), 76)),
                             "-----END HDC-----"]))
    imported = ("Imported 'Everything Lad (5e)' from Hero Designer: 234 items. "
                "Points: 1225 spent of 200 base + 130 disadvantages + 0 XP = 330: 895 over.")
    assert read_line(kestrel, "Imported") == imported
    kestrel.send("+sheet/export")
    read_line(kestrel, "-----BEGIN HDC-----")
    lines = kestrel.expect("-----END HDC-----\n").splitlines()
    assert read_line(kestrel, "End of the file") == "End of the file (3363 lines; 234 items, 1225 points spent)."
    _paste(kestrel, "\n".join(["-----BEGIN HDC-----", *lines]))
    assert read_line(kestrel, "Imported") == imported.replace("Everything Lad (5e)", "Kestrel")
