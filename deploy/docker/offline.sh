#!/usr/bin/env bash
# docker-compose.yml, run for real on a machine that reaches Debian's archive and the npm registry
# but no image registry (this project's CI machine). Not how users run compose: they use
# docker-compose.yml alone, with the real images (README).
#   deploy/docker/offline.sh up [compose up options, e.g. --scale items=3]
#   deploy/docker/offline.sh down            removes its containers, networks and volumes
#   deploy/docker/offline.sh stop            removes its containers and networks, keeps the volumes
#   deploy/docker/offline.sh images          builds the images only
#   deploy/docker/offline.sh compose ARGS…   any other compose command on the same project
# `up` starts the Docker engine if none answers, builds the stand-ins for the third-party images
# (deploy/docker/stand-ins, on a Debian root made by debootstrap) and the product's images (the
# Dockerfile users build, on those bases), runs `compose up --build -d` with docker-compose.yml and
# compose.offline.yml, waits until every container is healthy and prints the URL.
# Variables given to `up` that compose.offline.yml names (REGISTRATIONS_PER_IP, …) reach the apps.
# SKIP_IMAGES=1: `up` builds nothing and runs `compose up -d` with the images there are.
# The generated secrets (.env for compose) are kept in deploy/docker/.offline, so volumes made by one
# `up` are opened by the next.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd -P)"
root="$(cd "$here/../.." && pwd -P)"
state="$here/.offline"
cd "$root"

# Debian's docker client: it builds with BuildKit without the buildx plugin.
export PATH="/usr/bin:/usr/sbin:$PATH" DOCKER_BUILDKIT=1 COMPOSE_DOCKER_CLI_BUILD=1
export COMPOSE_PROJECT_NAME="${COMPOSE_PROJECT_NAME:-garage}"
CA_BUNDLE="${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}"
HEALTH_TIMEOUT="${HEALTH_TIMEOUT:-300}"

log() { printf '[offline %s] %s\n' "$(date +%T)" "$*" >&2; }

# Compose v2 where it is installed; else Debian's docker-compose 1.29, which does not know the
# top-level `name:` key (COMPOSE_PROJECT_NAME says the same), so it reads a copy without that line.
compose_cmd() {
  if docker compose version >/dev/null 2>&1; then
    docker compose --env-file "$state/env" -f docker-compose.yml -f deploy/docker/compose.offline.yml "$@"
  else
    sed '/^name: /d' docker-compose.yml >"$state/docker-compose.yml"
    docker-compose --project-directory "$root" --env-file "$state/env" -f "$state/docker-compose.yml" -f deploy/docker/compose.offline.yml "$@"
  fi
}

start_engine() {
  docker info >/dev/null 2>&1 && return 0
  log 'starting dockerd'
  mkdir -p "$state"
  (setsid dockerd >"$state/dockerd.log" 2>&1 &)
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && return 0
    sleep 1
  done
  log "dockerd did not answer within 60 s (see $state/dockerd.log)"
  return 1
}

write_env() {
  mkdir -p "$state"
  [ -s "$state/env" ] && return 0
  log "writing $state/env (generated secrets)"
  local secret
  secret() { od -An -N24 -tx1 /dev/urandom | tr -d ' \n'; }
  {
    node deploy/token-keys.mjs
    echo "POSTGRES_PASSWORD=$(secret)"
    echo "RABBITMQ_DEFAULT_USER=garage"
    echo "RABBITMQ_DEFAULT_PASS=$(secret)"
    echo "MINIO_ROOT_USER=garage"
    echo "MINIO_ROOT_PASSWORD=$(secret)"
    echo "ALERTS_SECRET=$(secret)"
    echo "PUBLIC_PORT=8080"
  } >"$state/env.tmp"
  mv "$state/env.tmp" "$state/env"
}

# A Debian bookworm root (debootstrap), imported once; every stand-in starts from it.
base_image() {
  docker image inspect garage-local/debian:bookworm >/dev/null 2>&1 && return 0
  local dir
  dir="$(mktemp -d /var/tmp/garage-debian.XXXXXX)"
  log "debootstrap bookworm into $dir"
  debootstrap --variant=minbase bookworm "$dir" http://deb.debian.org/debian >"$state/debootstrap.log" 2>&1 ||
    { log "debootstrap failed (see $state/debootstrap.log)"; rm -rf "$dir"; return 1; }
  rm -rf "$dir"/var/cache/apt/archives/*.deb "$dir"/var/lib/apt/lists/*
  tar -C "$dir" -c . | docker import - garage-local/debian:bookworm >/dev/null
  rm -rf "$dir"
}

build() {
  log "docker build $*"
  docker build --progress=plain "$@" >>"$state/build.log" 2>&1 || { tail -n 40 "$state/build.log" >&2; log "build failed: $* (see $state/build.log)"; return 1; }
}

# Several builds at once, each with its own log: most of a build waits on the network (apt, npm)
# or on one core, so two cores carry several; BuildKit runs a stage they share only once.
# Each argument is one build's arguments in a single string (no spaces inside a value).
build_parallel() {
  local pids=() logs=() failed=0 i=0 spec
  for spec in "$@"; do
    i=$((i + 1))
    logs+=("$state/build.$i.log")
    log "docker build $spec"
    # shellcheck disable=SC2086
    docker build --progress=plain $spec >"$state/build.$i.log" 2>&1 &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then
      failed=1
      tail -n 40 "${logs[$i]}" >&2
      log "build failed: ${*:$((i + 1)):1} (see ${logs[$i]})"
    fi
    cat "${logs[$i]}" >>"$state/build.log"
  done
  return "$failed"
}

images() {
  start_engine
  write_env
  mkdir -p "$state"
  : >"$state/build.log"
  base_image
  local stand_ins=deploy/docker/stand-ins
  build_parallel \
    "--target node -t garage-local/node:24.11.1-bookworm-slim $stand_ins" \
    "--target nginx -t garage-local/nginx-unprivileged:1.28.0 $stand_ins" \
    "--target postgres -t garage-local/postgres:15.14 $stand_ins" \
    "--target rabbitmq -t garage-local/rabbitmq:3.13.7-management $stand_ins" \
    "--target redis -t garage-local/redis:7.4.5 $stand_ins" \
    "--target tools -t garage-local/tools:1 $stand_ins"
  # The product's images, from the Dockerfile users build. npm inside the build trusts this
  # machine's CA through a build secret, so the CA is in no image; compose's own build below then
  # finds every step in the cache. The shared stage (every workspace built) goes first, alone; the
  # apps then only gather their files from it.
  local bases="--build-arg NODE_IMAGE=garage-local/node:24.11.1-bookworm-slim --build-arg NGINX_IMAGE=garage-local/nginx-unprivileged:1.28.0"
  local secret="--secret id=npm-ca,src=$CA_BUNDLE"
  local version="${GARAGE_VERSION:-1.0.0}"
  build --target build $bases $secret .
  local specs=("--target web $bases $secret -t garage/web:$version .") app
  # The gateway and every folder under services/: a new service's image is built as soon as it exists.
  for app in gateway $(ls -d services/*/ | sed 's#/$##'); do
    specs+=("--target service $bases $secret --build-arg APP=$app -t garage/$(basename "$app"):$version .")
  done
  build_parallel "${specs[@]}"
}

wait_healthy() {
  local deadline=$((SECONDS + HEALTH_TIMEOUT)) ids states unhealthy
  while :; do
    ids="$(compose_cmd ps -q 2>/dev/null)"
    unhealthy=""
    for id in $ids; do
      states="$(docker inspect -f '{{.Name}} {{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}} {{.State.ExitCode}} {{.HostConfig.RestartPolicy.Name}}' "$id")"
      set -- $states
      case "$2/$3" in
        running/healthy | running/none) ;;
        # A one-shot job (no restart policy, e.g. the bucket creation) is done once it exited; one
        # that failed on the first `up` keeps its dependants from starting, which shows here anyway.
        exited/none) [ "$4" = 0 ] || [ "${5:-no}" = no ] || unhealthy="$unhealthy $1(exit $4)" ;;
        *) unhealthy="$unhealthy $1($2/$3)" ;;
      esac
    done
    if [ -n "$ids" ] && [ -z "$unhealthy" ]; then return 0; fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      log "not healthy after ${HEALTH_TIMEOUT}s:$unhealthy"
      compose_cmd ps >&2 || true
      return 1
    fi
    sleep 2
  done
}

up() {
  local started=$SECONDS build=--build
  if [ "${SKIP_IMAGES:-}" = 1 ]; then
    start_engine
    write_env
    build=--no-build
  else
    images
    log "images ready after $((SECONDS - started)) s"
  fi
  local up_started=$SECONDS
  compose_cmd up "$build" -d "$@" >>"$state/build.log" 2>&1 || { tail -n 40 "$state/build.log" >&2; log 'compose up failed'; return 1; }
  wait_healthy
  log "healthy $((SECONDS - up_started)) s after compose up ($((SECONDS - started)) s in all)"
  echo "http://127.0.0.1:${PUBLIC_PORT:-8080}"
}

command="${1:-}"
shift || true
case "$command" in
  up) up "$@" ;;
  images) images ;;
  down)
    docker info >/dev/null 2>&1 || exit 0
    [ -s "$state/env" ] || exit 0
    compose_cmd down --volumes --remove-orphans --timeout 20
    ;;
  stop)
    docker info >/dev/null 2>&1 || exit 0
    compose_cmd down --remove-orphans --timeout 20
    ;;
  wait) wait_healthy ;;
  compose) compose_cmd "$@" ;;
  *)
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
    ;;
esac
