"""Import MUSH help files (PennMUSH/TinyMUX ``& topic`` format) into our YAML topic files.

The format: a line ``& topic`` starts an entry; consecutive header lines are aliases of one
entry; the text runs to the next header. Anything before the first header (a wiki page's
wrapper, a file comment) is skipped, and wiki ``[edit]`` lines are dropped.

Two mends are made, both reported (docs/help-files.md, seeds/README.md):

* a header that is a truncated copy of another header of the same entry (``& combat se`` over
  ``& combat sfx``) does not become the entry's name; it stays an alias;
* when a page ends "see RULES X 2", no entry is called X 2, and the next entry's own name is
  referred to by nothing (``& damage`` after TAKING DAMAGE), that next entry is named X 2 and
  keeps its header as an alias.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

import attrs
import yaml

from ..values import frozen
from .catalog import Catalog
from .refs import find_references
from .topic import Topic, normalize

__all__ = ["ImportResult", "RawEntry", "dump_yaml", "import_mush", "parse_mush", "write_files"]

_HEADER = re.compile(r"^&\s*(\S.*?)\s*$")
_NUMBERED = re.compile(r"^(.*\S) ([0-9]+)$")
_WIKI_NOISE = frozenset({"[edit]"})
#: how many see_also entries the importer writes at most per topic
MAX_SEE_ALSO = 6


@frozen
class RawEntry:
    """One entry as the MUSH file has it: its header lines and its text lines."""

    headers: tuple[str, ...]
    lines: tuple[str, ...]
    line: int


@frozen
class ImportResult:
    """The topics made from a MUSH file, and what the importer noticed or mended."""

    topics: tuple[Topic, ...]
    entries: tuple[RawEntry, ...]
    notes: tuple[str, ...] = ()
    category: str = "general"


def parse_mush(text: str) -> tuple[list[RawEntry], list[str]]:
    """Split a MUSH help file into entries. Returns the entries and notes on what was skipped."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    entries: list[RawEntry] = []
    notes: list[str] = []
    headers: list[str] = []
    body: list[str] = []
    start = 0
    preamble = dropped = 0

    def close() -> None:
        if headers:
            entries.append(RawEntry(tuple(headers), tuple(_trim(body)), start))

    for number, line in enumerate(lines, start=1):
        header = _HEADER.match(line)
        if line.strip() in _WIKI_NOISE:
            dropped += 1
        elif header and (not headers or any(x.strip() for x in body)):
            close()
            headers, body, start = [header[1]], [], number
        elif header:
            headers.append(header[1])
        elif headers:
            body.append(line.rstrip())
        elif line.strip():
            preamble += 1
    close()
    if preamble:
        notes.append(f"skipped {preamble} line(s) before the first '& ' header (page wrapper or comments)")
    if dropped:
        notes.append(f"dropped {dropped} wiki '[edit]' line(s)")
    return entries, notes


def _trim(lines: list[str]) -> list[str]:
    while lines and not lines[0].strip():
        lines = lines[1:]
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return lines


def import_mush(
    text: str,
    source: str = "",
    category: str = "general",
    category_map: Sequence[tuple[str, str]] = (),
    see_also: bool = True,
    mark_external: bool = False,
    kind: str = "rules",
) -> ImportResult:
    """Turn a MUSH help file into topics (names upper-case, text exactly as written).

    Args:
        category: the default category; ``category_map`` holds ``(pattern, category)`` pairs
            tried in order against each topic's lower-case name (``fnmatch``: ``knockback*``).
        see_also: fill each topic's see_also (its neighbouring pages, the topics its text
            points to, then other topics of its category).
        mark_external: list references that point outside this file in ``external_refs``.
        kind: which references resolve inside this file: ``rules``, ``help`` or ``news``.
    """
    entries, notes = parse_mush(text)
    named = [n for n in (_name_entry(entry, notes) for entry in entries) if n is not None]
    _mend_continuations(named, notes, kind)
    topics = []
    for number, (name, aliases, entry) in enumerate(named, start=1):
        topics.append(Topic(
            name=name.upper(), aliases=tuple(a.upper() for a in aliases), text="\n".join(entry.lines),
            category=_category(name, category, category_map), source=source, entry=number,
        ))
    topics = _set_next(topics, kind)
    catalog = Catalog(kind, topics)
    final = []
    for topic in topics:
        linked = _see_also(catalog, topic, kind) if see_also else topic.see_also
        external = topic.external_refs
        if mark_external:
            external = tuple(str(r) for r in _outside(catalog, topic, kind))
            for ref in external:
                notes.append(f"{topic.name}: {ref} is not in this file; listed in external_refs")
        final.append(attrs.evolve(topic, see_also=linked, external_refs=external))
    return ImportResult(tuple(final), tuple(entries), tuple(notes), category)


def _name_entry(entry: RawEntry, notes: list[str]) -> tuple[str, list[str], RawEntry] | None:
    headers = list(dict.fromkeys(normalize(h) for h in entry.headers))
    if not entry.lines:
        notes.append(f"line {entry.line}: '& {entry.headers[0]}' has no text; skipped")
        return None
    truncated = [h for h in headers if any(_truncates(h, o) for o in headers)]
    full = [h for h in headers if h not in truncated]
    name = full[0]
    if truncated and headers[0] in truncated:
        notes.append(f"line {entry.line}: '& {headers[0]}' looks truncated from '& {name}': "
                     f"the entry is named {name.upper()}, {headers[0].upper()} kept as an alias")
    return name, [h for h in headers if h != name], entry


def _truncates(short: str, full: str) -> bool:
    """``combat se`` truncates ``combat sfx``: a shorter header, the same words, its last word cut off."""
    if short == full or len(short) >= len(full):
        return False
    a, b = short.split(" "), full.split(" ")
    return len(a) == len(b) > 1 and a[:-1] == b[:-1] and a[-1][0] == b[-1][0]


def _mend_continuations(named: list[tuple[str, list[str], RawEntry]], notes: list[str], kind: str) -> None:
    known = {key for name, aliases, _ in named for key in (name, *aliases)}
    referred = {normalize(r.target) for _, _, e in named for r in find_references("\n".join(e.lines)) if r.kind == kind}
    for i in range(len(named) - 1):
        name, _, entry = named[i]
        for ref in find_references("\n".join(entry.lines)):
            target = normalize(ref.target)
            numbered = _NUMBERED.match(target)
            if ref.kind != kind or target in known or not numbered or numbered[1] != _base(name):
                continue
            follower, aliases, follower_entry = named[i + 1]
            if follower in referred:
                continue
            named[i + 1] = (target, [follower, *aliases], follower_entry)
            known.add(target)
            notes.append(f"line {follower_entry.line}: '& {follower}' continues {name.upper()}, whose text points to "
                         f"{ref}: named {target.upper()}, {follower.upper()} kept as an alias")


def _base(name: str) -> str:
    numbered = _NUMBERED.match(name)
    return numbered[1] if numbered else name


def _category(name: str, default: str, category_map: Sequence[tuple[str, str]]) -> str:
    for pattern, category in category_map:
        if fnmatch.fnmatchcase(name.lower(), pattern.lower()):
            return category
    return default


def _set_next(topics: list[Topic], kind: str) -> list[Topic]:
    """A page whose last reference is a numbered page other than its numbered successor names it in ``next``."""
    keys = {k for t in topics for k in t.keys}
    out = []
    for topic in topics:
        refs = [r for r in find_references(topic.text) if r.kind == kind]
        last = normalize(refs[-1].target) if refs else ""
        numbered = _NUMBERED.match(topic.key)
        successor = f"{_base(topic.key)} {int(numbered[2]) + 1}" if numbered else f"{topic.key} 2"
        if last in keys and _NUMBERED.match(last) and last != successor and last != topic.key:
            topic = attrs.evolve(topic, next=refs[-1].target.upper())
        out.append(topic)
    return out


def _see_also(catalog: Catalog, topic: Topic, kind: str) -> tuple[str, ...]:
    picks: list[Topic] = []
    for near in (catalog.previous_of(topic), catalog.next_of(topic)):
        if near is not None:
            picks.append(near)
    for ref in find_references(topic.text):
        found = catalog.get(ref.target) if ref.kind == kind else None
        if found is not None:
            picks.append(found)
    head = ([topic, *catalog.ancestors(topic)])[-1]
    siblings = [t for t in catalog.topics if catalog.is_head(t) and t.category == topic.category and t is not head]
    names: list[str] = []
    for pick in [*picks, *siblings]:
        if pick is not topic and pick.name not in names:
            names.append(pick.name)
    if not names:  # a lone topic: point to its neighbours in the file
        at = catalog.topics.index(topic)
        for near in (catalog.topics[at - 1] if at else None, catalog.topics[at + 1] if at + 1 < len(catalog.topics) else None):
            if near is not None:
                near = ([near, *catalog.ancestors(near)])[-1]
                if near is not topic and near.name not in names:
                    names.append(near.name)
    keep = max(MAX_SEE_ALSO, len(dict.fromkeys(p.name for p in picks if p is not topic)))
    return tuple(names[:keep])


def _outside(catalog: Catalog, topic: Topic, kind: str) -> list:
    refs = []
    for ref in find_references(topic.text):
        if (ref.kind != kind or catalog.get(ref.target) is None) and ref not in refs:
            refs.append(ref)
    return refs


# --- writing YAML -----------------------------------------------------------------------------
class _Dumper(yaml.SafeDumper):
    """Multi-line text as literal blocks, short lists in flow style."""


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)


def _slug(category: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", category.lower()).strip("-") or "general"


def dump_yaml(topics: Iterable[Topic], category: str, comment: str = "") -> str:
    """One help file in the documented schema: per-topic ``category`` only where it differs."""
    entries = []
    for topic in topics:
        entry: dict[str, object] = {"name": topic.name}
        for field in ("aliases", "see_also"):
            if getattr(topic, field):
                entry[field] = list(getattr(topic, field))
        if topic.category != category:
            entry["category"] = topic.category
        if topic.staff_only:
            entry["staff_only"] = True
        if topic.next:
            entry["next"] = topic.next
        if topic.external_refs:
            entry["external_refs"] = list(topic.external_refs)
        entry["text"] = topic.text + "\n"
        entries.append(entry)
    body = yaml.dump({"category": category, "topics": entries}, Dumper=_Dumper, sort_keys=False,
                     default_flow_style=None, width=1000, allow_unicode=True)
    head = "".join(f"# {line}\n" if line else "#\n" for line in comment.split("\n")) if comment else ""
    return head + body


def write_files(result: ImportResult, out: Path, split: bool, comment: str = "") -> list[Path]:
    """Write one file at ``out``, or with ``split`` one file per category in the folder ``out``."""
    if not split:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(dump_yaml(result.topics, result.category, comment), encoding="utf-8")
        return [out]
    out.mkdir(parents=True, exist_ok=True)
    groups: dict[str, list[Topic]] = {}
    for topic in result.topics:
        groups.setdefault(topic.category, []).append(topic)
    written = []
    for category, topics in groups.items():
        path = out / f"{_slug(category)}.yaml"
        path.write_text(dump_yaml(topics, category, comment), encoding="utf-8")
        written.append(path)
    return written
