"""The game's process loads Twisted without pyOpenSSL, asyncio or http.cookiejar's chain
(net/memory.py), and each stays importable: checked in a fresh interpreter, since this one
imported Twisted long ago."""

import subprocess
import sys

import pytest

pytest.importorskip("OpenSSL")

CHECK = """
import sys
from champions_mush.net.memory import load_twisted_lean
load_twisted_lean()
from twisted.internet import reactor, tcp, defer
print(sorted(m for m in sys.modules if m.split(".")[0] in ("OpenSSL", "cryptography", "asyncio", "ssl", "email")),
      tcp.Server.TLS)

async def later():
    return 7

@defer.inlineCallbacks
def waits():
    value = yield later()  # a coroutine yielded: Twisted's iscoroutine must know it
    return value + 1

seen = []
defer.ensureDeferred(later()).addCallback(seen.append)
waits().addCallback(seen.append)
print(seen)
import OpenSSL, asyncio, http.cookiejar
from twisted.internet import process
print(OpenSSL.__name__, asyncio.get_event_loop_policy().__class__.__name__, http.cookiejar.CookieJar.__name__,
      process.Process.__name__)
"""


def test_twisted_loads_lean_and_what_it_left_out_stays_importable():
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.splitlines() == [
        "[] False", "[7, 8]", "OpenSSL _UnixDefaultEventLoopPolicy CookieJar Process"]


RESUMED = """
import sys
from champions_mush import cli
try:
    cli.main(["serve", "--data-dir", sys.argv[1], "--resume", sys.argv[1] + "/no-such-state"])
except BaseException as exc:
    pass
print(sorted(m for m in sys.modules if m in ("ssl", "asyncio", "OpenSSL", "email")),
      "twisted.internet.posixbase" in sys.modules)
"""


def test_a_resumed_server_loads_as_lean_as_a_fresh_one(tmp_path):
    # serve --resume (after @reboot) imports net.reload, hence Twisted, before anything else
    out = subprocess.run([sys.executable, "-c", RESUMED, str(tmp_path)], capture_output=True, text=True,
                         timeout=60, check=True)
    assert out.stdout.splitlines()[-1] == "[] True"


BURST = """
import threading
from champions_mush.game.accounts import hash_password, verify_password
from champions_mush.net.memory import hold_hash_memory, keep_big_allocations_returnable, release_hash_memory

def rss_mb():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024

keep_big_allocations_returnable()  # as the server does, before any thread starts
stored = hash_password("stormpw12", 16384)
base = rss_mb()
hold_hash_memory()
threads = [threading.Thread(target=lambda: [verify_password("stormpw12", stored) for _ in range(3)]) for _ in range(2)]
for t in threads:
    t.start()
for t in threads:
    t.join()
held = rss_mb()
release_hash_memory()
print(round(held - base), round(rss_mb() - base))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc, /proc")
def test_a_burst_of_password_hashes_keeps_its_memory_until_it_ends_then_hands_it_back():
    """Two hash threads, three 16 MiB Argon2id checks each: their blocks stay (reused from one
    check to the next, not mapped and faulted in again) until the burst ends, then go back."""
    out = subprocess.run([sys.executable, "-c", BURST], capture_output=True, text=True, timeout=60, check=True)
    held, after = map(int, out.stdout.split())
    assert held >= 30, out.stdout  # both threads' 16 MiB still in the heap
    assert after <= 3, out.stdout  # handed back
