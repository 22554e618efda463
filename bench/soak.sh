#!/usr/bin/env bash
# Soak run: a mixed open-loop load (say, pose, page, +nd6, +kd6, RULES, look) on our server for
# a while, watching latency, timeouts, dropped connections and memory over the whole run.
#
#   bench/soak.sh [MINUTES] [OUT.jsonl]      (default 3 minutes, bench/results/soak.jsonl)
#
# Uses the game set up by bench/peers/champions.sh (setup, then the characters Ch1..Ch200 and
# rooms Bench0..Bench19 made by bench/side_by_side.sh champions); starts it if it is not running.
# RATE (default 1000 commands/s in total) and CLIENTS (default 200) can be set.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-3} out=${2:-bench/results/soak.jsonl}
RATE=${RATE:-1000} CLIENTS=${CLIENTS:-200}
pid=$(bench/peers/champions.sh pids 2>/dev/null || true)
if [ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null; then pid=$(bench/peers/champions.sh start); fi
renice -n -10 -p "$pid" >/dev/null
nice -n -10 python bench/loadgen.py --preset champions --names Ch --login connect \
  --clients "$CLIENTS" --rooms 20 --room-join 'b{room}' --scenario mixed --mode open \
  --rate "$RATE" --duration $((minutes * 60)) --warmup 10 --quickack --wait-quiet 60 \
  --server-pid "$pid" --json "$out" \
  --label "champions-mush soak: mixed, open ${RATE}/s, ${CLIENTS} clients, 20 rooms, ${minutes} min"
