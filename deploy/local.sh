#!/usr/bin/env bash
# The compose stack as local processes on loopback ports, without containers:
# a private redis-server (AOF, appendfsync always), REPLICAS `signoria serve`
# (1 or 2; default 2) on it, and nginx running deploy/nginx/signoria.conf.template
# rendered with their addresses. Prints the addresses; Ctrl-C stops everything.
#
#   cargo build --release -p signoria-cli && deploy/local.sh
#
# Needs redis-server, nginx and envsubst (Debian: redis-server, nginx-light,
# gettext-base). SIGNORIA_BIN overrides the binary (default target/release/signoria,
# or $CARGO_TARGET_DIR/release/signoria).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
replicas=${REPLICAS:-2}
[ "$replicas" = 1 ] || [ "$replicas" = 2 ] || { echo "REPLICAS must be 1 or 2" >&2; exit 2; }
bin=${SIGNORIA_BIN:-${CARGO_TARGET_DIR:-$root/target}/release/signoria}
[ -x "$bin" ] || { echo "$bin not found: cargo build --release -p signoria-cli" >&2; exit 1; }
for cmd in redis-server redis-cli nginx envsubst python3; do
  command -v "$cmd" >/dev/null || { echo "$cmd not found" >&2; exit 1; }
done

# shellcheck source=scripts/figures-lib.sh
. "$root/scripts/figures-lib.sh"
trap 'exit 0' INT TERM

start_redis

export SIGNORIA_TOKEN_SECRET=${SIGNORIA_TOKEN_SECRET:-$(head -c 32 /dev/urandom | base64)}
addrs=()
for i in $(seq "$replicas"); do
  port=$(free_port)
  SIGNORIA_LISTEN=127.0.0.1:$port SIGNORIA_REDIS=redis://127.0.0.1:$redis_port \
    SIGNORIA_MAX_CONNECTION_AGE=300 "$bin" serve >"$dir/signoria-$i.out" 2>"$dir/signoria-$i.log" &
  pids+=($!)
  addrs+=("127.0.0.1:$port")
done
for i in $(seq "$replicas"); do
  for _ in $(seq 100); do grep -q '^listening on' "$dir/signoria-$i.out" && break; sleep 0.1; done
done

# With one replica the gateway's two upstream servers are the same replica.
export SIGNORIA_REPLICA_1=${addrs[0]} SIGNORIA_REPLICA_2=${addrs[$((replicas - 1))]}
export SIGNORIA_GATEWAY_GRPC_LISTEN=127.0.0.1:$(free_port) SIGNORIA_GATEWAY_WEB_LISTEN=127.0.0.1:$(free_port)
envsubst '${SIGNORIA_GATEWAY_GRPC_LISTEN} ${SIGNORIA_GATEWAY_WEB_LISTEN} ${SIGNORIA_REPLICA_1} ${SIGNORIA_REPLICA_2}' \
  <"$root/deploy/nginx/signoria.conf.template" >"$dir/signoria.conf"
cat >"$dir/nginx.conf" <<NGINX
daemon off;
worker_processes auto;
pid $dir/nginx.pid;
error_log $dir/nginx-error.log;
events { worker_connections 4096; }
http {
    client_body_temp_path $dir/tmp-body;
    proxy_temp_path $dir/tmp-proxy;
    fastcgi_temp_path $dir/tmp-fastcgi;
    uwsgi_temp_path $dir/tmp-uwsgi;
    scgi_temp_path $dir/tmp-scgi;
    access_log off;
    include $dir/signoria.conf;
}
NGINX
nginx -p "$dir" -e "$dir/nginx-error.log" -c "$dir/nginx.conf" &
pids+=($!)

echo "redis        redis://127.0.0.1:$redis_port (AOF, appendfsync always)"
for i in $(seq "$replicas"); do echo "replica $i    http://${addrs[$((i - 1))]}"; done
echo "gateway gRPC http://$SIGNORIA_GATEWAY_GRPC_LISTEN"
echo "grpc-web     http://$SIGNORIA_GATEWAY_WEB_LISTEN"
echo "logs         $dir"
wait
