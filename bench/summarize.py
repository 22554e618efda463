#!/usr/bin/env python3
"""Turn loadgen JSON lines into the Markdown table used in docs/performance.md.

    python bench/summarize.py bench/results/*.jsonl
"""

from __future__ import annotations

import json
import sys

HEADER = (
    "| label | scenario | clients | made/failed | cmds/s | deliveries/s | p50 ms | p90 ms"
    " | p99 ms | max ms | server CPU % | server RSS MB (connected/max) | gen CPU % | other load % |"
)


def _fmt(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:,.1f}" if value >= 10 else f"{value:.2f}"
    return f"{value:,}" if isinstance(value, int) else str(value)


def row(r: dict) -> str:
    lat, c, rss = r["latency_ms"], r["connections"], r.get("server_rss_mb") or {}
    scenario = r["scenario"] + (f" open {r['rate']:g}/s" if r.get("rate") else "")
    if r.get("rooms", 1) > 1:
        scenario += f", {r['rooms']} rooms"
    if "burst" in r:
        b = r["burst"]
        scenario += f" + burst {b['made']}/{b['clients']} in {_fmt(b['all_in_s'])} s"
    if "still_connected" in r:
        scenario += f" ({r['still_connected']} still connected)"
    cells = [
        r.get("label") or r["server"], scenario, _fmt(r["clients"]),
        f"{c['made']}/{c['failed']}", _fmt(r["commands_per_s"]), _fmt(r["deliveries_per_s"]),
        _fmt(lat["p50"]), _fmt(lat["p90"]), _fmt(lat["p99"]), _fmt(lat["max"]),
        _fmt(r.get("server_cpu_pct")),
        f"{_fmt(rss.get('connected'))}/{_fmt(rss.get('max'))}",
        "+".join(_fmt(x) for x in r.get("generator_cpu_pct", [])),
        _fmt(r.get("other_load_pct")),
    ]
    return "| " + " | ".join(cells) + " |"


def main(paths: list[str]) -> int:
    print(HEADER)
    print("|" + "---|" * (HEADER.count("|") - 1))
    for path in paths:
        with open(path) as f:
            for line in f:
                if line.strip():
                    print(row(json.loads(line)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
