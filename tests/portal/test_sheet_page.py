"""The sheet on the character page equals ``+sheet`` figure for figure, for every Hero
Designer file we keep (tests/game/data/hdc, the files of shared/hdc): each characteristic's
value, points and roll; each item's number, Real Cost, END and text, in its section with the
section's points; and the points line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from champions_mush.game.roles import Role

from ..harness import make_world
from .helpers import Browser, PortalSite, set_password, tables

HDC = Path(__file__).parents[1] / "game" / "data" / "hdc"
_SECTION = re.compile(r"^-- (?P<title>.+) \((?P<points>-?\d+) points\) -+$")


def _sheet(path: Path):
    world = make_world()
    alice = world.login("Alice")
    alice.width = 120
    alice.do("+sheet/import")
    for line in path.read_text("utf-8").splitlines():
        alice.do(line)
    assert alice.do(".")[1].startswith("Imported")
    return world, alice.do("+sheet")


def _characteristics(lines: list[str]) -> list[list[str]]:
    """(name, value, points, roll) from +sheet's characteristics table."""
    start = next(i for i, line in enumerate(lines) if line.startswith("Char  Val"))
    found = []
    for line in lines[start + 2:]:
        if line.startswith("--"):
            break
        cells = re.findall(r"(\w+)\s+(\d+\"?)\s+(-?\d+)\s*(\d+-)?", line)
        found.extend([name, value, points, roll] for name, value, points, roll in cells)
    return found


def _sections(lines: list[str]) -> list[dict]:
    """Each section: title, points, and its items (number, Real Cost, text, END) read by column."""
    sections, columns = [], None
    for line in lines:
        head = _SECTION.match(line)
        if head:
            sections.append({"title": head["title"], "points": head["points"], "items": []})
            columns = None
        elif sections and columns is None and re.match(r"#\s+Cost\s", line):
            columns = (line.index("Cost"), line.index("Cost") + 6, line.rindex("END"))
        elif sections and columns and line.startswith("#") and not line.startswith("---"):
            cost, text, end = columns
            sections[-1]["items"].append([line[:cost].strip(), line[cost:text].strip(), line[text:end].strip(),
                                          line[end:].strip()])
        elif sections and columns and line.startswith(" ") and sections[-1]["items"]:
            item = sections[-1]["items"][-1]
            item[2] = f"{item[2]} {line[columns[1]:columns[2]].strip()}"
            item[3] = item[3] or line[columns[2]:].strip()
        elif line.startswith("-" * 20):
            columns = None
    return sections


@pytest.mark.parametrize("path", sorted(HDC.glob("*.hdc")), ids=lambda p: p.name)
def test_the_sheet_page_equals_plus_sheet(path):
    world, lines = _sheet(path)
    set_password(world, "Gina", "secret12")
    world.login("Gina", role=Role.STAFF)
    gina = Browser(PortalSite(world))
    gina.login("Gina", "secret12")
    page = gina.get("/characters/Alice")
    assert page.status == 200
    found = tables(page)
    names = {"Run": "RUNNING", "Swim": "SWIMMING", "Leap": "LEAPING"}
    expected = [[names.get(n, n), v, p, r] for n, v, p, r in _characteristics(lines)]
    assert found["characteristics"]["rows"][1:] == expected
    sections = _sections(lines)
    shown = [t for key, t in found.items() if key.startswith("section-")]
    assert [t["caption"] for t in shown] == [f"{s['title']} ({s['points']} points)" for s in sections]
    for table, section in zip(shown, sections):
        rows = [[number, real, " ".join(text.replace("\u21b3", "").split()), end]
                for number, _active, real, text, end in table["rows"][1:]]
        want = [[n, real, " ".join(text.removesuffix(" (?)").split()) + (" (? the engine cannot price this yet: kept at "
                                                                          "the file's points)" if text.endswith("(?)") else ""), end]
                for n, real, text, end in section["items"]]
        assert rows == want, section["title"]
    points = next(line for line in lines if line.startswith("Points: "))
    assert points in page.main
