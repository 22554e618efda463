#!/usr/bin/env bash
# Our server (champions-mush) set up the same way as the peers, on loopback only.
#
#   bench/peers/champions.sh setup [PORT]   fresh data dir $PEERS/champions with the bench config
#   bench/peers/champions.sh start          start `champions-mush serve`, print its pid
#   bench/peers/champions.sh pids           print the pid to sample
#   bench/peers/champions.sh stop           stop it
#
# The bench config lifts the per-connection command rate (command_rate: 0), the
# connects-per-address limit and the failed-login limit, and the idle timeout, as the
# peers' throttles are raised; everything else (scrypt cost, SQLite FULL sync,
# output buffer cap, backlog) stays at its default. Admin: Benchadmin / benchadmin-pw.
set -euo pipefail
SELF="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
. "$(dirname "$SELF")/lib.sh"
PEERS=${PEERS:-/work/bench-peers}
DATA=$PEERS/champions
PY=${PYTHON:-python3}
cmd=${1:-}
case "$cmd" in
  setup)
    port=${2:-4201}
    "$SELF" stop 2>/dev/null || true
    rm -rf "$DATA"
    mkdir -p "$DATA"
    cat > "$DATA/config.yaml" <<CONF
# champions-mush benchmark settings: throttles raised for throughput runs
host: 127.0.0.1
port: $port
command_rate: 0
connects_per_minute: 0
creates_per_address_per_day: 0
failed_logins_per_minute: 100000
idle_timeout: 0
login_timeout: 3600
# no web client (its relay process would listen on 4280 whatever port the game is given)
web_port: 0
CONF
    "$PY" -m champions_mush.cli create-admin Benchadmin --password benchadmin-pw --data-dir "$DATA" >/dev/null
    echo "champions-mush data dir $DATA, port $port (admin Benchadmin / benchadmin-pw)"
    ;;
  start)
    cd "$DATA"
    nohup "$PY" -m champions_mush.cli serve --data-dir "$DATA" > "$DATA/serve.out" 2>&1 &
    echo $! > "$DATA/serve.pid"
    port=$(sed -n 's/^port: //p' "$DATA/config.yaml")
    for _ in $(seq 100); do
      (exec 3<>/dev/tcp/127.0.0.1/"$port") 2>/dev/null && break
      sleep 0.1
    done
    cat "$DATA/serve.pid"
    ;;
  pids)
    cat "$DATA/serve.pid"
    ;;
  stop)
    stop_pidfile "$DATA/serve.pid" 100
    ;;
  *)
    sed -n '2,13p' "$SELF"; exit 2 ;;
esac
