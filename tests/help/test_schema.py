"""The help-file schema: a broken file gets an error naming the file, the entry and the field."""

from __future__ import annotations

import textwrap

from champions_mush.help.schema import parse_yaml
from champions_mush.help.topic import Severity, Topic


def parse(text: str, file: str = "rules/x/a.yaml"):
    return parse_yaml(textwrap.dedent(text), file)


def messages(problems):
    return [str(p) for p in problems]


def test_a_good_file_gives_frozen_topics_with_text_exactly_as_written():
    topics, problems = parse("""
        category: damage
        topics:
          - name: NORMAL   DAMAGE
            aliases: [ND]
            see_also: [NORMAL DAMAGE 2]
            text: |
              line one
                indented line two
          - name: DYING
            category: death
            staff_only: true
            next: DYING 2
            external_refs: [+HELP +HEAL]
            text: Dead.
    """)
    assert problems == []
    assert topics[0] == Topic(name="NORMAL DAMAGE", text="line one\n  indented line two", aliases=("ND",),
                              see_also=("NORMAL DAMAGE 2",), category="damage", source="rules/x/a.yaml", entry=1)
    assert (topics[1].category, topics[1].staff_only, topics[1].next, topics[1].external_refs) == (
        "death", True, "DYING 2", ("+HELP +HEAL",))


def test_a_missing_text_names_file_entry_and_field():
    topics, problems = parse("""
        topics:
          - name: KNOCKBACK
    """)
    assert topics == []
    assert messages(problems) == [
        "rules/x/a.yaml: topic 1 'KNOCKBACK': field 'text': missing or empty (the entry's text is required)"
    ]


def test_wrong_types_are_errors_for_their_field_and_only_that_entry_is_dropped():
    topics, problems = parse("""
        topics:
          - name: GOOD
            text: fine
          - name: BAD
            aliases: JUST A STRING
            staff_only: sometimes
            text: oops
    """)
    assert [t.name for t in topics] == ["GOOD"]
    assert messages(problems) == [
        "rules/x/a.yaml: topic 2 'BAD': field 'aliases': must be a list of names, e.g. [KNOCKBACK 2]",
        "rules/x/a.yaml: topic 2 'BAD': field 'staff_only': must be true or false",
    ]


def test_a_name_that_reads_as_a_switch_is_refused():
    _, problems = parse("""
        topics:
          - name: /SEARCH
            text: x
    """)
    assert messages(problems) == ["rules/x/a.yaml: topic 1 '/SEARCH': field 'name': cannot start with '/' (that reads as a switch)"]


def test_unknown_keys_are_warnings_and_the_topic_still_loads():
    topics, problems = parse("""
        categry: oops
        topics:
          - name: X
            see_aslo: [Y]
            text: x
    """)
    assert [t.name for t in topics] == ["X"]
    assert [(p.severity, str(p)) for p in problems] == [
        (Severity.WARNING, "rules/x/a.yaml: field 'categry': unknown key, ignored"),
        (Severity.WARNING, "rules/x/a.yaml: topic 1 'X': field 'see_aslo': unknown key, ignored"),
    ]


def test_yaml_syntax_errors_give_the_line():
    _, problems = parse("topics:\n  - name: [unclosed\n    text: x\n")
    assert len(problems) == 1
    assert problems[0].severity is Severity.ERROR and problems[0].line == 3
    assert str(problems[0]).startswith("rules/x/a.yaml line 3: not valid YAML")


def test_files_that_are_not_a_mapping_of_topics():
    assert messages(parse("")[1]) == ["rules/x/a.yaml: the file is empty (expected 'category' and 'topics')"]
    assert messages(parse("- a\n- b\n")[1]) == ["rules/x/a.yaml: expected a mapping with 'category' and 'topics'"]
    assert messages(parse("category: x\n")[1]) == ["rules/x/a.yaml: field 'topics': missing or not a list of topics"]
    assert messages(parse("topics:\n  - just text\n")[1]) == [
        "rules/x/a.yaml: topic 1: expected a mapping with at least 'name' and 'text'"]


def test_numbers_as_names_are_read_as_text():
    topics, problems = parse("topics:\n  - name: 1984\n    aliases: [2001]\n    text: x\n")
    assert problems == [] and (topics[0].name, topics[0].aliases) == ("1984", ("2001",))
