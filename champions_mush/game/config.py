"""The game's settings, with their defaults and allowed values: what a config YAML file may set.

Each setting's allowed values are a :class:`Check` in its field's metadata; the config loader
(``configfile.py``) applies them to what the file and the command line give, so a bad value is
refused in one line naming the setting (docs/admin-guide.md lists them).
"""

from __future__ import annotations

import ipaddress
import math
from typing import Any

import attrs

from ..rules.ptb.scores import DEFAULT_ROLL_METHOD, ROLL_METHODS
from ..store.retention import Retention
from ..values import frozen

__all__ = ["Check", "GameConfig", "check", "default_check"]

RULESETS = ("champions", "ptb", "animouch")


@frozen
class Check:
    """What a setting accepts: its kind (whole, number, flag, text, choice) and range.

    ``problem(value)`` says what is wrong in words an admin reads (``must be a whole number
    from 0 to 65535, not 4810.7``), or returns None.
    """

    kind: str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    power_of_two: bool = False

    def problem(self, value: Any) -> str | None:  # whatever YAML made
        if self.kind == "flag":
            return None if isinstance(value, bool) else f"must be true or false, not {_shown(value)}"
        if self.kind == "text":
            if not isinstance(value, str):
                return f"must be text, not {_shown(value)}"
            return self._length_problem(value)
        if self.kind == "networks":
            return _networks_problem(value)
        if self.kind == "choice":
            if isinstance(value, str) and value.lower() in {c.lower() for c in self.choices}:
                return None
            return f"must be one of {', '.join(self.choices)}, not {_shown(value)}"
        return self._number_problem(value)

    def _span(self) -> tuple[float, float]:
        """Both ends of a text or number check's range (``check`` gives every such one both)."""
        if self.low is None or self.high is None:
            raise ValueError(f"a {self.kind} check needs its low and high ends")
        return self.low, self.high

    def _length_problem(self, value: str) -> str | None:
        low, high = self._span()
        if len(value) < low or len(value) > high:
            return f"must be {_n(low)} to {_n(high)} characters long"
        return None

    def _number_problem(self, value: Any) -> str | None:
        whole = self.kind == "whole"
        low, high = self._span()
        span = f"from {_n(low)} to {_n(high)}"
        wanted = f"a power of two {span}" if self.power_of_two else f"a whole number {span}" if whole else \
            f"a number {span}"
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (whole and not isinstance(value, int)):
            return f"must be {wanted}, not {_shown(value)}"
        if math.isnan(value) or not low <= value <= high:
            return f"must be {wanted}, not {_shown(value)}"
        if self.power_of_two and int(value) & (int(value) - 1):
            return f"must be {wanted}, not {_shown(value)}"
        return None

    def describe(self) -> str:
        """The allowed values in a few words (the admin guide's "allowed" column)."""
        if self.kind == "flag":
            return "true or false"
        if self.kind == "choice":
            return ", ".join(self.choices)
        if self.kind == "networks":
            return "addresses or networks (CIDR), space-separated"
        low, high = self._span()
        span = f"{_n(low)} to {_n(high)}"
        if self.kind == "text":
            return f"text, {span} characters"
        return f"a power of two, {span}" if self.power_of_two else f"whole, {span}" if self.kind == "whole" else span

    def canonical(self, value: Any) -> Any:
        """A choice in the spelling the game uses (``full`` -> ``FULL``); other values as given."""
        if self.kind == "choice":
            return next(c for c in self.choices if c.lower() == value.lower())
        return float(value) if self.kind == "number" else value


def _networks_problem(value: Any) -> str | None:
    if not isinstance(value, str) or not value.replace(",", " ").split():
        return f"must be one or more addresses or networks such as 10.0.0.0/8, not {_shown(value)}"
    for part in value.replace(",", " ").split():
        try:
            ipaddress.ip_network(part, strict=False)
        except ValueError:
            return f"must be addresses or networks such as 10.0.0.0/8, and {_shown(part)} is not one"
    return None


def _n(number: float) -> str:
    return f"{int(number):,}" if float(number).is_integer() else str(number)


def _shown(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check(default: Any, kind: str, low: float | None = None, high: float | None = None, **more: Any) -> Any:
    """An attrs field with its :class:`Check` (``metadata["check"]``)."""
    return attrs.field(default=default, metadata={"check": Check(kind, low, high, **more)})


def default_check(default: Any) -> Check:
    """The check for a setting declared without one: its default's type, numbers not negative."""
    if isinstance(default, bool):
        return Check("flag")
    if isinstance(default, (int, float)):
        return Check("whole" if isinstance(default, int) else "number", 0, 10**12)
    return Check("text", 0, 10_000)


_DAY = 86400.0


@frozen
class GameConfig:
    """Settings a game's admin may change in the config file (docs/admin-guide.md lists them)."""

    name: str = check("Champions MUSH", "text", 1, 60)
    ruleset: str = check("champions", "choice", choices=RULESETS)
    #: how a Powers That Be roll is made: uniform 1..score (default, docs/rulesets.md) or bell
    ptb_roll_method: str = check(DEFAULT_ROLL_METHOD, "choice", choices=tuple(ROLL_METHODS))
    start_room_name: str = check("Hero Plaza", "text", 1, 60)
    #: seconds a connected player may idle before being disconnected (0: never); staff are exempt
    idle_timeout: float = check(3600.0, "number", 0, 365 * _DAY)
    #: seconds a connection may sit at the login screen
    login_timeout: float = check(300.0, "number", 0, _DAY)
    #: commands per second a connection may sustain, and the burst it may save up
    command_rate: float = check(10.0, "number", 0, 100_000)
    command_burst: float = check(30.0, "number", 1, 1_000_000)
    #: input lines longer than this are refused
    max_line_length: int = check(8192, "whole", 80, 1_000_000)
    #: most simultaneous connections, and new connections per address per minute
    max_connections: int = check(2000, "whole", 1, 1_000_000)
    connects_per_minute: int = check(30, "whole", 0, 1_000_000)
    #: connections one character may have at once: past it, logging in again closes the oldest
    connections_per_character: int = check(5, "whole", 1, 1000)
    #: characters all unfinished pastes (+sheet/import) may hold together, and seconds a paste may take
    paste_max_total: int = check(8_388_608, "whole", 2_097_152, 10**10)
    paste_timeout: float = check(300.0, "number", 0, _DAY)
    #: failed logins per address per minute before further attempts wait
    failed_logins_per_minute: int = check(5, "whole", 0, 1_000_000)
    #: bytes of unsent output a connection may hold before it is dropped (a client that stops reading)
    max_output_buffer: int = check(1_048_576, "whole", 4096, 1 << 31)
    #: Argon2id memory in KiB for new passwords (RFC 9106): 16 MiB by default; 8 KiB is Argon2's floor
    password_cost: int = check(16384, "whole", 8, 65536, power_of_two=True)
    #: @mail messages a mailbox may hold (deleted ones count until purged), and a message's length
    mail_quota: int = check(50, "whole", 1, 100_000)
    #: unread @mail messages one player may have waiting in another's mailbox (staff mail is never refused)
    mail_unread_per_sender: int = check(10, "whole", 1, 100_000)
    mail_max_length: int = check(4000, "whole", 80, 1_000_000)
    #: longest board post, staff request or comment, in characters
    post_max_length: int = check(8000, "whole", 80, 1_000_000)
    #: what one player may add to one request, board or scene, and in a day (staff are not
    #: limited): comments on a request, posts on a board, lines of a scene (docs/admin-guide.md)
    comments_per_request: int = check(100, "whole", 1, 1_000_000)
    comments_per_day: int = check(200, "whole", 1, 1_000_000)
    posts_per_board: int = check(100, "whole", 1, 1_000_000)
    posts_per_day: int = check(50, "whole", 1, 1_000_000)
    scene_lines_per_scene: int = check(2000, "whole", 1, 1_000_000)
    scene_lines_per_day: int = check(4000, "whole", 1, 1_000_000)
    #: history kept in the database: channel lines, rolls, staff commands, scene logs (0: no limit)
    channel_log_max_entries: int = check(100_000, "whole", 0, 10**9)
    channel_log_max_days: float = check(90.0, "number", 0, 36_500)
    roll_log_max_entries: int = check(100_000, "whole", 0, 10**9)
    roll_log_max_days: float = check(365.0, "number", 0, 36_500)
    staff_log_max_entries: int = check(100_000, "whole", 0, 10**9)
    staff_log_max_days: float = check(365.0, "number", 0, 36_500)
    scene_log_max_entries: int = check(500_000, "whole", 0, 10**9)
    scene_log_max_days: float = check(0.0, "number", 0, 36_500)
    #: new characters one address may create in a day (0: no limit)
    creates_per_address_per_day: int = check(5, "whole", 0, 1_000_000)
    #: XP one +vote gives (RULES GAINING XP: "a fraction of an Experience Point")
    xp_per_vote: float = check(0.25, "number", 0, 10)
    #: seconds before the same voter may +vote for the same character again
    vote_period: float = check(86400.0, "number", 60, 365 * _DAY)
    #: seconds within which voter and character must have been active in the same room
    vote_window: float = check(10800.0, "number", 60, 30 * _DAY)
    #: characters one player may keep on one account (+alt/link; docs/player-guide.md, "Several heroes")
    heroes_per_account: int = check(5, "whole", 1, 100)

    def log_retention(self) -> dict[str, Retention]:
        """What the store keeps of each log (store/retention.py)."""
        from .channels import CHANNEL_LOG
        from .rolls import ROLL_LOG
        from .scenes import SCENE_LINES
        from .world import STAFF_LOG

        return {
            CHANNEL_LOG: Retention(self.channel_log_max_entries, self.channel_log_max_days),
            ROLL_LOG: Retention(self.roll_log_max_entries, self.roll_log_max_days),
            STAFF_LOG: Retention(self.staff_log_max_entries, self.staff_log_max_days),
            SCENE_LINES: Retention(self.scene_log_max_entries, self.scene_log_max_days),
        }
