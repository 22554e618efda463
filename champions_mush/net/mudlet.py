"""The game's Mudlet package: built from ``champions_mush/web/mudlet/*.lua``, served on the web
port, and offered to Mudlet by GMCP ``Client.GUI`` (docs/clients.md, "Mudlet").

``champions-mush mudlet-package`` writes ``champions_mush/web/champions-mush.xml`` (a Mudlet
XML package: one script per Lua file, its event handlers listed in :data:`SCRIPTS`) and
:func:`problems` checks a package: the XML reads, every script's function is defined, and every
GMCP message it reads is one the game sends (game/gmcp.py ``GMCP_MESSAGES``). CI runs both
(tests/net/test_mudlet_package.py fails when the file is not what the sources build).
"""

from __future__ import annotations

import re
import zlib
from pathlib import Path

from ..game.gmcp import GMCP_MESSAGES

__all__ = ["PACKAGE_FILE", "SCRIPTS", "build", "gui_message", "package_path", "problems"]

#: The file on the web port (its name is the package's name in Mudlet).
PACKAGE_FILE = "champions-mush.xml"
#: Each script of the package: its name (the Lua function Mudlet calls), and the events it handles.
SCRIPTS = (
    ("cmSetup", ()),
    ("cmConnected", ("sysProtocolEnabled",)),
    ("cmVitals", ("gmcp.Char.Vitals",)),
    ("cmPhase", ("gmcp.Combat.Phase",)),
    ("cmChannel", ("gmcp.Comm.Channel.Text",)),
)
#: A GMCP message named in Lua: ``gmcp.Char.Vitals`` (fields after it start in lower case).
_GMCP_READ = re.compile(r"\bgmcp\.((?:[A-Z][A-Za-z]*\.?)+)")
_SUBSCRIBED = re.compile(r"Core\.Supports\.(?:Add|Set) (\[[^\]]*\])")

#: The package's folder (beside this package: a path, not ``importlib.resources``, which with
#: ``tempfile`` and ``shutil`` would cost the game's process 0.6 MB: docs/performance.md,
#: "Memory with 1,000 connected, again").
_WEB = Path(__file__).resolve().parents[1] / "web"

_version: str | None = None


def package_path() -> Path:
    return _WEB / PACKAGE_FILE


def _source(name: str) -> str:
    return (_WEB / "mudlet" / f"{name}.lua").read_text(encoding="utf-8")


def build() -> bytes:
    """The package's XML from the Lua sources (MudletPackage 1.001: a script group, one script each)."""
    from xml.etree import ElementTree as ET  # only when building: the server never does

    root = ET.Element("MudletPackage", version="1.001")
    group = ET.SubElement(ET.SubElement(root, "ScriptPackage"), "ScriptGroup", isActive="yes", isFolder="yes")
    for tag, text in (("name", "champions-mush"), ("packageName", "champions-mush"), ("script", "")):
        ET.SubElement(group, tag).text = text
    ET.SubElement(group, "eventHandlerList")
    for name, events in SCRIPTS:
        script = ET.SubElement(group, "Script", isActive="yes", isFolder="no")
        for tag, text in (("name", name), ("packageName", ""), ("script", _source(name))):
            ET.SubElement(script, tag).text = text
        handlers = ET.SubElement(script, "eventHandlerList")
        for event in events:
            ET.SubElement(handlers, "string").text = event
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE MudletPackage>\n' + body + "\n").encode("utf-8")


def problems(xml: bytes) -> list[str]:
    """What is wrong with a package: XML that does not read, a script without its function, a
    GMCP message the game never sends, a subscription to a package it does not have."""
    from xml.etree import ElementTree as ET

    try:
        root = ET.fromstring(xml)
    except ET.ParseError as exc:
        return [f"the XML does not read: {exc}"]
    if root.tag != "MudletPackage":
        return [f"the root is <{root.tag}>, not <MudletPackage>"]
    sent = set(GMCP_MESSAGES)
    roots = {m.split(".")[0] for m in sent} | {".".join(m.split(".")[:2]) for m in sent}
    found = []
    for script in root.iter("Script"):
        name, lua = script.findtext("name", ""), script.findtext("script", "")
        events = [e.text or "" for e in script.iter("string")]
        if events and not re.search(rf"\bfunction {re.escape(name)}\(", lua):
            found.append(f"{name} handles {', '.join(events)} but defines no function {name}")
        read = {e[5:] for e in events if e.startswith("gmcp.")} | {m.rstrip(".") for m in _GMCP_READ.findall(lua)}
        found += [f"{name} reads gmcp.{m}, which the game never sends" for m in sorted(read - sent)]
        for listed in _SUBSCRIBED.findall(lua):
            packages = {p.strip(' "').split(" ")[0] for p in listed.strip("[]").split(",") if p.strip()}
            found += [f"{name} subscribes to {p}, which the game does not have" for p in sorted(packages - roots)]
    return found


def version() -> str:
    """The served package's version: a checksum of the file (CRC-32: zlib is loaded for MCCP2,
    hashlib would load libcrypto), so Mudlet fetches it again when it changes."""
    global _version
    if _version is None:
        _version = f"{zlib.crc32(package_path().read_bytes()):08x}"
    return _version


def gui_message(host: str, port: int) -> dict[str, str]:
    """The ``Client.GUI`` body for a client that reached us at ``host``: version and URL."""
    return {"version": version(), "url": f"http://{host}:{port}/{PACKAGE_FILE}"}
