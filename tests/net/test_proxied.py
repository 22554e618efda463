"""The proxied listener's adapter on a fake clock: the header before telnet, a deadline for it,
and peers outside ``proxy_from`` refused."""

from twisted.internet.address import IPv4Address

from champions_mush.net.proxied import HEADER_TIMEOUT, ProxiedFactory, trusted_networks

from .test_server import Rig, Transport, text


def _connect(rig, peer="127.0.0.1", networks="127.0.0.1 ::1"):
    proto = ProxiedFactory(rig.factory, trusted_networks(networks)).buildProtocol(None)
    transport = Transport(peerAddress=IPv4Address("TCP", peer, 40000))
    proto.makeConnection(transport)
    return proto, transport


def test_nothing_is_sent_before_the_header_and_its_address_is_the_sessions():
    rig = Rig()
    proto, transport = _connect(rig)
    assert transport.value() == b"" and proto.session is None
    proto.dataReceived(b"PROXY TCP4 203.0.113.7 10.0.0.1 5 6\r\ncreate Ann secret1\r\n")
    assert proto.session.address == "203.0.113.7"
    assert text(transport).endswith("Welcome to Champions MUSH, Ann!\r\nHero Plaza\r\n"
                                    "The heart of the city. Heroes gather here.\r\n")


def test_a_proxy_that_sends_no_header_is_dropped_after_the_deadline():
    rig = Rig()
    proto, transport = _connect(rig)
    proto.dataReceived(b"PROXY TCP4 203.0")
    rig.clock.advance(HEADER_TIMEOUT - 0.1)
    assert not transport.disconnecting and not getattr(transport, "disconnected", False)
    rig.clock.advance(0.2)
    assert transport.value() == b"" and proto.session is None
    assert transport.disconnecting or transport.disconnected


def test_a_peer_outside_proxy_from_is_refused_at_once():
    rig = Rig()
    _proto, transport = _connect(rig, peer="192.0.2.5", networks="10.0.0.0/8")
    assert (transport.value(), transport.disconnecting or transport.disconnected) == (b"", True)


def test_the_header_deadline_goes_with_the_connection():
    rig = Rig()
    proto, transport = _connect(rig)
    proto.dataReceived(b"PROXY UNKNOWN\r\n")
    assert proto.session.address == "127.0.0.1"  # the proxy spoke for itself: its own address
    rig.clock.advance(HEADER_TIMEOUT * 2)
    assert not transport.disconnecting
