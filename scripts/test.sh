#!/usr/bin/env bash
# `make test`: every test of the workspace against the real Postgres and Redis.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-services.sh
export PATH="$HOME/.cargo/bin:$PATH"
# every server this script starts is a dev one (web-e2e.sh says so too); the API tests set their own
export VAKANTS_MODE=dev

if ! cargo nextest --version >/dev/null 2>&1; then
  echo "==> installing cargo-nextest"
  cargo install cargo-nextest --locked
fi
# a Meilisearch binary, when this machine has one (it is not published as a package; bench/README.md
# says how to build one): the two-node test and the search tests on Meilisearch use it
# (the developers' and CI machines keep one beside the checkouts, in ../shared/bin; the project holds
# no copy of it)
if [ -z "${MEILI_BIN:-}" ]; then
  for candidate in "$PWD/../shared/bin/meilisearch" /work/shared/bin/meilisearch; do
    if [ -x "$candidate" ]; then MEILI_BIN="$(cd "$(dirname "$candidate")" && pwd)/meilisearch"; break; fi
  done
fi
if [ -z "${MEILI_BIN:-}" ] && command -v meilisearch >/dev/null 2>&1; then
  MEILI_BIN="$(command -v meilisearch)"
fi
[ -n "${MEILI_BIN:-}" ] && export MEILI_BIN
# the tests' databases on a throw-away cluster in memory (scripts/test-postgres.sh says why)
source scripts/test-postgres.sh
echo "==> rust tests"
# snapshot tests find their files under this checkout even when the (shared, cached) test binary
# was built from a checkout at another path
export INSTA_WORKSPACE_ROOT="$PWD"
cargo nextest run --workspace --no-fail-fast
echo "==> API search tests on Meilisearch (SEARCH_ENGINE=meilisearch)"
if [ -n "${MEILI_BIN:-}" ] && [ -x "$MEILI_BIN" ]; then
  # each test process starts a throw-away Meilisearch of its own (api/tests/api/meili.rs)
  # the workspace's build of the run above, its api tests chosen by the filter (`-p api` alone
  # unifies the dependencies' features otherwise and rebuilt two dozen crates and the workspace)
  TEST_SEARCH_ENGINE=meilisearch cargo nextest run --workspace --no-fail-fast -E 'binary_id(api::api) & test(/^(search|time_rules|scaleout|alert_matching)::/)'
else
  echo "SKIPPED: no Meilisearch binary (../shared/bin/meilisearch, MEILI_BIN or meilisearch on PATH; bench/README.md says how to build one)"
fi

echo "==> web: dependencies"
command -v npm >/dev/null 2>&1 || { echo "the web tests need Node.js (20.19 or newer) and npm" >&2; exit 1; }
if [ ! -x /usr/bin/chromium ]; then
  say "installing Chromium (Debian) for the browser journeys"
  apt_install chromium
fi
(cd web && npm ci --no-audit --no-fund)

# the API tests above built `vakants` from this checkout (their CARGO_BIN_EXE_vakants); a separate
# `cargo build --bin vakants` would build the workspace again without the tests' features (tokio's
# test-util), two minutes for the same code
VAKANTS_BIN="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/debug/vakants"
[ -x "$VAKANTS_BIN" ] || cargo build --bin vakants
export VAKANTS_BIN
echo "==> web: typecheck"
(cd web && npm run --silent typecheck)
echo "==> web: API types against the server's OpenAPI document"
(cd web && npm run --silent api:check)
echo "==> web: unit tests"
(cd web && npx vitest run)
echo "==> web: production build and initial-JS budget"
(cd web && npx vite build --logLevel warn && node scripts/check-budget.mjs)
echo "==> web: browser journeys against vakants serve"
scripts/web-e2e.sh
echo "==> API contract: schemathesis against vakants serve, once per role"
scripts/schemathesis.sh
