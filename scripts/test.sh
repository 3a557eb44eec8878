#!/usr/bin/env bash
# `make test`: every test of the workspace against the real Postgres and Redis.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-services.sh
export PATH="$HOME/.cargo/bin:$PATH"

if ! cargo nextest --version >/dev/null 2>&1; then
  echo "==> installing cargo-nextest"
  cargo install cargo-nextest --locked
fi
echo "==> rust tests"
cargo nextest run --workspace --no-fail-fast
