"""The game's process loads Twisted without pyOpenSSL (net/memory.py): checked in a fresh
interpreter, since this one imported Twisted long ago."""

import subprocess
import sys

import pytest

pytest.importorskip("OpenSSL")

CHECK = """
import sys
from champions_mush.net.memory import load_tcp_without_tls
load_tcp_without_tls()
from twisted.internet import reactor, tcp
print(sorted(m for m in sys.modules if m.split(".")[0] in ("OpenSSL", "cryptography")), tcp.Server.TLS)
import OpenSSL
print(OpenSSL.__name__)
"""


def test_twisted_loads_without_pyopenssl_which_stays_importable():
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.splitlines() == ["[] False", "OpenSSL"]
