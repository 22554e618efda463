#!/usr/bin/env bash
# Fan-out side by side in one run: TinyMUX, then champions-mush, each alone on the machine.
#
#   bench/fanout.sh OUT.jsonl [tinymux|champions ...]   (default: both, TinyMUX first)
#
# Per server: the single-client round trip (probe), `say` in one crowded room at each of
# $SIZES clients (closed loop), and, after a restart, 1,000 clients connected and idle
# (resident memory). Each probe and say run is in a fresh room the admin digs for it (the
# clients go home, then through its exit, dug from their home by the admin), so no server's
# `say` meets the characters left asleep by `create` and earlier runs (TinyMUX's `say` looks
# at every object in the room).
# Characters Tm1.. / Ch1.. must exist (bench/peers/*.sh setup, then loadgen --scenario create).
# Each result's label carries the machine's load average when the run started.
# Environment: PEERS (as bench/peers/*.sh), TM_PORT (5801), CH_PORT (5802), SIZES
# ("50 200 500 1000"; "" for none: probe and hold only), DURATION (15), WARMUP (5), HOLD (1000),
# NICE (-10), LOADGEN_PY (python3),
# RAMP (logins/s, 30: our server refuses a login past 32 password hashes waiting).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1; shift
servers=${*:-"tinymux champions"}
SIZES=${SIZES-"50 200 500 1000"} DURATION=${DURATION:-15} WARMUP=${WARMUP:-5}
HOLD=${HOLD:-1000} NICE=${NICE:--10} PY=${LOADGEN_PY:-python3} RAMP=${RAMP:-30}
P=bench/peers
for s in tinymux champions; do "$P/$s.sh" stop >/dev/null 2>&1 || true; done
run() {  # run PRESET PORT PREFIX LABEL PEER ADMIN-LOGIN ADMIN-TO-THE-CLIENTS'-HOME
  local preset=$1 port=$2 prefix=$3 label=$4 peer=$5 admin=$6 admin_home=$7 pid
  pid=$("$P/$peer.sh" start)
  lg() {
    local what=$1; shift
    echo "+ $label $what ($(cut -d' ' -f1-3 /proc/loadavg))" >&2
    nice -n "$NICE" "$PY" bench/loadgen.py --preset "$preset" --port "$port" --names "$prefix" \
      --json "$out" --login-timeout 300 --server-pid "$pid" --ramp "$RAMP" \
      --label "$label $what; load $(cut -d' ' -f1-3 /proc/loadavg)" "$@" || true
  }
  renice -n "$NICE" -p "$pid" >/dev/null
  fresh() {  # a room of its own for the next run: sets ROOM, the load generator's arguments
    local way
    way="fresh$1x$(date +%s)"
    ROOM=(--admin "$admin" --admin "$admin_home" --room-setup "@dig Fresh $1 $(date +%s)=$way"
          --room-join "home||$way")
  }
  fresh probe
  lg probe --scenario probe --login connect --duration 10 --warmup 2 "${ROOM[@]}"
  for n in $SIZES; do
    fresh "$n"
    lg "say $n" --scenario say --clients "$n" --login connect --duration "$DURATION" \
      --warmup "$WARMUP" --cmd-timeout 120 "${ROOM[@]}"
  done
  if [ "$HOLD" -gt 0 ]; then  # resident memory of a freshly started server
    "$P/$peer.sh" stop
    pid=$("$P/$peer.sh" start)
    renice -n "$NICE" -p "$pid" >/dev/null
    lg "hold $HOLD" --scenario hold --clients "$HOLD" --login connect --duration 10
  fi
  "$P/$peer.sh" stop
}
for s in $servers; do
  case "$s" in
    tinymux) run tinymux "${TM_PORT:-5801}" Tm TinyMUX tinymux "connect wizard potrzebie" "@tel #0" ;;
    champions) run champions "${CH_PORT:-5802}" Ch champions-mush champions "connect Benchadmin benchadmin-pw" home ;;
  esac
done
"$PY" bench/summarize.py "$out"
