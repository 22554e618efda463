"""+client overrides on real telnet sessions: the core's rendering follows them, they come back
at every login, keepalives obey them, GMCP Combat and Char.Vitals, and the password prompt."""

from __future__ import annotations

import json
import re

from twisted.internet import task
from twisted.internet.address import IPv4Address
from twisted.internet.testing import StringTransport

from champions_mush.commands import client
from champions_mush.commands.dispatch import CommandTable, Dispatcher
from champions_mush.commands.doorway import NO_PASSWORD, PASSWORD_PROMPT
from champions_mush.commands.table import build_table
from champions_mush.game.combat import Fight, Fighter, send_phase
from champions_mush.game.config import GameConfig
from champions_mush.game.sheets import get_sheet, save_sheet
from champions_mush.game.world import Game
from champions_mush.net.server import KEEPALIVE_INTERVAL, SWEEP_INTERVAL, WELCOME_DELAY, MushFactory
from champions_mush.net.telnet import PromptMark
from champions_mush.store.memory import MemoryStore
from champions_mush.text.markup import ColourLevel

from .helpers import DO, ECHO, EOR_OPT, GMCP, IAC, NAWS, WILL, WONT, cmd, gmcp, naws

_TELNET = re.compile(rb"\xff\xfa.*?\xff\xf0|\xff[\xfb-\xfe].|\xff[^\xff]", re.DOTALL)
#: A small telnet client: window 90x30, EOR prompts, GMCP with Char and Combat.
HANDSHAKE = (cmd(WILL, NAWS) + naws(90, 30) + cmd(DO, EOR_OPT) + cmd(DO, GMCP)
             + gmcp('Core.Supports.Set ["Char 1", "Combat 1"]'))
GA, EOR = b"\xff\xf9", b"\xff\xef"


def dispatcher() -> Dispatcher:
    table = build_table()
    if table.find("+client") is None:
        return Dispatcher(CommandTable((*table.commands, *client.COMMANDS), table.fallbacks))
    return Dispatcher(table)


class Rig:
    def __init__(self) -> None:
        self.clock = task.Clock()
        self.clock.advance(1_000_000)
        config = GameConfig(password_cost=16, idle_timeout=0, login_timeout=0)
        self.game = Game(MemoryStore(), config=config, clock=self.clock.seconds)
        self.factory = MushFactory(self.game, dispatcher(), clock=self.clock)

    def connect(self, handshake: bytes = HANDSHAKE):
        proto = self.factory.buildProtocol(None)
        transport = StringTransport(peerAddress=IPv4Address("TCP", "10.0.0.1", 40000))
        proto.makeConnection(transport)
        proto.dataReceived(handshake)
        self.clock.advance(WELCOME_DELAY)
        transport.clear()
        return proto, transport

    def player(self, name: str, handshake: bytes = HANDSHAKE):
        proto, transport = self.connect(handshake)
        proto.dataReceived(f'create "{name}" secret1\r\n'.encode())
        transport.clear()
        return proto, transport


def text(transport: StringTransport) -> str:
    return _TELNET.sub(b"", transport.value()).decode("utf-8", "replace")


def gmcp_sent(transport: StringTransport) -> list[tuple[str, object]]:
    found = []
    for payload in re.findall(rb"\xff\xfa\xc9(.*?)\xff\xf0", transport.value(), re.DOTALL):
        package, _, data = payload.decode().partition(" ")
        found.append((package, json.loads(data) if data else None))
    return found


def test_colour_and_charset_overrides_change_what_the_client_is_sent():
    rig = Rig()
    alice, alice_t = rig.player("Alice", cmd(WILL, NAWS) + naws(90, 30))  # no TTYPE: ANSI 16, ASCII
    alice.dataReceived(b'say |#ff8000Orange \xe2\x94\x80\r\n')
    assert text(alice_t) == 'You say, "\x1b[0;33mOrange -"\x1b[0m\r\n'
    alice.dataReceived(b"+client/colour truecolour\r\n+client/charset utf-8\r\n")
    alice_t.clear()
    alice.dataReceived(b'say |#ff8000Orange \xe2\x94\x80\r\n')
    assert text(alice_t) == 'You say, "\x1b[0;38;2;255;128;0mOrange \u2500"\x1b[0m\r\n'
    alice.dataReceived(b"+client/colour none\r\n")
    alice_t.clear()
    alice.dataReceived(b"say |rRed\r\n")
    assert text(alice_t) == 'You say, "Red"\r\n'


def test_screen_reader_and_prompt_overrides_reach_the_core():
    rig = Rig()
    alice, alice_t = rig.player("Alice")
    conn = alice.conn
    assert conn.prompt_mark is PromptMark.EOR and conn.colour is ColourLevel.ANSI16
    alice.dataReceived(b"+client/prompt ga\r\n+client/reader on\r\n")
    assert conn.prompt_mark is PromptMark.GA and conn.screen_reader and conn.colour is ColourLevel.NONE
    alice_t.clear()
    alice.session.send_prompt("HP> ")
    assert alice_t.value() == b"HP> " + GA
    alice.dataReceived(b"+client/reset\r\n")
    assert (conn.prompt_mark, conn.screen_reader, conn.colour) == (PromptMark.EOR, False, ColourLevel.ANSI16)


def test_a_setting_reaches_the_other_connections_and_comes_back_at_the_next_login():
    rig = Rig()
    home, _home_t = rig.player("Alice")
    work, _work_t = rig.connect()
    work.dataReceived(b"connect Alice secret1\r\n")
    home.dataReceived(b"+client/colour 256\r\n")
    assert work.conn.colour is ColourLevel.XTERM256 and home.conn.colour is ColourLevel.XTERM256
    home.dataReceived(b"QUIT\r\n")
    work.dataReceived(b"QUIT\r\n")
    again, _again_t = rig.connect()
    assert again.conn.colour is ColourLevel.ANSI16
    again.dataReceived(b"connect Alice secret1\r\n")
    assert again.conn.colour is ColourLevel.XTERM256
    assert again.session.client_report()["overrides"] == {"colour": "256"}


def test_the_report_says_what_the_core_negotiated():
    rig = Rig()
    alice, _ = rig.player("Alice")
    alice.dataReceived(b"+client/keepalive off\r\n")
    report = alice.session.client_report()
    assert report == {
        "client": "", "version": "", "terminal": "", "width": 90, "height": 30, "charset": "US-ASCII",
        "colour": "16", "mccp": False, "gmcp": True, "gmcp_packages": ["char", "combat"],
        "gmcp_receives": ["Char.Vitals", "Char.Status", "Combat.Phase", "Client.GUI"], "screen_reader": False,
        "prompt": "eor",
        "keepalive": False, "overrides": {"keepalive": False}, "hints": [],
    }


def test_keepalives_follow_the_players_switch():
    rig = Rig()
    rig.factory.start()
    alice, alice_t = rig.player("Alice")
    alice.dataReceived(b"+client/keepalive off\r\n")
    alice_t.clear()
    rig.clock.pump([SWEEP_INTERVAL] * int(KEEPALIVE_INTERVAL / SWEEP_INTERVAL + 1))
    assert alice_t.value() == b""
    alice.dataReceived(b"+client/keepalive on\r\n")
    alice_t.clear()
    rig.clock.pump([SWEEP_INTERVAL] * int(KEEPALIVE_INTERVAL / SWEEP_INTERVAL + 1))
    assert alice_t.value() == b"\xff\xf1"
    rig.factory.stop()


def test_gmcp_combat_phase_and_vitals_at_login():
    rig = Rig()
    alice, _alice_t = rig.player("Alice")
    char = rig.game.find_character("Alice")
    save_sheet(rig.game, get_sheet(rig.game, char))
    alice.dataReceived(b"QUIT\r\n")
    again, again_t = rig.connect()
    again.dataReceived(b"connect Alice secret1\r\n")
    sent = gmcp_sent(again_t)
    assert [package for package, _ in sent] == ["Char.Vitals", "Char.Status"]  # subscribed to Char and Combat
    assert set(sent[0][1]) == {"stun", "maxstun", "body", "maxbody", "end", "maxend", "conditions"}
    again_t.clear()

    fight = Fight(room=char.location, gm="Gina", turn=1, segment=12, fighters=(Fighter(char.id, "Alice"),),
                  current=char.id)
    send_phase(rig.game, fight)
    assert gmcp_sent(again_t) == [("Combat.Phase", {
        "fight": 0, "turn": 1, "segment": 12, "phase": "Alice", "acting": ["Alice"],
        "chart": [{"name": "Alice", "dex": 10, "spd": 2, "segments": [6, 12]}]})]


def test_connect_without_a_password_asks_for_it_with_echo_off():
    rig = Rig()
    rig.player("Alice")[0].dataReceived(b"QUIT\r\n")
    proto, transport = rig.connect()
    proto.dataReceived(b"connect Alice\r\n")
    assert transport.value() == bytes((IAC, WILL, ECHO)) + PASSWORD_PROMPT.encode() + EOR
    assert proto.session.character_id is None
    transport.clear()
    proto.dataReceived(b"secret1\r\n")
    assert transport.value().startswith(bytes((IAC, WONT, ECHO)) + b"\r\n")
    assert "Welcome to Champions MUSH, Alice!" in text(transport)
    assert "secret1" not in text(transport)


def test_an_empty_password_line_does_nothing_and_a_wrong_one_is_refused():
    rig = Rig()
    rig.player("Jean Grey")[0].dataReceived(b"QUIT\r\n")
    proto, transport = rig.connect()
    proto.dataReceived(b'connect "Jean Grey"\r\n\r\n')
    assert text(transport) == PASSWORD_PROMPT + f"\r\n{NO_PASSWORD}\r\n"
    transport.clear()
    proto.dataReceived(b'connect "Jean Grey"\r\nwrong\r\n')
    assert text(transport) == PASSWORD_PROMPT + "\r\nEither that name does not exist or the password is wrong.\r\n"
    transport.clear()
    proto.dataReceived(b'connect "Jean Grey"\r\nsecret1\r\n')
    assert "Welcome to Champions MUSH, Jean Grey!" in text(transport)


def test_settings_the_core_does_not_know_follow_the_client():
    rig = Rig()
    alice, _ = rig.player("Alice")
    alice.session.apply_client_settings({"colour": ["256"], "charset": "ebcdic", "prompt": 3,
                                         "screen_reader": "yes"})
    conn = alice.conn
    assert (conn.colour_override, conn.charset_override, conn.prompt_mark_override,
            conn.screen_reader_override) == (None, None, None, None)
