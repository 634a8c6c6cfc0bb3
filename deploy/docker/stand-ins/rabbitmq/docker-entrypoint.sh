#!/bin/sh
# The official rabbitmq image's start-up: RABBITMQ_DEFAULT_USER/PASS become the first user (taken
# only when the node's database is new), reachable from other hosts; the server runs as `rabbitmq`.
set -eu
if [ "$1" = rabbitmq-server ]; then
  {
    echo "default_user = ${RABBITMQ_DEFAULT_USER:-guest}"
    echo "default_pass = ${RABBITMQ_DEFAULT_PASS:-guest}"
    echo 'loopback_users = none'
    echo 'listeners.tcp.default = 5672'
  } > /etc/rabbitmq/rabbitmq.conf
  chown -R rabbitmq:rabbitmq /var/lib/rabbitmq /etc/rabbitmq
  if [ "$(id -u)" = 0 ]; then
    exec setpriv --reuid=rabbitmq --regid=rabbitmq --init-groups env HOME=/var/lib/rabbitmq /usr/lib/rabbitmq/bin/rabbitmq-server
  fi
  exec /usr/lib/rabbitmq/bin/rabbitmq-server
fi
exec "$@"
