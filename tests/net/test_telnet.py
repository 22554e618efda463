"""The sans-I/O telnet core: parsing, negotiation, subnegotiations, output."""

from __future__ import annotations

import zlib

import pytest

from champions_mush.net.events import (
    CharsetChanged,
    Closed,
    GMCPMessage,
    HandshakeComplete,
    LineReceived,
    LineTooLong,
    OptionRefused,
    ProtocolViolation,
    TerminalType,
    WindowSize,
)
from champions_mush.net.telnet import (
    MAX_LINE_BYTES,
    MAX_REFUSALS,
    MAX_SUBNEG_BYTES,
    LocalProtocolError,
    PromptMark,
    TelnetConnection,
    clean_line,
)
from champions_mush.text.markup import ColourLevel

from .helpers import (
    AYT,
    CHARSET,
    CHARSET_REQUEST,
    DO,
    DONT,
    EC,
    ECHO,
    EL,
    EOR,
    EOR_OPT,
    GA,
    GMCP,
    IAC,
    MCCP2,
    MCCP2_START,
    MCCP3,
    MSSP,
    NAWS,
    NOP,
    OPENING,
    SB,
    SE,
    SGA,
    TTYPE,
    TTYPE_SEND,
    WILL,
    WONT,
    FakeClient,
    cmd,
    gmcp,
    naws,
    sb,
    ttype_is,
)


def lines(events) -> list[str]:
    return [e.text for e in events if isinstance(e, LineReceived)]


# Lines ---------------------------------------------------------------------

@pytest.mark.parametrize("ending", [b"\r\n", b"\n", b"\r\x00", b"\r"])
def test_every_line_ending_ends_a_line(ending):
    client = FakeClient()
    client.send(b"look" + ending + b"say hi" + ending)
    assert lines(client.events) == ["look", "say hi"]


def test_cr_lf_split_across_packets_is_one_line_end():
    client = FakeClient()
    client.send(b"look\r")
    client.send(b"\nsay hi\r\n")
    assert lines(client.events) == ["look", "say hi"]


def test_a_line_split_byte_by_byte_arrives_whole():
    client = FakeClient()
    client.send("say héllo\r\n".encode(), chunk=1)
    assert lines(client.events) == ["say héllo"]


@pytest.mark.parametrize(("data", "line"), [
    pytest.param(b"say \x1b[31mred\x1b[0m \x1b]0;owned\x07\x07bell\x00\r\n", "say red bell",
                 id="escape sequences and controls are removed"),
    pytest.param("say a\u009b2Jb\u202ec\r\n".encode(), "say abc", id="C1 CSI and bidi overrides are removed"),
    pytest.param(b"say caf\xe9\r\n", "say caf\u00e9", id="invalid UTF-8 is Latin-1 before a charset is agreed"),
    pytest.param(b"x" * MAX_LINE_BYTES + b"\r\n", "x" * MAX_LINE_BYTES, id="a line at the limit is kept"),
])
def test_a_line_arrives_cleaned(data, line):
    client = FakeClient()
    client.send(data)
    assert lines(client.events) == [line]


def test_backspace_and_delete_erase_the_previous_character():
    assert clean_line("lokk\x08\x08ok") == "look"
    assert clean_line("x\x7f\x7fy") == "y"


def test_tab_becomes_space():
    assert clean_line("a\tb") == "a b"


def test_iac_ec_and_el_edit_the_line():
    client = FakeClient()
    client.send(b"lookx" + bytes([IAC, EC]) + b"\r\n")
    client.send(b"garbage" + bytes([IAC, EL]) + b"north\r\n")
    client.send("caf\u00e9".encode() + bytes([IAC, EC]) + b"e\r\n")
    assert lines(client.events) == ["look", "north", "cafe"]


def test_doubled_iac_in_data_is_byte_255():
    conn = TelnetConnection()
    conn.charset_override = "ISO-8859-1"
    client = FakeClient(conn)
    client.send(b"say \xff\xff\r\n")
    assert lines(client.events) == ["say \u00ff"]


def test_invalid_utf8_after_agreeing_utf8_is_replaced():
    client = FakeClient()
    client.start()
    client.send(cmd(DO, CHARSET))
    client.send(sb(CHARSET, b"\x02UTF-8"))
    client.send(b"say caf\xe9\r\n")
    assert lines(client.events) == ["say caf\ufffd"]


def test_a_line_over_the_limit_is_dropped_whole_and_reported_once():
    client = FakeClient()
    client.send(b"x" * (MAX_LINE_BYTES + 10), chunk=1000)
    client.send(b"y" * 100 + b"\r\nlook\r\n")
    assert client.events == [LineTooLong(MAX_LINE_BYTES), LineReceived("look")]


def test_are_you_there_is_answered():
    client = FakeClient()
    assert client.send(bytes([IAC, AYT])) == b"\r\n[Yes]\r\n"


def test_nop_ga_and_eor_from_the_client_are_ignored():
    client = FakeClient()
    client.send(bytes([IAC, NOP, IAC, GA, IAC, EOR]) + b"look\r\n")
    assert client.events == [LineReceived("look")]


def test_empty_data_means_closed_and_later_data_is_ignored():
    client = FakeClient()
    client.send(b"look")
    client.conn.receive_data(b"")
    client.conn.receive_data(b"more\r\n")
    assert client.conn.next_events() == [Closed()]
    assert client.conn.closed


# Negotiation ---------------------------------------------------------------

def test_start_sends_the_opening_offers():
    assert FakeClient(mssp=lambda: {"NAME": "x"}).start() == OPENING


def test_start_without_mssp_does_not_offer_it():
    assert cmd(WILL, MSSP) not in FakeClient().start()


def test_start_twice_is_our_bug():
    conn = TelnetConnection()
    conn.start()
    with pytest.raises(LocalProtocolError):
        conn.start()


def test_refusals_become_events_and_never_close():
    client = FakeClient()
    client.start()
    reply = client.send(cmd(WONT, TTYPE) + cmd(WONT, NAWS) + cmd(DONT, EOR_OPT) + cmd(DONT, GMCP))
    assert client.events == [OptionRefused(TTYPE), OptionRefused(NAWS), OptionRefused(EOR_OPT),
                             OptionRefused(GMCP)]
    assert reply == b""
    assert not client.conn.closed


def test_unknown_options_are_refused_once_each():
    client = FakeClient()
    reply = client.send(cmd(WILL, 99) + cmd(DO, 98) + cmd(WILL, MCCP3))
    assert reply == cmd(DONT, 99) + cmd(WONT, 98) + cmd(DONT, MCCP3)


def test_a_refused_option_asked_for_again_and_again_goes_unanswered():
    client = FakeClient()
    reply = client.send(cmd(WILL, 99) * (MAX_REFUSALS + 50))
    assert reply == cmd(DONT, 99) * MAX_REFUSALS
    assert client.events == [
        ProtocolViolation(f"option 99 asked for again after {MAX_REFUSALS} refusals")]


def test_repeated_agreement_is_not_answered_again():
    client = FakeClient()
    client.start()
    first = client.send(cmd(DO, EOR_OPT))
    again = client.send(cmd(DO, EOR_OPT) * 5)
    assert (first, again) == (b"", b"")
    assert client.conn.us_enabled(EOR_OPT)


def test_client_asking_for_sga_gets_it_and_prompts_lose_go_ahead():
    client = FakeClient()
    assert client.send(cmd(DO, SGA)) == cmd(WILL, SGA)
    assert client.conn.prompt_mark is PromptMark.NONE


def _eor_agreed():
    """A started connection whose client has agreed to our WILL EOR."""
    client = FakeClient()
    client.start()
    client.send(cmd(DO, EOR_OPT))
    return client


def test_client_turning_off_an_option_is_acknowledged():
    client = _eor_agreed()
    assert client.send(cmd(DONT, EOR_OPT)) == cmd(WONT, EOR_OPT)
    assert client.conn.prompt_mark is PromptMark.GA


def test_an_answer_to_nothing_is_a_counted_violation_not_a_reply():
    client = _eor_agreed()
    client.conn.hide_input(True)
    client.read()
    client.conn.hide_input(False)
    client.read()
    client.send(cmd(DONT, ECHO))  # acknowledges our WONT: fine
    reply = client.send(cmd(WONT, NAWS) + cmd(WILL, NAWS) + cmd(WILL, NAWS))
    assert reply == cmd(DO, NAWS)  # the second WILL is already agreed
    assert client.conn.violations == 0


def test_negotiation_never_loops_between_two_of_our_cores():
    server, client = TelnetConnection(), TelnetConnection()
    server.start()
    client.start()
    for _ in range(10):
        a, b = server.data_to_send(), client.data_to_send()
        if not a and not b:
            break
        client.receive_data(a)
        server.receive_data(b)
    assert server.data_to_send() == client.data_to_send() == b""


# Password echo --------------------------------------------------------------

def test_hide_input_offers_will_echo_and_showing_again_wont_echo():
    client = FakeClient()
    client.conn.hide_input(True)
    assert client.read() == cmd(WILL, ECHO)
    assert client.send(cmd(DO, ECHO)) == b""
    client.conn.hide_input(False)
    assert client.read() == cmd(WONT, ECHO)
    assert client.send(cmd(DONT, ECHO)) == b""
    assert not client.conn.input_hidden


def test_echo_toggles_reach_a_client_that_never_answers():
    """MUSHclient and TinTin++ leave some ECHO offers unanswered."""
    client = FakeClient()
    client.conn.hide_input(True)
    client.conn.hide_input(False)
    client.conn.hide_input(True)
    assert client.read() == cmd(WILL, ECHO) + cmd(WONT, ECHO) + cmd(WILL, ECHO)


def test_late_echo_answers_after_a_toggle_cause_no_reply():
    client = FakeClient()
    client.conn.hide_input(True)
    client.conn.hide_input(False)
    client.read()
    assert client.send(cmd(DO, ECHO) + cmd(DONT, ECHO)) == b""
    assert client.conn.violations == 0


def test_client_asking_us_to_echo_is_refused_unless_hiding():
    client = FakeClient()
    assert client.send(cmd(DO, ECHO)) == cmd(WONT, ECHO)


# NAWS ----------------------------------------------------------------------

def test_naws_sets_width_and_reports_resizes_only_when_changed():
    client = FakeClient()
    client.send(cmd(WILL, NAWS) + naws(120, 40) + naws(120, 40) + naws(90, 30))
    assert [e for e in client.events if isinstance(e, WindowSize)] == [
        WindowSize(120, 40), WindowSize(90, 30)]
    assert (client.conn.width, client.conn.height) == (90, 30)


def test_naws_with_255_escaped_as_iac_iac():
    client = FakeClient()
    client.send(cmd(WILL, NAWS) + naws(255, 255))
    assert (client.conn.width, client.conn.height) == (255, 255)


def test_naws_zero_keeps_the_defaults_and_huge_is_clamped():
    client = FakeClient()
    client.send(naws(0, 0))
    assert (client.conn.width, client.conn.height) == (78, 24)
    client.send(naws(60000, 3))
    assert (client.conn.width, client.conn.height) == (1000, 3)


def test_naws_of_the_wrong_size_is_a_violation():
    client = FakeClient()
    client.send(sb(NAWS, b"\x00\x50"))
    assert client.events == [ProtocolViolation("NAWS with 2 bytes instead of 4")]
    assert client.conn.width == 78


# TTYPE / MTTS ---------------------------------------------------------------

def test_three_mtts_rounds():
    client = FakeClient()
    client.start()
    assert client.send(cmd(WILL, TTYPE)) == TTYPE_SEND
    assert client.send(ttype_is("MUDLET")) == TTYPE_SEND
    assert client.send(ttype_is("ANSI-TRUECOLOR")) == TTYPE_SEND
    assert client.send(ttype_is("MTTS 2349")) == b""
    assert client.events == [TerminalType("MUDLET", "ANSI-TRUECOLOR", 2349)]
    assert client.conn.colour is ColourLevel.TRUECOLOUR
    assert client.conn.charset == "UTF-8"


def test_a_repeated_answer_ends_the_rounds():
    client = FakeClient()
    client.send(cmd(WILL, TTYPE))
    client.send(ttype_is("XTERM-256COLOR"))
    assert client.send(ttype_is("XTERM-256COLOR")) == b""
    assert client.events == [TerminalType("", "XTERM-256COLOR", 0)]
    assert client.conn.colour is ColourLevel.XTERM256


def test_unknown_ends_the_rounds_like_a_repeat():
    client = FakeClient()
    client.send(cmd(WILL, TTYPE))
    client.send(ttype_is("VT100"))
    assert client.send(ttype_is("UNKNOWN")) == b""
    assert client.conn.terminal_type == "VT100"


def test_screen_reader_bit_strips_colour():
    client = FakeClient()
    client.send(cmd(WILL, TTYPE) + ttype_is("MUDLET") + ttype_is("ANSI-TRUECOLOR")
                + ttype_is("MTTS 365"))
    assert client.conn.screen_reader
    assert client.conn.colour is ColourLevel.NONE


def test_ttype_answers_with_escapes_are_cleaned_and_cut():
    client = FakeClient()
    client.send(cmd(WILL, TTYPE) + ttype_is("EVIL\x1b[2J" + "X" * 200))
    assert client.conn.client_name == "EVIL" + "X" * 60


def test_ttype_refused_ends_the_wait():
    client = FakeClient()
    client.start()
    client.send(cmd(WONT, TTYPE))
    assert not client.conn.him_enabled(TTYPE)
    assert client.conn.client_name == ""


# CHARSET -------------------------------------------------------------------

def test_do_charset_makes_us_request_and_accepted_utf8_is_used():
    client = FakeClient()
    client.start()
    assert client.send(cmd(DO, CHARSET)) == CHARSET_REQUEST
    client.send(sb(CHARSET, b"\x02UTF-8"))
    assert client.events == [CharsetChanged("UTF-8")]
    assert client.conn.charset == "UTF-8"


def test_dont_charset_falls_back_to_asking_the_client():
    """MUSHclient answers WILL CHARSET with DONT and expects DO CHARSET."""
    client = FakeClient()
    client.start()
    assert client.send(cmd(DONT, CHARSET)) == cmd(DO, CHARSET)
    assert client.send(cmd(WILL, CHARSET)) == CHARSET_REQUEST
    client.send(sb(CHARSET, b"\x02US-ASCII"))
    assert client.conn.charset == "US-ASCII"


def test_rejected_keeps_ascii():
    client = FakeClient()
    client.start()
    client.send(cmd(DO, CHARSET) + sb(CHARSET, b"\x03"))
    assert client.conn.charset == "US-ASCII"
    assert not client.conn.handshake_pending or client.conn.him_enabled(TTYPE) is False


def test_accepted_of_something_never_offered_is_a_violation():
    client = FakeClient()
    client.start()
    client.send(cmd(DO, CHARSET) + sb(CHARSET, b"\x02KOI8-R"))
    assert ProtocolViolation("CHARSET ACCEPTED of something we did not offer") in client.events
    assert client.conn.charset == "US-ASCII"


def test_client_request_gets_its_first_charset_we_support():
    client = FakeClient()
    reply = client.send(cmd(WILL, CHARSET) + sb(CHARSET, b"\x01 KOI8-R ISO-8859-1 UTF-8"))
    assert reply.endswith(sb(CHARSET, b"\x02ISO-8859-1"))
    assert client.conn.charset == "ISO-8859-1"


def test_client_request_with_ttable_prefix_and_nothing_we_know_is_rejected():
    client = FakeClient()
    client.send(cmd(WILL, CHARSET))
    client.read()
    reply = client.send(sb(CHARSET, b"\x01[TTABLE]\x01;KOI8-R;BIG5"))
    assert reply == sb(CHARSET, b"\x03")


def test_client_request_while_ours_is_outstanding_is_rejected():
    client = FakeClient()
    client.start()
    client.send(cmd(DO, CHARSET))
    assert client.send(sb(CHARSET, b"\x01;UTF-8")) == sb(CHARSET, b"\x03")


def test_ttable_is_refused():
    client = FakeClient()
    assert client.send(sb(CHARSET, b"\x04\x01stuff")) == sb(CHARSET, b"\x05")


# MCCP2 ---------------------------------------------------------------------

def test_mccp2_compresses_everything_after_the_start_marker():
    conn = TelnetConnection()
    conn.start()
    conn.data_to_send()
    conn.receive_data(cmd(DO, MCCP2))
    conn.send_text("Hello")
    raw = conn.data_to_send()
    assert raw.startswith(MCCP2_START)
    assert zlib.decompressobj().decompress(raw[len(MCCP2_START):]) == b"Hello\r\n"
    assert conn.mccp


def test_close_ends_the_zlib_stream_and_queues_nothing_after():
    client = FakeClient()
    client.start()
    client.send(cmd(DO, MCCP2))
    client.conn.send_text("bye")
    client.conn.close()
    client.read()
    client.conn.send_text("too late")
    assert client.conn.data_to_send() == b""
    assert client.stream_ended
    assert client.received.endswith(b"bye\r\n")


def test_dont_mccp2_ends_the_stream_and_output_goes_plain():
    client = FakeClient()
    client.start()
    client.send(cmd(DO, MCCP2))
    client.conn.send_text("one")
    client.send(cmd(DONT, MCCP2))
    client.conn.send_text("two")
    client.read()
    assert client.stream_ended
    assert client.received.endswith(b"one\r\n" + cmd(WONT, MCCP2) + b"two\r\n")
    assert not client.conn.mccp


def test_mccp2_not_offered_is_refused():
    client = FakeClient(offer_mccp=False)
    assert cmd(WILL, MCCP2) not in client.start()
    assert client.send(cmd(DO, MCCP2)) == cmd(WONT, MCCP2)


# MSSP ----------------------------------------------------------------------

def test_mssp_sends_our_variables_and_the_real_protocol_flags():
    client = FakeClient(mssp=lambda: {"NAME": "Champions", "PLAYERS": "3",
                                      "PORT": ["4201", "4202"]})
    client.start()
    reply = client.send(cmd(DO, MSSP))
    assert reply.startswith(bytes([IAC, SB, MSSP])) and reply.endswith(bytes([IAC, SE]))
    body = reply[3:-2]
    pairs = [item.split(b"\x02") for item in body.split(b"\x01")[1:]]
    table = {p[0].decode(): [v.decode() for v in p[1:]] for p in pairs}
    assert table["NAME"] == ["Champions"]
    assert table["PORT"] == ["4201", "4202"]
    assert table["MCCP"] == ["1"] and table["GMCP"] == ["1"] and table["UTF-8"] == ["1"]
    assert table["MSDP"] == ["0"] and table["MXP"] == ["0"]


def test_mssp_values_cannot_smuggle_protocol_bytes():
    client = FakeClient(mssp=lambda: {"NAME": "bad\x00\x01\x02name"})
    client.start()
    reply = client.send(cmd(DO, MSSP))
    assert b"\x01NAME\x02badname\xff\xf0" in reply


# GMCP ----------------------------------------------------------------------

def test_gmcp_hello_supports_and_ping():
    client = FakeClient()
    client.start()
    client.send(cmd(DO, GMCP))
    reply = client.send(gmcp('Core.Hello {"client":"Mudlet","version":"4.17.2"}')
                        + gmcp('Core.Supports.Set ["Char 1","Room 1"]')
                        + gmcp('Core.Supports.Add ["Char.Vitals 1"]')
                        + gmcp('Core.Supports.Remove ["Room 1"]')
                        + gmcp("Core.Ping"))
    assert reply == gmcp("Core.Ping")
    assert client.conn.client_name == "Mudlet" and client.conn.client_version == "4.17.2"
    assert client.conn.gmcp_packages == {"char", "char.vitals"}
    assert client.conn.gmcp_wanted("Char.Vitals") and client.conn.gmcp_wanted("char.status")
    assert not client.conn.gmcp_wanted("Room.Info")
    assert GMCPMessage("Core.Ping", None) in client.events


def test_send_gmcp_writes_json_and_doubles_iac():
    client = FakeClient()
    client.start()
    client.send(cmd(DO, GMCP))
    assert client.conn.send_gmcp("Char.Vitals", {"stun": 30, "body": 10})
    assert client.read() == gmcp('Char.Vitals {"stun":30,"body":10}')


def test_send_gmcp_before_agreement_sends_nothing():
    client = FakeClient()
    assert client.conn.send_gmcp("Char.Vitals", {"stun": 1}) is False
    assert client.read() == b""


def test_send_gmcp_of_an_unsupported_package_is_our_bug():
    conn = TelnetConnection(gmcp_supports=("Char",))
    with pytest.raises(LocalProtocolError):
        conn.send_gmcp("Room.Info", {})
    with pytest.raises(LocalProtocolError):
        conn.send_gmcp("Char.Vitals", {1, 2})


def test_bad_gmcp_from_the_client_is_a_violation():
    client = FakeClient()
    client.send(gmcp("Char.Vitals {not json") + gmcp("") + gmcp("[" * 5000))
    assert [type(e) for e in client.events] == [ProtocolViolation] * 3


# Subnegotiation framing ------------------------------------------------------

def test_oversized_subnegotiation_is_discarded_up_to_se():
    client = FakeClient()
    client.send(bytes([IAC, SB, GMCP]) + b"x" * (MAX_SUBNEG_BYTES + 1), chunk=4096)
    client.send(bytes([IAC, SE]) + b"look\r\n")
    assert client.events == [
        ProtocolViolation(f"subnegotiation of option {GMCP} longer than {MAX_SUBNEG_BYTES} bytes"),
        LineReceived("look")]


def test_unterminated_subnegotiation_is_dropped_and_the_command_obeyed():
    client = FakeClient()
    reply = client.send(bytes([IAC, SB, NAWS, 0, 80]) + cmd(WILL, 99) + b"look\r\n")
    assert reply == cmd(DONT, 99)
    assert client.events == [ProtocolViolation(f"unterminated subnegotiation of option {NAWS}"),
                             LineReceived("look")]


def test_subnegotiation_split_across_packets():
    client = FakeClient()
    client.send(cmd(WILL, NAWS) + naws(100, 50) + b"look\r\n", chunk=1)
    assert client.events == [WindowSize(100, 50), LineReceived("look")]


def test_stray_se_is_a_violation():
    client = FakeClient()
    client.send(bytes([IAC, SE]))
    assert client.events == [ProtocolViolation("IAC SE without IAC SB")]


# Output --------------------------------------------------------------------

def test_send_text_renders_colour_crlf_and_doubles_iac():
    conn = TelnetConnection()
    conn.colour_override = ColourLevel.ANSI16
    conn.charset_override = "ISO-8859-1"
    conn.send_text("|rred|n\n\u00ff")
    assert conn.data_to_send() == b"\x1b[0;31mred\x1b[0m\r\n\xff\xff\r\n"


def test_send_text_strips_markup_for_a_client_that_negotiated_nothing():
    conn = TelnetConnection()
    conn.send_text("|rred|n ||pipe ┌─┐")
    assert conn.data_to_send() == b"red |pipe +-+\r\n"


def test_send_text_never_passes_raw_escapes():
    conn = TelnetConnection()
    conn.colour_override = ColourLevel.ANSI16
    conn.send_text("a\x1b[2Jb\rc")
    assert conn.data_to_send() == b"abc\r\n"


def test_prompt_ends_with_ga_without_eor_and_eor_with_it():
    client = FakeClient()
    client.conn.send_prompt("> ")
    assert client.read() == b"> " + bytes([IAC, GA])
    client.start()
    client.send(cmd(DO, EOR_OPT))
    client.conn.send_prompt("> ")
    assert client.read() == b"> " + bytes([IAC, EOR])


def test_keepalive_is_a_nop():
    conn = TelnetConnection()
    conn.send_keepalive()
    assert conn.data_to_send() == bytes([IAC, NOP])


def test_overrides_beat_negotiation():
    client = FakeClient()
    client.send(cmd(WILL, TTYPE) + ttype_is("MUDLET") + ttype_is("ANSI-TRUECOLOR")
                + ttype_is("MTTS 301"))
    client.conn.colour_override = ColourLevel.ANSI16
    client.conn.charset_override = "US-ASCII"
    client.conn.prompt_mark_override = PromptMark.NONE
    client.conn.send_text("|#ff0000é")
    client.conn.send_prompt(">")
    assert client.read() == b"\x1b[0;1;31me\x1b[0m\r\n>"


def test_a_client_that_answers_late_completes_the_handshake_then():
    """Lines typed while nothing is answered leave it pending; the answers, when they come (the
    last one's option byte in a packet of its own), complete it once."""
    client = FakeClient()
    client.start()
    client.send(b"look\r\nsay hi\r\n")
    assert client.events == [LineReceived("look"), LineReceived("say hi")]
    answers = cmd(WONT, TTYPE) + cmd(WONT, NAWS) + cmd(DONT, CHARSET) + cmd(WONT, CHARSET) + cmd(DONT, EOR_OPT)
    client.send(answers[:-1])
    assert client.events[2:] == [OptionRefused(o) for o in (TTYPE, NAWS, CHARSET, CHARSET)]
    client.send(answers[-1:] + b"look\r\n")
    assert client.events[-3:] == [OptionRefused(EOR_OPT), LineReceived("look"), HandshakeComplete()]
    client.send(b"look\r\n")
    assert client.events.count(HandshakeComplete()) == 1


def test_with_nothing_to_negotiate_the_first_line_completes_the_handshake():
    client = FakeClient(options=())
    client.start()
    client.send(b"look\r\n")
    assert client.events == [LineReceived("look"), HandshakeComplete()]


def test_charset_override_takes_any_spelling_and_refuses_unknown_ones():
    conn = TelnetConnection()
    conn.charset_override = "utf8"
    assert conn.charset == "UTF-8"
    conn.charset_override = "latin1"
    assert conn.charset == "ISO-8859-1"
    with pytest.raises(ValueError, match="KOI8-R is not a charset we speak"):
        conn.charset_override = "KOI8-R"
    conn.charset_override = None
    assert conn.charset == "US-ASCII"


def test_handshake_complete_once_the_visible_options_are_settled():
    client = FakeClient()
    client.start()
    client.send(cmd(WILL, TTYPE) + cmd(WILL, NAWS) + naws(80, 24) + cmd(DO, CHARSET))
    assert HandshakeComplete() not in client.events
    client.send(cmd(DO, EOR_OPT) + ttype_is("X") + ttype_is("X") + sb(CHARSET, b"\x02UTF-8"))
    assert client.events.count(HandshakeComplete()) == 1
    client.send(b"look\r\n")
    assert client.events.count(HandshakeComplete()) == 1
