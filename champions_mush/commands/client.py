"""``+client``: what a player's client negotiated, fixes for its quirks, and their overrides
(docs/clients.md).

Overrides are saved with the character (``settings["client"]``) and applied to every
connection of that character: at once when set, and again at each login (:func:`install`
registers the login hooks). The network layer reads them through
:meth:`~champions_mush.game.session.Session.apply_client_settings`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from ..game.gmcp import send_login
from ..game.objects import Character
from ..game.session import Session
from ..game.world import Game
from ..text.markup import escape, strip_controls
from .base import Command, CommandError, ParsedCommand, Role, UsageError
from .context import SessionContext

__all__ = ["COMMANDS", "SETTING_CHOICES", "install", "report_lines", "saved_settings", "set_client_setting"]

#: The words a player may type for each setting, and the value saved for each.
SETTING_CHOICES: dict[str, dict[str, object]] = {
    "colour": {"none": "none", "off": "none", "16": "16", "ansi": "16", "256": "256",
               "xterm": "256", "truecolour": "truecolour", "truecolor": "truecolour",
               "24bit": "truecolour"},
    "charset": {"utf-8": "utf-8", "utf8": "utf-8", "latin-1": "latin-1", "latin1": "latin-1",
                "iso-8859-1": "latin-1", "ascii": "ascii", "us-ascii": "ascii"},
    "screen_reader": {"on": True, "yes": True, "off": False, "no": False},
    "prompt": {"eor": "eor", "ga": "ga", "none": "none", "off": "none"},
    "keepalive": {"on": True, "yes": True, "off": False, "no": False},
    "brief": {"on": True, "yes": True, "off": False, "no": False},
}
#: Switch -> setting.
_SWITCHES = {"colour": "colour", "color": "colour", "charset": "charset",
             "reader": "screen_reader", "screenreader": "screen_reader",
             "prompt": "prompt", "keepalive": "keepalive", "brief": "brief"}
#: Typing one of these puts a setting back to what the client negotiated.
_AUTO = ("auto", "default")
_LABELS = {"colour": "colour", "charset": "charset", "screen_reader": "screen reader",
           "prompt": "prompt marking", "keepalive": "keepalive", "brief": "brief combat"}
_COLOUR_NAMES = {"none": "none", "16": "16 colours (ANSI)", "256": "256 colours (xterm)",
                 "truecolour": "truecolour (24-bit)"}
_PROMPT_NAMES = {"eor": "marked with IAC EOR", "ga": "marked with IAC GA", "none": "not marked"}
_RULE = "------------------------------ [+CLIENT] -------------------------------"


def saved_settings(char: Character) -> dict[str, Any]:
    """A character's ``+client`` overrides, only valid values (a damaged store never hurts).

    An older top-level ``keepalive`` setting still counts when +client never set one.
    """
    raw = char.settings.get("client")
    raw = dict(raw) if isinstance(raw, Mapping) else {}
    if "keepalive" not in raw and isinstance(char.settings.get("keepalive"), bool):
        raw["keepalive"] = char.settings["keepalive"]
    return {key: value for key, value in raw.items()
            if key in SETTING_CHOICES and value in SETTING_CHOICES[key].values()
            and type(value) is type(next(iter(SETTING_CHOICES[key].values())))}


def set_client_setting(game: Game, char: Character, key: str, value: object | None) -> dict[str, Any]:
    """Save one override (None removes it), then apply them to every connection of ``char``."""
    settings = saved_settings(char)
    if value is None:
        settings.pop(key, None)
    else:
        settings[key] = value
    _save(game, char, settings)
    return settings


def _save(game: Game, char: Character, settings: dict[str, Any]) -> None:
    rest = {k: v for k, v in char.settings.items() if k not in ("client", "keepalive")}
    char.settings = {**rest, "client": settings} if settings else rest
    game.save_character(char)
    for session in game.sessions_of(char):
        session.apply_client_settings(dict(settings))


# --- login --------------------------------------------------------------------------------------
def install(game: Game) -> None:
    """Register the login hooks (once per game): saved overrides, then what GMCP clients show
    (Char.Vitals and Status, Room.Info and Players, Comm.Channel.List: game/gmcp.py)."""
    if game.services.client_hooks:
        return
    game.services.client_hooks = True

    def apply_saved(session: Session, char: Character) -> None:
        session.apply_client_settings(saved_settings(char))

    def vitals(session: Session, char: Character) -> None:
        send_login(game, char)  # gauges and panels fill at once, before anything changes

    game.login_hooks.extend((apply_saved, vitals))


# --- the report ---------------------------------------------------------------------------------
def _shown(text: object) -> str:
    """Client-supplied text, safe to show: no control characters, no colour codes."""
    return escape(strip_controls(str(text)))


def _yes(flag: object) -> str:
    return "yes" if flag else "no"


def _gmcp_line(report: Mapping[str, Any]) -> str:
    if not report["gmcp"]:
        return "off"
    receives = list(report["gmcp_receives"])
    asked = ", ".join(_shown(p) for p in report["gmcp_packages"]) or "nothing"
    gets = ", ".join(receives) if receives else "none of ours (subscribe to Char and Combat)"
    return f"on; you subscribed to {asked}; you receive {gets}"


def report_lines(report: Mapping[str, Any], colour_switch: bool = True) -> list[str]:
    """The ``+client`` screen for one connection's report."""
    overrides = report.get("overrides") or {}

    def mine(key: str, text: str) -> str:
        return f"{text} (your setting)" if key in overrides else text

    client = " ".join(_shown(p) for p in (report["client"], report["version"]) if p)
    colour = _COLOUR_NAMES.get(report["colour"], report["colour"])
    if not colour_switch:
        colour += ", but off: you typed +colour off"
    keepalive = "on" if report["keepalive"] else "off"
    rows = [
        ("Client", client or "unknown (it did not say)"),
        ("Terminal", _shown(report["terminal"]) or "unknown"),
        ("Window", f"{report['width']} x {report['height']}"),
        ("Charset", mine("charset", report["charset"])),
        ("Colour", mine("colour", colour)),
        ("Screen reader", mine("screen_reader", _yes(report["screen_reader"]))),
        ("Compression", "MCCP2 on" if report["mccp"] else "off"),
        ("GMCP", _gmcp_line(report)),
        ("Prompts", mine("prompt", _PROMPT_NAMES.get(report["prompt"], report["prompt"]))),
        ("Keepalive", mine("keepalive", keepalive)),
        ("Brief combat", mine("brief", _yes(overrides.get("brief")))),
    ]
    lines = [_RULE, *(f"{name:<15}{value}" for name, value in rows)]
    if overrides:
        shown = ", ".join(f"{_LABELS.get(k, k)} {_word(k, v)}" for k, v in overrides.items())
        lines.append(f"Your settings: {shown}. +client/reset clears them.")
    else:
        lines.append("Your settings: none; everything follows your client.")
    hints = list(report.get("hints") or ())
    if hints:
        lines.append("Tips for your client:")
        lines.extend(f"  {escape(h)}" for h in hints)
    lines.append("Change a setting: +client/<setting> <value> (+HELP +CLIENT).")
    return lines


def _word(key: str, value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


# --- the command --------------------------------------------------------------------------------
def cmd_client(ctx: SessionContext, parsed: ParsedCommand) -> None:
    """+client: what this connection negotiated and the settings saved (each setting is a subcommand)."""
    if parsed.args.strip():
        raise UsageError(switch="<setting>")
    actor = ctx.actor
    colour_on = actor is None or actor.settings.get("colour", True) is not False
    ctx.session.send("\n".join(report_lines(ctx.session.client_report(), colour_on)))


def _connected(ctx: SessionContext) -> Character:
    if ctx.actor is None:
        raise CommandError("Connect to a character first: settings are saved with it.")
    return ctx.actor


def _reset(ctx: SessionContext, parsed: ParsedCommand) -> None:
    _save(ctx.game, _connected(ctx), {})
    ctx.reply("Your client settings are cleared: everything follows your client again.")


def _set(ctx: SessionContext, parsed: ParsedCommand, key: str) -> None:
    """+client/<setting> <value>: save one setting (``key``) with the character, or ``auto``."""
    actor = _connected(ctx)
    word = parsed.args.strip().lower()
    if word in _AUTO:
        set_client_setting(ctx.game, actor, key, None)
        ctx.reply(f"Your {_LABELS[key]} follows your client again.")
        return
    if word not in SETTING_CHOICES[key]:  # the usage line of the setting's first switch (+HELP +CLIENT SETTINGS)
        raise UsageError(switch=next(s for s, k in _SWITCHES.items() if k == key))
    value = SETTING_CHOICES[key][word]
    set_client_setting(ctx.game, actor, key, value)
    ctx.reply(f"Your {_LABELS[key]} is now {_word(key, value)} on every connection, "
              "saved with your character.")


COMMANDS = (
    Command("+client", cmd_client, role=Role.GUEST, before_login=True,
            subcommands={**{switch: partial(_set, key=key) for switch, key in _SWITCHES.items()}, "reset": _reset},
            one_at_a_time="One setting at a time, please: +client/<setting> <value>",
            summary="What your client negotiated; your colour, charset and prompt settings."),
)
