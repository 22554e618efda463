"""The portal's channel into the game (net/portal.py): only a connection with the token is
answered, and connections that never say who they are are capped and cut off."""

import json

from twisted.internet.task import Clock
from twisted.internet.testing import StringTransport

from champions_mush.net.portal import HEADER_DEADLINE, MAX_WAITING, PortalLinkFactory

from ..harness import make_world

TOKEN = "ab" * 16


def _connect(factory):
    link = factory.buildProtocol(None)
    transport = StringTransport()
    link.makeConnection(transport)
    return link, transport


def test_only_the_token_opens_the_channel():
    world = make_world()
    world.login("Alice")
    factory = PortalLinkFactory(world.game, world.dispatcher, TOKEN, clock=Clock())
    link, transport = _connect(factory)
    link.dataReceived(f"PORTAL {'cd' * 16}\n".encode())
    assert transport.disconnecting
    link, transport = _connect(factory)
    link.dataReceived(f"PORTAL {TOKEN}\n".encode() + b'{"id": 3, "op": "who"}\n')
    answer = json.loads(transport.value())
    assert answer["id"] == 3 and [row["name"] for row in answer["who"]] == ["Alice"]


def test_headerless_connections_are_capped_and_cut_off():
    world = make_world()
    clock = Clock()
    factory = PortalLinkFactory(world.game, world.dispatcher, TOKEN, clock=clock)
    held = [_connect(factory) for _ in range(MAX_WAITING)]
    assert not any(t.disconnecting for _, t in held)
    _, over = _connect(factory)
    assert over.disconnecting
    clock.advance(HEADER_DEADLINE)
    assert all(t.disconnecting for _, t in held)
