"""Rate limits and the shared rendering used by the adapter."""

from champions_mush.game.limits import ConnectLimiter, TokenBucket
from champions_mush.net.session import SharedRenderConnection, TelnetSession, render_line
from champions_mush.text.markup import ColourLevel
from champions_mush.text.render import RENDER_CACHE_SIZE, RenderCache


def test_token_bucket_burst_then_rate():
    bucket = TokenBucket(rate=2.0, burst=3.0, now=0.0)
    assert [bucket.take(0.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.take(0.25) is False  # half a token
    assert bucket.take(0.5) is True
    assert [bucket.take(100.0) for _ in range(4)] == [True, True, True, False]  # never more than the burst


def test_token_bucket_without_a_rate_never_refuses():
    bucket = TokenBucket(rate=0, burst=1, now=0.0)
    assert all(bucket.take(0.0) for _ in range(1000))


def test_connect_limiter_per_address_and_window():
    limiter = ConnectLimiter(2, window=60.0)
    assert [limiter.allow("a", t) for t in (0, 1, 2)] == [True, True, False]
    assert limiter.allow("b", 2) is True
    assert limiter.allow("a", 60.5) is True  # the first left the window
    limiter.forget_old(1000.0)
    assert limiter._times == {}
    assert all(ConnectLimiter(0).allow("a", 0) for _ in range(100))


def test_shared_rendering_is_per_colour_level_and_charset():
    rendered = RenderCache(render_line)
    plain, ansi, ansi2 = (SharedRenderConnection(rendered=rendered) for _ in range(3))
    ansi.colour_override = ansi2.colour_override = ColourLevel.ANSI16
    message = "|rAlert|n: Viper — here"
    for conn in (plain, ansi, ansi2):
        conn.send_text(message)
    assert plain.data_to_send() == b"Alert: Viper -- here\r\n"
    assert ansi.data_to_send() == b"\x1b[0;31mAlert\x1b[0m: Viper -- here\r\n"
    assert ansi2.data_to_send() == b"\x1b[0;31mAlert\x1b[0m: Viper -- here\r\n"
    assert len(rendered) == 2  # one rendering per (colour, charset), shared
    utf8 = SharedRenderConnection(rendered=rendered)
    utf8.charset_override = "UTF-8"
    utf8.send_text(message)
    assert utf8.data_to_send() == "Alert: Viper — here\r\n".encode()


def test_the_render_cache_stays_bounded():
    rendered = RenderCache(render_line)
    conn = SharedRenderConnection(rendered=rendered)
    for i in range(RENDER_CACHE_SIZE + 10):
        conn.send_text(f"line {i}")
    assert len(rendered) <= RENDER_CACHE_SIZE


def test_remembered_style_follows_overrides_and_negotiation():
    conn = SharedRenderConnection(rendered=RenderCache(render_line))
    conn.start()
    conn.data_to_send()
    conn.send_text("|rhi|n")
    assert conn.data_to_send() == b"hi\r\n"
    conn.colour_override = ColourLevel.ANSI16
    conn.send_text("|rhi|n")
    assert conn.data_to_send() == b"\x1b[0;31mhi\x1b[0m\r\n"
    conn.colour_override = None
    conn.charset_override = "UTF-8"
    conn.send_text("—")
    assert conn.data_to_send() == "—\r\n".encode()
    conn.charset_override = None
    conn.send_text("—")
    assert conn.data_to_send() == b"--\r\n"
    conn.receive_data(b"\xff\xfb\x18")  # WILL TTYPE: the client negotiates, colour follows
    conn.receive_data(b"\xff\xfa\x18\x00Mudlet\xff\xf0\xff\xfa\x18\x00xterm-256color\xff\xf0"
                      b"\xff\xfa\x18\x00MTTS 13\xff\xf0")
    assert conn.style() == (conn.colour, conn.charset) == (ColourLevel.XTERM256, "UTF-8")


def test_remembered_style_follows_negotiation_ended_in_a_later_packet():
    """A telnet command split between packets (its last bytes hold no IAC) still counts."""
    conn = SharedRenderConnection(rendered=RenderCache(render_line))
    conn.start()
    conn.data_to_send()
    conn.receive_data(b"\xff\xfb\x18\xff\xfa\x18\x00Mudlet\xff\xf0\xff\xfa\x18\x00xterm-256color\xff")
    conn.data_to_send()  # (our TTYPE requests)
    conn.send_text("— |500hi|n")  # no MTTS yet (its UTF-8 bit): ASCII
    assert conn.data_to_send() == b"-- \x1b[0;38;5;196mhi\x1b[0m\r\n"
    conn.receive_data(b"\xf0\xff\xfa\x18\x00MTTS 13\xff")
    conn.receive_data(b"\xf0")
    conn.data_to_send()
    conn.send_text("— |500hi|n")
    assert conn.data_to_send() == "— \x1b[0;38;5;196mhi\x1b[0m\r\n".encode()
    assert conn.style() == (conn.colour, conn.charset) == (ColourLevel.XTERM256, "UTF-8")
    assert conn.reads_aloud() is False
    conn.receive_data(b"\xff\xfa\x18\x00MTTS 77\xff\xf0")  # a fourth answer changes nothing (TTYPE is done)
    assert conn.reads_aloud() is conn.screen_reader is False


def test_the_screen_reader_is_remembered_with_the_style_and_follows_mtts():
    conn = SharedRenderConnection(rendered=RenderCache(render_line))
    conn.start()
    conn.data_to_send()
    assert conn.reads_aloud() is False
    conn.receive_data(b"\xff\xfb\x18\xff\xfa\x18\x00Mudlet\xff\xf0\xff\xfa\x18\x00xterm\xff\xf0")
    conn.receive_data(b"\xff\xfa\x18\x00MTTS 77\xff")  # 64: a screen reader (and ANSI, UTF-8, 256)
    conn.receive_data(b"\xf0")
    assert conn.reads_aloud() is conn.screen_reader is True
    assert conn.charset == "UTF-8"


def test_remembered_render_kind_follows_colour_off_the_screen_reader_and_negotiation():
    conn = SharedRenderConnection(rendered=RenderCache(render_line))
    conn.start()
    conn.data_to_send()
    session = TelnetSession(conn, writer=None)
    conn.colour_override = ColourLevel.ANSI16
    assert session.render_kind() == (ColourLevel.ANSI16, "US-ASCII")
    session.colour = False  # +colour off
    assert session.render_kind() == (ColourLevel.NONE, "US-ASCII")
    session.colour = True
    conn.screen_reader_override = True
    assert session.render_kind() == (ColourLevel.ANSI16, "US-ASCII", True)
    conn.screen_reader_override = False
    conn.colour_override = None
    assert session.render_kind() == (ColourLevel.NONE, "US-ASCII")  # the client negotiated nothing yet
    conn.screen_reader_override = None
    conn.receive_data(b"\xff\xfb\x18")  # WILL TTYPE, then MTTS 1 + 4 + 8 + 64: a screen reader
    conn.receive_data(b"\xff\xfa\x18\x00Mudlet\xff\xf0\xff\xfa\x18\x00xterm-256color\xff\xf0"
                      b"\xff\xfa\x18\x00MTTS 77\xff\xf0")
    assert session.render_kind() == (ColourLevel.NONE, "UTF-8", True)
    session.colour = False
    assert session.render_kind() == (ColourLevel.NONE, "UTF-8", True)
