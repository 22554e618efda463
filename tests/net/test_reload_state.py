"""What a reload hands over for one connection (docs/reload.md): the telnet core's negotiated
state survives pickling and rebuilding in new code, and MCCP ends cleanly and starts again."""

from __future__ import annotations

import pickle
import zlib

from champions_mush.net.reload import CONN_SKIP, _state_of, check, rebuild_conn
from champions_mush.text.markup import ColourLevel

from .helpers import DO, GMCP, IAC, MCCP2, NAWS, SB, SE, TTYPE, WILL, cmd, gmcp, naws, ttype_is
from .test_server import Rig

MCCP_START = bytes((IAC, SB, MCCP2, IAC, SE))


def _negotiated(rig: Rig):
    proto, transport = rig.connect()
    proto.dataReceived(cmd(WILL, NAWS) + naws(100, 40) + cmd(WILL, TTYPE) + ttype_is("MUDLET")
                       + ttype_is("XTERM-256COLOR") + ttype_is("MTTS 269") + cmd(DO, GMCP)
                       + gmcp('Core.Supports.Set ["Char 1"]'))
    return proto, transport


def test_the_negotiated_state_comes_back_in_a_rebuilt_core():
    rig = Rig()
    proto, _ = _negotiated(rig)
    old = proto.conn
    saved = pickle.loads(pickle.dumps(_state_of(old, CONN_SKIP)))
    new = rebuild_conn(rig.factory, saved)
    assert (new.width, new.height, new.client_name, new.terminal_type) == (100, 40, "MUDLET", "XTERM-256COLOR")
    assert new.colour is old.colour is ColourLevel.TRUECOLOUR and new.charset == old.charset == "UTF-8"
    assert new.gmcp and new.gmcp_wanted("Char.Vitals") and not new.gmcp_wanted("Room.Info")
    new.send_text("|rred|n")
    assert new.data_to_send() == b"\x1b[0;31mred\x1b[0m\r\n"
    new.receive_data(b"say hi\r\n")
    assert [type(e).__name__ for e in new.next_events()] == ["LineReceived"]


def test_mccp_ends_cleanly_before_and_starts_again_after():
    """The zlib stream is finished before the switch (the client reads plain bytes after it) and
    the new process starts a fresh one on the still agreed option (IAC SB MCCP2 IAC SE)."""
    rig = Rig()
    proto, transport = _negotiated(rig)
    proto.dataReceived(cmd(DO, MCCP2))
    conn = proto.conn
    assert conn.mccp
    conn.send_text("before")
    conn.stop_compression()
    conn.send_text("plain")
    out = transport.value() + conn.data_to_send()
    stream = out[out.index(MCCP_START) + len(MCCP_START):]
    inflate = zlib.decompressobj()
    assert b"before\r\n" in inflate.decompress(stream)
    assert inflate.eof and inflate.unused_data == b"plain\r\n"
    saved = pickle.loads(pickle.dumps(_state_of(conn, CONN_SKIP)))
    new = rebuild_conn(rig.factory, saved)
    assert new.us_enabled(MCCP2) and not new.mccp
    new.start_compression()
    new.send_text("after")
    out = new.data_to_send()
    assert out.startswith(MCCP_START)
    assert zlib.decompressobj().decompress(out[len(MCCP_START):]) == b"after\r\n"


def test_the_trial_run_refuses_a_state_it_cannot_read(tmp_path):
    bad = tmp_path / "state.pickle"
    bad.write_bytes(pickle.dumps({"connections": []}))
    try:
        check(bad)
    except KeyError as exc:
        assert "the saved state has no listeners" in str(exc)
    else:
        raise AssertionError("a state without listeners was accepted")


def test_a_rebuilt_core_renders_through_the_new_servers_one_cache():
    rig = Rig()
    proto, _ = _negotiated(rig)
    saved = pickle.loads(pickle.dumps(_state_of(proto.conn, CONN_SKIP)))
    assert "rendered" not in saved
    assert rebuild_conn(rig.factory, saved).rendered is rig.factory.rendered


def test_reply_and_vote_presence_come_back_after_a_reload():
    """``reply`` and +vote read what the game keeps only in memory (who paged whom, who was
    where): a reload hands it over with the connections."""
    from champions_mush.net.reload import game_memory, restore_game_memory

    from ..harness import World

    before = World()
    alice, bob = before.login("Alice"), before.login("Bob")
    elsewhere = before.game.new_room("Elsewhere")
    alice.do("look")
    bob.do("look")
    alice.do("page Bob=meet me at the docks")
    saved = pickle.loads(pickle.dumps(game_memory(before.game)))
    after = World(store=before.store)
    after.clock.now = before.clock.now
    restore_game_memory(after.game, saved)
    alice, bob = after.login("Alice"), after.login("Bob")
    after.game.move_character(bob.character, elsewhere)
    assert bob.do("reply On my way") == ["You paged Alice with 'On my way'."]
    assert alice.lines[-1] == "Bob pages: On my way"
    assert alice.do("page again") == ["You paged Bob with 'again'."]
    assert bob.do("+vote Alice") == ["You vote for Alice. Thank you for playing."]


def test_a_session_saved_by_the_code_before_slots_keeps_its_help_place_and_client_notes():
    """The code before slotted sessions saved ``reading`` and ``client`` by those names (now
    properties over ``_reading`` and ``_client``): the first reload into this code keeps them."""
    from champions_mush.net.reload import _restore

    proto, _ = Rig().connect()
    _restore(proto.session, {"reading": {"+HELP": ("help", "+sheet")}, "client": {"via": "tls"}})
    assert proto.session.reading == {"+HELP": ("help", "+sheet")}
    assert proto.session.client["via"] == "tls"
