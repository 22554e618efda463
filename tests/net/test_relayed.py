"""The game's side of the relay: the header that says who a TLS or WebSocket client is, and
when the relay runs at all."""

from __future__ import annotations

from twisted.internet.address import IPv4Address

from champions_mush.configfile import ServerConfig
from champions_mush.net.relayed import HEADER_DEADLINE, MAX_WAITING, RelayedFactory, relay_settings, same_token
from champions_mush.net.server import WELCOME_DELAY

from .test_server import Rig, Transport

TOKEN = "a" * 32


def _relayed(rig: Rig, factory: RelayedFactory | None = None):
    proto = (factory or RelayedFactory(rig.factory, TOKEN)).buildProtocol(None)
    transport = Transport(peerAddress=IPv4Address("TCP", "127.0.0.1", 40000))
    proto.makeConnection(transport)
    return proto, transport


def test_the_header_gives_the_clients_address_and_how_it_came():
    rig = Rig()
    proto, transport = _relayed(rig)
    assert proto.session is None and transport.value() == b""  # nothing before the header
    proto.dataReceived(f"RELAY {TOKEN} tls 203.0.113.9\n".encode() + b"WHO\r\n")
    rig.clock.advance(WELCOME_DELAY)
    assert proto.session.address == "203.0.113.9"
    assert proto.session.client["via"] == "tls"
    assert b"connect <name> <password>" in transport.value()
    assert b"Player" in transport.value()  # the WHO sent with the header ran


def test_a_header_that_comes_in_pieces_still_counts():
    rig = Rig()
    proto, _transport = _relayed(rig)
    for piece in (b"RELAY ", TOKEN.encode(), b" websocket 198.51.100.7", b"\n"):
        proto.dataReceived(piece)
    assert proto.session.address == "198.51.100.7" and proto.session.client["via"] == "websocket"


def test_a_wrong_token_or_no_header_is_cut_off():
    rig = Rig()
    for data in (b"RELAY " + b"b" * 32 + b" tls 10.0.0.1\n", b"RELAY x\n", b"connect Alice secret1\r\n",
                 b"x" * 300):
        proto, transport = _relayed(rig)
        proto.dataReceived(data)
        assert transport.value() == b"" and proto.session is None
        assert transport.disconnecting
    assert rig.factory.protocols == set()


def test_the_token_matches_only_when_every_byte_does():
    assert same_token(TOKEN, TOKEN)
    for wrong in ("b" + TOKEN[1:], TOKEN[:-1] + "b", TOKEN[:-1], TOKEN + "a", "", "\ufffd" * 32,
                  "\ufffd" + TOKEN[3:]):  # the last: a bad byte, as the header decodes it, the same length in UTF-8
        assert not same_token(wrong, TOKEN), wrong


def test_a_token_one_character_short_or_long_is_cut_off():
    rig = Rig()
    for token in (TOKEN[:-1], TOKEN + "a"):
        proto, transport = _relayed(rig)
        proto.dataReceived(f"RELAY {token} tls 10.0.0.1\n".encode())
        assert proto.session is None and transport.disconnecting


def test_the_relay_runs_only_for_tls_or_the_web_port(tmp_path):
    off = relay_settings(ServerConfig(web_port=0), tmp_path)
    assert "tls_port" not in off and "web_port" not in off
    web = relay_settings(ServerConfig(), tmp_path)
    assert web["web_port"] == 4280 and "tls_port" not in web
    (tmp_path / "tls").mkdir()
    (tmp_path / "tls" / "cert.pem").write_text("x")
    tls = relay_settings(ServerConfig(web_port=0), tmp_path)
    assert tls["tls_port"] == 4202 and tls["tls_cert"] == str(tmp_path / "tls" / "cert.pem")
    named = relay_settings(ServerConfig(web_port=0, tls_cert="/etc/le/fullchain.pem", tls_key="/etc/le/privkey.pem"),
                           tmp_path / "elsewhere")
    assert (named["tls_cert"], named["tls_key"]) == ("/etc/le/fullchain.pem", "/etc/le/privkey.pem")


def test_a_connection_that_sends_no_header_is_cut_off_after_the_deadline():
    rig = Rig()
    listener = RelayedFactory(rig.factory, TOKEN)
    proto, transport = _relayed(rig, listener)
    proto.dataReceived(b"RELAY " + TOKEN.encode())  # a slow-loris: the header never ends
    rig.clock.advance(HEADER_DEADLINE - 0.1)
    assert not transport.disconnecting and listener.waiting == {proto}
    rig.clock.advance(0.1)
    assert transport.disconnecting and proto.session is None
    proto.connectionLost(None)
    assert listener.waiting == set()


def test_a_header_in_time_stops_the_deadline():
    rig = Rig()
    listener = RelayedFactory(rig.factory, TOKEN)
    proto, transport = _relayed(rig, listener)
    proto.dataReceived(f"RELAY {TOKEN} websocket 198.51.100.7\n".encode())
    assert listener.waiting == set()
    rig.clock.advance(HEADER_DEADLINE * 3)
    assert not transport.disconnecting and proto.session.address == "198.51.100.7"


def test_no_more_than_max_waiting_connections_wait_for_their_header():
    rig = Rig()
    listener = RelayedFactory(rig.factory, TOKEN)
    held = [_relayed(rig, listener) for _ in range(MAX_WAITING)]
    assert not any(transport.disconnecting for _, transport in held)
    _extra, transport = _relayed(rig, listener)
    assert transport.disconnecting and len(listener.waiting) == MAX_WAITING
    first, _first_transport = held[0]  # one sends its header: a place is free again
    first.dataReceived(f"RELAY {TOKEN} tls 203.0.113.9\n".encode())
    assert len(listener.waiting) == MAX_WAITING - 1
    _, later = _relayed(rig, listener)
    assert not later.disconnecting
