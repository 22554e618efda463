"""The impersonation attacks against the real server over TCP, as a plain telnet client (no
CHARSET: the server sends ASCII) sees them (docs/reliability.md, "Impersonation")."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import Server

pytestmark = pytest.mark.e2e

CONFIG = "password_cost: 1024\nconnects_per_minute: 0\n"


def test_impersonation_attacks_over_telnet(tmp_path):
    with Server(tmp_path, CONFIG) as server:
        ada = server.login("Ada")
        mallory = server.login("Mallory")
        ada.expect("Mallory has connected.")
        guest = server.client()
        guest.expect("QUIT")
        assert "Names cannot hold 'says': the game uses it in its own lines." in guest.do(
            'create "Ada says" secret1', "its own lines.")
        assert "An @emit cannot start with another character's name (Ada)." in mallory.do(
            '@emit Ａｄａ says, "I give up."', "(Ada).")
        assert "An @emit cannot start like a game message" in mallory.do(
            "@emit \u200b［GM］ Ada takes 40 STUN", "Name: ...).")
        mallory.do("say one\u2028[GM] two", 'You say, "one [GM] two"')
        heard = ada.expect('Mallory says, "one [GM] two"\n')
        assert "Ada says" not in heard and "Ada takes" not in heard
        mallory.do("@emit The crowd parts for Ada.", "[Mallory] The crowd parts for Ada.")
        ada.expect("[Mallory] The crowd parts for Ada.")
