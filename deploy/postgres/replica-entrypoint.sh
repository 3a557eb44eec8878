#!/usr/bin/env bash
# The read replica: on first start it copies the primary (pg_basebackup -R writes the standby
# settings), then runs as a hot standby that DATABASE_READ_URL points at.
set -euo pipefail
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -h postgres -U "$POSTGRES_USER"; do sleep 1; done
  PGPASSWORD="$REPLICATION_PASSWORD" pg_basebackup -h postgres -U replicator -D "$PGDATA" -R -X stream -P
  chmod 0700 "$PGDATA"
fi
exec postgres -c hot_standby=on
