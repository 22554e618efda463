"""A command flood from one client is throttled without slowing anyone else (docs/reliability.md).

Runs with the default limits (10 commands a second, a burst of 30), as a live game would.
"""

from __future__ import annotations

import re
import time

import pytest

from tests.e2e.helpers import Server

from .helpers import raw_login

pytestmark = pytest.mark.e2e

CONFIG = "password_cost: 1024\nconnects_per_minute: 0\n"
RATE, BURST = 10, 30
FLOOD = 2_000


def test_a_flooding_client_is_throttled_and_the_room_stays_quick(tmp_path):
    with Server(tmp_path, CONFIG) as server:
        calm = server.login("Calm")
        flooder = raw_login(server.port, "create Flood secret1")
        calm.expect("Flood has connected.")
        started = time.monotonic()
        flooder.sendall(b"".join(b"say flood %d\r\n" % n for n in range(FLOOD)))

        worst = 0.0
        for n in range(5):  # Calm talks while the flood is being refused
            t0 = time.monotonic()
            calm.do(f"say calm {n}", f'You say, "calm {n}"')
            worst = max(worst, time.monotonic() - t0)
            time.sleep(0.1)
        elapsed = time.monotonic() - started

        flooder.settimeout(2.0)
        heard = b""
        try:
            while True:
                chunk = flooder.recv(65536)
                if not chunk:
                    break
                heard += chunk
        except TimeoutError:
            pass
        text = heard.decode("utf-8", "replace")
        echoed = len(re.findall(r'You say, "flood \d+"', text))
        allowed = BURST + RATE * (elapsed + 2.5) + 1
        print(f"{echoed} of {FLOOD} ran in {elapsed:.2f} s; Calm's worst round trip {worst * 1000:.1f} ms")
        assert "You are sending commands too fast" in text
        assert 0 < echoed <= allowed, f"{echoed} of {FLOOD} flood lines ran, at most {allowed} allowed"
        assert worst < 0.5, f"Calm waited {worst:.3f} s for a say during the flood"
        flooder.close()
