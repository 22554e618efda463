"""HelpLibrary: loading every file under rules_data/, reloading, and keeping the last good topics."""

from __future__ import annotations

from champions_mush.help import Change, HelpLibrary

from .conftest import write


def test_every_folder_becomes_its_catalog(tiny_root):
    library = HelpLibrary.load(tiny_root)
    assert library.rulesets == ("test",)
    assert [t.name for t in library.rules("test").topics] == ["KNOCKBACK", "KNOCKBACK 2", "KNOCK", "PRE ATTACKS", "MOVEMENT"]
    assert [t.name for t in library.help.topics] == ["+ND6", "@SECRET"]
    assert [t.name for t in library.news.topics] == ["WELCOME"]
    assert library.rules("nope") is None
    assert library.report.errors == ()
    assert (library.report.files, library.report.topics) == (3, 8)


def test_a_broken_file_keeps_serving_its_last_good_version(tiny_root):
    library = HelpLibrary.load(tiny_root)
    write(tiny_root, "rules/test/combat.yaml", """
        topics:
          - name: KNOCKBACK
            aliases: not-a-list
            text: changed
    """)
    report = library.reload()
    assert report.kept == ("rules/test/combat.yaml",)
    assert [str(p) for p in report.errors] == [
        "rules/test/combat.yaml: topic 1 'KNOCKBACK': field 'aliases': must be a list of names, e.g. [KNOCKBACK 2]"
    ]
    assert library.rules("test").lookup("knockback").topic.text == "Knockback page one.\nFor more information see RULES KNOCKBACK 2"
    assert report.changes == ()


def test_a_broken_new_file_is_refused_and_the_rest_loads(tiny_root):
    write(tiny_root, "news/broken.yaml", "topics: [\n")
    library = HelpLibrary.load(tiny_root)
    assert library.report.refused == ("news/broken.yaml",)
    assert [t.name for t in library.news.topics] == ["WELCOME"]


def test_reload_reports_added_changed_and_removed_topics(tiny_root):
    library = HelpLibrary.load(tiny_root)
    write(tiny_root, "news/news.yaml", """
        topics:
          - name: WELCOME
            text: Hello again.
          - name: EVENTS
            text: Tonight.
    """)
    (tiny_root / "help" / "basic.yaml").unlink()
    report = library.reload()
    assert report.changes == (
        Change("help", removed=("+ND6", "@SECRET")),
        Change("news", added=("EVENTS",), changed=("WELCOME",)),
    )
    assert library.news.lookup("events").topic.text == "Tonight."
    assert library.help.lookup("+nd6").topic is None


def test_files_outside_a_ruleset_folder_are_errors(tiny_root):
    write(tiny_root, "rules/loose.yaml", "topics: []\n")
    library = HelpLibrary.load(tiny_root)
    assert [str(p) for p in library.report.errors] == ["rules/loose.yaml: RULES files belong in a ruleset folder: rules/<ruleset>/"]


def test_a_missing_root_is_an_error_not_a_crash(tmp_path):
    library = HelpLibrary.load(tmp_path / "nowhere")
    assert library.catalogs == {}
    assert len(library.report.errors) == 1
    assert library.help.lookup("anything").topic is None


def test_an_edit_of_the_same_length_is_reloaded_and_an_unchanged_file_is_not_parsed_again(tiny_root):
    write(tiny_root, "news/news.yaml", "topics:\n  - name: WELCOME\n    text: Hello, heroes.\n")
    library = HelpLibrary.load(tiny_root)
    first = library._read["news/news.yaml"]
    write(tiny_root, "news/news.yaml", "topics:\n  - name: WELCOME\n    text: Hello, Heroes.\n")
    report = library.reload()
    assert report.changes == (Change("news", changed=("WELCOME",)),)
    assert library.news.lookup("welcome").topic.text == "Hello, Heroes."
    second = library._read["news/news.yaml"]
    assert second.digest != first.digest
    library.reload()
    assert library._read["news/news.yaml"] is second  # the same bytes: the last result, not parsed again
