"""The help library: every help file under ``rules_data/``, loaded, reloadable, never half-broken.

Layout (docs/help-files.md): ``rules/<ruleset>/*.yaml`` are RULES topics (one catalog per
ruleset), ``help/*.yaml`` are +HELP entries, ``news/*.yaml`` are NEWS. A file with an error is
refused as a whole; if an earlier version of it loaded, that last good version keeps serving.
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Iterable
from pathlib import Path

import attrs

from ..values import frozen
from .catalog import Catalog
from .schema import parse_yaml
from .topic import Problem, Severity, Topic

__all__ = ["HELP", "NEWS", "Change", "FileResult", "HelpLibrary", "ReloadReport", "default_root"]

HELP = "help"
NEWS = "news"
RULES_PREFIX = "rules/"
#: environment variable that points the server at another rules_data folder
ROOT_ENV = "CHAMPIONS_MUSH_RULES_DATA"
_SUFFIXES = (".yaml", ".yml")


def default_root() -> Path:
    """``$CHAMPIONS_MUSH_RULES_DATA``, else the ``rules_data`` folder beside the package."""
    env = os.environ.get(ROOT_ENV)
    if env:
        return Path(env)
    import champions_mush

    return Path(champions_mush.__file__).resolve().parent.parent / "rules_data"


@frozen
class FileResult:
    """One help file as last read: its topics (empty when refused) and its problems."""

    path: str
    kind: str
    #: :func:`_change_key` of the bytes read: a reload parses again only files whose key changed
    digest: str
    topics: tuple[Topic, ...] = ()
    problems: tuple[Problem, ...] = ()

    @property
    def ok(self) -> bool:
        return not any(p.is_error for p in self.problems)


@frozen
class Change:
    """What a reload changed in one catalog, by topic name."""

    kind: str
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()


@frozen
class ReloadReport:
    """What a (re)load did: the changes, every problem found, and files kept at their last good version."""

    files: int
    topics: int
    changes: tuple[Change, ...] = ()
    problems: tuple[Problem, ...] = ()
    kept: tuple[str, ...] = ()
    refused: tuple[str, ...] = ()

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.is_error)


def _kind_of(rel: Path) -> str | None:
    parts = rel.parts
    if parts[0] == "rules" and len(parts) >= 3:
        return RULES_PREFIX + parts[1]
    if parts[0] in (HELP, NEWS) and len(parts) >= 2:
        return parts[0]
    return None


def scan(root: Path) -> tuple[dict[str, str], list[Problem]]:
    """Every help file under ``root`` (relative path -> catalog kind), and misplaced files."""
    found: dict[str, str] = {}
    problems = []
    for folder in ("rules", HELP, NEWS):
        base = root / folder
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            if not path.is_file() or path.suffix not in _SUFFIXES or path.name.startswith("."):
                continue
            rel = path.relative_to(root)
            kind = _kind_of(rel)
            if kind is None:
                problems.append(Problem(Severity.ERROR, "RULES files belong in a ruleset folder: rules/<ruleset>/",
                                        file=rel.as_posix()))
            else:
                found[rel.as_posix()] = kind
    return found, problems


class HelpLibrary:
    """Every catalog: ``rules(ruleset)``, ``help``, ``news``. Build with :meth:`load`; :meth:`reload` any time."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root) if root is not None else default_root()
        self._read: dict[str, FileResult] = {}
        self._good: dict[str, FileResult] = {}
        self.catalogs: dict[str, Catalog] = {}
        self.report = ReloadReport(files=0, topics=0)

    @classmethod
    def load(cls, root: Path | str | None = None) -> HelpLibrary:
        library = cls(root)
        library.reload()
        return library

    # --- catalogs -------------------------------------------------------------------------
    def catalog(self, kind: str) -> Catalog:
        return self.catalogs.get(kind) or Catalog(kind)

    def rules(self, ruleset: str) -> Catalog | None:
        return self.catalogs.get(RULES_PREFIX + ruleset.lower())

    @property
    def rulesets(self) -> tuple[str, ...]:
        return tuple(sorted(k[len(RULES_PREFIX):] for k in self.catalogs if k.startswith(RULES_PREFIX)))

    @property
    def help(self) -> Catalog:
        return self.catalog(HELP)

    @property
    def news(self) -> Catalog:
        return self.catalog(NEWS)

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self.report.problems

    # --- loading --------------------------------------------------------------------------
    def reload(self) -> ReloadReport:
        """Read every file again; refuse broken ones (keeping their last good version); swap in at once."""
        found, problems = scan(self.root)
        if not self.root.is_dir():
            problems.append(Problem(Severity.ERROR, f"no help folder at {self.root}"))
        read: dict[str, FileResult] = {}
        good: dict[str, FileResult] = {}
        kept, refused = [], []
        for rel, kind in found.items():
            result = self._read_file(rel, kind)
            read[rel] = result
            problems.extend(result.problems)
            if result.ok:
                good[rel] = result
            elif rel in self._good and self._good[rel].kind == kind:
                good[rel] = self._good[rel]
                kept.append(rel)
            else:
                refused.append(rel)
        catalogs = _build(good.values())
        for catalog in catalogs.values():
            catalog.warm()
        changes = tuple(_diff(self.catalogs, catalogs))
        self._read, self._good, self.catalogs = read, good, catalogs
        self.report = ReloadReport(
            files=len(good), topics=sum(len(c) for c in catalogs.values()), changes=changes,
            problems=tuple(problems), kept=tuple(kept), refused=tuple(refused),
        )
        return self.report

    def _read_file(self, rel: str, kind: str) -> FileResult:
        try:
            data = (self.root / rel).read_bytes()
        except OSError as exc:
            return FileResult(rel, kind, "", problems=(Problem(Severity.ERROR, f"cannot read: {exc.strerror}", file=rel),))
        digest = _change_key(data)
        previous = self._read.get(rel)
        if previous is not None and previous.digest == digest and previous.kind == kind:
            return previous
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            problem = Problem(Severity.ERROR, f"not UTF-8 text (byte {exc.start})", file=rel)
            return FileResult(rel, kind, digest, problems=(problem,))
        topics, problems = parse_yaml(text, rel)
        return FileResult(rel, kind, digest, tuple(topics), tuple(problems))


def _change_key(data: bytes) -> str:
    """The length and CRC-32 of a help file's bytes: enough to tell that a file an editor
    saved has changed (nothing here defends against a forger), and from ``zlib``, which the
    game's process has loaded anyway; ``hashlib`` would map OpenSSL's libcrypto into it
    (docs/performance.md, "Memory")."""
    return f"{len(data)}:{zlib.crc32(data):08x}"


def _build(results: Iterable[FileResult]) -> dict[str, Catalog]:
    grouped: dict[str, list[Topic]] = {}
    for result in sorted(results, key=lambda r: r.path):
        grouped.setdefault(result.kind, []).extend(result.topics)
    return {kind: Catalog(kind, topics) for kind, topics in sorted(grouped.items())}


def _content(topic: Topic) -> Topic:
    return attrs.evolve(topic, source="", entry=0)


def _diff(old: dict[str, Catalog], new: dict[str, Catalog]) -> Iterable[Change]:
    for kind in sorted(set(old) | set(new)):
        before = {t.key: t for t in reversed(old[kind].topics)} if kind in old else {}
        after = {t.key: t for t in reversed(new[kind].topics)} if kind in new else {}
        added = tuple(after[k].name for k in sorted(set(after) - set(before)))
        removed = tuple(before[k].name for k in sorted(set(before) - set(after)))
        changed = tuple(after[k].name for k in sorted(set(before) & set(after))
                        if _content(before[k]) != _content(after[k]))
        if added or removed or changed:
            yield Change(kind, added, removed, changed)
