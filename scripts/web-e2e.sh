#!/usr/bin/env bash
# Playwright journeys against a real `vakants serve`: a fresh, seeded database (vakants_e2e, dropped
# and recreated each run), a Redis database of its own (flushed), the built web app (web/dist) and
# Debian's Chromium. Extra arguments go to `playwright test`.
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${VAKANTS_BIN:-${CARGO_TARGET_DIR:-target}/debug/vakants}"
server="${E2E_DATABASE_SERVER:-postgres://postgres@127.0.0.1:5432}"
port="${E2E_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}"
redis_db="${E2E_REDIS_DB:-5}"
work="$(mktemp -d)"

db="${E2E_DB:-vakants_e2e}"
export DATABASE_URL="$server/$db"
export REDIS_URL="redis://127.0.0.1:6379/$redis_db"
export BIND="127.0.0.1:$port"
export WEB_DIST="$PWD/web/dist"
export DATA_DIR="$work/data"
export VAKANTS_MODE=dev
# the journeys sign in far more than 30 times in ten minutes from 127.0.0.1 (dev mode only)
export RELAXED_RATE_LIMITS=true

psql -q "$server/postgres" -c "drop database if exists $db with (force)" >/dev/null
redis-cli -n "$redis_db" flushdb >/dev/null
"$bin" migrate >/dev/null
"$bin" seed >/dev/null

"$bin" serve >"$work/server.log" 2>&1 &
server_pid=$!
cleanup() {
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

for _ in $(seq 1 100); do
  curl -sf "http://$BIND/healthz" >/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.2
done
curl -sf "http://$BIND/healthz" >/dev/null || { echo "vakants serve did not come up on $BIND" >&2; cat "$work/server.log" >&2; exit 1; }

status=0
(cd web && E2E_BASE_URL="http://$BIND" npx playwright test "$@") || status=$?
if [ "$status" -ne 0 ]; then
  echo "--- server log (last 40 lines) ---" >&2
  tail -n 40 "$work/server.log" >&2
fi
exit "$status"
