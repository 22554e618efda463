"""The game's settings, with their defaults: what a config YAML file may set."""

from __future__ import annotations

import attrs

from ..rules.ptb.scores import DEFAULT_ROLL_METHOD, ROLL_METHODS

__all__ = ["GameConfig"]

RULESETS = ("champions", "ptb", "animouch")


@attrs.frozen
class GameConfig:
    """Settings a game's admin may change in the config file (docs/admin-guide.md lists them)."""

    name: str = "Champions MUSH"
    ruleset: str = attrs.field(default="champions", validator=attrs.validators.in_(RULESETS))
    #: how a Powers That Be roll is made: uniform 1..score (default, GUIDE §4) or bell
    ptb_roll_method: str = attrs.field(default=DEFAULT_ROLL_METHOD, validator=attrs.validators.in_(tuple(ROLL_METHODS)))
    start_room_name: str = "Hero Plaza"
    #: seconds a connected player may idle before being disconnected (0: never); staff are exempt
    idle_timeout: float = 3600.0
    #: seconds a connection may sit at the login screen
    login_timeout: float = 300.0
    #: commands per second a connection may sustain, and the burst it may save up
    command_rate: float = 10.0
    command_burst: float = 30.0
    #: input lines longer than this are refused
    max_line_length: int = 8192
    #: most simultaneous connections, and new connections per address per minute
    max_connections: int = 2000
    connects_per_minute: int = 30
    #: failed logins per address per minute before further attempts wait
    failed_logins_per_minute: int = 5
    #: bytes of unsent output a connection may hold before it is dropped (a client that stops reading)
    max_output_buffer: int = 1_048_576
    #: hash cost for passwords (scrypt N): 2**14 by default; tests lower it
    password_cost: int = 16384
    #: @mail messages a mailbox may hold (deleted ones count until purged), and a message's length
    mail_quota: int = 50
    mail_max_length: int = 4000
    #: longest board post, staff request or comment, in characters
    post_max_length: int = 8000
