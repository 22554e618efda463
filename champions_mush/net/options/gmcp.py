"""GMCP (option 201, Generic MUD Communication Protocol): JSON messages both ways.

The client names itself (``Core.Hello``), subscribes to packages (``Core.Supports.Set/Add/
Remove``) and pings; the game sends only packages it declared and the client subscribed to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...values import define
from ..events import GMCPMessage
from ..wire import Option, clean_name, parse_gmcp
from .policy import OptionPolicy, read

if TYPE_CHECKING:
    from ..telnet import TelnetConnection

__all__ = ["GMCPState", "MAX_GMCP_PACKAGES", "POLICY", "wanted"]

#: Most package names one connection may subscribe to. Real clients name a dozen; past this
#: further names are ignored, so a flood of unique ``Core.Supports.Add`` names costs nothing.
MAX_GMCP_PACKAGES = 64


@define
class GMCPState:
    #: the client's name and version from Core.Hello ("" if not sent)
    client: str = ""
    version: str = ""
    #: packages the client asked for (Core.Supports), lower-case, no version
    packages: frozenset[str] = frozenset()


def _state(conn: TelnetConnection) -> GMCPState:
    return cast(GMCPState, conn.state(Option.GMCP))  # what this policy's new_state made


def wanted(conn: TelnetConnection, package: str) -> bool:
    """True if GMCP is on and the client subscribed to ``package`` or a parent (``Core``
    always, and ``Client.GUI``: Mudlet asks for the game's package without subscribing)."""
    if not conn.us_enabled(Option.GMCP):
        return False
    name = package.lower()
    parts = name.split(".")
    packages = _state(conn).packages
    return (parts[0] == "core" or name == "client.gui"
            or any(".".join(parts[:n]) in packages for n in range(1, len(parts) + 1)))


def _supports(state: GMCPState, verb: str, data: list) -> None:
    names = {str(item).split(" ")[0].lower() for item in data[:MAX_GMCP_PACKAGES]}
    if verb == "set":
        state.packages = frozenset(names)
    elif verb == "add":
        room = MAX_GMCP_PACKAGES - len(state.packages)
        state.packages |= frozenset(sorted(names - state.packages)[:max(0, room)])
    elif verb == "remove":
        state.packages -= names


def on_subneg(conn: TelnetConnection, payload: bytes) -> None:
    message = read(conn, parse_gmcp, payload)
    if message is None:
        return
    package, data = message
    name, state = package.lower(), _state(conn)
    if name == "core.hello" and isinstance(data, dict):
        state.version = clean_name(str(data.get("version", "")).encode())
        state.client = clean_name(str(data.get("client", "")).encode())
    elif name == "core.ping":
        conn.send_gmcp("Core.Ping")
    elif name.startswith("core.supports.") and isinstance(data, list):
        _supports(state, name.rsplit(".", 1)[1], data)
    conn.emit(GMCPMessage(package, data))


POLICY = OptionPolicy(
    Option.GMCP, "GMCP", offer_us=lambda conn: conn.offer_gmcp, accept_us=lambda conn: conn.offer_gmcp,
    on_subneg=on_subneg, new_state=GMCPState,
)
