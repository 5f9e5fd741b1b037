#!/usr/bin/env bash
# A backup of the Folio team server's database: one pg_dump in the custom format (-Fc: compressed, restored with
# pg_restore, a table alone if need be), named by the UTC time it was taken; after a good dump, dumps older than
# KEEP_DAYS days are removed. Run nightly by folio-backup.timer, or by hand before an upgrade.
# docs/deployment.md, "Backups" (also: restoring into a fresh database).
#
# Where to connect: FOLIO_PG_URL (the server's own setting, from /etc/folio/folio.env), else libpq's own PGHOST,
# PGPORT, PGUSER, PGDATABASE, ~/.pgpass (as the postgres user on the database machine no password is needed).
#   BACKUP_DIR   where the dumps go (default /var/lib/folio-backups)
#   KEEP_DAYS    how many days of dumps to keep (default 14; 0 keeps them all)
# pg_dump must be of the server's major version or newer: an older pg_dump refuses a newer server.
set -euo pipefail
umask 077

backup_dir=${BACKUP_DIR:-/var/lib/folio-backups}
keep_days=${KEEP_DAYS:-14}
if ! [[ $keep_days =~ ^[0-9]+$ ]]; then
  echo "backup.sh: KEEP_DAYS must be a whole number of days, not '$keep_days'" >&2
  exit 2
fi

target=()
if [[ -n ${FOLIO_PG_URL:-} ]]; then
  url=$FOLIO_PG_URL
  # The password goes to pg_dump in its environment (PGPASSWORD, readable by this user and root only), not in
  # the URL on its command line, which every local user can read in `ps`. URLs percent-encode it; libpq would
  # decode it, so this does too.
  if [[ $url =~ ^(postgres(ql)?://)([^:@/]*):([^@/]*)@(.*)$ ]]; then
    encoded=${BASH_REMATCH[4]//\\/\\\\}
    PGPASSWORD=$(printf '%b' "${encoded//%/\\x}")
    export PGPASSWORD
    url="${BASH_REMATCH[1]}${BASH_REMATCH[3]}@${BASH_REMATCH[5]}"
  fi
  target=(--dbname="$url")
fi

mkdir -p -- "$backup_dir"
stamp=$(date -u +%Y-%m-%dT%H%M%SZ)
final="$backup_dir/folio-$stamp.dump"
# two dumps in one second (by hand, next to the timer's) each keep their own name
for ((n = 1; ; n++)); do [[ -e $final || -e $final.partial ]] || break; final="$backup_dir/folio-$stamp-$n.dump"; done
partial="$final.partial"
trap 'rm -f -- "$partial"' EXIT

pg_dump --format=custom "${target[@]}" --file="$partial"
# A dump pg_restore cannot read is no backup: checked before it takes a backup's name, and on disk before the
# older ones go.
pg_restore --list "$partial" >/dev/null
sync "$partial"
mv -- "$partial" "$final"
trap - EXIT
echo "backup.sh: wrote $final ($(du -h -- "$final" | cut -f1))"

if ((keep_days > 0)); then
  # -mtime +N is "more than N whole days old": this keeps the dumps of the last KEEP_DAYS days.
  find "$backup_dir" -maxdepth 1 -type f -name 'folio-*.dump' -mtime "+$((keep_days - 1))" -print -delete |
    sed 's/^/backup.sh: removed /'
fi
