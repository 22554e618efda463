#!/usr/bin/env python3
"""The side-by-side table of a bench/fanout.sh run (docs/performance.md, "Fan-out per turn").

    python bench/fanout_table.py bench/results/fanout.jsonl [PEER_LABEL OURS_LABEL]

Per client count: delivered lines/s, p99, server CPU per delivered line (server CPU time over
lines delivered) and the rest of the machine's load, for the peer and for us; then the single
client round trip and the resident memory with 1,000 clients connected.
"""

from __future__ import annotations

import json
import sys


def _runs(path: str) -> list[dict]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _find(runs: list[dict], server: str, what: str) -> dict | None:
    found = [r for r in runs if (r.get("label") or "").startswith(f"{server} {what};")]
    return found[-1] if found else None


def _us_per_line(r: dict) -> float | None:
    cpu, lines = r.get("server_cpu_pct"), r.get("lines_per_s")
    return None if not cpu or not lines else cpu / 100 / lines * 1e6


def _n(value: float | None, digits: int = 0) -> str:
    return "–" if value is None else f"{value:,.{digits}f}"


def table(runs: list[dict], peer: str, ours: str) -> str:
    sizes = sorted({r["clients"] for r in runs if r["scenario"] == "say"})
    out = [
        (f"| clients | {peer} lines/s | ours lines/s | ours ÷ {peer} | {peer} p99 ms | ours p99 ms"
        f" | {peer} CPU µs/line | ours CPU µs/line | other load % ({peer} / ours) |"),
        "|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for n in sizes:
        p, o = _find(runs, peer, f"say {n}"), _find(runs, ours, f"say {n}")
        if p is None or o is None:
            continue
        ratio = o["lines_per_s"] / p["lines_per_s"] if p["lines_per_s"] else None
        out.append(
            f"| {n} | {_n(p['lines_per_s'])} | {_n(o['lines_per_s'])} | {_n(ratio, 2)}× "
            f"| {_n(p['latency_ms']['p99'], 1)} | {_n(o['latency_ms']['p99'], 1)} "
            f"| {_n(_us_per_line(p), 2)} | {_n(_us_per_line(o), 2)} "
            f"| {_n(p['other_load_pct'])} / {_n(o['other_load_pct'])} |")
    rows = []
    for name in (peer, ours):
        probe, hold = _find(runs, name, "probe"), _find(runs, name, "hold 1000")
        rows.append(
            f"| {name} | {_n(probe and probe['latency_ms']['p50'], 3)} "
            f"| {_n(hold and hold['server_rss_mb']['idle'], 1)} "
            f"| {_n(hold and hold['server_rss_mb']['connected'], 1)} |")
    out += ["", "| server | one client's round trip p50 ms | RSS idle MB | RSS, 1,000 connected MB |",
            "|---|---:|---:|---:|", *rows]
    return "\n".join(out)


def main() -> None:
    path, *labels = sys.argv[1:]
    peer, ours = labels if labels else ("TinyMUX", "champions-mush")
    print(table(_runs(path), peer, ours))


if __name__ == "__main__":
    main()
