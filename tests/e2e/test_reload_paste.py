"""A reload while a player is pasting a file (docs/reload.md): the paste is carried over whole,
the reload goes ahead, and the rest of the file goes on into the same paste; none of it is
ever run as commands (docs/reliability.md, "Every door")."""

from pathlib import Path

import pytest

from champions_mush.commands.multiline import NOTE
from champions_mush.net.reload import RESTARTING

from .helpers import serving_with_admin

pytestmark = pytest.mark.e2e

DATA = Path(__file__).parents[1] / "game" / "data" / "hdc"


def test_a_paste_left_open_does_not_stop_a_reload(tmp_path):
    with serving_with_admin(tmp_path) as (server, ada):
        carl = server.login("Carl")
        carl.send("+sheet/import")
        carl.expect("Paste")
        carl.do("not xml yet", NOTE)
        ada.send("@reboot")
        ada.expect("Reload done in ", timeout=60)
        carl.expect(RESTARTING)
        carl.do(".abort", "Import given up: nothing was changed.")
        carl.do("say back again", 'You say, "back again"')


def test_a_paste_goes_on_across_a_reload_and_none_of_it_runs_as_commands(tmp_path):
    lines = (DATA / "characteristics_5e_simple.hdc").read_text("utf-8").splitlines()
    lines.insert(5, "@doing pasted before")  # text inside the file that would be commands
    lines.insert(len(lines) - 3, "@doing pasted after")
    with serving_with_admin(tmp_path) as (server, ada):
        carl = server.login("Carl")
        carl.send("+sheet/import")
        carl.expect("Paste")
        half = len(lines) // 2
        carl.sock.sendall("".join(line + "\r\n" for line in lines[:half]).encode())
        carl.expect(NOTE)  # the first line that is not XML, so the paste has been read to there
        ada.send("@reboot")
        ada.expect("Reload done in ", timeout=60)
        carl.expect(RESTARTING)
        carl.sock.sendall("".join(line + "\r\n" for line in lines[half:]).encode() + b".\r\n")
        carl.expect("Imported '5e superhero simple' from Hero Designer: 0 items.", timeout=30)
        carl.do("say after", 'You say, "after"')
        assert "Huh?" not in carl.text
        carl.send("WHO")
        seen = carl.expect("connected.")
        assert "pasted" not in seen
