"""+client through the command layer: the report, the overrides saved with the character and
applied to every connection, and the login hooks (docs/clients.md)."""

from __future__ import annotations

import pytest

from champions_mush.commands import client
from champions_mush.commands.dispatch import CommandTable, Dispatcher
from champions_mush.commands.table import build_table
from champions_mush.game.sheets import get_sheet, save_sheet, vitals

from ..harness import FakeSession, make_world

REPORT = {
    "client": "MUDLET", "version": "4.17.2", "terminal": "ANSI-TRUECOLOR", "width": 100,
    "height": 40, "charset": "UTF-8", "colour": "truecolour", "mccp": True, "gmcp": True,
    "gmcp_packages": ["char", "room"], "gmcp_receives": ["Char.Vitals"], "screen_reader": False,
    "prompt": "eor", "keepalive": True, "overrides": {}, "hints": [],
}


class ClientSession(FakeSession):
    """A connection that reports a fixed negotiation and records the settings applied to it."""

    def __init__(self, world, report=None) -> None:
        super().__init__(world)
        self.report = dict(REPORT if report is None else report)
        self.applied: list[dict] = []

    def client_report(self) -> dict:
        return {**self.report, "overrides": self.applied[-1] if self.applied else {}}

    def apply_client_settings(self, settings: dict) -> None:
        self.applied.append(dict(settings))


def with_client(world):
    """The world's dispatcher with +client (until commands/table.py lists the family) and the
    login hooks installed."""
    table = build_table()
    if table.find("+client") is None:
        world.dispatcher = Dispatcher(CommandTable((*table.commands, *client.COMMANDS), table.fallbacks))
    client.install(world.game)
    return world


@pytest.fixture
def world():
    return with_client(make_world())


def connect(world, name: str, report=None) -> ClientSession:
    """A connected ClientSession for ``name`` (created if needed), as the harness's login does."""
    char = world.game.find_character(name) or world.game.new_character(name)
    session = ClientSession(world, report)
    world.game.add_session(session)
    session.character_id = char.id
    return session


RULE = "------------------------------ [+CLIENT] -------------------------------"


def test_client_shows_what_this_connection_negotiated(world):
    alice = connect(world, "Alice")
    assert alice.do("+client") == [
        RULE,
        "Client         MUDLET 4.17.2",
        "Terminal       ANSI-TRUECOLOR",
        "Window         100 x 40",
        "Charset        UTF-8",
        "Colour         truecolour (24-bit)",
        "Screen reader  no",
        "Compression    MCCP2 on",
        "GMCP           on; you subscribed to char, room; you receive Char.Vitals",
        "Prompts        marked with IAC EOR",
        "Keepalive      on",
        "Brief combat   no",
        "Your settings: none; everything follows your client.",
        "Change a setting: +client/<setting> <value> (+HELP +CLIENT).",
    ]


def test_client_shows_the_hints_and_marks_overrides(world):
    report = {**REPORT, "client": "TINTIN++", "version": "", "charset": "US-ASCII", "gmcp": False,
              "hints": ["TinTin++: #config {charset} {UTF-8}, then reconnect."]}
    tess = connect(world, "Tess", report)
    tess.do("+client/colour 256")
    lines = tess.do("+client")
    assert lines[1] == "Client         TINTIN++"
    assert lines[5] == "Colour         truecolour (24-bit) (your setting)"
    assert lines[8] == "GMCP           off"
    assert lines[-4:] == [
        "Your settings: colour 256. +client/reset clears them.",
        "Tips for your client:",
        "  TinTin++: #config {charset} {UTF-8}, then reconnect.",
        "Change a setting: +client/<setting> <value> (+HELP +CLIENT).",
    ]


def test_a_connection_without_telnet_gets_the_harmless_defaults(world):
    bob = world.login("Bob")  # the plain harness session: Session's own client_report
    lines = bob.do("+client")
    assert lines[1:4] == ["Client         unknown (it did not say)", "Terminal       unknown",
                          "Window         78 x 24"]
    assert lines[5] == "Colour         none" and lines[8] == "GMCP           off"


def test_client_names_cannot_smuggle_colour_codes(world):
    mal = connect(world, "Mal", {**REPORT, "client": "EVIL|rRED", "version": "", "hints": []})
    mal.do("+client")
    assert mal.output[-1].split("\n")[1] == "Client         EVIL||rRED"
    assert mal.lines[1] == "Client         EVIL|rRED"


def test_client_text_loses_its_control_characters(world):
    mal = connect(world, "Mal", {**REPORT, "terminal": "VT\x1b[2J100\x07", "gmcp_packages": ["char\x1b]0;x"]})
    lines = mal.do("+client")
    assert lines[2] == "Terminal       VT100"
    assert "\x1b" not in mal.output[-1] and "\x07" not in mal.output[-1]


def test_colour_off_is_mentioned(world):
    alice = connect(world, "Alice")
    alice.do("+colour off")
    assert alice.do("+client")[5] == "Colour         truecolour (24-bit), but off: you typed +colour off"


@pytest.mark.parametrize("line,key,value", [
    ("+client/colour none", "colour", "none"),
    ("+client/color 16", "colour", "16"),
    ("+client/colour 256", "colour", "256"),
    ("+client/colour TrueColor", "colour", "truecolour"),
    ("+client/charset utf-8", "charset", "utf-8"),
    ("+client/charset latin-1", "charset", "latin-1"),
    ("+client/charset ASCII", "charset", "ascii"),
    ("+client/reader on", "screen_reader", True),
    ("+client/screenreader off", "screen_reader", False),
    ("+client/prompt eor", "prompt", "eor"),
    ("+client/prompt ga", "prompt", "ga"),
    ("+client/prompt none", "prompt", "none"),
    ("+client/keepalive off", "keepalive", False),
    ("+client/keepalive on", "keepalive", True),
])
def test_each_setting_is_saved_and_applied(world, line, key, value):
    alice = connect(world, "Alice")
    reply = alice.do(line)
    assert len(reply) == 1 and reply[0].endswith("on every connection, saved with your character.")
    assert world.game.find_character("Alice").settings["client"] == {key: value}
    assert world.store.get("character", str(alice.character_id))["settings"]["client"] == {key: value}
    assert alice.applied == [{key: value}]


def test_a_setting_reaches_every_connection_of_the_character_and_nobody_else(world):
    home, work = connect(world, "Alice"), connect(world, "Alice")
    bob = connect(world, "Bob")
    home.do("+client/charset utf-8")
    home.do("+client/prompt ga")
    assert home.applied == work.applied == [{"charset": "utf-8"}, {"charset": "utf-8", "prompt": "ga"}]
    assert bob.applied == []
    assert work.lines == ["Your charset is now utf-8 on every connection, saved with your character.",
                          "Your prompt marking is now ga on every connection, saved with your character."]


def test_auto_and_reset_give_the_client_back_its_own_choice(world):
    alice = connect(world, "Alice")
    alice.do("+client/colour 16")
    alice.do("+client/keepalive off")
    assert alice.do("+client/colour auto") == ["Your colour follows your client again."]
    assert alice.applied[-1] == {"keepalive": False}
    assert alice.do("+client/reset") == [
        "Your client settings are cleared: everything follows your client again."]
    assert alice.applied[-1] == {}
    assert "client" not in world.game.find_character("Alice").settings


@pytest.mark.parametrize("line,message", [
    ("+client/colour purple", "Usage: +client/colour <none|16|256|truecolour|auto>"),
    ("+client/charset ebcdic", "Usage: +client/charset <utf-8|latin-1|ascii|auto>"),
    ("+client/reader maybe", "Usage: +client/reader <on|off|auto>"),
    ("+client/prompt", "Usage: +client/prompt <eor|ga|none|auto>"),
    ("+client/colour/charset 16", "One setting at a time, please: +client/<setting> <value>"),
    ("+client 256", "Usage: +client/<setting> <value>"),
    ("+client/volume 11", ("+CLIENT has no /volume switch (switches: /colour, /color, /charset, "
                          "/reader, /screenreader, /prompt, /keepalive, /brief, /reset).")),
])
def test_bad_settings_are_refused_and_change_nothing(world, line, message):
    alice = connect(world, "Alice")
    before = world.store.all("character")
    assert alice.do(line) == [message]
    assert world.store.all("character") == before and alice.applied == []


def test_a_guest_may_look_but_not_set(world):
    guest = world.guest()
    assert guest.do("+client")[0] == RULE
    assert guest.do("+client/colour 256") == ["Connect to a character first: settings are saved with it."]


def test_saved_settings_ignore_damaged_values_and_read_the_old_keepalive_key(world):
    char = world.game.new_character("Dora")
    char.settings = {"client": {"colour": "999", "charset": "utf-8", "prompt": True, "x": 1,
                                "screen_reader": "yes"}, "keepalive": False}
    assert client.saved_settings(char) == {"charset": "utf-8", "keepalive": False}
    char.settings = {"client": "junk"}
    assert client.saved_settings(char) == {}


def test_login_applies_the_saved_settings_and_sends_the_vitals(world):
    creator = world.guest()
    creator.do("create Alice secret1")
    alice = world.game.find_character("Alice")
    save_sheet(world.game, get_sheet(world.game, alice))
    client.set_client_setting(world.game, alice, "colour", "256")
    creator.do("QUIT")
    session = ClientSession(world)
    world.game.add_session(session)
    session.do("connect Alice secret1")
    assert session.applied == [{"colour": "256"}]
    room = world.game.room_of(alice)
    assert session.gmcp == [
        ("Char.Vitals", vitals(get_sheet(world.game, alice))),
        ("Char.Status", {"name": "Alice", "ruleset": "champions", "room": room.id, "conditions": [], "fight": None,
         "effects": []}),
        ("Room.Info", {"num": room.id, "name": room.name, "exits": {}}),
        ("Room.Players", [{"name": "Alice", "fullname": "Alice"}]),
        ("Comm.Channel.List", [{"name": "Public", "caption": "Public", "command": "pub", "on": True}]),
    ]


def test_install_registers_its_hooks_once(world):
    hooks = list(world.game.login_hooks)
    client.install(world.game)
    assert world.game.login_hooks == hooks and len(hooks) == 2


def test_help_explains_the_command_and_every_setting(world):
    alice = connect(world, "Alice")
    assert alice.do("+help client")[1] == "+client                 what your client and the game agreed on"
    assert alice.do("+help +client settings")[1:11] == [
        "+client/colour <none|16|256|truecolour|auto>   how much colour you are sent",
        "+client/charset <utf-8|latin-1|ascii|auto>   the character set both ways",
        "+client/reader <on|off|auto>       screen reader: no colour, no rules or",
        "                                   underlines, tables read as label: value",
        "+client/prompt <eor|ga|none|auto>  how the end of a prompt is marked",
        "+client/keepalive <on|off|auto>    a tiny \"still here\" every minute, which",
        "                                   keeps home routers from dropping you",
        "+client/brief <on|off|auto>        brief combat: one short line per attack;",
        "                                   +combat/log or +dice/verify <id> shows it",
        "                                   whole",
    ]
