"""Keeping the server's memory returnable to the OS (glibc only; nothing elsewhere).

Password hashing (scrypt) allocates 16 MiB blocks on the hash threads; without these, glibc
keeps them in its heap after a login burst (docs/performance.md, "Memory with 1,000 clients").
"""

from __future__ import annotations

import sys

__all__ = ["MMAP_THRESHOLD", "keep_big_allocations_returnable", "load_tcp_without_tls", "release_free_memory"]

#: glibc's mallopt parameter number for the mmap threshold (malloc.h: M_MMAP_THRESHOLD).
_M_MMAP_THRESHOLD = -3
#: Allocations this big or bigger get their own mmap, returned to the OS when freed. Fixing it
#: stops glibc from raising the threshold after scrypt's 16 MiB blocks are freed, which would
#: otherwise keep every later password hash's memory in the heap for good.
MMAP_THRESHOLD = 1 << 20


def _libc():  # noqa: ANN202 - the C library, or None where there is no glibc
    try:
        import ctypes

        return ctypes.CDLL("libc.so.6")
    except OSError:
        return None


_LIBC = _libc()


def keep_big_allocations_returnable() -> None:
    """Set a fixed mmap threshold."""
    mallopt = getattr(_LIBC, "mallopt", None)
    if mallopt is not None:
        mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)


def release_free_memory() -> None:
    """Hand memory freed since the last sweep back to the OS (glibc ``malloc_trim``)."""
    trim = getattr(_LIBC, "malloc_trim", None)
    if trim is not None:
        trim(0)


def load_tcp_without_tls() -> None:
    """Import Twisted's reactor base and TCP support without pyOpenSSL, in the game's process only.

    The game never speaks TLS itself (the relay process does, net/relay.py), but
    ``twisted.internet.posixbase`` and ``.tcp`` import pyOpenSSL and ``cryptography`` whenever
    they are installed: about 13 MB resident for nothing (docs/performance.md, "Fan-out per turn").
    pyOpenSSL is hidden while they load (so this process has no ``listenSSL``), then
    importable again as usual.
    """
    if "twisted.internet.posixbase" in sys.modules or "OpenSSL" in sys.modules:
        return
    sys.modules["OpenSSL"] = None  # type: ignore[assignment] - makes ``import OpenSSL`` fail
    try:
        import twisted.internet.posixbase  # noqa: F401
        import twisted.internet.tcp  # noqa: F401
    finally:
        del sys.modules["OpenSSL"]
