#!/usr/bin/env bash
# Evennia (from PyPI, in its own virtual environment) as a benchmark peer, on loopback only.
#
#   bench/peers/evennia.sh setup [PORT]   venv + `evennia --init` + migrate in $PEERS/evennia (wipes the game)
#   bench/peers/evennia.sh start          start portal + server, print their pids
#   bench/peers/evennia.sh pids           print both pids, comma separated (for loadgen --server-pid)
#   bench/peers/evennia.sh stop           stop both
#
# The settings appended below raise Evennia's throttles for throughput runs:
# MAX_CONNECTION_RATE (default 2/s), MAX_COMMAND_RATE (default 80/s per session;
# 0 would divide by zero in the portal, so a huge value stands for "off"),
# CREATION/LOGIN_THROTTLE_LIMIT (default 2 and 5 per IP), IDLE_TIMEOUT; the web
# server, web client and websocket are turned off. PEERS defaults to /work/bench-peers,
# the venv to /work/evennia-venv.
set -euo pipefail
SELF="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
PEERS=${PEERS:-/work/bench-peers}
VENV=${EVENNIA_VENV:-/work/evennia-venv}
GAME=$PEERS/evennia/benchgame
export EVENNIA_SUPERUSER_USERNAME=Admin
export EVENNIA_SUPERUSER_EMAIL=admin@example.invalid
export EVENNIA_SUPERUSER_PASSWORD=BenchAdmin-123
cmd=${1:-}
case "$cmd" in
  setup)
    port=${2:-4302}
    [ -x "$VENV/bin/evennia" ] || { python3 -m venv "$VENV" && "$VENV/bin/pip" install -q evennia; }
    "$SELF" stop 2>/dev/null || true
    rm -rf "$PEERS/evennia"
    mkdir -p "$PEERS/evennia"
    cd "$PEERS/evennia"
    "$VENV/bin/evennia" --init benchgame >/dev/null
    cat >> "$GAME/server/conf/settings.py" <<CONF

# --- champions-mush benchmark settings ---
TELNET_PORTS = [$port]
TELNET_INTERFACES = ["127.0.0.1"]
AMP_PORT = $((port + 4))
WEBSERVER_ENABLED = False
WEBCLIENT_ENABLED = False
WEBSOCKET_CLIENT_ENABLED = False
MAX_CONNECTION_RATE = 1000000
MAX_COMMAND_RATE = 1000000
CREATION_THROTTLE_LIMIT = None
LOGIN_THROTTLE_LIMIT = None
IDLE_TIMEOUT = -1
CONF
    cd "$GAME" && "$VENV/bin/evennia" migrate >/dev/null
    echo "Evennia game in $GAME, telnet port $port (superuser Admin / $EVENNIA_SUPERUSER_PASSWORD)"
    ;;
  start)
    cd "$GAME"
    "$VENV/bin/evennia" start </dev/null >/dev/null
    for _ in $(seq 100); do [ -s server/server.pid ] && break; sleep 0.1; done
    "$SELF" pids
    ;;
  pids)
    echo "$(cat "$GAME/server/server.pid"),$(cat "$GAME/server/portal.pid")"
    ;;
  stop)
    [ -d "$GAME" ] && cd "$GAME" && "$VENV/bin/evennia" stop </dev/null >/dev/null || true
    ;;
  *)
    sed -n '2,14p' "$SELF"; exit 2 ;;
esac
