#!/usr/bin/env bash
# The figures of deploy/README.md ("Scale-out figures"), for one game type:
# a private redis-server (AOF, appendfsync always) and one `signoria serve
# --redis` on free loopback ports, then
#   1. `signoria load` closed loop at GAMES games at once with --redis: the
#      saturation rate, the Redis-only ceiling, their ratio, the replica's CPU
#      per move;
#   2. the same open loop (--rate) at half the saturation rate: p50/p99;
#   3. 1,000 games at once: the replica's resident memory.
# Every run's JSON line (`load-result: {...}`) is kept in $OUT (default
# /tmp/load-figures-<game>.txt).
#
#   cargo build --release -p signoria-cli
#   scripts/load-figures.sh lorenzo-il-magnifico [DURATION] [GAMES]
#
# SIGNORIA_BIN overrides the binary; EXTRA_SERVE_ARGS are passed to `serve`
# (e.g. `--state-cache-mib 0` to measure without the state cache).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
game=${1:-lorenzo-il-magnifico}
duration=${2:-10}
games=${3:-64}
bin=${SIGNORIA_BIN:-${CARGO_TARGET_DIR:-$root/target}/release/signoria}
out=${OUT:-/tmp/load-figures-$game.txt}
[ -x "$bin" ] || { echo "$bin not found: cargo build --release -p signoria-cli" >&2; exit 1; }

# shellcheck source=scripts/figures-lib.sh
. "$root/scripts/figures-lib.sh"

start_redis
redis=redis://127.0.0.1:$redis_port

port=$(free_port)
# shellcheck disable=SC2086
SIGNORIA_TOKEN_SECRET=load-figures-secret-0123456789abcdef "$bin" serve \
  --listen "127.0.0.1:$port" --redis "$redis" --log-level warn --public-stats ${EXTRA_SERVE_ARGS:-} \
  >"$dir/serve.out" 2>"$dir/serve.log" &
pids+=($!)
for _ in $(seq 100); do grep -q '^listening on' "$dir/serve.out" && break; sleep 0.1; done
target=127.0.0.1:$port

: >"$out"
run() { # label, load arguments...
  local label=$1
  shift
  echo "== $game: $label" | tee -a "$out"
  "$bin" load --target "$target" --game "$game" "$@" | tee -a "$out"
}

run "saturation, $games games" --duration "$duration" --games "$games" --redis "$redis"
rate=$(grep -o '"moves_per_s":[0-9.]*' "$out" | head -1 | cut -d: -f2)
half=$(python3 -c "print(max(1, round(float('$rate') / 2)))")
run "open loop at half the saturation rate ($half moves/s)" \
  --duration "$duration" --games "$games" --rate "$half"
run "1,000 games at once" --duration "$duration" --games 1000 --connections 8
echo "results in $out"
