#!/bin/sh
# The official redis image's start-up: as user `redis` in /data, listening on every interface
# (the official build has protected mode off); the command's own options come last and win.
set -eu
if [ "${1#-}" != "$1" ] || [ "${1%.conf}" != "$1" ]; then set -- redis-server "$@"; fi
if [ "$1" = redis-server ]; then
  shift
  if [ "$(id -u)" = 0 ]; then
    chown -R redis:redis /data
    exec setpriv --reuid=redis --regid=redis --init-groups redis-server --bind '* -::*' --protected-mode no --dir /data "$@"
  fi
  exec redis-server --bind '* -::*' --protected-mode no --dir /data "$@"
fi
exec "$@"
