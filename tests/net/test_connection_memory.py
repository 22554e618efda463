"""The per-connection objects are small (docs/performance.md, "Memory"): slots instead of
instance dictionaries, no queue while nothing waits, and a reload still carries their state,
also the state saved by the code before (which kept overrides as ``_shared_<name>``)."""

from __future__ import annotations

import pickle

from champions_mush.net.output import Outbox
from champions_mush.net.pacing import Pacer
from champions_mush.net.reload import CONN_SKIP, _state_of, rebuild_conn
from champions_mush.text.markup import ColourLevel
from champions_mush.text.render import RENDER_CACHE_LONGEST

from .test_server import Rig


def test_the_telnet_core_pacer_and_outbox_have_no_instance_dictionary():
    rig = Rig()
    proto, _ = rig.connect()
    for obj in (proto.conn, proto.pacer, proto.outbox):
        assert not hasattr(obj, "__dict__"), type(obj).__name__
    assert isinstance(proto.outbox, Outbox) and isinstance(proto.pacer, Pacer)


def test_an_idle_connection_holds_no_input_queue():
    rig = Rig()
    proto, transport = rig.connect()
    proto.dataReceived(b"WHO\r\n")
    assert proto.pacer._events is None
    assert proto.pacer.pending() == []


def test_a_state_saved_by_the_code_before_comes_back_with_its_overrides():
    rig = Rig()
    proto, _ = rig.connect()
    saved = _state_of(proto.conn, CONN_SKIP)
    del saved["colour_override"], saved["screen_reader_override"]
    saved["_shared_colour_override"] = ColourLevel.ANSI16  # how the old core kept an override
    saved["_shared_screen_reader_override"] = None
    new = rebuild_conn(rig.factory, pickle.loads(pickle.dumps(saved)))
    assert new.colour_override is ColourLevel.ANSI16
    new.send_text("|rred|n")
    assert new.data_to_send() == b"\x1b[0;31mred\x1b[0m\r\n"


def test_own_lines_and_long_texts_are_not_kept_in_the_shared_renderings():
    rig = Rig()
    proto, transport = rig.player("Alice")
    bob, _ = rig.player("Bob")
    proto.session.send("Only for Alice")
    rig.game.msg_room(rig.game.start_room, "x" * (RENDER_CACHE_LONGEST + 1))
    assert len(rig.factory.rendered) == 0
    rig.game.msg_room(rig.game.start_room, "Everyone hears this")
    assert len(rig.factory.rendered) == 1  # both players' kind: rendered once, kept
    assert transport.value().endswith(
        b"Only for Alice\r\n" + b"x" * (RENDER_CACHE_LONGEST + 1) + b"\r\nEveryone hears this\r\n")


def test_refused_offers_keep_no_negotiation_state_and_reading_makes_none():
    rig = Rig()
    proto, transport = rig.connect()
    conn, seen, refused = proto.conn, 0, 0
    while seen < len(transport.value()):  # refuse each offer, also those made after a refusal
        sent, seen = transport.value()[seen:], len(transport.value())
        offers = [sent[i + 1:i + 3] for i in range(len(sent) - 2) if sent[i] == 255 and sent[i + 1] in (251, 253)]
        refused += len(offers)
        proto.dataReceived(b"".join(bytes((255, 254 if verb == 251 else 252, option)) for verb, option in offers))
    assert refused >= 5  # WILL/DO offers went out and were answered
    assert conn._us == {} and conn._him == {}
    assert (conn.client_name, conn.terminal_type, conn.gmcp_packages) == ("", "", frozenset())
    assert not conn.handshake_pending
    assert conn._states == {}
    assert b"RULES for the rules." in transport.value()  # the refusals ended the handshake: welcome shown
