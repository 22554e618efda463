"""The MUSH '& topic' importer, and the shipped Champions rules it produced from the seed."""

from __future__ import annotations

import io
import re
from pathlib import Path

from champions_mush.help import HelpLibrary, import_mush, parse_mush
from champions_mush.help.cli import import_help_main
from champions_mush.help.schema import parse_yaml

from .conftest import SEED, SHIPPED

#: the command that produced rules_data/rules/champions/ (docs/help-files.md shows the same)
IMPORT_ARGS = [
    "--category", "damage",
    "--map", "maneuver *=maneuvers", "--map", "combat *=combat", "--map", "knockback*=knockback",
    "--map", "end use=END", "--map", "pre attacks*=PRE attacks", "--map", "recovering*=recovery",
    "--map", "experience*=experience", "--map", "gaining xp=experience", "--map", "movement=movement",
    "--mark-external",
    "--comment", ("CM 2.0 Rules (rulebk2.rules), imported from seeds/000_4623410a2fec41ba.txt by\n"
                 "champions-mush import-help (command in docs/help-files.md). Edit freely; check-help checks it."),
]


def seed_entries(seed_text):
    """(header, exact text) for every '& ' header of the seed, read independently of the importer."""
    pairs, headers, body = [], [], []
    for line in seed_text.split("\n"):
        if line.startswith("& "):
            if body:
                pairs += [(h, "\n".join(body).strip("\n")) for h in headers]
                headers, body = [], []
            headers.append(line[2:].strip())
        elif headers:
            body.append(line)
    pairs += [(h, "\n".join(body).strip("\n")) for h in headers]
    return pairs


def test_the_seed_has_44_headers_in_41_entries(seed_text):
    entries, notes = parse_mush(seed_text)
    assert sum(len(e.headers) for e in entries) == 44
    assert len(entries) == 41
    assert notes == ["skipped 6 line(s) before the first '& ' header (page wrapper or comments)",
                     "dropped 2 wiki '[edit]' line(s)"]


def test_every_header_of_the_seed_answers_with_its_entrys_exact_text(seed_text):
    catalog = HelpLibrary.load(SHIPPED).rules("champions")
    pairs = seed_entries(seed_text)
    assert len(pairs) == 44
    for header, text in pairs:
        match = catalog.lookup(header)
        assert match.topic is not None, header
        assert match.topic.text == text, header


def test_the_seeds_defects_are_mended(seed_text):
    result = import_mush(seed_text)
    by_name = {t.name: t for t in result.topics}
    assert by_name["TAKING DAMAGE 2"].aliases == ("DAMAGE",)
    assert by_name["TAKING DAMAGE 2"].text.startswith("----------------------------- [CM 2.0 Rules] ----")
    assert by_name["COMBAT SFX"].aliases == ("COMBAT SE",)
    assert by_name["DAMAGE EFFECTS 3"].aliases == ("RECOVERING CHART",)
    assert by_name["RECOVERING 2"].aliases == ("HOLDING BREATH",)
    assert by_name["DAMAGE CLASS"].next == "DC 2"
    assert [n for n in result.notes if "continues" in n or "truncated" in n] == [
        ("line 139: '& combat se' looks truncated from '& combat sfx': the entry is named COMBAT SFX, "
        "COMBAT SE kept as an alias"),
        ("line 323: '& damage' continues TAKING DAMAGE, whose text points to RULES TAKING DAMAGE 2: "
        "named TAKING DAMAGE 2, DAMAGE kept as an alias"),
    ]


def test_references_outside_the_file_are_marked_external(seed_text):
    result = import_mush(seed_text, mark_external=True)
    external = {t.name: t.external_refs for t in result.topics if t.external_refs}
    assert external == {
        "KILLING DAMAGE": ("+HELP +KD6",),
        "GAINING XP": ("+HELP +VOTE",),
        "MOVEMENT": ("RULES POWER RUNNING", "RULES POWERS MOVEMENT", "NEWS POWERS MOVEMENT", "RULES HR MOVEMENT"),
    }


def test_the_shipped_files_are_exactly_what_the_importer_writes(tmp_path):
    err = io.StringIO()
    assert import_help_main([str(SEED), "--out", f"{tmp_path}/", *IMPORT_ARGS], err=err) == 0
    shipped = SHIPPED / "rules" / "champions"
    made = sorted(p.name for p in tmp_path.glob("*.yaml"))
    assert made == sorted(p.name for p in shipped.glob("*.yaml"))
    assert made == ["combat.yaml", "damage.yaml", "end.yaml", "experience.yaml", "knockback.yaml",
                    "maneuvers.yaml", "movement.yaml", "pre-attacks.yaml", "recovery.yaml"]
    for name in made:
        assert (tmp_path / name).read_text() == (shipped / name).read_text(), name
    assert err.getvalue().splitlines()[-1].startswith("import-help: 41 topics (44 headers) from ")


def test_every_family_has_its_category():
    catalog = HelpLibrary.load(SHIPPED).rules("champions")
    assert {c: [t.name for t in ts] for c, ts in catalog.heads().items()} == {
        "combat": ["COMBAT SFX"],
        "damage": ["ADDING DAMAGE", "DAMAGE CLASS", "DAMAGE DICE", "DAMAGE EFFECTS", "DOING DAMAGE", "DYING",
                   "KILLING DAMAGE", "NORMAL DAMAGE", "TAKING DAMAGE"],
        "END": ["END USE"],
        "experience": ["EXPERIENCE", "GAINING XP"],
        "knockback": ["KNOCKBACK"],
        "maneuvers": ["MANEUVER DIVE FOR COVER", "MANEUVER MOVE BY", "MANEUVER MOVE THROUGH",
                      "MANEUVER PULL PUNCH", "MANEUVER STRIKE"],
        "movement": ["MOVEMENT"],
        # HERO 5E revised, not the seed (rules/champions/hero5e)
        "powers": ["ADJUSTMENT POWERS", "BATTLEFIELD", "DEFENSES OF THE GENRE", "DRAIN AND AID", "EGO ATTACK",
                   "ENTANGLE", "FLASH", "MENTAL POWERS", "RETURN RATE", "SIZE"],
        "PRE attacks": ["PRE ATTACKS"],
        "recovery": ["RECOVERING"],
    }
    assert all(t.see_also for t in catalog.topics)


def test_a_pennmush_help_file_with_crlf_comments_and_alias_groups(tmp_path):
    source = (
        "Comment before any topic\r\n"
        "& help\r\n& help index\r\n"
        "This is the help index.\r\n  Indented line kept.\r\n\r\n"
        "& +who\r\n"
        "Shows who is on. See help help.\r\n"
        "& also last\r\n"
        "\r\n"
        "& last\r\n"
        "Last one.\r\n\r\n\r\n"
        "& empty\r\n\r\n"
    )
    path = tmp_path / "game.help"
    path.write_bytes(source.encode())
    out = io.StringIO()
    err = io.StringIO()
    assert import_help_main([str(path), "--kind", "help", "--category", "general", "--no-see-also"], out=out, err=err) == 0
    topics, problems = parse_yaml(out.getvalue(), "x.yaml")
    assert problems == []
    assert [(t.name, t.aliases, t.text) for t in topics] == [
        ("HELP", ("HELP INDEX",), "This is the help index.\n  Indented line kept."),
        ("+WHO", (), "Shows who is on. See help help."),
        ("ALSO LAST", ("LAST",), "Last one."),
    ]
    assert "line 15: '& empty' has no text; skipped" in err.getvalue()


def test_a_file_without_headers_or_missing_is_refused_with_a_message(tmp_path):
    empty = tmp_path / "plain.txt"
    empty.write_text("no topics here\n")
    err = io.StringIO()
    assert import_help_main([str(empty)], err=err) == 2
    assert err.getvalue() == f"import-help: no '& topic' entries found in {empty}\n"
    err = io.StringIO()
    assert import_help_main([str(tmp_path / "gone.txt")], err=err) == 2
    assert re.match(r"import-help: cannot read .*gone.txt: No such file or directory\n", err.getvalue())
    assert import_help_main([str(empty), "--map", "nonsense"], err=io.StringIO()) == 2


def test_one_output_file_when_out_is_a_yaml_path(tmp_path, seed_text):
    out = tmp_path / "deep" / "cm.yaml"
    assert import_help_main([str(SEED), "--out", str(out), "--category", "rules"], err=io.StringIO()) == 0
    topics, problems = parse_yaml(out.read_text(), "cm.yaml")
    assert problems == [] and len(topics) == 41 and {t.category for t in topics} == {"rules"}
    assert not Path(tmp_path / "deep" / "rules.yaml").exists()
