"""Usage said once: the +HELP topic's ``usage:`` lines are what +HELP shows and what a wrong
argument answers (docs/help-files.md, "Usage lines"); check-help fails a command without them."""

from __future__ import annotations

import functools
import io
import re
from pathlib import Path

import pytest
import yaml

from champions_mush.commands.base import PREFIXES, Command, UsageError, parse_command
from champions_mush.commands.dispatch import CommandTable, Dispatcher
from champions_mush.commands.table import build_table
from champions_mush.commands.usage import usage_message
from champions_mush.help import HelpLibrary, Severity, check
from champions_mush.help import cli as help_cli
from champions_mush.help.library import default_root
from champions_mush.help.usage import Usage, choose, parse_usage, render_usage

from ..harness import Role, make_world
from .conftest import write


@functools.cache
def _yaml_forms() -> dict[str, list[str]]:
    """Every topic's usage forms, read straight from the YAML files (not through our loader),
    by each of its names and aliases in lower case."""
    forms: dict[str, list[str]] = {}
    for path in sorted((Path(default_root()) / "help").glob("*.yaml")):
        for topic in yaml.safe_load(path.read_text(encoding="utf-8"))["topics"]:
            found = [re.split(r" {2,}", line.strip(), maxsplit=1)[0] for line in topic.get("usage", [])]
            for name in [topic["name"], *topic.get("aliases", [])]:
                forms[" ".join(str(name).split()).lower()] = found
    return forms


def _names(command: Command) -> tuple[str, ...]:
    return (*command.names, *(p for p, key in PREFIXES.items() if key == command.key))


@pytest.fixture(scope="module")
def one_world():
    return make_world()


def _staff_forms(command: Command) -> list[str]:
    """The forms of the staff-only topics of ``command``'s switches, straight from the YAML."""
    forms = _yaml_forms()
    return [f for s in command.switches for f in forms.get(f"{command.key}/{s}", [])]


@pytest.mark.parametrize("staff", [False, True], ids=["player", "staff"])
@pytest.mark.parametrize("command", build_table().commands, ids=lambda c: c.key)
def test_every_commands_usage_error_is_its_own_yaml_usage_lines(one_world, command, staff):
    world = one_world
    parsed = parse_command(command.key)
    text = usage_message(world.game, command, parsed, UsageError(), staff=staff)
    forms = _yaml_forms()[command.help_topic.lower()] + (_staff_forms(command) if staff else [])
    lines = text.split("\n")
    assert lines[0].startswith("Usage: ")
    shown = [lines[0][len("Usage: "):], *(line[len("       "):] for line in lines[1:])]
    assert shown and all(form in forms for form in shown), (text, forms)
    assert all(form.lower().startswith(tuple(n.lower() for n in _names(command))) for form in shown)


#: what players and staff type, and exactly what comes back (the forms are the YAML's)
CASES = [
    (Role.PLAYER, "+nd6", ["Usage: +ND6 <dice>[=<note>]"]),
    (Role.PLAYER, "+nd6/kb x", ["'x' is not an amount of dice (try 10, 4 1/2 or 1d6+1). Usage: +ND6/KB <dice>"]),
    (Role.PLAYER, "+kd6 x",
     ["'x' is not an amount of dice (try 10, 4 1/2 or 1d6+1). Usage: +KD6 <dice> [isnm <n>|x<n>][=<note>]"]),
    (Role.PLAYER, "+kd6/6e/loc", ["Usage: +KD6/6E <dice> [isnm <n>]", "       +KD6/LOC <dice>"]),
    (Role.PLAYER, "+roll/private", ["Usage: +ROLL <number>", "       +ROLL <characteristic>", "       +ROLL <skill>",
                                    "       +ROLL <...> +/-<n>", "       +ROLL <name>/<skill or characteristic>"]),
    (Role.STAFF, "@describe", ["Usage: @describe here=<text>", "       @describe #<room>=<text>",
                               "       @describe me=<text>", "       @describe <character>=<text>"]),
    (Role.PLAYER, "+attack", ["Usage: +ATTACK <target>=<maneuver> [options]",
                              "       +ATTACK <target>=<power> [maneuver] [options]"]),
    (Role.STAFF, "+combat/adjust Alice",
     ["Usage: +COMBAT/ADJUST <name>=<stun|body|end> <value>",
      "       +COMBAT/ADJUST <name>=<prone|stunned|recovering|awed|cowed|stabilized> <on|off>"]),
    (Role.PLAYER, "@mail =x/y", ["Usage: @mail <names>=<subject>/<message>"]),
    (Role.PLAYER, "@mail/forward 1", ["Usage: @mail/fwd <number>=<names>"]),
    (Role.PLAYER, ";", ["Usage: ;<text>"]),
    (Role.PLAYER, "+colour purple", ["Usage: +colour on|off  (colour is on for you now)"]),
    (Role.PLAYER, "+client/color purple", ["Usage: +client/colour <none|16|256|truecolour|auto>"]),
    (Role.STAFF, "+job/close x", ["Usage: +job/close <number>[=<text>]"]),
    (Role.STAFF, "+heal Alice=lots", ["Usage: +HEAL <name>=<stun|body|end> <amount>"]),
    (Role.PLAYER, "rules/search", ["Usage: RULES/SEARCH <words>"]),
]


#: the player forms of +COMBAT (no switch typed, none without one: all of them), then staff's
_COMBAT_PLAYER = ["+COMBAT/JOIN [<name>]", "+COMBAT/LEAVE [<name>]", "+COMBAT/STATUS [<name>]", "+COMBAT/LOG [<fight number>]",
                  "+COMBAT/MOVE <inches>", "+COMBAT/STAND", "+COMBAT/BRACE", "+COMBAT/SET", "+COMBAT/HOLD",
                  "+COMBAT/PASS", "+COMBAT/WAKE <Knocked Out character>", "+COMBAT/BLOCK [<martial block>]",
                  "+COMBAT/DODGE [<martial dodge>]", "+COMBAT/ESCAPE [<martial escape>]", "+COMBAT/RELEASE [<name>]",
                  "+COMBAT/ABORT [dodge|block|dive <inches>]", "+COMBAT/ABORT <name>=martial block|martial dodge"]
_COMBAT_STAFF = [*_COMBAT_PLAYER[:5], "+COMBAT/MOVE <name>=<inches>", *_COMBAT_PLAYER[5:13],
                 "+COMBAT/BLOCK <name>=[<maneuver>]", *_COMBAT_PLAYER[13:],
                 "+COMBAT/ABORT <name>[=<action>]",
                 "+COMBAT/START", "+COMBAT/NEXT", "+COMBAT/MODE auto|confirm", "+COMBAT/CONFIRM", "+COMBAT/UNDO",
                 "+COMBAT/ADJUST <name>=<stun|body|end> <value>",
                 "+COMBAT/ADJUST <name>=<prone|stunned|recovering|awed|cowed|stabilized> <on|off>", "+COMBAT/END"]


def _reply(forms: list[str]) -> list[str]:
    return [f"Usage: {forms[0]}", *(f"       {f}" for f in forms[1:])]


#: a staff form (``staff:`` in the YAML, or a staff-only topic) only for staff; a stray ``=``
#: never picks the form of a switch nobody typed
ROLE_CASES = [
    *((role, line, _reply(_COMBAT_PLAYER if role is Role.PLAYER else _COMBAT_STAFF))
      for line in ("+combat", "+combat =", "+combat zzz=", "+combat =zzz", "+combat 1/2/3=a/b")
      for role in (Role.PLAYER, Role.STAFF)),
    (Role.PLAYER, "@mail/read", ["Usage: @mail/read <list>"]),
    (Role.STAFF, "@mail/read", ["Usage: @mail/read <list>"]),
    (Role.PLAYER, "+combat/move zzz", ["Usage: +COMBAT/MOVE <inches>"]),
    (Role.STAFF, "+combat/move zzz", ["Usage: +COMBAT/MOVE <inches>", "       +COMBAT/MOVE <name>=<inches>"]),
    (Role.PLAYER, "+combat/move Viper=zz", ["Usage: +COMBAT/MOVE <inches>"]),
    (Role.STAFF, "+combat/move Viper=zz", ["Usage: +COMBAT/MOVE <name>=<inches>"]),
    (Role.STAFF, "+xp/award", ["Usage: +XP/AWARD <name>=<amount> <reason>"]),
]


@pytest.mark.parametrize(("role", "line", "expected"), ROLE_CASES,
                         ids=[f"{c[0].name.lower()}:{c[1]}" for c in ROLE_CASES])
def test_the_forms_shown_suit_the_readers_role(role, line, expected):
    world = make_world()
    typist = world.login("Gina", role=role)
    assert typist.do(line) == expected


@pytest.mark.parametrize(("role", "line", "expected"), CASES, ids=[c[1] for c in CASES])
def test_a_wrong_argument_answers_the_forms_of_the_switch_typed(role, line, expected):
    world = make_world()
    world.login("Alice")
    typist = world.login("Gina", role=role)
    assert typist.do(line) == expected


def test_the_usage_lines_are_the_top_of_the_help_topic():
    world = make_world()
    alice = world.login("Alice")
    assert alice.do("+help +nd6")[:7] == [
        "------------------------------- [+HELP] -------------------------------",
        "+ND6 <dice>[=<note>]    roll normal damage: the faces, STUN and BODY",
        "+ND6/KB <dice>          also roll Knockback from the BODY rolled",
        "+ND6/LOC <dice>         also roll a hit location (optional rule)",
        "+ND6/PRIVATE <dice>     shown only to you and to staff",
        "Switches combine: +nd6/kb/loc 10",
        "",
    ]


def test_a_narrow_window_puts_each_text_under_its_form():
    usages = [parse_usage("+ND6 <dice>[=<note>]  roll normal damage"), parse_usage("+ND6/KB <dice>  and Knockback")]
    assert render_usage(usages, 30) == ["+ND6 <dice>[=<note>]", "    roll normal damage", "+ND6/KB <dice>",
                                        "    and Knockback"]
    assert render_usage([parse_usage("On your own Phase:"), parse_usage("+COMBAT/SET  a full Phase")], 78) == [
        "On your own Phase:", "+COMBAT/SET             a full Phase"]


def test_choosing_forms():
    forms = [parse_usage(line) for line in (
        "+HIT <ocv> <dcv>  roll", "+HIT <target>  from the sheet", "+HIT/PRIVATE ...  only to you")]
    assert choose(forms, ["+hit"]) == forms[:2]
    assert choose(forms, ["+hit"], typed=["private"]) == forms[:2]  # "..." says: the other forms, privately
    mail = [parse_usage(line) for line in ("@mail <names>=<subject>/<message>", "@mail <list>", "@mail/fwd <n>=<names>")]
    assert choose(mail, ["@mail", "mail"], equals=True) == [Usage("@mail <names>=<subject>/<message>")]
    assert choose(mail, ["@mail"], typed=["forward"], switch="fwd") == [Usage("@mail/fwd <n>=<names>")]
    assert choose(mail, ["+bb"]) == []  # "+bb" never claims "+bbread"-like forms of another command
    combat = [parse_usage(line) for line in ("+C/JOIN  join", "+C/ABORT <n>[=<a>]  staff: for someone else")]
    assert choose(combat, ["+c"], equals=True) == combat[:1]  # a stray "=" picks no switch's form
    assert choose(combat, ["+c"], equals=True, staff=True) == combat
    assert choose(combat, ["+c"], typed=["abort"]) == combat[:1]  # a player never sees the staff form
    assert choose(combat, ["+c"], typed=["abort"], equals=True, staff=True) == combat[1:]


def test_a_command_whose_topic_has_no_usage_gets_a_pointer_not_a_crash():
    def cmd_frob(ctx, parsed):
        raise UsageError()

    world = make_world()
    world.dispatcher = Dispatcher(CommandTable([Command("+frob", cmd_frob, help="exits")]))
    alice = world.login("Alice")
    assert alice.do("+frob") == ["Usage: see +HELP EXITS."]


def test_check_help_fails_a_made_up_command_without_usage(monkeypatch):
    real, trouble = help_cli._commands()
    assert trouble is None
    monkeypatch.setattr(help_cli, "_commands", lambda: ([*real, ("+frob", "exits", ("+frob",))], None))
    out = io.StringIO()
    assert help_cli.check_help_main(["-q"], out=out) == 1
    assert out.getvalue().splitlines()[0] == (
        "ERROR: help/social.yaml: topic 13 'EXITS': field 'usage': no usage line for the command '+frob' "
        "(write one starting with +frob)")


def test_a_usage_line_of_no_command_of_the_topic_is_an_error(tiny_root):
    write(tiny_root, "help/more.yaml", """
        topics:
          - name: +FROB
            usage: ['+frob <n>  frob n times', '+nd6 <dice>  not a command of this topic']
            text: Frobbing.
    """)
    problems = check(HelpLibrary.load(tiny_root), commands=[("+frob", "+frob")])
    assert [(p.severity, str(p)) for p in problems] == [
        (Severity.ERROR, ("help/more.yaml: topic 1 '+FROB': field 'usage': usage line '+nd6 <dice>  not a command of "
                         "this topic' is not a form of a command whose +HELP topic this is"))]


def test_a_form_of_a_staff_switch_without_the_staff_mark_is_an_error(tiny_root):
    write(tiny_root, "help/more.yaml", """
        topics:
          - name: +FROB
            usage: ['+frob <n>  frob n times', '+frob/all <n>  everyone', '+frob/wipe  staff: wipe all frobs']
            text: Frobbing.
    """)
    problems = check(HelpLibrary.load(tiny_root), commands=[("+frob", "+frob", ("+frob",), ("all", "wipe"))])
    assert [(p.severity, str(p)) for p in problems] == [
        (Severity.ERROR, ("help/more.yaml: topic 1 '+FROB': field 'usage': usage line '+frob/all <n>  everyone' is a "
                         "form of a staff-only switch: begin its text with 'staff:'"))]


def test_usage_must_be_a_list_of_lines(tiny_root):
    write(tiny_root, "help/more.yaml", """
        topics:
          - name: +FROB
            usage: +frob <n>
            text: Frobbing.
    """)
    assert [str(p) for p in HelpLibrary.load(tiny_root).report.errors] == [
        ("help/more.yaml: topic 1 '+FROB': field 'usage': must be a list of one-line texts, "
        "e.g. ['+D6 <n>[=<note>]  roll n dice']")]


def test_help_search_reads_the_usage_lines():
    world = make_world()
    alice = world.login("Alice")
    assert alice.do("+help/search replyall") == [
        "Help topics mentioning 'replyall' (best first):",
        "  @MAIL: @mail/replyall <number>=<message>  answer everyone it went to"]


def test_the_game_layer_refuses_in_sentences_not_in_copies_of_usage_lines():
    world = make_world()
    alice = world.login("Alice")
    assert alice.do('@mail ""=Hi/there') == ["Name at least one character to mail."]


def test_a_channel_alias_with_nothing_after_it_points_to_its_help():
    world = make_world()
    alice = world.login("Alice")
    alice.do("addcom pub=Public")
    assert alice.do("pub") == ["Say something after 'pub' (+HELP CHANNELS lists what an alias does)."]
