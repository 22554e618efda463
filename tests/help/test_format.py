"""champions_mush.text.format: wrapping to the client's width without breaking tables."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from champions_mush.text.format import columns, fit_rule, is_rule, is_table_row, table, visible_len, wrap

BANNER = "----------------------------- [CM 2.0 Rules] -------------------------------"


def test_lines_that_fit_are_left_exactly_as_written():
    text = "Short line.\n  indented   spacing kept\n\nafter a blank line"
    assert wrap(text, 78) == text


def test_a_long_line_wraps_at_word_boundaries_keeping_its_indent():
    text = "  one two three four five six seven eight"
    assert wrap(text, 20) == "  one two three four\n  five six seven\n  eight"


def test_line_breaks_of_the_original_are_kept():
    assert wrap("alpha beta gamma delta\nepsilon", 20) == "alpha beta gamma\ndelta\nepsilon"


def test_a_banner_rule_is_redrawn_to_the_width_with_its_label_centred():
    assert fit_rule(BANNER, 40) == "------------ [CM 2.0 Rules] ------------"
    assert wrap(BANNER, 40) == "------------ [CM 2.0 Rules] ------------"
    assert wrap("-" * 76, 30) == "-" * 30


def test_a_table_row_is_never_reflowed():
    row = "Target is in the air              -1D6        roll fewer dice for knockback"
    assert is_table_row(row)
    assert wrap(row, 40) == row


def test_markup_takes_no_room():
    assert visible_len("|rred|n and ||pipe") == len("red and |pipe")
    assert wrap("|haaaaaaaaa|n bbbbbbbbb cccc", 20) == "|haaaaaaaaa|n bbbbbbbbb\ncccc"


def test_a_word_longer_than_the_line_is_cut_outside_markup_codes():
    assert wrap("|rabcdefghij|n", 20) == "|rabcdefghij|n"
    pieces = wrap("x" * 45, 20).split("\n")
    assert pieces == ["x" * 20, "x" * 20, "x" * 5]


def test_unknown_or_tiny_widths_fall_back_to_something_readable():
    text = "word " * 30
    assert all(len(line) <= 78 for line in wrap(text, 0).split("\n"))
    assert all(len(line) <= 20 for line in wrap(text, 3).split("\n"))


def test_columns_fill_top_to_bottom_and_fit_the_width():
    items = ["KNOCKBACK", "DAMAGE", "MOVEMENT", "PRE ATTACKS", "END USE", "DYING", "X"]
    assert columns(items, 40) == (
        "KNOCKBACK    PRE ATTACKS  X\n"
        "DAMAGE       END USE\n"
        "MOVEMENT     DYING"
    )
    assert columns(items, 20).split("\n") == items


def test_columns_of_nothing_is_empty():
    assert columns([], 78) == ""


def test_table_sizes_columns_and_wraps_cells_that_do_not_fit():
    out = table([["a", "bbbb cccc dddd"], ["xx", "y"]], width=20, headers=["Col", "Text"])
    assert out == "Col  Text\n---  --------------\na    bbbb cccc dddd\nxx   y"
    narrow = table([["STUN", "how often the character can take a Recovery"]], width=30)
    assert narrow.split("\n") == ["STUN  how often the character", "      can take a Recovery"]


def test_is_rule_only_for_separator_lines():
    assert is_rule(BANNER) and is_rule("=" * 10)
    assert not is_rule("--- not a rule, just a dash") and not is_rule("Example: 4 - 3")


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.lists(st.text(alphabet="abcdefghij", min_size=1, max_size=15), max_size=12), max_size=8),
    st.integers(20, 100),
)
def test_wrapped_prose_fits_and_keeps_every_word(lines, width):
    text = "\n".join(" ".join(words) for words in lines)
    out = wrap(text, width)
    assert all(visible_len(line) <= width for line in out.split("\n"))
    assert out.split() == text.split()
    assert out.count("\n") >= text.count("\n")
