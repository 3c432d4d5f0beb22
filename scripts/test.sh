#!/usr/bin/env bash
# The whole test suite, as CI runs it: `scripts/test.sh`. Arguments, if any, replace
# `--workspace` in `cargo test --release` (e.g. `scripts/test.sh -p signoria-engine`).
#
# Before the tests: `cargo fmt --check`, `cargo clippy -D warnings` and the
# proto lint and breaking-change checks (scripts/buf.sh, which installs buf
# from npm on first use).
#
# Starts what the tests need by itself: a private redis-server on a free
# loopback port (installed from the system packages if missing), exported to the
# tests as REDIS_URL and REDIS_SERVER_BIN, and a Redis Cluster on loopback (6
# redis-server processes on free ports, 3 masters and 3 replicas, created with
# `redis-cli --cluster create --cluster-replicas 1`), exported as
# REDIS_CLUSTER_URLS (comma-separated node URLs) and REDIS_CLI_BIN. Tests that
# kill Redis nodes start private ones. Stops them again on exit. Installs nginx
# the same way for the gateway tests (tests/e2e/tests/gateway.rs start their own
# from the shipped deploy/nginx config) and exports it as NGINX_BIN.
set -euo pipefail
cd "$(dirname "$0")/.."

need_pkg() { # command package
  if ! command -v "$1" >/dev/null 2>&1; then
    echo "test.sh: $1 missing, installing $2" >&2
    if [ "$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
    else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null; fi
  fi
}
need_pkg redis-server redis-server
# nginx lives in /usr/sbin, which is not on every user's PATH.
PATH="$PATH:/usr/sbin"
need_pkg nginx nginx

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# A cluster node also listens on its bus port, port + 10000: both must be free
# and the port at most 55535 (the kernel's ephemeral range reaches 60999).
free_cluster_port() {
  python3 -c '
import socket
while True:
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]
    if p > 55535: continue
    b = socket.socket()
    try: b.bind(("127.0.0.1", p + 10000))
    except OSError: continue
    print(p); break'
}

workdir=$(mktemp -d)
port=$(free_port)
redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --dir "$workdir" \
  --daemonize yes --pidfile "$workdir/redis.pid" --logfile "$workdir/redis.log"
cleanup() {
  for pidfile in "$workdir"/redis.pid "$workdir"/cluster-*/redis.pid; do
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
  done
  rm -rf "$workdir"
}
trap cleanup EXIT
for _ in $(seq 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done

# The shared Redis Cluster (about 20 MB and two seconds to create).
cluster_addrs=()
cluster_urls=()
for i in 1 2 3 4 5 6; do
  p=$(free_cluster_port)
  d="$workdir/cluster-$i"
  mkdir -p "$d"
  redis-server --port "$p" --bind 127.0.0.1 --save "" --appendonly no --dir "$d" \
    --cluster-enabled yes --cluster-config-file nodes.conf --cluster-node-timeout 1000 \
    --daemonize yes --pidfile "$d/redis.pid" --logfile "$d/redis.log"
  for _ in $(seq 50); do redis-cli -p "$p" ping >/dev/null 2>&1 && break; sleep 0.1; done
  cluster_addrs+=("127.0.0.1:$p")
  cluster_urls+=("redis://127.0.0.1:$p")
done
redis-cli -p "${cluster_addrs[0]##*:}" --cluster create "${cluster_addrs[@]}" \
  --cluster-replicas 1 --cluster-yes >"$workdir/cluster-create.log"
for _ in $(seq 100); do
  ok=1
  for a in "${cluster_addrs[@]}"; do
    redis-cli -p "${a##*:}" cluster info | grep -q 'cluster_state:ok' || ok=0
  done
  [ "$ok" = 1 ] && break
  sleep 0.1
done
[ "$ok" = 1 ] || { echo "test.sh: the redis cluster did not come up" >&2; exit 1; }

export REDIS_URL="redis://127.0.0.1:$port"
export REDIS_SERVER_BIN="$(command -v redis-server)"
export REDIS_CLI_BIN="$(command -v redis-cli)"
REDIS_CLUSTER_URLS=$(IFS=,; echo "${cluster_urls[*]}")
export REDIS_CLUSTER_URLS
export NGINX_BIN="$(command -v nginx)"
echo "test.sh: redis-server on $REDIS_URL, redis cluster on $REDIS_CLUSTER_URLS, nginx is $NGINX_BIN"

# Cheap checks first: formatting, lints (warnings are errors) and the public
# API's lint and compatibility with the last release (scripts/buf.sh).
cargo fmt --all --check
cargo clippy --workspace --all-targets --release -- -D warnings
scripts/buf.sh check

cargo build --workspace --bins --release
# Run every test, keep the log, and close with the totals over all test binaries
# (cargo prints one "test result" line per binary, the last often a doc-test run
# with nothing in it).
# With no arguments: the whole workspace; otherwise the arguments choose (-p CRATE ...).
[ $# -gt 0 ] || set -- --workspace
set +e
cargo test --release --no-fail-fast "$@" 2>&1 | tee "$workdir/test.log"
status=${PIPESTATUS[0]}
set -e
awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($i ~ /^passed;/) p += $(i-1); if ($i ~ /^failed;/) f += $(i-1) } }
     END { printf "summary: %d passed, %d failed\n", p, f }' "$workdir/test.log"
exit "$status"
