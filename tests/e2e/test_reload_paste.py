"""A reload while a player is pasting a file (docs/reload.md): the paste is given up and said
so, the reload goes ahead, and the player's next line is a command again."""

import pytest

from champions_mush.commands.multiline import NOTE
from champions_mush.net.reload import RESTARTING

from .helpers import serving_with_admin

pytestmark = pytest.mark.e2e


def test_a_paste_left_open_does_not_stop_a_reload(tmp_path):
    with serving_with_admin(tmp_path) as (server, ada):
        carl = server.login("Carl")
        carl.send("+sheet/import")
        carl.expect("Paste")
        carl.do("not xml yet", NOTE)
        ada.send("@reboot")
        ada.expect("Reload done in ", timeout=60)
        carl.expect("Import given up: nothing was changed.", timeout=30)
        carl.expect(RESTARTING)
        carl.do("say back again", 'You say, "back again"')
