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
# tests as REDIS_URL and REDIS_SERVER_BIN. Stops it again on exit. Installs nginx
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

workdir=$(mktemp -d)
port=$(free_port)
redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --dir "$workdir" \
  --daemonize yes --pidfile "$workdir/redis.pid" --logfile "$workdir/redis.log"
cleanup() {
  [ -f "$workdir/redis.pid" ] && kill "$(cat "$workdir/redis.pid")" 2>/dev/null || true
  rm -rf "$workdir"
}
trap cleanup EXIT
for _ in $(seq 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done

export REDIS_URL="redis://127.0.0.1:$port"
export REDIS_SERVER_BIN="$(command -v redis-server)"
export NGINX_BIN="$(command -v nginx)"
echo "test.sh: redis-server on $REDIS_URL, nginx is $NGINX_BIN"

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
