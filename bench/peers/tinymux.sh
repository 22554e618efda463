#!/usr/bin/env bash
# TinyMUX (Debian's `tinymux` package) as a benchmark peer, on loopback only.
#
#   bench/peers/tinymux.sh setup [PORT]   fresh game + database in $PEERS/tinymux (wipes it)
#   bench/peers/tinymux.sh start          start netmux, print its pid
#   bench/peers/tinymux.sh pids           print the pid to sample (netmux)
#   bench/peers/tinymux.sh stop           stop it
#
# The throughput settings lift TinyMUX's per-player command quota
# (command_quota_max / command_quota_increment) and player-creation limit
# (pcreate_per_hour) and its idle/connect timeouts; see docs/performance.md.
# Run as root (apt-get). PEERS defaults to /work/bench-peers.
set -euo pipefail
SELF="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
. "$(dirname "$SELF")/lib.sh"
PEERS=${PEERS:-/work/bench-peers}
GAME=$PEERS/tinymux/tinymux/game
cmd=${1:-}
case "$cmd" in
  setup)
    port=${2:-4301}
    if ! [ -x /usr/games/tinymux-install ]; then
      apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q tinymux
    fi
    "$SELF" stop 2>/dev/null || true
    rm -rf "$PEERS/tinymux"
    mkdir -p "$PEERS/tinymux"
    (cd "$PEERS/tinymux" && /usr/games/tinymux-install >/dev/null)
    cat >> "$GAME/netmux.conf" <<CONF
# --- champions-mush benchmark settings ---
port $port
ip_address 127.0.0.1
command_quota_max 1000000
command_quota_increment 1000000
pcreate_per_hour 1000000
idle_timeout 86400
conn_timeout 86400
CONF
    echo "TinyMUX game in $GAME, port $port (connect wizard potrzebie)"
    ;;
  start)
    cd "$GAME"
    ./Startmux >/dev/null
    for _ in $(seq 50); do
      [ -s netmux.pid ] && kill -0 "$(cat netmux.pid)" 2>/dev/null && break
      sleep 0.1
    done
    sleep 0.5
    cat netmux.pid
    ;;
  pids)
    cat "$GAME/netmux.pid"
    ;;
  stop)
    stop_pidfile "$GAME/netmux.pid" 50
    ;;
  *)
    sed -n '2,13p' "$SELF"; exit 2 ;;
esac
