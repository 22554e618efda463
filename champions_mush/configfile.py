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

from .game.config import GameConfig

__all__ = ["ConfigError", "ServerConfig", "default_config_text", "load_config"]


class ConfigError(ValueError):
    """The config file cannot be used; the message names the file and the setting."""


@attrs.frozen
class ServerConfig:
    """Where and how the server runs."""

    #: address to listen on ("0.0.0.0": every interface; "127.0.0.1": this machine only)
    host: str = "0.0.0.0"
    #: TCP port for telnet clients
    port: int = attrs.field(default=4201, validator=attrs.validators.le(65535))
    #: how many connections may wait to be accepted (a burst of 500 clients must all get in)
    backlog: int = 1024
    #: threads hashing passwords (each scrypt hash holds 16 MiB while it runs)
    hash_threads: int = 4
    #: offer MCCP2 compression to clients that want it
    offer_mccp: bool = True
    #: SQLite durability: FULL survives power loss, NORMAL survives a killed process
    sqlite_synchronous: str = attrs.field(default="FULL", validator=attrs.validators.in_(("FULL", "NORMAL")))
    #: log level for the log files (DEBUG, INFO, WARNING, ERROR)
    log_level: str = "INFO"
    #: size of one log file before it rotates, and how many old ones are kept
    log_max_bytes: int = 5_000_000
    log_backups: int = 5


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
    "failed_logins_per_minute": "failed logins per address per minute before more are refused",
    "max_output_buffer": "bytes of unread output before a client that stopped reading is dropped",
    "password_cost": "scrypt cost N for new passwords (a power of two; 16384 takes ~60 ms)",
    "mail_quota": "@mail messages one mailbox may hold (deleted ones count until purged)",
    "mail_max_length": "longest @mail message, in characters",
    "post_max_length": "longest board post, staff request or comment, in characters",
}


def _fields() -> dict[str, tuple[type, Any]]:
    found: dict[str, tuple[type, Any]] = {}
    for cls in (ServerConfig, GameConfig):
        for field in attrs.fields(cls):
            found[field.name] = (cls, field)
    return found


def load_config(path: str | Path | None, **overrides: Any) -> tuple[ServerConfig, GameConfig]:
    """Read ``path`` (None: all defaults), then apply ``overrides`` that are not None."""
    values: dict[str, Any] = {}
    if path is not None:
        try:
            loaded = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise ConfigError(f"Cannot read the config file {path}: {exc.strerror}") from exc
        except yaml.YAMLError as exc:
            raise ConfigError(f"{path} is not valid YAML: {exc}") from exc
        if loaded is None:
            loaded = {}
        if not isinstance(loaded, dict):
            raise ConfigError(f"{path}: the config file must be a mapping of setting: value")
        values.update(loaded)
    values.update({k: v for k, v in overrides.items() if v is not None})
    fields = _fields()
    split: dict[type, dict[str, Any]] = {ServerConfig: {}, GameConfig: {}}
    for name, value in values.items():
        if name not in fields:
            raise ConfigError(f"{path or 'config'}: unknown setting '{name}' (see docs/admin-guide.md)")
        cls, field = fields[name]
        split[cls][name] = _coerce(path, name, value, field.default)
    try:
        return ServerConfig(**split[ServerConfig]), GameConfig(**split[GameConfig])
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"{path or 'config'}: {exc}") from exc


def _coerce(path: Any, name: str, value: Any, default: Any) -> Any:
    kind = type(default)
    if kind is bool:
        if not isinstance(value, bool):
            raise ConfigError(f"{path}: '{name}' must be true or false")
        return value
    if kind in (int, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ConfigError(f"{path}: '{name}' must be a number")
        if value < 0:
            raise ConfigError(f"{path}: '{name}' cannot be negative")
        return kind(value)
    if not isinstance(value, str):
        raise ConfigError(f"{path}: '{name}' must be text")
    return value


def default_config_text() -> str:
    """The config file with every setting at its default, commented out, each with its meaning."""
    lines = ["# champions-mush config: uncomment a line to change a setting.", ""]
    for cls in (ServerConfig, GameConfig):
        for field in attrs.fields(cls):
            doc = _DOC.get(field.name) or _server_doc(field.name)
            if doc:
                lines.append(f"# {doc}")
            lines.append(f"# {field.name}: {yaml.safe_dump(field.default).splitlines()[0]}")
        lines.append("")
    return "\n".join(lines)


def _server_doc(name: str) -> str:
    return {
        "host": "address to listen on (0.0.0.0: every interface; 127.0.0.1: this machine only)",
        "port": "TCP port for telnet clients",
        "backlog": "connections that may wait to be accepted",
        "hash_threads": "threads hashing passwords",
        "offer_mccp": "offer MCCP2 compression",
        "sqlite_synchronous": "FULL survives power loss; NORMAL survives a killed process and is faster",
        "log_level": "DEBUG, INFO, WARNING or ERROR",
        "log_max_bytes": "size of a log file before it rotates",
        "log_backups": "rotated log files kept",
    }.get(name, "")
