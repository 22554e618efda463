"""What the game's process never uses at startup stays unloaded until its first use
(docs/architecture.md, "Loaded at first use"), and loads at its first use: checked in a fresh
interpreter, since this one has imported everything long ago."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: What ``champions-mush serve`` imports before it listens (cli.py, net/runner.py).
STARTUP = """
import sys, types
from champions_mush.net.memory import load_twisted_lean
load_twisted_lean()
import champions_mush.cli, champions_mush.logfiles, champions_mush.net.runner, champions_mush.opening
from champions_mush.commands.table import build_dispatcher
build_dispatcher()
import champions_mush.net.server, champions_mush.net.reload, champions_mush.net.status
import champions_mush.net.relayed  # serve imports it to ask whether the relay should start

def loaded(name):
    # one waiting for its first use (net/memory.py) is LazyLoader's own type, or a stand-in (no spec)
    module = sys.modules.get(name)
    return type(module) is types.ModuleType and module.__spec__ is not None

print(sorted(name for name in sys.argv[1:] if loaded(name)))
"""

#: Loaded only by a Hero Designer paste (+sheet/import) or ``import-hdc``.
HERO_DESIGNER = ["champions_mush.game.hdc", "defusedxml", "pyexpat", "xml.etree.ElementTree", "_elementtree"]
#: Loaded only by a PTB or AnimOuch! game's first +ptb or +ao (``rules.ptb`` itself and its
#: ``scores`` do load: the game's settings check ``ptb_roll_method`` against its roll methods).
OTHER_RULESETS = ["champions_mush.commands.ptb_actions", "champions_mush.commands.animouch_actions",
                  "champions_mush.rules.animouch", "champions_mush.rules.ptb.combat",
                  "champions_mush.rules.ptb.initiative", "champions_mush.rules.ptb.maneuvers",
                  "champions_mush.rules.ptb.weapons", "champions_mush.rules.ptb.wrestling"]
#: Loaded only at the process's first fight command (commands/fight.py's ``Later`` handlers): the
#: fight's handlers and text, the engine, its record of actions and the rules only it uses.
FIGHT = ["champions_mush.commands.combat", "champions_mush.commands.attack", "champions_mush.commands.gm",
         "champions_mush.commands.fight_text", "champions_mush.commands.fight_record", "champions_mush.game.combat",
         "champions_mush.game.attacks", "champions_mush.game.harm", "champions_mush.game.journal",
         "champions_mush.game.adjusting", "champions_mush.game.lasting_effects", "champions_mush.rules.champions.maneuvers",
         "champions_mush.rules.champions.speed"]
#: Loaded only by check-help and import-help, by a reload, or (subprocess) when the relay starts for
#: TLS or the web client (net/relayed.py start_relay).
TOOLS = ["champions_mush.help.checker", "champions_mush.help.importer", "subprocess", "pickle", "_pickle"]
#: Loaded only when the config turns the metrics page or the server's own backups on.
OPS = ["prometheus_client", "champions_mush.net.metrics", "champions_mush.net.backup_schedule"]
#: Loaded only by a backup (backups.py) or building the Mudlet package (net/mudlet.py reads its
#: files by path: docs/performance.md, "Memory with 1,000 connected, again").
FILES = ["tempfile", "importlib.resources"]
#: What Twisted imports for names the game never calls (net/memory.py, _FORWARDED).
TWISTED_UNUSED = ["html", "html.entities", "twisted.logger._json", "uuid", "_uuid"]


def _loaded_at_startup(names: list[str]) -> list[str]:
    out = subprocess.run([sys.executable, "-c", STARTUP, *names], capture_output=True, text=True, timeout=60,
                         check=True, cwd=ROOT)
    return out.stdout.splitlines()


def test_serve_loads_none_of_what_only_a_rare_command_needs():
    assert _loaded_at_startup(HERO_DESIGNER + OTHER_RULESETS + FIGHT + TOOLS + OPS + FILES + TWISTED_UNUSED) == ["[]"]


#: A PTB and an AnimOuch! game's first command, through the table's lazy handlers (commands/base.py
#: ``Later``); the dice are the worked examples' (tests/commands/test_ptb_commands.py, _animouch_).
FIRST_USE = """
import sys
from champions_mush.rules.dice import FixedRoller
from tests.harness import make_world

def first(ruleset, faces, line):
    world = make_world(roller=FixedRoller(faces), ruleset=ruleset)
    player, watcher = world.login("AttackO"), world.login("Defender")
    loaded = f"champions_mush.commands.{ruleset}_actions" in sys.modules
    player.do(line)
    print(loaded, player.lines == watcher.lines, player.lines)

first("ptb", (17,), "+ptb/attack 30 vs 30 passive heavy str 20=giant mallet")
first("animouch", (1, 4), "+ao 10=hide in the park")
"""


def test_the_first_command_of_a_ptb_and_an_animouch_game_loads_its_handlers():
    out = subprocess.run([sys.executable, "-c", FIRST_USE], capture_output=True, text=True, timeout=60,
                         check=True, cwd=ROOT)
    assert out.stdout.splitlines() == [
        ("False True ['[PTB] AttackO rolls an attack of 30 vs Dodge Resist 30 (passive 15) for \"giant mallet\": "
        "17 vs 15: hits by 2; Heavy x1 1/2 = 3 + 5 = 8 damage [r1]']"),
        "False True ['[AO] AttackO rolls 2D6 vs 10 for \"hide in the park\": 5 (1 4): skill shot [r1]']",
    ]


#: A fight in a fresh process: its first +attack loads the engine and answers as ever; the dice:
#: 3d6 to hit (9), 4d6 STR 20 Strike (5 5 5 5: 20 STUN, 4 BODY), 2d6 Knockback (2 2).
FIRST_FIGHT = """
import sys
from champions_mush.commands.base import Role
from champions_mush.rules.dice import FixedRoller
from tests.harness import make_world

world = make_world(roller=FixedRoller([3, 3, 3, 5, 5, 5, 5, 2, 2]))
gina, star, psi = world.login("Gina", role=Role.STAFF), world.login("Starfire"), world.login("Psiana")
star.do("+stat STR=20")
star.do("+stat DEX=23")
star.do("+sheet")
before = "champions_mush.game.combat" in sys.modules
for line in ("+combat/start", "+combat/join Starfire", "+combat/join Psiana", "+combat/next"):
    gina.do(line)
star.clear()
print(before, "champions_mush.commands.attack" in sys.modules, star.do("+attack Psiana=strike")[:4])
"""


def test_a_fight_in_a_fresh_process_loads_the_engine_at_its_first_command():
    out = subprocess.run([sys.executable, "-c", FIRST_FIGHT], capture_output=True, text=True, timeout=60,
                         check=True, cwd=ROOT)
    assert out.stdout.splitlines() == [
        ("False False ['[Combat] Starfire Strikes Psiana (Strike): OCV 8 vs DCV 3: 16 or less, rolls 9 (3 3 3): hits; "
        "hits DCV 10 or less.', '  4d6 normal: 20 STUN, 4 BODY (5 5 5 5). Psiana takes 18 STUN and 2 BODY (20 STUN - "
        "2 PD, 4 BODY - 2 PD): Stunned. Now STUN 2, BODY 8.', '  KB 4 BODY - 4 (2 2): knocked down. Psiana is knocked "
        "down. Lying on the ground: 1/2 DCV; standing up takes a 1/2 Phase.', '  Starfire spends 2 END (2 for STR 20): "
        "END 18. [r6]']")]


#: A module put off with ``load_at_first_use`` (net/memory.py): imported, it is still waiting;
#: its first attribute loads it, for everyone who holds it and for every later import.
STAND_IN = """
import sys
from champions_mush.net.memory import load_at_first_use
load_at_first_use("pickle")
import pickle
waiting = pickle.__spec__ is None and "_pickle" not in sys.modules
data = pickle.dumps({"STUN": 12}, protocol=pickle.HIGHEST_PROTOCOL)
from pickle import loads
import pickle as again
print(waiting, loads(data), again.__spec__.name, sys.modules["pickle"] is again, pickle.Pickler is again.Pickler)
"""


def test_a_module_put_off_loads_at_its_first_use():
    out = subprocess.run([sys.executable, "-c", STAND_IN], capture_output=True, text=True, timeout=60,
                         check=True, cwd=ROOT)
    assert out.stdout.splitlines() == ["True {'STUN': 12} pickle True True"]


#: After Twisted loads, what it took from a stand-in still works, and the real modules import.
FORWARDED = """
import sys
from champions_mush.net.memory import load_twisted_lean
load_twisted_lean()
from twisted.python import compat
import twisted.logger
before = sorted(m for m in ("html", "uuid", "twisted.logger._json") if m in sys.modules)
event = twisted.logger.eventFromJSON(twisted.logger.eventAsJSON({"log_format": "{n} STUN", "n": 12}))
import html, uuid
print(before, twisted.logger.formatEvent(event), html.escape("<b>"), html.unescape("&eacute;"), uuid.UUID(int=1).int)
"""


def test_what_twisted_took_from_a_stand_in_still_works():
    out = subprocess.run([sys.executable, "-c", FORWARDED], capture_output=True, text=True, timeout=60,
                         check=True, cwd=ROOT)
    assert out.stdout.splitlines() == ["[] 12 STUN &lt;b&gt; \u00e9 1"]
