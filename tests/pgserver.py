"""A throwaway PostgreSQL server for the store's tests: Debian's ``initdb`` and ``pg_ctl`` (the
``postgresql`` package, which ``.ci/run`` installs), listening on a unix socket only, in a
temporary folder, for one test session. Each test gets a schema of its own.

Without PostgreSQL installed the tests that need it skip, unless ``CHAMPIONS_NEED_POSTGRES`` is
set (CI sets it: there a missing server is a failure, not a skip).
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

import pytest

__all__ = ["PostgresServer", "schema_url"]


def _bin_dir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


class PostgresServer:
    """``initdb`` + ``pg_ctl start`` in a temporary folder; as root, run as the postgres user."""

    def __init__(self) -> None:
        bindir = _bin_dir()
        if bindir is None or not _can_import_psycopg():
            if os.environ.get("CHAMPIONS_NEED_POSTGRES"):
                raise RuntimeError("PostgreSQL (initdb) or psycopg is missing, and CI needs it")
            pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
        self.bindir = bindir
        self.base = Path(tempfile.mkdtemp(prefix="champions-pg-"))
        self.base.chmod(0o755)
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # initdb refuses to run as root
            shutil.chown(self.base, "postgres", "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self.data = self.base / "data"
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.base / "server.log"), "-w", "-o",
                  f"-k {self.base} -c listen_addresses='' -c max_connections=200", "start")
        self.url = f"postgresql://postgres@/postgres?host={self.base}"

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run([*self.as_user, str(self.bindir / tool), *args], check=True, capture_output=True, timeout=120)

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.base, ignore_errors=True)


def _can_import_psycopg() -> bool:
    try:
        import psycopg  # noqa: F401 - only whether it imports
    except ImportError:
        return False
    return True


def schema_url(server: PostgresServer) -> str:
    """A new, empty schema on ``server``, and the URL whose connections use it."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(server.url, autocommit=True) as db:
        db.execute(f"CREATE SCHEMA {name}")
    return f"{server.url}&options=-csearch_path%3D{name}"
