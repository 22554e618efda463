"""Every command's text, against the real server over TCP: an admin sends every command and
switch in the table, each with hostile text in every argument form (a fake game line, line and
paragraph separators, zero-width, bidi, ESC, invisible fillers, entity line breaks), and a staff
member who watches everything, then reads everything back, never gets a hidden character or
a line that starts like the game's (docs/reliability.md, "Every door"). A file's strings are
walked the same way in ``test_file_paste_e2e.py`` and ``tests/commands/test_file_text.py``."""

from __future__ import annotations

import re

import pytest

from champions_mush.commands.table import build_table
from tests.e2e.helpers import serving_with_admin

pytestmark = pytest.mark.e2e

#: every kind at once: each way to break a line or hide text, each followed by a fake game line
#: (text that starts like the game's own lines is the @emit rules' business: game/speech.py)
HOSTILE = ("Zp\u2028[Combat] Zq Victim is knocked out!\u2029[GM] Zr says\x85<OOC> Zs\u200b\u200d\ufeff"
           "\u202eZt\u200f\x1b[2J\x1b]0;title\x07\u3164&#10;*** Zu *** Zv\x0b[Dice] Zw\x0c[Jobs] Zx")
#: what the watcher must never get: the hostile text's hidden characters, a line starting as it does
HIDDEN = ("\u2028", "\u2029", "\u200b", "\u200d", "\ufeff", "\u202e", "\u200f", "\x1b", "\x85", "\u3164", "\r",
          "\x0b", "\x0c")
FAKE_START = re.compile(r"^\s{0,3}(?:\[Combat\] Zq|\[GM\] Zr|<OOC> Zs|\*\*\* Zu|\[Dice\] Zw|\[Jobs\] Zx)", re.MULTILINE)
#: lines that would end the walk itself, or start a paste that swallows the lines after it
NOT_WALKED = {"quit", "connect", "create", "@shutdown", "@reboot", "@boot", "@ban", "@unban", "@newpassword",
              "@password", "@destroy", "@set", "+sheet/import", "@teleport", "home"}
FORMS = ("{h}", "me={h}", "{h}={h}", "1={h}", "1/{h}={h}", "#1={h}", "{h}/{h}")
#: what the watcher reads afterwards
READ_BACK = ("look", "look Ada", "who", "+finger Ada", "+where", "+staff", "+jobs/all", "+job 1", "+job 2",
             "+scene/list", "+scene/log 1", "+bblist", "+bbread 1", "+bbread 1/1", "@mail", "@mail 1", "@mail 2",
             "+sheet Ada", "+approve", "comlist", "@clist", "pub last", "+dice/log", "+npc/list", "+combat/status",
             "+vote", "+xp Ada", "+where")


def _lines() -> list[str]:
    table = build_table()
    lines = ["addcom pub=Public", f"pub {HOSTILE}", f"pub :{HOSTILE}"]
    for command in table.commands:
        for switch in ("", *sorted(set(command.switches) | set(command.subcommands))):
            name = command.key + (f"/{switch}" if switch else "")
            if name in NOT_WALKED or command.key in NOT_WALKED:
                continue
            lines.extend(f"{name} {form.format(h=HOSTILE)}" for form in FORMS)
    return lines


def _check(seen: str) -> None:
    found = sorted({repr(mark) for mark in HIDDEN if mark in seen})
    assert not found, f"the watcher got {found}"
    fake = FAKE_START.findall(seen)
    assert not fake, f"lines starting like the game: {fake[:5]}"


def test_no_command_lets_hidden_text_or_a_fake_game_line_reach_another_player(tmp_path):
    config = "password_cost: 1024\ncommand_rate: 0\nmax_line_length: 8192\n"
    with serving_with_admin(tmp_path, config, password="adapass1") as (server, ada):
        bob = server.login("Bob")
        ada.do("@set Bob=staff", "Bob is now staff")
        bob.do("addcom pub=Public", "Public")
        bob.do("+client/charset utf-8", "\n")  # the watcher reads UTF-8: nothing is folded to ASCII for him
        bob.text = ""
        lines = _lines()
        assert len(lines) > 1000
        for line in lines:
            ada.send(line)
        ada.do("say walk done", 'You say, "walk done"')
        seen = bob.expect('Ada says, "walk done"', timeout=120)
        for line in READ_BACK:
            bob.send(line)
        seen += bob.do("say read done", 'You say, "read done"')
        _check(seen)
        assert 'Ada says, "Zp [Combat] Zq Victim is knocked out! [GM] Zr says<OOC> ZsZt&#10;*** Zu *** Zv[Dice] Zw[Jobs] Zx"' in seen
