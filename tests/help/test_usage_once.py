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


@pytest.mark.parametrize("command", build_table().commands, ids=lambda c: c.key)
def test_every_commands_usage_error_is_its_own_yaml_usage_lines(one_world, command):
    world = one_world
    parsed = parse_command(command.key)
    text = usage_message(world.game, command, parsed, UsageError())
    forms = _yaml_forms()[command.help_topic.lower()]
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
                                    "       +ROLL <...> +/-<n>"]),
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


def test_a_command_whose_topic_has_no_usage_gets_a_pointer_not_a_crash():
    def cmd_frob(ctx, parsed):  # noqa: ANN001, ANN202
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
        (Severity.ERROR, "help/more.yaml: topic 1 '+FROB': field 'usage': usage line '+nd6 <dice>  not a command of "
                         "this topic' is not a form of a command whose +HELP topic this is")]


def test_usage_must_be_a_list_of_lines(tiny_root):
    write(tiny_root, "help/more.yaml", """
        topics:
          - name: +FROB
            usage: +frob <n>
            text: Frobbing.
    """)
    assert [str(p) for p in HelpLibrary.load(tiny_root).report.errors] == [
        "help/more.yaml: topic 1 '+FROB': field 'usage': must be a list of one-line texts, "
        "e.g. ['+D6 <n>[=<note>]  roll n dice']"]


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
