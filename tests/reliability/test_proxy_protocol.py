"""The PROXY protocol over real TCP: behind a trusted proxy, v1 and v2 headers give the game
each player's own address, so bans and WHO see it; a malformed header closes the connection;
a listener not marked as behind a proxy never honours one (docs/admin-guide.md, "Behind a proxy")."""

from __future__ import annotations

import re
import socket
import struct

from tests.e2e.helpers import Client, Server, create_admin

V2_SIGNATURE = b"\r\n\r\n\x00\r\nQUIT\n"
CONFIG = "password_cost: 1024\nconnects_per_minute: 0\n"


def _v1(address: str) -> bytes:
    return f"PROXY TCP4 {address} 127.0.0.1 40000 4201\r\n".encode()


def _v2(address: str) -> bytes:
    payload = socket.inet_aton(address) + socket.inet_aton("127.0.0.1") + struct.pack("!HH", 40001, 4201)
    return V2_SIGNATURE + b"\x21\x11" + struct.pack("!H", len(payload)) + payload


def _proxied(server: Server, header: bytes) -> Client:
    """A client whose connection starts the way a proxy's does: the header, then the player."""
    client = Client.__new__(Client)
    client.sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    client.sock.sendall(header)
    client.text, client._pending, client.closed = "", b"", False
    server.clients.append(client)
    return client


def _login(client: Client, line: str, name: str) -> Client:
    client.expect("QUIT")
    client.do(line, f"Welcome to Champions MUSH, {name}!")
    client.expect("Heroes gather here.\n")
    return client


def _sites(staff: Client) -> dict[str, str]:
    text = staff.do("WHO", "players connected.")
    return dict(re.findall(r"^(\w+) +\S+ +\S+  (.+)$", text, flags=re.MULTILINE))


def test_v1_and_v2_headers_give_bans_and_who_the_players_own_addresses(tmp_path):
    server = Server(tmp_path, CONFIG + "proxy_protocol: true\nproxy_from: 127.0.0.0/8\n")
    create_admin(server, "Root", "adminpw1")
    with server:
        root = _login(_proxied(server, _v1("203.0.113.7")), "connect Root adminpw1", "Root")
        ann = _login(_proxied(server, _v2("198.51.100.9")), "create Ann secret1", "Ann")
        assert _sites(root) == {"Root": "203.0.113.7", "Ann": "198.51.100.9"}
        root.do("@ban 198.51.100.*=spam", "Site 198.51.100.* banned; 1 connection(s) closed.")
        assert ann.wait_closed().endswith("Connections from your site are not allowed.\n")
        banned = _proxied(server, _v2("198.51.100.10"))
        assert banned.wait_closed() == "Connections from your site are not allowed.\n"
        assert root.do("@ban 203.0.*", "narrower pattern.").endswith(
            "203.0.* matches your own address (203.0.113.7): you would lock yourself out. Ban a narrower pattern.")
        for junk in (b"GET / HTTP/1.1\r\n\r\n", b"PROXY TCP4 1.2.3.999 127.0.0.1 1 2\r\n", V2_SIGNATURE + b"\x22\x11\x00\x00"):
            assert _proxied(server, junk).wait_closed() == ""
        _login(_proxied(server, _v1("192.0.2.1")), "create Bea secret1", "Bea")
        assert _sites(root) == {"Root": "203.0.113.7", "Bea": "192.0.2.1"}


def test_a_listener_not_behind_a_proxy_never_honours_a_header(tmp_path):
    server = Server(tmp_path, CONFIG)
    create_admin(server, "Root", "adminpw1")
    with server:
        root = server.login("Root", "adminpw1", create=False)
        _login(_proxied(server, _v1("203.0.113.7")), "create Sly secret1", "Sly")
        assert _sites(root) == {"Root": "127.0.0.1", "Sly": "127.0.0.1"}


def test_a_proxy_listener_closes_connections_from_outside_proxy_from(tmp_path):
    server = Server(tmp_path, CONFIG + "proxy_protocol: true\nproxy_from: 10.0.0.0/8\n")
    with server:
        assert _proxied(server, _v1("203.0.113.7")).wait_closed() == ""
    log = (tmp_path / "logs" / "connections.log").read_text()
    assert "closed proxied connection from 127.0.0.1: a connection from 127.0.0.1, which is not in proxy_from" in log
