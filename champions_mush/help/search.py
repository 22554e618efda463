"""RULES/SEARCH: topics whose name or text hold every word, best first, with the line that matched.

Terms are letters and digits; a query word matches every term it starts (three letters or more);
a topic scores the sum over query words of term weight (3 in the name, 1 in the text) times
its rarity (``log(1 + topics / topics with the term)``). Only the first
:data:`MAX_SEARCH_WORDS` distinct words are read, so a search costs the same whatever its length.
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Sequence

from ..text.format import is_rule
from ..values import frozen
from .topic import Topic

__all__ = ["MAX_SEARCH_WORDS", "Hit", "SearchIndex", "search_terms"]

_TERM = re.compile(r"[a-z0-9]+")
#: the distinct words of a search that are read; the rest are ignored (commands refuse more)
MAX_SEARCH_WORDS = 8


def search_terms(words: str) -> list[str]:
    """The distinct terms of a search, in order, at most :data:`MAX_SEARCH_WORDS` of them."""
    return list(dict.fromkeys(_TERM.findall(words.casefold())))[:MAX_SEARCH_WORDS]


@frozen
class Hit:
    """A search result: the topic, its score and the line that matched."""

    topic: Topic
    score: float
    line: str


class SearchIndex:
    """An inverted index over some topics, built when first searched."""

    def __init__(self, topics: Sequence[Topic]) -> None:
        self.topics = tuple(topics)
        self._terms: dict[str, dict[int, float]] | None = None
        self._vocab: list[str] = []
        self._longest = 0

    def search(self, words: str, limit: int = 10) -> list[Hit]:
        terms = search_terms(words)
        if not terms:
            return []
        index = self._index()
        total: dict[int, float] | None = None
        for term in terms:
            scores: dict[int, float] = {}
            for found in self._matching(term):
                postings = index[found]
                idf = math.log(1 + len(self.topics) / len(postings))
                for ti, weight in postings.items():
                    scores[ti] = scores.get(ti, 0.0) + weight * idf
            total = scores if total is None else {k: v + scores[k] for k, v in total.items() if k in scores}
        ranked = sorted((total or {}).items(), key=lambda kv: (-kv[1], self.topics[kv[0]].key))
        return [Hit(self.topics[i], round(s, 3), _snippet(self.topics[i], terms)) for i, s in ranked[:limit]]

    def _matching(self, term: str) -> list[str]:
        if len(term) < 3:
            return [term] if term in (self._terms or {}) else []
        if len(term) > self._longest:
            return []
        start = bisect.bisect_left(self._vocab, term)
        end = bisect.bisect_left(self._vocab, term + "\uffff")
        return self._vocab[start:end]

    def _index(self) -> dict[str, dict[int, float]]:
        if self._terms is None:
            terms: dict[str, dict[int, float]] = {}
            for i, topic in enumerate(self.topics):
                for weight, source in ((3.0, " ".join(topic.keys)), (1.0, topic.body)):
                    for term in _TERM.findall(source.casefold()):
                        postings = terms.setdefault(term, {})
                        postings[i] = postings.get(i, 0.0) + weight
            self._terms = terms
            self._vocab = sorted(terms)
            self._longest = max(map(len, self._vocab), default=0)
        return self._terms


def _snippet(topic: Topic, terms: list[str]) -> str:
    patterns = [re.compile(rf"\b{re.escape(t)}", re.IGNORECASE) for t in terms]
    lines = [line.strip() for line in topic.body.split("\n") if line.strip()]
    for pattern in patterns:
        for line in lines:
            if pattern.search(line) and not is_rule(line):
                return line
    return next((line for line in lines if not is_rule(line)), "")

