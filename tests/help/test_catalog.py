"""The lookup ladder: exact, alias, unique prefix, word prefixes, wildcards, then suggestions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from champions_mush.help import Catalog, HelpLibrary, Rung, Topic, edit_distance


def topic(name, *aliases, **kw):
    return Topic(name=name, text=f"text of {name}", aliases=aliases, **kw)


@pytest.fixture(scope="module")
def champions() -> Catalog:
    from .conftest import SHIPPED

    return HelpLibrary.load(SHIPPED).rules("champions")


def found(catalog, query, staff=False):
    match = catalog.lookup(query, staff=staff)
    return (match.rung, match.topic.name if match.topic else None)


@pytest.mark.parametrize(
    ("query", "rung", "name"),
    [
        ("KNOCKBACK 2", Rung.EXACT, "KNOCKBACK 2"),
        ("taking damage 2", Rung.EXACT, "TAKING DAMAGE 2"),
        ("combat se", Rung.ALIAS, "COMBAT SFX"),
        ("damage", Rung.ALIAS, "TAKING DAMAGE 2"),
        ("holding breath", Rung.ALIAS, "RECOVERING 2"),
        ("knockb", Rung.PREFIX, "KNOCKBACK"),
        ("pre att", Rung.PREFIX, "PRE ATTACKS"),
        ("dc", Rung.PREFIX, "DC 2"),
        ("move by", Rung.WORDS, "MANEUVER MOVE BY"),
        ("man pull", Rung.WORDS, "MANEUVER PULL PUNCH"),
        ("know 2", Rung.TYPO, "KNOCKBACK 2"),
        ("knockbakc", Rung.TYPO, "KNOCKBACK"),
        ("move*", Rung.WILDCARD, "MOVEMENT"),
        ("*pull*", Rung.WILDCARD, "MANEUVER PULL PUNCH"),
        ("  Pre    ATTACKS   3 ", Rung.EXACT, "PRE ATTACKS 3"),
    ],
)
def test_the_ladder_on_the_champions_rules(champions, query, rung, name):
    assert found(champions, query) == (rung, name)


def test_ambiguous_input_lists_candidates_with_the_names_they_matched(champions):
    match = champions.lookup("recov")
    assert match.rung is Rung.AMBIGUOUS and match.topic is None
    assert match.labels == ("RECOVERING", "RECOVERING CHART")
    assert [t.name for t in match.candidates] == ["RECOVERING", "DAMAGE EFFECTS 3"]


def test_a_base_topic_wins_over_its_continuation_pages_but_not_over_other_topics(champions):
    assert champions.lookup("knock").topic.name == "KNOCKBACK"
    assert champions.lookup("dam").labels == ("DAMAGE", "DAMAGE CLASS", "DAMAGE DICE", "DAMAGE EFFECTS")


def test_an_exact_match_is_never_outranked():
    catalog = Catalog("rules/t", [topic("KNOCKBACK"), topic("KNOCK"), topic("STRIKE", "KNOCKS")])
    assert found(catalog, "knock") == (Rung.EXACT, "KNOCK")
    assert found(catalog, "knocks") == (Rung.ALIAS, "STRIKE")
    assert found(catalog, "knockb") == (Rung.PREFIX, "KNOCKBACK")


def test_a_name_beats_another_topics_alias():
    catalog = Catalog("rules/t", [topic("A", "B"), topic("B")])
    assert found(catalog, "b") == (Rung.EXACT, "B")


def test_numbers_in_word_prefixes_must_match_exactly():
    catalog = Catalog("rules/t", [topic("KNOCKBACK"), topic("KNOCKBACK 2"), topic("KNOCKBACK 20")])
    assert found(catalog, "kno 2") == (Rung.WORDS, "KNOCKBACK 2")


def test_nothing_found_offers_suggestions_ranked_by_edit_distance(champions):
    match = champions.lookup("dieing")
    assert (match.rung, match.topic, match.suggestions) == (Rung.NONE, None, ("DYING",))
    assert champions.lookup("zzzzzz").suggestions == ()
    catalog = Catalog("rules/t", [topic("STAB"), topic("STUB"), topic("SLAB"), topic("BODY")])
    assert catalog.lookup("stxx").suggestions == ("STAB", "STUB")  # distance 2 each, then by name
    ranked = Catalog("rules/t", [topic("ABCDEFQRS"), topic("ABCDEFXQQ"), topic("QQQQQQQQQ")])
    assert ranked.lookup("abcdefxyz").suggestions == ("ABCDEFXQQ", "ABCDEFQRS")  # distance 2, then 3


def test_staff_only_topics_are_invisible_to_players_everywhere():
    catalog = Catalog("help", [topic("+BOOT", staff_only=True), topic("+BOOK")])
    assert found(catalog, "+boot") == (Rung.TYPO, "+BOOK")
    assert found(catalog, "+boot", staff=True) == (Rung.EXACT, "+BOOT")
    assert catalog.lookup("+bo").rung is Rung.PREFIX
    assert catalog.lookup("+bo", staff=True).rung is Rung.AMBIGUOUS
    assert catalog.search("text") and all(h.topic.name == "+BOOK" for h in catalog.search("text"))
    assert [t.name for ts in catalog.heads().values() for t in ts] == ["+BOOK"]


def test_help_names_answer_without_their_sigil():
    catalog = Catalog("help", [topic("+ND6"), topic("@RELOAD-HELP"), topic("PAGE")])
    assert found(catalog, "nd6") == (Rung.ALIAS, "+ND6")
    assert found(catalog, "reload") == (Rung.PREFIX, "@RELOAD-HELP")


def test_pages_follow_numbers_or_an_explicit_next(champions):
    assert champions.next_of(champions.get("KNOCKBACK 5")).name == "KNOCKBACK 6"
    assert champions.next_of(champions.get("KNOCKBACK 6")) is None
    assert champions.next_of(champions.get("DAMAGE CLASS")).name == "DC 2"
    assert champions.next_of(champions.get("TAKING DAMAGE")).name == "TAKING DAMAGE 2"
    assert not champions.is_head(champions.get("DC 2"))


def test_search_ranks_topics_holding_every_word(champions):
    hits = champions.search("wall knockback")
    assert [h.topic.name for h in hits] == ["KNOCKBACK 4", "KNOCKBACK 5"]
    assert hits[0].line == "around him as well). A character who is knocked back into a wall or other"
    assert champions.search("stunned")[0].topic.name == "DAMAGE EFFECTS"
    assert champions.search("") == [] and champions.search("qqqq") == []


def test_edit_distance_counts_a_swap_as_one():
    assert edit_distance("knockbakc", "knockback") == 1
    assert edit_distance("kitten", "sitting") == 3
    assert edit_distance("abc", "abcdefgh", limit=2) == 3


@settings(max_examples=50, deadline=None)
@given(data=st.data())
def test_any_name_in_any_case_and_spacing_is_an_exact_hit(champions, data):
    chosen = data.draw(st.sampled_from(champions.topics))
    mangled = "  ".join(
        "".join(c.upper() if data.draw(st.booleans()) else c.lower() for c in word) for word in chosen.name.split()
    )
    assert champions.lookup(f" {mangled} ").topic is chosen
