#!/bin/sh
# A dump of the whole database in PostgreSQL's custom format (pg_restore reads it), named by the time,
# then dumps older than KEEP_DAYS removed. Connection from the usual PG* variables (PGDATABASE...).
set -eu
: "${BACKUP_DIR:=/var/backups/gaininggrounds}" "${KEEP_DAYS:=14}" "${PGDATABASE:=gaininggrounds}"
export PGDATABASE
mkdir -p "$BACKUP_DIR"
target="$BACKUP_DIR/$PGDATABASE-$(date -u +%Y%m%dT%H%M%SZ).dump"
pg_dump --format=custom --file="$target.partial"
mv "$target.partial" "$target"  # a dump cut short never looks like a backup
find "$BACKUP_DIR" -name "$PGDATABASE-*.dump" -mtime +"$KEEP_DAYS" -delete
echo "$target"
