"""The PROXY protocol parser (HAProxy's specification, versions 1 and 2): whole, split, malformed."""

import socket
import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st

from champions_mush.net.proxy import MAX_V2_PAYLOAD, V2_SIGNATURE, ProxyError, ProxyHeader, ProxyParser


def v2(command=0x21, family=0x11, payload=None, src="203.0.113.7", dst="10.0.0.1", sport=51000, dport=4201):
    if payload is None:
        kind = socket.AF_INET if family >> 4 == 1 else socket.AF_INET6
        payload = socket.inet_pton(kind, src) + socket.inet_pton(kind, dst) + struct.pack("!HH", sport, dport)
    return V2_SIGNATURE + bytes((command, family)) + struct.pack("!H", len(payload)) + payload


def test_a_v1_header_names_the_client_and_leaves_the_rest():
    parser = ProxyParser()
    assert parser.receive_data(b"PROXY TCP4 203.0.113.7 10.0.0.1 51000 4201\r\nconnect Ada pw\r\n") == \
        ProxyHeader(1, "203.0.113.7", 51000)
    assert parser.rest == b"connect Ada pw\r\n"


def test_v1_tcp6_unknown_and_an_ipv4_mapped_address():
    assert ProxyParser().receive_data(b"PROXY TCP6 2001:db8::7 2001:db8::1 1 65535\r\n") == \
        ProxyHeader(1, "2001:db8::7", 1)
    assert ProxyParser().receive_data(b"PROXY TCP6 ::ffff:10.1.2.3 ::1 5 6\r\n") == ProxyHeader(1, "10.1.2.3", 5)
    assert ProxyParser().receive_data(b"PROXY UNKNOWN ffff::1 ffff::2 1 2\r\n") == ProxyHeader(1)
    assert ProxyParser().receive_data(b"PROXY UNKNOWN\r\n") == ProxyHeader(1)


def test_a_v2_header_for_ipv4_ipv6_local_and_unix():
    parser = ProxyParser()
    assert parser.receive_data(v2() + b"\xff\xfb\x01WHO\r\n") == ProxyHeader(2, "203.0.113.7", 51000)
    assert parser.rest == b"\xff\xfb\x01WHO\r\n"
    assert ProxyParser().receive_data(v2(family=0x21, src="2001:db8::7", dst="2001:db8::1")) == \
        ProxyHeader(2, "2001:db8::7", 51000)
    assert ProxyParser().receive_data(v2(command=0x20, family=0x00, payload=b"")) == ProxyHeader(2)
    assert ProxyParser().receive_data(v2(family=0x31, payload=bytes(216))) == ProxyHeader(2)
    with_tlvs = v2(payload=socket.inet_aton("198.51.100.2") + bytes(4) + struct.pack("!HH", 7, 8) + b"\x04\x00\x03abc")
    assert ProxyParser().receive_data(with_tlvs) == ProxyHeader(2, "198.51.100.2", 7)


@pytest.mark.parametrize("header", [
    b"PROXY TCP4 203.0.113.7 10.0.0.1 51000 4201\r\n",
    v2(),
])
def test_a_header_split_anywhere_reads_the_same(header):
    stream = header + b"look\r\n"
    whole = ProxyParser().receive_data(stream)
    for cut in range(1, len(stream)):
        parser = ProxyParser()
        first = parser.receive_data(stream[:cut])
        if first is not None:  # what comes after goes straight to telnet
            assert (first, parser.rest + stream[cut:]) == (whole, b"look\r\n"), cut
        else:
            assert (parser.receive_data(stream[cut:]), parser.rest) == (whole, b"look\r\n"), cut


@pytest.mark.parametrize(("data", "message"), [
    (b"connect Ada pw\r\n", "the connection did not start with a PROXY header"),
    (b"PROXX TCP4", "a version 1 header starts with 'PROXY '"),
    (b"PROXY TCP4 203.0.113.7 10.0.0.1 51000 4201\n", "a version 1 header is one line of at most 107 bytes ending in CRLF"),
    (b"PROXY " + b"A" * 120, "a version 1 header is one line of at most 107 bytes ending in CRLF"),
    (b"PROXY TCP4 1.2.3.4 5.6.7.8 1\r\n", "a version 1 header is PROXY TCP4|TCP6 <source> <destination> <ports>, or PROXY UNKNOWN"),
    (b"PROXY UDP4 1.2.3.4 5.6.7.8 1 2\r\n", "a version 1 header is PROXY TCP4|TCP6 <source> <destination> <ports>, or PROXY UNKNOWN"),
    (b"PROXY TCP4 1.2.3.999 5.6.7.8 1 2\r\n", "'1.2.3.999' is not an IPv4 address"),
    (b"PROXY TCP4 2001:db8::1 5.6.7.8 1 2\r\n", "'2001:db8::1' is not an IPv4 address"),
    (b"PROXY TCP4 1.2.3.4 5.6.7.8 080 2\r\n", "'080' is not a port (0 to 65535, no leading zeros)"),
    (b"PROXY TCP4 1.2.3.4 5.6.7.8 65536 2\r\n", "'65536' is not a port (0 to 65535, no leading zeros)"),
    (b"PROXY TCP4 1.2.3.4 5.6.7.8 \xc2\xb2 2\r\n", "a version 1 header is ASCII"),
    (b"\r\n\r\n\x00\r\nQUIT!", "not the version 2 signature"),
    (v2(command=0x22), "version 2 command byte 0x22 is neither LOCAL nor PROXY"),
    (v2(command=0x11), "version 2 command byte 0x11 is neither LOCAL nor PROXY"),
    (v2(family=0x12), "version 2 family byte 0x12 is not TCP over IPv4 or IPv6"),
    (v2(family=0x41, payload=b""), "version 2 family byte 0x41 is not TCP over IPv4 or IPv6"),
    (v2(family=0x11, payload=bytes(11)), "a version 2 IPv4 header needs 12 bytes of addresses"),
    (v2(family=0x21, payload=bytes(35)), "a version 2 IPv6 header needs 36 bytes of addresses"),
    (V2_SIGNATURE + b"\x21\x11" + struct.pack("!H", MAX_V2_PAYLOAD + 1),
     f"a version 2 header of {MAX_V2_PAYLOAD + 1} bytes is longer than we read ({MAX_V2_PAYLOAD})"),
])
def test_malformed_headers_are_refused_with_a_reason(data, message):
    with pytest.raises(ProxyError) as caught:
        ProxyParser().receive_data(data)
    assert str(caught.value) == message


@given(st.binary(max_size=300))
def test_any_bytes_give_a_header_an_error_or_a_wait_never_a_crash(data):
    parser = ProxyParser()
    try:
        header = parser.receive_data(data)
    except ProxyError:
        return
    assert header is None or isinstance(header, ProxyHeader)
