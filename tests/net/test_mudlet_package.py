"""The Mudlet package (net/mudlet.py): the committed file is what the sources build, it is valid
XML that reads only GMCP messages the game sends, and its scripts run in Lua against a stand-in
for Mudlet's API with the game's own messages (when lua5.4 is installed: .ci/run installs it)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from champions_mush.net import mudlet

LUA = shutil.which("lua5.4")


def test_the_served_package_is_what_the_sources_build_and_has_no_problems():
    built = mudlet.build()
    assert mudlet.package_path().read_bytes() == built, "run: champions-mush mudlet-package"
    assert mudlet.problems(built) == []
    assert built.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE MudletPackage>\n<MudletPackage')


def test_problems_name_a_message_the_game_never_sends_and_bad_xml():
    built = mudlet.build().decode()
    wrong = built.replace("gmcp.Comm.Channel.Text.text", "gmcp.Char.Items.list", 1)
    assert mudlet.problems(wrong.encode()) == ["cmChannel reads gmcp.Char.Items, which the game never sends"]
    wrong = built.replace('"Combat 1"', '"IRE.Rift 1"', 1)
    assert mudlet.problems(wrong.encode()) == ["cmSetup subscribes to IRE.Rift, which the game does not have"]
    wrong = built.replace("function cmPhase()", "function cmPhases()", 1)
    assert mudlet.problems(wrong.encode()) == ["cmPhase handles gmcp.Combat.Phase but defines no function cmPhase"]
    assert mudlet.problems(built[:-40].encode())[0].startswith("the XML does not read")


#: Mudlet's API as far as the package uses it: Geyser elements record what they are given.
_STAND_IN = """
local function element(options)
  local e = {name = options.name, text = "", value = nil}
  e.front = {setStyleSheet = function() end}
  e.back = {setStyleSheet = function() end}
  function e:setValue(now, top, caption) self.value = {now, top, caption} end
  function e:clear() self.text = "" end
  function e:echo(text) self.text = self.text .. text end
  return e
end
local kind = {new = function(self, options) return element(options) end}
Geyser = {Container = kind, Gauge = kind, MiniConsole = kind, Label = kind}
function setBorderRight() end
sent = {}
function sendGMCP(text) sent[#sent + 1] = text end
function table.contains(list, value)
  for _, x in pairs(list) do if x == value then return true end end
  return false
end
gmcp = {}
"""


def _lua(value) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"[{json.dumps(k)}] = {_lua(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "{" + ", ".join(_lua(v) for v in value) + "}"
    return "nil" if value is None else "true" if value is True else "false" if value is False else json.dumps(value)


def _run(after: str) -> str:
    from xml.etree import ElementTree as ET

    scripts = [s.findtext("script") for s in ET.fromstring(mudlet.build()).iter("Script")]
    source = _STAND_IN + "\n".join(scripts) + "\n" + after
    done = subprocess.run([LUA, "-"], check=False, input=source, capture_output=True, text=True, timeout=20)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.skipif(LUA is None, reason="lua5.4 is not installed")
def test_the_scripts_fill_the_gauges_chart_and_channel_tab_from_the_games_messages():
    vitals = {"stun": -3, "maxstun": 30, "body": 8, "maxbody": 10, "end": 22, "maxend": 40, "conditions": ["Stunned"]}
    phase = {"fight": 1, "turn": 1, "segment": 12, "phase": "Starfire", "acting": ["Starfire"], "chart": [
        {"name": "Starfire", "dex": 23, "spd": 5, "segments": [3, 5, 8, 10, 12]},
        {"name": "Viper", "dex": 14, "spd": 3, "segments": [4, 8, 12]}]}
    text = {"channel": "Public", "talker": "Alice", "text": "[Public] Alice: Hello."}
    out = _run(f"""
gmcp.Char = {{Vitals = {_lua(vitals)}}}
cmVitals()
gmcp.Combat = {{Phase = {_lua(phase)}}}
cmPhase()
gmcp.Comm = {{Channel = {{Text = {_lua(text)}}}}}
cmChannel()
cmConnected("sysProtocolEnabled", "GMCP")
for _, bar in ipairs({{cm.stun, cm.body, cm.endurance}}) do print(table.concat(bar.value, "|")) end
io.write(cm.chart.text, cm.chat.text)
print(#sent, sent[1])
""")
    assert out.split("\n") == [
        "0|30|STUN -3/30", "8|10|BODY 8/10", "22|40|END 22/40",
        "Fight #1  Turn 1  Segment 12",
        "Phase: Starfire",
        "SPD/DEX        123456789012",
        "Starfire 5/23  ..o.o..o.o.*",
        "Viper 3/14     ...o...o...*",
        "[Public] Alice: Hello.",
        '2\tCore.Supports.Add ["Char 1", "Room 1", "Comm.Channel 1", "Combat 1"]',
        "",
    ]


@pytest.mark.skipif(LUA is None, reason="lua5.4 is not installed")
def test_a_powers_that_be_vitals_message_shows_its_scores_on_a_caption():
    vitals = {"attack": 30, "dodge_resist": 20, "physical_resist": None, "boldness": None, "strength": 10}
    out = _run(f"gmcp.Char = {{Vitals = {_lua(vitals)}}}\ncmVitals()\nprint(table.concat(cm.stun.value, '|'))")
    assert out == "1|1|attack 30, dodge_resist 20, strength 10\n"
