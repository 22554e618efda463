"""The game's process never loads ``_hashlib`` (OpenSSL's libcrypto, 3.3 MB resident) in normal
running: passwords are Argon2id through argon2-cffi, help files are told apart by CRC-32, the
relay's token by a plain byte compare (docs/performance.md, "Memory"). Checked in a fresh
interpreter that imports what ``champions-mush serve`` imports and then opens a game, makes a
character and logs it in, so a later import cannot quietly bring libcrypto back."""

import subprocess
import sys

CHECK = """
import sys, traceback

first = []

class Watch:  # records who imported hashlib first, for a failure that names the culprit
    def find_spec(self, name, path=None, target=None):
        if name in ("_hashlib", "hashlib", "hmac", "secrets") and not first:
            first.append((name, "".join(traceback.format_stack(limit=12)[:-1])))
        return None

sys.meta_path.insert(0, Watch())
from pathlib import Path
from champions_mush import cli
from champions_mush.net.memory import load_twisted_lean
load_twisted_lean()
import champions_mush.net.runner, champions_mush.net.relayed, champions_mush.net.reload
import champions_mush.net.server, champions_mush.net.status
import champions_mush.help.library, champions_mush.commands.table
from champions_mush.configfile import ServerConfig
from champions_mush.game.accounts import Accounts
from champions_mush.game.config import GameConfig
from champions_mush.opening import open_game
from champions_mush.commands.table import build_dispatcher

store, game = open_game(Path(sys.argv[1]), GameConfig(password_cost=16), ServerConfig())
build_dispatcher()
seen = []
accounts = Accounts.of(game)
accounts.create("Bob", "bobpass1", lambda c, e: seen.append((c.name, e)))
accounts.authenticate("127.0.0.1", "Bob", "bobpass1", lambda c, e: seen.append((c.name, e)))
accounts.authenticate("127.0.0.1", "Nobody", "bobpass1", lambda c, e: seen.append((c, e)))
store.close()
print(seen[:2], seen[2][0])
print("_hashlib" in sys.modules, first[0][0] if first else None)
if first:
    print(first[0][1])
"""


def test_the_game_runs_without_loading_libcrypto(tmp_path):
    out = subprocess.run([sys.executable, "-c", CHECK, str(tmp_path)], capture_output=True, text=True,
                         timeout=60, check=True)
    assert out.stdout.splitlines()[:2] == ["[('Bob', None), ('Bob', None)] None", "False None"], out.stdout
