"""The per-connection objects are small (docs/performance.md, "Memory"): slots instead of
instance dictionaries, no queue or table while nothing is in it, and a reload still carries
their state, also the state saved by the code before (which kept overrides as
``_shared_<name>``, and a command bucket as a dictionary)."""

from __future__ import annotations

import pickle

from champions_mush.game.limits import TokenBucket
from champions_mush.net import telnet
from champions_mush.net.output import Outbox
from champions_mush.net.pacing import Pacer
from champions_mush.net.reload import CONN_SKIP, SESSION_SKIP, VISIT_SKIP, _restore, _state_of, rebuild_conn
from champions_mush.net.session import TelnetSession
from champions_mush.net.telnet import EMPTY
from champions_mush.text.markup import ColourLevel
from champions_mush.text.render import RENDER_CACHE_LONGEST

from .helpers import DO, DONT, EOR_OPT, NAWS, WILL, cmd, naws
from .test_server import Rig, text


def test_the_telnet_core_pacer_and_outbox_have_no_instance_dictionary():
    rig = Rig()
    proto, _ = rig.connect()
    for obj in (proto.conn, proto.pacer, proto.outbox):
        assert not hasattr(obj, "__dict__"), type(obj).__name__
    assert isinstance(proto.outbox, Outbox) and isinstance(proto.pacer, Pacer)


def test_an_idle_connection_holds_no_input_queue():
    rig = Rig()
    proto, _transport = rig.connect()
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
    _bob, _ = rig.player("Bob")
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


def test_the_session_visit_bucket_and_writer_have_no_instance_dictionary():
    rig = Rig()
    proto, _ = rig.player("Alice")
    for obj in (proto.session, proto.visit, proto.visit.bucket, proto.outbox._write):
        assert not hasattr(obj, "__dict__"), type(obj).__name__


def test_an_idle_logged_in_connection_keeps_no_empty_tables():
    rig = Rig()
    proto, transport = rig.connect()
    proto.dataReceived(b"create Alice secret1\r\n")
    assert "Welcome to Champions MUSH, Alice!" in text(transport)
    conn, session = proto.conn, proto.session
    assert (conn._events, conn._refusals, conn._line, conn._sb, conn._to_compress, conn._out) == (
        None, None, b"", b"", b"", b"")
    assert conn._states is EMPTY and (session._client, session._reading) == (None, None)
    assert session.overrides is EMPTY and proto.outbox._held == ()
    assert conn._style is proto.session.conn.style() is rig.connect()[0].conn.style()  # one tuple per kind


def test_what_was_made_on_first_use_survives_a_reload():
    """The help page being read, what the network layer noted (``via``), +client overrides and
    the command bucket come back in the rebuilt session; an untouched session stays lean."""
    rig = Rig()
    proto, _ = rig.player("Alice")
    session = proto.session
    session.reading["RULES"] = ("rules/champions", "combat")
    session.client["via"] = "tls"
    session.apply_client_settings({"colour": "none", "keepalive": False})
    proto.visit.bucket.take(rig.game.clock())
    saved = pickle.loads(pickle.dumps(_state_of(session, SESSION_SKIP)))
    visit = pickle.loads(pickle.dumps(_state_of(proto.visit, VISIT_SKIP)))
    new = TelnetSession(rebuild_conn(rig.factory, _state_of(proto.conn, CONN_SKIP)), proto)
    _restore(new, saved)
    assert new.reading == {"RULES": ("rules/champions", "combat")}
    assert new.client["via"] == "tls" and new.client["name"] == ""
    assert dict(new.overrides) == {"colour": "none", "keepalive": False} and not new.wants_keepalive()
    assert visit["bucket"].tokens == proto.visit.bucket.tokens == rig.game.config.command_burst - 1
    lean, _ = rig.player("Bob")
    _restore(again := TelnetSession(lean.conn, lean), pickle.loads(pickle.dumps(_state_of(lean.session, SESSION_SKIP))))
    assert (again._client, again._reading, again.overrides) == (None, None, EMPTY)


#: a TokenBucket(2.0, 10, 5.0) after take(6.0), pickled by the code before slots (a dictionary)
_OLD_BUCKET = (b'\x80\x05\x95s\x00\x00\x00\x00\x00\x00\x00\x8c\x1achampions_mush.game.limits\x94\x8c\x0bTokenBucket'
               b'\x94\x93\x94)\x81\x94}\x94(\x8c\x04rate\x94G@\x00\x00\x00\x00\x00\x00\x00\x8c\x05burst\x94K\n'
               b'\x8c\x06tokens\x94G@"\x00\x00\x00\x00\x00\x00\x8c\x05stamp\x94G@\x18\x00\x00\x00\x00\x00\x00ub.')


def test_a_command_bucket_saved_by_the_code_before_slots_comes_back():
    bucket = pickle.loads(_OLD_BUCKET)
    assert isinstance(bucket, TokenBucket)
    assert (bucket.rate, bucket.burst, bucket.tokens, bucket.stamp) == (2.0, 10, 9.0, 6.0)
    again = pickle.loads(pickle.dumps(bucket))
    assert (again.rate, again.burst, again.tokens, again.stamp) == (2.0, 10, 9.0, 6.0)


def test_the_empty_table_is_one_object_after_a_reload():
    assert pickle.loads(pickle.dumps(EMPTY)) is EMPTY
    assert EMPTY == {} and EMPTY.get(1, "x") == "x" and 1 not in EMPTY and len(EMPTY) == 0


def test_connections_that_negotiated_alike_share_one_option_table_and_a_change_is_their_own():
    rig = Rig()
    (one, _), (two, _) = rig.connect(), rig.connect()
    for proto in (one, two):
        proto.dataReceived(cmd(WILL, NAWS) + naws(100, 40) + cmd(DO, EOR_OPT))
    assert one.conn._us is two.conn._us and one.conn._him is two.conn._him
    one.dataReceived(cmd(DONT, EOR_OPT))
    assert not one.conn.us_enabled(EOR_OPT) and two.conn.us_enabled(EOR_OPT)
    assert one.conn._us is not two.conn._us
    two.dataReceived(cmd(DONT, EOR_OPT))
    assert one.conn._us is two.conn._us


def test_the_shared_option_tables_are_bounded_however_many_are_made(monkeypatch):
    monkeypatch.setattr(telnet, "_TABLES", {})
    rig = Rig()
    proto, _ = rig.connect()
    for option in range(telnet.TABLES_KEPT + 50):  # each one a distinct table
        proto.conn.ask(False, 100 + option % 150, option % 2 == 0)
        proto.conn.ask(True, 100 + (option * 7) % 150, True)
    assert len(telnet._TABLES) <= telnet.TABLES_KEPT
    assert proto.conn.him_enabled(NAWS) is False and proto.conn._him.get(100) is not None
