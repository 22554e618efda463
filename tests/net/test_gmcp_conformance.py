"""GMCP as Mudlet gets it (docs/clients.md, "GMCP messages"): Mudlet's own handshake and the
game package's subscriptions, then a login, a channel, a move and a fight on a real
connection; every message's JSON is read and checked against the package's documented shape."""

from __future__ import annotations

import json
import re
import zlib

from twisted.internet.address import IPv4Address
from twisted.internet.testing import StringTransport

from champions_mush.game.gmcp import GMCP_MESSAGES
from champions_mush.game.objects import Exit
from champions_mush.game.roles import Role
from champions_mush.net import mudlet
from champions_mush.net.server import WELCOME_DELAY
from champions_mush.rules.dice import FixedRoller

from .helpers import MCCP2_START, gmcp
from .test_session_overrides import HANDSHAKE, Rig, gmcp_sent
from .transcripts import MUDLET

PLAYER = {"name": str, "fullname": str}
#: Each message's shape: a dict of key -> type (or a nested shape), a list of one shape, or a type.
SHAPES = {
    "Client.GUI": {"version": str, "url": str},
    "Char.Vitals": {"stun": int, "maxstun": int, "body": int, "maxbody": int, "end": int, "maxend": int,
                    "conditions": [str]},
    "Char.Status": {"name": str, "ruleset": str, "room": int, "conditions": [str], "fight": (int, type(None)),
                    "effects": [{"what": str, "ends": str}]},
    "Room.Info": {"num": int, "name": str, "exits": {str: int}},
    "Room.Players": [PLAYER],
    "Room.AddPlayer": PLAYER,
    "Room.RemovePlayer": str,
    "Comm.Channel.List": [{"name": str, "caption": str, "command": str, "on": bool}],
    "Comm.Channel.Text": {"channel": str, "talker": str, "text": str},
    "Combat.Phase": {"fight": int, "turn": int, "segment": int, "phase": (str, type(None)), "acting": [str],
                     "chart": [{"name": str, "dex": int, "spd": int, "segments": [int]}]},
    "Help.SeeAlso": {"command": str, "topics": [str]},
}


def conforms(value, shape) -> bool:
    if isinstance(shape, list):
        return isinstance(value, list) and all(conforms(v, shape[0]) for v in value)
    if isinstance(shape, dict) and len(shape) == 1 and next(iter(shape)) is str:
        return isinstance(value, dict) and all(isinstance(k, str) and conforms(v, shape[str]) for k, v in value.items())
    if isinstance(shape, dict):
        return isinstance(value, dict) and set(value) == set(shape) and all(conforms(value[k], s) for k, s in shape.items())
    return isinstance(value, shape) and not (shape is int and isinstance(value, bool))


class Mudlet:
    """Mudlet 4.17's opening packets, then what the game's package adds; reads what the game
    sends through MCCP2 as Mudlet does."""

    def __init__(self, rig: Rig) -> None:
        self.proto = rig.factory.buildProtocol(None)
        self.transport = StringTransport(peerAddress=IPv4Address("TCP", "10.0.0.2", 40000))
        self.proto.makeConnection(self.transport)
        for packet in MUDLET.packets:
            self.proto.dataReceived(packet)
        rig.clock.advance(WELCOME_DELAY)
        self.proto.dataReceived(gmcp('Core.Supports.Add ["Char 1", "Room 1", "Comm.Channel 1", "Combat 1"]'))
        self._inflate: zlib._Decompress | None = None

    def type(self, line: str) -> None:
        self.proto.dataReceived(line.encode() + b"\r\n")

    def gmcp(self) -> list[tuple[str, object]]:
        data = self.transport.value()
        self.transport.clear()
        if self._inflate is None and MCCP2_START in data:
            data = data.split(MCCP2_START, 1)[1]
            self._inflate = zlib.decompressobj()
        plain = self._inflate.decompress(data) if self._inflate is not None else data
        found = []
        for payload in re.findall(rb"\xff\xfa\xc9(.*?)\xff\xf0", plain.replace(b"\xff\xff", b"\x00"), re.DOTALL):
            package, _, body = payload.decode().partition(" ")
            found.append((package, json.loads(body) if body else None))
        return found


def test_a_mudlet_session_gets_every_package_and_each_reads_as_documented():
    rig = Rig()
    rig.factory.web_port = 4280
    rig.game.roller = FixedRoller([3, 3, 3, 6, 6, 6, 4, 6, 6] * 3)
    seen = []

    def take(client: Mudlet) -> list:
        found = client.gmcp()
        seen.extend(found)
        return found

    gina, gina_t = rig.player("Gina", HANDSHAKE + gmcp('Core.Supports.Add ["Room 1"]'))
    char = rig.game.find_character("Gina")
    rig.game.set_role(char, Role.ADMIN, None)
    alice = Mudlet(rig)
    hello = take(alice)
    assert hello == [("Client.GUI", {"version": mudlet.version(), "url": "http://10.0.0.1:4280/champions-mush.xml"})]
    alice.type("create Alice secret1")
    login = take(alice)
    start = rig.game.rooms[rig.game.start_room]
    assert login == [
        ("Char.Vitals", {"stun": 20, "maxstun": 20, "body": 10, "maxbody": 10, "end": 20, "maxend": 20,
                         "conditions": []}),
        ("Char.Status", {"name": "Alice", "ruleset": "champions", "room": start.id, "conditions": [], "fight": None,
         "effects": []}),
        ("Room.Info", {"num": start.id, "name": start.name, "exits": {}}),
        ("Room.Players", [{"name": "Gina", "fullname": "Gina"}, {"name": "Alice", "fullname": "Alice"}]),
        ("Comm.Channel.List", [{"name": "Public", "caption": "Public", "command": "pub", "on": True}]),
    ]
    # a channel: what is said, and the list when an alias is added
    alice.type("pub Hello, all.")
    assert take(alice) == [("Comm.Channel.Text", {"channel": "Public", "talker": "Alice",
                                                    "text": "[Public] Alice: Hello, all."})]
    alice.type("addcom p2=Public")
    assert take(alice) == [("Comm.Channel.List", [
        {"name": "Public", "caption": "Public", "command": "p2", "on": True},
        {"name": "Public", "caption": "Public", "command": "pub", "on": True}])]
    # moving: the room she leaves and the one she enters
    roof = rig.game.new_room("Rooftop")
    start.exits.append(Exit("north", roof, ("n",)))
    rig.game.save_room(start)
    rig.game.rooms[roof].exits.append(Exit("south", start.id, ("s",)))
    rig.game.save_room(rig.game.rooms[roof])
    alice.type("north")
    assert take(alice) == [("Room.Info", {"num": roof, "name": "Rooftop", "exits": {"south": start.id}}),
                             ("Room.Players", [{"name": "Alice", "fullname": "Alice"}])]
    gina.dataReceived(b"north\r\n")
    assert take(alice) == [("Room.AddPlayer", {"name": "Gina", "fullname": "Gina"})]
    # a fight: the Phase, and the vitals and status as Alice is hit
    for line in (b"+combat/start", b"+combat/join Alice", b"+combat/join Gina", b"+stat/set Gina/DEX=23",
                 b"+stat/set Gina/STR=20", b"+combat/next"):
        gina.dataReceived(line + b"\r\n")
    phases = [data for package, data in take(alice) if package == "Combat.Phase"]
    assert phases[-1]["phase"] == "Gina" and phases[-1]["segment"] == 12
    # 4d6 from STR 20 (6 6 6 4): 22 STUN, 7 BODY against PD 2: 20 STUN, 5 BODY; 20 > CON 10: Stunned,
    # and STUN 0 is Knocked Out (RULES DAMAGE EFFECTS)
    gina.dataReceived(b"+attack Alice=strike\r\n")
    hit = take(alice)
    assert next(data for package, data in hit if package == "Char.Vitals") == {
        "stun": 0, "maxstun": 20, "body": 5, "maxbody": 10, "end": 20, "maxend": 20, "conditions": ["Stunned", "Knocked Out"]}
    assert next(data for package, data in hit if package == "Char.Status") == {
        "name": "Alice", "ruleset": "champions", "room": roof, "conditions": ["Stunned", "Knocked Out"], "fight": phases[-1]["fight"],
        "effects": []}
    # a rules topic with a see-also line (the web client subscribes to Help; Mudlet's package does not)
    alice.proto.dataReceived(gmcp('Core.Supports.Add ["Help 1"]'))
    alice.type("RULES knockb")
    assert take(alice) == [("Help.SeeAlso", {"command": "RULES", "topics": ["KNOCKBACK 2"]})]
    alice.type("QUIT")
    gina_left = gmcp_sent(gina_t)
    assert [m for m in gina_left if m[0].startswith("Room.")][-1] == ("Room.RemovePlayer", "Alice")
    seen.extend(gina_left)
    for package, data in seen:
        assert conforms(data, SHAPES[package]), (package, data)
    assert {package for package, _ in seen} == set(GMCP_MESSAGES)
