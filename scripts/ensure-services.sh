#!/usr/bin/env bash
# Makes sure what Vakants needs on this machine is there and running: a Rust toolchain, Node.js,
# PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379. Starts them when installed,
# installs them with apt when not (Debian).
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
apt_updated=""
apt_install() {
  if [ -z "$apt_updated" ]; then as_root apt-get update -qq; apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if ! command -v cargo >/dev/null 2>&1; then
  if [ -x "$HOME/.cargo/bin/cargo" ]; then
    export PATH="$HOME/.cargo/bin:$PATH"
  else
    say "installing the Rust toolchain (rustup)"
    command -v curl >/dev/null 2>&1 || apt_install curl ca-certificates
    command -v cc >/dev/null 2>&1 || apt_install build-essential pkg-config
    curl -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
    export PATH="$HOME/.cargo/bin:$PATH"
  fi
fi

if ! command -v npm >/dev/null 2>&1; then
  say "installing Node.js and npm (the web app needs Node.js 20.19 or newer)"
  apt_install nodejs npm
fi

if ! command -v curl >/dev/null 2>&1 || ! command -v jq >/dev/null 2>&1; then
  say "installing curl and jq (a test runs the curl example of docs/api.md)"
  apt_install curl jq
fi

postgres_up() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
if ! command -v pg_isready >/dev/null 2>&1 || ! postgres_up; then
  if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    say "installing PostgreSQL"
    apt_install postgresql
    fresh_install=1
  fi
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  if [ -n "${fresh_install:-}" ]; then
    # a server installed here for local development: let local TCP connections of user postgres in without a password
    hba="/etc/postgresql/$version/main/pg_hba.conf"
    grep -q '^host all postgres 127.0.0.1/32 trust' "$hba" || as_root sed -i '1i host all postgres 127.0.0.1/32 trust' "$hba"
  fi
  say "starting PostgreSQL $version"
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do postgres_up && break; sleep 1; done
  postgres_up || { echo "PostgreSQL does not answer on 127.0.0.1:5432" >&2; exit 1; }
fi

redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }
if ! command -v redis-cli >/dev/null 2>&1 || ! redis_up; then
  if ! command -v redis-server >/dev/null 2>&1; then
    say "installing Redis"
    apt_install redis-server
  fi
  if ! redis_up; then
    say "starting Redis"
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
    for _ in $(seq 1 20); do redis_up && break; sleep 0.5; done
  fi
  redis_up || { echo "Redis does not answer on 127.0.0.1:6379" >&2; exit 1; }
fi
