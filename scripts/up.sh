#!/usr/bin/env bash
# `make up`: services, database, migrations, demo data (once; seeding is idempotent), then serve.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-services.sh
export PATH="$HOME/.cargo/bin:$PATH"
# a local run with the dev outbox; the server refuses to start without an explicit mode
export VAKANTS_MODE=dev

echo "==> building vakants"
cargo build --bin vakants
bin="${CARGO_TARGET_DIR:-target}/debug/vakants"

echo "==> building the web app"
(cd web && npm ci --no-audit --no-fund && npm run build)

"$bin" migrate
"$bin" seed
echo
echo "Open http://${BIND:-127.0.0.1:8080}/ (API reference: /api/docs). Codes: http://${BIND:-127.0.0.1:8080}/api/dev/outbox?to=EMAIL"
exec "$bin" serve
