#!/usr/bin/env bash
# Sourced by the scripts that test a real `vakants serve` (web-e2e.sh, schemathesis.sh):
#   source scripts/fresh-server.sh DATABASE REDIS_DB
# starts the server in dev mode on a fresh, seeded database DATABASE (dropped and recreated), a
# Redis database of its own (flushed), a temporary DATA_DIR and a free port (FRESH_PORT to choose
# one), with relaxed per-IP rate limits (RELAXED_RATE_LIMITS, dev only: the tests come from one
# address). Sets BIND (host:port), SERVER_URL, server_pid and server_log, and stops the server and
# removes the temporary directory when the calling script exits.
# FRESH_DATABASE_SERVER: the Postgres server; by default the tests' (TEST_DATABASE_SERVER, set by
# scripts/test-postgres.sh), else the machine's (postgres://postgres@127.0.0.1:5432).

fresh_db="$1"
fresh_redis_db="$2"
bin="${VAKANTS_BIN:-${CARGO_TARGET_DIR:-target}/debug/vakants}"
fresh_server="${FRESH_DATABASE_SERVER:-${TEST_DATABASE_SERVER:-postgres://postgres@127.0.0.1:5432}}"
fresh_port="${FRESH_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}"
fresh_work="$(mktemp -d)"

export DATABASE_URL="$fresh_server/$fresh_db"
export REDIS_URL="redis://127.0.0.1:6379/$fresh_redis_db"
export BIND="127.0.0.1:$fresh_port"
export WEB_DIST="${WEB_DIST:-$PWD/web/dist}"
export DATA_DIR="$fresh_work/data"
export VAKANTS_MODE=dev
export RELAXED_RATE_LIMITS=true
SERVER_URL="http://$BIND"
server_log="$fresh_work/server.log"

psql -q "$fresh_server/postgres" -c "drop database if exists $fresh_db with (force)" >/dev/null
redis-cli -n "$fresh_redis_db" flushdb >/dev/null
"$bin" migrate >/dev/null
"$bin" seed >/dev/null

"$bin" serve >"$server_log" 2>&1 &
server_pid=$!
fresh_server_stop() {
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  rm -rf "$fresh_work"
}
trap fresh_server_stop EXIT

for _ in $(seq 1 100); do
  curl -sf "$SERVER_URL/healthz" >/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$server_log" >&2; exit 1; }
  sleep 0.2
done
curl -sf "$SERVER_URL/healthz" >/dev/null || { echo "vakants serve did not come up on $BIND" >&2; cat "$server_log" >&2; exit 1; }
