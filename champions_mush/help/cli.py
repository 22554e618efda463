"""``champions-mush import-help`` and ``champions-mush check-help`` (docs/help-files.md).

``champions_mush/cli.py`` calls :func:`import_help_main` and :func:`check_help_main` with the
arguments after the sub-command; both return the process exit status.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from .checker import check
from .importer import dump_yaml, import_mush, write_files
from .library import HelpLibrary, default_root
from .schema import parse_yaml
from .topic import Severity

__all__ = ["check_help_main", "import_help_main"]

_LABEL = {Severity.ERROR: "ERROR", Severity.WARNING: "warning", Severity.NOTE: "note"}


def _import_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="champions-mush import-help",
        description="Convert a MUSH help file ('& topic' format: .rules, .help, news) to YAML topic files.",
    )
    parser.add_argument("file", type=Path, help="the MUSH help file (a wiki page wrapper around it is skipped)")
    parser.add_argument("--out", help="the YAML file to write, or a folder (ending in /) for one file per "
                                      "category; default: print the YAML")
    parser.add_argument("--category", default="general", help="the category of topics no --map matches")
    parser.add_argument("--map", action="append", default=[], metavar="PATTERN=CATEGORY",
                        help="topics whose lower-case name matches PATTERN (fnmatch, e.g. 'knockback*') get "
                             "CATEGORY; tried in order; repeatable")
    parser.add_argument("--kind", choices=("rules", "help", "news"), default="rules",
                        help="what the file is: decides which references point inside it (default rules)")
    parser.add_argument("--mark-external", action="store_true",
                        help="list references that point outside the file in each topic's external_refs")
    parser.add_argument("--no-see-also", action="store_true", help="leave see_also empty")
    parser.add_argument("--comment", default="", help="a comment written at the top of each file")
    return parser


def import_help_main(argv: Sequence[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run ``import-help``. Returns 0, or 2 when the file cannot be read or holds no topics."""
    out, err = out or sys.stdout, err or sys.stderr
    args = _import_parser().parse_args(list(argv))
    category_map = []
    for item in args.map:
        pattern, eq, category = item.partition("=")
        if not eq or not pattern.strip() or not category.strip():
            print(f"import-help: --map wants PATTERN=CATEGORY, not {item!r}", file=err)
            return 2
        category_map.append((pattern.strip(), category.strip()))
    try:
        text = args.file.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        print(f"import-help: cannot read {args.file}: {exc.strerror}", file=err)
        return 2
    result = import_mush(text, source=args.file.name, category=args.category, category_map=category_map,
                         see_also=not args.no_see_also, mark_external=args.mark_external, kind=args.kind)
    if not result.topics:
        print(f"import-help: no '& topic' entries found in {args.file}", file=err)
        return 2
    for note in result.notes:
        print(f"import-help: {note}", file=err)
    headers = sum(len(e.headers) for e in result.entries)
    if args.out is None:
        out.write(dump_yaml(result.topics, result.category, args.comment))
        written = []
    else:
        target = Path(args.out)
        written = write_files(result, target, split=args.out.endswith("/") or target.is_dir(), comment=args.comment)
    for path in written:
        _, problems = parse_yaml(path.read_text(encoding="utf-8"), str(path))
        for problem in problems:
            print(f"import-help: {problem}", file=err)
    where = ", ".join(str(p) for p in written) or "standard output"
    print(f"import-help: {len(result.topics)} topics ({headers} headers) from {args.file} -> {where}", file=err)
    return 0


def _check_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="champions-mush check-help",
        description="Check every help file: schema, cross-references, alias collisions, unreachable topics.",
    )
    parser.add_argument("--root", type=Path, default=None, help="the rules_data folder (default: the game's)")
    parser.add_argument("--strict", action="store_true", help="warnings count as errors")
    parser.add_argument("--no-commands", action="store_true",
                        help="do not check that every command of the server has a +HELP entry")
    parser.add_argument("-q", "--quiet", action="store_true", help="print errors only")
    return parser


def _commands() -> tuple[list[tuple[str, str, tuple[str, ...], tuple[str, ...]]], str | None]:
    try:
        from ..commands.base import PREFIXES, Role
        from ..commands.table import build_table

        table = build_table()
    except Exception as exc:  # noqa: BLE001 - reported, the help files are still checked
        return [], f"could not read the command table ({type(exc).__name__}: {exc})"
    return [(c.key, c.help_topic, (*c.names, *(p for p, key in PREFIXES.items() if key == c.key)),
             tuple(s for s, role in c.switch_roles.items() if role >= Role.STAFF))
            for c in table.commands], None


def check_help_main(argv: Sequence[str], out: TextIO | None = None) -> int:
    """Run ``check-help``: print every problem; return 1 when there are errors, else 0."""
    out = out or sys.stdout
    args = _check_parser().parse_args(list(argv))
    library = HelpLibrary.load(args.root or default_root())
    commands, trouble = ([], None) if args.no_commands else _commands()
    problems = check(library, strict=args.strict, commands=commands)
    if trouble:
        print(f"error: {trouble}", file=out)
    for problem in problems:
        if not args.quiet or problem.is_error:
            print(f"{_LABEL[problem.severity]}: {problem}", file=out)
    counts = {s: sum(p.severity is s for p in problems) for s in Severity}
    report = library.report
    print(
        f"check-help: {report.topics} topics in {report.files} files under {library.root}; "
        f"{counts[Severity.ERROR]} errors, {counts[Severity.WARNING]} warnings, {counts[Severity.NOTE]} notes",
        file=out,
    )
    return 1 if counts[Severity.ERROR] or trouble else 0


if __name__ == "__main__":  # pragma: no cover - ``python -m champions_mush.help.cli check|import ...``
    command, *rest = sys.argv[1:] or ["check"]
    sys.exit(import_help_main(rest) if command == "import" else check_help_main(rest))
