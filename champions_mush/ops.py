"""The admin's shell tools for a running game: status, stop, reload, make-cert (backup and
restore are in :mod:`champions_mush.backups`).

    champions-mush status [--data-dir DIR]
    champions-mush stop [--data-dir DIR] [--timeout 30]
    champions-mush reload [--data-dir DIR] [--timeout 60]
    champions-mush make-cert [--data-dir DIR] [--host NAME ...]

They find the server through its status file (:mod:`champions_mush.net.status`) and the data
directory's lock, and talk to it with signals: SIGTERM stops it, SIGHUP reloads it, SIGUSR1
asks for fresh numbers (docs/admin-guide.md, "Backup, status, stop and reload").
"""

from __future__ import annotations

import argparse
import fcntl
import os
import signal
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import backups
from .net.status import read_status
from .store.base import StoreError

__all__ = ["COMMANDS", "add_subcommands", "run"]

#: Seconds ``status`` waits for the server to rewrite its status file after SIGUSR1.
FRESH_WAIT = 2.0
NOT_RUNNING = "No server is running on {dir}."
#: Exit status when no server runs (the LSB init-script convention for ``status``).
EXIT_NOT_RUNNING = 3


def _say(text: str) -> None:
    print(text, flush=True)


def _complain(text: str) -> None:
    print(f"champions-mush: {text}", file=sys.stderr, flush=True)


def _data_dir(path: str) -> Path:
    return Path(path).expanduser().resolve()


def lock_held(data_dir: Path) -> bool:
    """True while some process holds the data directory's lock (a server, or create-admin)."""
    from .opening import LOCK_FILE

    try:
        handle = open(data_dir / LOCK_FILE, "rb")  # noqa: SIM115 - closed by the with just below (open may fail first)
    except OSError:
        return False
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            return True
        fcntl.flock(handle, fcntl.LOCK_UN)
        return False


def running_server(data_dir: Path) -> dict[str, Any] | None:
    """The status of the server running on ``data_dir``, or None when none runs."""
    status = read_status(data_dir)
    if status is None or not lock_held(data_dir):
        return None
    try:
        os.kill(int(status["pid"]), 0)
    except (KeyError, ValueError, TypeError, ProcessLookupError):
        return None
    except PermissionError:
        pass  # alive, but another user's: still the one holding the lock
    return status


def _fresh_status(data_dir: Path, status: dict[str, Any]) -> dict[str, Any]:
    """Ask the server to rewrite its status file and wait a moment for it."""
    before = status.get("updated_at")
    try:
        os.kill(int(status["pid"]), signal.SIGUSR1)
    except OSError:
        return status
    deadline = time.monotonic() + FRESH_WAIT
    while time.monotonic() < deadline:
        now = read_status(data_dir)
        if now is not None and now.get("updated_at") != before:
            return now
        time.sleep(0.05)
    return status


def _duration(seconds: float) -> str:
    seconds = int(max(0, seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{days}d {hours}h {minutes:02d}m"
    if hours:
        return f"{hours}h {minutes:02d}m"
    return f"{minutes}m {secs:02d}s"


def _when(stamp: float) -> str:
    return datetime.fromtimestamp(stamp, tz=UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def status_lines(status: dict[str, Any], data_dir: Path) -> list[str]:
    """What ``champions-mush status`` prints for a running server."""
    host = status.get("host", "?")
    lines = [f"A server is running on {data_dir} (pid {status.get('pid')}).",
             f"  telnet   {host}:{status.get('port')}"]
    if status.get("tls_port"):
        lines.append(f"  tls      {host}:{status['tls_port']}")
    if status.get("web_port"):
        lines.append(f"  web      http://{host}:{status['web_port']}/")
    if status.get("metrics_port"):
        lines.append(f"  metrics  http://{status.get('metrics_host', '127.0.0.1')}:{status['metrics_port']}/metrics")
    started = status.get("started_at")
    if isinstance(started, (int, float)):
        lines.append(f"  uptime   {_duration(time.time() - started)} (since {_when(started)})")
    reloaded = status.get("reloaded_at")
    if isinstance(reloaded, (int, float)):
        count = int(status.get("reloads", 1))
        times = "once" if count == 1 else f"{count} times"
        lines.append(f"  reloaded {times}, last at {_when(reloaded)}")
    lines.append(f"  players  {status.get('players', 0)} online, "
                 f"{status.get('connections', 0)} connections")
    backup = status.get("backup")
    if isinstance(backup, dict) and isinstance(backup.get("at"), (int, float)):
        lines.append(f"  backup   last at {_when(backup['at'])}: {backup.get('path')}" if backup.get("ok")
                     else f"  backup   FAILED at {_when(backup['at'])}: {backup.get('message')}")
    return lines


def _running(args: argparse.Namespace) -> tuple[Path, dict[str, Any] | None]:
    """The data directory the command names, and the status of the server running on it (None: none)."""
    data_dir = _data_dir(args.data_dir)
    return data_dir, running_server(data_dir)


def cmd_status(args: argparse.Namespace) -> int:
    data_dir, status = _running(args)
    if status is None:
        _say(NOT_RUNNING.format(dir=data_dir))
        return EXIT_NOT_RUNNING
    for line in status_lines(_fresh_status(data_dir, status), data_dir):
        _say(line)
    return 0


def _wait_until(check, timeout: float) -> bool:  # () -> bool
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return check()


def cmd_stop(args: argparse.Namespace) -> int:
    data_dir, status = _running(args)
    if status is None:
        _say(NOT_RUNNING.format(dir=data_dir))
        return 0
    pid = int(status["pid"])
    try:
        os.kill(pid, signal.SIGTERM)
    except OSError as exc:
        _complain(f"cannot signal the server (pid {pid}): {exc.strerror}")
        return 1
    if not _wait_until(lambda: not lock_held(data_dir), args.timeout):
        _complain(f"the server (pid {pid}) is still running after {args.timeout:g} s")
        return 1
    _say(f"Stopped the server on {data_dir} (pid {pid}).")
    return 0


def cmd_reload(args: argparse.Namespace) -> int:
    data_dir, status = _running(args)
    if status is None:
        _complain(NOT_RUNNING.format(dir=data_dir))
        return EXIT_NOT_RUNNING
    asked = time.time()
    try:
        os.kill(int(status["pid"]), signal.SIGHUP)
    except OSError as exc:
        _complain(f"cannot signal the server (pid {status['pid']}): {exc.strerror}")
        return 1
    result: dict[str, Any] = {}

    def answered() -> bool:
        now = read_status(data_dir) or {}
        record = now.get("reload")
        if isinstance(record, dict) and float(record.get("at", 0)) >= asked:
            result.update(record)
            return True
        return False

    if not _wait_until(answered, args.timeout):
        _complain(f"no answer from the server (pid {status['pid']}) after {args.timeout:g} s")
        return 1
    if result.get("ok"):
        _say(str(result.get("message")))
        return 0
    _complain(str(result.get("message")))
    return 1


def cmd_make_cert(args: argparse.Namespace) -> int:
    from .net.tls import make_self_signed, tls_files

    data_dir = _data_dir(args.data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    cert, key = tls_files(data_dir)
    if (cert.exists() or key.exists()) and not args.force:
        _complain(f"{cert.parent} already holds a certificate or key: add --force to replace them")
        return 1
    names = make_self_signed(cert, key, args.host or [])
    _say(f"Wrote a self-signed certificate for {', '.join(names)} to {cert} and its key to {key}.")
    _say("Clients will warn that nobody vouches for it: use it for testing, or see "
         "docs/admin-guide.md for Let's Encrypt.")
    return 0


def _migrate(args: argparse.Namespace) -> int:
    from .migrating import cmd_migrate

    return cmd_migrate(args)


COMMANDS = {"status": cmd_status, "stop": cmd_stop, "reload": cmd_reload, "make-cert": cmd_make_cert,
            "migrate": _migrate, **backups.COMMANDS}


def add_subcommands(sub, default_data_dir: str) -> None:  # argparse's subparsers
    """Add this module's subcommands to the ``champions-mush`` parser."""
    status = sub.add_parser("status", help="is a server running on the data directory? ports, players")
    status.add_argument("--data-dir", default=default_data_dir)
    stop = sub.add_parser("stop", help="stop the running server cleanly")
    stop.add_argument("--data-dir", default=default_data_dir)
    stop.add_argument("--timeout", type=float, default=30.0, help="seconds to wait (default 30)")
    reload = sub.add_parser("reload", help="replace the running server's code, keeping every connection")
    reload.add_argument("--data-dir", default=default_data_dir)
    reload.add_argument("--timeout", type=float, default=60.0, help="seconds to wait (default 60)")
    backups.add_subcommands(sub, default_data_dir)
    from .migrating import add_subcommand

    add_subcommand(sub, default_data_dir)
    cert = sub.add_parser("make-cert", help="write a self-signed TLS certificate for testing")
    cert.add_argument("--data-dir", default=default_data_dir)
    cert.add_argument("--host", action="append", help="a name the certificate is for (repeatable)")
    cert.add_argument("--force", action="store_true", help="replace an existing certificate")


def run(args: argparse.Namespace) -> int:
    try:
        return COMMANDS[args.command](args)
    except (backups.BackupRefused, StoreError) as exc:
        _complain(str(exc))
        return 1
