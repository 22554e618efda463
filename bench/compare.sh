#!/usr/bin/env bash
# Run the published benchmark set against one server and append JSON lines to OUT.
#
#   bench/compare.sh PRESET OUT.jsonl
#
# PRESET is a loadgen preset (champions, tinymux, evennia). Environment:
#   PORT       server port (default: the preset's)
#   PIDS       server pid(s) to sample, comma separated (required for CPU/RSS)
#   PREFIX     character names are PREFIX1..PREFIXn (default Bn)
#   CREATE     number of characters to create first (0: they exist already)
#   SIZES      say-in-one-room client counts (default "50 200 500")
#   DURATION   measured seconds per run (default 20); WARMUP seconds before (default 5)
#   WARMUP_500 / DURATION_500  override both for the 500-client say run
#   BURST      burst scenario: clients logging in at once (default 200; 0 skips)
#   BURST_BG   clients saying 1/s each in the room during the burst (default 50)
#   HOLD       hold scenario: clients connected and idle (default 0: skipped)
#   ROOMS, ROOM_BUILD, ROOM_JOIN, ROOM_MIX  spread-over-rooms runs (skipped when ROOM_JOIN is
#              empty): ROOM_BUILD holds the --admin/--room-setup arguments that build the rooms
#              (before the first run), ROOM_JOIN the command that walks in (e.g. 'b{room}'),
#              ROOM_MIX the scenario(s) (default look), with ROOM_CLIENTS clients (default 200)
#   HOME_CMD   sent after login in the one-room runs to gather everyone (default home)
#   NICE       niceness for the generator and the server pids (default -10): this machine is
#              shared, so both get priority over other work; the same for every server
#   LABEL      stored with each result (default PRESET)
# Every run is bounded: login timeouts of at most 15 minutes, measured windows of seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=$1 out=$2
PREFIX=${PREFIX:-Bn} CREATE=${CREATE:-0} SIZES=${SIZES:-"50 200 500"}
DURATION=${DURATION:-20} WARMUP=${WARMUP:-5} BURST=${BURST:-200} BURST_BG=${BURST_BG:-50}
HOLD=${HOLD:-0} ROOMS=${ROOMS:-20} ROOM_BUILD=${ROOM_BUILD:-} ROOM_JOIN=${ROOM_JOIN:-}
ROOM_MIX=${ROOM_MIX:-look}
ROOM_CLIENTS=${ROOM_CLIENTS:-200} LABEL=${LABEL:-$preset}
common=(--preset "$preset" --names "$PREFIX" --json "$out" --login-timeout 900 --wait-quiet 120)
[ -n "${PORT:-}" ] && common+=(--port "$PORT")
[ -n "${PIDS:-}" ] && common+=(--server-pid "$PIDS")
HOME_CMD=${HOME_CMD:-home}
NICE=${NICE:--10}
if [ -n "${PIDS:-}" ]; then renice -n "$NICE" -p ${PIDS//,/ } >/dev/null; fi
lg() {
  echo "+ loadgen $*" >&2
  nice -n "$NICE" python bench/loadgen.py "${common[@]}" "$@" || true
  echo
}

if [ "$CREATE" -gt 0 ]; then
  lg --label "$LABEL create" --scenario create --clients "$CREATE" --ramp 50 --duration 1 --warmup 0
fi
home=(--room-join "$HOME_CMD")
lg --label "$LABEL probe" --scenario probe --login connect --duration 10 --warmup 2 "${home[@]}"
lg --label "$LABEL probe look+sync" --scenario look --clients 1 --workers 1 --login connect \
   --duration 5 --warmup 1 "${home[@]}"
for n in $SIZES; do
  d=$DURATION w=$WARMUP
  if [ "$n" -ge 500 ]; then d=${DURATION_500:-$DURATION} w=${WARMUP_500:-$WARMUP}; fi
  lg --label "$LABEL say $n" --scenario say --clients "$n" --login connect --duration "$d" \
     --warmup "$w" --cmd-timeout 120 "${home[@]}"
done
if [ "$BURST" -gt 0 ]; then
  lg --label "$LABEL burst $BURST" --scenario burst --clients "$BURST_BG" --burst "$BURST" \
     --mode open --rate "$BURST_BG" --login connect --duration "$DURATION" --warmup 2 "${home[@]}"
fi
if [ -n "$ROOM_JOIN" ]; then
  eval "build=($ROOM_BUILD)"
  for mix in $ROOM_MIX; do
    lg --label "$LABEL $mix $ROOMS rooms" --scenario "$mix" --clients "$ROOM_CLIENTS" \
       --rooms "$ROOMS" --login connect --duration "$DURATION" --warmup "$WARMUP" --quickack \
       --room-join "$ROOM_JOIN" "${build[@]}"
    build=()  # the rooms are built once
  done
fi
if [ "$HOLD" -gt 0 ]; then
  lg --label "$LABEL hold $HOLD" --scenario hold --clients "$HOLD" --login connect --duration 10 \
     --ramp 200
fi
