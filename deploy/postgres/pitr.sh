#!/usr/bin/env bash
# Point-in-time recovery for Vakants' Postgres with Postgres' own tools (Debian's
# postgresql-15 / postgresql-client-15): continuous WAL archiving, pg_basebackup, pg_verifybackup.
# The recipe, and when to use it rather than `vakants backup`: docs/deploy.md, "Point in time".
#
#   pitr.sh archive-settings ARCHIVE_DIR
#       prints the postgresql.conf lines that archive every WAL segment into ARCHIVE_DIR
#       (a directory on other storage than the cluster: a mounted volume, NFS, a synced bucket)
#   pitr.sh base-backup BACKUP_DIR
#       takes a base backup (pg_basebackup, plain format with its manifest) into
#       BACKUP_DIR/base-<UTC time> and verifies it with pg_verifybackup; connects with libpq's
#       variables (PGHOST, PGPORT, PGUSER as a role with REPLICATION, PGPASSWORD)
#   pitr.sh restore BASE_DIR ARCHIVE_DIR TARGET_TIME NEW_PGDATA
#       makes NEW_PGDATA a copy of the base backup that, when started (pg_ctl -D NEW_PGDATA start,
#       or pointing the service at it), replays the archived WAL up to TARGET_TIME (e.g.
#       '2026-11-29 08:14:00+00') and then opens for writes
#   pitr.sh drill
#       the whole recipe against a throw-away cluster (initdb on a free port in a temp dir, as the
#       postgres user when run as root): rows before the target time come back, rows after it do
#       not; exits non-zero otherwise. api/tests/api/backup_drill.rs runs it.
set -euo pipefail

die() { echo "pitr.sh: $*" >&2; exit 1; }

# the binaries of the newest installed major version (PG_BINDIR wins)
pg_bindir() {
  if [ -n "${PG_BINDIR:-}" ]; then echo "$PG_BINDIR"; return; fi
  local newest
  newest="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
  if [ -n "$newest" ]; then echo "$newest"; else dirname "$(command -v pg_basebackup || die "no pg_basebackup: apt-get install postgresql-client")"; fi
}
BIN="$(pg_bindir)"

archive_settings() {
  local archive="$1"
  cat <<EOF
wal_level = replica
archive_mode = on
archive_timeout = 60
archive_command = 'test ! -f $archive/%f && cp %p $archive/%f.part && sync $archive/%f.part && mv $archive/%f.part $archive/%f'
EOF
}

base_backup() {
  local root="$1" target
  target="$root/base-$(date -u +%Y%m%dT%H%M%SZ)"
  mkdir -p "$root"
  "$BIN/pg_basebackup" --pgdata="$target" --format=plain --wal-method=stream --checkpoint=fast \
    --label="vakants $(date -u +%FT%TZ)" --manifest-checksums=SHA256 --no-password
  "$BIN/pg_verifybackup" "$target" >/dev/null
  echo "$target"
}

restore() {
  local base="$1" archive="$2" target_time="$3" pgdata="$4"
  [ -f "$base/backup_manifest" ] || die "$base is not a base backup (no backup_manifest)"
  [ ! -e "$pgdata" ] || [ -z "$(ls -A "$pgdata")" ] || die "$pgdata is not empty"
  "$BIN/pg_verifybackup" --no-parse-wal "$base" >/dev/null || die "$base does not match its manifest"
  mkdir -p "$pgdata"
  cp -a "$base/." "$pgdata/"
  chmod 700 "$pgdata"
  rm -f "$pgdata/backup_manifest" "$pgdata/postmaster.pid"
  touch "$pgdata/recovery.signal"
  cat >>"$pgdata/postgresql.auto.conf" <<EOF
# point-in-time recovery (deploy/postgres/pitr.sh restore)
restore_command = 'cp $archive/%f %p'
recovery_target_time = '$target_time'
recovery_target_action = 'promote'
EOF
  echo "$pgdata recovers to $target_time when started"
}

# --- the drill -----------------------------------------------------------------------------------

drill() {
  local work owner=() port1 port2
  work="$(mktemp -d /tmp/vakants-pitr-drill.XXXXXX)"
  if [ "$(id -u)" = 0 ]; then
    chown postgres: "$work"
    owner=(runuser -u postgres --)
  fi
  trap 'for d in primary restored; do [ -f "'"$work"'/$d/postmaster.pid" ] && "${owner[@]}" "'"$BIN"'/pg_ctl" -D "'"$work"'/$d" -m immediate stop >/dev/null 2>&1; done; rm -rf "'"$work"'"' EXIT
  port1=$((20000 + RANDOM % 20000)); port2=$((port1 + 1))
  as_owner() { "${owner[@]}" "$@"; }
  sql() { as_owner "$BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$work" -p "$1" -U postgres -d postgres -Atc "$2"; }

  as_owner mkdir -p "$work/archive" "$work/backups"
  as_owner "$BIN/initdb" -D "$work/primary" -U postgres --auth=trust >/dev/null
  { archive_settings "$work/archive"; echo "listen_addresses = ''"; echo "unix_socket_directories = '$work'"; echo "port = $port1"; } \
    | as_owner tee -a "$work/primary/postgresql.conf" >/dev/null
  as_owner "$BIN/pg_ctl" -D "$work/primary" -l "$work/primary.log" -w start >/dev/null

  sql "$port1" "create table drill (n int primary key, at timestamptz not null default clock_timestamp())"
  sql "$port1" "insert into drill (n) select generate_series(1, 100)"
  local base
  base="$(PGHOST="$work" PGPORT="$port1" PGUSER=postgres as_owner bash "$0" base-backup "$work/backups" | tail -1)"
  sql "$port1" "insert into drill (n) select generate_series(101, 200)"
  local target
  target="$(sql "$port1" "select clock_timestamp()")"
  sleep 1.1
  sql "$port1" "insert into drill (n) select generate_series(201, 300)"
  # close the segment holding the last commits and wait until it is archived
  local segment
  segment="$(sql "$port1" "select pg_walfile_name(pg_switch_wal())")"
  for _ in $(seq 1 100); do
    [ -f "$work/archive/$segment" ] && break
    sleep 0.1
  done
  [ -f "$work/archive/$segment" ] || die "drill: $segment was not archived (see $work/primary.log)"
  as_owner "$BIN/pg_ctl" -D "$work/primary" -m fast -w stop >/dev/null

  as_owner bash "$0" restore "$base" "$work/archive" "$target" "$work/restored" >/dev/null
  { echo "port = $port2"; echo "archive_mode = off"; } | as_owner tee -a "$work/restored/postgresql.auto.conf" >/dev/null
  as_owner "$BIN/pg_ctl" -D "$work/restored" -l "$work/restored.log" -w -t 60 start >/dev/null
  for _ in $(seq 1 100); do
    [ "$(sql "$port2" "select pg_is_in_recovery()")" = f ] && break
    sleep 0.1
  done
  local found
  found="$(sql "$port2" "select count(*) || ' ' || max(n) from drill")"
  as_owner "$BIN/pg_ctl" -D "$work/restored" -m fast -w stop >/dev/null
  [ "$found" = "200 200" ] || die "drill: the cluster recovered to $target holds $found (count, max) rows, expected 200 200"
  echo "PITR drill passed ($("$BIN/postgres" --version)): base backup at 100 rows, recovered to $target with 200 rows, the 100 rows after it absent"
}

case "${1:-}" in
  archive-settings) [ $# -eq 2 ] || die "usage: pitr.sh archive-settings ARCHIVE_DIR"; archive_settings "$2" ;;
  base-backup) [ $# -eq 2 ] || die "usage: pitr.sh base-backup BACKUP_DIR"; base_backup "$2" ;;
  restore) [ $# -eq 5 ] || die "usage: pitr.sh restore BASE_DIR ARCHIVE_DIR TARGET_TIME NEW_PGDATA"; restore "$2" "$3" "$4" "$5" ;;
  drill) drill ;;
  *) die "usage: pitr.sh archive-settings|base-backup|restore|drill (see the head of this file)" ;;
esac
