"""check-help: dangling references and alias collisions fail; others' missing +HELP only warns."""

from __future__ import annotations

import io

from champions_mush.help import HelpLibrary, Severity, check
from champions_mush.help.cli import check_help_main
from champions_mush.help.refs import Reference, find_references

from .conftest import write


def run(root, *args):
    out = io.StringIO()
    status = check_help_main(["--root", str(root), "--no-commands", *args], out=out)
    return status, out.getvalue().splitlines()


def _first_two_lines_of_a_failure(root):
    """check-help over ``root`` fails (status 1): the first two lines it prints."""
    status, lines = run(root)
    assert status == 1
    return lines[:2]


def test_the_shipped_files_pass():
    out = io.StringIO()
    assert check_help_main([], out=out) == 0, out.getvalue()


def test_the_tiny_library_is_clean(tiny_root):
    assert run(tiny_root) == (0, [f"check-help: 8 topics in 3 files under {tiny_root}; 0 errors, 0 warnings, 0 notes"])


def test_a_planted_dangling_reference_fails(tiny_root):
    write(tiny_root, "rules/test/extra.yaml", """
        topics:
          - name: FALLING
            see_also: [FLYING]
            text: Falling hurts; see RULES LANDING GEAR for the rest.
    """)
    assert _first_two_lines_of_a_failure(tiny_root) == [
        "ERROR: rules/test/extra.yaml: topic 1 'FALLING': field 'text': RULES LANDING GEAR does not exist (dangling reference)",
        "ERROR: rules/test/extra.yaml: topic 1 'FALLING': field 'see_also': 'FLYING' is not a topic here",
    ]


def test_a_planted_alias_collision_fails(tiny_root):
    write(tiny_root, "rules/test/extra.yaml", """
        topics:
          - name: STRIKE
            aliases: [PRESENCE, KNOCK]
            text: Hit it.
    """)
    assert _first_two_lines_of_a_failure(tiny_root) == [
        ("ERROR: rules/test/extra.yaml: topic 1 'STRIKE': field 'aliases': alias 'PRESENCE' collides with the alias of "
        "rules/test/combat.yaml: topic 4 'PRE ATTACKS'"),
        ("ERROR: rules/test/extra.yaml: topic 1 'STRIKE': field 'aliases': alias 'KNOCK' collides with the name of "
        "rules/test/combat.yaml: topic 3 'KNOCK'"),
    ]


def test_a_duplicate_name_is_unreachable(tiny_root):
    write(tiny_root, "rules/test/zz.yaml", "topics:\n  - name: movement\n    text: again\n")
    assert _first_two_lines_of_a_failure(tiny_root) == [
        ("ERROR: rules/test/zz.yaml: topic 1 'movement': field 'name': the name is already used by "
        "rules/test/combat.yaml: topic 5 'MOVEMENT'; only the first is reachable"),
        ("ERROR: rules/test/zz.yaml: topic 1 'movement': field 'name': no input reaches this topic "
        "(its name and aliases lead elsewhere)"),
    ]


def test_an_unwritten_help_topic_only_warns_unless_strict(tiny_root):
    write(tiny_root, "rules/test/extra.yaml", """
        topics:
          - name: ROLLING
            text: Use +HELP +ROLL to roll, and NEWS DICE POLICY.
    """)
    status, lines = run(tiny_root)
    assert status == 0
    assert lines[:2] == [
        ("warning: rules/test/extra.yaml: topic 1 'ROLLING': field 'text': +HELP +ROLL is not in our files (yet): "
        "write it or list it in external_refs"),
        "warning: rules/test/extra.yaml: topic 1 'ROLLING': field 'text': NEWS DICE POLICY does not exist",
    ]
    assert run(tiny_root, "--strict")[0] == 1


def test_references_marked_external_are_notes(tiny_root):
    write(tiny_root, "rules/test/extra.yaml", """
        topics:
          - name: RUNNING
            external_refs: [RULES POWER RUNNING]
            text: See RULES POWER RUNNING.
    """)
    status, lines = run(tiny_root, "--strict")
    assert status == 0
    assert lines[0] == ("note: rules/test/extra.yaml: topic 1 'RUNNING': field 'text': RULES POWER RUNNING points "
                        "outside our files (listed in external_refs)")


def test_help_and_news_problems_are_warnings(tiny_root):
    write(tiny_root, "help/more.yaml", "topics:\n  - name: +ND6\n    text: again\n    see_also: [NOPE]\n")
    library = HelpLibrary.load(tiny_root)
    assert {p.severity for p in check(library)} == {Severity.WARNING}


def test_a_public_topic_pointing_at_a_staff_topic_warns(tiny_root):
    write(tiny_root, "news/more.yaml", "topics:\n  - name: STAFF\n    text: Staff read +HELP @SECRET.\n")
    problems = check(HelpLibrary.load(tiny_root))
    assert [str(p) for p in problems] == [
        "news/more.yaml: topic 1 'STAFF': field 'text': +HELP @SECRET is staff-only: players cannot read it"]


def test_a_command_without_help_is_an_error(tiny_root):
    problems = check(HelpLibrary.load(tiny_root), commands=[("+nd6", "+nd6"), ("+kd6", "+kd6")])
    assert [str(p) for p in problems] == [
        "help/basic.yaml: topic 1 '+ND6': field 'usage': no usage line for the command '+nd6' (write one starting with +nd6)",
        "help/: command '+kd6' has no +HELP entry '+KD6'"]
    assert [p.severity for p in problems] == [Severity.ERROR, Severity.ERROR]  # check-help exits 1, not a warning


def test_references_are_found_across_line_breaks_and_not_in_prose():
    text = "(See NEWS POWERS\nMOVEMENT and also RULES HR MOVEMENT for details). The rules say\n" \
           "type RULES <topic>, or RULES/search wall; See +HELP +KD6."
    assert find_references(text) == [
        Reference("news", "POWERS MOVEMENT"), Reference("rules", "HR MOVEMENT"), Reference("help", "+KD6")]
