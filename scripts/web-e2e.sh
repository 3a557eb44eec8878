#!/usr/bin/env bash
# Playwright journeys against a real `vakants serve`: a fresh, seeded database (vakants_e2e, dropped
# and recreated each run), a Redis database of its own (flushed), the built web app (web/dist) and
# Debian's Chromium (scripts/fresh-server.sh). Extra arguments go to `playwright test`.
set -euo pipefail
cd "$(dirname "$0")/.."

FRESH_DATABASE_SERVER="${E2E_DATABASE_SERVER:-postgres://postgres@127.0.0.1:5432}"
FRESH_PORT="${E2E_PORT:-}"
export WEB_DIST="$PWD/web/dist"
source scripts/fresh-server.sh "${E2E_DB:-vakants_e2e}" "${E2E_REDIS_DB:-5}"

status=0
(cd web && E2E_BASE_URL="$SERVER_URL" npx playwright test "$@") || status=$?
if [ "$status" -ne 0 ]; then
  echo "--- server log (last 40 lines) ---" >&2
  tail -n 40 "$server_log" >&2
fi
exit "$status"
