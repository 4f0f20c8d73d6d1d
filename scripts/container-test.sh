#!/usr/bin/env bash
# `npm run test:container`: the image built from the project's Dockerfile and run for real with podman, on a
# machine that reaches no container registry (container/base-images.sh makes the base images the first time).
#   1. the image: its size (at most 300 MB), its user (uid 1000), nothing writable but /data and the
#      temporary folders, no compilers, npm or development packages;
#   2. one container on SQLite with a volume and a read-only root: health check, a school registered and a
#      student added, a restart that keeps them, SIGTERM answered by a clean exit within the grace period;
#   3. compose.yaml on PostgreSQL: a record written through one replica is read through the other.
# Everything it made (containers, volumes, the test image) is removed at the end; the base images stay.
set -euo pipefail
cd "$(dirname "$0")/.."
export CONTAINERS_CONF="$PWD/container/podman/containers.conf"
export CONTAINERS_STORAGE_CONF="$PWD/container/podman/storage.conf"
started=$(date +%s)
step() { echo "==> $1 ($(($(date +%s) - started)) s)"; }
fail() { echo "container test failed: $1" >&2; exit 1; }
# Without systemd podman cannot time health checks and says so at every start; the test runs them itself.
no_timer_notice() { grep -v 'unable to get systemd connection' >&2 || true; }

missing=0
# netavark sets up the containers' network with iptables, which Debian does not pull in without recommends.
for tool in podman runc debootstrap podman-compose iptables; do command -v $tool > /dev/null || missing=1; done
[ -x /usr/lib/podman/netavark ] || missing=1
if [ $missing = 1 ]; then
  step "Installing podman, runc, netavark, iptables, podman-compose and debootstrap from Debian's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    podman runc netavark aardvark-dns iptables podman-compose debootstrap uidmap > /dev/null
fi

step "Base images"
bash container/base-images.sh

image=localhost/school-admin:container-test
project=school-container-test
single=$project-single
state=$(mktemp)
secret=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
compose() {
  APP_IMAGE=$image PUBLIC_URL=http://127.0.0.1 SESSION_SECRET=$secret POSTGRES_PASSWORD=$secret \
    APP1_PORT=$app1_port APP2_PORT=$app2_port podman-compose --project-name $project -f compose.yaml "$@"
}
cleanup() {
  podman rm -f -t 0 $single > /dev/null 2>&1 || true
  podman volume rm -f $single-data > /dev/null 2>&1 || true
  podman network rm -f $single-net > /dev/null 2>&1 || true
  compose down -v > /dev/null 2>&1 || true
  podman volume rm -f ${project}_database ${project}_uploads > /dev/null 2>&1 || true
  podman rmi -f $image > /dev/null 2>&1 || true
  rm -f "$state"
}
free_port() { node -e 's=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
single_port=$(free_port)
app1_port=$(free_port)
app2_port=$(free_port)
trap cleanup EXIT

# Runs the image's own health check until it passes (podman keeps no timer for it here).
wait_healthy() {
  for _ in $(seq 1 60); do
    if podman healthcheck run "$1" > /dev/null 2>&1; then return 0; fi
    if [ "$(podman inspect --format '{{.State.Running}}' "$1")" != true ]; then
      podman logs "$1" | tail -n 20
      fail "$1 stopped before it was healthy"
    fi
    sleep 1
  done
  podman logs "$1" | tail -n 20
  fail "$1 was not healthy within 60 s"
}

step "Building the image from the Dockerfile"
# A machine whose traffic passes a TLS-inspecting proxy hands its certificates to the build's npm.
build_options=()
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  build_options=(--volume "$NODE_EXTRA_CA_CERTS:/run/build-ca.crt:ro" --build-arg NODE_EXTRA_CA_CERTS=/run/build-ca.crt)
fi
podman build --quiet --format docker --network host "${build_options[@]}" -t $image . > /dev/null
size=$(podman image inspect --format '{{.Size}}' $image)
echo "image size: $((size / 1000000)) MB"
[ "$size" -le 300000000 ] || fail "the image is $((size / 1000000)) MB, over 300 MB"

step "What the image holds"
[ "$(podman run --rm --entrypoint id $image -u 2> >(no_timer_notice))" = 1000 ] || fail "the image does not run as uid 1000"
podman run --rm --entrypoint /bin/sh $image -c '
  for tool in npm npx gcc g++ cc make python3; do
    if command -v $tool > /dev/null; then echo "$tool is in the image"; exit 1; fi
  done
  for package in typescript vitest @playwright/test eslint vite; do
    if [ -e node_modules/$package ]; then echo "the development package $package is in the image"; exit 1; fi
  done
  [ ! -e /usr/local/include/node ] || { echo "Node headers are in the image"; exit 1; }
  writable=$(find / -xdev -writable ! -type l ! -path "/proc/*" ! -path "/sys/*" ! -path "/dev/*" ! -path "/data*" \
    ! -path "/tmp*" ! -path "/var/tmp*" ! -path "/run/lock*" ! -path "/dev/shm*" 2> /dev/null | head -n 5)
  if [ -n "$writable" ]; then echo "writable outside /data: $writable"; exit 1; fi
' 2> >(no_timer_notice) || fail "the image holds what it should not"

step "One container on SQLite: health, a school and a student"
podman volume create $single-data > /dev/null
# A network of its own: podman's default one may share its subnet with a bridge left by another tool.
podman network create $single-net > /dev/null
podman run -d --name $single --network $single-net --read-only -p 127.0.0.1:$single_port:3000 \
  -v $single-data:/data -e PUBLIC_URL=http://127.0.0.1:$single_port -e SESSION_SECRET=$secret $image \
  > /dev/null 2> >(no_timer_notice)
wait_healthy $single
node container/check-app.mjs write http://127.0.0.1:$single_port "$state"

step "Restart: the student is still there"
podman restart -t 10 $single > /dev/null 2> >(no_timer_notice)
wait_healthy $single
node container/check-app.mjs read http://127.0.0.1:$single_port "$state"

step "SIGTERM: a clean exit within the grace period"
stop_started=$(date +%s%N)
podman stop -t 10 $single > /dev/null
stop_ms=$((($(date +%s%N) - stop_started) / 1000000))
exit_code=$(podman inspect --format '{{.State.ExitCode}}' $single)
echo "stopped in $stop_ms ms with exit code $exit_code"
[ "$exit_code" = 0 ] || fail "the server exited with $exit_code after SIGTERM"
[ "$stop_ms" -lt 10000 ] || fail "the server took $stop_ms ms to stop: podman had to kill it"

step "compose.yaml: PostgreSQL and two replicas"
compose up -d db > /dev/null 2> >(no_timer_notice)
wait_healthy ${project}_db_1
compose up -d --no-deps app1 > /dev/null 2> >(no_timer_notice)
wait_healthy ${project}_app1_1
compose up -d --no-deps app2 > /dev/null 2> >(no_timer_notice)
wait_healthy ${project}_app2_1
node container/check-app.mjs write http://127.0.0.1:$app1_port "$state"
node container/check-app.mjs read http://127.0.0.1:$app2_port "$state"

step "Container test passed"
