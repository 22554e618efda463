"""A client that stops reading while others flood its room (docs/reliability.md).

The server holds at most ``max_output_buffer`` bytes for it, then drops it; its memory stays
bounded and the players who do read keep getting their lines.
"""

from __future__ import annotations

import time

import pytest

from tests.e2e.helpers import Server

from .helpers import raw_login, rss_kb, wait_until, who_count

pytestmark = pytest.mark.e2e

CAP = 65_536
CONFIG = f"password_cost: 1024\ncommand_rate: 0\nconnects_per_minute: 0\nmax_output_buffer: {CAP}\n"
LINE = "x" * 3_900  # each say sends about 4 KB to everyone in the room
SAYS = 8_000  # about 32 MB for the sleeper: far beyond the cap plus the kernel's buffers
BATCH = 10  # 40 KB a batch: the readers never have more than the cap unread


def _expect(client, needle: str) -> None:
    """``client.expect`` without quoting megabytes of x in the failure message."""
    try:
        client.expect(needle, timeout=20)
    except AssertionError:
        raise AssertionError(f"never got {needle!r}; last output {client.text[-120:]!r}") from None


def test_a_client_that_never_reads_is_dropped_and_others_are_unaffected(tmp_path):
    with Server(tmp_path, CONFIG) as server:
        sleeper = raw_login(server.port, "create Sleepy secret1", rcvbuf=4096)
        alice = server.login("Alice")
        bob = server.login("Bob")
        rss_before = rss_kb(server.proc.pid)

        started = time.monotonic()
        for first in range(0, SAYS, BATCH):
            for n in range(first, first + BATCH):
                alice.send(f"say {n} {LINE}")
            last = first + BATCH - 1
            _expect(alice, f'You say, "{last} ')  # Alice and Bob read everything
            _expect(bob, f'Alice says, "{last} ')
        flood_s = time.monotonic() - started
        rss_growth_kb = rss_kb(server.proc.pid) - rss_before
        print(f"flood {flood_s:.2f} s, server RSS grew {rss_growth_kb} KiB")  # shown with -s

        # The sleeper was dropped, and the server says why.
        assert wait_until(lambda: who_count(server) == 2), "Sleepy is still connected"
        log = (tmp_path / "logs" / "server.log").read_text()
        assert "bytes of output unread" in log
        # Memory: the 32 MB the sleeper never read was not kept. The server grows some 16 MB
        # anyway (allocator arenas after rendering 64 MB for the two readers), so the bound is
        # three quarters of what keeping the sleeper's output would add.
        assert rss_growth_kb < 24 * 1024, f"server grew {rss_growth_kb} KiB"
        # The readers kept pace: 8,000 says of 4 KB to three people in well under the time a
        # stalled server would take, and one more round trip is immediate.
        assert flood_s < 60
        t0 = time.monotonic()
        bob.do("say still here", 'You say, "still here"')
        assert time.monotonic() - t0 < 1.0
        sleeper.close()
