#!/usr/bin/env bash
# Playwright journeys against a real `vakants serve`: a fresh, seeded database (vakants_e2e, dropped
# and recreated each run), a Redis database of its own (flushed), the built web app (web/dist) and
# Debian's Chromium (scripts/fresh-server.sh). Extra arguments go to `playwright test`.
set -euo pipefail
cd "$(dirname "$0")/.."

FRESH_PORT="${E2E_PORT:-}"
export WEB_DIST="$PWD/web/dist"
source scripts/fresh-server.sh "${E2E_DB:-vakants_e2e}" "${E2E_REDIS_DB:-5}"

e2e_out="$(mktemp)"
set +e
(cd web && E2E_BASE_URL="$SERVER_URL" npx playwright test "$@") 2>&1 | tee "$e2e_out"
status="${PIPESTATUS[0]}"
set -e
if [ "$status" -ne 0 ]; then
  echo "--- server log (last 40 lines) ---" >&2
  tail -n 40 "$server_log" >&2
  # last, so that the end of a CI log names the failed journeys and why: Playwright's own report of
  # each failure ("  1) e2e/…") and its summary
  echo "--- failed journeys ---" >&2
  sed -n '/^  [0-9]*) /,$p' "$e2e_out" | head -n 200 >&2
fi
rm -f "$e2e_out"
exit "$status"
