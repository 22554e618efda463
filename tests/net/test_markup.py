"""Colour markup (champions_mush.text.markup): rendering, downgrading, stripping, escaping."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from champions_mush.text.markup import _CONTROLS, CODE, ColourLevel, escape, render, strip, strip_controls, to_ascii

ANSI, XTERM, TRUE, NONE = (ColourLevel.ANSI16, ColourLevel.XTERM256, ColourLevel.TRUECOLOUR,
                           ColourLevel.NONE)


@pytest.mark.parametrize("code, sgr", [
    ("x", "30"), ("r", "31"), ("g", "32"), ("y", "33"), ("b", "34"), ("m", "35"), ("c", "36"),
    ("w", "37"), ("R", "1;31"), ("W", "1;37"), ("[r", "41"), ("[B", "44"),
])
def test_the_sixteen_colours(code, sgr):
    assert render(f"|{code}x", ANSI) == f"\x1b[0;{sgr}mx\x1b[0m"


def test_bold_underline_and_reset():
    assert render("|h|ub|nplain", ANSI) == "\x1b[0;1;4mb\x1b[0mplain"


def test_bright_foreground_and_bold_say_bold_once():
    assert render("|h|Rx", ANSI) == "\x1b[0;1;31mx\x1b[0m"


def test_changing_colour_sends_the_whole_state():
    assert render("|R|[bA|gB", ANSI) == "\x1b[0;1;31;44mA\x1b[0;32;44mB\x1b[0m"


def test_markup_with_no_text_after_it_sends_nothing():
    assert render("plain|r", ANSI) == "plain"
    assert render("|r|g|b", XTERM) == ""


@pytest.mark.parametrize("level, expected", [
    (TRUE, "\x1b[0;38;2;255;135;0mx\x1b[0m"),
    (XTERM, "\x1b[0;38;5;208mx\x1b[0m"),
    (ANSI, "\x1b[0;33mx\x1b[0m"),
    (NONE, "x"),
])
def test_truecolour_downgrades(level, expected):
    assert render("|#ff8700x", level) == expected


@pytest.mark.parametrize("level, expected", [
    (TRUE, "\x1b[0;48;5;196mx\x1b[0m"),
    (XTERM, "\x1b[0;48;5;196mx\x1b[0m"),
    (ANSI, "\x1b[0;41mx\x1b[0m"),
])
def test_xterm_cube_background_downgrades(level, expected):
    assert render("|[500x", level) == expected


def test_grey_truecolour_picks_the_grey_ramp():
    assert render("|#808080x", XTERM) == "\x1b[0;38;5;244mx\x1b[0m"


def test_literal_pipes_and_unknown_codes_survive():
    assert render("a||b |q |9", ANSI) == "a|b |q |9"
    assert strip("a||b |rred|n |q") == "a|b red |q"


@pytest.mark.parametrize(("text", "plain"), [
    ("|||rx", "|x"), ("||||", "||"), ("|", "|"), ("a|", "a|"), ("|[||r", "|[|r"), ("|[r|n||x", "|x"),
    ("|#00ff00g|[#FFFFFFh|555c|[012d|Re|u|hf", "ghcdef"), ("|#00ff0g |12x", "|#00ff0g |12x"),
])
def test_strip_removes_each_code_and_reads_pipes_in_pairs_from_the_left(text, plain):
    assert strip(text) == plain


def _strip_scanning(text: str) -> str:
    """The markup stripped as :func:`render` scans it: one pass of its token pattern."""
    return re.sub(r"\|(?:(\|)|" + CODE + ")", lambda m: "|" if m.group(1) else "", text)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.text(alphabet="||||rRxhnu[#05aF9 \n", max_size=40))
def test_strip_reads_the_markup_as_rendering_does(text):
    assert strip(text) == _strip_scanning(text)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.text(max_size=80))
def test_escape_then_render_shows_the_text_verbatim(text):
    assert strip(escape(text)) == text
    assert render(escape(text), NONE) == text
    assert render(escape(text), TRUE) == text


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.text(alphabet="|rgbRGBhn[#0123456789abcdefx ", max_size=60))
def test_stripping_leaves_no_escape_codes_and_rendering_always_resets(text):
    assert "\x1b" not in render(text, NONE)
    out = render(text, TRUE)
    assert "\x1b" not in out or out.endswith("\x1b[0m")


def test_strip_controls_removes_every_escape():
    text = "a\x1b[31mb\x1b]0;title\x07c\x1b\\d\x1bZe\x9b2Jf\u202eg\x00h\ti\nj"
    assert strip_controls(text) == "abcdefgh\ti\nj"


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.text(alphabet=st.characters(max_codepoint=0x7F), max_size=40)
       | st.text(alphabet="ab [0;31m\x1b\x07\x7f\x00\t\n\r\\]", max_size=40))
def test_ascii_text_is_left_as_it_is_only_when_the_whole_pattern_finds_nothing(text):
    """The quick look before the scan (ASCII without a control but tab and newline) never
    keeps what the full pattern removes."""
    assert strip_controls(text) == re.sub(_CONTROLS, "", text)


def test_to_ascii_fallbacks():
    assert to_ascii("┌──┐│║╔═╗└┘ — “quoted” ‘x’ … • café naïve ½ 日") == (
        "+--+||+-+++ -- \"quoted\" 'x' ... * cafe naive 1/2 ?")


def test_colour_levels_are_ordered():
    assert NONE < ANSI < XTERM < TRUE


def test_to_ascii_half_die_after_a_number_keeps_a_space():
    assert to_ascii("4½d6") == "4 1/2d6"
    assert to_ascii("½d6, 2 ½") == "1/2d6, 2 1/2"
