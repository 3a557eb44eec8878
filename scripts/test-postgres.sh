#!/usr/bin/env bash
# Sourced by scripts/test.sh: starts a throw-away PostgreSQL cluster for the tests, of the same
# server binaries as the machine's, in memory (/dev/shm when there is one) and without durability
# (fsync, synchronous_commit and full_page_writes off), on a free port; sets
# TEST_DATABASE_SERVER to it (the API tests' databases, api/tests/api/helpers.rs, and the seeded
# servers of the browser journeys and schemathesis, scripts/fresh-server.sh), and stops and removes
# it when the calling script exits.
#
# Why: every API test copies the migrated template into a database of its own and drops it after
# (~850 of them). On the machine's cluster each copy waits for its WAL to reach the disk: ~0.8 s
# per database and half the Rust tests' time in the kernel. Nothing a test writes needs to outlive
# the run. The fault tests (api/tests/faults) start clusters of their own as before.
#
# Without the server binaries (initdb, pg_ctl under /usr/lib/postgresql/*/bin) it says so and the
# tests use the machine's cluster (127.0.0.1:5432). TEST_POSTGRES=machine does the same on purpose.

test_pg_bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [ "${TEST_POSTGRES:-throwaway}" = machine ] || [ -z "$test_pg_bin" ] || [ ! -x "$test_pg_bin/initdb" ]; then
  echo "==> tests on the machine's PostgreSQL (127.0.0.1:5432)"
else
  test_pg_parent=/dev/shm
  [ -d "$test_pg_parent" ] && [ -w "$test_pg_parent" ] || test_pg_parent="${TMPDIR:-/tmp}"
  test_pg_dir="$(mktemp -d "$test_pg_parent/vakants-test-pg.XXXXXX")"
  test_pg_port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  # initdb refuses root: the cluster then belongs to the postgres user
  test_pg_owner=()
  if [ "$(id -u)" = 0 ]; then
    chown postgres "$test_pg_dir"
    test_pg_owner=(runuser -u postgres --)
  fi
  "${test_pg_owner[@]}" "$test_pg_bin/initdb" -D "$test_pg_dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  "${test_pg_owner[@]}" "$test_pg_bin/pg_ctl" -D "$test_pg_dir/data" -l "$test_pg_dir/server.log" -w -t 60 start \
    -o "-c listen_addresses=127.0.0.1 -c port=$test_pg_port -c unix_socket_directories=$test_pg_dir -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=256MB" >/dev/null
  test_postgres_stop() {
    "${test_pg_owner[@]}" "$test_pg_bin/pg_ctl" -D "$test_pg_dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$test_pg_dir"
  }
  trap test_postgres_stop EXIT
  export TEST_DATABASE_SERVER="postgres://postgres@127.0.0.1:$test_pg_port"
  echo "==> tests on a throw-away PostgreSQL ($("$test_pg_bin/postgres" --version), $TEST_DATABASE_SERVER, in $test_pg_dir, no fsync)"
fi
