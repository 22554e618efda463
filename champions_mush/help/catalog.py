"""One collection of topics (a ruleset's RULES, +HELP, NEWS) and the fixed lookup ladder.

The ladder (docs/help-files.md), tried in order; the first rung that finds anything decides:

1. exact topic name;  2. alias (for +HELP also the name without its ``+``/``@``);
3. unique prefix (``knockb`` -> KNOCKBACK): a base topic wins over its continuation pages;
4. word prefixes, first anchored at the first word (``pre att`` -> PRE ATTACKS), then anywhere
   in the name (``move by`` -> MANEUVER MOVE BY), then forgiving one mistyped letter
   (``know 2`` -> KNOCKBACK 2); numbers must match exactly;
5. wildcards ``*`` and ``?`` (``move*``);
6. nothing: suggestions ranked by edit distance.

More than one candidate on a rung (after continuation pages fold into their base) is an
ambiguous answer listing them. Case and extra spaces never matter.

Every lookup's work is bounded whatever the input (docs/reliability.md): a query longer than
:data:`MAX_QUERY_CHARS` is answered "no topic" at once; a rung that cannot match (more words, or
a longer word, than any name has) is skipped; suggestions are sought only for queries up to
:data:`MAX_SUGGESTED_CHARS`.
"""

from __future__ import annotations

import bisect
import enum
import fnmatch
import re
from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from ..values import frozen
from .fuzzy import MAX_EDIT_WORD, edit_distance, letter_pairs, one_edit_variants
from .search import Hit, SearchIndex
from .topic import Topic, normalize

__all__ = ["MAX_QUERY_CHARS", "MAX_SUGGESTED_CHARS", "Catalog", "Hit", "Match", "Rung", "edit_distance"]

_NUMBERED = re.compile(r"^(.*\S) ([0-9]+)$")
_SIGILS = "+@"
#: how many distinct queries each view remembers the answer to
CACHE_SIZE = 4096
#: how many "did you mean" suggestions to offer
MAX_SUGGESTIONS = 5
#: at most this many names are compared letter by letter for suggestions (the most alike first)
MAX_COMPARED = 60
#: letter pairs are indexed from this many leading characters of each name
MAX_KEY_PAIRS = 40
#: a longer query (after spaces collapse) matches nothing and is not looked up: names are far shorter
MAX_QUERY_CHARS = 100
#: "did you mean" is worked out only for queries up to this long (edit distance is len x len)
MAX_SUGGESTED_CHARS = 48


class Rung(enum.Enum):
    """Which rung of the ladder answered."""

    #: the topic's own name
    EXACT = "exact"
    #: one of its aliases
    ALIAS = "alias"
    #: a unique prefix of a name or alias
    PREFIX = "prefix"
    #: each word a prefix of the name's words
    WORDS = "words"
    #: word prefixes with one mistyped letter
    TYPO = "typo"
    #: a ``*``/``?`` pattern
    WILDCARD = "wildcard"
    #: several candidates: ``Match.candidates`` lists them
    AMBIGUOUS = "ambiguous"
    #: nothing: ``Match.suggestions`` holds the nearest names
    NONE = "none"


@frozen
class Match:
    """The answer to one lookup."""

    query: str
    rung: Rung
    topic: Topic | None = None
    candidates: tuple[Topic, ...] = ()
    suggestions: tuple[str, ...] = ()
    #: how each candidate was matched: its name, or the alias the input matched
    labels: tuple[str, ...] = ()

    @property
    def found(self) -> bool:
        return self.topic is not None


class Catalog:
    """The topics of one collection (``kind`` is ``rules/champions``, ``help`` or ``news``).

    Immutable once built; a reload builds a new one. Staff see ``staff_only`` topics, others
    never do: not in answers, candidates, suggestions, search or the index.
    """

    def __init__(self, kind: str, topics: Iterable[Topic] = ()) -> None:
        self.kind = kind
        self.topics: tuple[Topic, ...] = tuple(topics)
        self._names: dict[str, Topic] = {}
        for topic in self.topics:
            self._names.setdefault(topic.key, topic)
        self._aliases: dict[str, Topic] = {}
        for topic in self.topics:
            for alias in topic.keys[1:]:
                if alias not in self._names:
                    self._aliases.setdefault(alias, topic)
        self._next, self._prev = self._chain()
        self._views: dict[bool, _View] = {}

    def __len__(self) -> int:
        return len(self.topics)

    # --- pages ----------------------------------------------------------------------------
    def _chain(self) -> tuple[dict[int, Topic], dict[int, Topic]]:
        nxt: dict[int, Topic] = {}
        prev: dict[int, Topic] = {}
        for topic in self._names.values():
            follower = self._follower(topic)
            if follower is not None and follower is not topic and id(follower) not in prev:
                nxt[id(topic)] = follower
                prev[id(follower)] = topic
        return nxt, prev

    def _follower(self, topic: Topic) -> Topic | None:
        if topic.next:
            return self.get(topic.next)
        numbered = _NUMBERED.match(topic.key)
        if numbered:
            return self._names.get(f"{numbered[1]} {int(numbered[2]) + 1}")
        return self._names.get(f"{topic.key} 2")

    def next_of(self, topic: Topic) -> Topic | None:
        """The page that continues ``topic`` (``RULES/NEXT``), if any."""
        return self._next.get(id(topic))

    def previous_of(self, topic: Topic) -> Topic | None:
        return self._prev.get(id(topic))

    def ancestors(self, topic: Topic) -> list[Topic]:
        """The pages before ``topic`` in its chain, nearest first."""
        seen, out = {id(topic)}, []
        current = self._prev.get(id(topic))
        while current is not None and id(current) not in seen:
            seen.add(id(current))
            out.append(current)
            current = self._prev.get(id(current))
        return out

    def is_head(self, topic: Topic) -> bool:
        """True for a first page (a topic no other page continues into)."""
        return id(topic) not in self._prev

    # --- lookups --------------------------------------------------------------------------
    def get(self, name: str) -> Topic | None:
        """Exact name or alias only (staff view): what a cross-reference must resolve to."""
        key = normalize(name)
        return self._names.get(key) or self._aliases.get(key)

    def lookup(self, query: str, staff: bool = False) -> Match:
        """Run the ladder for ``query`` as seen by a player (``staff=False``) or staff."""
        return self._view(staff).lookup(query)

    def search(self, words: str, staff: bool = False, limit: int = 10) -> list[Hit]:
        """Topics whose name or text hold every word (word prefixes count), best first."""
        return self._view(staff).search(words, limit)

    def heads(self, staff: bool = False) -> dict[str, list[Topic]]:
        """First pages by category (sorted), for the index."""
        groups: dict[str, list[Topic]] = {}
        for topic in self._view(staff).topics:
            if self.is_head(topic):
                groups.setdefault(topic.category, []).append(topic)
        return {cat: sorted(ts, key=lambda t: t.key) for cat, ts in sorted(groups.items(), key=lambda kv: kv[0].casefold())}

    def visible(self, staff: bool = False) -> tuple[Topic, ...]:
        return self._view(staff).topics

    def fold(self, topics: Iterable[Topic]) -> list[Topic]:
        """Drop every continuation page whose earlier page is also in ``topics`` (base wins)."""
        unique = list({id(t): t for t in topics}.values())
        present = {id(t) for t in unique}
        return [t for t in unique if not any(id(a) in present for a in self.ancestors(t))]

    def warm(self) -> None:
        """Build the indexes for players and staff now, so the first lookup after a (re)load is fast."""
        self._view(False)
        self._view(True)

    def _view(self, staff: bool) -> _View:
        view = self._views.get(staff)
        if view is None:
            chosen = self.topics if staff else tuple(t for t in self.topics if not t.staff_only)
            view = self._views[staff] = _View(self, chosen)
        return view


class _View:
    """The indexes of one audience's topics: keys for the ladder, terms for search."""

    def __init__(self, catalog: Catalog, topics: Sequence[Topic]) -> None:
        self.catalog = catalog
        self.topics = tuple(topics)
        self.names: dict[str, Topic] = {}
        self.aliases: dict[str, Topic] = {}
        for topic in self.topics:
            self.names.setdefault(topic.key, topic)
        for topic in self.topics:
            for alias in topic.keys[1:]:
                if alias not in self.names:
                    self.aliases.setdefault(alias, topic)
        for topic in self.topics:
            for key in topic.keys:
                bare = key.lstrip(_SIGILS)
                if bare and bare != key and bare not in self.names:
                    self.aliases.setdefault(bare, topic)
        self.spelled: dict[str, str] = {}
        for topic in reversed(self.topics):
            for original in (topic.name, *topic.aliases):
                self.spelled[normalize(original)] = " ".join(original.split())
        self.keys: list[tuple[str, Topic]] = sorted(
            [*self.names.items(), *self.aliases.items()], key=lambda kv: kv[0]
        )
        self._sorted_keys = [k for k, _ in self.keys]
        words = []
        for index, (key, _) in enumerate(self.keys):
            for position, word in enumerate(key.split(" ")):
                words.append((word, index, position))
        words.sort()
        self._words = words
        self._word_list = [w for w, _, _ in words]
        self._alphabet = "".join(sorted({c for key, _ in self.keys for c in key if c != " "}))
        #: a query with more words than any name matches none on the word rungs, and a word more
        #: than one letter longer than any in a name has no one-edit variant that is a prefix of one
        self._most_words = max((len(key.split(" ")) for key, _ in self.keys), default=0)
        self._longest_word = max((len(w) for w in self._word_list), default=0)
        self._pairs: dict[str, list[int]] | None = None
        self._cache: dict[str, Match] = {}
        self._search = SearchIndex(self.topics)

    def search(self, words: str, limit: int) -> list[Hit]:
        return self._search.search(words, limit)

    # --- the ladder -----------------------------------------------------------------------
    def lookup(self, query: str) -> Match:
        q = normalize(query)
        if len(q) > MAX_QUERY_CHARS:
            return Match(query, Rung.NONE)
        cached = self._cache.get(q)
        if cached is not None:
            return cached if cached.query == query else attrs.evolve(cached, query=query)
        match = self._climb(query, q)
        if len(self._cache) >= CACHE_SIZE:
            self._cache.clear()
        self._cache[q] = match
        return match

    def _climb(self, query: str, q: str) -> Match:
        if not q:
            return Match(query, Rung.NONE)
        if q in self.names:
            return Match(query, Rung.EXACT, self.names[q])
        if q in self.aliases:
            return Match(query, Rung.ALIAS, self.aliases[q])
        if "*" in q or "?" in q:
            return self._decide(query, Rung.WILDCARD, self._wildcard(q)) or self._missing(query, q)
        words = q.split(" ")
        if len(words) > self._most_words:
            return self._missing(query, q)
        rungs = (
            (Rung.PREFIX, lambda: self._prefixed(q)),
            (Rung.WORDS, lambda: self._by_words(words, anchored=True)),
            (Rung.WORDS, lambda: self._by_words(words, anchored=False)),
            (Rung.TYPO, lambda: self._by_typo(words)),
        )
        for rung, find in rungs:
            decided = self._decide(query, rung, find())
            if decided is not None:
                return decided
        return self._missing(query, q)

    def _decide(self, query: str, rung: Rung, found: list[tuple[str, Topic]]) -> Match | None:
        folded = self.catalog.fold(topic for _, topic in found)
        if not folded:
            return None
        if len(folded) == 1:
            return Match(query, rung, folded[0])
        keep = {id(t) for t in folded}
        labels: dict[int, str] = {}
        for key, topic in found:
            if id(topic) in keep and (id(topic) not in labels or key == topic.key):
                labels[id(topic)] = topic.name if key == topic.key else self.spelled.get(key, key.upper())
        ordered = sorted(folded, key=lambda t: labels[id(t)].casefold())
        return Match(query, Rung.AMBIGUOUS, candidates=tuple(ordered), labels=tuple(labels[id(t)] for t in ordered))

    def _prefixed(self, q: str) -> list[tuple[str, Topic]]:
        start = bisect.bisect_left(self._sorted_keys, q)
        end = bisect.bisect_left(self._sorted_keys, q + "\uffff")
        return self.keys[start:end]

    def _by_words(self, words: list[str], anchored: bool) -> list[tuple[str, Topic]]:
        first = words[0]
        start = bisect.bisect_left(self._word_list, first)
        end = bisect.bisect_left(self._word_list, first + "\uffff")
        found = []
        seen: set[int] = set()
        for word, index, position in self._words[start:end]:
            if index in seen or (anchored and position != 0) or (_is_number(first) and word != first):
                continue
            seen.add(index)
            key, topic = self.keys[index]
            if _words_match(words, key.split(" ")[position:], anchored):
                found.append((key, topic))
        return found

    def _by_typo(self, words: list[str]) -> list[tuple[str, Topic]]:
        """Keys whose words fit ``words`` with one slip (a mistyped, missing, extra or swapped letter) in one word.

        Candidates come from the one-edit variants of each word looked up as prefixes in the
        sorted word list, so the cost depends on the word's length, not on the catalog's size.
        """
        found: list[tuple[str, Topic]] = []
        checked: set[int] = set()
        for position, word in enumerate(words):
            if _is_number(word) or not 3 <= len(word) <= min(self._longest_word + 1, MAX_EDIT_WORD):
                continue
            for variant in one_edit_variants(word, self._alphabet):
                start = bisect.bisect_left(self._word_list, variant)
                end = bisect.bisect_left(self._word_list, variant + "\uffff", start)
                for _, index, at in self._words[start:end]:
                    if at != position or index in checked:
                        continue
                    checked.add(index)
                    key, topic = self.keys[index]
                    if _fits_except(words, key.split(" "), position):
                        found.append((key, topic))
        return found

    def _wildcard(self, q: str) -> list[tuple[str, Topic]]:
        pattern = re.compile(fnmatch.translate(q))
        return [(key, topic) for key, topic in self.keys if pattern.match(key)]

    def _missing(self, query: str, q: str) -> Match:
        """Nothing found: the nearest names by edit distance, among keys sharing enough letter pairs."""
        if len(q) > MAX_SUGGESTED_CHARS:
            return Match(query, Rung.NONE)
        limit = max(2, len(q) // 3)
        scored: dict[int, tuple[int, str, Topic]] = {}
        for index in self._near(q, limit):
            key, topic = self.keys[index]
            score = edit_distance(q, key, limit)
            if len(key) > len(q):
                score = min(score, edit_distance(q, key[: len(q)], limit) + 1)
            if score <= limit:
                best = scored.get(id(topic))
                if best is None or (score, key) < best[:2]:
                    scored[id(topic)] = (score, key, topic)
        ranked = sorted(scored.values(), key=lambda s: (s[0], s[1]))
        names = tuple(topic.name if key == topic.key else self.spelled.get(key, topic.name)
                      for _, key, topic in ranked[:MAX_SUGGESTIONS])
        return Match(query, Rung.NONE, suggestions=names)

    def _near(self, q: str, limit: int) -> list[int]:
        """Keys sharing letter pairs with ``q`` (each edit breaks at most two pairs), most shared first."""
        if self._pairs is None:
            pairs: dict[str, list[int]] = {}
            for index, (key, _) in enumerate(self.keys):
                for pair in letter_pairs(key[:MAX_KEY_PAIRS]):
                    pairs.setdefault(pair, []).append(index)
            self._pairs = pairs
        wanted = letter_pairs(q)
        need = max(1, len(wanted) - 2 * limit)
        counts: Counter[int] = Counter()
        for pair in wanted:
            counts.update(self._pairs.get(pair, ()))
        return [index for index, shared in counts.most_common(MAX_COMPARED) if shared >= need]

def _words_match(words: list[str], key_words: list[str], anchored: bool) -> bool:
    """Each query word a prefix of a later key word, in order (numbers exactly)."""
    position = 0
    for word in words:
        while position < len(key_words) and not _word_fits(word, key_words[position]):
            if anchored:
                return False
            position += 1
        if position == len(key_words):
            return False
        position += 1
    return True


def _word_fits(word: str, key_word: str) -> bool:
    return word == key_word if _is_number(word) else key_word.startswith(word)


def _is_number(word: str) -> bool:
    """A page number: ASCII digits only (``str.isdigit`` also takes ``²``)."""
    return word.isascii() and word.isdigit()


def _fits_except(words: list[str], key_words: list[str], slip: int) -> bool:
    """Every word but the one at ``slip`` is a prefix of the key's word at its place (numbers exactly).

    The word at ``slip`` was already found one edit (a mistyped, missing, extra or swapped letter)
    from the start of the key's word.
    """
    if len(words) > len(key_words):
        return False
    return all(i == slip or _word_fits(w, k) for i, (w, k) in enumerate(zip(words, key_words)))
