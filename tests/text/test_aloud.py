"""text/aloud.py: what a screen reader is sent."""

from champions_mush.text.aloud import linear, reading_aloud
from champions_mush.text.format import columns, table


def test_rules_become_their_label_and_bare_rules_go():
    text = "----- [CM 2.0 Rules] -----\nA Strike.\n" + "-" * 40 + "\n==== |hBob|n ====\n-- Powers (40 points) ----"
    assert linear(text) == "CM 2.0 Rules\nA Strike.\nBob\nPowers (40 points)"


def test_underlines_and_box_drawing_go():
    assert linear("Name  DEX\n----  ---\nBob   18") == "Name  DEX\nBob, 18"
    assert linear("┌──────┐\n│ Bob  │\n└──────┘") == "Bob"


def test_hand_laid_columns_read_with_commas():
    assert linear("Where                       Who\nHero Plaza (#1)             Alice, Gina") == \
        "Where, Who\nHero Plaza (#1), Alice, Gina"
    assert linear("  indented   twice.   Then more") == "  indented, twice.   Then more"


def test_dice_come_after_the_result_and_before_the_roll_id():
    assert linear("rolls 9 (3 3 3): hits; hits DCV 7 or less. |x[r6z]|n") == \
        "rolls 9: hits; hits DCV 7 or less. Dice 3 3 3. |x[r6z]|n"
    assert linear("4d6 normal: 22 STUN, 7 BODY (6 6 6 4).") == "4d6 normal: 22 STUN, 7 BODY. Dice 6 6 6 4."
    assert linear("Conditions (1) and STR 20 (13-)") == "Conditions (1) and STR 20 (13-)"


def test_tables_and_columns_read_aloud():
    rows = [("Bob", "18", ""), ("Quill", "23", "Stunned")]
    with reading_aloud(True):
        assert table(rows, headers=("Name", "DEX", "Conditions")) == \
            "Name: Bob, DEX: 18\nName: Quill, DEX: 23, Conditions: Stunned"
        assert table([("STR", "20"), ("DEX", "18")]) == "STR: 20\nDEX: 18"
        assert columns(["SAY", "POSE", "PAGE"]) == "SAY, POSE, PAGE"
    assert table(rows, headers=("Name", "DEX", "Conditions")).split("\n")[1] == "-----  ---  ----------"
