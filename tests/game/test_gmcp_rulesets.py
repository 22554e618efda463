"""Char.Vitals per ruleset (game/gmcp.py): a Powers That Be or AnimOuch! game sends its own."""

from ..harness import make_world


def test_a_powers_that_be_game_sends_its_scores_not_champions_stun():
    world = make_world(ruleset="ptb")
    alice = world.login("Alice")
    alice.clear()
    alice.do("+ptb/score attack=30")
    alice.do("+ptb/score dodge=20")
    assert [data for package, data in alice.gmcp if package == "Char.Vitals"] == [
        {"attack": 30, "dodge_resist": None, "physical_resist": None, "boldness": None, "strength": None},
        {"attack": 30, "dodge_resist": 20, "physical_resist": None, "boldness": None, "strength": None},
    ]


def test_an_animouch_game_sends_toughness_and_wounds():
    from champions_mush.game.gmcp import vitals_body
    from champions_mush.game.sheets import get_sheet, save_sheet

    world = make_world(ruleset="animouch")
    alice = world.login("Alice")
    sheet = get_sheet(world.game, alice.character)
    assert vitals_body("animouch", sheet) == {"toughness": None, "wounds": None}
    sheet = sheet.with_skill("Toughness", "12").with_skill("Wounds", "2")
    assert vitals_body("animouch", sheet) == {"toughness": 12, "wounds": 2}
    alice.clear()
    save_sheet(world.game, sheet)
    assert alice.gmcp == [("Char.Vitals", {"toughness": 12, "wounds": 2})]
