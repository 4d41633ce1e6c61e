#!/bin/sh
# A dump of the whole database in PostgreSQL's custom format (pg_restore reads it), named by the time,
# then dumps older than KEEP_DAYS removed. Connection from the usual PG* variables (PGDATABASE...).
set -eu
: "${BACKUP_DIR:=/var/backups/gaininggrounds}" "${KEEP_DAYS:=14}" "${PGDATABASE:=gaininggrounds}"
export PGDATABASE
umask 077  # the dump holds password hashes, sessions and players' keys
mkdir -p "$BACKUP_DIR"
target="$BACKUP_DIR/$PGDATABASE-$(date -u +%Y%m%dT%H%M%SZ).dump"
trap 'rm -f "$target.partial"' EXIT
pg_dump --format=custom --file="$target.partial"
mv "$target.partial" "$target"  # a dump cut short never looks like a backup
# -mtime +N finds files at least N+1 whole days old: keep KEEP_DAYS days.
find "$BACKUP_DIR" -name "$PGDATABASE-*.dump" -mtime +"$((KEEP_DAYS - 1))" -delete
echo "$target"
