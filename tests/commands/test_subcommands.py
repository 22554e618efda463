"""Subcommands on the Command head: the dispatcher routes ``+x/<switch>`` to the handler the head
names, checks the role once (a subcommand's own where it needs more), and refuses unknown switches
and two subcommands at once (docs/architecture.md, step 5)."""

from champions_mush.commands.base import Command, Role, Subcommand
from champions_mush.commands.dispatch import PERMISSION_DENIED, CommandTable, Dispatcher
from champions_mush.commands.table import build_table

from ..harness import make_world


def _world(ran: list[str]):
    def handler(name: str):
        def run(ctx, parsed):
            ran.append(name)
            ctx.reply(f"{name} ran" + (" loudly" if "loud" in parsed.switches else "") + f": {parsed.args}")
        return run

    command = Command("+zap", handler("zap"), switches=("loud",),
                      subcommands={"aim": handler("aim"), "fire": Subcommand(handler("fire"), Role.STAFF)})
    world = make_world()
    world.dispatcher = Dispatcher(CommandTable([command]))
    return world


def test_each_switch_reaches_its_own_handler_and_modifiers_pass_through():
    ran: list[str] = []
    world = _world(ran)
    alice = world.login("Alice")
    assert alice.do("+zap Bob") == ["zap ran: Bob"]
    assert alice.do("+zap/aim Bob") == ["aim ran: Bob"]
    assert alice.do("+ZAP/Loud/AIM Bob") == ["aim ran loudly: Bob"]
    assert alice.do("+zap/aim/aim Bob") == ["aim ran: Bob"]  # the same switch twice is one subcommand
    assert ran == ["zap", "aim", "aim", "aim"]


def test_a_staff_subcommand_is_refused_to_a_player_and_logged_for_staff():
    ran: list[str] = []
    world = _world(ran)
    alice = world.login("Alice")
    assert alice.do("+zap/fire Bob") == [PERMISSION_DENIED]
    assert alice.do("+zap/aim/fire Bob") == [PERMISSION_DENIED]  # the role is checked before anything else
    assert ran == [] and world.store.tail("staff", 5) == []
    gina = world.login("Gina", role=Role.STAFF)
    assert gina.do("+zap/fire Bob") == ["fire ran: Bob"]
    assert [e.data["line"] for e in world.store.tail("staff", 5)] == ["+zap/fire Bob"]
    assert gina.do("+zap/aim Bob") == ["aim ran: Bob"]  # a player's subcommand is not a staff action
    assert len(world.store.tail("staff", 5)) == 1


def test_unknown_switches_and_two_subcommands_are_refused():
    ran: list[str] = []
    world = _world(ran)
    gina = world.login("Gina", role=Role.STAFF)
    assert gina.do("+zap/nope Bob") == ["+ZAP has no /nope switch (switches: /aim, /fire, /loud)."]
    assert gina.do("+zap/aim/fire Bob") == ["Use one +zap switch at a time."]
    assert ran == []


#: (who, line, the one line they see): staff-only subcommands refused to a player, routing, refusals
_REAL = [
    *(("player", line, PERMISSION_DENIED) for line in (
        "+combat/start", "+combat/next", "+combat/end", "+stat/set Alice/STR=30", "@mail/all Hi/there",
        "+xp/award Alice=2 good", "+staff/duty on")),
    ("player", "+combat/bogus", ("+COMBAT has no /bogus switch (switches: /start, /join, /leave, /next, /hold, "
     "/abort, /move, /stand, /brace, /set, /pass, /wake, /status, /log, /block, /dodge, /escape, /release, /mode, /confirm, "
     "/undo, /adjust, /end).")),
    ("player", "+combat/status/log", "Use one +combat switch at a time."),
    ("staff", "+combat/status", "There is no fight here. Staff start one with +combat/start."),
    ("staff", "+staff/duty on", "You are on duty."),
    ("player", "+scene/start/stop Heist", "Use one +scene switch at a time."),
    ("player", "+where/hide", "You are hidden from +where (staff still see you)."),
    ("player", "+where/show", "+where shows you again."),
]


def test_the_real_table_routes_and_refuses_subcommands():
    world = make_world()
    actors = {"player": world.login("Alice"), "staff": world.login("Gina", role=Role.STAFF)}
    seen = [(who, line, actors[who].do(line)) for who, line, _ in _REAL]
    assert seen == [(who, line, [expected]) for who, line, expected in _REAL]


def test_staff_only_switches_are_declared_on_the_heads():
    """Every switch a command takes is declared on its head: a subcommand, or a modifier the
    handler reads; the staff-only ones are exactly the subcommands with a staff role."""
    table = build_table()
    combat = table.find("+combat")
    assert combat.switch_roles == {s: Role.STAFF for s in ("start", "next", "mode", "confirm", "undo", "adjust", "end")}
    assert table.find("+xp").switch_roles == {"award": Role.STAFF, "remove": Role.STAFF, "alt": Role.STAFF}
    assert table.find("@mail").switch_roles == {"all": Role.STAFF}
    for command in table.commands:
        assert set(command.subcommands) <= set(command.switches), command.key


def test_the_ruleset_on_the_head_is_checked_before_any_subcommand_runs():
    champions, ptb = make_world(), make_world(ruleset="ptb")
    alice, bob = champions.login("Alice"), ptb.login("Bob")
    assert alice.do("+ao/hit/damage 1 vs 1") == ["+AO is for AnimOuch! games; this game uses champions."]
    assert alice.do("+ptb/score attack=5") == ["+PTB is for Powers That Be games; this game uses champions."]
    assert bob.do("+power/list") == ["That command is for the Champions rules; this game uses ptb."]
    assert bob.do("+skill/remove Stealth") == ["That command is for the Champions rules; this game uses ptb."]
