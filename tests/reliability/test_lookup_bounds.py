"""The work of a RULES, +HELP or NEWS lookup or search is bounded whatever the input
(docs/reliability.md, "An 8,100-character help query").

The expensive helpers (one-edit variants, edit distance, search terms) are wrapped to record
what they are given: however long or wordy the query, they only ever see bounded input.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from champions_mush.help import HelpLibrary, Rung, Topic
from champions_mush.help import catalog as catalog_module
from champions_mush.help import search as search_module
from champions_mush.help.catalog import MAX_QUERY_CHARS, MAX_SUGGESTED_CHARS, Catalog
from champions_mush.help.fuzzy import MAX_EDIT_WORD, one_edit_variants
from champions_mush.help.search import MAX_SEARCH_WORDS

LONG_WORD = "knockbakc" + "q" * 8091
RANDOM_WORDS = " ".join("".join(random.Random(i).choices("abcdefghijklmnopqrstuvwxyz", k=8)) for i in range(880))


@pytest.fixture(scope="module")
def library() -> HelpLibrary:
    return HelpLibrary.load()


@contextlib.contextmanager
def recording() -> Iterator[dict[str, list]]:
    """Record what the costly helpers of the ladder and the search are given."""
    seen: dict[str, list] = {"variants": [], "distance": [], "matching": []}
    variants, distance = catalog_module.one_edit_variants, catalog_module.edit_distance
    matching = search_module.SearchIndex._matching
    catalog_module.one_edit_variants = lambda word, alphabet: (seen["variants"].append(word), variants(word, alphabet))[1]
    catalog_module.edit_distance = lambda a, b, limit=99: (seen["distance"].append(a), distance(a, b, limit))[1]
    search_module.SearchIndex._matching = lambda self, term: (seen["matching"].append(term), matching(self, term))[1]
    try:
        yield seen
    finally:
        catalog_module.one_edit_variants, catalog_module.edit_distance = variants, distance
        search_module.SearchIndex._matching = matching


@pytest.fixture
def calls() -> Iterator[dict[str, list]]:
    with recording() as seen:
        yield seen


def _catalogs(library: HelpLibrary) -> list[Catalog]:
    return [library.help, library.news, *(library.rules(r) for r in library.rulesets)]


@pytest.mark.parametrize("query", [LONG_WORD, RANDOM_WORDS, "a " * 4000, "knockbakc " * 800, "*?" * 4000],
                         ids=["8100-char word", "880 random words", "one-letter words", "a typo repeated", "wildcards"])
def test_a_huge_query_finds_nothing_and_calls_no_costly_helper(library, calls, query):
    for catalog in _catalogs(library):
        for staff in (False, True):
            match = catalog.lookup(query, staff=staff)
            assert (match.rung, match.topic, match.candidates, match.suggestions) == (Rung.NONE, None, (), ())
    assert calls["variants"] == [] and calls["distance"] == []


@settings(max_examples=200)
@given(query=st.text(alphabet=st.sampled_from("abcdeknockbat 2*?é²\u200b"), max_size=400))
def test_the_helpers_only_ever_see_bounded_input(library, query):
    """Whatever the query, variants are built only for short words and distances only for short queries."""
    with recording() as seen:
        library.rules("champions").lookup(query)
    assert all(len(word) <= MAX_EDIT_WORD for word in seen["variants"]), seen["variants"]
    assert all(len(q) <= MAX_SUGGESTED_CHARS for q in seen["distance"]), seen["distance"]


def test_typos_and_suggestions_still_work_within_the_bounds(library):
    rules = library.rules("champions")
    assert (rules.lookup("knockbakc").rung, rules.lookup("knockbakc").topic.name) == (Rung.TYPO, "KNOCKBACK")
    assert rules.lookup("dieing").suggestions == ("DYING",)
    assert rules.lookup("x" * MAX_QUERY_CHARS).rung is Rung.NONE


def test_a_word_longer_than_the_bound_has_no_variants():
    assert one_edit_variants("k" * (MAX_EDIT_WORD + 1), "abk") == set()
    assert "knockback" in one_edit_variants("knockbakc", "abcdefghijklmnopqrstuvwxyz")


def test_no_word_longer_than_any_name_by_two_is_varied():
    """A word can only be one edit from a prefix of a name's word if it is at most one letter longer."""
    catalog = Catalog("rules/t", [Topic(name="KNOCKBACK", text="x")])
    with recording() as seen:
        assert catalog.lookup("knockbackss").rung is Rung.NONE
        assert catalog.lookup("knockbacks").topic.name == "KNOCKBACK"
    assert seen["variants"] == ["knockbacks"]


def test_a_search_reads_only_its_first_distinct_words(library, calls):
    hits = library.rules("champions").search("wall knockback " + RANDOM_WORDS)
    assert hits == []  # every word must match, and the ninth on is ignored, not searched
    assert calls["matching"][:2] == ["wall", "knockback"]
    assert len(calls["matching"]) == MAX_SEARCH_WORDS
    assert library.rules("champions").search("wall knockback wall wall")[0].topic.name == "KNOCKBACK 4"


def test_a_search_term_longer_than_every_indexed_word_matches_nothing(library):
    assert library.help.search(LONG_WORD) == []


def test_what_a_player_sees_for_a_huge_query(world):
    guest = world.guest()
    shown = "knockbakc" + "q" * 48 + "..."
    assert guest.do(f"+help {LONG_WORD}") == [f"No help topic '{shown}'.", "Type +HELP for the list of topics."]
    assert guest.do(f"rules {LONG_WORD}") == [f"No rules topic '{shown}'.", "Type RULES for the list of topics."]
    assert guest.do(f"news/search {RANDOM_WORDS}") == [f"Search for at most {MAX_SEARCH_WORDS} words at a time."]
