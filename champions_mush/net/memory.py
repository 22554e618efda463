"""The game's process kept small: Twisted loaded without what the game never uses, and freed
memory handed back to the OS (glibc only; nothing elsewhere).

Password hashing (Argon2id) allocates 16 MiB blocks on the hash threads; without the fixed mmap
threshold, glibc keeps them in its heap after a login burst (docs/performance.md, "Memory").
While a burst runs they are kept from one hash to the next, and handed back when it ends
(docs/performance.md, "Reconnect storms").
"""

from __future__ import annotations

import collections.abc
import gc
import importlib.util
import linecache
import sys
import threading
import types

__all__ = ["MMAP_THRESHOLD", "hold_hash_memory", "keep_big_allocations_returnable", "load_at_first_use",
           "load_twisted_lean", "release_free_memory", "release_hash_memory", "release_startup_memory"]

#: glibc's mallopt parameter numbers (malloc.h: M_TRIM_THRESHOLD, M_MMAP_THRESHOLD, M_ARENA_MAX).
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
_M_ARENA_MAX = -8
#: glibc's own trim threshold (malloc.c: DEFAULT_TRIM_THRESHOLD), put back when a burst ends.
_TRIM_THRESHOLD = 128 * 1024
#: While password hashes run: blocks under this come from the heap (glibc's highest allowed mmap
#: threshold on 64-bit), and the heap's free top is kept up to twice that, so each hash reuses
#: the memory the one before it freed. A fresh mmap per hash cost 16 MiB of page faults and
#: zeroing, about 6 ms of kernel time a hash on this machine: 3 s of both cores in a storm of 500.
HASH_BURST_THRESHOLD = 32 << 20
#: Allocations this big or bigger get their own mmap, returned to the OS when freed. Fixing it
#: stops glibc from raising the threshold after a password hash's 16 MiB blocks are freed, which would
#: otherwise keep every later password hash's memory in the heap for good.
MMAP_THRESHOLD = 1 << 20


def _libc():  # the C library, or None where there is no glibc
    try:
        import ctypes

        return ctypes.CDLL("libc.so.6")
    except OSError:
        return None


_LIBC = _libc()


_held = False


def keep_big_allocations_returnable() -> None:
    """Set a fixed mmap threshold, and one malloc arena for every thread (called before any
    thread starts): ``malloc_trim`` hands back the free memory of the main arena only, so the
    hash threads' blocks kept through a burst (:func:`hold_hash_memory`) must live there."""
    mallopt = getattr(_LIBC, "mallopt", None)
    if mallopt is not None:
        mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)
        mallopt(_M_ARENA_MAX, 1)


def hold_hash_memory() -> None:
    """A burst of password hashes begins (``Game.hold_memory``): their blocks stay in the heap
    from one hash to the next, until :func:`release_hash_memory`."""
    global _held
    mallopt = getattr(_LIBC, "mallopt", None)
    if mallopt is not None and not _held:
        _held = True
        mallopt(_M_MMAP_THRESHOLD, HASH_BURST_THRESHOLD)
        mallopt(_M_TRIM_THRESHOLD, 2 * HASH_BURST_THRESHOLD)


def release_hash_memory() -> None:
    """The last password hash queued is done (``Game.release_memory``): the fixed thresholds
    back, and the burst's memory handed back to the OS at once."""
    global _held
    mallopt = getattr(_LIBC, "mallopt", None)
    if mallopt is not None and _held:
        _held = False
        mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)
        mallopt(_M_TRIM_THRESHOLD, _TRIM_THRESHOLD)
    release_free_memory()


def release_free_memory() -> None:
    """Hand freed memory back to the OS (glibc ``malloc_trim``): at each sweep, and when a burst
    of password hashes ends (:func:`release_hash_memory`)."""
    trim = getattr(_LIBC, "malloc_trim", None)
    if trim is not None:
        trim(0)


def load_twisted_lean(tls: bool = False) -> None:
    """Import Twisted's reactor base and TCP support with only what the game's process uses
    (and the relay's: net/relay.py; ``tls`` keeps pyOpenSSL for its TLS listener).

    While they load (docs/performance.md, "Memory"):

    - pyOpenSSL is hidden: ``twisted.internet.posixbase`` and ``.tcp`` import it and
      ``cryptography`` whenever they are installed (13 MB resident); the game never speaks TLS
      itself, the relay process does (net/relay.py), so this process has no ``listenSSL``;
    - ``asyncio`` is a stand-in: ``twisted.internet.defer`` takes three names from it for
      asyncio interplay the game never uses, and the real package brings ``ssl``,
      ``subprocess`` and ``concurrent.futures`` (about 2 MB);
    - ``http.cookiejar`` is lazy (loaded on first use): ``twisted.python.compat`` imports it
      for an old alias, and with it ``urllib.request``, ``http.client`` and ``email``
      (about 2 MB); so are Twisted's UDP, Unix socket and child process support (1 MB), which
      load when first used;
    - ``pickle`` waits for its first use (0.4 MB): ``twisted.python.reflect`` and
      ``logging.handlers`` import it for a function each the game never calls
      (``fullFuncName``, ``SocketHandler``); a reload uses it (net/reload.py);
    - ``html`` and ``twisted.logger._json`` are stand-ins whose names call the real module's
      (:data:`_FORWARDED`): Twisted takes ``html.escape`` for an old alias, and its JSON log
      format the game never writes; the real ones bring ``html.entities`` (0.5 MB) and
      ``uuid`` (0.4 MB).

    Afterwards each of them imports as usual.
    """
    if "twisted.internet.posixbase" in sys.modules:
        return
    hidden = {name: sys.modules.get(name) for name in ("OpenSSL", "asyncio", *_FORWARDED)}
    if tls:
        hidden.pop("OpenSSL")  # loaded as usual, and kept
    elif hidden["OpenSSL"] is None:
        sys.modules["OpenSSL"] = None  # type: ignore[assignment]  # None there makes ``import OpenSSL`` fail
    if hidden["asyncio"] is None:
        sys.modules["asyncio"] = _asyncio_stand_in()
    for name, names in _FORWARDED.items():
        if hidden[name] is None:
            sys.modules[name] = _forwarding_stand_in(name, names)
    for name in _LAZY:
        if name not in sys.modules:
            _load_lazily(name)
    load_at_first_use("pickle")
    try:
        import twisted.internet.posixbase
        import twisted.internet.tcp  # noqa: F401 - loaded now, while the stand-ins are in place
    finally:
        for name, module in hidden.items():
            if module is None:
                del sys.modules[name]
            else:
                sys.modules[name] = module


#: modules Twisted takes a few functions from that the game's process never calls, by those names
_FORWARDED = {"html": ("escape",),
              "twisted.logger._json": ("eventAsJSON", "eventFromJSON", "eventsFromJSONLogFile", "jsonFileLogObserver")}
#: modules Twisted imports and the game's process uses rarely or never: run on first use
_LAZY = ("http.cookiejar", "twisted.internet.udp", "twisted.internet.unix", "twisted.internet.process",
         "twisted.internet._multicast")


def release_startup_memory() -> None:
    """Once the server is up: drop the source lines attrs keeps for the methods it generated
    (``linecache``: only tracebacks read them), collect, and hand freed memory back."""
    linecache.clearcache()
    gc.collect()
    release_free_memory()


def _asyncio_stand_in() -> types.ModuleType:
    """What ``twisted.internet.defer`` imports from asyncio: ``iscoroutine`` as asyncio's own
    (asyncio/coroutines.py), and the two classes it names in annotations."""
    stand_in = types.ModuleType("asyncio", "stand-in while Twisted loads (net/memory.py)")
    coroutine_types = (types.CoroutineType, types.GeneratorType, collections.abc.Coroutine)

    def iscoroutine(obj: object) -> bool:
        return isinstance(obj, coroutine_types)

    vars(stand_in).update(iscoroutine=iscoroutine, AbstractEventLoop=type("AbstractEventLoop", (), {}),
                          Future=type("Future", (), {}))
    return stand_in


def _forwarding_stand_in(name: str, names: tuple[str, ...]) -> types.ModuleType:
    """A stand-in for module ``name`` while Twisted loads: each of ``names`` a function that
    imports the real module and calls its own."""
    stand_in = types.ModuleType(name, "stand-in while Twisted loads (net/memory.py)")
    for attr in names:
        setattr(stand_in, attr, _forwarder(name, attr))
    return stand_in


def _forwarder(name: str, attr: str) -> collections.abc.Callable[..., object]:
    def forward(*args: object, **kwargs: object) -> object:
        return getattr(importlib.import_module(name), attr)(*args, **kwargs)

    forward.__name__ = forward.__qualname__ = attr
    return forward


def load_at_first_use(name: str) -> None:
    """Put a stand-in for module ``name`` in ``sys.modules`` (unless it is loaded) that imports
    the real one at its first attribute use. Unlike ``_load_lazily``'s, ``import name`` leaves
    it waiting: the import statement reads ``__spec__``, which the stand-in has (None)."""
    if name in sys.modules:
        return
    stand_in = types.ModuleType(name, "loaded at its first use (net/memory.py)")
    loading = threading.RLock()

    def real(attr: str) -> object:
        with loading:
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
                importlib.import_module(name)
        return getattr(sys.modules[name], attr)

    vars(stand_in)["__getattr__"] = real  # PEP 562: the module's missing names
    sys.modules[name] = stand_in


def _load_lazily(name: str) -> None:
    """Put module ``name`` in ``sys.modules`` unexecuted: it runs at its first attribute use."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        return
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, module)
