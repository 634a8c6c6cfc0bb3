#!/bin/sh
# The official postgres image's start-up: as root, own the data folder and drop to `postgres`; on an
# empty data folder, initdb with POSTGRES_USER/POSTGRES_PASSWORD, create POSTGRES_DB and run
# /docker-entrypoint-initdb.d on a server only the socket reaches, then start the real server.
set -eu
if [ "${1#-}" != "$1" ]; then set -- postgres "$@"; fi

if [ "$1" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

if [ "$1" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  user="${POSTGRES_USER:-postgres}"
  db="${POSTGRES_DB:-$user}"
  auth="${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}"
  if [ -z "${POSTGRES_PASSWORD:-}" ] && [ "$auth" != trust ]; then
    echo 'Error: the database is uninitialized and POSTGRES_PASSWORD is not set (or set POSTGRES_HOST_AUTH_METHOD=trust).' >&2
    exit 1
  fi
  pwfile="$(mktemp)"
  printf '%s\n' "${POSTGRES_PASSWORD:-}" > "$pwfile"
  if [ -n "${POSTGRES_PASSWORD:-}" ]; then
    initdb --username="$user" --pwfile="$pwfile" --auth-local=trust -D "$PGDATA" ${POSTGRES_INITDB_ARGS:-}
  else
    initdb --username="$user" --auth-local=trust -D "$PGDATA" ${POSTGRES_INITDB_ARGS:-}
  fi
  rm -f "$pwfile"
  printf '\nhost all all all %s\n' "$auth" >> "$PGDATA/pg_hba.conf"
  printf "\nlisten_addresses = '*'\n" >> "$PGDATA/postgresql.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
  if [ "$db" != postgres ]; then
    psql -v ON_ERROR_STOP=1 --username "$user" --dbname postgres -c "CREATE DATABASE \"$db\""
  fi
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sh) . "$f" ;;
      *.sql) psql -v ON_ERROR_STOP=1 --username "$user" --dbname "$db" -f "$f" ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop
  echo 'PostgreSQL init process complete; ready for start up.'
fi

exec "$@"
