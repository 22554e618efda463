"""Display width by Unicode's rules (UAX #11, UTS #51) in every table and wrap."""

from champions_mush.text.format import table, visible_len, wrap
from champions_mush.text.width import display_width


def test_widths_of_cjk_emoji_and_combining_marks():
    assert display_width("Quill") == 5
    assert display_width("漢字") == 4          # Wide
    assert display_width("ｸｲﾙ") == 3           # halfwidth katakana: Narrow
    assert display_width("Ｑ") == 2            # fullwidth Latin: Fullwidth
    assert display_width("e\u0301") == 1       # e + combining acute
    assert display_width("😀") == 2
    assert display_width("❤\ufe0f") == 2       # VS16: emoji presentation
    assert display_width("👍🏽") == 2           # skin-tone modifier joins the emoji
    assert display_width("👨\u200d👩\u200d👧") == 2  # one family picture
    assert display_width("한국어") == 6
    assert visible_len("|h漢字|n||") == 5       # markup takes no room, || is one pipe


def test_a_table_with_cjk_and_emoji_names_lines_up():
    text = table([("鈴木一郎", "18"), ("Quill", "23"), ("😀Zap", "5")], headers=("Name", "DEX"))
    assert text.split("\n") == [
        "Name      DEX",
        "--------  ---",
        "鈴木一郎  18",
        "Quill     23",
        "😀Zap     5",
    ]
    assert {display_width(line.split("  ")[0]) for line in text.split("\n")[2:]} <= {5, 8}


def test_wrap_counts_columns_not_code_points():
    # ten ideographs are 20 columns: at 20 wide "漢字 x10" must wrap before the x
    assert wrap("漢字漢字漢字漢字漢字 x", 20) == "漢字漢字漢字漢字漢字\nx"
    # a word too long for the line is cut between characters, never inside one
    assert wrap("漢字漢字漢字漢字漢字漢字", 20) == "漢字漢字漢字漢字漢字\n漢字"
    assert wrap("ab漢字漢字漢字漢字漢字", 21) == "ab漢字漢字漢字漢字漢\n字"


def test_cell_cuts_and_pads_by_columns():
    from champions_mush.text.format import cell

    assert cell("Quill", 8) == "Quill   "
    assert cell("漢字", 8) == "漢字    "
    assert cell("漢字のタイトル", 8, 7) == "漢字の  "  # never half an ideograph: 6 columns, padded to 8
    assert cell("abcdefghij", 6, 5) == "abcde "


def test_hand_laid_lists_line_up_with_cjk_and_emoji():
    from champions_mush.commands.base import Role

    from ..harness import make_world

    world = make_world()
    gina = world.login("Gina", role=Role.ADMIN)
    gina.do("@dig 東京タワー😀=up,down")
    gina.do("up")
    where = gina.do("+where")
    assert where == ["Where                       Who", "東京タワー😀 (#3)           Gina"]  # 17 columns + 11 spaces
    assert display_width(where[1].split("Gina")[0]) == 28
    gina.do("+bbnewgroup News")
    gina.do("+bbpost 1/漢字のタイトル😀=body")
    gina.do("+bbpost 1/Plain title=body")
    rows = gina.do("+bbread 1")[2:]
    assert [display_width(row.split("Gina")[0]) for row in rows] == [42, 42]
