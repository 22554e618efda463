"""INDEX, and RULES pointing to a command's +HELP when it has no topic of that name."""

from champions_mush.commands.base import Role

from ..harness import make_world


def _index_titles(lines):
    return [line for line in lines if line.startswith("-----") and line.strip("- ")]


def test_index_gives_the_help_rules_and_news_indexes_at_the_login_screen_and_logged_in():
    world = make_world()
    guest = world.guest()
    at_login = guest.do("index")
    assert [t.strip("- ") for t in _index_titles(at_login)] == ["+HELP", "RULES: champions", "NEWS"]
    assert "  +ATTACK      +COMBAT      +LEVELS      +PARAMEDICS  +RECOVER" in at_login
    alice = world.login("Alice")
    assert alice.do("INDEX") == at_login
    assert guest.do("index foo") == ["Usage: INDEX"]
    assert guest.do("+help +sheet")[1].startswith("+SHEET")
    assert guest.do("rules strike")[0].strip("- ") == "[CM 2.0 Rules]"


def test_rules_for_a_command_points_to_its_help():
    world = make_world()
    alice = world.login("Alice")
    assert alice.do("rules haymaker") == ["No rules topic 'haymaker'.", "It is a command: +HELP +MANEUVER explains it."]
    gina = world.login("Gina", role=Role.STAFF)  # staff read +HAYMAKER's own topic
    assert gina.do("rules +haymaker") == ["No rules topic '+haymaker'.", "It is a command: +HELP +HAYMAKER explains it."]
    assert alice.do("rules xyzzy") == ["No rules topic 'xyzzy'.", "Type RULES for the list of topics."]
