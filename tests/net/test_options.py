"""The option table: every option is one policy record, and a new one needs only its module
and a line in the table (here: tests/net/xyzzy_option.py and ``(*OPTIONS, POLICY)``)."""

from __future__ import annotations

from champions_mush.net.events import ProtocolViolation
from champions_mush.net.options import OPTIONS
from champions_mush.net.telnet import TelnetConnection
from champions_mush.net.wire import Option

from . import xyzzy_option
from .helpers import DO, DONT, IAC, OPENING, SB, SE, WILL, WONT, FakeClient, cmd, sb

TABLE = (*OPTIONS, xyzzy_option.POLICY)


def test_each_option_we_speak_has_exactly_one_record():
    codes = [policy.code for policy in OPTIONS]
    assert len(codes) == len(set(codes))
    assert set(codes) == {Option.TTYPE, Option.NAWS, Option.CHARSET, Option.EOR, Option.GMCP,
                          Option.MSSP, Option.MCCP2, Option.SGA, Option.ECHO}


def test_a_made_up_option_is_offered_enabled_and_subnegotiated_from_its_own_module():
    client = FakeClient(TelnetConnection(options=TABLE, mssp=dict))
    assert client.start() == OPENING + cmd(WILL, 99)  # offered after the table's others
    assert client.send(cmd(DO, 99)) == bytes([IAC, SB, 99]) + b"hello" + bytes([IAC, SE])
    assert client.conn.us_enabled(99)
    client.send(sb(99, b"plugh"))
    assert client.conn.state(99).said == [b"plugh"]
    client.take_events()
    client.send(sb(99, b""))
    assert client.take_events() == [ProtocolViolation("empty XYZZY")]
    assert client.send(cmd(DONT, 99)) == cmd(WONT, 99)
    assert not client.conn.us_enabled(99)


def test_without_its_table_line_the_option_is_refused_and_its_subnegotiation_a_violation():
    client = FakeClient(TelnetConnection(mssp=dict))
    assert client.start() == OPENING
    assert client.send(cmd(DO, 99)) == cmd(WONT, 99)
    client.take_events()
    client.send(sb(99, b"plugh"))
    assert client.take_events() == [ProtocolViolation("unexpected subnegotiation of option 99")]


def test_gmcp_subscriptions_stop_at_their_cap():
    """11 MB of unique Core.Supports.Add names once grew memory by 107 MB."""
    from champions_mush.net.options.gmcp import MAX_GMCP_PACKAGES

    from .helpers import GMCP, gmcp

    client = FakeClient()
    client.start()
    client.send(cmd(DO, GMCP) + gmcp('Core.Supports.Set ["Char 1"]'))
    for batch in range(20):
        names = ", ".join(f'"Pkg{batch}x{i} 1"' for i in range(50))
        client.send(gmcp(f"Core.Supports.Add [{names}]"))
    packages = client.conn.gmcp_packages
    assert len(packages) == MAX_GMCP_PACKAGES and "char" in packages
    client.send(gmcp('Core.Supports.Remove ["Char"]') + gmcp('Core.Supports.Add ["Combat 1"]'))
    assert "combat" in client.conn.gmcp_packages and "char" not in client.conn.gmcp_packages
    client.send(gmcp("Core.Supports.Set [" + ", ".join(f'"S{i} 1"' for i in range(500)) + "]"))
    assert len(client.conn.gmcp_packages) == MAX_GMCP_PACKAGES
