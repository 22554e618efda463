"""The server's YAML config file: one flat mapping of settings, every one optional.

Settings are those of :class:`ServerConfig` (where and how the server runs) and of
:class:`~champions_mush.game.config.GameConfig` (the game's rules and limits). Unknown names
and wrong types are refused with a message naming the setting. :func:`default_config_text`
writes the documented defaults (docs/admin-guide.md shows the same list).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import yaml

from .game.config import GameConfig, check, default_check
from .values import frozen

__all__ = ["ConfigError", "ServerConfig", "default_config_text", "load_config"]


#: log levels the config accepts (any case)
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class ConfigError(ValueError):
    """The config file cannot be used; the message names the file and the setting."""


@frozen
class ServerConfig:
    """Where and how the server runs."""

    #: address to listen on ("0.0.0.0": every interface; "127.0.0.1": this machine only)
    host: str = check("0.0.0.0", "text", 1, 253)
    #: TCP port for telnet clients (0: any free port, which the "listening" line names)
    port: int = check(4201, "whole", 0, 65535)
    #: TCP port for TLS clients, on when a certificate is there (docs/admin-guide.md, "TLS")
    tls_port: int = check(4202, "whole", 0, 65535)
    #: the certificate (chain) and key files; "" = DATA_DIR/tls/cert.pem and key.pem
    tls_cert: str = check("", "text", 0, 4096)
    tls_key: str = check("", "text", 0, 4096)
    #: TCP port for the web client and its WebSocket (/ws); 0 turns it off
    web_port: int = check(4280, "whole", 0, 65535)
    #: the telnet port is behind a trusted proxy that sends a PROXY header (v1 or v2) first,
    #: and only these networks may connect to it (docs/admin-guide.md, "Behind a proxy")
    proxy_protocol: bool = check(False, "flag")
    proxy_from: str = check("127.0.0.1 ::1", "networks")
    #: how many connections may wait to be accepted (a burst of 500 clients must all get in)
    backlog: int = check(1024, "whole", 1, 65535)
    #: threads hashing passwords (0: one per core; each hash holds password_cost KiB while it runs)
    hash_threads: int = check(0, "whole", 0, 64)
    #: the Prometheus metrics page at /metrics (0: off), and the address it listens on
    metrics_port: int = check(0, "whole", 0, 65535)
    metrics_host: str = check("127.0.0.1", "text", 1, 253)
    #: offer MCCP2 compression to clients that want it
    offer_mccp: bool = check(True, "flag")
    #: where the game is kept: "" for DATA_DIR/game.sqlite3, or a postgresql:// address
    store: str = check("", "text", 0, 4096)
    #: SQLite durability: FULL survives power loss, NORMAL survives a killed process
    sqlite_synchronous: str = check("FULL", "choice", choices=("FULL", "NORMAL"))
    #: log level for the log files (DEBUG, INFO, WARNING, ERROR)
    log_level: str = check("INFO", "choice", choices=LOG_LEVELS)
    #: size of one log file before it rotates, and how many old ones are kept
    log_max_bytes: int = check(5_000_000, "whole", 10_000, 10**12)
    log_backups: int = check(5, "whole", 0, 1000)
    #: the server's own backups (docs/admin-guide.md, "Backups"): every so many hours (0: off),
    #: each kept so many days (0: for ever; the newest always stays), in this folder
    backup_every_hours: float = check(0.0, "number", 0, 8760)
    backup_keep_days: float = check(7.0, "number", 0, 36_500)
    backup_dir: str = check("", "text", 0, 4096)


_DOC = {
    "name": "the game's name (connect screen, MSSP)",
    "ruleset": "champions, ptb or animouch",
    "ptb_roll_method": "Powers That Be rolls: uniform (1 to the score, the default) or bell",
    "start_room_name": "name of the room made on first start",
    "idle_timeout": "seconds a player may idle before being disconnected (0: never); staff are exempt",
    "login_timeout": "seconds a connection may stay at the login screen",
    "command_rate": "commands per second a connection may sustain (0: no limit, for benchmarks)",
    "command_burst": "commands a connection may save up for a burst",
    "max_line_length": "longest input line, in characters",
    "max_connections": "most simultaneous connections",
    "connects_per_minute": "new connections per address per minute (0: no limit)",
    "connections_per_character": "connections one character may have at once (logging in again closes the oldest)",
    "paste_max_total": "characters all unfinished pastes (+sheet/import) may hold together",
    "paste_timeout": "seconds a paste may take before it is thrown away (0: no limit)",
    "failed_logins_per_minute": "failed logins per address per minute before more are refused",
    "max_output_buffer": "bytes of unread output before a client that stopped reading is dropped",
    "password_cost": "Argon2id memory in KiB for new passwords (a power of two; 16384 takes ~25 ms)",
    "mail_quota": "@mail messages one mailbox may hold (deleted ones count until purged)",
    "mail_unread_per_sender": "unread @mail messages one player may have waiting in another's mailbox",
    "mail_max_length": "longest @mail message, in characters",
    "post_max_length": "longest board post, staff request or comment, in characters",
    "xp_per_vote": "XP one +vote gives (RULES GAINING XP)",
    "vote_period": "seconds before the same voter may +vote for the same character again",
    "vote_window": "seconds within which voter and character must have been active in the same room",
}


def _fields() -> dict[str, tuple[type, Any]]:
    found: dict[str, tuple[type, Any]] = {}
    for cls in (ServerConfig, GameConfig):
        for field in attrs.fields(cls):
            found[field.name] = (cls, field)
    return found


def load_config(path: str | Path | None, **overrides: Any) -> tuple[ServerConfig, GameConfig]:
    """Read ``path`` (None: all defaults), then apply ``overrides`` that are not None (the
    command line's, named ``--port`` and so on in messages).

    Raises:
        ConfigError: one line naming the file (or option) and the setting.
    """
    values: dict[str, tuple[str, Any]] = {}
    if path is not None:
        values.update((name, (str(path), value)) for name, value in _read(Path(path)).items())
    values.update((k, (f"--{k.replace('_', '-')}", v)) for k, v in overrides.items() if v is not None)
    fields = _fields()
    split: dict[type, dict[str, Any]] = {ServerConfig: {}, GameConfig: {}}
    for name, (source, value) in values.items():
        if name not in fields:
            raise ConfigError(f"{source}: unknown setting '{name}' (see docs/admin-guide.md)")
        cls, field = fields[name]
        rule = field.metadata.get("check") or default_check(field.default)
        problem = rule.problem(value)
        if problem:
            raise ConfigError(f"{source} {problem}" if source.startswith("--") else f"{source}: '{name}' {problem}")
        split[cls][name] = rule.canonical(value)
    return ServerConfig(**split[ServerConfig]), GameConfig(**split[GameConfig])


def _read(path: Path) -> dict[Any, Any]:
    """The file's mapping; every way it can be unreadable becomes one ConfigError line."""
    try:
        loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"Cannot read the config file {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path} is not UTF-8 text (byte {exc.object[exc.start]:#04x} at offset {exc.start})") from exc
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
        raise ConfigError(f"{path} is not valid YAML: {exc.problem or exc.context}{where}") from exc
    except (yaml.YAMLError, ValueError, RecursionError) as exc:
        raise ConfigError(f"{path} is not valid YAML: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from exc
    if loaded is None:
        return {}
    if not isinstance(loaded, dict):
        raise ConfigError(f"{path}: the config file must be a mapping of setting: value")
    return loaded


def default_config_text() -> str:
    """The config file with every setting at its default, commented out, each with its meaning."""
    lines = ["# champions-mush config: uncomment a line to change a setting.", ""]
    for cls in (ServerConfig, GameConfig):
        for field in attrs.fields(cls):
            doc = _DOC.get(field.name) or _server_doc(field.name)
            allowed = (field.metadata.get("check") or default_check(field.default)).describe()
            lines.append(f"# {doc} [{allowed}]" if doc else f"# [{allowed}]")
            lines.append(f"# {field.name}: {yaml.safe_dump(field.default).splitlines()[0]}")
        lines.append("")
    return "\n".join(lines)


def _server_doc(name: str) -> str:
    return {
        "host": "address to listen on (0.0.0.0: every interface; 127.0.0.1: this machine only)",
        "port": "TCP port for telnet clients",
        "tls_port": "TCP port for TLS clients (on when the certificate and key are there)",
        "tls_cert": "certificate file, e.g. Let's Encrypt's fullchain.pem (default DATA_DIR/tls/cert.pem)",
        "tls_key": "private key file, e.g. privkey.pem (default DATA_DIR/tls/key.pem)",
        "proxy_protocol": "the telnet port is behind a trusted proxy that sends the PROXY protocol header",
        "proxy_from": "the proxy's addresses or networks (space-separated, CIDR): only they may connect",
        "web_port": "TCP port for the web client at / and its WebSocket at /ws (0: off)",
        "backlog": "connections that may wait to be accepted",
        "hash_threads": "threads hashing passwords (0: one per core)",
        "offer_mccp": "offer MCCP2 compression",
        "metrics_port": "TCP port for the Prometheus metrics page at /metrics (0: off)",
        "metrics_host": "address the metrics page listens on (127.0.0.1: this machine only)",
        "store": "where the game is kept: empty for DATA_DIR/game.sqlite3, or postgresql://user@host/db",
        "sqlite_synchronous": "FULL survives power loss; NORMAL survives a killed process and is faster",
        "log_level": "DEBUG, INFO, WARNING or ERROR",
        "log_max_bytes": "size of a log file before it rotates",
        "log_backups": "rotated log files kept",
        "backup_every_hours": "the server backs the game up every so many hours (0: off)",
        "backup_keep_days": "days each of the server's backups is kept (0: for ever; the newest always stays)",
        "backup_dir": "folder for the server's backups (default DATA_DIR/backups)",
    }.get(name, "")
