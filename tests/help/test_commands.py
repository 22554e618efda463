"""RULES, +HELP, NEWS and @reload-help through the command layer (tests/harness.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from champions_mush.commands.base import Role
from champions_mush.commands.table import build_table
from champions_mush.help import HelpLibrary
from tests.harness import answer_at_width, make_world

from .conftest import SEED, SHIPPED, write
from .test_importer import seed_entries

GUARD = "Something went wrong with that command. It has been logged for staff."


@pytest.fixture(scope="module")
def shipped() -> HelpLibrary:
    return HelpLibrary.load(SHIPPED)


@pytest.fixture
def world(shipped):
    world = make_world()
    world.game.services.help = shipped
    return world


@pytest.fixture
def alice(world):
    return world.login("Alice")


@pytest.fixture
def small(tmp_path):
    """A game whose help library is a small rules_data folder in a temporary directory."""
    write(tmp_path, "rules/champions/a.yaml", """
        category: combat
        topics:
          - name: KNOCKBACK
            text: |
              Page one.
          - name: KNOCKBACK 2
            text: Page two.
          - name: PIPES
            text: "Columns | like |r this || stay as written."
          - name: SPEED CHART
            see_also: [KNOCKBACK]
            text: |
              SPD   Phases
              1     7
              4     3 6 9 12     (a table row that is longer than thirty columns)
    """)
    write(tmp_path, "rules/ptb/b.yaml", "topics:\n  - name: SERPENTINE\n    text: Zig and zag.\n")
    write(tmp_path, "help/h.yaml", """
        topics:
          - name: RULES
            text: How to read the rules.
          - name: "@NUKE"
            staff_only: true
            text: Staff only.
    """)
    write(tmp_path, "news/n.yaml", "topics:\n  - name: WELCOME\n    text: Hi.\n")
    world = make_world()
    world.game.services.help = HelpLibrary.load(tmp_path)
    world.root = tmp_path
    return world


def see_also_line(topic) -> str:
    return "See also: " + ", ".join(topic.see_also) + "."


def test_every_header_of_the_seed_answers_with_its_exact_text(alice, shipped):
    catalog = shipped.rules("champions")
    for header, text in seed_entries(SEED.read_text()):
        lines = alice.do(f"RULES {header}")
        body = text.split("\n")
        assert lines[: len(body)] == body, header
        topic = catalog.lookup(header).topic
        assert " ".join(lines[len(body):]) == see_also_line(topic), header


def test_rules_takes_prefixes_and_word_prefixes(alice, shipped):
    knockback_2 = shipped.rules("champions").get("KNOCKBACK 2")
    assert alice.do("rules know 2") == knockback_2.text.split("\n") + [see_also_line(knockback_2)]
    assert alice.do("RULES knockb")[-1] == "See also: KNOCKBACK 2."
    assert alice.do("rules   pre   att")[1] == "Heroes and villains tend to be impressive. Some can be so overwhelming"


def test_ambiguous_and_missing_topics(alice):
    assert alice.do("rules recov") == ["'recov' could be several rules topics: RECOVERING or RECOVERING CHART."]
    assert alice.do("rules dieing") == ["No rules topic 'dieing'.", "Did you mean: DYING?"]
    assert alice.do("rules qqqqqq") == ["No rules topic 'qqqqqq'.", "Type RULES for the list of topics."]


def test_rules_alone_is_the_index_by_category_in_columns(alice):
    assert alice.do("rules") == [
        "------------------------------ RULES: champions ------------------------------",
        "Combat:",
        "  COMBAT SFX",
        "Damage:",
        "  ADDING DAMAGE   DAMAGE EFFECTS  KILLING DAMAGE",
        "  DAMAGE CLASS    DOING DAMAGE    NORMAL DAMAGE",
        "  DAMAGE DICE     DYING           TAKING DAMAGE",
        "END:",
        "  END USE",
        "Experience:",
        "  EXPERIENCE  GAINING XP",
        "Knockback:",
        "  KNOCKBACK",
        "Maneuvers:",
        "  MANEUVER DIVE FOR COVER  MANEUVER MOVE THROUGH    MANEUVER STRIKE",
        "  MANEUVER MOVE BY         MANEUVER PULL PUNCH",
        "Movement:",
        "  MOVEMENT",
        "Powers:",
        "  ADJUSTMENT POWERS      EGO ATTACK             RETURN RATE",
        "  BATTLEFIELD            ENTANGLE               SIZE",
        "  DEFENSES OF THE GENRE  FLASH",
        "  DRAIN AND AID          MENTAL POWERS",
        "PRE attacks:",
        "  PRE ATTACKS",
        "Recovery:",
        "  RECOVERING",
        "Type RULES <topic> to read one, RULES/SEARCH <words> to search. Long topics",
        "continue in numbered pages: RULES/NEXT reads on.",
        "------------------------------------------------------------------------------",
    ]


def test_the_index_fits_a_narrow_client(alice):
    lines = answer_at_width(alice, "rules", 40)
    assert lines[0] == "----------- RULES: champions -----------"
    assert "  MANEUVER DIVE FOR COVER" in lines and "  ADDING DAMAGE   DYING" in lines


def test_rules_next_reads_on_page_by_page(alice, shipped):
    catalog = shipped.rules("champions")
    assert alice.do("rules/next") == ["Read a topic first: RULES <topic>, then RULES/NEXT reads on."]
    alice.do("rules damage class")
    assert alice.do("rules/next")[: len(catalog.get("DC 2").text.split("\n"))] == catalog.get("DC 2").text.split("\n")
    alice.do("rules knockback 5")
    assert alice.do("rules/next")[-1] == "See also: KNOCKBACK 5."
    assert alice.do("rules/next") == ["KNOCKBACK 6 has no next page."]


def test_rules_search_shows_ranked_hits_with_a_snippet(alice):
    assert alice.do("rules/search wall") == [
        "Rules topics mentioning 'wall' (best first):",
        "  BATTLEFIELD: Force Wall: a wall of PD and ED. An attack between one...",
        "  KNOCKBACK 4: ...is knocked back into a wall or other",
        "  KNOCKBACK 5: ...point he hits a brick wall. He",
    ]
    assert alice.do("rules/search zebra") == ["No rules topic mentions 'zebra'."]
    assert alice.do("rules/search") == ["Usage: RULES/SEARCH <words>"]


def test_another_ruleset_by_switch_and_the_games_own_ruleset(small):
    alice = small.login("Alice")
    assert alice.do("rules/ptb serp") == ["Zig and zag."]
    assert alice.do("rules serp") == ["No rules topic 'serp'.", "Type RULES for the list of topics."]
    assert alice.do("rules/ptb/search zag") == ["Rules topics mentioning 'zag' (best first):", "  SERPENTINE: Zig and zag."]
    assert alice.do("rules/animouch x") == [
        "RULES has no /animouch switch: use /search, /next or a ruleset (champions, ptb)."]
    assert alice.do("rules/ptb/champions x") == ["Read one ruleset at a time: RULES/<ruleset> <topic>."]
    alice.do("rules/ptb serpentine")
    assert alice.do("rules/next") == ["SERPENTINE has no next page."]
    alice.do("rules knockback")
    assert alice.do("rules/next") == ["Page two."]
    ptb_world = make_world(ruleset="ptb")
    ptb_world.game.services.help = small.game.services.help
    assert ptb_world.login("Bob").do("rules serp") == ["Zig and zag."]


def test_the_default_library_is_built_from_rules_data():
    world = make_world()
    assert world.login("Alice").do("rules holding breath")[1] == "Characters may hold their breath underwater, but doing so means they"
    assert isinstance(world.game.services.help, HelpLibrary)


def test_text_is_wrapped_to_the_client_but_tables_stay_whole(small):
    alice = small.login("Alice")
    alice.width = 30
    assert alice.do("rules speed") == [
        "SPD   Phases",
        "1     7",
        "4     3 6 9 12     (a table row that is longer than thirty columns)",
        "See also: KNOCKBACK.",
    ]


def test_pipes_in_text_and_input_are_shown_as_written_never_as_colour(small):
    alice = small.login("Alice")
    assert alice.do("rules pipes") == ["Columns | like |r this || stay as written."]
    assert alice.output[-1] == "Columns || like ||r this |||| stay as written."
    assert alice.do("rules |rred") == ["No rules topic '|rred'.", "Type RULES for the list of topics."]


def test_staff_only_help_is_hidden_from_players(small):
    alice, gina = small.login("Alice"), small.login("Gina", role=Role.STAFF)
    assert alice.do("+help @nuke") == ["No help topic '@nuke'.", "Type +HELP for the list of topics."]
    assert alice.do("+help/search staff") == ["No help topic mentions 'staff'."]
    assert gina.do("+help nuke") == ["Staff only."]
    assert alice.do("+help")[1:3] == ["General:", "  RULES"]
    assert gina.do("+help")[1:4] == ["General:", "  @NUKE*  RULES", "* staff only"]


def test_help_and_news_use_the_same_ladder(alice):
    assert alice.do("+help rul")[1] == "RULES                   the rules topics of this game, by category"
    assert alice.do("+help rules/search")[1] == "RULES                   the rules topics of this game, by category"
    assert alice.do("news wel")[1] == "Welcome to Champions MUSH, a superhero game on the HERO System."
    assert alice.do("news zzzzz") == ["No news topic 'zzzzz'.", "Type NEWS for the list of topics."]
    assert alice.do("+help")[0] == "------------------------------- [+HELP] -------------------------------"


def test_every_command_in_the_table_has_its_help_entry_with_the_right_audience(shipped):
    missing, wrong_audience = [], []
    for command in build_table().commands:
        topic = shipped.help.get(command.help_topic)
        if topic is None:
            missing.append(command.key)
        elif command.role >= Role.STAFF and not topic.staff_only:
            wrong_audience.append(command.key)  # a staff command's help is for staff
    assert missing == [] and wrong_audience == []


def test_guests_can_read_rules_before_connecting(world):
    guest = world.guest()
    assert guest.do("rules dc")[1] == "To determine the DC for an attack with Power Advantages is a bit more"
    assert guest.do("news welcome")[1] == "Welcome to Champions MUSH, a superhero game on the HERO System."


def test_reload_is_staff_only(small):
    assert small.login("Alice").do("@reload-help") == ["Permission denied."]


def test_reload_says_what_changed_and_keeps_serving_a_broken_file(small):
    gina, alice = small.login("Gina", role=Role.STAFF), small.login("Alice")
    assert gina.do("@reload-help") == ["Help reloaded: 8 topics from 4 files.", "Nothing changed."]
    write(small.root, "news/n.yaml", "topics:\n  - name: WELCOME\n    text: Hello!\n  - name: PARTY\n    text: Friday.\n")
    assert gina.do("@reload-help") == ["Help reloaded: 9 topics from 4 files.", "NEWS: added PARTY; changed WELCOME."]
    assert alice.do("news party") == ["Friday."]
    write(small.root, "rules/ptb/b.yaml", "topics:\n  - name: SERPENTINE\n    text: 12\n    aliases: [1, [2]]\n")
    assert gina.do("@reload-help") == [
        "Help reloaded: 9 topics from 4 files.",
        "Nothing changed.",
        "rules/ptb/b.yaml has errors: still serving its last good version.",
        "Error rules/ptb/b.yaml: topic 1 'SERPENTINE': field 'text': missing or empty",
        "(the entry's text is required)",
        "Error rules/ptb/b.yaml: topic 1 'SERPENTINE': field 'aliases': missing or not",
        "a one-line name",
    ]
    assert alice.do("rules/ptb serpentine") == ["Zig and zag."]


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="ab *?[]!/=\\%|-+@ 2", max_size=12))
def test_no_input_hurts(shipped, text):
    world = make_world()
    world.game.services.help = shipped
    alice = world.login("Alice")
    for command in ("rules", "+help", "news", "rules/search", "rules/ptb"):
        lines = alice.do(f"{command} {text}")
        assert lines and GUARD not in lines


def test_see_also_names_a_topic_once_when_two_entries_are_its_names(alice):
    """+PTB's see-also lists +PTB/INIT and +PTB/SERPENTINE, one topic (an alias of it)."""
    assert alice.do("+help +ptb")[-1] == "See also: +PTB/ATTACK, +PTB/WRESTLE, +PTB/INIT."


def test_a_topic_tells_the_client_which_see_also_names_are_links(world, alice):
    """GMCP Help.SeeAlso comes just before the topic, naming what its see-also line names: the
    web client links those and nothing else (an @emit that looks the same stays text)."""
    alice.clear()
    assert alice.do("RULES knockb")[-1] == "See also: KNOCKBACK 2."
    assert alice.gmcp == [("Help.SeeAlso", {"command": "RULES", "topics": ["KNOCKBACK 2"]})]
    alice.clear()
    assert alice.do("+help +ptb")[-1] == "See also: +PTB/ATTACK, +PTB/WRESTLE, +PTB/INIT."
    assert alice.gmcp == [("Help.SeeAlso", {"command": "+HELP", "topics": ["+PTB/ATTACK", "+PTB/WRESTLE", "+PTB/INIT"]})]
    alice.clear()
    alice.do("+help")  # the index: no see-also line, no message
    alice.do("RULES nothing-by-this-name")
    assert alice.gmcp == []


def test_help_index_names_each_family_as_the_game_writes_it(alice):
    families = [line for line in alice.do("+help") if line.endswith(":") and not line.startswith(" ")]
    assert {"GM:", "AnimOuch!:", "Powers That Be:", "Combat:", "Dice:"} <= set(families)
    assert not {"Gm:", "Animouch:", "Powers that be:"} & set(families)
