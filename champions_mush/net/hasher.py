"""Password hashing in helper processes: the game's own process never loads OpenSSL's libcrypto
(3.5 MB resident; docs/performance.md, "Memory"), and a burst of logins hashes off its cores.

A helper is ``python -m champions_mush.net.hasher``: one request a line on its stdin (JSON, as
:func:`~champions_mush.game.accounts.password_work` takes it), one JSON answer a line on its
stdout. Each of the game's hash threads borrows an idle helper, started on first use and kept
alive; one found dead is started again. One that dies, stalls or answers nonsense during a
request is killed and the request fails, so the player is told and may try again at once. A
helper's pipes close when the game's process ends or re-executes (@reboot): it reads end of file
and stops.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import threading
import time

__all__ = ["HashHelperError", "HashHelpers", "main"]

#: seconds a request may take before its helper is taken for stuck (scrypt at N=2**16: ~0.3 s)
TIMEOUT = 30.0
COMMAND = (sys.executable, "-P", "-m", "champions_mush.net.hasher")


class HashHelperError(Exception):
    """A helper died, stalled or answered something unreadable."""


class _Helper:
    """One helper process and its two pipes."""

    def __init__(self, command: tuple[str, ...]) -> None:
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,  # noqa: S603
                                     bufsize=0, close_fds=True)

    def alive(self) -> bool:
        return self.proc.poll() is None

    def ask(self, request: tuple, timeout: float) -> object:
        self.proc.stdin.write(json.dumps(request).encode("ascii") + b"\n")
        out, data, deadline = self.proc.stdout.fileno(), b"", time.monotonic() + timeout
        while not data.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([out], [], [], left)[0]:
                raise HashHelperError(f"no answer in {timeout:g} s")
            chunk = os.read(out, 4096)
            if not chunk:
                raise HashHelperError(f"it exited (status {self.proc.wait()})")
            data += chunk
        answer = json.loads(data)
        if not isinstance(answer, dict) or "ok" not in answer:
            raise HashHelperError(str(answer.get("error") if isinstance(answer, dict) else answer))
        return answer["ok"]

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout):
            pipe.close()


class HashHelpers:
    """Helpers for as many hash threads as ask at once; :meth:`compute` is an
    ``Accounts.compute`` (called on a hash thread, never the game's)."""

    def __init__(self, command: tuple[str, ...] = COMMAND, timeout: float = TIMEOUT) -> None:
        self.command, self.timeout = command, timeout
        self._idle: list[_Helper] = []
        self._lock = threading.Lock()

    def compute(self, request: tuple) -> object:
        with self._lock:
            helper = self._idle.pop() if self._idle else None
        try:
            if helper is None or not helper.alive():
                if helper is not None:
                    helper.stop()
                helper = _Helper(self.command)
            answer = helper.ask(request, self.timeout)
        except (OSError, ValueError, HashHelperError) as exc:
            if helper is not None:
                helper.stop()
            raise HashHelperError(f"password helper failed: {exc}") from exc
        with self._lock:
            self._idle.append(helper)
        return answer

    def stop(self) -> None:
        """Stop the idle helpers (busy ones stop when their pipes close)."""
        with self._lock:
            idle, self._idle = self._idle, []
        for helper in idle:
            helper.stop()


def main() -> int:
    """Answer requests until end of file. Interrupts are the game's to handle, not a helper's."""
    from ..game.accounts import password_work
    from .memory import keep_big_allocations_returnable

    keep_big_allocations_returnable()  # scrypt's 16 MiB back to the OS after each hash
    for signum in (signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, signal.SIG_IGN)
    for line in sys.stdin.buffer:
        try:
            answer = {"ok": password_work(tuple(json.loads(line)))}
        except Exception as exc:  # noqa: BLE001 - told to the game, which tells the player
            answer = {"error": f"{type(exc).__name__}: {exc}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
