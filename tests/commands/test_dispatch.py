"""The dispatcher: parsing, the one permission check, switches, and the guard."""

from champions_mush.commands import login
from champions_mush.commands.base import Command, CommandError, Role, parse_command
from champions_mush.commands.dispatch import HUH, PERMISSION_DENIED, CommandTable, Dispatcher
from champions_mush.commands.table import FAMILIES, build_table

from ..harness import make_world


def test_parse_switches_and_equals():
    p = parse_command("+ND6/Private/quiet 8=Energy Blast at Viper")
    assert (p.name, p.switches, p.lhs, p.rhs) == ("+nd6", ("private", "quiet"), "8", "Energy Blast at Viper")
    assert p.args == "8=Energy Blast at Viper"


def test_parse_without_equals_has_no_rhs():
    p = parse_command("say hello = world")
    assert p.rhs == "world" and p.lhs == "hello"
    q = parse_command("look")
    assert (q.name, q.args, q.lhs, q.rhs) == ("look", "", "", None)


def test_parse_prefixes():
    assert parse_command('"Hi there').name == "say"
    assert parse_command('"Hi there').args == "Hi there"
    assert parse_command(":grins.").args == "grins."
    assert parse_command(";'s cape flutters").args == "'s cape flutters"
    assert parse_command("'brb").name == "+ooc"


def _world_with(*commands):
    world = make_world()
    world.dispatcher = Dispatcher(CommandTable(commands))
    return world


def test_player_refused_staff_command_and_nothing_runs():
    ran = []
    world = _world_with(Command("+zap", lambda ctx, p: ran.append(p), role=Role.STAFF))
    alice = world.login("Alice")
    assert alice.do("+zap Bob") == [PERMISSION_DENIED]
    assert ran == []
    gm = world.login("Gina", role=Role.STAFF)
    gm.do("+zap Bob")
    assert len(ran) == 1
    assert world.store.tail("staff", 5)[-1].data["line"] == "+zap Bob"


def test_unknown_switch_is_refused():
    world = _world_with(Command("+x", lambda ctx, p: ctx.reply("ran"), switches=("a",)))
    alice = world.login("Alice")
    assert alice.do("+x/b") == ["+X has no /b switch (switches: /a)."]
    assert alice.do("+x/a") == ["ran"]


def test_guard_turns_errors_into_short_messages():
    def boom(ctx, p):
        raise RuntimeError("internal detail")

    def usage(ctx, p):
        raise CommandError("Usage: +u <n>")

    world = _world_with(Command("+boom", boom), Command("+u", usage))
    world.crashes_allowed = True  # this test looks at the guard itself
    alice = world.login("Alice")
    out = alice.do("+boom")
    assert out == ["Something went wrong with that command. It has been logged for staff."]
    assert alice.do("+u") == ["Usage: +u <n>"]


def test_unknown_command_and_guest():
    world = _world_with()
    alice = world.login("Alice")
    assert alice.do("xyzzy") == [HUH]
    guest = world.guest()
    assert guest.do("say hi")[0].startswith("You are not connected")


def test_full_table_builds_without_name_clashes():
    table = build_table()
    names = [n for c in table.commands for n in c.names]
    assert len(names) == len({n.lower() for n in names})
    assert login in FAMILIES


def test_error_messages_are_plain_text_escaped_once_by_the_guard():
    """``<here|me|#room|name>`` once reached players as ``<heree|#roomame>``: markup read it."""
    world = make_world()
    gm = world.login("Gina", role=Role.STAFF)
    assert gm.do("+heal Gina=lots") == ["Usage: +HEAL <name>=<stun|body|end> <amount>"]
    assert gm.do("+client/colour purple") == ["Usage: +client/colour <none|16|256|truecolour|auto>"]


def test_a_command_of_another_ruleset_is_refused_by_its_head():
    world = make_world(ruleset="ptb")
    alice = world.login("Alice")
    assert alice.do("+kd6 3") == ["That command is for the Champions rules; this game uses ptb."]
    assert world.login("Gina", role=Role.STAFF).do("+damage Alice=10 5") == [
        "That command is for the Champions rules; this game uses ptb."]
    assert alice.do("+damage Alice=10 5") == ["Permission denied."]  # the role is checked first


def test_a_crash_injected_into_a_handler_fails_the_test_not_just_the_player():
    """With a ZeroDivisionError injected into the +kb parser, every +kb test once still passed
    (they only checked the line did not start with [GM]). The harness now fails on the guard's
    apology, so such a test cannot pass."""
    import pytest

    from champions_mush.commands import gm

    from ..harness import HandlerCrashed

    world = make_world()
    gina = world.login("Gina", role=Role.STAFF)
    world.login("Ox")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(gm, "parse_kb_options", lambda *args: 1 / 0)
        with pytest.raises(HandlerCrashed, match="'\\+kb Ox=5' crashed its handler"):
            gina.do("+kb Ox=5")
        world.crashes_allowed = True
        assert gina.do("+kb Ox=5") == ["Something went wrong with that command. It has been logged for staff."]


def test_a_crash_building_a_usage_answer_is_caught_by_the_guard():
    import pytest

    from champions_mush.commands import dispatch

    world = make_world()
    alice = world.login("Alice")
    assert alice.do("+nd6") == ["Usage: +ND6 <dice>[=<note>]"]
    world.crashes_allowed = True
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dispatch, "usage_message", lambda *args, **kw: 1 / 0)
        assert alice.do("+nd6") == ["Something went wrong with that command. It has been logged for staff."]
