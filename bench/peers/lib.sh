# Shared by the peer scripts (sourced): stop_pidfile FILE TENTHS
# SIGTERM the pid in FILE, wait up to TENTHS tenths of a second, then SIGKILL (a peer may
# linger after SIGTERM), and remove FILE.
stop_pidfile() {
  local file=$1 tenths=$2 pid
  [ -s "$file" ] || return 0
  pid=$(cat "$file")
  kill "$pid" 2>/dev/null || true
  for _ in $(seq "$tenths"); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$file"
}
