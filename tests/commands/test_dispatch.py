"""The dispatcher: parsing, the one permission check, switches, and the guard."""

from champions_mush.commands.base import Command, CommandError, Role, parse_command
from champions_mush.commands.dispatch import HUH, PERMISSION_DENIED, CommandTable, Dispatcher
from champions_mush.commands import login
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
    assert len(names) == len(set(n.lower() for n in names))
    assert login in FAMILIES
